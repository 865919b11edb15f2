"""Pure privacy decisions, applied by the write path before anything reaches a store."""

from __future__ import annotations

import re
import unicodedata

from jiyi.config import PrivacySettings
from jiyi.domain import Consent, ConsentState, Event

_EN_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                "ninth", "tenth", "eleventh", "twelfth")  # fmt: skip
_EN_GRADE = re.compile(
    r"^(?:(?P<n>\d{1,2})(?:st|nd|rd|th)?\s+(?:grader?|class|std|standard)|"
    r"(?:grade|primary|class|std\.?|standard)\s+(?P<g>\d{1,2})|"
    rf"(?P<w>{'|'.join(_EN_ORDINALS)})\s+grader?|year\s+(?P<y>\d{{1,2}})|"
    r"(?P<primary>elementary|primary)\s+school(?:\s+student)?)$"
)
_ZH_GRADE = re.compile(
    r"^(?:小学)?(?P<n>[一二三四五六1-6])年级(?:的?小学生|的?学生)?$|^(?P<primary>小学(?:生)?)$"
)
_ZH_NUMBERS = {c: i for i, c in enumerate("一二三四五六", start=1)}
_FIRST_GRADE_AGE = 6  # the youngest in first grade, 一年级; a UK "year N" is a year ahead
_PRIMARY_SCHOOL_AGE = 8  # "in primary school": somewhere in it, a child whatever the year


def implied_age(school_year: str) -> int | None:
    """The youngest age a school year is usually reached at ("4th grade", "四年级" → 9;
    "year 7" → 11): child mode must not wait for an age said in numbers. None when the school
    year says nothing about age (high school, college)."""
    text = " ".join(unicodedata.normalize("NFKC", school_year).casefold().split())
    en = _EN_GRADE.match(text)
    if en:
        if en.group("primary"):
            return _PRIMARY_SCHOOL_AGE
        if en.group("y"):
            return int(en.group("y")) + _FIRST_GRADE_AGE - 2
        grade = en.group("n") or en.group("g")
        number = int(grade) if grade else _EN_ORDINALS.index(en.group("w")) + 1
        return number + _FIRST_GRADE_AGE - 1
    zh = _ZH_GRADE.match(text)
    if zh:
        if zh.group("primary"):
            return _PRIMARY_SCHOOL_AGE
        digit = zh.group("n")
        return (int(digit) if digit.isdigit() else _ZH_NUMBERS[digit]) + _FIRST_GRADE_AGE - 1
    return None


def graph_allowed(consent: Consent, settings: PrivacySettings) -> bool:
    """Long-term graph writes: never in child mode; otherwise only with consent (if required)."""
    if consent.child_mode:
        return False
    if not settings.require_consent_for_graph:
        return consent.state is not ConsentState.REVOKED
    return consent.state is ConsentState.GRANTED


def minimise_for_child(event: Event) -> Event:
    """Child mode keeps the event's type only: no keywords, attributes or words of the child's;
    the summary becomes the type's name so the event stays countable and findable by type."""
    return event.model_copy(
        update={"summary": event.event_type.value, "keywords": [], "attributes": {}}
    )
