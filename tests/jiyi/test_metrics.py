from __future__ import annotations

import datetime as dt
import json

import polars as pl
import pytest

from jiyi.metrics import (
    EVENT_SCHEMA,
    RECALL_SCHEMA,
    TURN_SCHEMA,
    all_metrics,
    cross_session_retention,
    memory_interference_rate,
    recall_frame,
    session_depth,
    task_success_rate,
    update_history,
)

DAY = 86_400_000
T0 = 1_800_000_000_000 - 1_800_000_000_000 % DAY  # a UTC midnight


def _day(n: int) -> dt.date:
    return dt.datetime.fromtimestamp((T0 + n * DAY) / 1000, tz=dt.UTC).date()


def turns(rows: list[tuple[str, str, str, int]]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=TURN_SCHEMA, orient="row")


def events(rows: list[tuple[str, str, str, str, int, dict[str, str]]]) -> pl.DataFrame:
    data = [(u, s, e, t, ts, json.dumps(a, ensure_ascii=False)) for u, s, e, t, ts, a in rows]
    return pl.DataFrame(data, schema=EVENT_SCHEMA, orient="row")


def recalls(rows: list[tuple[str, str, int, str, str]]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=RECALL_SCHEMA, orient="row")


def _value(frame: pl.DataFrame, day: int) -> tuple[float, int, int]:
    row = frame.filter(pl.col("day") == _day(day)).row(0, named=True)
    return row["value"], row["numerator"], row["denominator"]


def test_session_depth_counts_user_rounds_per_session():
    frame = turns(
        [("u1", "s1", "user", T0 + i) for i in range(3)]
        + [("u1", "s1", "assistant", T0 + 10 + i) for i in range(3)]
        + [("u2", "s2", "user", T0 + 100)]
        + [("u2", "s3", "user", T0 + DAY + 5)]
    )
    depth = session_depth(frame)
    assert _value(depth, 0) == (2.0, 4, 2)
    assert _value(depth, 1) == (1.0, 1, 1)


def test_retention_counts_returning_users_who_use_memory_again():
    frame = turns(
        [
            ("ana", "a1", "user", T0),
            ("ana", "a2", "user", T0 + 3 * DAY),  # back within 7 days, uses memory
            ("bo", "b1", "user", T0),
            ("bo", "b2", "user", T0 + 2 * DAY),  # back, memory not used (ignored)
            ("cy", "c1", "user", T0),  # never back: not in the denominator
            ("dee", "d1", "user", T0),
            ("dee", "d2", "user", T0 + 9 * DAY),  # back too late
        ]
    )
    used = recalls(
        [
            ("ana", "a2", T0 + 3 * DAY, "e1", "accepted"),
            ("bo", "b2", T0 + 2 * DAY, "e2", "ignored"),
            ("dee", "d2", T0 + 9 * DAY, "e3", "accepted"),
        ]
    )
    retention = cross_session_retention(frame, used, as_of_ms=T0 + 20 * DAY)
    assert _value(retention, 0) == (0.5, 1, 2)
    early = cross_session_retention(frame, used, as_of_ms=T0 + 5 * DAY)
    assert early.filter(pl.col("day") == _day(0)).height == 0  # window not over yet


def test_task_success_rate_looks_at_the_next_event_in_the_session():
    frame = events(
        [
            ("u1", "s1", "e1", "task_request", T0, {}),
            ("u1", "s1", "e2", "feedback", T0 + 5, {"polarity": "positive"}),
            ("u1", "s1", "e3", "task_request", T0 + 10, {"object": "三角函数"}),
            ("u1", "s1", "e4", "complaint", T0 + 20, {}),
            ("u1", "s2", "e5", "goal", T0 + 30, {}),
            ("u1", "s2", "e6", "feedback", T0 + 40, {"polarity": "negative"}),
            ("u2", "s3", "e7", "task_request", T0 + 50, {}),  # nothing after: satisfied
            ("u2", "s4", "e8", "operation_failure", T0 + 60, {}),  # other session: unrelated
        ]
    )
    assert _value(task_success_rate(frame), 0) == (0.5, 2, 4)


def test_interference_rate_is_dont_bring_up_per_recalled_item():
    frame = recalls(
        [("u1", "s1", T0 + i, f"e{i}", o)
         for i, o in enumerate(["accepted", "dont_bring_up", "ignored", "accepted"])]
    )  # fmt: skip
    assert _value(memory_interference_rate(frame), 0) == (0.25, 1, 4)


def test_bad_input_names_the_frame_and_field():
    with pytest.raises(ValueError, match="turns: missing columns"):
        session_depth(pl.DataFrame({"user_id": ["u"]}))
    with pytest.raises(ValueError, match=r"recalls\.outcome"):
        memory_interference_rate(recalls([("u", "s", T0, "e", "loved it")]))


def test_all_metrics_and_history_replace_a_recomputed_day():
    t = turns([("u1", "s1", "user", T0), ("u1", "s2", "user", T0 + DAY)])
    e = events([("u1", "s1", "e1", "task_request", T0, {})])
    r = recalls([("u1", "s2", T0 + DAY, "e1", "accepted")])
    first = all_metrics(t, e, r, T0 + 10 * DAY)
    assert set(first["metric"]) == {
        "session_depth",
        "retention_7d",
        "task_success_rate",
        "memory_interference_rate",
    }
    history = update_history(None, first)
    again = update_history(history, first)
    assert again.equals(history)
    newer = first.with_columns(pl.lit(0.0).alias("value"))
    assert update_history(history, newer)["value"].to_list() == [0.0] * history.height


def test_recall_frame_joins_feedback_and_the_turn_that_asked():
    t = pl.DataFrame(
        {
            "user_id": ["u1", "u1", "u2"],
            "session_id": ["s1", "s2", "s9"],
            "role": ["user", "user", "user"],
            "client_ts": [T0, T0 + 100, T0],
            "content": ["楞次定律怎么判断？", "what was my goal?", "other user"],
        }
    )
    recalled = pl.DataFrame(
        {"user_id": ["u1", "u1", "u1", "u1"], "event_id": ["e1", "e2", "e3", "e4"],
         "at": [T0 + 10, T0 + 110, T0 + 110, T0 - 5]}
    )  # fmt: skip
    feedback = pl.DataFrame(
        {"user_id": ["u1", "u1", "u1"], "event_id": ["e1", "e2", "e1"],
         "kind": ["useful", "dont_bring_up", "dont_bring_up"], "at": [T0 - 1, T0 + 120, T0 + 20]}
    )  # fmt: skip
    frame = recall_frame(recalled, feedback, t).sort("event_id")
    assert frame.select("event_id", "session_id", "outcome", "query").rows() == [
        ("e1", "s1", "dont_bring_up", "楞次定律怎么判断？"),  # the earlier "useful" predates it
        ("e2", "s2", "dont_bring_up", "what was my goal?"),
        ("e3", "s2", "ignored", "what was my goal?"),
    ]  # e4 came before any turn of u1: left out
