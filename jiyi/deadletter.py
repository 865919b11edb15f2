"""The dead-letter store: turns that could not be processed, with the reason, for later replay.

Nothing is dropped silently: a malformed payload lands here verbatim with where it failed and
why, `jiyi dead-letter list` shows it, and `replay` re-drives it once the cause is fixed.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from jiyi import clock
from jiyi.sqlite_util import connect, create_schema, erase_rows

_SCHEMA = """
CREATE TABLE IF NOT EXISTS dead_letters (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    received_at INTEGER NOT NULL,
    stage TEXT NOT NULL,
    reason TEXT NOT NULL,
    key TEXT NOT NULL,
    payload TEXT NOT NULL,
    replayed_at INTEGER
);
CREATE INDEX IF NOT EXISTS dead_letters_by_key ON dead_letters (key);
"""


@dataclass(frozen=True, slots=True)
class DeadLetter:
    id: int
    received_at: int
    stage: str
    reason: str
    key: str
    payload: str
    replayed_at: int | None


class DeadLetterStore:
    def __init__(self, path: Path) -> None:
        self._connection = connect(path)
        create_schema(self._connection, _SCHEMA)
        self._lock = threading.Lock()

    def put(self, payload: str, stage: str, reason: str, key: str = "") -> int:
        """Record a failed payload; `key` is its user id when one could be read."""
        with self._lock:
            cursor = self._connection.execute(
                "INSERT INTO dead_letters (received_at, stage, reason, key, payload) "
                "VALUES (?, ?, ?, ?, ?)",
                (clock.now_ms(), stage, reason, key, payload),
            )
        return int(cursor.lastrowid or 0)

    def pending(self, payload: str, stage: str) -> bool:
        """Whether this payload already waits here for the same stage (not yet replayed): a
        stream that replays after a crash checks it so a bad turn is dead-lettered once."""
        with self._lock:
            row = self._connection.execute(
                "SELECT 1 FROM dead_letters WHERE payload = ? AND stage = ? "
                "AND replayed_at IS NULL LIMIT 1",
                (payload, stage),
            ).fetchone()
        return row is not None

    def entries(self, include_replayed: bool = False, limit: int = 100) -> list[DeadLetter]:
        where = "" if include_replayed else "WHERE replayed_at IS NULL"
        with self._lock:
            rows = self._connection.execute(
                f"SELECT id, received_at, stage, reason, key, payload, replayed_at "
                f"FROM dead_letters {where} ORDER BY id LIMIT ?",
                (limit,),
            ).fetchall()
        return [DeadLetter(*row) for row in rows]

    def mark_replayed(self, ids: list[int]) -> None:
        with self._lock:
            self._connection.executemany(
                "UPDATE dead_letters SET replayed_at = ? WHERE id = ?",
                [(clock.now_ms(), i) for i in ids],
            )

    def erase_user(self, user_id: str) -> int:
        """Remove a user's dead letters: by key, and any payload naming the user as its user_id."""
        quoted = f'"user_id": "{user_id}"'
        compact = f'"user_id":"{user_id}"'
        with self._lock:
            return erase_rows(
                self._connection,
                (
                    "DELETE FROM dead_letters "
                    "WHERE key = ? OR instr(payload, ?) OR instr(payload, ?)",
                    (user_id, quoted, compact),
                ),
            )

    def count(self) -> int:
        with self._lock:
            return int(self._connection.execute("SELECT count(*) FROM dead_letters").fetchone()[0])

    def close(self) -> None:
        self._connection.close()
