"""What a claim singles out ("architecture, especially brutalism", "尤其是宋朝"), and the claim
said of that part too (`jiyi.extraction.rules.especially`, `engine._singled_out`)."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, Role, Turn
from jiyi.extraction.engine import extract_with_rules
from jiyi.extraction.rules.especially import singled_out


@pytest.mark.parametrize(
    ("sentence", "lang", "part"),
    [
        ("architecture, especially brutalism, is something I read about", "en", "brutalism"),
        ("Chemistry scares me, especially moles.", "en", "moles"),
        ("German cases are the bane of my existence, dative especially", "en", "dative"),
        ("Lifetimes especially.", "en", "Lifetimes"),
        ("我对历史特别感兴趣,尤其是宋朝", "zh", "宋朝"),
        ("估计我的问题是基础不牢，尤其是函数那块", "zh", "函数"),
        ("最近在追各种纪录片，尤其是讲深海生物的", "zh", "深海生物"),
    ],
)
def test_the_part_a_sentence_singles_out(sentence, lang, part) -> None:
    found = singled_out(sentence, lang)
    assert found is not None
    assert found[1] == part


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("videos help me a ton, especially when they draw stuff while talking", "en"),
        ("diagrams help, especially for the wiring side of things", "en"),
        ("I'm especially tired today", "en"),  # a degree, not a part
        ("我特别喜欢历史", "zh"),  # 特别: very
        ("坚果我都过敏尤其是腰果吃一颗就喘不上气", "zh"),  # a clause, not a name
    ],
)
def test_a_clause_or_a_degree_is_no_part(sentence, lang) -> None:
    assert singled_out(sentence, lang) is None


def said_of(text: str) -> list[tuple[str, str]]:
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        (e.event_type.value, e.attributes[EventAttr.OBJECT])
        for e in extract_with_rules(turn)
        if e.attributes.get(EventAttr.OBJECT)
    ]


def test_the_claim_is_said_of_the_part_too() -> None:
    assert ("preference", "brutalism") in said_of(
        "im really into architecture, especially brutalism"
    )
    assert ("preference", "宋朝") in said_of("我对历史特别感兴趣，尤其是宋朝")
    held = said_of("Rust borrow checker and I are still not friends. Lifetimes especially.")
    assert ("concept_confusion", "Lifetimes") in held


def test_a_part_with_no_claim_before_it_says_nothing() -> None:
    assert said_of("The weather here is grim, especially winters.") == []
