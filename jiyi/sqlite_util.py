"""SQLite connections set up the same way everywhere: WAL, a busy timeout, secure delete.

WAL lets the stream, the API and the nightly batch (separate processes) write the same file
safely; the busy timeout turns short lock waits into waits instead of errors; secure delete
zeroes deleted rows on disk, so erasure leaves no readable trace once the WAL is scrubbed.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

BUSY_TIMEOUT_MS = 30_000


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(
        path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    _use_wal(connection)
    connection.execute("PRAGMA synchronous=NORMAL")
    connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    connection.execute("PRAGMA secure_delete=ON")
    return connection


def _use_wal(connection: sqlite3.Connection) -> None:
    """Switch to WAL, waiting out another process switching the same new file: SQLite fails
    the switch at once with "database is locked" rather than calling the busy handler."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def create_schema(connection: sqlite3.Connection, script: str) -> None:
    """Run a schema script as one write transaction that takes the write lock first.

    Two processes may open a new file at once (the stream and the API start together). In
    autocommit, `CREATE TABLE IF NOT EXISTS` reads the schema and then writes; if the other
    process wrote in between, SQLite fails it at once with "database is locked", busy timeout
    or not. `BEGIN IMMEDIATE` waits for the lock under the busy timeout instead."""
    try:
        connection.executescript(f"BEGIN IMMEDIATE;\n{script}\nCOMMIT;")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def scrub(connection: sqlite3.Connection) -> None:
    """Checkpoint and truncate the WAL after an erasure: old page images of deleted rows live
    in the WAL until then. Best effort while another process is reading (it cannot block)."""
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")


@contextmanager
def write_transaction(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE … COMMIT, rolled back on any error: all of it is written, or none."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def erase_rows(connection: sqlite3.Connection, *statements: tuple[str, tuple[object, ...]]) -> int:
    """Run DELETE statements in one transaction, then scrub the WAL; returns rows removed."""
    with write_transaction(connection):
        removed = sum(connection.execute(sql, params).rowcount for sql, params in statements)
    scrub(connection)
    return removed
