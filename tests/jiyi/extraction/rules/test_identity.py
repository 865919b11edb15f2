"""Role rules (`jiyi.extraction.rules.identity`): what the user does, said any common way in zh
and en, names the role canonically (in the language said); someone else's role, a past or
wished one, a question, a trait in an occupation's shape or a school year names none."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, RelationKind, Role, Turn
from jiyi.extraction.engine import extract_with_rules

VAL = EventAttr.VALUE


def roles_in(text: str) -> list[str]:
    """The roles (`has_role`) a user turn gives the graph: not someone else's, not a past one,
    not a school year."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[VAL]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.IDENTITY_DECLARATION
        and VAL in e.attributes
        and e.attributes.get(EventAttr.RELATION) != RelationKind.SCHOOL_YEAR.value
        and e.attributes.get(EventAttr.HOLDER) is None
        and e.attributes.get(EventAttr.TENSE) is None
    ]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("I'm a nurse", "nurse"),
        ("im an ER nurse on nights", "nurse"),
        ("i am a registered nurse and pharm is killing me", "nurse"),
        ("work as a bartender", "bartender"),
        ("i work as an electrician", "electrician"),
        ("I've been working as a paralegal for 3 years", "paralegal"),
        ("I teach 3rd grade", "elementary school teacher"),
        ("i teach middle school science", "middle school teacher"),
        ("I do bookkeeping for a living", "bookkeeper"),
        ("I code for a living", "software engineer"),
        ("software dev here", "software engineer"),
        ("im a dev, need help with sql", "software engineer"),
        ("just a humble line cook lol", "line cook"),
        ("retired teacher", "retired teacher"),
        ("I'm a retired nurse", "retired nurse"),
        ("between jobs rn", "between jobs"),
        ("I just got laid off", "between jobs"),
        ("I'm a stay-at-home mom", "stay-at-home mom"),
        ("I'm a stay at home dad 🙂", "stay-at-home dad"),
        ("sahm here, trying to learn excel", "stay-at-home mom"),
        ("I run a small bakery", "business owner"),
        ("PhD student in chem", "PhD student"),
        ("cs student here", "cs student"),
        ("premed, junior year", "pre-med student"),
        ("I'm a PM at a fintech", "product manager"),
        ("Im a full-time barista", "barista"),
        ("im a welder", "welder"),
        ("I'm a phlebotomist", "phlebotomist"),
        ("nurse here, need help with dosage calc", "nurse"),
        ("As a teacher, I always struggle with this", "teacher"),
        ("I work at a hospital", "hospital worker"),
        ("I work in IT", "it professional"),
        ("我是一名护士", "护士"),
        ("我是护士", "护士"),
        ("本人护士一枚", "护士"),
        ("在医院上班", "医院工作人员"),
        ("我在银行工作", "银行职员"),
        ("我做会计的", "会计"),
        ("我在一家外企做会计", "会计"),
        ("当老师十年了", "老师"),
        ("干销售三年了", "销售"),
        ("我是程序员一枚", "程序员"),
        ("码农一枚，想学算法", "程序员"),
        ("我是程序猿", "程序员"),
        ("我是前端工程师", "前端工程师"),
        ("全职妈妈", "全职妈妈"),
        ("宝妈一枚～想学英语", "宝妈"),
        ("刚退休", "退休人员"),
        ("我退休三年了", "退休人员"),
        ("自由职业", "自由职业者"),
        ("开了家小店", "店主"),
        ("我自己开公司的", "创业者"),
        ("我刚失业", "待业"),
        ("待业中", "待业"),
        ("我是一名焊工", "焊工"),
        ("我是配音员", "配音员"),
    ],
)
def test_a_role_said_any_common_way(text, role):
    found = roles_in(text)
    assert role in found, f"{role!r} not among {found} for {text!r}"


@pytest.mark.parametrize(
    "text",
    [
        # a school year, a beginner, a fan, a trait in an occupation's shape
        "I'm a junior",
        "I'm a freshman",
        "I'm a fan of jazz",
        "I'm a mess lol",
        "I'm a beginner at python",
        "im a slow learner",
        "I'm a perfectionist",
        "I'm a procrastinator",
        "I'm a people pleaser",
        "I'm a terrible cook lol",
        "I'm a teacher's pet lol",
        "I'm a dad joke kind of person",
        "I'm a lot better now",
        "i'm a student of history",
        # someone else's, past, wished, asked, denied
        "my mom is a nurse",
        "my sister works as a nurse",
        "I used to be a teacher",
        "I'm a former teacher",
        "I was a teacher for 20 years",
        "I want to be a nurse",
        "I'm an aspiring writer",
        "am I a good student?",
        "I'm a nurse?",
        "I'm not a nurse",
        # everything else
        "I teach myself guitar",
        "I do it for a living lol",
        "I have a business idea",
        "PM me later",
        "teacher, can you explain this?",
        "打工人",
        "社畜一枚",
        "我妈是护士",
        "我妈在医院上班",
        "我想当老师",
        "我以后想做程序员",
        "我以前是老师",
        "你是老师吗",
        "我是学生家长吗",
        "老师，这道题怎么做",
        "我是会员",
        "我是女生",
        "我是医生的女儿",
        "等我退休了再学",
        "我快退休了",
        "我怕失业",
        "我想开家小店",
        "他开了家小店",
    ],
)
def test_no_role_for_a_near_miss(text):
    assert roles_in(text) == [], f"{roles_in(text)} from {text!r}"
