"""A user's episodic rows kept in memory between reads, valid across processes.

Reading one user's rows from LanceDB costs about 4.5 ms of CPU however few rows the user has
(a query plan, a scan of the index and the fragments), which is a third of a recall. The rows
only change when something writes them, so every writer, in any process, bumps the user's mark
in a small SQLite file beside the table after it commits, and a reader serves its cached copy
for as long as the mark it was read under is still current.

Order is what makes it safe: a writer commits, then bumps; a reader reads the mark, then the
rows. A reader that races a write may cache rows newer than its mark, never older: the bump
that follows invalidates them. Marks come from one counter that never goes back, and a user
without a mark is never cached, so after an erasure (which removes the user's mark) no process
can serve rows read before it.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from pathlib import Path
from typing import Generic, Protocol, TypeVar

import pyarrow as pa

from jiyi.sqlite_util import connect, create_schema, erase_rows, write_transaction

_SCHEMA = """
CREATE TABLE IF NOT EXISTS marks (user_id TEXT PRIMARY KEY, mark INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS counter (only INTEGER PRIMARY KEY CHECK (only = 0), value INTEGER);
INSERT OR IGNORE INTO counter (only, value) VALUES (0, 0);
"""
CACHE_BYTES = 64 * 1024 * 1024  # ≈ 160 users of 200 events (1.9 KB each, vector included)


class UserMarks:
    """Per user, the number of the last write that changed their rows, shared by processes."""

    def __init__(self, path: Path) -> None:
        self._connection = connect(path)
        create_schema(self._connection, _SCHEMA)
        self._lock = threading.Lock()

    def bump(self, users: Iterable[str]) -> None:
        """After a committed write: every process's copy of these users' rows is stale."""
        users = sorted(set(users))
        if not users:
            return
        with self._lock, write_transaction(self._connection) as connection:
            (mark,) = connection.execute(
                "UPDATE counter SET value = value + 1 RETURNING value"
            ).fetchone()
            connection.executemany(
                "INSERT INTO marks (user_id, mark) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET mark = excluded.mark",
                [(user, mark) for user in users],
            )

    def of(self, user_id: str) -> int | None:
        with self._lock:
            row = self._connection.execute(
                "SELECT mark FROM marks WHERE user_id = ?", (user_id,)
            ).fetchone()
        return None if row is None else int(row[0])

    def forget(self, user_id: str) -> None:
        """Erasure: the user's mark goes too (and with it every cached copy of their rows)."""
        with self._lock:
            erase_rows(self._connection, ("DELETE FROM marks WHERE user_id = ?", (user_id,)))

    def close(self) -> None:
        self._connection.close()


class UserRowsCache:
    """Users' rows by the mark they were read under, least recently used first out, within
    `max_bytes`; thread-safe."""

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self._rows: OrderedDict[str, tuple[int, pa.Table]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, user_id: str, mark: int | None) -> pa.Table | None:
        if mark is None:
            return None
        with self._lock:
            held = self._rows.get(user_id)
            if held is None or held[0] != mark:
                return None
            self._rows.move_to_end(user_id)
            return held[1]

    def put(self, user_id: str, mark: int | None, rows: pa.Table) -> None:
        """Keep `rows`, read after `mark` was seen; a user without a mark is not kept."""
        if mark is None or rows.nbytes > self.max_bytes:
            return
        with self._lock:
            self._drop(user_id)
            self._rows[user_id] = (mark, rows)
            self._bytes += rows.nbytes
            while self._bytes > self.max_bytes:
                self._drop(next(iter(self._rows)))

    def _drop(self, user_id: str) -> None:
        held = self._rows.pop(user_id, None)
        if held is not None:
            self._bytes -= held[1].nbytes


class HasBytes(Protocol):
    """What `DerivedCache` keeps: anything that says what it takes."""

    nbytes: int


D = TypeVar("D", bound=HasBytes)


class DerivedCache(Generic[D]):
    """Values worked out from a table (`make`), kept while that very table lives and the `key`
    they were made for is asked again, least recently used first out within `max_bytes`;
    thread-safe. The row cache hands out the same table object for a user until their next
    write, so what recall derives from it once serves every recall in between, and dies with
    it: no mark to check, nothing stale to serve."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._held: OrderedDict[int, tuple[weakref.ref[pa.Table], Hashable, D]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.RLock()  # a table's last reference may go inside a held lock

    def get(self, table: pa.Table, key: Hashable, make: Callable[[], D]) -> D:
        ident = id(table)
        with self._lock:
            held = self._held.get(ident)
            if held is not None and held[0]() is table and held[1] == key:
                self._held.move_to_end(ident)
                return held[2]
        value = make()  # two threads may both make it: the same value, the last one kept
        if value.nbytes > self.max_bytes:
            return value
        with self._lock:
            self._drop(ident)
            self._held[ident] = (weakref.ref(table, self._gone(ident)), key, value)
            self._bytes += value.nbytes
            while self._bytes > self.max_bytes:
                self._drop(next(iter(self._held)))
        return value

    def _gone(self, ident: int) -> Callable[[weakref.ref[pa.Table]], None]:
        def drop(ref: weakref.ref[pa.Table]) -> None:
            with self._lock:
                held = self._held.get(ident)
                if held is not None and held[0] is ref:
                    self._drop(ident)

        return drop

    def _drop(self, ident: int) -> None:
        held = self._held.pop(ident, None)
        if held is not None:
            self._bytes -= held[2].nbytes

    def __len__(self) -> int:
        return len(self._held)
