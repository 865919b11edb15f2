"""Residence rules (`lives_*` in `jiyi.extraction.rules.personal`): where the user lives, said in
passing, zh and en, named canonically in the language said; a trip, someone else's place, a past
home, a hypothetical, or "in" that is not a place name none."""

from __future__ import annotations

import pytest

from jiyi.domain import EntityKind, EventAttr, EventType, RelationKind, Role, Turn
from jiyi.extraction.engine import extract_with_rules

OBJ, REL, KIND = EventAttr.OBJECT, EventAttr.RELATION, EventAttr.OBJECT_KIND


def homes_in(text: str) -> list[str]:
    """The places a user turn says the user lives in now (read in context: not someone
    else's, not a past state)."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[OBJ]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.PERSONAL_FACT
        and e.attributes.get(REL) == RelationKind.LIVES_IN.value
        and e.attributes.get(EventAttr.HOLDER) is None
        and e.attributes.get(EventAttr.TENSE) is None
    ]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("im in Bordeaux rn", "Bordeaux"),
        ("ok so im in nyc rn and its freezing", "New York City"),
        ("i'm in toronto lol", "Toronto"),
        ("Im in the US btw", "United States"),
        ("we're in Melbourne now 🙂", "Melbourne"),
        ("here in Chengdu it's so humid", "Chengdu"),
        ("it's 3am here in Sydney lol", "Sydney"),
        ("greetings from Toronto", "Toronto"),
        ("hey! hello from rainy Manchester 😎", "Manchester"),
        ("I'm from Ohio but live in Seattle now", "Seattle"),
        ("originally from Lagos, now in London", "London"),
        ("ive been living in Lisbon since 2019", "Lisbon"),
        ("I'm a nurse in Leeds", "Leeds"),
        ("im a 2nd year uni student in melbourne", "Melbourne"),
        ("in Madrid we eat dinner late", "Madrid"),
        ("I'm currently in Montréal, it's -20 out", "Montreal"),
        ("我在成都", "成都"),
        ("我现在在深圳上班", "深圳"),
        ("坐标北京", "北京"),
        ("坐标：北京朝阳", "北京"),
        ("我base上海", "上海"),
        ("现居杭州", "杭州"),
        ("刚搬到深圳", "深圳"),
        ("我们全家搬来上海了", "上海"),
        ("来深圳三年了", "深圳"),
        ("我们武汉这边特别热", "武汉"),
        ("人在魔都", "上海"),
        ("人在帝都，天天加班", "北京"),
        ("我家在杭州", "杭州"),
        ("我在London", "伦敦"),
        ("我是上海本地人", "上海"),
        ("I teach English in Bordeaux", "Bordeaux"),
        ("i work in leeds, nights mostly", "Leeds"),
        ("my flat in Bordeaux is tiny", "Bordeaux"),
        ("just got back home to Toronto", "Toronto"),
        ("杭州这边最近好热", "杭州"),
        ("我们成都今天又下雨了", "成都"),
        ("我老家武汉，现在在广州", "广州"),
        ("在成都读研", "成都"),
        ("我们学校在成都", "成都"),
        ("身在杭州 心在远方", "杭州"),
    ],
)
def test_where_the_user_lives(text, place):
    assert place in homes_in(text), f"{place!r} not among {homes_in(text)} for {text!r}"


def test_the_place_is_a_place_entity():
    turn = Turn(
        user_id="u1", session_id="s1", role=Role.USER, content="im in Bordeaux rn", client_ts=1
    )
    (event,) = [e for e in extract_with_rules(turn) if e.attributes.get(REL)]
    assert event.attributes[KIND] == EntityKind.PLACE.value
    assert event.rule == "lives_en_im_in"


@pytest.mark.parametrize(
    "text",
    [
        "I'm in Paris for the weekend",
        "im in paris on vacation lol",
        "I'm in Paris, what should I see?",
        "I'm in love",
        "I'm in grade 10",
        "I'm in a meeting",
        "im in reading group",
        "I'm in Jordan's class",
        "here in nice it's warm",
        "in Python you use def",
        "in Paris we saw the Eiffel tower",
        "have you been to Rome?",
        "my sister lives in Paris",
        "my sister is in Paris rn",
        "I used to live in Rome",
        "I was here in Rome last summer",
        "when I was in Tokyo I loved it",
        "if I'm in London next week, where should I eat?",
        "I'm staying in Paris for now",
        "以前住在西安",
        "我以前在西安",
        "去北京玩",
        "下周去上海出差",
        "我在北京玩几天",
        "我在学习",
        "我在想这个问题",
        "我在上海交大读书",
        "我在中山路",
        "我姐刚搬到深圳",
        "我是上海的",
        "我是四川人",
        "I work in IT",
        "my sister's flat in Paris is huge",
        "我妈现在在广州",
        "在北京玩了三天",
        "我们学校在搞活动",
    ],
)
def test_not_where_the_user_lives(text):
    assert homes_in(text) == [], f"{homes_in(text)} from {text!r}"


def test_where_the_user_comes_from_is_an_origin_without_a_relation():
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content="我是上海的", client_ts=1)
    (event,) = [e for e in extract_with_rules(turn) if e.event_type is EventType.PERSONAL_FACT]
    assert event.attributes[OBJ] == "上海"
    assert event.attributes[KIND] == EntityKind.PLACE.value
    assert REL not in event.attributes
