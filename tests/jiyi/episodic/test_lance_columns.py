"""The LanceDB backend keeps its list columns as a string and a binary value, read back as lists."""

from __future__ import annotations

import dataclasses

import lance
import lancedb
import numpy as np
import pyarrow as pa
import pytest

from jiyi.episodic.lance_columns import (
    KEPT_AS,
    from_stored,
    missing_columns,
    stored_schema,
    to_stored,
)
from jiyi.episodic.lancedb_store import TABLE, LanceEpisodicStore
from jiyi.episodic.records import EpisodicInputError, arrow_schema, from_table, to_table
from jiyi.health import skipped_values


def _records(records, make_item, encoder):
    built = records(
        [
            make_item("alice", "I love tea"),
            make_item("alice", "I moved to Lisbon last spring"),
            make_item("alice", "chess on Sundays"),
        ]
    )
    rng = np.random.default_rng(0)
    held = [None, rng.standard_normal((3, 24)), rng.standard_normal((1, 24))]
    evidence = [[], ["s1:t2", "s1:t9"], ["会话:t3"]]
    return [
        dataclasses.replace(
            r,
            event=r.event.model_copy(update={"evidence_turn_ids": e}),
            passages=None if p is None else p.astype(np.float16).astype(np.float32),
        )
        for r, p, e in zip(built, held, evidence, strict=True)
    ]


def _same(got, want):
    assert [g.event for g in got] == [w.event for w in want]
    for g, w in zip(got, want, strict=True):
        if w.passages is None:
            assert g.passages is None
        else:
            np.testing.assert_array_equal(g.passages, w.passages)


def test_rows_read_back_as_they_were_written(encoder, make_item, records):
    schema = arrow_schema(encoder.dimension, encoder.space_id)
    written = _records(records, make_item, encoder)
    rows = to_table(written, schema)
    kept = to_stored(rows, stored_schema(schema))
    assert kept.schema.field("passages_f16").type == pa.large_binary()
    assert kept.column("evidence_turn_ids_json").to_pylist()[:2] == ["", '["s1:t2", "s1:t9"]']
    assert "passages" not in kept.column_names
    # Lance hands back a read in batches: each is decoded on its own
    batches = pa.Table.from_batches(kept.to_batches(max_chunksize=2))
    read = from_stored(batches, schema)
    assert read.schema.names == schema.names
    _same(from_table(read), written)


def test_rows_of_a_table_that_kept_its_lists_pass_unchanged(encoder, make_item, records):
    schema = arrow_schema(encoder.dimension, encoder.space_id)
    rows = to_table(_records(records, make_item, encoder), schema)
    assert to_stored(rows, schema).equals(rows)
    assert missing_columns(schema) == list(KEPT_AS.values())
    assert missing_columns(stored_schema(schema)) == []


def test_a_row_whose_vectors_differ_in_width_is_refused(encoder, make_item, records):
    schema = arrow_schema(encoder.dimension, encoder.space_id)
    rows = to_table(_records(records, make_item, encoder), schema)
    ragged = pa.array([[[0.5, 0.5], [0.5]], None, None], pa.list_(pa.list_(pa.float16())))
    rows = rows.set_column(rows.schema.get_field_index("passages"), "passages", ragged)
    with pytest.raises(EpisodicInputError, match="width"):
        to_stored(rows, stored_schema(schema))


def test_a_value_no_write_could_have_made_is_read_as_none_and_counted(encoder, make_item, records):
    schema = arrow_schema(encoder.dimension, encoder.space_id)
    written = _records(records, make_item, encoder)
    kept = to_stored(to_table(written, schema), stored_schema(schema))
    cut = kept.column("passages_f16").to_pylist()
    cut[1] = cut[1][:-3]  # cut short
    broken = ["", "[not json", '["s:t3"]']
    kept = kept.set_column(
        kept.schema.get_field_index("passages_f16"),
        "passages_f16",
        pa.array(cut, pa.large_binary()),
    ).set_column(
        kept.schema.get_field_index("evidence_turn_ids_json"),
        "evidence_turn_ids_json",
        pa.array(broken),
    )
    before = skipped_values()
    got = from_table(from_stored(kept, schema))
    assert got[1].passages is None
    assert got[1].event.evidence_turn_ids == []
    np.testing.assert_array_equal(got[2].passages, written[2].passages)
    assert got[2].event.evidence_turn_ids == ["s:t3"]
    after = skipped_values()
    for kind in ("event_passages", "event_evidence"):
        assert after.get(kind, 0) == before.get(kind, 0) + 1


def test_a_new_store_keeps_the_string_and_binary_forms(tmp_path, encoder, make_item, records):
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    written = _records(records, make_item, encoder)
    store.upsert(written)
    stored = store._latest().schema
    assert {"passages_f16", "evidence_turn_ids_json"} <= set(stored.names)
    assert not {"passages", "evidence_turn_ids"} & set(stored.names)
    assert stored.field("passages_f16").metadata == KEPT_AS["passages"].metadata
    _same(from_table(store.scan("alice")), written)
    got = store.get("alice", written[1].event.event_id)
    assert got is not None
    assert got.event.evidence_turn_ids == ["s1:t2", "s1:t9"]


def test_a_table_written_with_lists_is_moved_to_the_kept_forms_and_keeps_its_rows(
    tmp_path, encoder, make_item, records
):
    path = tmp_path / "episodic"
    schema = arrow_schema(encoder.dimension, encoder.space_id)
    written = _records(records, make_item, encoder)
    lancedb.connect(str(path)).create_table(TABLE, to_table(written[:2], schema), schema=schema)
    store = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    stored = store._latest().schema
    assert missing_columns(stored) == []
    assert not {"passages", "evidence_turn_ids"} & set(stored.names)
    assert stored.field("passages_f16").metadata == KEPT_AS["passages"].metadata
    store.upsert(written[2:])
    _same(from_table(store.scan("alice")), written)


def test_a_table_another_process_has_not_moved_yet_is_read_and_written(
    tmp_path, encoder, make_item, records, monkeypatch
):
    path = tmp_path / "episodic"
    schema = arrow_schema(encoder.dimension, encoder.space_id)
    written = _records(records, make_item, encoder)
    lancedb.connect(str(path)).create_table(TABLE, to_table(written[:1], schema), schema=schema)
    # a handle opened while another process had not moved the table yet: only the move is
    # left out, every read and write below runs on the real table
    monkeypatch.setattr(LanceEpisodicStore, "_upgrade_list_columns", lambda self: None)
    store = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    store.upsert(written[1:])
    assert "passages" in store._latest().schema.names
    _same(from_table(store.scan("alice")), written)
    monkeypatch.undo()
    moved = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    assert missing_columns(moved._latest().schema) == []
    _same(from_table(moved.scan("alice")), written)
    _same(from_table(store.scan("alice")), written)  # the first handle reads the moved table


def test_list_columns_left_by_a_move_cut_short_are_dropped_on_open(
    tmp_path, encoder, make_item, records
):
    path = tmp_path / "episodic"
    written = _records(records, make_item, encoder)
    LanceEpisodicStore(path, encoder.space_id, encoder.dimension).upsert(written)
    schema = arrow_schema(encoder.dimension, encoder.space_id)
    dataset = lance.dataset(str(path / f"{TABLE}.lance"))
    dataset.add_columns(
        [schema.field("passages"), schema.field("evidence_turn_ids").with_nullable(True)]
    )
    # the old columns hold nothing: a read takes the kept forms, which hold the rows
    _same(from_table(from_stored(lance.dataset(dataset.uri).to_table(), schema)), written)
    store = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    assert not {"passages", "evidence_turn_ids"} & set(store._latest().schema.names)
    _same(from_table(store.scan("alice")), written)
