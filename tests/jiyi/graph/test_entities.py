"""Entity ids, aliases and "that button" references, in Chinese and English."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from jiyi.domain import EntityKind, check_entity_id
from jiyi.graph.entities import alias_key, entity_id_for, nameable, parse_reference


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Chain Rule", "chain rule"),
        ("the chain rule", "Chain  rule"),
        ("三角函数", " 三角函数。"),
        ("ＡＢＣ", "abc"),
        ("“递归”", "递归"),
    ],
)
def test_alias_keys_meet_for_spellings_of_one_name(a, b) -> None:
    assert alias_key(a) == alias_key(b)


def test_english_names_get_readable_slugs() -> None:
    assert entity_id_for("Chain Rule", EntityKind.CONCEPT) == "chain_rule"
    assert entity_id_for("the chain-rule", EntityKind.CONCEPT) == "chain_rule"


def test_han_names_get_kind_and_a_stable_hash() -> None:
    first = entity_id_for("三角函数", EntityKind.CONCEPT)
    assert first == entity_id_for("三角函数", EntityKind.CONCEPT)
    assert first.startswith("concept_")
    assert len(first) == len("concept_") + 8
    assert first != entity_id_for("导数", EntityKind.CONCEPT)
    mixed = entity_id_for("Python装饰器", EntityKind.CONCEPT)
    assert mixed.startswith("python_")


def test_lossy_slugs_keep_names_apart() -> None:
    ids = {entity_id_for(n, EntityKind.CONCEPT) for n in ("C", "C++", "C#")}
    assert len(ids) == 3


def test_long_and_digit_first_names_still_make_valid_ids() -> None:
    long_id = entity_id_for("the fundamental theorem of calculus part two", EntityKind.CONCEPT)
    assert len(long_id) <= 32
    assert check_entity_id(long_id)
    assert entity_id_for("3d printing", EntityKind.ACTIVITY).startswith("activity_3d_printing")
    assert entity_id_for("chain rule", EntityKind.CONCEPT, hashed=True) != "chain_rule"


def test_a_name_of_only_punctuation_is_refused() -> None:
    with pytest.raises(ValueError, match="only punctuation"):
        entity_id_for("。！？", EntityKind.CONCEPT)


@given(st.text(min_size=1, max_size=80).filter(lambda s: alias_key(s) != ""))
@example("_")
@example("C++")
@example("三角函数" * 20)
def test_every_name_makes_a_valid_id(name) -> None:
    assert check_entity_id(entity_id_for(name, EntityKind.OBJECT))


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("那个按钮", EntityKind.UI_ELEMENT),
        ("这个红色按钮", EntityKind.UI_ELEMENT),
        ("刚才说的那个公式", EntityKind.CONCEPT),
        ("that button", EntityKind.UI_ELEMENT),
        ("this red button", EntityKind.UI_ELEMENT),
        ("The menus", EntityKind.UI_ELEMENT),
        ("that formula", EntityKind.CONCEPT),
    ],
)
def test_references_are_recognised_with_their_kind(text, kind) -> None:
    assert parse_reference(text).kind is kind


@pytest.mark.parametrize("text", ["支付按钮", "payment button", "三角函数", "jazz", "那首歌"])
def test_names_are_not_references(text) -> None:
    assert parse_reference(text) is None


# --- what can name a thing ---------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "chain rule",
        "链式法则",
        "completing the square",
        "peanuts",
        "期末数学120分",
        "Lyon",
        "虾",
        "猫",
        "吉他",  # 他 in a word, not the pronoun
        "talking it through",  # a way of doing with its object
        "drawing it out",
        "IT support",  # initials, not "it"
        "RN",
        "async/await",
    ],
)
def test_short_phrases_are_names(name):
    assert nameable(name)


@pytest.mark.parametrize(
    "name",
    [
        "pass it",
        "be able to order food and chat a",
        "把雅思考到6",
        "比他快多了",
        "他教的和弦",
        "i hate it",
        "it support",
        "1/2",
        "讲语法术语我就晕",
        "i hate this stupid exam",
        "a very long phrase that goes on and on forever",
        "interpretations",  # of what: "the interpretations kill me"
        "level",  # "for a level", the article cut off
        "完全",  # "完全记不住": how much, not what
        "不然",  # "不然记不住": a turn of the clause
        "93 错",  # a score and what it did
        "上80",
        "out",  # "wanna get out"
    ],
)
def test_clauses_are_not_names(name):
    assert not nameable(name)


@pytest.mark.parametrize(
    "name",
    ["老师讲得太快", "做题做得很慢", "老师一直讲", "别人总是催", "teachers always rushing",
     "people never listening", "lectures that usually run late"],
)  # fmt: skip
def test_a_verb_with_its_degree_or_how_often_is_a_clause_not_a_name(name):
    assert not nameable(name)


@pytest.mark.parametrize(
    "name",
    [
        "心得体会",
        "得分技巧",
        "一次函数",
        "frequency tables",
        "time management",
        "比赛例子",
        "比例尺",
    ],
)
def test_names_near_those_marks_are_still_names(name):
    assert nameable(name)


def test_a_bare_number_is_no_name():
    assert not nameable("70")


@pytest.mark.parametrize(
    ("name", "is_name"), [("S", False), ("x", False), ("C", True), ("R", True)]
)
def test_a_single_letter_names_only_a_language(name, is_name):
    assert nameable(name) is is_name


@pytest.mark.parametrize(
    "name",
    ["讲", "难", "题", "的", "方式", "问题", "teachers talking too fast", "not fractions",
     "why my code keeps crashing", "how to approach these", "remembering", "thing", "problems"],
)  # fmt: skip
def test_a_function_word_a_placeholder_or_a_clause_shape_is_not_a_name(name):
    assert not nameable(name)


def test_a_verb_cut_at_its_degree_marker_is_not_a_name():
    assert not nameable("书上写得")


@pytest.mark.parametrize("name", ["那么多", "这么多"])
def test_an_amount_alone_is_not_a_name(name):
    assert not nameable(name)
