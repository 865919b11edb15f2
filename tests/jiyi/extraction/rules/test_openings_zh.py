"""A Chinese turn that opens with the user's role as a fragment (`openings_zh`): the role is
the user's; an address word, a subject being studied, a question, or a role later in the turn
is none."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_with_rules


def roles(text: str) -> list[str]:
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[EventAttr.VALUE]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.IDENTITY_DECLARATION and e.rule == "role_zh_opening_fragment"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "药剂师，周末才有空学",
        "牙医 想把英语口语练起来",
        "hi～ 初中数学老师，想学点Python",
        "律师，经常要看英文合同",
    ],
)
def test_a_role_said_first_is_the_users(text: str) -> None:
    assert roles(text)


@pytest.mark.parametrize(
    "text",
    [
        "老师，这题怎么做",
        "医生 这个怎么治",
        "会计 这章好难",
        "程序员 是不是很累",
        "大学老师 一般几点下班",
        "我问了医生 他说没事",
        "昨天和护士聊了会儿",
        "hi老师 今天讲什么",
        "刚考上公务员 分到基层",
    ],
)
def test_address_subject_question_or_later_is_none(text: str) -> None:
    assert roles(text) == []
