"""SQLite set-up shared by every embedded store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from jiyi.sqlite_util import connect, create_schema


def test_a_schema_is_created_whole_or_not_at_all(tmp_path: Path) -> None:
    connection = connect(tmp_path / "s.sqlite")
    with pytest.raises(sqlite3.OperationalError):
        create_schema(connection, "CREATE TABLE a (x INTEGER); CREATE TABLE broken (;")
    assert not connection.in_transaction
    assert connection.execute("SELECT name FROM sqlite_master").fetchall() == []
    create_schema(connection, "CREATE TABLE IF NOT EXISTS a (x INTEGER);")
    create_schema(connection, "CREATE TABLE IF NOT EXISTS a (x INTEGER);")  # again: a no-op
    assert connection.execute("SELECT name FROM sqlite_master").fetchall() == [("a",)]
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
