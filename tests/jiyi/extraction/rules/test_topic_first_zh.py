"""Chinese verdicts said of a topic named first (`jiyi.extraction.rules.topic_first_zh`): what
is hard (firm, or weak when hedged), what the learner is fine or fair at, allergies named first;
someone else's, questions, hypotheticals and pointers none."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, RelationKind, Role, Turn
from jiyi.extraction.engine import extract_with_rules

OBJ, REL = EventAttr.OBJECT, EventAttr.RELATION


def said(text: str, event_type: EventType) -> dict[str, float]:
    """What a user turn says of a topic, by object, with the strongest confidence."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    found: dict[str, float] = {}
    for event in extract_with_rules(turn):
        if event.event_type is event_type and event.attributes.get(EventAttr.HOLDER) is None:
            obj = event.attributes.get(OBJ)
            if obj:
                found[obj] = max(found.get(obj, 0.0), event.confidence)
    return found


def test_an_obstacle_is_named_whole_before_an_adverb_and_xue_bu_mingbai() -> None:
    """'化学平衡一直学不明白' is about 化学平衡, not the fragment '平衡一直学'."""
    assert set(said("高二选的物化生，化学平衡一直学不明白", EventType.CONCEPT_CONFUSION)) == {
        "化学平衡"
    }


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("德语太难了 头都大了", "德语"),
        ("英语一直拖后腿 总分上不去", "英语"),
        ("口语基本说不出来", "口语"),
        ("积分老是算错", "积分"),
        ("音标总是读错😭", "音标"),
        ("文言文完全不行", "文言文"),
        ("俄语变格练了两周还是记不住", "俄语变格"),
        ("化学 我永远分不清", "化学"),
        ("但是语法真的差劲", "语法"),
        ("导数一求我就懵", "导数"),
        ("排列组合一变形就晕", "排列组合"),
    ],
)
def test_a_topic_said_to_be_hard_is_a_firm_obstacle(text: str, topic: str) -> None:
    assert said(text, EventType.CONCEPT_CONFUSION).get(topic, 0.0) >= 0.5


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("几何快跟不上了", "几何"),
        ("微积分要挂了 救命", "微积分"),
        ("作文不太会", "作文"),
        ("方程好像老算错", "方程"),
    ],
)
def test_a_hedged_obstacle_is_weak(text: str, topic: str) -> None:
    assert 0.2 <= said(text, EventType.CONCEPT_CONFUSION).get(topic, 0.0) < 0.5


@pytest.mark.parametrize(
    "text",
    [
        "这题太难了吧？",
        "明天不太会下雨",
        "周三不行 换周四吧",
        "德语会不会很难",
        "如果我学德语会不会太难",
        "今天状态好差",
        "刚才那道也太难了吧",
        "画完也记不住",
        "近代史那堆条约我永远记不住",
    ],
)
def test_others_questions_and_moods_are_no_obstacle(text: str) -> None:
    confusions = said(text, EventType.CONCEPT_CONFUSION)
    assert not any(v >= 0.5 for v in confusions.values()), confusions


@pytest.mark.parametrize(
    ("text", "topic", "firm"),
    [
        ("Excel基本操作都熟", "Excel", True),
        ("法语日常对话没压力", "法语", True),
        ("Vue用得挺溜", "Vue", True),
        ("游泳都会 自由泳最稳", "自由泳", True),
        ("日语还凑合", "日语", False),
        ("Java还算熟吧", "Java", False),
    ],
)
def test_a_topic_said_to_be_fine_is_mastery(text: str, topic: str, firm: bool) -> None:
    confidence = said(text, EventType.CONCEPT_MASTERY).get(topic, 0.0)
    assert (confidence >= 0.5) if firm else (0.2 <= confidence < 0.5)


@pytest.mark.parametrize("text", ["这种计算闭眼都会", "大家都会", "SQL会不会很难学"])
def test_no_topic_no_mastery(text: str) -> None:
    assert said(text, EventType.CONCEPT_MASTERY) == {}


def allergies(text: str) -> list[str]:
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[OBJ]
        for e in extract_with_rules(turn)
        if e.attributes.get(REL) == RelationKind.ALLERGIC_TO.value
        and e.attributes.get(EventAttr.HOLDER) is None
    ]


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("芝麻过敏 菜谱里别放", "芝麻"),
        ("对虾过敏，实验课能换个例子吗", "虾"),
        ("头孢严重过敏", "头孢"),
        ("我是对牛奶过敏，不是鸡蛋", "牛奶"),
    ],
)
def test_an_allergy_named_first(text: str, allergen: str) -> None:
    assert allergen in allergies(text)


@pytest.mark.parametrize(
    "text",
    ["我弟对芒果过敏", "我没啥过敏的", "过敏的话怎么办", "我姐对猫过敏 家里没养", "先问过敏史"],
)
def test_someone_elses_or_no_allergy_is_none(text: str) -> None:
    assert allergies(text) == []


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("三分球怎么都投不准", "三分球"),
        ("榫眼怎么都锯不准", "榫眼"),
        ("倒装句那块最晕", "倒装句"),
        ("还有虚拟语气真的好懵", "虚拟语气"),
        ("配速那个我老是犯错", "配速"),
        ("左右手定则还是偶尔判反", "左右手定则"),
        ("ser estar 真的要命", "ser estar"),
        ("连笔还是老问题", "连笔"),
    ],
)
def test_more_ways_a_topic_is_said_to_be_hard(text: str, topic: str) -> None:
    assert topic in said(text, EventType.CONCEPT_CONFUSION)


@pytest.mark.parametrize(
    "text",
    ["第三步我又写反了", "这道题最晕的是什么", "今天好晕 没睡好"],
)
def test_a_step_a_question_or_a_mood_is_no_hard_topic(text: str) -> None:
    assert said(text, EventType.CONCEPT_CONFUSION) == {}


def test_together_is_no_one_touch_and_it_falls_apart() -> None:
    assert "合在" not in said("最大问题是左右手 合在一起就乱 单手都行", EventType.CONCEPT_CONFUSION)
    assert "钢琴" in said("钢琴一合手就乱", EventType.CONCEPT_CONFUSION)


def test_a_subject_ending_in_xue_keeps_it() -> None:
    assert "数学" in said("小学三年级 数学不会", EventType.CONCEPT_CONFUSION)  # 数学, not 数
    assert "数学" in said("数学学不会", EventType.CONCEPT_CONFUSION)


def test_two_names_said_side_by_side_are_one_pair() -> None:
    found = said("算了还是做两道吧 左手定则右手定则老是搞反", EventType.CONCEPT_CONFUSION)
    assert "左手定则和右手定则" in found
    assert "电场磁场" in said("电场磁场老搞混", EventType.CONCEPT_CONFUSION)  # one character shared


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("电磁感应有点难", "电磁感应"),
        ("概率有些难 老算错", "概率"),
        ("微积分还行，倒是线代一直搞不定", "线性代数"),
        ("初三，英语语法一塌糊涂", "英语语法"),
    ],
)
def test_a_topic_said_first_is_hard(text, topic):
    assert topic in said(text, EventType.CONCEPT_CONFUSION)


@pytest.mark.parametrize(
    "text",
    [
        "花粉过敏，夏天简直要命",
        "回来这破题又算不对",
        "法语一开始很难，现在还行",
        "以前概率有点难",
        "我同学说概率有点难",
        "物理有点难吗",
    ],
)
def test_a_time_or_the_past_is_no_hard_topic(text):
    assert said(text, EventType.CONCEPT_CONFUSION) == {}


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("数列对我来说不难", "数列"),
        ("有机化学对我来说一点都不难", "有机化学"),
        ("勾股定理我现在完全搞懂了", "勾股定理"),
        ("函数极限我终于搞懂了", "函数极限"),
    ],
)
def test_a_topic_said_first_is_fine_now(text, topic):
    assert topic in said(text, EventType.CONCEPT_MASTERY)


@pytest.mark.parametrize("text", ["他说数列对他来说不难", "数列对你来说不难吧?"])
def test_not_fine_for_the_user(text):
    assert said(text, EventType.CONCEPT_MASTERY) == {}


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("天天跟老外打交道但是英语还是不行", "英语"),
        ("日常对话我没问题,就是写作弱一点", "写作"),
        ("Linux命令熟，但shell脚本一长就写不动。", "shell脚本"),
        ("楷书练了一年，行书还没入门", "行书"),
        ("药代动力学这块儿完全没入门", "药代动力学"),
        ("我一个雅思考生，在青岛，口语是最大难点", "口语"),
        ("语文阅读题老是丢分", "阅读题"),
        ("最近练琴手腕一直疼，八度根本弹不连贯。", "八度"),
        ("AE用得还不太熟", "AE"),
        ("英语一是最大的拦路虎", "英语一"),
    ],
)
def test_more_ways_chat_says_a_topic_goes_badly(text: str, topic: str) -> None:
    assert topic in said(text, EventType.CONCEPT_CONFUSION)


@pytest.mark.parametrize("text", ["这个方案不行", "我的坑"])
def test_what_fails_that_is_no_topic_of_learning(text: str) -> None:
    assert said(text, EventType.CONCEPT_CONFUSION) == {}


def test_all_remembered_is_mastery() -> None:
    assert "平假名" in said("片假名真是噩梦 平假名倒是都记住了", EventType.CONCEPT_MASTERY)
