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
        ("周一就要答辩 压力山大", "压力大"),
        ("还有三天考试 慌", "慌"),
        ("背了一周还是忘 挺挫败的", "挫败"),
        ("一坐到琴跟前就紧张 手心都是汗", "紧张"),  # every time it comes to it
        ("还是焦虑 但比上次好点", "焦虑"),  # still so
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
    "text", ["are you excited?", "she's so excited", "慌张地跑了", "紧张的时候怎么办", "他还是焦虑"]
)
def test_a_question_someone_else_or_a_longer_word_is_no_feeling(text):
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    assert not [e for e in extract_with_rules(turn) if e.event_type is EventType.EMOTION]


def feelings_in(text: str) -> set[str]:
    """The user's own current feelings in one turn."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return {
        e.attributes.get(EventAttr.OBJECT)
        for e in extract_with_rules(turn)
        if e.event_type is EventType.EMOTION
        and e.attributes.get(EventAttr.HOLDER) is None
        and e.attributes.get(EventAttr.TENSE) is None
    }


@pytest.mark.parametrize(
    ("text", "feeling"),
    [
        ("im so bored of this unit", "bored"),
        ("ngl im kinda nervous about monday", "nervous"),
        ("im really proud of that essay", "proud"),
        ("I feel totally lost in this chapter", "lost"),
        ("feeling out of my depth with stats", "out of my depth"),
        ("tbh I'm feeling a bit confused by all the rules", "confused"),
        ("这学期压力有点大", "压力大"),
        ("最近工作压力超大", "压力大"),
        ("今天真的累成狗", "累"),
        ("加班加到现在 累得不行", "累"),
        ("带娃加备考 真的快撑不住了", "撑不住"),
        ("明天面试 心里没底", "没底"),
        ("下周答辩说实话有点没底", "没底"),
        ("a bit lonely doing this all on my own", "lonely"),
        ("finals have my stress levels through the roof", "stressed"),
        ("my stress is off the charts this week", "stressed"),
        ("the oral exam is making me so anxious", "anxious"),
        ("the lab practical is really making me nervous", "nervous"),
        ("法语越学越没信心", "没信心"),
        ("数学越做越焦虑", "焦虑"),
        ("听力还是听不懂 急死了 还剩四个月", "着急"),
        ("紧张死了", "紧张"),
        ("学这个可开心了😄", "开心"),
        ("就是最近压力好大 每天都睡不好", "压力大"),
        ("真的好烦 又考砸了", "烦"),
        ("test tmrw 😬 kinda nervous ngl", "nervous"),
    ],
)
def test_a_feeling_said_in_chat(text, feeling):
    assert feeling in feelings_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "im not bored",
        "im in Ohio",
        "my sister said she feels lost",
        "I used to feel lost in maths",
        "他最近压力有点大",
        "我妈说她快撑不住了",
        "节拍器那个滴滴声好烦",  # the sound is annoying: no feeling of the user's
        "他心里没底吗",
        "is the exam making you nervous?",
        "他越学越没信心",
        "他急死了",
    ],
)
def test_a_feeling_said_in_chat_not_the_users(text):
    assert not feelings_in(text) - {None}
