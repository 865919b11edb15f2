"""The place gazetteer (`jiyi.places`): both languages, nicknames, folding, words refused."""

from __future__ import annotations

import pytest

from jiyi import places


@pytest.mark.parametrize(
    ("name", "en", "zh"),
    [
        ("Shanghai", "Shanghai", "上海"),
        ("上海", "Shanghai", "上海"),
        ("上海市", "Shanghai", "上海"),
        ("魔都", "Shanghai", "上海"),
        ("帝都", "Beijing", "北京"),
        ("羊城", "Guangzhou", "广州"),
        ("鹏城", "Shenzhen", "深圳"),
        ("浙江省", "Zhejiang", "浙江"),
        ("NYC", "New York City", "纽约"),
        ("nyc", "New York City", "纽约"),
        ("LA", "Los Angeles", "洛杉矶"),
        ("SF", "San Francisco", "旧金山"),
        ("Montréal", "Montreal", "蒙特利尔"),
        ("montreal", "Montreal", "蒙特利尔"),
        ("the U.S.", "United States", "美国"),
        ("Xian", "Xi'an", "西安"),
        ("St. Louis", "St. Louis", "圣路易斯"),
        ("ZÜRICH", "Zurich", "苏黎世"),
        ("Bombay", "Mumbai", "孟买"),
        ("the UK", "United Kingdom", "英国"),
        ("加州", "California", "加州"),
        ("Nice", "Nice", "尼斯"),
        ("高雄", "Kaohsiung", "高雄"),
    ],
)
def test_lookup_names_a_place_in_both_languages(name, en, zh):
    place = places.lookup(name)
    assert place is not None, name
    assert place.name_in("en") == en
    assert place.name_in("zh") == zh
    assert places.canonical(name, "zh") == zh


@pytest.mark.parametrize(
    "word",
    ["nice", "reading", "bath", "mobile", "split", "orange", "us", "la", "love", "学习", "Python"],
)
def test_common_words_are_not_places(word):
    assert places.lookup(word) is None
    assert not places.is_place(word)


def test_an_unknown_name_is_kept_as_said():
    assert places.canonical("Smalltown", "en") == "Smalltown"


@pytest.mark.parametrize(
    ("text", "start", "span"),
    [
        ("new york rn", 0, "new york"),
        ("in St. Louis, MO", 3, "St. Louis"),
        ("London-based", 0, "London"),
        ("成都这边很热", 0, "成都"),
        ("我在杭州市上班", 2, "杭州市"),
    ],
)
def test_place_at_finds_the_longest_name_starting_there(text, start, span):
    found = places.place_at(text, start)
    assert found is not None
    assert text[start : found[1]] == span


@pytest.mark.parametrize("text", ["Paris's cafes", "Jordan's class", "nice weather", ""])
def test_place_at_needs_a_whole_name(text):
    assert places.place_at(text, 0) is None


def test_place_at_leaves_what_follows_to_the_rule():
    found = places.place_at("中山路", 0)  # 中山 is a city; the rule's tail refuses 路 after it
    assert found is not None
    assert found[1] == 2


def test_the_gazetteer_is_large_and_loaded_once():
    assert places.size() > 800
    assert places._index() is places._index()


@pytest.mark.parametrize(("text", "name"), [("phoenix", "Phoenix"), ("reading, 40", "Reading")])
def test_a_name_that_is_a_word_counts_in_any_case_where_a_frame_says_a_place_comes(text, name):
    assert places.place_at(text, 0) is None  # "phoenix" alone is the bird
    found = places.place_at(text, 0, any_case=True)
    assert found is not None
    assert found[0].name_in("en") == name


@pytest.mark.parametrize("text", ["la", "us", "ca"])
def test_initials_are_never_matched_in_another_case(text):
    assert places.place_at(text, 0, any_case=True) is None
