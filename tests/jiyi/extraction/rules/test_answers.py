"""A reply read by the tutor's question before it (`jiyi.extraction.rules.answers`), zh and en."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_answer, extract_with_rules
from jiyi.extraction.rules.answers import BY_QUESTION, Asked, asked


def reply(text: str) -> Turn:
    return Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)


def named(text: str, question: Asked) -> list[tuple[EventType, str]]:
    return [
        (e.event_type, e.attributes.get(EventAttr.OBJECT, ""))
        for e in extract_answer(reply(text), question)
    ]


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Good evening! What part of the Laws worries you most?", Asked.OBSTACLE),
        ("Which topic do you find hardest?", Asked.OBSTACLE),
        ("Where do you usually get stuck?", Asked.OBSTACLE),
        ("好的。哪部分最难？", Asked.OBSTACLE),
        ("这道题你卡在哪？", Asked.OBSTACLE),
        ("Nice! What can you play so far?", Asked.MASTERY),
        ("What are you already comfortable with?", Asked.MASTERY),
        ("你现在会弹什么？", Asked.MASTERY),
        ("Hi! 40k is a real chunk. What do you want from me?", Asked.WAY),
        ("How would you like me to explain things?", Asked.WAY),
        ("你希望我怎么讲？", Asked.WAY),
        ("How old are you?", Asked.AGE),
        ("你今年多大？", Asked.AGE),
        ("Where are you based?", Asked.HOME),
        ("你在哪个城市？", Asked.HOME),
        ("What do you do for work?", Asked.JOB),
        ("你是做什么工作的？", Asked.JOB),
        ("What score are you aiming for?", Asked.GOAL),
        ("Nice! What do you do for fun?", Asked.INTEREST),
        ("你平时有什么爱好？", Asked.INTEREST),
        ("What do you want to work on today?", None),
        ("有当兵的底子。你想减多少、什么时候之前？", Asked.GOAL),
        # a closing question that only lists the choices of the one before it
        ("六级480还可以。你觉得现在哪块最难？阅读、长难句、作文还是单词？", Asked.OBSTACLE),
        ("Which part is hardest? Reading, writing or speaking?", Asked.OBSTACLE),
        ("Nice. Tea or coffee?", None),
        ("Where are you from originally?", None),  # a birthplace, not a home
        ("What have you covered so far?", None),  # covered is not learned
        ("Which did you want?", None),
        ("What part worries you most? Also, quick one: what is 2 + 2?", None),  # not the last
        ("Offside is hard. Let's start there.", None),  # no question
        ("你平时 Excel 用得多吗？", None),
        # the question's options follow its colon: the answer picks one, or none ("all of it")
        ("What kind of calculations are you worried about: doses, rates, conversions?", None),
    ],
)
def test_what_a_closing_question_asks_for(question, kind) -> None:
    assert asked(question) is kind


@pytest.mark.parametrize(
    ("text", "question", "expected"),
    [
        ("Offside. Always offside. I know the basic law fine", Asked.OBSTACLE, "offside"),
        ("fractions mostly, tbh", Asked.OBSTACLE, "fractions"),
        ("honestly, related rates", Asked.OBSTACLE, "related rates"),
        ("power chords mostly. can do smoke on the water", Asked.MASTERY, "power chords"),
        ("函数吧 一看就晕", Asked.OBSTACLE, "函数"),
        ("主要是听力。", Asked.OBSTACLE, "听力"),
        ("C和弦，其他的还不行", Asked.MASTERY, "C和弦"),
    ],
)
def test_a_short_reply_names_what_the_question_asked_for(text, question, expected) -> None:
    event_type = BY_QUESTION[question][0].event_type
    assert [(t, o.casefold()) for t, o in named(text, question)] == [
        (event_type, expected.casefold())
    ]


@pytest.mark.parametrize(
    "text",
    [
        "not sure tbh",
        "all of it lol. the one that gets me is mcg to mg",
        "i just freeze when i see them",
        "idk, everything?",
        "yeah the second one",
        "the one with the big numbers",
        "不知道",
        "都挺难的",
        "还好吧",
        "我也说不上来",
        "这个吧",
    ],
)
def test_a_shrug_or_a_clause_names_nothing(text) -> None:
    assert named(text, Asked.OBSTACLE) == []
    assert named(text, Asked.MASTERY) == []


@pytest.mark.parametrize(
    ("text", "relation", "name"),
    [
        ("blunt feedback. my writing group sugar-coats everything", "prefers", "blunt feedback"),
        ("diagrams mostly", "learning_style", "visual diagrams"),  # known: its own relation
        ("画图。", "learning_style", "图解"),
    ],
)
def test_a_way_of_being_taught_asked_for_is_held_in_its_relation(text, relation, name) -> None:
    events = extract_answer(reply(text), Asked.WAY)
    assert [(e.attributes[EventAttr.RELATION], e.attributes[EventAttr.OBJECT]) for e in events] == [
        (relation, name)
    ]
    assert not extract_answer(reply("help with my essay pls"), Asked.WAY)


def value_of(text: str, question: Asked) -> list[str]:
    return [
        e.attributes.get(EventAttr.VALUE) or e.attributes.get(EventAttr.OBJECT, "")
        for e in extract_answer(reply(text), question)
    ]


@pytest.mark.parametrize(
    ("text", "question", "said"),
    [
        ("9", Asked.AGE, ["9"]),  # a number alone is read in either language
        ("twelve lol", Asked.AGE, ["12"]),
        ("im 15. why?", Asked.AGE, ["15"]),
        ("十岁", Asked.AGE, ["10"]),
        ("old enough lol", Asked.AGE, []),
        ("15 in march", Asked.AGE, []),  # a birthday to come: no age said as now
        ("Leeds", Asked.HOME, ["Leeds"]),
        ("just outside Lyon lol", Asked.HOME, ["Lyon"]),
        ("在成都呢", Asked.HOME, ["成都"]),
        ("far away lol", Asked.HOME, []),  # no place the gazetteer knows
        ("Paris for a week", Asked.HOME, []),  # a trip, not a home
        ("nurse, nights mostly", Asked.JOB, ["nurse"]),
        ("a plumber lol", Asked.JOB, ["plumber"]),
        ("做会计的", Asked.JOB, ["会计"]),
        ("nothing rn", Asked.JOB, []),
        ("i work in a warehouse", Asked.JOB, []),  # a clause: the rule table's to read
        ("年底前减20斤", Asked.GOAL, ["减20斤"]),  # named without its deadline
        ("band 7 overall", Asked.GOAL, ["band 7 overall"]),
        ("not sure yet", Asked.GOAL, []),
        ("gaming mostly lol", Asked.INTEREST, ["gaming"]),
        ("钓鱼吧 周末都去", Asked.INTEREST, ["钓鱼"]),
        ("nothing really", Asked.INTEREST, []),
    ],
)
def test_an_age_a_home_or_a_job_given_as_the_answer(text, question, said) -> None:
    assert value_of(text, question) == said


def test_the_same_words_without_the_question_claim_nothing() -> None:
    assert not [
        e
        for e in extract_with_rules(reply("Offside. Always offside."))
        if e.attributes.get("object")
    ]


@pytest.mark.parametrize("question", list(Asked))
def test_every_example_reads_as_its_rule_says(question) -> None:
    for rule in BY_QUESTION[question]:
        for example in rule.examples:
            assert named(example, question), (rule.name, example)
