"""The append-only audit log: who changed which belief, from what, and by how much.

Every graph write (and every refused one) lands here: operator, source, user, edge, old and
new confidence, evidence event ids and time. Never the raw text. SQLite triggers refuse UPDATE
and DELETE, so the log cannot be rewritten through this or any other connection.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from jiyi.sqlite_util import connect

_SCHEMA = """
CREATE TABLE IF NOT EXISTS audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, operator TEXT NOT NULL,
    action TEXT NOT NULL, outcome TEXT NOT NULL, source TEXT, user_id TEXT NOT NULL,
    edge_id TEXT, relation TEXT, old_confidence REAL, new_confidence REAL,
    evidence TEXT NOT NULL, reason TEXT
);
CREATE INDEX IF NOT EXISTS audit_by_user ON audit (user_id, id);
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
"""

_COLUMNS = (
    "at, operator, action, outcome, source, user_id, edge_id, relation, old_confidence, "
    "new_confidence, evidence, reason"
)


class AuditOutcome(StrEnum):
    APPLIED = "applied"
    SKIPPED = "skipped"  # a rule chose not to write (e.g. a human-set belief wins)
    REJECTED = "rejected"  # bad input; nothing was written


class AuditEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    at: int = Field(ge=0, description="epoch milliseconds")
    operator: str = Field(min_length=1, max_length=100)
    action: str = Field(min_length=1, max_length=50)
    outcome: AuditOutcome
    source: str | None = None
    user_id: str
    edge_id: str | None = None
    relation: str | None = None
    old_confidence: float | None = None
    new_confidence: float | None = None
    evidence: list[str] = Field(default_factory=list)
    reason: str | None = Field(default=None, max_length=300)


class AuditLog:
    """One SQLite table in WAL mode; safe to append from several processes."""

    def __init__(self, path: Path | str) -> None:
        self._lock = threading.Lock()
        # WAL + NORMAL: a committed entry survives a process crash; only power loss can drop the
        # last few, as for the graph store they describe (FULL cost an fsync, ~4 ms, per write).
        self._db = connect(Path(path))
        self._db.executescript(_SCHEMA)

    def append(self, entries: Iterable[AuditEntry]) -> None:
        """Append entries in one transaction: all of them or none."""
        rows = [
            (e.at, e.operator, e.action, e.outcome.value, e.source, e.user_id, e.edge_id,
             e.relation, e.old_confidence, e.new_confidence, json.dumps(e.evidence), e.reason)
            for e in entries
        ]  # fmt: skip
        if not rows:
            return
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany(
                    f"INSERT INTO audit ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    rows,
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def entries(self, user_id: str | None = None, edge_id: str | None = None) -> list[AuditEntry]:
        """Entries oldest first, optionally for one user and/or one edge."""
        with self._lock:
            cursor = self._db.execute(
                f"SELECT {_COLUMNS} FROM audit WHERE (:user IS NULL OR user_id = :user)"
                " AND (:edge IS NULL OR edge_id = :edge) ORDER BY id",
                {"user": user_id, "edge": edge_id},
            )
            names = [d[0] for d in cursor.description]
            rows = cursor.fetchall()
        return [
            AuditEntry.model_validate(
                dict(zip(names, row, strict=True)) | {"evidence": json.loads(row[10])}
            )
            for row in rows
        ]

    def close(self) -> None:
        with self._lock:
            self._db.close()
