"""The embedded turn log: one SQLite file per partition, append-only, offsets are row ids.

Several writer processes may append at once (SQLite WAL + busy timeout serialise them), a writer
that crashes mid-append leaves either the whole record or nothing (one transaction per append),
and readers page by offset, which is what the stream's recovery snapshots.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

from jiyi import clock
from jiyi.domain import Turn
from jiyi.keyfile import create_once
from jiyi.sqlite_util import connect, create_schema, erase_rows, write_transaction
from jiyi.turnlog.base import LogRecord, TurnLog, erasure_payload, partition_for

_SCHEMA = """
CREATE TABLE IF NOT EXISTS turns (
    offset INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL,
    payload TEXT NOT NULL,
    appended_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS turns_by_key ON turns (key);
"""
# Added after the first release: a partition file written before it gains the column on open.
_TURN_IDS = """
CREATE UNIQUE INDEX IF NOT EXISTS turns_by_turn_id ON turns (turn_id) WHERE turn_id IS NOT NULL;
"""


PARTITIONS_FILE = "partitions"


def _claim_partition_count(directory: Path, partitions: int) -> int:
    """The log's partition count, set once by whoever opens the directory first: two
    processes opening a new log at once (the stream and the API) agree on one count, and
    neither mistakes the other's half-created partitions for a log of another size. A log
    from before the count file keeps the count its partition files show."""
    existing = len(list(directory.glob("partition-*.sqlite")))
    return int(
        create_once(directory / PARTITIONS_FILE, str(existing or partitions).encode(), 0o644)
    )


class LocalTurnLog(TurnLog):
    def __init__(self, directory: Path, partitions: int = 4) -> None:
        self.directory = directory
        self.partitions = partitions
        self._connections: dict[int, sqlite3.Connection] = {}
        self._lock = threading.Lock()
        directory.mkdir(parents=True, exist_ok=True)
        existing = _claim_partition_count(directory, partitions)
        if existing != partitions:
            raise ValueError(
                f"turn_log.partitions is {partitions} but {directory} holds {existing} "
                "partitions; keep the old count or migrate the log"
            )
        with self._lock:  # create every partition now, so the count on disk is the truth
            for partition in range(partitions):
                self._connection(partition)

    def _connection(self, partition: int) -> sqlite3.Connection:
        """The partition's connection (opened on first use); call with the lock held."""
        connection = self._connections.get(partition)
        if connection is None:
            connection = connect(self.directory / f"partition-{partition:03d}.sqlite")
            create_schema(connection, _SCHEMA)
            with write_transaction(connection):  # a log from before turn ids
                columns = {row[1] for row in connection.execute("PRAGMA table_info(turns)")}
                if "turn_id" not in columns:
                    connection.execute("ALTER TABLE turns ADD COLUMN turn_id TEXT")
            create_schema(connection, _TURN_IDS)
            self._connections[partition] = connection
        return connection

    def append(self, turn: Turn) -> LogRecord:
        """Append a turn once: the same turn again (a retried request) returns its record."""
        payload, key = turn.model_dump_json(), turn.user_id
        partition = partition_for(key, self.partitions)
        with self._lock:
            connection = self._connection(partition)
            row = connection.execute(
                "INSERT INTO turns (key, payload, appended_at, turn_id) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (turn_id) WHERE turn_id IS NOT NULL DO NOTHING RETURNING offset",
                (key, payload, clock.now_ms(), turn.turn_id),
            ).fetchone()
            if row is None:
                row = connection.execute(
                    "SELECT offset, payload FROM turns WHERE turn_id = ?", (turn.turn_id,)
                ).fetchone()
                payload = row[1]
        return LogRecord(partition, int(row[0]), key, payload)

    def holds(self, turn_ids: Sequence[str]) -> set[str]:
        ids = list(dict.fromkeys(turn_ids))
        if not ids:
            return set()
        marks = ", ".join("?" * len(ids))
        with self._lock:
            return {
                row[0]
                for partition in range(self.partitions)
                for row in self._connection(partition).execute(
                    f"SELECT turn_id FROM turns WHERE turn_id IN ({marks})", ids
                )
            }

    def append_raw(self, payload: str, key: str) -> LogRecord:
        """Append as given, even again: a replay re-drives a payload on purpose."""
        partition = partition_for(key, self.partitions)
        with self._lock:
            cursor = self._connection(partition).execute(
                "INSERT INTO turns (key, payload, appended_at) VALUES (?, ?, ?)",
                (key, payload, clock.now_ms()),
            )
        return LogRecord(partition, int(cursor.lastrowid or 0), key, payload)

    def read(self, partition: int, after: int = 0, limit: int = 500) -> list[LogRecord]:
        """Records of one partition with offset > `after`, oldest first."""
        with self._lock:
            rows = (
                self._connection(partition)
                .execute(
                    "SELECT offset, key, payload FROM turns WHERE offset > ? "
                    "ORDER BY offset LIMIT ?",
                    (after, limit),
                )
                .fetchall()
            )
        return [LogRecord(partition, offset, key, payload) for offset, key, payload in rows]

    def head(self, partition: int) -> int:
        """The highest offset ever appended to a partition (0 when empty); offsets are never
        reused, even after erasure deletes records (AUTOINCREMENT)."""
        with self._lock:
            row = (
                self._connection(partition)
                .execute("SELECT seq FROM sqlite_sequence WHERE name = 'turns'")
                .fetchone()
            )
        return int(row[0]) if row else 0

    def erase_user(self, user_id: str) -> int:
        with self._lock:
            connection = self._connection(partition_for(user_id, self.partitions))
            return erase_rows(
                connection,
                ("DELETE FROM turns WHERE key = ? AND payload != ?",
                 (user_id, erasure_payload(user_id))),
            )  # fmt: skip

    def close(self) -> None:
        with self._lock:
            for connection in self._connections.values():
                connection.close()
            self._connections.clear()
