"""A user's rows cached between reads: valid across processes, never after a write or erasure."""

from __future__ import annotations

import gc
import threading
from dataclasses import dataclass

import pyarrow as pa
import pytest

from jiyi.domain import EventType
from jiyi.episodic.lancedb_store import MARKS_FILE, LanceEpisodicStore
from jiyi.episodic.records import arrow_schema
from jiyi.episodic.user_rows import (
    DerivedCache,
    UserMarks,
    UserRowsCache,
    with_appended,
)
from jiyi.health import skipped_values


def _store(tmp_path, encoder) -> LanceEpisodicStore:
    return LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)


def _store_marks(tmp_path, encoder) -> UserMarks:
    """The marks file of `_store`'s store, opened as another process would."""
    schema = arrow_schema(encoder.dimension, encoder.space_id)
    return UserMarks(tmp_path / "episodic" / MARKS_FILE, schema)


_ROWS = pa.schema([("event_id", pa.string()), ("summary", pa.string())])


def _marks(tmp_path, schema: pa.Schema = _ROWS) -> UserMarks:
    return UserMarks(tmp_path / "marks.sqlite", schema)


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
    marks = _store_marks(tmp_path, encoder)
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
    kept = stream._marks._connection.execute("SELECT user_id FROM appends").fetchall()
    assert {user for (user,) in kept} == {"bob"}  # alice's chain ended at her large write


def test_a_copy_that_already_holds_the_appended_rows_is_read_again(tmp_path):
    """A read that raced a write (committed, not yet marked) holds its rows under the old
    mark: adding them again would double them."""
    marks, cache = _marks(tmp_path), UserRowsCache()
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
    marks = _marks(tmp_path)
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
    count = marks._connection.execute("SELECT count(*) FROM appends").fetchone()[0]
    assert count == 0


def test_marks_never_repeat_even_after_a_user_is_forgotten(tmp_path):
    marks = _marks(tmp_path)
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
    marks, cache = _marks(tmp_path), UserRowsCache(max_bytes=rows.nbytes * 2)
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
    marks = _store_marks(tmp_path, encoder)
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
    marks = _marks(tmp_path)
    for _ in range(3):
        marks.bump(["alice"], {"alice": pa.table({"event_id": ["e"]})})
    marks.bump(["bob"])
    highest = marks.of("bob")
    marks._connection.execute("UPDATE counter SET value = 'x'")

    marks.bump(["alice"], {"alice": pa.table({"event_id": ["f"]})})
    assert marks.of("alice") == highest + 1


def _pack_marks(marks: UserMarks) -> dict[str, int]:
    return dict(marks._connection.execute("SELECT user_id, mark FROM packs").fetchall())


def _read_elsewhere(tmp_path, encoder, user: str) -> pa.Table:
    """A read by another process, which writes the user's pack behind it, before closing."""
    store = _store(tmp_path, encoder)
    rows = store.scan(user)
    store.close()
    return rows


def test_a_read_from_the_table_becomes_a_pack_that_another_process_reads_instead(
    tmp_path, encoder, make_item, records, monkeypatch
):
    stream = _store(tmp_path, encoder)
    stream.upsert(records([make_item("alice", "I love tea"), make_item("bob", "chess")]))
    first = _read_elsewhere(tmp_path, encoder, "alice")
    assert _pack_marks(stream._marks) == {"alice": stream._marks.of("alice")}
    api = _store(tmp_path, encoder)  # a process with nothing in memory
    reads = _counting_reads(api, monkeypatch)
    packed = api.scan("alice")
    assert reads == []
    assert packed.equals(first)
    assert packed.schema.equals(first.schema, check_metadata=True)
    assert api.scan("alice") is packed


def test_appends_chain_to_the_pack_and_every_pack_chainth_one_folds_into_it(
    tmp_path, encoder, make_item, records, monkeypatch
):
    monkeypatch.setattr("jiyi.episodic.user_rows.PACK_CHAIN", 3)
    stream = _store(tmp_path, encoder)
    stream.upsert(records([make_item("alice", "I love tea")]))
    _read_elsewhere(tmp_path, encoder, "alice")  # packs her rows
    packed_at = stream._marks.of("alice")
    for n, text in enumerate(["green tea", "oolong", "pu-erh", "matcha"]):
        stream.upsert(records([make_item("alice", text), make_item("bob", f"chess {n}")]))
        api = _store(tmp_path, encoder)
        reads = _counting_reads(api, monkeypatch)
        assert _by_id(api.scan("alice")) == _by_id(stream._query(stream._where("alice")))
        assert reads == []
    pack = _pack_marks(stream._marks)
    assert pack["alice"] > packed_at  # the third append folded the chain in
    assert "bob" not in pack  # never read: nothing to chain to
    chain = stream._marks._connection.execute(
        "SELECT count(*) FROM appends WHERE user_id = 'alice'"
    ).fetchone()
    assert chain == (1,)  # the fourth, after the fold


def test_a_pack_chain_outlives_the_window_of_other_users_writes(
    tmp_path, encoder, make_item, records, monkeypatch
):
    monkeypatch.setattr("jiyi.episodic.user_rows.FEED_WRITES", 2)
    stream = _store(tmp_path, encoder)
    stream.upsert(records([make_item("alice", "I love tea")]))
    _read_elsewhere(tmp_path, encoder, "alice")
    stream.upsert(records([make_item("alice", "green tea")]))
    for n in range(4):
        stream.upsert(records([make_item("bob", f"chess {n}")]))
    api = _store(tmp_path, encoder)
    reads = _counting_reads(api, monkeypatch)
    assert api.scan("alice").column("summary").to_pylist() == ["I love tea", "green tea"]
    assert reads == []


@pytest.mark.parametrize("write", ["update", "delete", "erase"])
def test_a_write_that_did_more_than_append_drops_the_pack_with_what_it_held(
    tmp_path, encoder, make_item, records, monkeypatch, write
):
    stream = _store(tmp_path, encoder)
    first = records([make_item("alice", "a secret recipe", confidence=0.5)])
    stream.upsert(first + records([make_item("alice", "I love tea")]))
    _read_elsewhere(tmp_path, encoder, "alice")
    assert "alice" in _pack_marks(stream._marks)
    if write == "update":
        stream.upsert(records([make_item("alice", "a secret recipe", confidence=0.9)]))
    elif write == "delete":
        stream.delete("alice", event_ids=[first[0].event.event_id])
    else:
        stream.delete("alice")
    assert _pack_marks(stream._marks) == {}
    stream._marks.close()
    marks_file = (tmp_path / "episodic" / MARKS_FILE).read_bytes()
    if write != "update":
        assert b"a secret recipe" not in marks_file  # secure delete zeroed the pack's pages
    api = _store(tmp_path, encoder)
    reads = _counting_reads(api, monkeypatch)
    rows = api.scan("alice")
    assert len(reads) == 1
    assert rows.num_rows == {"update": 2, "delete": 1, "erase": 0}[write]


def test_a_pack_is_not_written_under_a_mark_a_write_has_moved_on_from(tmp_path):
    marks, cache = _marks(tmp_path), UserRowsCache()
    old = pa.table({"event_id": ["e1"], "summary": ["tea"]}, schema=_ROWS)
    marks.bump(["alice"])

    def read_while_someone_updates() -> pa.Table:
        marks.bump(["alice"])  # committed after the read began: this read may be stale
        return old

    cache.rows("alice", marks, read_while_someone_updates)
    marks.close()  # after the pack queued behind the read
    assert _pack_marks(_marks(tmp_path)) == {}


def test_a_damaged_pack_or_one_in_other_columns_is_read_from_the_table(tmp_path):
    marks = _marks(tmp_path)
    rows = pa.table({"event_id": ["e1"], "summary": ["tea"]}, schema=_ROWS)
    marks.bump(["alice", "bob"])
    for user in ("alice", "bob"):
        marks.pack(user, marks.of(user), rows)
    marks.pack("carol", marks.of("alice"), rows)  # no mark of hers: not kept
    marks.pack("bob", marks.of("bob"), pa.table({"event_id": ["e1"]}))  # other columns
    assert set(_pack_marks(marks)) == {"alice", "bob"}
    marks._connection.execute("UPDATE packs SET rows = x'00ff' WHERE user_id = 'alice'")
    before = skipped_values().get("user_pack", 0)
    assert marks.packed("alice", marks.of("alice")) is None
    assert skipped_values()["user_pack"] == before + 1
    assert marks.packed("bob", marks.of("bob")).equals(rows)
    newer = _marks(tmp_path, pa.schema([("event_id", pa.string())]))  # another version's
    assert newer.packed("bob", newer.of("bob")) is None


def test_packs_are_written_on_one_thread_behind_the_reads_once_a_user_and_within_a_bound(
    tmp_path, monkeypatch
):
    monkeypatch.setattr("jiyi.episodic.user_rows.PACKS_QUEUED", 2)
    marks = _marks(tmp_path)
    rows = pa.table({"event_id": ["e1"], "summary": ["tea"]}, schema=_ROWS)
    marks.bump(["a", "b", "c"])
    gate, written, pack = threading.Event(), [], marks.pack

    def held(user: str, mark: int, rows: pa.Table) -> None:
        gate.wait(10)
        written.append(user)
        pack(user, mark, rows)

    monkeypatch.setattr(marks, "pack", held)
    for user in ("a", "a", "b", "c"):  # a twice, and c beyond the bound
        marks.pack_later(user, marks.of(user), rows)
    gate.set()
    marks.close()  # waits for the queue
    assert written == ["a", "b"]
    assert set(_pack_marks(_marks(tmp_path))) == {"a", "b"}


def test_a_pack_from_before_the_machine_restarted_is_not_served_and_is_written_again(
    tmp_path, encoder, make_item, records, monkeypatch
):
    """A power loss may take SQLite's last commits: a pack written before one may have lost
    the bump after it, so packs serve only the boot that wrote them."""
    stream = _store(tmp_path, encoder)
    stream.upsert(records([make_item("alice", "I love tea")]))
    _read_elsewhere(tmp_path, encoder, "alice")
    monkeypatch.setattr("jiyi.episodic.user_rows.BOOT", "another boot")
    assert stream._marks.unpacked() == ["alice"]  # the nightly repack writes it afresh
    stream.upsert(records([make_item("alice", "green tea")]))  # an append: not chained to it
    chained = stream._marks._connection.execute("SELECT packed FROM appends").fetchall()
    assert chained == [(0,)]
    api = _store(tmp_path, encoder)
    reads = _counting_reads(api, monkeypatch)
    assert api.scan("alice").num_rows == 2
    assert len(reads) == 1
    api.close()
    assert _pack_marks(stream._marks) == {"alice": stream._marks.of("alice")}
    assert stream._marks._connection.execute("SELECT boot FROM packs").fetchall() == [
        ("another boot",)
    ]


def test_the_nightly_repack_writes_again_the_packs_that_rewrites_dropped_and_no_others(
    tmp_path, encoder, make_item, records, monkeypatch
):
    stream = _store(tmp_path, encoder)
    stream.upsert(
        records([make_item(user, "a recipe", confidence=0.5) for user in ("alice", "bob", "carol")])
    )
    for user in ("alice", "bob"):  # carol is never read
        _read_elsewhere(tmp_path, encoder, user)
    stream.upsert(  # the night merges alice's and carol's rows
        records([make_item(user, "a recipe", confidence=0.9) for user in ("alice", "carol")])
    )
    stream.delete("bob")  # an erasure leaves nothing to write again
    assert stream._marks.unpacked() == ["alice"]
    nightly = _store(tmp_path, encoder)
    assert nightly.repack() == 1
    assert nightly.repack() == 0
    assert set(_pack_marks(stream._marks)) == {"alice"}
    api = _store(tmp_path, encoder)
    reads = _counting_reads(api, monkeypatch)
    assert api.scan("alice").column("confidence").to_pylist() == [0.9]
    assert reads == []


def test_a_repack_packs_the_users_named_that_have_no_pack_and_lists_who_was_read(
    tmp_path, encoder, make_item, records
):
    store = _store(tmp_path, encoder)
    store.upsert(records([make_item(user, "a recipe") for user in ("alice", "bob", "carol")]))
    _read_elsewhere(tmp_path, encoder, "alice")
    assert store.read_users() == ["alice"]
    packed = _pack_marks(store._marks)
    assert store.repack(["alice", "bob", "nobody"]) == 1  # alice's serves; nobody has no rows
    assert _pack_marks(store._marks) == {**packed, "bob": store._marks.of("bob")}
    store.upsert(records([make_item("bob", "a recipe", confidence=0.9)]))  # drops bob's pack
    assert store.read_users() == ["alice", "bob"]  # bob is due one again
    path = tmp_path / "episodic"
    assert (
        LanceEpisodicStore(path, encoder.space_id, encoder.dimension, packs=False).read_users()
        == []
    )


def test_a_repack_leaves_a_user_written_meanwhile_and_packs_off_repack_nobody(
    tmp_path, encoder, make_item, records, monkeypatch
):
    stream = _store(tmp_path, encoder)
    stream.upsert(records([make_item("alice", "a recipe", confidence=0.5)]))
    _read_elsewhere(tmp_path, encoder, "alice")
    stream.upsert(records([make_item("alice", "a recipe", confidence=0.9)]))
    path = tmp_path / "episodic"
    off = LanceEpisodicStore(path, encoder.space_id, encoder.dimension, packs=False)
    assert off.repack() == 0
    nightly = _store(tmp_path, encoder)
    read = nightly._query

    def read_while_the_stream_updates(where: str | None) -> pa.Table:
        stream.upsert(records([make_item("alice", "a recipe", confidence=0.7)]))
        return read(where)

    monkeypatch.setattr(nightly, "_query", read_while_the_stream_updates)
    hostile = "x' OR user_id != 'x"  # a damaged file: no write takes such an id
    stream._marks._connection.execute("INSERT INTO marks VALUES (?, 1)", (hostile,))
    stream._marks._connection.execute("INSERT INTO unpacked VALUES (?)", (hostile,))
    assert nightly.repack() == 0
    assert _pack_marks(stream._marks) == {}
    assert sorted(stream._marks.unpacked()) == ["alice", hostile]  # left to the next read
