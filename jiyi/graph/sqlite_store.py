"""The default graph backend: one SQLite file in WAL mode, safe with several writing processes.

Each transaction is `BEGIN IMMEDIATE`, so a read-modify-write of a belief holds the database's
write lock from the first read to the commit: two processes reinforcing one edge cannot lose an
update. Within a process one connection is shared behind a lock.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from jiyi.domain import Edge, Entity, EntityKind, RelationKind
from jiyi.graph.entities import alias_key
from jiyi.graph.model import EdgeChange, EdgeRevision
from jiyi.graph.store import Capability, Direction, GraphStore, GraphTx, check_hops, id_chunks
from jiyi.graph.updates import USER_ENTITY_ID
from jiyi.health import read_stored
from jiyi.sqlite_util import connect

_SCHEMA = """
CREATE TABLE IF NOT EXISTS entities (
    user_id TEXT NOT NULL, entity_id TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
    aliases TEXT NOT NULL DEFAULT '[]', PRIMARY KEY (user_id, entity_id)
);
CREATE TABLE IF NOT EXISTS aliases (
    user_id TEXT NOT NULL, alias_key TEXT NOT NULL, entity_id TEXT NOT NULL,
    PRIMARY KEY (user_id, alias_key)
);
CREATE TABLE IF NOT EXISTS edges (
    user_id TEXT NOT NULL, edge_id TEXT NOT NULL, src TEXT NOT NULL, relation TEXT NOT NULL,
    dst TEXT NOT NULL, confidence REAL NOT NULL, source TEXT NOT NULL,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, valid_from INTEGER NOT NULL,
    invalid_at INTEGER, evidence TEXT NOT NULL DEFAULT '[]', decay_class TEXT,
    PRIMARY KEY (user_id, edge_id)
);
CREATE INDEX IF NOT EXISTS edges_by_src ON edges (user_id, src, relation);
CREATE INDEX IF NOT EXISTS edges_by_dst ON edges (user_id, dst, relation);
CREATE TABLE IF NOT EXISTS revisions (
    user_id TEXT NOT NULL, edge_id TEXT NOT NULL, seq INTEGER NOT NULL, src TEXT NOT NULL,
    relation TEXT NOT NULL, dst TEXT NOT NULL, at INTEGER NOT NULL, action TEXT NOT NULL,
    source TEXT NOT NULL, operator TEXT NOT NULL, old_confidence REAL,
    new_confidence REAL NOT NULL, evidence TEXT NOT NULL, valid INTEGER NOT NULL,
    PRIMARY KEY (user_id, edge_id, seq)
);
CREATE TABLE IF NOT EXISTS revision_evidence (
    user_id TEXT NOT NULL, evidence_id TEXT NOT NULL, edge_id TEXT NOT NULL,
    PRIMARY KEY (user_id, evidence_id, edge_id)
) WITHOUT ROWID;
INSERT OR IGNORE INTO revision_evidence (user_id, evidence_id, edge_id)
    SELECT r.user_id, j.value, r.edge_id FROM revisions AS r, json_each(r.evidence) AS j
    WHERE NOT EXISTS (SELECT 1 FROM revision_evidence);
"""

_EDGE_COLUMNS = (
    "user_id, src, relation, dst, confidence, source, created_at, updated_at, valid_from, "
    "invalid_at, evidence, decay_class"
)
#: Columns added after a store's first release, each with the type it is added with: a store
#: made before one gains it on open (NULL for old rows, which then read as before).
_ADDED_EDGE_COLUMNS = {"decay_class": "TEXT"}
_REVISION_COLUMNS = (
    "user_id, edge_id, seq, src, relation, dst, at, action, source, operator, old_confidence, "
    "new_confidence, evidence, valid"
)


def _edge(row: sqlite3.Row) -> Edge:
    return Edge.model_validate({**dict(row), "evidence": json.loads(row["evidence"])})


def _entity(row: sqlite3.Row) -> Entity:
    return Entity(
        entity_id=row["entity_id"],
        kind=EntityKind(row["kind"]),
        name=row["name"],
        aliases=json.loads(row["aliases"]),
    )


def _revision(row: sqlite3.Row) -> EdgeRevision:
    return EdgeRevision.model_validate(
        {**dict(row), "evidence": json.loads(row["evidence"]), "valid": bool(row["valid"])}
    )


def _edges_read(rows: list[sqlite3.Row]) -> list[Edge]:
    """The rows' edges, less any that cannot be read (`read_stored`)."""
    return read_stored(rows, _edge, "graph_edge", _edge_ids)


def _edge_ids(row: sqlite3.Row) -> dict[str, str]:
    edge = f"{row['src']} {row['relation']} {row['dst']}"
    return {"user_id": str(row["user_id"]), "item_id": edge}


def _entity_read(rows: list[sqlite3.Row]) -> Entity | None:
    """The first row's entity; None when there is none, or it cannot be read (`read_stored`):
    a write then puts a readable one in its place."""
    found = read_stored(rows[:1], _entity, "graph_entity", _entity_ids)
    return found[0] if found else None


def _entity_ids(row: sqlite3.Row) -> dict[str, str]:
    return {"user_id": str(row["user_id"]), "item_id": str(row["entity_id"])}


def _revision_ids(row: sqlite3.Row) -> dict[str, str]:
    return {"user_id": str(row["user_id"]), "item_id": f"{row['edge_id']} #{row['seq']}"}


class _SqliteTx(GraphTx):
    """Reads and writes on the store's connection inside one BEGIN IMMEDIATE transaction."""

    def __init__(self, store: SqliteGraphStore, user_id: str) -> None:
        self.user_id = user_id
        self._store = store

    def entity(self, entity_id: str) -> Entity | None:
        return self._store.entity(self.user_id, entity_id)

    def entity_by_alias(self, key: str) -> Entity | None:
        return self._store.entity_by_alias(self.user_id, key)

    def edge(self, src: str, relation: RelationKind, dst: str) -> Edge | None:
        found = self._store._edges(self.user_id, src, relation, dst, include_invalid=True)
        return found[0] if found else None

    def put_entity(self, entity: Entity) -> None:
        db = self._store._db
        db.execute(
            "INSERT INTO entities (user_id, entity_id, kind, name, aliases) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id, entity_id) DO UPDATE SET kind = excluded.kind,"
            " name = excluded.name, aliases = excluded.aliases",
            (self.user_id, entity.entity_id, entity.kind.value, entity.name,
             json.dumps(entity.aliases, ensure_ascii=False)),
        )  # fmt: skip
        db.execute(
            "DELETE FROM aliases WHERE user_id = ? AND entity_id = ?",
            (self.user_id, entity.entity_id),
        )
        db.executemany(
            "INSERT INTO aliases (user_id, alias_key, entity_id) VALUES (?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            [
                (self.user_id, key, entity.entity_id)
                for key in {alias_key(n) for n in (entity.name, *entity.aliases)}
            ],
        )

    def put_change(self, change: EdgeChange) -> None:
        edge, rev = change.edge, change.revision
        if edge.user_id != self.user_id or rev.user_id != self.user_id:
            raise ValueError("user_id: a change must belong to the transaction's user")
        db = self._store._db
        db.execute(
            f"INSERT OR REPLACE INTO edges (edge_id, {_EDGE_COLUMNS})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (edge.edge_id, edge.user_id, edge.src, edge.relation.value, edge.dst, edge.confidence,
             edge.source.value, edge.created_at, edge.updated_at, edge.valid_from, edge.invalid_at,
             json.dumps(edge.evidence), edge.decay_class.value if edge.decay_class else None),
        )  # fmt: skip
        (seq,) = db.execute(
            "SELECT COALESCE(MAX(seq), 0) + 1 FROM revisions WHERE user_id = ? AND edge_id = ?",
            (self.user_id, rev.edge_id),
        ).fetchone()
        db.execute(
            f"INSERT INTO revisions ({_REVISION_COLUMNS})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (rev.user_id, rev.edge_id, seq, rev.src, rev.relation.value, rev.dst, rev.at,
             rev.action.value, rev.source.value, rev.operator, rev.old_confidence,
             rev.new_confidence, json.dumps(rev.evidence), int(rev.valid)),
        )  # fmt: skip
        db.executemany(
            "INSERT OR IGNORE INTO revision_evidence (user_id, evidence_id, edge_id)"
            " VALUES (?, ?, ?)",
            [(self.user_id, evidence_id, rev.edge_id) for evidence_id in rev.evidence],
        )

    def applied(self, edge_ids: Sequence[str], evidence: Sequence[str]) -> bool:
        edges, ids = ", ".join("?" * len(edge_ids)), ", ".join("?" * len(evidence))
        return bool(
            self._store._query(
                "SELECT 1 FROM revision_evidence WHERE user_id = ?"
                f" AND evidence_id IN ({ids}) AND edge_id IN ({edges}) LIMIT 1",
                (self.user_id, *evidence, *edge_ids),
            )
        )


class SqliteGraphStore(GraphStore):
    """`GraphStore` on one SQLite file (WAL, busy timeout, immediate transactions)."""

    capabilities = frozenset({Capability.ROLLBACK})

    def __init__(self, path: Path | str) -> None:
        self._lock = threading.RLock()
        self._batched = False  # a batch is open (only its thread can hold the lock meanwhile)
        self._db = connect(Path(path))  # WAL, busy timeout, secure delete (erasure leaves no text)
        self._db.row_factory = sqlite3.Row
        with self._immediate():
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            present = {row["name"] for row in self._db.execute("PRAGMA table_info(edges)")}
            for column, sql_type in _ADDED_EDGE_COLUMNS.items():
                if column not in present:
                    self._db.execute(f"ALTER TABLE edges ADD COLUMN {column} {sql_type}")

    @contextmanager
    def _immediate(self) -> Iterator[None]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @contextmanager
    def transaction(self, user_id: str) -> Iterator[_SqliteTx]:
        with self._lock:
            if not self._batched:
                with self._immediate():
                    yield _SqliteTx(self, user_id)
                return
            self._db.execute("SAVEPOINT jiyi_tx")  # inside a batch: undo only this one
            try:
                yield _SqliteTx(self, user_id)
            except BaseException:
                self._db.execute("ROLLBACK TO jiyi_tx")
                self._db.execute("RELEASE jiyi_tx")
                raise
            self._db.execute("RELEASE jiyi_tx")

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One BEGIN IMMEDIATE … COMMIT around every transaction inside (each a savepoint):
        a commit per belief change cost more than the change. The write lock is held for the
        whole batch (other processes wait), so keep a batch to one stream step's turns."""
        with self._lock:
            if self._batched:  # already inside one: join it
                yield
                return
            with self._immediate():
                self._batched = True
                try:
                    yield
                finally:
                    self._batched = False

    def _query(self, sql: str, params: tuple[Any, ...] | dict[str, Any]) -> list[sqlite3.Row]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def entity(self, user_id: str, entity_id: str) -> Entity | None:
        rows = self._query(
            "SELECT * FROM entities WHERE user_id = ? AND entity_id = ?", (user_id, entity_id)
        )
        return _entity_read(rows)

    def entities(self, user_id: str, entity_ids: Sequence[str]) -> dict[str, Entity]:
        rows: list[sqlite3.Row] = []
        for chunk in id_chunks(entity_ids):
            rows += self._query(
                "SELECT * FROM entities WHERE user_id = ?"
                f" AND entity_id IN ({', '.join('?' * len(chunk))})",
                (user_id, *chunk),
            )
        found = read_stored(rows, _entity, "graph_entity", _entity_ids)
        return {entity.entity_id: entity for entity in found}

    def entity_by_alias(self, user_id: str, key: str) -> Entity | None:
        rows = self._query(
            "SELECT e.* FROM aliases a JOIN entities e"
            " ON e.user_id = a.user_id AND e.entity_id = a.entity_id"
            " WHERE a.user_id = ? AND a.alias_key = ?",
            (user_id, key),
        )
        return _entity_read(rows)

    def _edges(
        self,
        user_id: str,
        src: str | None,
        relation: RelationKind | None,
        dst: str | None,
        include_invalid: bool,
    ) -> list[Edge]:
        rows = self._query(
            f"SELECT {_EDGE_COLUMNS} FROM edges WHERE user_id = :user"
            " AND (:src IS NULL OR src = :src) AND (:rel IS NULL OR relation = :rel)"
            " AND (:dst IS NULL OR dst = :dst) AND (:all OR invalid_at IS NULL)"
            " ORDER BY updated_at DESC, edge_id",
            {
                "user": user_id,
                "src": src,
                "rel": relation.value if relation else None,
                "dst": dst,
                "all": include_invalid,
            },
        )
        return _edges_read(rows)

    def edges(
        self,
        user_id: str,
        *,
        src: str | None = None,
        relation: RelationKind | None = None,
        dst: str | None = None,
        include_invalid: bool = False,
    ) -> list[Edge]:
        return self._edges(user_id, src, relation, dst, include_invalid)

    def scan_edges(self) -> list[Edge]:
        rows = self._query(
            f"SELECT {_EDGE_COLUMNS} FROM edges WHERE invalid_at IS NULL ORDER BY user_id, edge_id",
            (),
        )
        return _edges_read(rows)

    def revisions(self, user_id: str, edge_id: str) -> list[EdgeRevision]:
        rows = self._query(
            f"SELECT {_REVISION_COLUMNS} FROM revisions WHERE user_id = ? AND edge_id = ?"
            " ORDER BY seq",
            (user_id, edge_id),
        )
        return read_stored(rows, _revision, "graph_revision", _revision_ids)

    def neighbours(
        self,
        user_id: str,
        entity_id: str,
        relation: RelationKind,
        direction: Direction,
        max_hops: int,
    ) -> list[tuple[str, int]]:
        near, far = ("dst", "src") if direction is Direction.IN else ("src", "dst")
        rows = self._query(
            "WITH RECURSIVE walk(id, hops) AS ("
            " SELECT ?, 0 UNION"
            f" SELECT e.{far}, w.hops + 1 FROM edges e JOIN walk w ON e.{near} = w.id"
            " WHERE e.user_id = ? AND e.relation = ? AND e.invalid_at IS NULL AND w.hops < ?)"
            " SELECT id, MIN(hops) AS hops FROM walk WHERE id != ? GROUP BY id"
            " ORDER BY hops, id",
            (entity_id, user_id, relation.value, check_hops(max_hops), entity_id),
        )
        return [(row["id"], row["hops"]) for row in rows]

    def erase_user(self, user_id: str) -> int:
        """Deleted rows are zeroed (secure_delete) and the WAL is checkpointed and truncated, so
        no copy of the erased text stays in the database files."""
        with self._immediate():
            cleared = 0
            for sql in (
                "DELETE FROM revisions WHERE user_id = ?",
                "DELETE FROM edges WHERE user_id = ?",
                "DELETE FROM aliases WHERE user_id = ?",
                f"DELETE FROM entities WHERE user_id = ? AND entity_id != '{USER_ENTITY_ID}'",
                "UPDATE entities SET name = entity_id, aliases = '[]' WHERE user_id = ?"
                " AND (name != entity_id OR aliases != '[]')",  # a cleared tombstone: not again
            ):
                cleared += self._db.execute(sql, (user_id,)).rowcount
            # the revisions' evidence index: not records of their own, so not counted
            self._db.execute("DELETE FROM revision_evidence WHERE user_id = ?", (user_id,))
        with self._lock:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return cleared

    def close(self) -> None:
        with self._lock:
            self._db.close()
