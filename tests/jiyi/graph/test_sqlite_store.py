"""SQLite specifics: WAL mode, and several processes writing one belief without losing updates."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from jiyi.audit import AuditLog
from jiyi.domain import Entity, EntityKind, RelationKind
from jiyi.graph.sqlite_store import SqliteGraphStore
from tests.jiyi.graph.test_store import change

T = 1_770_000_000_000
PROCESSES, EVENTS_EACH = 4, 25


def test_the_database_is_in_wal_mode(tmp_path) -> None:
    SqliteGraphStore(tmp_path / "graph.sqlite3").close()
    mode = sqlite3.connect(tmp_path / "graph.sqlite3").execute("PRAGMA journal_mode").fetchone()
    assert mode == ("wal",)


def test_erasure_leaves_no_copy_of_the_text_in_the_database_files(tmp_path) -> None:
    store = SqliteGraphStore(tmp_path / "graph.sqlite3")
    with store.transaction("u1") as tx:
        tx.put_entity(Entity(entity_id="zebrafinch", kind=EntityKind.OBJECT, name="zebrafinch"))
    store.erase_user("u1")
    files = [p for p in tmp_path.iterdir() if b"zebrafinch" in p.read_bytes()]
    assert files == []
    store.close()


def test_a_batch_commits_once_and_a_failed_batch_leaves_nothing(tmp_path) -> None:
    store = SqliteGraphStore(tmp_path / "graph.sqlite3")
    other = sqlite3.connect(tmp_path / "graph.sqlite3")
    node = Entity(entity_id="jazz", kind=EntityKind.OBJECT, name="jazz")
    with store.batch():
        with store.transaction("u1") as tx:
            tx.put_entity(node)
        assert other.execute("SELECT COUNT(*) FROM entities").fetchone() == (0,)  # not yet
    assert other.execute("SELECT COUNT(*) FROM entities").fetchone() == (1,)

    def fail_after_a_write() -> None:
        with store.batch():
            with store.transaction("u2") as tx:
                tx.put_entity(node)
            raise RuntimeError("later")

    with pytest.raises(RuntimeError, match="later"):
        fail_after_a_write()
    assert store.entity("u2", "jazz") is None  # its finished transaction was undone too
    other.close()
    store.close()


def test_a_database_from_before_the_evidence_index_gets_it_filled_on_open(tmp_path) -> None:
    path = tmp_path / "graph.sqlite3"
    store = SqliteGraphStore(path)
    with store.transaction("u1") as tx:
        tx.put_change(change("u1", "user", RelationKind.PREFERS, "jazz", evidence=("ev1", "ev2")))
    store.close()
    with sqlite3.connect(path) as old:  # as written by an older jiyi
        old.execute("DROP TABLE revision_evidence")

    store = SqliteGraphStore(path)
    [edge] = store.edges("u1")
    with store.transaction("u1") as tx:
        assert tx.applied([edge.edge_id], ["ev2"])
    store.close()


# Each worker is a separate interpreter (the test module itself is not importable by name).
_WORKER = """
import sys
from pathlib import Path
from jiyi.audit import AuditLog
from jiyi.config import GraphSettings
from jiyi.domain import Event, EventType, ExtractionSource, text_hash
from jiyi.graph import GraphService
from jiyi.graph.sqlite_store import SqliteGraphStore

directory, worker, count, start = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
store = SqliteGraphStore(directory / "graph.sqlite3")
service = GraphService(store, AuditLog(directory / "audit.sqlite3"), GraphSettings())
for i in range(count):
    service.apply_event(Event(
        event_id=f"w{worker}e{i}", user_id="u1", session_id=f"s{worker}", turn_id=f"w{worker}t{i}",
        ts=start + i, event_type=EventType.CONCEPT_CONFUSION, raw_hash=text_hash(str(i)),
        confidence=0.8, source=ExtractionSource.RULE, attributes={"object": "递归"},
    ))
store.close()
"""


@pytest.mark.integration
def test_several_processes_reinforcing_one_belief_lose_no_update(tmp_path) -> None:
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(tmp_path), str(w), str(EVENTS_EACH), str(T)],
            stderr=subprocess.PIPE,
        )
        for w in range(PROCESSES)
    ]
    errors = [p.communicate(timeout=300)[1].decode()[-2000:] for p in workers]
    assert [p.returncode for p in workers] == [0] * PROCESSES, errors

    store = SqliteGraphStore(tmp_path / "graph.sqlite3")
    [edge] = store.edges("u1", relation=RelationKind.LEARNING_OBSTACLE)
    revisions = store.revisions("u1", edge.edge_id)
    assert [r.seq for r in revisions] == list(range(1, PROCESSES * EVENTS_EACH + 1))
    assert [r.action for r in revisions].count("create") == 1
    assert len(AuditLog(tmp_path / "audit.sqlite3").entries("u1")) == PROCESSES * EVENTS_EACH


def test_an_edges_own_decay_class_round_trips_and_an_older_store_gains_the_column(
    tmp_path,
) -> None:
    from jiyi.domain import RelationClass

    path = tmp_path / "graph.sqlite3"
    with sqlite3.connect(path) as old:  # an edges table as written before `decay_class`
        old.execute(
            "CREATE TABLE edges (user_id TEXT NOT NULL, edge_id TEXT NOT NULL, src TEXT NOT NULL,"
            " relation TEXT NOT NULL, dst TEXT NOT NULL, confidence REAL NOT NULL,"
            " source TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,"
            " valid_from INTEGER NOT NULL, invalid_at INTEGER, evidence TEXT NOT NULL"
            " DEFAULT '[]', PRIMARY KEY (user_id, edge_id))"
        )
    store = SqliteGraphStore(path)
    made = change("u1", "user", RelationKind.FEELS, "anxious")
    standing = made.edge.model_copy(update={"decay_class": RelationClass.DEFAULT})
    with store.transaction("u1") as tx:
        tx.put_change(type(made)(standing, made.revision))
        tx.put_change(change("u1", "user", RelationKind.FEELS, "upset"))
    by_dst = {e.dst: e.decay_class for e in store.edges("u1")}
    assert by_dst == {"anxious": RelationClass.DEFAULT, "upset": None}
    store.close()
