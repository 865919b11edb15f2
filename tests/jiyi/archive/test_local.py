from __future__ import annotations

from pathlib import Path

import polars as pl
import pyarrow as pa
import pytest

from jiyi.archive.base import ArchiveError, user_bucket
from jiyi.archive.local import local_archive
from jiyi.bench.batch import synthetic_events
from jiyi.episodic.indexing import build_records
from jiyi.episodic.records import arrow_schema, to_table
from jiyi.episodic.terms import IndexTerms
from models.hashing import HashingEncoder

NOW_MS = 1_800_000_000_000
TERMS = IndexTerms(b"archive-tests-index-key-32-bytes")


def _rows(users: int = 3, per_user: int = 20) -> pa.Table:
    encoder = HashingEncoder(16)
    records = build_records(synthetic_events(users, per_user, NOW_MS), encoder, TERMS, False)
    return to_table(records, arrow_schema(encoder.dimension, encoder.space_id))


def test_write_partitions_by_date_and_user_bucket_and_reads_back(tmp_path: Path):
    archive = local_archive(tmp_path / "archive")
    rows = _rows()
    receipt = archive.write(rows)
    archive.confirm(receipt)
    assert receipt.rows == rows.num_rows
    for file in receipt.files:
        table = pl.read_parquet(file.path)
        day = file.path.split("date=")[1][:10]
        bucket = int(file.path.split("bucket=")[1][:2])
        assert (pl.from_epoch(table["ts"], time_unit="ms").dt.strftime("%Y-%m-%d") == day).all()
        assert all(user_bucket(u) == bucket for u in table["user_id"])
    back = archive.read()
    assert sorted(back.column("event_id").to_pylist()) == sorted(
        rows.column("event_id").to_pylist()
    )


def test_read_one_user_never_returns_another_users_rows(tmp_path: Path):
    archive = local_archive(tmp_path)
    archive.write(_rows())
    mine = archive.read("u000001")
    assert mine.num_rows == 20
    assert set(mine.column("user_id").to_pylist()) == {"u000001"}


def test_rewriting_a_batch_is_idempotent(tmp_path: Path):
    archive = local_archive(tmp_path)
    rows = _rows()
    first = archive.write(rows)
    second = archive.write(rows)
    assert [f.path for f in first.files] == [f.path for f in second.files]
    assert archive.read().num_rows == rows.num_rows


def test_confirm_refuses_a_file_that_lost_rows(tmp_path: Path):
    archive = local_archive(tmp_path)
    receipt = archive.write(_rows(1, 5))
    victim = receipt.files[0]
    table = pl.read_parquet(victim.path)
    table.head(0).write_parquet(victim.path)
    with pytest.raises(ArchiveError, match="not the"):
        archive.confirm(receipt)


def test_confirm_refuses_a_missing_file(tmp_path: Path):
    archive = local_archive(tmp_path)
    receipt = archive.write(_rows(1, 5))
    Path(receipt.files[0].path).unlink()
    with pytest.raises(ArchiveError, match="cannot be read back"):
        archive.confirm(receipt)


def test_erase_user_removes_only_that_user(tmp_path: Path):
    archive = local_archive(tmp_path)
    archive.write(_rows())
    assert archive.erase_user("u000002") == 20
    assert archive.read("u000002").num_rows == 0
    assert archive.read().num_rows == 40
    assert archive.erase_user("u000002") == 0


def test_bad_rows_are_refused_naming_the_column(tmp_path: Path):
    archive = local_archive(tmp_path)
    with pytest.raises(ArchiveError, match="ts"):
        archive.write(pa.table({"user_id": ["u1"], "event_id": ["e1"]}))
    with pytest.raises(ValueError, match="letters, digits"):
        archive.read("bad user")
