"""The row codec: stored half-precision floats come back as float32, and a recall's hits are
rebuilt from their events' own columns."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from jiyi.episodic.records import (
    EVENT_COLUMNS,
    arrow_schema,
    float32_values,
    from_table,
    indexed_events,
    to_table,
)


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


def test_to_table_writes_vectors_in_the_schemas_precision(encoder, make_item, records):
    """Half precision for new tables, float32 for a table written before (LanceDB keeps its
    type; Weaviate's scans rebuild rows through here)."""
    (record,) = records([make_item("alice", "I love hiking in the Alps")])
    for precision in (pa.float16(), pa.float32()):
        table = to_table([record], arrow_schema(encoder.dimension, encoder.space_id, precision))
        assert table.schema.field("vector").type.value_type == precision
        (back,) = from_table(table)
        np.testing.assert_allclose(back.vector, record.vector, atol=1e-3)


def test_indexed_events_rebuild_each_event_from_its_own_columns_alone(encoder, make_item, records):
    """A recall takes only an event's columns of its hits (`EVENT_COLUMNS`), no vectors: the
    events are the ones a whole row gives back."""
    items = [make_item("alice", "I love hiking in the Alps"),
             make_item("alice", "我喜欢喝绿茶", turn="t2")]  # fmt: skip
    table = to_table(records(items), arrow_schema(encoder.dimension, encoder.space_id))
    assert set(EVENT_COLUMNS) <= set(table.column_names)
    alone = indexed_events(table.select(list(EVENT_COLUMNS)))
    assert [row for row, _ in alone] == [0, 1]
    assert [event for _, event in alone] == [record.event for record in from_table(table)]
