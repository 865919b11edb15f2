"""A user's episodic rows kept between reads, in memory and on disk, valid across processes.

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

Most writes only add rows (a turn's new events), and a cached copy one write behind needs only
those: re-reading the table cost about 10 ms of CPU (LanceDB's threads included) against 6 for
the whole recall that follows. So a writer whose write only appended keeps what it appended
beside the bump, chained to the user's previous mark, and a reader holding the rows of that
mark adds them (`UserRowsCache.rows`). Any other write (an update, a deletion) drops the
user's entries, and entries live two of its user's writes and `FEED_WRITES` writes of anyone,
so a reader further behind reads the table.

Memory holds a few dozen users; a recall of anyone else read the table. So the file also keeps
each user's whole rows as one Arrow IPC value, a pack, written behind the first read that had
to go to the table (a process's later reads of that user, or another process's, take it: 0.65
ms of CPU for 200 rows against LanceDB's 3.4, BENCHMARKS.md session 55). A pack is the rows as
of its mark, and serves while the entries appended since chain it to the user's current mark:
such entries are kept until the writer folds them into the pack, every `PACK_CHAIN`th of them.
A write that did more than append drops the pack with the chain (secure delete zeroes what it
held), and lists the user as unpacked: the next read writes it again, or the nightly batch
does first (`LanceEpisodicStore.repack`), for the users its merging and archiving rewrote; a
store re-embedded into a new space packs the users read in the old one before it replaces it. A
pack serves only the machine boot that wrote it (`BOOT`). The price is disk: a second copy of
every read user's rows.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Generic, Protocol, TypeVar

import pyarrow as pa
import pyarrow.compute as pc

from jiyi.health import skip_stored_value
from jiyi.sqlite_util import connect, create_schema, erase_rows, write_transaction

_SCHEMA = """
CREATE TABLE IF NOT EXISTS marks (user_id TEXT PRIMARY KEY, mark INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS counter (only INTEGER PRIMARY KEY CHECK (only = 0), value INTEGER);
INSERT OR IGNORE INTO counter (only, value) VALUES (0, 0);
CREATE TABLE IF NOT EXISTS appends (
    user_id TEXT NOT NULL, mark INTEGER NOT NULL, after INTEGER, rows BLOB NOT NULL,
    packed INTEGER NOT NULL, PRIMARY KEY (user_id, mark)
);
CREATE INDEX IF NOT EXISTS appends_unpacked ON appends (mark) WHERE packed = 0;
CREATE TABLE IF NOT EXISTS packs (
    user_id TEXT PRIMARY KEY, mark INTEGER NOT NULL, boot TEXT NOT NULL, rows BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS unpacked (user_id TEXT PRIMARY KEY);
DROP TABLE IF EXISTS appended;
"""
# `appends.packed`: the entry follows the user's pack, and is kept until folded into it.
# `unpacked`: users whose pack a write dropped, until one is written again (`UserMarks.unpacked`).
# `appended` held session 55's entries, which predate packs: a cache, so dropped, not moved.
# The next mark. A counter that is not a number (a damaged file) goes on from the highest mark
# in use, never back: a mark met again would pass a stale copy for current.
_NEXT_MARK = """
UPDATE counter SET value = 1 + CASE WHEN typeof(value) = 'integer' THEN value ELSE MAX(
    IFNULL((SELECT MAX(mark) FROM marks), 0), IFNULL((SELECT MAX(mark) FROM appends), 0),
    IFNULL((SELECT MAX(mark) FROM packs), 0)
) END RETURNING value
"""
CACHE_BYTES = 64 * 1024 * 1024  # ≈ 160 users of 200 events (1.9 KB each, vector included)
# A user's entries of appended rows are kept for their last two writes, and for `FEED_WRITES`
# writes of anyone: a reader is rarely more than a write of its user behind, and seconds old,
# and the file stays within those writes' rows (a few KB each).
FEED_WRITES = 64
# A pack's chain is folded into it at this length: a reader adds at most this many entries,
# and a writer rewrites a user's pack once in this many of their appends.
PACK_CHAIN = 16
# Packs waiting for the marks' writing thread, at most: each holds a user's rows (1 MB for 200).
PACKS_QUEUED = 32
PACKING_NICE = 19


def _boot_id() -> str:
    """This boot of the machine (Linux; elsewhere one id for all)."""
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


# Packs serve only the boot that wrote them. SQLite (synchronous=NORMAL) may lose its last
# commits to a power loss or an OS crash, and a pack that outlived the bump after it would
# serve rows without that write's: after a restart of the machine every user is read afresh.
BOOT = _boot_id()
WAL_PAGES = 64
log = logging.getLogger(__name__)


class UserMarks:
    """Per user, the number of the last write that changed their rows, what the writes since a
    copy only appended, and the user's pack; shared by processes. `schema`: the rows' columns
    as a read of the table gives them; a pack in any other (written by another version) is
    not served."""

    def __init__(self, path: Path, schema: pa.Schema) -> None:
        self.schema = schema
        self._connection = _connect(path)
        create_schema(self._connection, _SCHEMA)
        self._lock = threading.Lock()
        # Packs are written on a thread and a connection of their own: a write holds its
        # connection for 2–4 ms, which the next recall's read of a mark would wait out.
        self._packing = ThreadPoolExecutor(
            1, thread_name_prefix="jiyi-packs", initializer=_yield_to_recalls
        )
        self._pack_connection = _connect(path)
        self._pack_lock = threading.Lock()
        self._queued: set[str] = set()  # users whose pack waits for `_packing`
        self._queue_lock = threading.Lock()

    def bump(self, users: Iterable[str], appended: Mapping[str, pa.Table] | None = None) -> None:
        """After a committed write: every process's copy of these users' rows is stale.
        `appended`: for users the write only added rows to, those rows (in the table's
        columns), which a copy as of the user's previous mark can take instead of a read.
        Every other user's pack goes, and a chain that reaches `PACK_CHAIN` is folded."""
        users = sorted(set(users))
        if not users:
            return
        appended = appended or {}
        with self._lock, write_transaction(self._connection) as connection:
            (mark,) = connection.execute(_NEXT_MARK).fetchone()
            entries = []
            for user, rows in appended.items():
                after = self._mark(connection, user)
                packed = after is not None and self._pack_mark(connection, user) is not None
                entries.append((user, mark, after, _ipc(rows), int(packed)))
            connection.executemany(
                "INSERT INTO marks (user_id, mark) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET mark = excluded.mark",
                [(user, mark) for user in users],
            )
            # a chain with a write it cannot replay ends here, and its pack with it
            self._drop_packs(connection, [user for user in users if user not in appended])
            connection.executemany(
                "INSERT INTO appends (user_id, mark, after, rows, packed) VALUES (?, ?, ?, ?, ?)",
                entries,
            )
            connection.executemany(  # this write's entry and the one before it are kept
                "DELETE FROM appends WHERE user_id = ? AND mark < ? AND packed = 0",
                [(user, after) for user, _, after, _, _ in entries if after is not None],
            )
            connection.execute(
                "DELETE FROM appends WHERE packed = 0 AND mark <= ?", (mark - FEED_WRITES,)
            )
            for user, _, _, _, packed in entries:
                if packed and self._chain_length(connection, user) >= PACK_CHAIN:
                    self._fold(connection, user, mark)

    @staticmethod
    def _mark(connection: sqlite3.Connection, user_id: str) -> int | None:
        """The user's mark; None without one, or for one that is not a number (counted,
        `jiyi.health`): the rows are then read from the table, and the next write sets it."""
        row = connection.execute("SELECT mark FROM marks WHERE user_id = ?", (user_id,)).fetchone()
        if row is None:
            return None
        if not isinstance(row[0], int):
            skip_stored_value("user_mark", user_id=user_id)
            return None
        return row[0]

    @staticmethod
    def _pack_mark(connection: sqlite3.Connection, user_id: str) -> int | None:
        row = connection.execute(
            "SELECT mark FROM packs WHERE user_id = ? AND boot = ?", (user_id, BOOT)
        ).fetchone()
        return row[0] if row is not None and isinstance(row[0], int) else None

    @staticmethod
    def _chain_length(connection: sqlite3.Connection, user_id: str) -> int:
        (length,) = connection.execute(
            "SELECT count(*) FROM appends WHERE user_id = ? AND packed = 1", (user_id,)
        ).fetchone()
        return length

    def _fold(self, connection: sqlite3.Connection, user_id: str, mark: int) -> None:
        """Replace the user's pack and its chain with the rows as of `mark`; where the chain
        cannot be replayed (an entry lost), drop both: the next read writes the pack again."""
        rows = self._packed(connection, user_id, mark)
        if rows is None:
            self._drop_packs(connection, [user_id])
        else:
            self._write_pack(connection, user_id, mark, _ipc(rows))

    @staticmethod
    def _drop_packs(connection: sqlite3.Connection, users: Sequence[str]) -> None:
        """Drop these users' packs and chains; those who had a pack are listed `unpacked`."""
        keys = [(user,) for user in users]
        connection.executemany(
            "INSERT OR IGNORE INTO unpacked SELECT user_id FROM packs WHERE user_id = ?", keys
        )
        connection.executemany("DELETE FROM appends WHERE user_id = ?", keys)
        connection.executemany("DELETE FROM packs WHERE user_id = ?", keys)

    @staticmethod
    def _write_pack(
        connection: sqlite3.Connection, user_id: str, mark: int, rows: memoryview
    ) -> None:
        """`rows`: the user's rows as of `mark`, as `_ipc` writes them."""
        connection.execute(
            "INSERT INTO packs (user_id, mark, boot, rows) VALUES (?, ?, ?, ?) ON CONFLICT "
            "(user_id) DO UPDATE SET mark = excluded.mark, boot = excluded.boot, rows = "
            "excluded.rows",
            (user_id, mark, BOOT, rows),
        )
        connection.execute("DELETE FROM appends WHERE user_id = ? AND mark <= ?", (user_id, mark))
        connection.execute("DELETE FROM unpacked WHERE user_id = ?", (user_id,))
        connection.execute(  # written after the pack's mark (a write raced its read)
            "UPDATE appends SET packed = 1 WHERE user_id = ? AND mark > ?", (user_id, mark)
        )

    def pack(self, user_id: str, mark: int, rows: pa.Table) -> bool:
        """Keep `rows`, read from the table after `mark` was seen, as the user's pack, unless a
        write has moved their mark since (its bump may already have passed the pack by) or the
        rows are not in `schema`; whether it was kept."""
        if not rows.schema.equals(self.schema, check_metadata=True):
            return False
        packed = _ipc(rows)
        with self._pack_lock, write_transaction(self._pack_connection) as connection:
            if self._mark(connection, user_id) != mark:
                return False
            self._write_pack(connection, user_id, mark, packed)
            return True

    def unpacked(self, also: Iterable[str] = ()) -> list[str]:
        """Users read before who have no pack that serves: a write dropped theirs (nightly
        merging and archiving rewrite many users at once), or another boot of the machine
        wrote it. Each would read the table at their next recall. `also`: more users to
        count, unless they have a pack that serves (those read in another copy of the store)."""
        with self._lock:
            listed = {user for (user,) in self._connection.execute("SELECT user_id FROM unpacked")}
            served: set[str] = set()
            for user, boot in self._connection.execute("SELECT user_id, boot FROM packs"):
                (served if boot == BOOT else listed).add(user)
        return sorted(listed.union(set(also) - served))

    def read_users(self) -> list[str]:
        """Users with a pack, or listed to get one again: those a copy of the store (one
        re-embedded for a new model) should pack too."""
        with self._lock:
            rows = self._connection.execute(
                "SELECT user_id FROM packs UNION SELECT user_id FROM unpacked"
            ).fetchall()
        return [user for (user,) in rows]

    def pack_later(self, user_id: str, mark: int, rows: pa.Table) -> None:
        """`pack`, on the marks' own thread behind the read that gave `rows`: a recall does not
        wait for it (a user's first pack took 2–4 ms to write, BENCHMARKS.md session 56). A
        user already waiting is not queued again, nor anyone beyond `PACKS_QUEUED`: a later
        read of theirs packs them."""
        with self._queue_lock:
            if user_id in self._queued or len(self._queued) >= PACKS_QUEUED:
                return
            self._queued.add(user_id)
        self._packing.submit(self._pack_queued, user_id, mark, rows)

    def _pack_queued(self, user_id: str, mark: int, rows: pa.Table) -> None:
        try:
            self.pack(user_id, mark, rows)
        except Exception as exc:  # a pack is a copy: the rows are safe in the table
            log.warning("user pack not written", extra={"error": str(exc)})
        finally:
            with self._queue_lock:
                self._queued.discard(user_id)

    def packed(self, user_id: str, mark: int) -> pa.Table | None:
        """The user's rows as of `mark` from their pack and the chain after it; None without a
        pack, or one that the chain does not bring to `mark`."""
        with self._lock:
            return self._packed(self._connection, user_id, mark)

    def _packed(self, connection: sqlite3.Connection, user_id: str, mark: int) -> pa.Table | None:
        row = connection.execute(
            "SELECT mark, rows FROM packs WHERE user_id = ? AND boot = ?", (user_id, BOOT)
        ).fetchone()
        if row is None or not isinstance(row[0], int) or row[0] > mark:
            return None
        rows = _table(row[1], "user_pack", user_id)
        if rows is None or not rows.schema.equals(self.schema, check_metadata=True):
            return None
        if row[0] == mark:
            return rows
        appended = self._appended_since(connection, user_id, row[0], mark)
        return None if appended is None else with_appended(rows, appended)

    def appended_since(self, user_id: str, mark: int, current: int) -> list[pa.Table] | None:
        """What each write after `mark` up to `current` appended to the user's rows, in order;
        None where one of those writes did more than append (or its entry is gone)."""
        with self._lock:
            return self._appended_since(self._connection, user_id, mark, current)

    @staticmethod
    def _appended_since(
        connection: sqlite3.Connection, user_id: str, mark: int, current: int
    ) -> list[pa.Table] | None:
        entries = connection.execute(
            "SELECT mark, after, rows FROM appends "
            "WHERE user_id = ? AND mark > ? AND mark <= ? ORDER BY mark",
            (user_id, mark, current),
        ).fetchall()
        tables, reached = [], mark
        for entry_mark, after, rows in entries:
            table = _table(rows, "user_appended_rows", user_id) if after == reached else None
            if table is None:
                return None
            tables.append(table)
            reached = entry_mark
        return tables if reached == current else None

    def of(self, user_id: str) -> int | None:
        with self._lock:
            return self._mark(self._connection, user_id)

    def forget(self, user_id: str) -> None:
        """Erasure: the user's mark goes too (and with it every cached copy of their rows), and
        every row kept for them here."""
        with self._lock:
            erase_rows(
                self._connection,
                ("DELETE FROM marks WHERE user_id = ?", (user_id,)),
                ("DELETE FROM appends WHERE user_id = ?", (user_id,)),
                ("DELETE FROM packs WHERE user_id = ?", (user_id,)),
                ("DELETE FROM unpacked WHERE user_id = ?", (user_id,)),
            )

    def close(self) -> None:
        """Write the packs still queued, then close the file."""
        self._packing.shutdown(wait=True)
        self._pack_connection.close()
        self._connection.close()


def _connect(path: Path) -> sqlite3.Connection:
    connection = connect(path)
    # Appended rows pass through the write-ahead log, which keeps its largest size on disk
    # (4 MB at SQLite's default checkpoint): checkpoint sooner, and cut it back after.
    connection.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
    connection.execute(f"PRAGMA journal_size_limit={WAL_PAGES * 4096}")
    return connection


def _yield_to_recalls() -> None:
    """The thread that writes packs runs at the lowest priority (Linux sets it per thread), so
    that on two cores it takes what recalls leave: a pack is written beside the ranking of the
    recall that read it and the next recall, which it slowed by 3.7 ms at p50 at the normal
    priority and by 0.9–2.0 ms at this one (BENCHMARKS.md session 56). While recalls keep
    both cores busy, packs wait, and beyond `PACKS_QUEUED` a later read writes them."""
    with contextlib.suppress(AttributeError, OSError):  # not Linux: the process's priority
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), PACKING_NICE)


class UserRowsCache:
    """Users' rows by the mark they were read under, least recently used first out, within
    `max_bytes`; thread-safe. `packs`: take users' packs, and write them, too."""

    def __init__(self, max_bytes: int = CACHE_BYTES, packs: bool = True) -> None:
        self.max_bytes = max_bytes
        self.packs = packs
        self._rows: OrderedDict[str, tuple[int, pa.Table]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def rows(self, user_id: str, marks: UserMarks, read: Callable[[], pa.Table]) -> pa.Table:
        """The user's rows as of their current mark: the copy held, that copy with what the
        writes since appended, the user's pack (brought to the mark), or `read()`, which then
        becomes the pack (the mark is read first: see the module)."""
        mark = marks.of(user_id)
        held = self._held(user_id)
        if held is not None and mark is not None and held[0] == mark:
            return held[1]
        rows = None
        if held is not None and mark is not None and held[0] < mark:
            appended = marks.appended_since(user_id, held[0], mark)
            rows = None if appended is None else with_appended(held[1], appended)
        if rows is None and mark is not None and self.packs:
            rows = marks.packed(user_id, mark)
        if rows is None:
            rows = read()
            if mark is not None and self.packs:
                marks.pack_later(user_id, mark, rows)
        self.put(user_id, mark, rows)
        return rows

    def _held(self, user_id: str) -> tuple[int, pa.Table] | None:
        with self._lock:
            held = self._rows.get(user_id)
            if held is not None:
                self._rows.move_to_end(user_id)
            return held

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


def with_appended(rows: pa.Table, appended: Sequence[pa.Table]) -> pa.Table | None:
    """`rows` followed by `appended`, as a read of the table would give them; None where that
    cannot be known: an appended row is already there (the copy was read after that write
    committed and before its mark), or the columns differ (another process changed the
    table's)."""
    try:
        added = pa.concat_tables([table.cast(rows.schema) for table in appended])
    except (ValueError, TypeError, NotImplementedError):  # what Arrow raises for unlike columns
        return None
    if pc.any(pc.is_in(added["event_id"], value_set=rows["event_id"].combine_chunks())).as_py():
        return None
    return pa.concat_tables([rows, added]).combine_chunks()


def _ipc(rows: pa.Table) -> memoryview:
    """`rows` as one Arrow IPC stream, each column in one piece (so are its reads)."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, rows.schema) as writer:
        writer.write_table(rows.combine_chunks())
    return memoryview(sink.getvalue())  # SQLite binds it as a blob: no copy to bytes


def _table(blob: object, kind: str, user_id: str) -> pa.Table | None:
    """Rows kept as Arrow IPC (a pack, appended rows); None, counted, where they cannot be
    read: the caller then reads the table."""
    try:
        if not isinstance(blob, bytes):  # Arrow would open a string as a file's path
            raise TypeError("not a blob")
        return pa.ipc.open_stream(blob).read_all()
    except (pa.ArrowException, TypeError, ValueError):
        skip_stored_value(kind, user_id=user_id)
        return None


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
