"""Requests and reactions (`jiyi.extraction.rules.requests`) that say what the user prefers and
what they pass over: "conversation > grammar drills", "send tabs not the dots thing", a practice
plan asked for, theory put off. What is chosen is held where the vocabulary puts that way of
being taught (a learning style, or a format preferred), else it is a thing preferred; what is
passed over is a dislike only when it is a way of being taught."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, RelationKind, Role, Turn
from jiyi.extraction.engine import extract_with_rules

OBJ, REL = EventAttr.OBJECT, EventAttr.RELATION
PREFERS, STYLE = RelationKind.PREFERS.value, EventType.LEARNING_STYLE.value
DISLIKE = EventType.DISLIKE.value


def _relation_read(event_type: EventType) -> str:
    return PREFERS if event_type is EventType.PREFERENCE else event_type.value


def claims(text: str) -> set[tuple[str, str]]:
    """(relation or event type, object) of the views a user turn states; a liking the engine
    names no relation for is a preference (`prefers`), as the graph reads it."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return {
        (e.attributes.get(REL, _relation_read(e.event_type)), e.attributes[OBJ])
        for e in extract_with_rules(turn)
        if e.event_type in (EventType.PREFERENCE, EventType.DISLIKE, EventType.LEARNING_STYLE)
        and OBJ in e.attributes
    }


def dislike_confidence(text: str, obj: str) -> float:
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return next(
        e.confidence
        for e in extract_with_rules(turn)
        if e.event_type is EventType.DISLIKE and e.attributes.get(OBJ) == obj
    )


@pytest.mark.parametrize(
    ("text", "chosen", "passed_over"),
    [
        ("honestly, speaking practice > vocab lists", (PREFERS, "speaking practice"), None),
        ("flashcards over textbooks any day", (STYLE, "flashcards"), None),
        ("pls, diagrams > long paragraphs", (STYLE, "visual diagrams"), "long explanations"),
        ("yes, conversation > grammar drills", (PREFERS, "conversation"), "grammar drills"),
        ("i'd rather have examples over theory", (STYLE, "worked examples"), None),
        ("can u just send chord charts not the dots thing", (PREFERS, "chord charts"), None),
        ("can you do a table not long paragraphs pls", (PREFERS, "tables"), "long explanations"),
    ],
)
def test_a_comparison_prefers_one_and_passes_over_the_other(text, chosen, passed_over):
    found = claims(text)
    assert chosen in found, found
    assert ((DISLIKE, passed_over) in found) is (passed_over is not None), found


@pytest.mark.parametrize(
    "text",
    [
        "P 4->5, Q 50->45",
        "if n > 0 then return",
        "can you go over it again",
        "x >= 3",
        "mom > dad lol",  # compares no way of being taught
        "my teacher says videos over reading",  # the teacher's view
    ],
)
def test_arrows_code_and_going_over_compare_nothing(text):
    assert not {k for k, _ in claims(text)} & {PREFERS, DISLIKE}


@pytest.mark.parametrize(
    ("text", "disliked"),
    [
        ("i cant read sheet music and tbh dont want to", "sheet music"),
        ("I can't stand group work, and honestly i don't want to", "group work"),
    ],
)
def test_what_the_user_cannot_do_and_will_not_learn_is_a_dislike(text, disliked):
    assert (DISLIKE, disliked) in claims(text)


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("有没有那种每天十五分钟的练习计划", "练习计划"),
        ("能不能帮我排个复习计划", "复习计划"),
        ("could you make me a 15 minute daily practice plan?", "practice plan"),
        ("is there like a simple study plan for this", "study plan"),
    ],
)
def test_a_plan_asked_for_is_preferred(text, plan):
    assert (PREFERS, plan) in claims(text)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("你就直接告诉我参数填多少吧", (PREFERS, "直接给参数")),
        ("直接给我公式就行", (PREFERS, "直接给公式")),
        ("先给我讲讲步骤", None),  # explaining the steps first: no shortcut asked for
        ("别讲原理了 直接给我能跑的代码", (PREFERS, "直接给代码")),  # a format of the replies
    ],
)
def test_what_the_user_wants_handed_over_first(text, named):
    if named is None:
        assert not {o for _, o in claims(text) if o.startswith("直接给")}
    else:
        assert named in claims(text)


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("别讲原理了 先给我例子", "原理"),
        ("原理的东西后面再讲吧", "原理"),
        ("skip the theory, just show me", "theory explanations"),
    ],
)
def test_theory_put_off_is_a_weak_dislike(text, obj):
    assert (DISLIKE, obj) in claims(text)
    assert dislike_confidence(text, obj) < 0.6


@pytest.mark.parametrize(
    ("text", "obj"),
    [("纯看书我坚持不下去", "看书"), ("网课我真的听不进去", "讲座")],
)
def test_a_way_of_learning_the_user_cannot_keep_at_is_a_weak_dislike(text, obj):
    assert (DISLIKE, obj) in claims(text)
    assert dislike_confidence(text, obj) < 0.6


# --- one relation per way of being taught, whatever the frame said it in ------------------------
@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("can you keep answers short? bullet points pls", (PREFERS, "short explanations")),
        ("I prefer short explanations", (PREFERS, "short explanations")),
        ("bullets > paragraphs", (PREFERS, "short explanations")),
        ("多给点练习题吧", (PREFERS, "做题练习")),
        ("i retain stuff way better doing practice questions tho", (PREFERS, "practice problems")),
        ("还是老样子 先给代码", (PREFERS, "直接给代码")),
        ("能不能用表格对比下这几个时态", (PREFERS, "表格")),
        ("调完人脸都发绿 能给我整个表吗 每个参数干嘛的", (PREFERS, "表格")),
        ("直接甩R代码 我自己跑一遍看输出就懂", (PREFERS, "直接给代码")),
        ("开车 眼睛得看路 能不能给我能听的东西 耳朵闲着也是闲着", (STYLE, "音频")),
        ("can u like draw it or smth??", (STYLE, "visual diagrams")),
        ("I learn best with diagrams", (STYLE, "visual diagrams")),
        ("I prefer reading the docs", (STYLE, "reading documentation")),
        ("flashcards work for me", (STYLE, "flashcards")),
        ("多打比方！类比一下我就懂了", (STYLE, "类比")),
    ],
)
def test_a_way_of_being_taught_is_held_in_the_one_relation_of_what_it_is(text, held):
    relation, obj = held
    found = claims(text)
    assert (relation, obj) in found, found
    other = STYLE if relation == PREFERS else PREFERS
    assert (other, obj) not in found, found


def test_one_statement_names_one_way_of_learning_not_also_the_sentence_around_it():
    assert claims("我喜欢用动画学数学") == {(STYLE, "动画")}


# --- requests for a format -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("你一题一题考我吧", "做题练习"),
        ("一道一道来 别一次给太多", "做题练习"),
        ("逐题问我就行", "做题练习"),
        ("你说短一点 我等单的时候看", "简短讲解"),
        ("回复能短一点吗", "简短讲解"),
        ("讲得简洁点", "简短讲解"),
    ],
)
def test_a_format_asked_for_in_chinese_is_preferred(text, obj):
    assert (PREFERS, obj) in claims(text)


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("给我一张图对比一下", "图解"),
        ("配张图吧 光看字不行", "图解"),
        ("来张流程图", "流程图"),
        ("你能不能给我画个三视图", "三视图"),
        ("我比较喜欢用听的 开车上班一个钟头", "音频"),
        ("我更习惯用看的", "视觉型"),
        ("有没有播客可以推荐", "音频"),
    ],
)
def test_a_picture_or_a_sense_asked_for_is_a_learning_style(text, obj):
    assert (STYLE, obj) in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "我给你发张图 你看看",
        "画个图标给我",
        "这张图是我画的",
        "短一点的那个视频我看了",
        "题目太短了",
    ],
)
def test_a_picture_sent_or_a_length_described_asks_for_no_format(text):
    assert not {k for k, _ in claims(text)} & {PREFERS, STYLE}


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("能不能直接讲比赛里的例子 比如哪场比赛被判了啥", "比赛例子"),
        ("例子能用篮球的吗 我比较有感觉", "篮球例子"),
        ("用心理学的例子讲吧", "心理学例子"),
        ("多举点做饭方面的例子", "做饭例子"),
        ("use football examples if u can, it sticks better", "football examples"),
        ("can you keep it short and with real examples from a bakery", "bakery examples"),
        ("that example with my own data is so much better", "own data examples"),
        ("could you use cooking examples pls", "cooking examples"),
    ],
)
def test_examples_from_a_named_domain_are_preferred(text, obj):
    assert (PREFERS, obj) in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "书上的例子看不懂",
        "用上面的例子再讲一遍",
        "I made examples with my friends",
        "can you give me 3 examples",
        "use the same examples again pls",
        "your example with the bakery was wrong",
    ],
)
def test_examples_from_no_named_domain_name_none(text):
    assert not {o for _, o in claims(text) if o.endswith(("examples", "例子"))} - {
        "worked examples",
        "例题",
    }


# --- reactions to a format that did not work -----------------------------------------------------
@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("the youtube videos on this are 40 min long, j'ai pas le temps", "long videos"),
        ("the lectures are way too long", "long lectures"),
        ("those tutorials are like 90 minutes long, i can't", "long videos"),
        ("abeg explain without all those greek letters", "mathematical notation"),
        ("can you explain it without the symbols", "mathematical notation"),
    ],
)
def test_a_format_that_did_not_work_is_a_dislike(text, obj):
    assert (DISLIKE, obj) in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "the video is 20 min long, perfect for my commute",
        "my dad's podcasts are so long lol",
        "the course is 12 weeks long",
        "explain it without rushing",
    ],
)
def test_a_length_that_suits_or_someone_elses_media_is_no_dislike(text):
    assert not {k for k, _ in claims(text)} & {DISLIKE}


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("Diagrams, yes please, keep them coming.", (STYLE, "visual diagrams")),
        ("ok flashcards pls", (STYLE, "flashcards")),
        ("more practice questions, less theory pls", (PREFERS, "practice problems")),
        ("sige, more questions pls, mix in renal", (PREFERS, "practice problems")),
        ("give me a map and I'm happy", (STYLE, "maps")),
        ("show me a diagram and i get it", (STYLE, "visual diagrams")),
        ("还是老规矩 给我个清单", (PREFERS, "清单")),
        ("帮我列个提纲吧", (PREFERS, "提纲")),
        ("我是看清单才能执行的人", (PREFERS, "清单")),
        ("我就是那种得看图才懂的人", (STYLE, "图解")),
        ("I learn way better doing questions than reading", (PREFERS, "practice problems")),
    ],
)
def test_a_format_named_as_the_whole_request_or_as_all_it_takes(text, held):
    assert held in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "no more videos pls",
        "我给你发个清单",
        "questions about the exam, please?",
        "看图说话那题我不会",
    ],
)
def test_a_format_refused_sent_or_mentioned_is_asked_for_by_no_one(text):
    assert not {k for k, _ in claims(text)} & {PREFERS, STYLE}


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("just hints first? I wanna try it myself", (PREFERS, "hints")),
        ("don't give me the answer yet", (PREFERS, "hints")),
        ("先别给答案 给点提示就好", (PREFERS, "提示")),
        ("不要直接告诉我答案", (PREFERS, "提示")),
        ("could we maybe go a bit slower?", (PREFERS, "step by step")),
        ("simple English please, not so many idioms", (PREFERS, "plain language")),
        ("anki + spaced repetition is the only thing that's worked for my vocab",
         (STYLE, "spaced repetition")),
    ],
)  # fmt: skip
def test_pace_hints_and_register_are_preferred_study_techniques_are_styles(text, held):
    assert held in claims(text)


@pytest.mark.parametrize(
    "text", ["the hint was wrong", "can you give me the answer", "he goes slower than me"]
)
def test_a_hint_or_a_pace_only_mentioned_is_no_request(text):
    assert not {k for k, _ in claims(text)} & {PREFERS, STYLE}


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("计时做题能不能不要 一计时就慌", "计时做题"),
        ("做笔记这件事我是真的烦", "做笔记"),
        ("每日打卡这种形式我有点抗拒 压力大", "每日打卡"),
        ("小测可不可以不要了", "做题练习"),  # named by the vocabulary
        ("视频课我真看不下去 节奏慢得要死", "视频"),
        ("别再发长篇PDF了求求了", "长篇PDF"),
    ],
)
def test_a_thing_said_first_then_refused_is_a_dislike(text, obj):
    assert (DISLIKE, obj) in claims(text)


@pytest.mark.parametrize(
    "text",
    ["我妈最烦", "今天真的烦", "老师有点烦", "你能不能不要", "海鲜过敏 举做菜的例子别用虾啊"],
)
def test_a_person_a_day_or_what_to_leave_out_is_no_dislike_or_wish(text):
    assert not {k for k, _ in claims(text)} & {DISLIKE, PREFERS}


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("one question at a time pls", "one question at a time"),
        ("could you ask me one question at a time?", "one question at a time"),
        ("1 question at a time, I get confused otherwise", "one question at a time"),
        ("每次只问一个问题就好", "一次一个问题"),
        ("一次出一道题吧", "一次一个问题"),
        ("能不能一次只给我一道题", "一次一个问题"),
    ],
)
def test_one_question_at_a_time_is_preferred(text, obj):
    assert (PREFERS, obj) in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "my teacher asks one question at a time",
        "how do you say 'one question at a time' in German?",
        "我同学说老师一次只问一个问题",
    ],
)
def test_one_question_at_a_time_not_the_users(text):
    assert (PREFERS, "one question at a time") not in claims(text)
    assert (PREFERS, "一次一个问题") not in claims(text)


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("send me a few practice problems after every lesson", "practice problems"),
        ("I love it when you quiz me at the end", "practice problems"),
        ("throw me some practice questions after each section", "practice problems"),
        ("每学完一章给我出几道习题", "做题练习"),
        ("结束前给我来个小测验吧", "小测验"),
        ("每节课最后给我出点练习题", "做题练习"),
    ],
)
def test_a_routine_at_the_end_of_each_part_is_preferred(text, obj):
    assert (PREFERS, obj) in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "my teacher gives me practice questions after each topic",
        "老师每节课最后都考我们",
    ],
)
def test_a_routine_not_asked_for(text):
    assert not {c for c in claims(text) if c[0] == PREFERS}


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("American spelling please, it's for a US journal", "American spelling"),
        ("can you use celsius, I never know fahrenheit", "celsius"),
        ("please stick to metric", "metric units"),
        ("字体能不能再大一点", "大字"),
        ("老花眼了 字大些吧", "大字"),
        ("字可以放大点吗", "大字"),
    ],
)
def test_a_convention_asked_for_is_preferred(text, obj):
    assert (PREFERS, obj) in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "is it British spelling or American spelling please?",
        "这个字能大点写吗",
        "how do you say 'metric please' in French?",
    ],
)
def test_not_a_convention_asked_for(text):
    assert not {c for c in claims(text) if c[0] == PREFERS}


def test_a_formula_asked_not_to_be_thrown_at_the_user_is_no_preference_for_it():
    assert (PREFERS, "直接给公式") not in claims("能不能别一上来就甩一大段公式，我真的很讨厌那种")
