"""Self-introductions said in fragments (`jiyi.extraction.rules.introductions`): a run of short
items, each an age, a school year, a role or a place the lexicons know, is what the user says of
themself; a list about someone else, a dated or wished one, a list of numbers or places, a score
or whom the user talks to says nothing."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, RelationKind, Role, Turn
from jiyi.extraction.engine import extract_with_rules
from jiyi.extraction.rules.introductions import ItemKind, introduction

AGE, ROLE, YEAR, HOME = "age", "has_role", "school_year", "lives_in"


def facts_in(text: str) -> dict[str, set[str]]:
    """What a user turn tells the graph about who the user is and where they live, read in
    context (not someone else's, not a past state)."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    found: dict[str, set[str]] = {AGE: set(), ROLE: set(), YEAR: set(), HOME: set()}
    for e in extract_with_rules(turn):
        attributes = e.attributes
        if attributes.get(EventAttr.HOLDER) or attributes.get(EventAttr.TENSE):
            continue
        relation = attributes.get(EventAttr.RELATION)
        if e.event_type is EventType.AGE_DECLARATION:
            found[AGE].add(attributes[EventAttr.VALUE])
        elif e.event_type is EventType.IDENTITY_DECLARATION and EventAttr.VALUE in attributes:
            found[relation or ROLE].add(attributes[EventAttr.VALUE])
        elif relation == RelationKind.LIVES_IN.value:
            found[HOME].add(attributes[EventAttr.OBJECT])
    return found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hi! 41, paramedic in Sheffield", {AGE: "41", ROLE: "paramedic", HOME: "Sheffield"}),
        ("sparky in brisbane, 28, need help with ohm's law",
         {AGE: "28", ROLE: "electrician", HOME: "Brisbane"}),
        ("ok so 22, barista in seattle lol", {AGE: "22", ROLE: "barista", HOME: "Seattle"}),
        ("postie from cardiff, 58", {AGE: "58", ROLE: "postal worker", HOME: "Cardiff"}),
        ("phoenix here, 29, forklift driver", {AGE: "29", HOME: "Phoenix"}),
        ("london-based designer, 30", {AGE: "30", ROLE: "designer", HOME: "London"}),
        ("ref in reading, 40, want to move up a level",
         {AGE: "40", ROLE: "referee", HOME: "Reading"}),
        ("chef in lyon, 45, trying to learn english", {AGE: "45", ROLE: "chef", HOME: "Lyon"}),
        ("junior, chicago, trying to pass AP calc", {YEAR: "junior", HOME: "Chicago"}),
        ("just got a bass 🎸 freshman, in denver", {YEAR: "freshman", HOME: "Denver"}),
        ("retired, 67, learning python", {AGE: "67", ROLE: "retiree"}),
        ("9, 3rd grade, i like dinosaurs", {AGE: "9", YEAR: "3rd grade"}),
        ("28岁 程序员 深圳", {AGE: "28", ROLE: "程序员", HOME: "深圳"}),
        ("本人女 32岁 会计 在杭州", {AGE: "32", ROLE: "会计", HOME: "杭州"}),
        ("高三 15岁 在北京", {YEAR: "高三", AGE: "15", HOME: "北京"}),
        ("老师好 高一 在广州 数学不好", {YEAR: "高一", HOME: "广州"}),
        ("30岁 宝妈 上海", {AGE: "30", ROLE: "宝妈", HOME: "上海"}),
        ("刚退休 65岁 在大连", {AGE: "65", HOME: "大连"}),
        ("老师 40岁 导游 桂林", {AGE: "40", ROLE: "导游", HOME: "桂林"}),
        ("研一 在南京 学的计算机", {YEAR: "研一", HOME: "南京"}),
        ("19 大一 广州人", {AGE: "19", YEAR: "大一", HOME: "广州"}),
        ("28 UI设计师 北京", {AGE: "28", HOME: "北京"}),
        ("我是四川人 大二", {YEAR: "大二", HOME: "四川"}),
        ("高三 85 在北京", {YEAR: "高三", HOME: "北京"}),
        ("32，做了八年会计，在苏州一家制造业公司", {AGE: "32", ROLE: "会计", HOME: "苏州"}),
        ("backend dev, mostly Go, ~6 yrs, 29, been in Berlin since '22",
         {AGE: "29", HOME: "Berlin"}),
        ("29, in tokyo since 2019", {AGE: "29", HOME: "Tokyo"}),
    ],
)  # fmt: skip
def test_an_introduction_in_fragments_says_who_and_where(text, expected):
    found = facts_in(text)
    for relation, value in expected.items():
        assert value in found[relation], f"{relation} {value!r} not among {found} for {text!r}"


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("my sister is 25, nurse, london", "en"),
        ("my husband, 45, teacher in leeds", "en"),
        ("back when i was 20, waitress in vegas, i hated math", "en"),
        ("I'm doing problems 3, 17, 21", "en"),
        ("london, paris, rome", "en"),
        ("15, 20, Paris", "en"),
        ("i got 9/10, 85, london", "en"),
        ("teacher, 3 questions for you", "en"),
        ("coach, 15 min left, can we speed up", "en"),
        ("we scored 52, glasgow won", "en"),
        ("rating 1350, 38 years of playing", "en"),
        ("9, paris", "en"),  # a child's age needs more than a place beside it
        ("doctor, nurse, teacher: which pays best", "en"),
        ("我妈 50岁 老师 在成都", "zh"),
        ("我妹高二 在成都", "zh"),
        ("上海 28 度 好热", "zh"),
        ("北京 25", "zh"),  # a bare number beside a place alone
        ("做作业 在家", "zh"),
        ("6 years, london", "en"),  # how long, and a place: nobody's age
        ("北京 上海 广州 哪个好", "zh"),
        ("数学 90 物理 85", "zh"),
        ("以前 25岁 护士 在上海", "zh"),
        ("老师 北京", "zh"),
    ],
)
def test_no_introduction_in_a_look_alike(text, lang):
    assert introduction(text, lang) == ()


def test_a_bare_number_is_an_age_only_beside_a_role_or_a_school_year_it_fits():
    assert [(i.kind, i.value) for i in introduction("19 大一 广州人", "zh")] == [
        (ItemKind.AGE, "19"), (ItemKind.SCHOOL_YEAR, "大一"), (ItemKind.PLACE, "广州")
    ]  # fmt: skip
    assert ItemKind.AGE not in {i.kind for i in introduction("高三 85 在北京", "zh")}


@pytest.mark.parametrize(
    ("text", "lang"),
    [("在三亚 30岁 玩几天", "zh"), ("29, nurse, in tokyo for the weekend", "en")],
)
def test_a_place_in_an_introduction_about_a_trip_is_no_home(text, lang):
    kinds = {item.kind for item in introduction(text, lang)}
    assert ItemKind.AGE in kinds
    assert ItemKind.PLACE not in kinds


def test_from_said_with_where_one_grew_up_is_no_home():
    assert HOME not in {
        relation
        for relation, values in facts_in("grew up in ohio, 34, nurse, from toledo").items()
        if values
    }


def test_where_one_is_from_stays_a_home_beside_a_trip_elsewhere_in_the_sentence():
    # "暑假在家考驾照" tells of the summer, not of a trip to 广州
    assert facts_in("19 大一 广州人 暑假在家考驾照")[HOME] == {"广州"}
    assert ItemKind.PLACE not in {i.kind for i in introduction("在三亚 30岁 玩几天", "zh")}
