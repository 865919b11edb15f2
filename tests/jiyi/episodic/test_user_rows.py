"""A user's rows cached between reads: valid across processes, never after a write or erasure."""

from __future__ import annotations

import gc
from dataclasses import dataclass

import pyarrow as pa

from jiyi.domain import EventType
from jiyi.episodic.lancedb_store import MARKS_FILE, LanceEpisodicStore
from jiyi.episodic.user_rows import DerivedCache, UserMarks, UserRowsCache


def _store(tmp_path, encoder) -> LanceEpisodicStore:
    return LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)


def test_a_read_is_served_from_memory_until_someone_writes_the_user(
    tmp_path, encoder, make_item, records
):
    store = _store(tmp_path, encoder)
    store.upsert(records([make_item("alice", "I love tea"), make_item("bob", "chess")]))
    first = store.scan("alice")
    assert store.scan("alice") is first
    store.upsert(records([make_item("bob", "chess openings")]))
    assert store.scan("alice") is first  # another user's write leaves alice's copy valid
    store.upsert(records([make_item("alice", "green tea")]))
    assert sorted(store.scan("alice").column("summary").to_pylist()) == ["I love tea", "green tea"]


def test_a_write_in_another_process_is_seen_by_the_next_read(tmp_path, encoder, make_item, records):
    """Two stores on one path stand for the API and the stream worker."""
    api, stream = _store(tmp_path, encoder), _store(tmp_path, encoder)
    stream.upsert(records([make_item("alice", "I love tea")]))
    assert api.scan("alice").num_rows == 1
    written = records([make_item("alice", "green tea")])
    stream.upsert(written)
    assert api.scan("alice").num_rows == 2
    stream.delete("alice", event_ids=[written[0].event.event_id])
    assert api.scan("alice").column("summary").to_pylist() == ["I love tea"]


def test_after_an_erasure_no_process_serves_the_user_or_keeps_their_mark(
    tmp_path, encoder, make_item, records
):
    api, other = _store(tmp_path, encoder), _store(tmp_path, encoder)
    other.upsert(records([make_item("alice", "I love tea")]))
    assert api.scan("alice").num_rows == 1
    other.delete("alice")
    assert api.scan("alice").num_rows == 0
    marks = UserMarks(tmp_path / "episodic" / MARKS_FILE)
    assert marks.of("alice") is None
    other.upsert(records([make_item("alice", "coffee now")]))
    assert api.scan("alice").column("summary").to_pylist() == ["coffee now"]


def test_typed_reads_filter_the_cached_rows_like_the_table_would(
    tmp_path, encoder, make_item, records
):
    store = _store(tmp_path, encoder)
    store.upsert(records([make_item("bob", "hi", EventType.GREETING), make_item("bob", "chess")]))
    store.scan("bob")
    assert store.scan("bob", event_types=[EventType.GREETING]).column("summary").to_pylist() == [
        "hi"
    ]
    assert store.scan("bob", event_types=[]).num_rows == 0


def test_marks_never_repeat_even_after_a_user_is_forgotten(tmp_path):
    marks = UserMarks(tmp_path / "marks.sqlite")
    marks.bump(["alice", "bob"])
    before = marks.of("alice")
    assert before is not None
    assert marks.of("bob") == before
    marks.forget("alice")
    assert marks.of("alice") is None
    marks.bump(["alice"])
    assert marks.of("alice") > before


def test_the_cache_keeps_its_byte_budget_and_never_keeps_an_unmarked_user():
    rows = pa.table({"summary": ["x" * 1000] * 10})
    cache = UserRowsCache(max_bytes=rows.nbytes * 2)
    cache.put("nobody", None, rows)
    assert cache.get("nobody", None) is None
    for user in ("a", "b", "c"):
        cache.put(user, 1, rows)
    assert cache.get("a", 1) is None  # least recently used, out
    assert cache.get("c", 1) is rows
    assert cache.get("c", 2) is None  # read under an older mark: stale


@dataclass
class _Derived:
    nbytes: int


def test_derived_values_are_kept_while_their_very_table_lives_and_for_their_key():
    cache: DerivedCache[_Derived] = DerivedCache(max_bytes=1000)
    made: list[str] = []

    def make(name: str, size: int = 100):
        return lambda: made.append(name) or _Derived(size)

    table = pa.table({"a": [1, 2]})
    first = cache.get(table, "k", make("first"))
    assert cache.get(table, "k", make("again")) is first
    assert cache.get(table, "other key", make("other")) is not first
    twin = pa.table({"a": [1, 2]})  # equal rows, another read: not the same table
    cache.get(twin, "other key", make("twin"))
    assert made == ["first", "other", "twin"]
    assert len(cache) == 2
    del table
    gc.collect()
    assert len(cache) == 1  # gone with its table


def test_derived_values_keep_their_byte_budget():
    cache: DerivedCache[_Derived] = DerivedCache(max_bytes=1000)
    tables = [pa.table({"a": [i]}) for i in range(3)]
    for table in tables:
        cache.get(table, "k", lambda: _Derived(400))
    assert len(cache) == 2  # the least recently used went
    made = []
    cache.get(tables[0], "k", lambda: made.append(1) or _Derived(400))
    assert made == [1]
    huge = cache.get(tables[1], "k2", lambda: _Derived(5000))
    assert huge.nbytes == 5000  # handed out, not kept
    assert len(cache) == 2
