"""The S3 archive against a real S3-compatible server (moto's server mode) on loopback."""

from __future__ import annotations

import contextlib
import socket
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import boto3
import pyarrow as pa
import pytest
from moto.server import ThreadedMotoServer

from jiyi.archive.archiving import archive_cold_events, select_cold
from jiyi.archive.base import ArchiveError, ArchiveReceipt, ParquetArchive
from jiyi.archive.s3 import s3_archive
from jiyi.config import ArchiveSettings, ForgettingSettings
from jiyi.episodic.lancedb_store import LanceEpisodicStore

pytestmark = pytest.mark.integration

NOW_MS = 1_800_000_000_000  # as in conftest.py


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class S3Env:
    server: ThreadedMotoServer
    endpoint: str
    bucket: str

    def archive(self) -> ParquetArchive:
        settings = ArchiveSettings(
            backend="s3", s3_bucket=self.bucket, s3_endpoint_url=self.endpoint
        )
        return s3_archive(settings)

    def client(self) -> Any:
        return boto3.client("s3", endpoint_url=self.endpoint, region_name="us-east-1")


@pytest.fixture
def s3_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[S3Env]:
    """A fresh server and bucket (moto keeps state per process, so bucket names are unique)."""
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "test")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "test")
    port = _free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    endpoint = f"http://127.0.0.1:{port}"
    bucket = f"jiyi-{uuid.uuid4().hex[:12]}"
    boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1").create_bucket(Bucket=bucket)
    yield S3Env(server, endpoint, bucket)
    with contextlib.suppress(Exception):  # already stopped by the outage tests
        server.stop()


def _ids(table: pa.Table) -> set[str]:
    return set(table.column("event_id").to_pylist())


def test_archive_run_against_s3_moves_cold_events(s3_server, hot_store: LanceEpisodicStore):
    archive = s3_server.archive()
    expected = _ids(select_cold(hot_store.scan(), NOW_MS, ForgettingSettings()))
    report = archive_cold_events(hot_store, archive, ForgettingSettings(), NOW_MS, chunk_rows=9)
    assert report.archived == report.deleted == len(expected) > 0
    assert _ids(archive.read()) == expected
    assert not expected & _ids(hot_store.scan())
    listing = s3_server.client().list_objects_v2(Bucket=s3_server.bucket)
    keys = [o["Key"] for o in listing.get("Contents", [])]
    assert keys
    assert all(k.startswith("jiyi/archive/date=") and "/bucket=" in k for k in keys)
    user = sorted(archive.read().column("user_id").to_pylist())[0]
    removed = archive.erase_user(user)
    assert removed > 0
    assert archive.read(user).num_rows == 0


def test_s3_down_before_the_run_keeps_every_hot_event(s3_server, hot_store):
    before = _ids(hot_store.scan())
    archive = s3_server.archive()
    s3_server.server.stop()
    with pytest.raises(ArchiveError, match="stay in the hot store"):
        archive_cold_events(hot_store, archive, ForgettingSettings(), NOW_MS)
    assert _ids(hot_store.scan()) == before


class _OutageAfterFirstChunk:
    """The real S3 archive; the server goes down right after the first chunk is confirmed."""

    def __init__(self, inner: ParquetArchive, server: ThreadedMotoServer) -> None:
        self.inner, self.server, self.confirmed = inner, server, 0

    def write(self, table: pa.Table) -> ArchiveReceipt:
        return self.inner.write(table)

    def confirm(self, receipt: ArchiveReceipt) -> None:
        self.inner.confirm(receipt)
        self.confirmed += receipt.rows
        self.server.stop()

    def read(self, user_id: str | None = None) -> pa.Table:
        return self.inner.read(user_id)

    def erase_user(self, user_id: str) -> int:
        return self.inner.erase_user(user_id)


def test_s3_outage_mid_archive_loses_nothing(s3_server, hot_store):
    before = _ids(hot_store.scan())
    cold = _ids(select_cold(hot_store.scan(), NOW_MS, ForgettingSettings()))
    archive = _OutageAfterFirstChunk(s3_server.archive(), s3_server.server)
    with pytest.raises(ArchiveError, match="stay in the hot store"):
        archive_cold_events(hot_store, archive, ForgettingSettings(), NOW_MS, chunk_rows=6)
    after = _ids(hot_store.scan())
    gone = before - after
    assert len(gone) == archive.confirmed == 6
    assert gone <= cold
    assert cold - gone <= after  # every unconfirmed cold event is still hot


def test_bucket_vanishing_fails_loudly_and_keeps_the_hot_store(s3_server, hot_store):
    s3_server.client().delete_bucket(Bucket=s3_server.bucket)
    before = _ids(hot_store.scan())
    with pytest.raises(ArchiveError):
        archive_cold_events(hot_store, s3_server.archive(), ForgettingSettings(), NOW_MS)
    assert _ids(hot_store.scan()) == before
