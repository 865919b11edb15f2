"""The cold archive: low-value events leave the hot episodic store for Parquet (local or S3)."""

from jiyi.archive.archiving import ArchiveRunReport, archive_cold_events, select_cold
from jiyi.archive.base import (
    Archive,
    ArchiveError,
    ArchiveReceipt,
    ParquetArchive,
    user_bucket,
)

__all__ = [
    "Archive",
    "ArchiveError",
    "ArchiveReceipt",
    "ArchiveRunReport",
    "ParquetArchive",
    "archive_cold_events",
    "select_cold",
    "user_bucket",
]
