"""What users said about recalled memories: "useful" or "don't bring that up".

Kept apart from the events themselves so the nightly metrics can compute the memory
interference rate (don't-bring-up per recalled item) and erasure can remove it.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pyarrow as pa

from jiyi import clock
from jiyi.domain.recall import FeedbackKind
from jiyi.health import read_stored
from jiyi.sqlite_util import connect, create_schema, erase_rows, write_transaction

_SCHEMA = """
CREATE TABLE IF NOT EXISTS recalls (
    user_id TEXT NOT NULL, event_id TEXT NOT NULL, at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS feedback (
    user_id TEXT NOT NULL, event_id TEXT NOT NULL, kind TEXT NOT NULL, at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS recalls_by_user ON recalls (user_id);
CREATE INDEX IF NOT EXISTS feedback_by_user ON feedback (user_id);
"""


RECALLS_SCHEMA = pa.schema(
    [("user_id", pa.string()), ("event_id", pa.string()), ("at", pa.int64())]
)
FEEDBACK_SCHEMA = pa.schema(
    [("user_id", pa.string()), ("event_id", pa.string()), ("kind", pa.string()), ("at", pa.int64())]
)


def _table(rows: list[tuple[object, ...]], schema: pa.Schema, kind: str) -> pa.Table:
    """The rows as `schema`, less any holding a value of another type (a damaged file: counted
    as `kind`, `jiyi.health`), so one such row cannot stop the nightly metrics."""
    types = tuple(str if pa.types.is_string(f.type) else int for f in schema)

    def typed(row: tuple[object, ...]) -> tuple[object, ...]:
        if not all(type(value) is t for value, t in zip(row, types, strict=True)):
            raise TypeError("a stored value of another type")
        return row

    def ids(row: tuple[object, ...]) -> dict[str, str]:
        return {"user_id": str(row[0]), "item_id": str(row[1])}

    rows = read_stored(rows, typed, kind, ids)
    columns = list(zip(*rows, strict=True)) if rows else [[] for _ in schema]
    return pa.table([pa.array(c, f.type) for c, f in zip(columns, schema, strict=True)], schema)


class FeedbackLog:
    def __init__(self, path: Path) -> None:
        self._connection = connect(path)
        create_schema(self._connection, _SCHEMA)
        self._lock = threading.Lock()

    def recalled(self, user_id: str, event_ids: list[str], at: int | None = None) -> None:
        """Log one recall's events in one transaction: in autocommit each row was a commit of
        its own, and every commit a chance to wait for the other API worker's write lock."""
        when = at or clock.now_ms()
        with self._lock, write_transaction(self._connection):
            self._connection.executemany(
                "INSERT INTO recalls (user_id, event_id, at) VALUES (?, ?, ?)",
                [(user_id, event_id, when) for event_id in event_ids],
            )

    def record(
        self, user_id: str, event_id: str, kind: FeedbackKind, at: int | None = None
    ) -> None:
        with self._lock:
            self._connection.execute(
                "INSERT INTO feedback (user_id, event_id, kind, at) VALUES (?, ?, ?, ?)",
                (user_id, event_id, kind.value, at or clock.now_ms()),
            )

    def frames(self) -> tuple[pa.Table, pa.Table]:
        """(recalls, feedback) as Arrow tables, for the nightly metrics."""
        with self._lock:
            recalls = self._connection.execute("SELECT user_id, event_id, at FROM recalls")
            recall_rows = recalls.fetchall()
            feedback = self._connection.execute("SELECT user_id, event_id, kind, at FROM feedback")
            feedback_rows = feedback.fetchall()
        return (
            _table(recall_rows, RECALLS_SCHEMA, "recall_row"),
            _table(feedback_rows, FEEDBACK_SCHEMA, "feedback_row"),
        )

    def erase_user(self, user_id: str) -> int:
        with self._lock:
            return erase_rows(
                self._connection,
                ("DELETE FROM recalls WHERE user_id = ?", (user_id,)),
                ("DELETE FROM feedback WHERE user_id = ?", (user_id,)),
            )

    def close(self) -> None:
        self._connection.close()
