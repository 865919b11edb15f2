"""The rule prefilter: the fixed strings read off a pattern, the case folding they are compared
under, and the one-scan selection of the rules a text may match."""

from __future__ import annotations

import re
import sys

import pytest

from jiyi.domain import EventType
from jiyi.extraction.prefilter import Prefilter, fold, required_literals
from jiyi.extraction.rules import RULES
from jiyi.extraction.rules.model import Rule, rule


def literals(pattern: str, flags: int = re.IGNORECASE) -> frozenset[str] | None:
    return required_literals(re.compile(pattern, flags))


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (
            r"i (?:really )?(?:like|love)\s+(?P<object>.+)",
            {"i like", "i love", "i really like", "i really love"},
        ),
        (r"\bmath(?:s|ematics)?\b", {"math", "maths", "mathematics"}),
        (r"(?P<value>\d{1,2})\s*years? old", {"year old", "years old"}),
        (r"(?P<object>\w+)\s*(?:的区别|有什么不同)", {"的区别", "有什么不同"}),
        (r"[吗呢]\s*$", {"吗", "呢"}),  # one of a set of characters
        (r"(?-i:SATs?)", {"sat", "sats"}),  # a case-sensitive part is compared folded too
        (r"(?:weak|nemesis)\s+(?P<object>.+)", {"weak", "nemesis"}),
        (r"(?:x|yz)+\s+(?:abc|abd)", {"abc", "abd"}),  # the longer strings screen out more
    ],
)
def test_the_strings_a_pattern_needs_are_read_off_it(pattern, expected):
    assert literals(pattern) == expected


@pytest.mark.parametrize(
    "pattern",
    [
        r".+",
        r"\w+\s+\d+",
        r"(?:foo)?\w+",  # what is optional is not needed
        r"foo|\w+",  # nor what only one alternative needs
        r"(?:abc)*",
    ],
)
def test_a_pattern_without_fixed_text_has_no_requirement(pattern):
    assert literals(pattern) is None


def test_a_negated_set_gives_nothing_but_the_text_around_it_does():
    assert literals(r"[^x]yz") == {"yz"}


def test_folding_keeps_what_ignorecase_takes_for_the_same_letter():
    # the Kelvin sign, a long s, a dotless i and a dotted capital I match "kiss" ignoring case
    for said in ("KISS", "\u212aiss", "kiſs", "kıss", "kİss"):
        assert re.search("kiss", said, re.IGNORECASE)
        assert "kiss" in fold(said)


def _every_character() -> str:
    return "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)


def _literals_of(pattern: re.Pattern[str] | None) -> frozenset[str]:
    return (required_literals(pattern) if pattern is not None else None) or frozenset()


def test_every_character_ignorecase_matches_to_a_rule_letter_folds_to_that_letter():
    """The prefilter is exact only if `fold` never parts two characters re.IGNORECASE takes
    for one another: checked against every code point, for each cased letter the rules need."""
    strings = {s for r in RULES for p in (r.trigger, r.pattern) for s in _literals_of(p)}
    characters = {c for s in strings for c in s} | set("abcdefghijklmnopqrstuvwxyz")
    letters = {c for c in characters if c.lower() != c.upper()}
    everything = _every_character()
    for letter in letters:
        for written in (re.escape(letter), f"[{re.escape(letter)}\x00]"):  # a literal, a set
            for found in re.finditer(written, everything, re.IGNORECASE):
                if found.group() != "\x00":
                    assert fold(found.group()) == fold(letter), (letter, found.group())


@pytest.mark.parametrize("rule_", RULES, ids=lambda r: r.name)
def test_every_example_a_rule_matches_holds_one_of_its_strings(rule_: Rule):
    """A wrong reading would drop a rule from texts it matches: its own examples say not."""
    for pattern in (rule_.trigger, rule_.pattern):
        needed = _literals_of(pattern)
        for example in rule_.examples:
            if needed and pattern is not None and pattern.search(example):
                assert any(s in fold(example) for s in needed), (example, sorted(needed)[:10])


def _rule(name: str, pattern: str, **options) -> Rule:
    return rule(name, EventType.PREFERENCE, pattern, 0.9, "test", (), **options)


LIKES = _rule("pref_en_like", r"\bi (?:really )?(?:like|love)\s+(?P<object>\w+)")
WEAK = _rule("pref_en_weak", r"(?P<object>\w+) is my weak spot")
SHOUTED = _rule("pref_en_sat", r"(?-i:SAT)", case_sensitive=True)
ANYTHING = _rule("pref_en_any", r"(?P<object>\w+)")


def _selected(text: str, rules: list[Rule]) -> list[str]:
    screen = Prefilter([(r, required_literals(r.pattern)) for r in rules])
    return [r.name for r in screen.select(text)]


def test_a_rule_whose_strings_are_absent_is_not_tried():
    assert _selected("i really love chemistry", [LIKES, WEAK]) == ["pref_en_like"]


def test_a_case_insensitive_alternation_is_tried_whenever_it_can_match():
    for said in ("I LOVE chemistry", "i Really Like it", "ok so I like\tmaths"):
        assert LIKES.pattern.search(said)
        assert _selected(said, [WEAK, LIKES]) == ["pref_en_like"]


def test_a_rule_with_no_fixed_text_is_always_tried_and_the_order_is_kept():
    text = "ALGEBRA IS MY WEAK SPOT, i like SAT prep"
    assert _selected(text, [ANYTHING, SHOUTED, WEAK, LIKES]) == [
        "pref_en_any",
        "pref_en_sat",
        "pref_en_weak",
        "pref_en_like",
    ]
    assert _selected("nothing here", [LIKES, ANYTHING, WEAK]) == ["pref_en_any"]


def test_strings_inside_or_at_the_start_of_a_longer_one_are_all_found():
    """The scan reports the longest string at each position; the shorter ones it starts with,
    and those starting inside it, are there too."""
    items = [("long", frozenset({"weak spot"})), ("prefix", frozenset({"weak"}))]
    items += [("inside", frozenset({"eak"})), ("absent", frozenset({"weakness"}))]
    assert Prefilter(items).select("my Weak Spot") == ["long", "prefix", "inside"]
