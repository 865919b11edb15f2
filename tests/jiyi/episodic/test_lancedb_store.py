"""LanceDB specifics: the table remembers its embedding space; indexes after bulk loads."""

from __future__ import annotations

import dataclasses

import lancedb
import numpy as np
import pyarrow as pa
import pytest

from jiyi.episodic.lancedb_store import (
    COMPACT_EVERY_WRITES,
    LARGEST_FRAGMENT,
    SMALLEST_FRAGMENT,
    TABLE,
    TIER_RATIO,
    LanceEpisodicStore,
    compaction_target,
    rows_by_user,
)
from jiyi.episodic.records import PASSAGES_COLUMN, EpisodicInputError, arrow_schema, to_table
from jiyi.episodic.retrieval import vector_matrix
from models.embedder import SpaceMismatchError
from models.hashing import HashingEncoder


def test_reopening_with_another_model_raises_and_keeps_the_data(
    tmp_path, encoder, make_item, records
):
    path = tmp_path / "episodic"
    store = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    store.upsert(records([make_item("alice", "I love tea")]))
    with pytest.raises(SpaceMismatchError, match="re-embed"):
        LanceEpisodicStore(path, "packaged:all-MiniLM-L6-v2+base/128", encoder.dimension)
    other = HashingEncoder(64)
    with pytest.raises(SpaceMismatchError):
        LanceEpisodicStore(path, other.space_id, other.dimension)
    reopened = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    assert reopened.count("alice") == 1


def test_optimize_builds_the_user_index_and_queries_still_filter(
    tmp_path, encoder, make_item, records
):
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    items = [make_item(f"u{i % 5}", f"event number {i}") for i in range(50)]
    store.upsert(records(items))
    store.optimize()
    store.optimize()  # idempotent
    assert any(i.columns == ["user_id"] for i in store._table.list_indices())
    assert store.count("u3") == 10
    assert set(store.scan("u3").column("user_id").to_pylist()) == {"u3"}


def test_append_rows_bulk_loads_only_rows_of_this_schema_and_space(
    tmp_path, encoder, make_item, records
):
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    built = records([make_item("alice", "tea"), make_item("bob", "chess")])
    rows = to_table(built, arrow_schema(encoder.dimension, encoder.space_id))
    assert store.append_rows(rows) == 2
    assert store.count("bob") == 1
    with pytest.raises(EpisodicInputError, match="schema"):
        store.append_rows(rows.drop_columns(["summary"]))
    foreign = rows.set_column(
        rows.schema.get_field_index("space_id"),
        rows.schema.field("space_id"),
        pa.array(["other+base/128"] * 2),
    )
    with pytest.raises(SpaceMismatchError):
        store.append_rows(foreign)
    assert store.count() == 2


@pytest.mark.parametrize("others", [1, 350], ids=["own-fragment", "shared-fragment"])
def test_purge_leaves_no_deleted_text_in_any_file(
    tmp_path, encoder, make_item, records, others, monkeypatch
):
    """Erased rows leave every file, the data files and the indexes too, also where they were
    a small share of a fragment (LanceDB's own optimize() left those in place) and the fragment
    is larger than any compaction would merge."""
    monkeypatch.setattr("jiyi.episodic.lancedb_store.SMALLEST_FRAGMENT", 50)
    path = tmp_path / "episodic"
    store = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    bobs = [make_item("bob", f"I love chess, game {i}") for i in range(others)]
    store.upsert(records(bobs[:-1]))
    store.upsert(records([make_item("erased-zq", "I love zebrafinch"), bobs[-1]]))
    store.optimize()  # one fragment of them all, and the indexes, which hold the user id
    assert store._table.stats()["fragment_stats"]["num_fragments"] == 1

    def files_with(needle: bytes) -> list:
        return [p for p in path.rglob("*") if p.is_file() and needle in p.read_bytes()]

    store.delete("erased-zq")
    assert files_with(b"zebrafinch")  # a delete alone leaves the old version's files
    store.purge_deleted()
    assert files_with(b"zebrafinch") == []
    assert files_with(b"erased-zq") == []
    assert store.count("bob") == others
    assert set(store.scan("bob").column("user_id").to_pylist()) == {"bob"}


def test_a_second_handle_sees_another_writers_rows(tmp_path, encoder, make_item, records):
    path = tmp_path / "episodic"
    reader = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    writer = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    writer.upsert(records([make_item("alice", "I love tea")]))
    assert reader.count("alice") == 1


def test_the_store_compacts_itself_as_it_is_written(tmp_path, encoder, make_item, records):
    """Every write adds a fragment, and a read's cost grows with them: the store compacts
    every COMPACT_EVERY_WRITES writes, with no nightly job needed."""
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    writes = 2 * COMPACT_EVERY_WRITES
    for i in range(writes):
        store.upsert(records([make_item(f"u{i % 3}", f"event number {i}")]))
    fragments = store._table.stats()["fragment_stats"]["num_fragments"]
    assert fragments < COMPACT_EVERY_WRITES
    assert any(i.columns == ["user_id"] for i in store._table.list_indices())
    assert store.count() == writes
    assert set(store.scan("u1").column("user_id").to_pylist()) == {"u1"}


def test_compaction_merges_small_fragments_and_leaves_large_ones_alone(
    tmp_path, encoder, make_item, records, monkeypatch
):
    """A run merges fragments under its target only: a big fragment is not rewritten to absorb
    the few rows written since, as LanceDB's optimize() did below a million rows."""
    monkeypatch.setattr("jiyi.episodic.lancedb_store.SMALLEST_FRAGMENT", 50)
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    store.upsert(records([make_item(f"u{i % 4}", f"bulk event {i}") for i in range(120)]))
    (big,) = store._dataset().get_fragments()
    for i in range(COMPACT_EVERY_WRITES - 1):  # the last of them compacts
        store.upsert(records([make_item("alice", f"event number {i}")]))
    fragments = store._dataset().get_fragments()
    assert big.fragment_id in {f.fragment_id for f in fragments}  # untouched
    assert len(fragments) == 2  # the one-row writes, merged into one
    assert store.count() == 120 + COMPACT_EVERY_WRITES - 1
    indexed = {tuple(i.columns) for i in store._table.list_indices()}
    assert {("user_id",), ("event_id",)} <= indexed


def test_compaction_targets_grow_by_tier():
    tier = COMPACT_EVERY_WRITES
    assert compaction_target(tier) == SMALLEST_FRAGMENT
    assert compaction_target(tier * (TIER_RATIO - 1)) == SMALLEST_FRAGMENT
    assert compaction_target(tier * TIER_RATIO) == SMALLEST_FRAGMENT * TIER_RATIO
    assert compaction_target(tier * TIER_RATIO**2) == SMALLEST_FRAGMENT * TIER_RATIO**2
    assert compaction_target(tier * TIER_RATIO**9) == LARGEST_FRAGMENT


def test_an_upsert_updates_in_place_once_both_keys_are_indexed(
    tmp_path, encoder, make_item, records
):
    """Lance's indexed merge path once reported no update for a key column that is not the
    first field: an indexed store must still update, not duplicate."""
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    (first,) = records([make_item("alice", "I love tea")])
    store.upsert([first, *records([make_item("bob", f"event {i}") for i in range(30)])])
    store.optimize()
    changed = dataclasses.replace(
        first, event=first.event.model_copy(update={"summary": "I love green tea"})
    )
    store.upsert([changed])
    assert store.count("alice") == 1
    assert store.scan("alice").column("summary").to_pylist() == ["I love green tea"]


def test_an_upsert_of_new_events_appends_and_one_holding_a_stored_event_merges(
    tmp_path, encoder, make_item, records, monkeypatch
):
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    merges: list[int] = []
    merge_insert = store._table.merge_insert
    monkeypatch.setattr(
        store._table, "merge_insert", lambda on: merges.append(1) or merge_insert(on)
    )
    (tea,) = records([make_item("alice", "I love tea")])
    store.upsert([tea])
    store.upsert(records([make_item("alice", f"event {i}") for i in range(3)]))
    assert merges == []  # new events only: appended
    green = dataclasses.replace(
        tea, event=tea.event.model_copy(update={"summary": "I love green tea"})
    )
    (coffee,) = records([make_item("alice", "coffee at noon")])
    store.upsert([green, coffee])  # one stored, one new: merged in one write
    assert merges == [1]
    assert store.count("alice") == 5
    summaries = set(store.scan("alice").column("summary").to_pylist())
    assert {"I love green tea", "coffee at noon"} <= summaries
    assert "I love tea" not in summaries
    store.upsert([green])  # a replayed write changes nothing
    assert store.count("alice") == 5


def test_a_failed_compaction_never_fails_the_committed_write(
    tmp_path, encoder, make_item, records, monkeypatch, caplog
):
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)

    def conflict(target_rows: int) -> None:
        raise RuntimeError("commit conflict: another process compacted first")

    monkeypatch.setattr(store, "optimize", conflict)
    for i in range(COMPACT_EVERY_WRITES):
        store.upsert(records([make_item("alice", f"event number {i}")]))
    assert store.count("alice") == COMPACT_EVERY_WRITES
    assert "episodic compaction skipped" in caplog.text


def test_a_table_from_before_the_passages_column_gains_it_and_keeps_its_rows(
    tmp_path, encoder, make_item, records
):
    path = tmp_path / "episodic"
    older = arrow_schema(encoder.dimension, encoder.space_id)
    older = older.remove(older.get_field_index(PASSAGES_COLUMN))
    (kept,) = records([make_item("alice", "I love tea")])
    rows = to_table([kept], arrow_schema(encoder.dimension, encoder.space_id))
    db = lancedb.connect(str(path))
    db.create_table(TABLE, rows.drop_columns([PASSAGES_COLUMN]), schema=older)
    store = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    assert PASSAGES_COLUMN in store.scan("alice").column_names
    assert store.get("alice", kept.event.event_id).passages is None
    (new,) = records([make_item("alice", "I love hiking")])
    held = np.ones((2, encoder.dimension), dtype=np.float32)
    store.upsert([dataclasses.replace(new, passages=held)])
    np.testing.assert_array_equal(store.get("alice", new.event.event_id).passages, held)
    assert store.count("alice") == 2


def _vector_type(store: LanceEpisodicStore) -> pa.DataType:
    return store._table.schema.field("vector").type.value_type


def test_vectors_are_stored_in_half_precision(tmp_path, encoder, make_item, records):
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    (record,) = records([make_item("alice", "I love hiking in the Alps")])
    store.upsert([record])
    assert _vector_type(store) == pa.float16()
    (hit,) = store.search("alice", record.vector, limit=1)
    assert hit[1] == pytest.approx(1.0, abs=1e-3)
    matrix = vector_matrix(store.scan("alice"))
    assert matrix.dtype == np.float32
    np.testing.assert_allclose(matrix[0], record.vector, atol=1e-3)


def test_a_table_from_before_half_precision_keeps_float32_and_takes_new_rows(
    tmp_path, encoder, make_item, records
):
    path = tmp_path / "episodic"
    (kept, loaded, written) = records(
        [make_item("alice", "I love tea"), make_item("alice", "chess"), make_item("alice", "Alps")]
    )
    full = arrow_schema(encoder.dimension, encoder.space_id, pa.float32())
    lancedb.connect(str(path)).create_table(TABLE, to_table([kept], full), schema=full)
    store = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    # rows in half precision, bulk-loaded or upserted: LanceDB casts them to the table's type
    assert store.append_rows(to_table([loaded], arrow_schema(encoder.dimension, encoder.space_id)))
    assert store.upsert([written]) == 1
    assert _vector_type(store) == pa.float32()
    got = store.get("alice", kept.event.event_id)
    np.testing.assert_array_equal(got.vector, kept.vector)  # nothing was rounded
    assert store.count("alice") == 3


def test_erasing_the_only_user_leaves_an_empty_store_that_takes_writes(
    tmp_path, encoder, make_item, records
):
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    store.upsert(records([make_item("alice", "I love tea")]))
    store.optimize()
    store.delete("alice")
    store.purge_deleted()  # rebuilds the indexes of an empty table
    assert store.count() == 0
    store.upsert(records([make_item("bob", "I love chess")]))
    assert store.scan("bob").column("user_id").to_pylist() == ["bob"]


def test_rows_by_user_keeps_each_user_s_rows_in_order():
    rows = pa.table({"user_id": ["b", "a", "b", "c", "a"], "n": [0, 1, 2, 3, 4]})
    got = {user: table.column("n").to_pylist() for user, table in rows_by_user(rows).items()}
    assert got == {"a": [1, 4], "b": [0, 2], "c": [3]}
