"""One name for one thing, zh and en."""

from __future__ import annotations

from importlib.resources import files

import pytest

from jiyi import vocabulary
from jiyi.domain import EntityKind
from jiyi.text import has_han


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


# The curriculum lexicon: a study concept said either way is one thing.
@pytest.mark.parametrize(
    ("said", "lang", "named"),
    [
        ("TCA cycle", "en", "krebs cycle"),
        ("the citric acid cycle", "en", "krebs cycle"),
        ("柠檬酸循环", "zh", "三羧酸循环"),
        ("PED", "en", "price elasticity of demand"),
        ("价格弹性", "zh", "需求价格弹性"),
        ("list comps", "en", "list comprehensions"),
        ("列表推导", "zh", "列表推导式"),
        ("present perfect tense", "en", "present perfect"),
        ("现在完成式", "zh", "现在完成时"),
        ("SOH CAH TOA", "en", "right triangle trigonometry"),
        ("勒沙特列原理", "zh", "勒夏特列原理"),
        ("u-sub", "en", "integration by substitution"),
        ("ser and estar", "en", "ser vs estar"),
        ("simultaneous equations", "en", "simultaneous equations"),  # canonical: as said
        ("python", "zh", "python"),  # said in Latin letters in a zh turn: kept
    ],
)
def test_a_study_concept_is_named_canonically(said, lang, named):
    assert vocabulary.canonical(said, lang) == named


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Krebs cycle", "三羧酸循环"),
        ("indifference curves", "无差异曲线"),
        ("ba construction", "把字句"),
        ("free body diagrams", "受力分析"),
        ("circle of fifths", "五度圈"),
        ("prepositions", "介词"),
        ("linear algebra", "线代"),
        ("probability theory", "概率论"),
    ],
)
def test_a_study_concept_is_one_entry_in_both_languages(one, other):
    entry = vocabulary.lookup(one)
    assert entry is not None
    assert entry is vocabulary.lookup(other)


def test_the_concept_a_turn_talks_about_is_found_in_either_language():
    assert vocabulary.mentions("Right, the citric acid cycle makes NADH.", EntityKind.CONCEPT) == [
        "krebs cycle"
    ]
    said = vocabulary.mentions("三羧酸循环一圈产生几个NADH？", EntityKind.CONCEPT)
    assert said[0] == "三羧酸循环"  # before the "循环" (loops) inside it


def _as_said(name: str) -> list[str]:
    """A name as a turn may put it: plural, after an article, hyphenated, with a trailing "'"."""
    name = name.casefold()
    return [name, f"{name}s", f"the {name}", f"my {name}s", name.replace(" ", "-"), f"{name}'"]


def test_a_run_of_words_that_is_a_name_ends_in_a_word_that_may_end_one():
    """`mentions` looks a run of words up only when its last word may end a name: every way a
    known English name is said passes that screen, so skipping the others loses nothing."""
    for entry in dict.fromkeys(vocabulary._index().values()):
        for said in (variant for name in entry.en for variant in _as_said(name)):
            if said.isascii() and vocabulary._index().get(vocabulary.key(said)) is entry:
                assert vocabulary._may_end_a_name(vocabulary._WORDS.findall(said)[-1]), said


def test_mentions_finds_a_name_said_in_the_plural_after_an_article_or_beside_non_ascii():
    concept = EntityKind.CONCEPT
    assert vocabulary.mentions("I keep mixing up the chain rules.", concept) == ["chain rule"]
    assert vocabulary.mentions("the chain rule again 😅", concept) == ["chain rule"]
    assert vocabulary.mentions("I keep mixing up the verbs today.", concept) == []


SEARCHED_KINDS = {EntityKind.CONCEPT}  # what jiyi.ingest.references asks mentions() for


def _entries_in_file() -> list[vocabulary.Entry]:
    text = files("jiyi.resources").joinpath("vocabulary.txt").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return [vocabulary._parse(line) for line in lines]


@pytest.mark.parametrize(
    "text",
    ["血液循环很重要", "我对数据分析感兴趣", "画一个三角形", "大概率是这样", "这次积分排第一"],
)
def test_a_short_chinese_name_never_fires_inside_an_unrelated_word(text):
    assert vocabulary.mentions(text, EntityKind.CONCEPT) in ([], ["心血管系统"], ["数据分析"])


def test_a_short_chinese_name_is_still_a_name_when_said_whole():
    assert vocabulary.canonical("对数", "zh") == "对数"
    assert vocabulary.lookup("循环") is not None
    assert vocabulary.mentions("这个求导我不会", EntityKind.CONCEPT) == ["导数"]


def test_every_short_chinese_name_searched_for_is_a_concept_name():
    short = {
        name
        for entry in _entries_in_file()
        if entry.kind in SEARCHED_KINDS
        for name in entry.names
        if has_han(name) and len(name) <= 2
    }
    assert short >= vocabulary.SHORT_HAN_SEARCHED


# A concept's English name is found word by word ("plural s" aside), so an everyday word or an
# abbreviation that is one ("oops" is "oop" plural) would name a concept in any sentence.
GENERIC_EN = (
    *("mean", "mode", "modes", "range", "set", "power", "work", "energy", "force", "mass"),
    *("rate", "cell", "tense", "mood", "case", "key", "scale", "note", "rest", "time"),
    *("interest", "cost", "demand", "supply", "return", "class", "object", "string", "list"),
    *("rules", "test", "translation", "articles", "average", "expectation", "scope", "oops"),
    *("percent", "moments", "impulse", "exceptions", "tones", "classifiers", "kcl", "pk"),
)


def test_no_concept_is_named_by_an_everyday_word():
    generic = {vocabulary.key(word) for word in GENERIC_EN}
    concepts = {
        vocabulary.key(name)
        for entry in _entries_in_file()
        if entry.kind is EntityKind.CONCEPT
        for name in entry.en
    }
    assert not concepts & generic


@pytest.mark.parametrize(
    ("said", "lang", "named"),
    [
        ("sparky", "en", "electrician"),
        ("ref", "en", "referee"),
        ("postie", "en", "postal worker"),
        ("前端", "zh", "前端工程师"),
        ("审计师", "zh", "审计"),
        ("导游", "en", "tour guide"),
        ("老师", "en", "teacher"),
        ("裁判", "en", "referee"),
    ],
)
def test_an_occupation_said_by_an_everyday_name_is_one_role_in_both_languages(said, lang, named):
    assert vocabulary.canonical(said, lang, EntityKind.ROLE) == named


@pytest.mark.parametrize(
    ("name", "is_format"),
    [
        ("bullet points", True),  # what the tutor's replies are like
        ("practice questions", True),
        ("表格", True),
        ("一步一步", True),
        ("pictures", False),  # how the learner takes things in
        ("flashcards", False),
        ("类比", False),
        ("播客", False),
    ],
)
def test_a_way_of_being_taught_is_a_style_marked_format_or_not(name, is_format):
    entry = vocabulary.lookup(name)
    assert entry is not None
    assert (entry.kind, entry.is_format) == (EntityKind.STYLE, is_format)


def test_only_style_lines_are_formats():
    assert all(e.kind is EntityKind.STYLE for e in vocabulary._index().values() if e.is_format)
