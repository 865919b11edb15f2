from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pytest

from jiyi.archive.archiving import archive_cold_events, select_cold
from jiyi.archive.base import ArchiveError, ArchiveReceipt
from jiyi.archive.local import local_archive
from jiyi.bench.batch import DAY_MS
from jiyi.config import ForgettingSettings
from jiyi.domain import EventType
from jiyi.episodic.lancedb_store import LanceEpisodicStore

SETTINGS = ForgettingSettings()
NOW_MS = 1_800_000_000_000  # as in conftest.py
LOW = {EventType.GREETING.value, EventType.SMALL_TALK.value}


def _expected_cold(store: LanceEpisodicStore) -> set[str]:
    rows = store.scan().select(["event_id", "event_type", "ts"]).to_pylist()
    cutoff = NOW_MS - 30 * DAY_MS
    return {r["event_id"] for r in rows if r["event_type"] in LOW and r["ts"] < cutoff}


def test_select_cold_takes_only_old_low_value_events(hot_store: LanceEpisodicStore):
    cold = select_cold(hot_store.scan(), NOW_MS, SETTINGS)
    assert set(cold.column("event_id").to_pylist()) == _expected_cold(hot_store)
    assert cold.num_rows > 0


def test_age_is_configurable(hot_store: LanceEpisodicStore):
    settings = ForgettingSettings(archive_after_days=1000)
    assert select_cold(hot_store.scan(), NOW_MS, settings).num_rows == 0


def test_cold_events_move_to_the_archive_and_leave_the_hot_store(
    hot_store: LanceEpisodicStore, tmp_path: Path
):
    expected = _expected_cold(hot_store)
    before = hot_store.count()
    archive = local_archive(tmp_path / "archive")
    report = archive_cold_events(hot_store, archive, SETTINGS, NOW_MS, chunk_rows=7)
    assert report.selected == report.archived == report.deleted == len(expected)
    assert hot_store.count() == before - len(expected)
    assert set(archive.read().column("event_id").to_pylist()) == expected
    again = archive_cold_events(hot_store, archive, SETTINGS, NOW_MS)
    assert again.selected == 0


class _FailsOnSecondConfirm:
    """A real local archive whose second confirmation fails, as a store outage would."""

    def __init__(self, path: Path) -> None:
        self.inner = local_archive(path)
        self.confirms = 0

    def write(self, table: pa.Table) -> ArchiveReceipt:
        return self.inner.write(table)

    def confirm(self, receipt: ArchiveReceipt) -> None:
        self.confirms += 1
        if self.confirms == 2:
            raise ArchiveError("simulated: read-back failed")
        self.inner.confirm(receipt)

    def read(self, user_id: str | None = None) -> pa.Table:
        return self.inner.read(user_id)

    def erase_user(self, user_id: str) -> int:
        return self.inner.erase_user(user_id)


def test_a_failed_confirmation_deletes_nothing_unconfirmed(
    hot_store: LanceEpisodicStore, tmp_path: Path
):
    ids_before = set(hot_store.scan().column("event_id").to_pylist())
    archive = _FailsOnSecondConfirm(tmp_path / "archive")
    with pytest.raises(ArchiveError, match="stay in the hot store"):
        archive_cold_events(hot_store, archive, SETTINGS, NOW_MS, chunk_rows=5)
    ids_after = set(hot_store.scan().column("event_id").to_pylist())
    gone = ids_before - ids_after
    assert len(gone) == 5  # exactly the one confirmed chunk
    assert gone <= set(archive.read().column("event_id").to_pylist())
