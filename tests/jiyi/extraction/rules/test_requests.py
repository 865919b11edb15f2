"""Requests and reactions (`jiyi.extraction.rules.requests`) that say what the user prefers and
what they pass over: "conversation > grammar drills", "send tabs not the dots thing", a practice
plan asked for, theory put off. What is chosen is a way of learning when the vocabulary knows it
as one, else a thing preferred; what is passed over is a dislike only when it is a way of being
taught."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, RelationKind, Role, Turn
from jiyi.extraction.engine import extract_with_rules

OBJ, REL = EventAttr.OBJECT, EventAttr.RELATION
PREFERS, STYLE = RelationKind.PREFERS.value, EventType.LEARNING_STYLE.value
DISLIKE = EventType.DISLIKE.value


def _relation_read(event_type: EventType) -> str:
    return PREFERS if event_type is EventType.PREFERENCE else event_type.value


def claims(text: str) -> set[tuple[str, str]]:
    """(relation or event type, object) of the views a user turn states; a liking the engine
    names no relation for is a preference (`prefers`), as the graph reads it."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return {
        (e.attributes.get(REL, _relation_read(e.event_type)), e.attributes[OBJ])
        for e in extract_with_rules(turn)
        if e.event_type in (EventType.PREFERENCE, EventType.DISLIKE, EventType.LEARNING_STYLE)
        and OBJ in e.attributes
    }


def dislike_confidence(text: str, obj: str) -> float:
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return next(
        e.confidence
        for e in extract_with_rules(turn)
        if e.event_type is EventType.DISLIKE and e.attributes.get(OBJ) == obj
    )


@pytest.mark.parametrize(
    ("text", "chosen", "passed_over"),
    [
        ("honestly, speaking practice > vocab lists", (PREFERS, "speaking practice"), None),
        ("flashcards over textbooks any day", (STYLE, "flashcards"), None),
        ("pls, diagrams > long paragraphs", (STYLE, "visual diagrams"), "long explanations"),
        ("yes, conversation > grammar drills", (PREFERS, "conversation"), "grammar drills"),
        ("i'd rather have examples over theory", (STYLE, "worked examples"), None),
        ("can u just send chord charts not the dots thing", (PREFERS, "chord charts"), None),
        ("can you do a table not long paragraphs pls", (STYLE, "tables"), "long explanations"),
    ],
)
def test_a_comparison_prefers_one_and_passes_over_the_other(text, chosen, passed_over):
    found = claims(text)
    assert chosen in found, found
    assert ((DISLIKE, passed_over) in found) is (passed_over is not None), found


@pytest.mark.parametrize(
    "text",
    [
        "P 4->5, Q 50->45",
        "if n > 0 then return",
        "can you go over it again",
        "x >= 3",
        "mom > dad lol",  # compares no way of being taught
        "my teacher says videos over reading",  # the teacher's view
    ],
)
def test_arrows_code_and_going_over_compare_nothing(text):
    assert not {k for k, _ in claims(text)} & {PREFERS, DISLIKE}


@pytest.mark.parametrize(
    ("text", "disliked"),
    [
        ("i cant read sheet music and tbh dont want to", "sheet music"),
        ("I can't stand group work, and honestly i don't want to", "group work"),
    ],
)
def test_what_the_user_cannot_do_and_will_not_learn_is_a_dislike(text, disliked):
    assert (DISLIKE, disliked) in claims(text)


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("有没有那种每天十五分钟的练习计划", "练习计划"),
        ("能不能帮我排个复习计划", "复习计划"),
        ("could you make me a 15 minute daily practice plan?", "practice plan"),
        ("is there like a simple study plan for this", "study plan"),
    ],
)
def test_a_plan_asked_for_is_preferred(text, plan):
    assert (PREFERS, plan) in claims(text)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("你就直接告诉我参数填多少吧", (PREFERS, "直接给参数")),
        ("直接给我公式就行", (PREFERS, "直接给公式")),
        ("先给我讲讲步骤", None),  # explaining the steps first: no shortcut asked for
        ("别讲原理了 直接给我能跑的代码", (STYLE, "直接给代码")),  # code is a way of learning
    ],
)
def test_what_the_user_wants_handed_over_first(text, named):
    if named is None:
        assert not {o for _, o in claims(text) if o.startswith("直接给")}
    else:
        assert named in claims(text)


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("别讲原理了 先给我例子", "原理"),
        ("原理的东西后面再讲吧", "原理"),
        ("skip the theory, just show me", "theory"),
    ],
)
def test_theory_put_off_is_a_weak_dislike(text, obj):
    assert (DISLIKE, obj) in claims(text)
    assert dislike_confidence(text, obj) < 0.6


@pytest.mark.parametrize(
    ("text", "obj"),
    [("纯看书我坚持不下去", "看书"), ("网课我真的听不进去", "讲座")],
)
def test_a_way_of_learning_the_user_cannot_keep_at_is_a_weak_dislike(text, obj):
    assert (DISLIKE, obj) in claims(text)
    assert dislike_confidence(text, obj) < 0.6
