"""The append-only audit log: who changed which belief, from what, and by how much.

Every graph write (and every refused one) lands here: operator, source, user, edge, old and
new confidence, evidence event ids and time. Never text from a turn or a request: reasons are
fixed phrases or codes. SQLite triggers refuse UPDATE and DELETE, so the log cannot be rewritten
through this or any other connection; the one exception is `erase_user`, which lifts the DELETE
guard inside its own transaction, so no other writer ever sees the log unguarded.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from jiyi.health import read_stored
from jiyi.sqlite_util import connect, create_schema, scrub, write_transaction

# Entries that record an erasure (by `Memory.erase` and `GraphService.erase_user`): erasing a
# user keeps them as the proof, and they hold who, when and the user id only.
ERASURE_ACTIONS = ("erase", "erase_user")

_NO_DELETE = """
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
"""

_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, operator TEXT NOT NULL,
    action TEXT NOT NULL, outcome TEXT NOT NULL, source TEXT, user_id TEXT NOT NULL,
    edge_id TEXT, relation TEXT, old_confidence REAL, new_confidence REAL,
    evidence TEXT NOT NULL, reason TEXT
);
CREATE INDEX IF NOT EXISTS audit_by_user ON audit (user_id, id);
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
{_NO_DELETE}"""

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


def _entry(fields: dict[str, object]) -> AuditEntry:
    return AuditEntry.model_validate(fields | {"evidence": json.loads(str(fields["evidence"]))})


def _entry_ids(fields: dict[str, object]) -> dict[str, str]:
    return {"user_id": str(fields["user_id"]), "item_id": f"{fields['action']} at {fields['at']}"}


class AuditLog:
    """One SQLite table in WAL mode; safe to append from several processes."""

    def __init__(self, path: Path | str) -> None:
        self._lock = threading.Lock()
        # WAL + NORMAL: a committed entry survives a process crash; only power loss can drop the
        # last few, as for the graph store they describe (FULL cost an fsync, ~4 ms, per write).
        self._db = connect(Path(path))
        create_schema(self._db, _SCHEMA)

    def append(self, entries: Iterable[AuditEntry]) -> None:
        """Append entries in one transaction: all of them or none."""
        rows = [
            (e.at, e.operator, e.action, e.outcome.value, e.source, e.user_id, e.edge_id,
             e.relation, e.old_confidence, e.new_confidence, json.dumps(e.evidence), e.reason)
            for e in entries
        ]  # fmt: skip
        if not rows:
            return
        with self._lock, write_transaction(self._db):
            self._db.executemany(
                f"INSERT INTO audit ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows
            )

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
        fields = [dict(zip(names, row, strict=True)) for row in rows]
        return read_stored(fields, _entry, "audit_entry", _entry_ids)

    def erase_user(self, user_id: str) -> int:
        """Delete the user's entries, all but the records of erasures; returns how many went.

        Deleted, not tombstoned: an edge id is a hash of the user, the relation and the object,
        so a guessed object can be checked against it, and relations, confidences, evidence ids
        and times still tell what was believed about the person; a per-entry "who and when"
        tombstone would keep that history's shape. The erasure records stay as the proof (they
        hold no content), which also makes a second erasure remove nothing. Deleted rows are
        zeroed (`secure_delete`, set by `connect`) and the WAL, which still holds their old page
        images, is checkpointed and truncated: no copy stays in the database files.
        """
        with self._lock:
            with write_transaction(self._db):
                self._db.execute("DROP TRIGGER audit_no_delete")
                removed = self._db.execute(
                    "DELETE FROM audit WHERE user_id = ? AND action NOT IN "
                    f"({', '.join('?' * len(ERASURE_ACTIONS))})",
                    (user_id, *ERASURE_ACTIONS),
                ).rowcount
                self._db.execute(_NO_DELETE)
            scrub(self._db)
        return removed

    def close(self) -> None:
        with self._lock:
            self._db.close()
