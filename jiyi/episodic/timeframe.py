"""When a query points: time expressions ("two weeks ago", "last Saturday", "in April", "on 3
June, 2023", "三天前", "上周六", "5月3日") turned into time windows, so recall can prefer events
from then.

Pure functions of the query text and the moment it is asked (`now_ms`, the client's clock):
no model, no LLM. Dates are read in UTC, as the events' client timestamps are stored. Each
window is fuzzy on purpose ("a month ago" is rarely 30 days to the day): the ranking lets an
event's preference fade with its distance outside the window instead of cutting at the edge.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import numpy as np

from jiyi.domain.turns import LAST_REPRESENTABLE_MS

DAY_MS = 86_400_000
MAX_DAYS_BACK = 36_525  # "500 years ago" reads as a century: nothing older is in anyone's memory
LAST_MS = LAST_REPRESENTABLE_MS
_UNIT_DAYS = {"day": 1.0, "week": 7.0, "month": 30.44, "year": 365.25}
_ZH_UNIT_DAYS = {
    "天": 1.0,
    "日": 1.0,
    "周": 7.0,
    "星期": 7.0,
    "礼拜": 7.0,
    "月": 30.44,
    "年": 365.25,
}
_EN_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "a couple of": 2, "a few": 3, "few": 3, "several": 3,
}  # fmt: skip
_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9, "几": 3, "半": 0.5}  # fmt: skip
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_ZH_WEEKDAYS = "一二三四五六日"  # 周日 and 周天 are both Sunday
_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december"]  # fmt: skip

_EN_AGO = re.compile(
    r"\b(\d+|a couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven"
    r"|twelve|few|several)\s+(day|week|month|year)s?\s+ago\b"
)
_EN_LAST_WEEKDAY = re.compile(r"\b(?:last|this past|past)\s+(" + "|".join(_WEEKDAYS) + r")\b")
_EN_LAST_PERIOD = re.compile(r"\blast\s+(week|month|year)\b")
_EN_PAST_PERIOD = re.compile(
    r"\b(?:past|last|previous)\s+(\d+|a couple of|a few|few|two|three|four|five|six|several)"
    r"\s+(day|week|month|year)s\b|\bpast\s+()(week|month|year)\b"
)
_EN_THIS_PERIOD = re.compile(r"\bthis\s+(week|month|year)\b")
_EN_MONTH = re.compile(
    r"(?:\b(?:in|during|early|late|mid|and|or)[\s-]+("
    + "|".join(m for m in _MONTHS if m != "may")
    + r")|\b(?:in|during)\s+(may))\b(?:,?\s+(\d{4})\b)?"
)
_MONTH_NAMES = "|".join(
    [*_MONTHS, "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sept", "sep", "oct", "nov", "dec"]
)
_EN_DAY_MONTH = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+({_MONTH_NAMES})\b\.?(?:,?\s+(\d{{4}})\b)?"
)
_EN_MONTH_DAY = re.compile(  # "may 3" only as a date: "on may 3", "may 3rd", "may 3, 2023"
    rf"(?:\b(?:on|by|since|until|till|before|after|from)\s+(may)|\b({_MONTH_NAMES}))\.?\s+"
    r"(\d{1,2})(st|nd|rd|th)?\b(?!:)(?:,?\s+(\d{4})\b)?"
)
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
_ZH_AGO = re.compile(
    r"([0-9]+|[零一二两三四五六七八九十几半]+)个?(天|日|周|星期|礼拜|月|年)(?:以)?前"
)
_ZH_LAST_WEEKDAY = re.compile(r"上(?:个)?(?:周|星期|礼拜)([一二三四五六日天])")
_ZH_LAST_PERIOD = re.compile(r"上(?:个)?(周|星期|礼拜|月)(?![一二三四五六日天])|(去)年")
_ZH_THIS_PERIOD = re.compile(r"(?:这|本)(?:个)?(周|星期|礼拜|月)|(今)年")
_ZH_MONTH = re.compile(r"(?:([0-9]{4})年)?([0-9]{1,2}|十[一二]?|[一二三四五六七八九])月(?!前)")
_ZH_DAY = re.compile(
    r"(?:([0-9]{4})年)?([0-9]{1,2}|十[一二]?|[一二三四五六七八九])月"
    r"([0-9]{1,2}|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])[日号]"
)


@dataclass(frozen=True)
class TimeWindow:
    """A span of client time, epoch milliseconds, start inclusive, end exclusive."""

    start_ms: int
    end_ms: int


def time_windows(query: str, now_ms: int) -> tuple[TimeWindow, ...]:
    """The spans `query` refers to, relative to `now_ms`; empty when it names no time."""
    if not 0 <= now_ms <= LAST_MS - MAX_DAYS_BACK * DAY_MS:
        return ()
    text = query.lower()
    now = datetime.fromtimestamp(now_ms / 1000, UTC)
    windows = [*_english(text, now), *_chinese(query, now)]
    return tuple(dict.fromkeys(w for w in windows if w.end_ms > w.start_ms))


def closeness(ts_ms: np.ndarray, windows: tuple[TimeWindow, ...]) -> np.ndarray:
    """Per timestamp, 1 inside a window, fading (half per window half-width) outside it."""
    best = np.zeros(len(ts_ms))
    for window in windows:
        half = max((window.end_ms - window.start_ms) / 2, DAY_MS)
        outside = np.maximum(window.start_ms - ts_ms, 0) + np.maximum(ts_ms - window.end_ms, 0)
        best = np.maximum(best, 0.5 ** (outside / half))
    return best


def _span(start: datetime, end: datetime) -> TimeWindow:
    return TimeWindow(int(start.timestamp() * 1000), int(end.timestamp() * 1000))


def _around(now: datetime, days_ago: float) -> TimeWindow:
    """Roughly `days_ago` before `now`: a quarter of the distance either side, a day at least."""
    days_ago = min(days_ago, MAX_DAYS_BACK)
    half = max(days_ago / 4, 1.0)
    centre = now - timedelta(days=days_ago)
    return _span(centre - timedelta(days=half), centre + timedelta(days=half))


def _day_start(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _period_start(now: datetime, unit: str, back: int) -> datetime:
    """Start of the calendar week (Monday), month or year `back` periods before `now`'s."""
    today = _day_start(now)
    if unit == "week":
        return today - timedelta(days=today.weekday() + 7 * back)
    if unit == "month":
        months = today.year * 12 + today.month - 1 - back
        return today.replace(year=months // 12, month=months % 12 + 1, day=1)
    return today.replace(year=today.year - back, month=1, day=1)


def _last_weekday(now: datetime, weekday: int) -> TimeWindow:
    """The latest such weekday before today, the whole day."""
    today = _day_start(now)
    day = today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)
    return _span(day, day + timedelta(days=1))


def _month(now: datetime, month: int, year: str = "") -> TimeWindow | None:
    """That month of `year` when given, else the latest month of that name, this one included;
    None for a year no calendar here holds ("0000")."""
    year_number = int(year) if year else now.year if month <= now.month else now.year - 1
    if not 1 <= year_number < 9999:
        return None
    start = datetime(year_number, month, 1, tzinfo=UTC)
    end = datetime(year_number + month // 12, month % 12 + 1, 1, tzinfo=UTC)
    return _span(start, end)


def _month_number(name: str) -> int:
    return next(i for i, month in enumerate(_MONTHS, 1) if month.startswith(name[:3]))


def _date(now: datetime, month: int, day: int, year: str = "") -> TimeWindow | None:
    """That day of `year` when given, else its latest occurrence up to today; None for a date
    no calendar holds (31 April)."""
    years = [int(year)] if year else [now.year, now.year - 1]
    for year_number in years:
        try:
            start = datetime(year_number, month, day, tzinfo=UTC)
        except ValueError:
            return None
        if year or start <= now:
            return _span(start, start + timedelta(days=1))
    return None


def _dates(text: str, now: datetime) -> Iterator[TimeWindow]:
    """Dates named in full or by day and month: "31 July, 2023", "June 3rd", "2023-06-03"."""
    for day, month, year in _EN_DAY_MONTH.findall(text):
        if window := _date(now, _month_number(month), int(day), year):
            yield window
    for may, month, day, ordinal, year in _EN_MONTH_DAY.findall(text):
        if month == "may" and not (ordinal or year):
            continue  # "I may 3 times": a verb
        if window := _date(now, _month_number(may or month), int(day), year):
            yield window
    for year, month, day in _ISO_DATE.findall(text):
        if 1 <= int(month) <= 12 and (window := _date(now, int(month), int(day), year)):
            yield window


def _english(text: str, now: datetime) -> Iterator[TimeWindow]:
    yield from _dates(text, now)
    for count, unit in _EN_AGO.findall(text):
        number = int(count) if count.isdigit() else _EN_NUMBERS[count]
        yield _around(now, number * _UNIT_DAYS[unit])
    if re.search(r"\bday before yesterday\b", text):
        yield _around(now, 2)
    elif re.search(r"\byesterday\b", text):
        yield _around(now, 1)
    for day in _EN_LAST_WEEKDAY.findall(text):
        yield _last_weekday(now, _WEEKDAYS.index(day))
    for unit in _EN_LAST_PERIOD.findall(text):
        yield _span(_period_start(now, unit, 1), now)
    for count, unit, _, single in _EN_PAST_PERIOD.findall(text):
        number = int(count) if count.isdigit() else _EN_NUMBERS.get(count, 1)
        days = min(number * _UNIT_DAYS[unit or single], MAX_DAYS_BACK)
        yield _span(now - timedelta(days=days), now)
    for unit in _EN_THIS_PERIOD.findall(text):
        yield _span(_period_start(now, unit, 0), now)
    for month, may, year in _EN_MONTH.findall(text):
        if window := _month(now, _MONTHS.index(month or may) + 1, year):
            yield window


def _zh_number(text: str) -> float:
    """Arabic digits or Chinese numerals up to 99 (十, 十二, 二十, 二十五)."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (_ZH_DIGITS.get(tens, 1) if tens else 1) * 10 + (_ZH_DIGITS.get(ones, 0))
    return sum(_ZH_DIGITS.get(ch, 0) for ch in text) or 1


def _chinese(text: str, now: datetime) -> Iterator[TimeWindow]:
    for count, unit in _ZH_AGO.findall(text):
        yield _around(now, _zh_number(count) * _ZH_UNIT_DAYS[unit])
    if "前天" in text:
        yield _around(now, 2)
    elif "昨天" in text or "昨日" in text:
        yield _around(now, 1)
    for day in _ZH_LAST_WEEKDAY.findall(text):
        weekday = 6 if day in "日天" else _ZH_WEEKDAYS.index(day)
        start = _period_start(now, "week", 1) + timedelta(days=weekday)
        yield _span(start, start + timedelta(days=1))
    for unit, year in _ZH_LAST_PERIOD.findall(text):
        period = "year" if year else "month" if unit == "月" else "week"
        yield _span(_period_start(now, period, 1), _period_start(now, period, 0))
    for unit, year in _ZH_THIS_PERIOD.findall(text):
        period = "year" if year else "month" if unit == "月" else "week"
        yield _span(_period_start(now, period, 0), now)
    for year, month, day in _ZH_DAY.findall(text):
        number = int(_zh_number(month))
        if 1 <= number <= 12 and (window := _date(now, number, int(_zh_number(day)), year)):
            yield window
    for year, month in _ZH_MONTH.findall(_ZH_DAY.sub("", text)):  # a day is not its month
        number = int(_zh_number(month))
        if 1 <= number <= 12 and (window := _month(now, number, year)):
            yield window
