"""One name for one thing, zh and en."""

from __future__ import annotations

import pytest

from jiyi import vocabulary


@pytest.mark.parametrize(
    ("said", "lang", "named"),
    [
        ("pictures", "en", "visual diagrams"),
        ("Diagrams", "en", "visual diagrams"),
        ("画图", "zh", "图解"),
        ("the chain rule", "en", "chain rule"),
        ("微积分的链式法则", "zh", "链式法则"),  # the head of "X的Y"
        ("Newton's Third Law", "en", "Newton's Third Law"),  # the canonical name, as spelt
        ("stamp collecting", "en", "stamp collecting"),  # unknown: left as said
    ],
)
def test_a_known_thing_is_named_canonically_in_the_language_it_was_said_in(said, lang, named):
    assert vocabulary.canonical(said, lang) == named


def test_an_entry_holds_both_languages():
    entry = vocabulary.lookup("chain rule")
    assert entry is not None
    assert entry is vocabulary.lookup("复合函数求导")
    assert entry.name_in("zh") == "链式法则"
