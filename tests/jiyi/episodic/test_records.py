"""The row codec's numeric side: stored half-precision floats come back as float32."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from jiyi.episodic.records import float32_values


def test_float32_values_widens_half_precision_exactly_and_passes_float32_through():
    rng = np.random.default_rng(0)
    half = rng.standard_normal(1000).astype(np.float16)
    widened = float32_values(pa.array(half))
    assert widened.dtype == np.float32
    np.testing.assert_array_equal(widened, half.astype(np.float32))
    full = rng.standard_normal(10).astype(np.float32)
    np.testing.assert_array_equal(float32_values(pa.array(full)), full)


def test_float32_values_reads_a_slice_of_a_column():
    half = np.arange(12, dtype=np.float16)
    column = pa.FixedSizeListArray.from_arrays(pa.array(half), 3)[1:3]
    np.testing.assert_array_equal(float32_values(column.flatten()), np.arange(3, 9))
