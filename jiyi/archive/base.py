"""The cold archive contract and its one implementation over any pyarrow filesystem.

Archived events are Parquet files laid out as `<root>/date=YYYY-MM-DD/bucket=NN/part-<id>.parquet`
(the event's UTC day, and a stable bucket of its user id), so a day or a user's bucket can be read
or erased without touching the rest. Backends differ only in the filesystem they hand over
(`local.py`: a directory; `s3.py`: a bucket through s3fs), so every rule lives here once:
a file is written under a hidden name and then moved into place, `confirm` re-reads what was
written before a caller may delete anything from the hot store, and file names derive from the
event ids they hold, so a retried batch overwrites its own file instead of adding a copy.
"""

from __future__ import annotations

import io
import posixpath
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from pyarrow import fs as pafs

from jiyi.domain import check_external_id, stable_id
from jiyi.turnlog.base import partition_for

USER_BUCKETS = 16
KEY_COLUMNS = ("user_id", "event_id")
REQUIRED_COLUMNS = ("user_id", "event_id", "ts")


class ArchiveError(RuntimeError):
    """An archive write, confirmation or read that failed; the message says which file and why."""


@dataclass(frozen=True)
class ArchivedFile:
    path: str
    rows: int
    ids_digest: str  # stable_id over the file's sorted (user_id, event_id) keys


@dataclass(frozen=True)
class ArchiveReceipt:
    """What `write` put where: the proof `confirm` checks before the hot store may delete."""

    files: tuple[ArchivedFile, ...]

    @property
    def rows(self) -> int:
        return sum(f.rows for f in self.files)


class Archive(Protocol):
    def write(self, table: pa.Table) -> ArchiveReceipt:
        """Write event rows as Parquet, partitioned by UTC date and user bucket."""
        ...

    def confirm(self, receipt: ArchiveReceipt) -> None:
        """Re-read every written file; raise `ArchiveError` unless each holds exactly its rows."""
        ...

    def read(self, user_id: str | None = None) -> pa.Table:
        """Archived rows (one per user and event), of one user or of everyone."""
        ...

    def erase_user(self, user_id: str) -> int:
        """Remove every archived row of a user; returns how many rows were removed."""
        ...


def user_bucket(user_id: str) -> int:
    return partition_for(user_id, USER_BUCKETS)


def _ids_digest(table: pa.Table) -> str:
    keys = sorted(zip(*(table.column(c).to_pylist() for c in KEY_COLUMNS), strict=True))
    return stable_id(*(f"{u}/{e}" for u, e in keys), length=32)


def check_rows(table: pa.Table) -> None:
    missing = [c for c in REQUIRED_COLUMNS if c not in table.column_names]
    if missing:
        raise ArchiveError(f"rows to archive: missing columns {missing}")
    for column in REQUIRED_COLUMNS:
        if table.column(column).null_count:
            raise ArchiveError(f"rows to archive: column {column!r} has nulls")


def partitions(table: pa.Table) -> list[tuple[str, int, pa.Table]]:
    """Split rows into (UTC date, user bucket, rows) groups, in a stable order."""
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    buckets = {u: user_bucket(u) for u in frame["user_id"].unique().to_list()}
    keyed = frame.with_columns(
        pl.from_epoch(pl.col("ts"), time_unit="ms").dt.strftime("%Y-%m-%d").alias("_date"),
        pl.col("user_id").replace_strict(buckets, return_dtype=pl.Int64).alias("_bucket"),
    )
    groups = []
    for (day, bucket), rows in keyed.group_by(["_date", "_bucket"], maintain_order=True):
        body = rows.drop("_date", "_bucket").to_arrow().cast(table.schema)
        groups.append((str(day), int(bucket), body))  # type: ignore[call-overload]
    return sorted(groups, key=lambda g: (g[0], g[1]))


class ParquetArchive(Archive):
    """`Archive` over a pyarrow filesystem rooted at `root` (a directory or `bucket/prefix`)."""

    def __init__(self, filesystem: pafs.FileSystem, root: str) -> None:
        self._fs = filesystem
        self.root = root.rstrip("/")

    def _put(self, path: str, table: pa.Table) -> None:
        """Write under a hidden name, then move into place: readers never see half a file."""
        staging = posixpath.join(posixpath.dirname(path), "." + posixpath.basename(path))
        buffer = io.BytesIO()
        pq.write_table(table, buffer, compression="zstd")
        self._fs.create_dir(posixpath.dirname(path), recursive=True)
        with self._fs.open_output_stream(staging) as out:
            out.write(buffer.getvalue())
        self._fs.move(staging, path)

    def write(self, table: pa.Table) -> ArchiveReceipt:
        check_rows(table)
        files = []
        for day, bucket, rows in partitions(table):
            digest = _ids_digest(rows)
            path = f"{self.root}/date={day}/bucket={bucket:02d}/part-{digest[:20]}.parquet"
            try:
                self._put(path, rows)
            except Exception as exc:
                raise ArchiveError(f"archive write of {path} failed: {exc}") from exc
            files.append(ArchivedFile(path, rows.num_rows, digest))
        return ArchiveReceipt(tuple(files))

    def confirm(self, receipt: ArchiveReceipt) -> None:
        for file in receipt.files:
            try:
                keys = pq.read_table(file.path, columns=list(KEY_COLUMNS), filesystem=self._fs)
            except Exception as exc:
                raise ArchiveError(f"archive file {file.path} cannot be read back: {exc}") from exc
            if keys.num_rows != file.rows or _ids_digest(keys) != file.ids_digest:
                raise ArchiveError(
                    f"archive file {file.path} holds {keys.num_rows} rows, not the {file.rows} "
                    "events written"
                )

    def _files(self, bucket: int | None = None) -> list[str]:
        try:
            infos = self._fs.get_file_info(pafs.FileSelector(self.root, recursive=True))
        except FileNotFoundError:
            return []
        except Exception as exc:
            raise ArchiveError(f"archive at {self.root} cannot be listed: {exc}") from exc
        wanted = None if bucket is None else f"/bucket={bucket:02d}/"
        return sorted(
            i.path
            for i in infos
            if i.type == pafs.FileType.File
            and i.path.endswith(".parquet")
            and not i.base_name.startswith(".")
            and (wanted is None or wanted in i.path)
        )

    def _read_files(self, paths: Sequence[str]) -> list[pa.Table]:
        try:
            return [pq.read_table(p, filesystem=self._fs) for p in paths]
        except Exception as exc:
            raise ArchiveError(f"archive at {self.root} cannot be read: {exc}") from exc

    def read(self, user_id: str | None = None) -> pa.Table:
        bucket = None if user_id is None else user_bucket(check_external_id(user_id))
        tables = self._read_files(self._files(bucket))
        if not tables:
            return pa.table({c: pa.array([], pa.string()) for c in KEY_COLUMNS})
        frame = pl.from_arrow(pa.concat_tables(tables, promote_options="default"))
        assert isinstance(frame, pl.DataFrame)
        if user_id is not None:
            frame = frame.filter(pl.col("user_id") == user_id)
        # A batch retried with more events writes a second file; one row per event is the truth.
        return frame.unique(subset=list(KEY_COLUMNS), keep="last", maintain_order=True).to_arrow()

    def erase_user(self, user_id: str) -> int:
        check_external_id(user_id)
        removed = 0
        for path in self._files(user_bucket(user_id)):
            (table,) = self._read_files([path])
            mask = pc.equal(table.column("user_id"), user_id)
            hits = pc.sum(mask).as_py() or 0
            if not hits:
                continue
            kept = table.filter(pc.invert(mask))
            if kept.num_rows:
                self._put(path, kept)
            else:
                self._fs.delete_file(path)
            removed += hits
        return removed
