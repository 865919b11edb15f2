from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from jiyi.episodic.timeframe import DAY_MS, TimeWindow, closeness, time_windows

# Tuesday 30 May 2023, 14:00 UTC
NOW = int(datetime(2023, 5, 30, 14, tzinfo=UTC).timestamp() * 1000)


def _days(query: str) -> list[tuple[str, str]]:
    """Each window as (first day, last day) it covers, for readable assertions."""

    def day(ms: int) -> str:
        return datetime.fromtimestamp(ms / 1000, UTC).strftime("%m-%d")

    return [(day(w.start_ms), day(w.end_ms - 1)) for w in time_windows(query, NOW)]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("What kitchen appliance did I buy 10 days ago?", [("05-18", "05-23")]),
        ("Which book did I finish a week ago?", [("05-21", "05-25")]),
        ("Who did I go with to the music event last Saturday?", [("05-27", "05-27")]),
        ("How much did I earn last Thursday?", [("05-25", "05-25")]),
        ("How many hours of yoga did I do last week?", [("05-22", "05-30")]),
        (
            "the two novels I finished in January and March",
            [("01-01", "01-31"), ("03-01", "03-31")],
        ),
        ("cuisines I tried in the past few months", [("02-28", "05-30")]),
        ("What did I say yesterday?", [("05-28", "05-30")]),
        ("I may go hiking", []),
        ("How many months have passed since I last visited a museum?", []),
        ("What did Gina find for her store on 1 February, 2023?", [("02-01", "02-01")]),
        ("what did we talk about on March 3rd", [("03-03", "03-03")]),
        ("the 3rd of may", [("05-03", "05-03")]),
        ("plans made on may 4", [("05-04", "05-04")]),
        ("what happened on 2023-04-17", [("04-17", "04-17")]),
        ("at 10:30 on Jan 2", [("01-02", "01-02")]),
        ("I may 3 times a week", []),  # "may" the verb
        ("on 31 April", []),  # no such day
    ],
)
def test_english_time_expressions(query, expected):
    assert _days(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("我三天前说了什么？", [("05-26", "05-28")]),
        ("两个星期前我们聊了什么", [("05-13", "05-20")]),
        ("上周六我去了哪里", [("05-27", "05-27")]),
        ("上周我学了什么", [("05-22", "05-28")]),
        ("上个月的考试", [("04-01", "04-30")]),
        ("3月的时候我在读什么书", [("03-01", "03-31")]),
        ("十二月的旅行", [("12-01", "12-31")]),
        ("5月3日我做了什么", [("05-03", "05-03")]),  # the day, not its month
        ("2023年4月17号那天", [("04-17", "04-17")]),
        ("十二月二十五日的聚会", [("12-25", "12-25")]),
        ("我三个月的计划", []),
    ],
)
def test_chinese_time_expressions(query, expected):
    assert _days(query) == expected


@pytest.mark.parametrize("query", ["what did I do in December?", "what did I do on June 2?"])
def test_a_month_or_day_not_yet_reached_this_year_means_last_year(query):
    (window,) = time_windows(query, NOW)
    assert datetime.fromtimestamp(window.start_ms / 1000, UTC).year == 2022


@pytest.mark.parametrize(
    "query",
    ["What did I paint in July 2021?", "2021年7月我画了什么", "on 9 July, 2021", "2021-07-09"],
)
def test_a_month_or_day_with_its_year_means_that_year(query):
    (window,) = time_windows(query, NOW)
    start = datetime.fromtimestamp(window.start_ms / 1000, UTC)
    assert (start.year, start.month) == (2021, 7)


def test_closeness_is_one_inside_and_fades_by_half_each_half_width_outside():
    window = TimeWindow(10 * DAY_MS, 14 * DAY_MS)  # half-width two days
    ts = np.array([12, 10, 16, 18, 4], dtype=np.int64) * DAY_MS
    assert closeness(ts, (window,)) == pytest.approx([1.0, 1.0, 0.5, 0.25, 0.125])


def test_closeness_takes_the_nearest_of_several_windows():
    windows = (TimeWindow(0, 2 * DAY_MS), TimeWindow(20 * DAY_MS, 22 * DAY_MS))
    ts = np.array([1, 21, 11], dtype=np.int64) * DAY_MS
    assert closeness(ts, windows) == pytest.approx([1.0, 1.0, 0.5**9])


@given(
    words=st.lists(
        st.sampled_from(
            [
                "999999999",
                "0000",
                "9999",
                "days",
                "weeks",
                "years",
                "ago",
                "in",
                "July",
                "last",
                "past",
                "年",
                "7月",
                "十二",
                "天前",
                "上周",
                "六",
                "a few",
                "yesterday",
                "this month",
            ]
        ),
        max_size=8,
    ),
    now_ms=st.integers(min_value=-(10**15), max_value=10**18),
)
@example(words=["999999999", "years", "ago"], now_ms=NOW)
@example(words=["in", "July", "0000"], now_ms=NOW)
@example(words=["yesterday"], now_ms=10**18)
def test_no_query_and_no_clock_makes_it_raise(words, now_ms):
    for window in time_windows(" ".join(words), now_ms):
        assert window.start_ms < window.end_ms
