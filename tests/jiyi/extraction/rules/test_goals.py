"""Goal rules (`jiyi.extraction.rules.goals`): each family of phrasings, zh and en, names the
goal a tutor would note, and the near-misses (someone else's goal, a past one, a question, a
negation) name none."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_with_rules

OBJ = EventAttr.OBJECT


def goals_in(text: str) -> list[str]:
    """The goals a user turn names, as the graph would be told (claims read in context:
    someone else's or a past goal is not the user's now)."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[OBJ]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.GOAL
        and OBJ in e.attributes
        and e.attributes.get(EventAttr.HOLDER) is None
        and e.attributes.get(EventAttr.TENSE) is None
        and e.attributes.get(EventAttr.POLARITY) != "negative"  # a goal given up (below)
    ]


def assert_goal(text: str, expected: str) -> None:
    found = goals_in(text)
    assert expected in found, f"{expected!r} not among {found} for {text!r}"


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("honestly i want at least a 6 this year", "grade 6"),
        ("need an A in bio or my mum will kill me lol", "grade A in bio"),
        ("Im hoping for a 9 in maths!!", "9 in maths"),
        ("I'm aiming for a B+ minimum", "grade B+"),
        ("still want a 5 on AP Bio tbh", "5 on AP Bio"),
    ],
)
def test_a_target_grade(text, goal):
    assert_goal(text, goal)


@pytest.mark.parametrize(
    "text",
    [
        "my sister wants a 7 in french",  # someone else's
        "I don't need an A, a pass is fine",  # negated
        "do you think i can get a 7?",  # a question
        "want a 5 on the exam in may",  # the exam is not named: no clause-y "5 on the exam"
        "I need a 5 minute break",  # a number that is no grade
        "I used to want a 9 in everything",  # a past goal
    ],
)
def test_not_a_target_grade(text):
    assert not [g for g in goals_in(text) if g[:1].isdigit() or g.startswith("grade")]


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("We're going to Lisbon in September, so Portuguese it is", "trip to Lisbon"),
        ("my husband and I are heading to Kyoto next spring", "trip to Kyoto"),
        ("im flying to Seoul in july!!", "trip to Seoul"),
        ("we're planning a trip to Peru for our anniversary", "trip to Peru"),
    ],
)
def test_a_planned_trip(text, goal):
    assert_goal(text, goal)


@pytest.mark.parametrize(
    "text",
    [
        "my sister is going to Paris in May",
        "are we going to Rome next year?",
        "I was going to Madrid in June but we cancelled",
        "I'm going to Google it later",
        "we're not going to Berlin this year",
    ],
)
def test_not_a_planned_trip(text):
    assert not [g for g in goals_in(text) if g.startswith("trip to")]


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("ok update: doing nursing instead of med school", "nursing"),
        ("I'll study law instead, less debt", "law"),
        ("thinking it over, im going into computer science instead", "computer science"),
        ("so, applying for architecture instead of civil engineering 😅", "architecture"),
    ],
)
def test_a_field_chosen_instead_of_another(text, goal):
    found = goals_in(text)
    assert goal in found
    assert len(found) == 1  # the one given up is no goal: it ends the old one (below)


@pytest.mark.parametrize(
    "text",
    [
        "my brother is doing law instead",  # someone else's (no clause start before "doing")
        "should i do psychology instead?",  # a question
        "I'm eating pasta instead of rice",  # not a field
    ],
)
def test_not_a_field_chosen_instead(text):
    assert goals_in(text) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("third year, stats midterm is oct 3 and im panicking", "stats midterm"),
        ("ok so my LSAT is on June 8th", "LSAT"),
        ("hi!! orgo final is dec 14, pls help", "orgo final"),
        ("also the bar exam is july 28", "bar exam"),
    ],
)
def test_an_exam_with_its_date(text, goal):
    assert_goal(text, goal)


@pytest.mark.parametrize(
    "text",
    [
        "exam's march 20th",  # no exam named
        "my midterm was on oct 3, went fine",  # past
        "is the final on dec 14?",  # a question
        "my roommate's MCAT is june 20",  # someone else's: the possessive is not "my"
    ],
)
def test_not_an_exam_with_its_date(text):
    assert goals_in(text) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("I'm learning Spanish so I can chat with my in-laws", "chat with my in-laws"),
        ("practising every day so that i can perform at the open mic", "perform at the open mic"),
        ("studying hard so I can get into med school", "med school"),
        (
            "want to learn theory so i can improvise over jazz standards",
            "improvise over jazz standards",
        ),
    ],
)
def test_what_learning_is_for(text, goal):
    assert_goal(text, goal)


@pytest.mark.parametrize(
    "text",
    [
        "my son is learning python so he can build games",  # someone else's
        "should I learn theory so I can improvise?",  # a question
        "learning python so i can get out of this warehouse",  # escaping is not a named goal
    ],
)
def test_not_what_learning_is_for(text):
    assert goals_in(text) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("期末数学我要冲120 冲冲冲💪", "期末数学120分"),
        ("英语这次一定要考到130+", "英语130分"),
        ("物理想考90分以上", "物理90分"),
        ("雅思至少要考到7", "雅思7"),
    ],
)
def test_a_target_score_zh(text, goal):
    assert_goal(text, goal)


@pytest.mark.parametrize(
    "text",
    [
        "我妹数学要考120",  # 别人的
        "数学能考120吗?",  # 问句
        "数学考了120 还行",  # 已经考完
        "英语不想冲130了",  # 否定
    ],
)
def test_not_a_target_score_zh(text):
    assert not [g for g in goals_in(text) if g.endswith("分") or g[-1:].isdigit()]


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("在吗 三战考研人 求带", "考研"),
        ("我是考公党 每天刷申论", "考公"),
        ("离高考还有100天了", "高考"),
        ("刚下班 护考只剩两周", "护考"),
        ("雅思还有一个多月 口语还不行", "雅思"),
    ],
)
def test_an_exam_being_prepared_for_zh(text, goal):
    assert_goal(text, goal)


@pytest.mark.parametrize(
    "text",
    [
        "我们导员天天说一定要考研",  # 别人的要求
        "我哥高考还有三个月",  # 别人的考试
        "考研人数又涨了",  # 说的是人数
        "我自己其实不想考研",  # 否定
    ],
)
def test_not_an_exam_being_prepared_for_zh(text):
    assert goals_in(text) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("干了五年会计了 想转行做数据分析", "数据分析"),
        ("我打算转行当程序员!", "程序员"),
        ("明年准备转行去做产品", "产品"),
        ("年底前投简历 数据分析师 冲!", "数据分析师"),
        ("下个月准备投产品经理", "产品经理"),
    ],
)
def test_a_career_goal_zh(text, goal):
    assert_goal(text, goal)


@pytest.mark.parametrize(
    "text",
    [
        "我不想转行做销售",  # 否定
        "我同事去年转行做了程序员",  # 别人的、过去的
        "转行做设计靠谱吗?",  # 问句
        "最近在研究投资分析师的报告",  # 投资不是投简历
    ],
)
def test_not_a_career_goal_zh(text):
    assert goals_in(text) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("我自己其实不想考研 想毕业直接去券商", "券商"),
        ("毕业后我打算进大厂", "大厂"),
        ("本科毕业想去投行工作", "投行"),
        ("我毕业以后想去医院上班", "医院"),
    ],
)
def test_where_the_user_goes_after_graduating_zh(text, goal):
    assert_goal(text, goal)


@pytest.mark.parametrize(
    "text",
    ["我哥毕业去了腾讯", "毕业去大厂好还是考研好?", "我不想毕业就去上班"],
)
def test_not_where_the_user_goes_after_graduating_zh(text):
    assert goals_in(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "我想了好几天 还是改报华中农大吧",  # "想了" is thinking it over, not a goal of "了好几天…"
        "想好了 还是学python吧",
        "刚退休 想重新捡起毛笔字",  # a hobby taken up again: an interest, not a goal
        "目标年底前投简历",  # sending CVs is the means, not what is aimed at
    ],
)
def test_thinking_it_over_or_taking_up_a_hobby_is_no_goal_of_that_wording_zh(text):
    found = goals_in(text)
    assert not [g for g in found if "了" in g or "捡起" in g or g == "投简历"], found


# --- goals given up: polarity negative, which only ever closes a goal the user had ---------------


def given_up(text: str) -> list[str]:
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[OBJ]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.GOAL and e.attributes.get(EventAttr.POLARITY) == "negative"
    ]


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("ok scrap the finance thing", "finance"),
        ("im not doing the MCAT anymore", "MCAT"),
        ("giving up on law school tbh", "law school"),
        ("officially dropping the bootcamp plan lol", "bootcamp"),
        ("doing architecture instead of mech e", "mech e"),
        ("gonna apply for nursing instead of med school", "med school"),
        ("雅思不考了 直接申港校", "雅思"),
        ("考研我决定不考了", "考研"),
        ("我决定放弃考研了", "考研"),
        ("干脆不考雅思了", "雅思"),
    ],
)
def test_a_goal_given_up_names_the_goal_it_ends(text, goal) -> None:
    assert given_up(text) == [goal]


@pytest.mark.parametrize(
    "text",
    [
        "drop the constant and integrate",
        "I'll never give up",
        "are you giving up on me?",
        "我不想放弃",
        "你不考了吗",
        "雅思还考吗？",
    ],
)
def test_no_goal_is_given_up_by_near_misses(text) -> None:
    assert given_up(text) == []
