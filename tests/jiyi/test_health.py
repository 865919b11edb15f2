"""Stored values a read cannot show are left out and counted, never raised to the reader."""

import json

import pytest

from jiyi.health import read_stored, skipped_values


def _ids(text: str) -> dict[str, str]:
    return {"user_id": "u1", "item_id": text[:10]}


def test_a_value_that_cannot_be_read_is_left_out_and_counted() -> None:
    before = skipped_values().get("test_json", 0)
    read = read_stored(['{"a": 1}', "not json", "[2]"], json.loads, "test_json", _ids)
    assert read == [{"a": 1}, [2]]
    assert skipped_values()["test_json"] == before + 1


def test_a_failure_that_is_not_the_values_still_reaches_the_reader() -> None:
    def broken_connection(_: str) -> None:
        raise ConnectionError("the store is down")

    with pytest.raises(ConnectionError):
        read_stored(["{}"], broken_connection, "test_down", _ids)
    assert "test_down" not in skipped_values()
