"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import math

from jiyi.bench.stats import Percentiles


def test_percentiles_of_few_values_are_what_there_is():
    assert Percentiles.of([3.0]) == Percentiles(3.0, 3.0, 3.0)
    assert math.isnan(Percentiles.of([]).p95_ms)
    assert Percentiles.of([1.0, 2.0, 3.0]).p50_ms == 2.0
