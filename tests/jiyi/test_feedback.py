"""Recalls and feedback kept for the nightly metrics; a damaged row costs itself, not the night."""

import sqlite3

import pytest

from jiyi.domain.recall import FeedbackKind
from jiyi.feedback import FeedbackLog
from jiyi.health import skipped_values


def test_frames_hold_every_recall_and_feedback(tmp_path):
    log = FeedbackLog(tmp_path / "feedback.sqlite3")
    log.recalled("u1", ["e1", "e2"], at=5)
    log.record("u1", "e1", FeedbackKind.DONT_BRING_UP, at=6)
    recalls, feedback = log.frames()
    assert recalls.to_pylist() == [
        {"user_id": "u1", "event_id": "e1", "at": 5},
        {"user_id": "u1", "event_id": "e2", "at": 5},
    ]
    assert feedback.column("kind").to_pylist() == [FeedbackKind.DONT_BRING_UP.value]


def test_a_recall_is_logged_whole_or_not_at_all(tmp_path):
    log = FeedbackLog(tmp_path / "feedback.sqlite3")
    with pytest.raises(sqlite3.IntegrityError):
        log.recalled("u1", ["e1", None, "e2"], at=5)  # type: ignore[list-item]
    assert log.frames()[0].num_rows == 0
    log.recalled("u1", ["e3"], at=6)  # the failed transaction left nothing open
    assert log.frames()[0].column("event_id").to_pylist() == ["e3"]


def test_a_row_holding_a_value_of_another_type_is_left_out_and_counted(tmp_path):
    log = FeedbackLog(tmp_path / "feedback.sqlite3")
    log.recalled("u1", ["e1", "e2"], at=5)
    with sqlite3.connect(tmp_path / "feedback.sqlite3") as db:  # a damaged file
        db.execute("UPDATE recalls SET at = 'soon' WHERE event_id = 'e2'")
    before = skipped_values().get("recall_row", 0)
    recalls, _ = log.frames()
    assert recalls.column("event_id").to_pylist() == ["e1"]
    assert skipped_values()["recall_row"] == before + 1
