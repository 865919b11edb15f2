"""Feelings (`jiyi.extraction.rules.emotions`): the feeling words said with or without "I", what
stresses the user, and the near-misses (a question, someone else, a longer word) none."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_with_rules


@pytest.mark.parametrize(
    ("text", "feeling"),
    [
        ("so pumped to start the course tomorrow", "pumped"),
        ("proud of myself tbh", "proud"),
        ("these deadlines are stressing me out", "stressed"),
        ("the mocks always stress me out", "stressed"),
        ("I feel so dumb when I miss easy ones", "dumb"),
        ("周一就要答辩 压力山大", "压力山大"),
        ("还有三天考试 慌", "慌"),
        ("背了一周还是忘 挺挫败的", "挫败"),
    ],
)
def test_more_ways_a_feeling_is_said(text, feeling):
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    found = {
        e.attributes.get(EventAttr.OBJECT)
        for e in extract_with_rules(turn)
        if e.event_type is EventType.EMOTION
    }
    assert feeling in found


@pytest.mark.parametrize(
    "text", ["are you excited?", "she's so excited", "慌张地跑了", "紧张的时候怎么办"]
)
def test_a_question_someone_else_or_a_longer_word_is_no_feeling(text):
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    assert not [e for e in extract_with_rules(turn) if e.event_type is EventType.EMOTION]
