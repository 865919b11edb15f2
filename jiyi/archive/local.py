"""The default archive backend: Parquet files in a directory (under `data_dir/archive`)."""

from __future__ import annotations

from pathlib import Path

from pyarrow import fs as pafs

from jiyi.archive.base import ParquetArchive


def local_archive(directory: Path) -> ParquetArchive:
    directory = Path(directory).resolve()
    directory.mkdir(parents=True, exist_ok=True)
    return ParquetArchive(pafs.LocalFileSystem(), directory.as_posix())
