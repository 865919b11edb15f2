import sqlite3

import pytest

from jiyi.ingest.retry import StoreUnavailableError, with_retry


def test_a_transient_failure_is_retried_until_it_passes() -> None:
    calls = []

    def flaky() -> str:
        calls.append(1)
        if len(calls) < 3:
            raise sqlite3.OperationalError("database is locked")
        return "ok"

    assert with_retry(flaky, "graph update", base_delay_s=0.001) == "ok"
    assert len(calls) == 3


def test_a_store_that_stays_down_gives_a_clear_error() -> None:
    def down() -> None:
        raise ConnectionRefusedError("connection refused")

    with pytest.raises(StoreUnavailableError, match="episodic upsert: still failing after 4"):
        with_retry(down, "episodic upsert", base_delay_s=0.001)


def test_bad_input_is_never_retried() -> None:
    calls = []

    def bad() -> None:
        calls.append(1)
        raise ValueError("user_id: must not be empty")

    with pytest.raises(ValueError, match="user_id"):
        with_retry(bad, "graph update", base_delay_s=0.001)
    assert calls == [1]
