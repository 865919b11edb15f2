"""The nightly archiving step: low-value events past their age leave the hot store for the archive.

Order per chunk: write → confirm (re-read) → only then delete from the hot store. A failure at any
point before the delete raises `ArchiveError` and leaves that chunk, and every later one, in the
hot store; chunks confirmed earlier are safely archived. A re-run selects what is still hot and
rewrites the same files, so it is safe to retry.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl
import pyarrow as pa

from jiyi.archive.base import Archive, ArchiveError, user_bucket
from jiyi.config import ForgettingSettings
from jiyi.episodic.store import EpisodicStore

MS_PER_DAY = 86_400_000
DEFAULT_CHUNK_ROWS = 50_000


@dataclass(frozen=True)
class ArchiveRunReport:
    selected: int
    archived: int
    deleted: int
    files: int


def select_cold(table: pa.Table, now_ms: int, settings: ForgettingSettings) -> pa.Table:
    """Rows of an archivable type (greeting, small_talk by default) older than the cut-off,
    ordered by user bucket, user and time: a chunk then covers few archive partitions and
    each user's rows leave the hot store in as few deletes as possible."""
    cutoff = now_ms - int(settings.archive_after_days * MS_PER_DAY)
    types = [t.value for t in settings.archive_event_types]
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    cold = frame.filter(pl.col("event_type").is_in(types) & (pl.col("ts") < cutoff))
    buckets = {u: user_bucket(u) for u in cold["user_id"].unique().to_list()}
    bucket = pl.col("user_id").replace_strict(buckets, return_dtype=pl.Int64)
    ordered = cold.sort(bucket, "user_id", "ts", "event_id")
    return ordered.to_arrow().cast(table.schema)


def archive_cold_events(
    store: EpisodicStore,
    archive: Archive,
    settings: ForgettingSettings,
    now_ms: int,
    chunk_rows: int = DEFAULT_CHUNK_ROWS,
    user_id: str | None = None,
) -> ArchiveRunReport:
    """Move every cold event (of `user_id` alone, if given) to the archive, chunk by chunk,
    deleting only what was confirmed."""
    if chunk_rows < 1:
        raise ValueError(f"chunk_rows: must be >= 1, got {chunk_rows}")
    cold = select_cold(store.scan(user_id), now_ms, settings)
    archived = deleted = files = 0
    for start in range(0, cold.num_rows, chunk_rows):
        chunk = cold.slice(start, chunk_rows)
        try:
            receipt = archive.write(chunk)
            archive.confirm(receipt)
        except Exception as exc:
            kept = cold.num_rows - archived
            raise ArchiveError(
                f"archiving stopped after {archived} of {cold.num_rows} events; the other {kept} "
                f"stay in the hot store: {exc}"
            ) from exc
        archived += receipt.rows
        files += len(receipt.files)
        frame = pl.from_arrow(chunk.select(["user_id", "event_id"]))
        assert isinstance(frame, pl.DataFrame)
        for (user_id,), ids in frame.group_by("user_id", maintain_order=True):
            deleted += store.delete(str(user_id), event_ids=ids["event_id"].to_list())
    return ArchiveRunReport(selected=cold.num_rows, archived=archived, deleted=deleted, files=files)
