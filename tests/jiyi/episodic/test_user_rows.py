"""A user's rows cached between reads: valid across processes, never after a write or erasure."""

from __future__ import annotations

import gc
from dataclasses import dataclass

import pyarrow as pa
import pytest

from jiyi.domain import EventType
from jiyi.episodic.lancedb_store import MARKS_FILE, LanceEpisodicStore
from jiyi.episodic.user_rows import (
    DerivedCache,
    UserMarks,
    UserRowsCache,
    with_appended,
)
from jiyi.health import skipped_values


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


def _counting_reads(store: LanceEpisodicStore, monkeypatch) -> list[str]:
    """The store's table reads, counted as they go through (each still reads the table)."""
    reads: list[str] = []
    query = store._query

    def counted(where: str) -> pa.Table:
        reads.append(where)
        return query(where)

    monkeypatch.setattr(store, "_query", counted)
    return reads


def _by_id(rows: pa.Table) -> list[dict]:
    return sorted(rows.to_pylist(), key=lambda row: row["event_id"])


def test_a_copy_behind_by_appends_takes_what_they_added_without_reading_the_table(
    tmp_path, encoder, make_item, records, monkeypatch
):
    api, stream = _store(tmp_path, encoder), _store(tmp_path, encoder)
    stream.upsert(records([make_item("alice", "I love tea"), make_item("bob", "chess")]))
    api.scan("alice")
    reads = _counting_reads(api, monkeypatch)
    stream.upsert(records([make_item("alice", "green tea"), make_item("bob", "chess openings")]))
    stream.upsert(records([make_item("alice", "oolong, mostly")]))
    caught_up = api.scan("alice")
    assert reads == []
    assert _by_id(caught_up) == _by_id(_store(tmp_path, encoder).scan("alice"))
    assert caught_up.column("summary").to_pylist() == ["I love tea", "green tea", "oolong, mostly"]
    assert api.scan("alice") is caught_up


@pytest.mark.parametrize("write", ["update", "delete"])
def test_a_write_that_did_more_than_append_makes_the_reader_read_the_table(
    tmp_path, encoder, make_item, records, monkeypatch, write
):
    api, stream = _store(tmp_path, encoder), _store(tmp_path, encoder)
    first = records([make_item("alice", "I love tea", confidence=0.5)])
    stream.upsert(first)
    api.scan("alice")
    reads = _counting_reads(api, monkeypatch)
    stream.upsert(records([make_item("alice", "green tea")]))  # an append, then
    if write == "update":
        stream.upsert(records([make_item("alice", "I love tea", confidence=0.9)]))
    else:
        stream.delete("alice", event_ids=[first[0].event.event_id])
    rows = api.scan("alice")
    assert len(reads) == 1
    assert _by_id(rows) == _by_id(_store(tmp_path, encoder).scan("alice"))
    assert ("I love tea" in rows.column("summary").to_pylist()) == (write == "update")


def test_a_users_large_append_is_read_from_the_table_and_not_kept_beside_the_marks(
    tmp_path, encoder, make_item, records, monkeypatch
):
    monkeypatch.setattr("jiyi.episodic.lancedb_store.FEED_USER_ROWS", 1)
    api, stream = _store(tmp_path, encoder), _store(tmp_path, encoder)
    stream.upsert(records([make_item("alice", "I love tea"), make_item("bob", "chess")]))
    api.scan("alice")
    api.scan("bob")
    reads = _counting_reads(api, monkeypatch)
    stream.upsert(records([make_item("alice", "green tea"), make_item("alice", "oolong")]))
    stream.upsert(records([make_item("bob", "chess openings")]))
    assert api.scan("alice").num_rows == 3
    assert api.scan("bob").num_rows == 2
    assert reads == [api._where("alice")]
    kept = stream._marks._connection.execute("SELECT user_id FROM appended").fetchall()
    assert {user for (user,) in kept} == {"bob"}  # alice's chain ended at her large write


def test_a_copy_that_already_holds_the_appended_rows_is_read_again(tmp_path):
    """A read that raced a write (committed, not yet marked) holds its rows under the old
    mark: adding them again would double them."""
    marks, cache = UserMarks(tmp_path / "marks.sqlite"), UserRowsCache()
    old = pa.table({"event_id": ["e1"], "summary": ["tea"]})
    new = pa.table({"event_id": ["e2"], "summary": ["green tea"]})
    marks.bump(["alice"])
    raced = pa.concat_tables([old, new])
    cache.put("alice", marks.of("alice"), raced)
    marks.bump(["alice"], {"alice": new})
    reads: list[int] = []
    fresh = cache.rows("alice", marks, lambda: reads.append(1) or raced)
    assert reads == [1]
    assert fresh is raced
    assert with_appended(old, [new]) == raced
    assert with_appended(old, [pa.table({"event_id": ["e3"]})]) is None  # columns differ


def _appended_ids(marks: UserMarks, user: str, since: int, now: int) -> list | None:
    appended = marks.appended_since(user, since, now)
    return None if appended is None else [t.column("event_id").to_pylist() for t in appended]


def test_appended_rows_are_kept_for_two_writes_of_their_user_and_a_window_of_all_writes(
    tmp_path, monkeypatch
):
    monkeypatch.setattr("jiyi.episodic.user_rows.FEED_WRITES", 4)
    marks = UserMarks(tmp_path / "marks.sqlite")
    marks.bump(["alice"])
    seen = [marks.of("alice")]
    for n in range(3):
        marks.bump(["alice"], {"alice": pa.table({"event_id": [f"e{n}"]})})
        seen.append(marks.of("alice"))
    assert _appended_ids(marks, "alice", seen[1], seen[3]) == [["e1"], ["e2"]]
    assert _appended_ids(marks, "alice", seen[0], seen[3]) is None  # three writes behind
    for _ in range(3):
        marks.bump(["bob"])
    assert _appended_ids(marks, "alice", seen[2], seen[3]) == [["e2"]]
    assert _appended_ids(marks, "alice", seen[1], seen[3]) is None  # e1: out of the window
    marks.forget("alice")
    count = marks._connection.execute("SELECT count(*) FROM appended").fetchone()[0]
    assert count == 0


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


def test_the_cache_keeps_its_byte_budget_and_never_keeps_an_unmarked_user(tmp_path):
    rows = pa.table({"summary": ["x" * 1000] * 10})
    marks, cache = UserMarks(tmp_path / "marks.sqlite"), UserRowsCache(max_bytes=rows.nbytes * 2)
    reads: list[str] = []

    def read(user: str) -> pa.Table:
        return cache.rows(user, marks, lambda: reads.append(user) or rows)

    read("nobody")
    read("nobody")
    assert reads == ["nobody", "nobody"]  # no mark: never kept
    marks.bump(["a", "b", "c"])
    for user in ("a", "b", "c", "c", "a"):
        read(user)
    assert reads[2:] == ["a", "b", "c", "a"]  # a was least recently used, and out
    marks.bump(["c"])
    read("c")
    assert reads[-1] == "c"  # read under an older mark: stale


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


def test_a_damaged_mark_reads_the_table_and_the_next_write_sets_it(
    tmp_path, encoder, make_item, records
):
    store = _store(tmp_path, encoder)
    store.upsert(records([make_item("alice", "I love tea")]))
    marks = UserMarks(tmp_path / "episodic" / MARKS_FILE)
    marks._connection.execute("UPDATE marks SET mark = 'x' WHERE user_id = 'alice'")
    before = skipped_values().get("user_mark", 0)

    first = store.scan("alice")
    assert first.column("summary").to_pylist() == ["I love tea"]
    assert store.scan("alice") is not first  # not cached without a mark to check it by
    assert skipped_values()["user_mark"] >= before + 2
    store.upsert(records([make_item("alice", "green tea")]))
    assert isinstance(marks.of("alice"), int)
    assert store.scan("alice") is store.scan("alice")


def test_a_damaged_counter_goes_on_from_the_highest_mark_never_back(tmp_path):
    marks = UserMarks(tmp_path / "marks.sqlite")
    for _ in range(3):
        marks.bump(["alice"], {"alice": pa.table({"event_id": ["e"]})})
    marks.bump(["bob"])
    highest = marks.of("bob")
    marks._connection.execute("UPDATE counter SET value = 'x'")

    marks.bump(["alice"], {"alice": pa.table({"event_id": ["f"]})})
    assert marks.of("alice") == highest + 1
