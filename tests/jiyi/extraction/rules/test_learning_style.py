"""Ways of learning revealed by requests and asides (`jiyi.extraction.rules.learning_style`),
zh and en: each family names a canonical style, near-misses name none."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_with_rules


def styles_in(text: str) -> list[str]:
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[EventAttr.OBJECT]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.LEARNING_STYLE
        and EventAttr.OBJECT in e.attributes
        and e.attributes.get(EventAttr.HOLDER) is None
    ]


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("I learn best by doing", "hands-on practice"),
        ("honestly i get it faster by actually doing", "hands-on practice"),
        ("I need to see it drawn out", "visual diagrams"),
        ("explain it like I'm five pls", "plain language"),
        ("no jargon please, im new", "plain language"),
        ("i remember things better when i write them down", "note-taking"),
        ("flashcards work for me", "flashcards"),
        ("diagrams really help me remember", "visual diagrams"),
        ("podcasts on my commute are how i study", "audio"),
        ("能举个例子吗", "例题"),
        ("再给我举两个例子", "例题"),
        ("多给点练习题吧", "做题练习"),
        ("多出几道题", "做题练习"),
        ("给我画个思维导图", "思维导图"),
        ("用大白话讲讲", "通俗易懂"),
        ("小白求通俗易懂的讲法", "通俗易懂"),
        ("别用太多术语", "通俗易懂"),
        ("讲个故事我就记住了", "类比"),
    ],
)
def test_a_request_or_aside_names_the_way_of_learning(text, style) -> None:
    assert style in styles_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "my dad says flashcards work for him",
        "does this work for me?",
        "多吃点",
        "I learn to cook by watching my mom",
        "what's the best way to write it down?",
        "今天讲的故事很长",
    ],
)
def test_near_misses_name_no_way_of_learning(text) -> None:
    assert styles_in(text) == []
