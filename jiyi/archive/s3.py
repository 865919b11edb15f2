"""The S3 archive backend: a bucket (AWS, MinIO or any S3-compatible endpoint) through s3fs.

Retries are kept few and timeouts short, so an outage fails the archive run within seconds
rather than hanging the nightly batch; nothing leaves the hot store until `confirm` succeeds.
"""

from __future__ import annotations

import s3fs
from pyarrow import fs as pafs

from jiyi.archive.base import ParquetArchive
from jiyi.config import ArchiveSettings


def s3_filesystem(settings: ArchiveSettings) -> s3fs.S3FileSystem:
    secret = settings.s3_secret_access_key
    return s3fs.S3FileSystem(
        endpoint_url=settings.s3_endpoint_url,
        key=settings.s3_access_key_id,
        secret=secret.get_secret_value() if secret else None,
        client_kwargs={"region_name": settings.s3_region},
        config_kwargs={
            "retries": {"max_attempts": 2, "mode": "standard"},
            "connect_timeout": 5,
            "read_timeout": 30,
        },
        use_listings_cache=False,  # another process may have written since the last listing
        skip_instance_cache=True,
    )


def s3_archive(settings: ArchiveSettings) -> ParquetArchive:
    if not settings.s3_bucket:
        raise ValueError("archive.s3_bucket: required for the s3 archive backend")
    filesystem = pafs.PyFileSystem(pafs.FSSpecHandler(s3_filesystem(settings)))
    root = f"{settings.s3_bucket}/{settings.s3_prefix.strip('/')}".rstrip("/")
    return ParquetArchive(filesystem, root)
