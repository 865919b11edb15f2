"""The claim reader: whose view, when, how lasting, in zh and en."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_with_rules
from jiyi.extraction.reading import HEDGED_CONFIDENCE, TENSE, currency, read_claim

E = EventType


def read(text: str, event_type: EventType, read_claims: bool = True) -> dict[str, str]:
    turn = Turn(user_id="u", session_id="s", role=Role.USER, content=text, client_ts=1)
    [event] = [e for e in extract_with_rules(turn, read_claims=read_claims)
               if e.event_type is event_type]  # fmt: skip
    return event.attributes


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("My teacher thinks I'm struggling with fractions.", E.CONCEPT_CONFUSION),
        ("我妈觉得我不太理解英语语法", E.CONCEPT_CONFUSION),
        ("my sister says I love anime, which is not true", E.PREFERENCE),
        # a clause without a subject goes on about whom the one before it named
        ("我女儿今年8岁上三年级，数学应用题老读不懂题目，我该怎么教她", E.CONCEPT_CONFUSION),
        ("孩子上初二了，数学一直跟不上", E.CONCEPT_CONFUSION),
    ],
)
def test_someone_elses_view_is_marked(text, event_type):
    assert read(text, event_type)[EventAttr.HOLDER] == "other"


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("Back in middle school I couldn't stand essays.", E.DISLIKE),
        ("I used to love flashcards", E.LEARNING_STYLE),
        ("初中的时候我特别讨厌背单词", E.DISLIKE),
        ("I hated physics as a kid", E.DISLIKE),
        ("back in high school I hated essays", E.DISLIKE),
        # a state of the start, with a later clause saying how it is now
        ("刚开始我不太理解递归，如今没问题", E.CONCEPT_CONFUSION),
        ("at first I hated essays, these days they're fine", E.DISLIKE),
        # a job before retiring, a wish recalled with 来着
        ("退休前我在纺织厂当会计，一辈子跟数字打交道", E.IDENTITY_DECLARATION),
        ("嘿嘿 初中我还想当飞行员来着 现在近视400度", E.GOAL),
    ],
)
def test_a_past_state_is_marked_past(text, event_type):
    assert read(text, event_type)[EventAttr.TENSE] == "past"


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("I hate essays.", E.DISLIKE),
        ("I used to be slow, but now I really love essays", E.PREFERENCE),
        ("我不太理解链式法则", E.CONCEPT_CONFUSION),
        ("去年搬到深圳了", E.PERSONAL_FACT),  # a move in the past: where they live now
        ("moved to Leeds last year for work", E.PERSONAL_FACT),
        ("I'm back in London", E.PERSONAL_FACT),  # "back in" a place, not "back in the day"
        ("刚开始我不太理解递归，现在还是不太理解", E.CONCEPT_CONFUSION),  # still so now
        ("我上初二了，数学一直跟不上", E.CONCEPT_CONFUSION),  # the user's own clause before
        ("女朋友不想去东京 我们商量了改成去大阪", E.GOAL),  # the user is in "我们"
    ],
)
def test_the_users_current_view_is_left_as_said(text, event_type):
    attributes = read(text, event_type)
    assert not {EventAttr.HOLDER, EventAttr.TENSE, EventAttr.DURABILITY} & set(attributes)


@pytest.mark.parametrize(
    "text",
    [
        "ugh I bombed the quiz, I hate math 😭",
        "今天考砸了 烦死了 我讨厌数学",
        "today was garbage. project broke an hour before demo. i hate coding",
    ],
)
def test_venting_after_a_bad_day_is_transient(text):
    assert read(text, E.DISLIKE)[EventAttr.DURABILITY] == "transient"


def test_without_the_reader_claims_are_taken_as_said():
    assert EventAttr.TENSE not in read("I used to love flashcards", E.LEARNING_STYLE, False)


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("i think i actually prefer reading the docs now", E.PREFERENCE),
        ("I don't like flashcards anymore", E.DISLIKE),
        ("以前爱看视频，现在我更喜欢用思维导图学", E.LEARNING_STYLE),
    ],
)
def test_a_changed_view_supersedes_the_old_one(text, event_type):
    assert read(text, event_type)[EventAttr.CHANGE] == "supersedes"


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("Correct, three in a row. ABGs look solid now.", Role.ASSISTANT),
        ("链式法则现在没问题了", Role.USER),
    ],
)
def test_a_concept_learned_now_ends_the_obstacle(text, role):
    """Said as the state now, learning supersedes the contrary obstacle instead of halving it."""
    turn = Turn(user_id="u", session_id="s", role=role, content=text, client_ts=1)
    [event] = [e for e in extract_with_rules(turn) if e.event_type is E.CONCEPT_MASTERY]
    assert event.attributes[EventAttr.CHANGE] == "supersedes"
    plain = Turn(user_id="u", session_id="s", role=Role.ASSISTANT, content="配平你已经完全掌握了!",
                 client_ts=1)  # fmt: skip
    [said] = [e for e in extract_with_rules(plain) if e.event_type is E.CONCEPT_MASTERY]
    assert EventAttr.CHANGE not in said.attributes


@pytest.mark.parametrize(
    "text",
    [
        "所以我目标改B1了",
        "目标改成雅思7分了",
        "打算改考N1",
        "我现在目标是N1",
        "actually im aiming for band 7 now",
        "switched to going for a 7 instead",
    ],
)
def test_a_goal_said_as_changed_supersedes_the_one_it_replaces(text):
    assert read(text, E.GOAL)[EventAttr.CHANGE] == "supersedes"


@pytest.mark.parametrize(
    "text",
    ["目标先A2", "我想考B1", "im aiming for band 7", "I want to get B2 by June", "目标是改掉拖延"],
)
def test_a_goal_said_plainly_replaces_nothing(text):
    assert EventAttr.CHANGE not in read(text, E.GOAL)


def test_a_dislike_said_of_today_is_a_mood():
    assert (
        read("ugh i hate barre chords today honestly", E.DISLIKE)[EventAttr.DURABILITY]
        == "transient"
    )


def test_the_tutor_addressed_is_not_a_reported_view():
    assert EventAttr.HOLDER not in read("对了老师 上次我说16是说错了 我17", E.AGE_DECLARATION)


@pytest.mark.parametrize(
    "text",
    [
        "been anxious about it since january",
        "still nervous about test day",
        "I'm so stressed about finals",
        "I've been feeling lonely lately",
        "每次开会都紧张到手心冒汗",
        "中考就剩半年了好焦虑",
        "最近压力好大",
    ],
)
def test_a_feeling_tied_to_a_lasting_situation_is_standing(text):
    assert read(text, E.EMOTION).get(EventAttr.DURABILITY.value) == "standing"


@pytest.mark.parametrize(
    "text",
    ["I'm so upset today", "lowkey stressed af rn", "ugh, so tired", "我今天好难过",
     "still anxious about the exam today"],
)  # fmt: skip
def test_a_passing_mood_keeps_the_plain_reading(text):
    assert EventAttr.DURABILITY.value not in read(text, E.EMOTION)


def test_someone_elses_view_in_an_earlier_sentence_does_not_make_a_later_claim_theirs() -> None:
    text = "my dad swears by flashcards. I want a 5 on the AP exam"
    start = text.index("I want")
    assert EventAttr.HOLDER not in read_claim(EventType.GOAL, text, text, start)


@pytest.mark.parametrize(
    ("text", "event_type", "current"),
    [
        ("小时候讨厌数学 我特别喜欢物理", E.PREFERENCE, "物理"),
        ("以前学过法语 我在学日语", E.PERSONAL_FACT, "学日语"),
        ("之前说我是文员 其实我是出纳", E.IDENTITY_DECLARATION, "出纳"),
        ("in high school my goal was med school, the goal is nursing", E.GOAL, "nursing"),
        ("back in high school I hated essays, I love physics", E.PREFERENCE, "physics"),
        # "and I …" / "so …" open a clause of their own
        ("I retired last year and I'm finally learning Italian", E.GOAL, "Italian"),
        (
            "i got a 5 on AP Bio last year so cell resp is fine for me",
            E.CONCEPT_MASTERY,
            "cell resp",
        ),
        # a retirement dated in the past is being retired now
        ("I retired last year and I'm finally learning Italian", E.IDENTITY_DECLARATION, "retiree"),
    ],
)
def test_a_later_clause_does_not_inherit_an_earlier_clauses_past(text, event_type, current):
    turn = Turn(user_id="u", session_id="s", role=Role.USER, content=text, client_ts=1)
    [event] = [
        e
        for e in extract_with_rules(turn)
        if e.event_type is event_type
        and current in (e.attributes.get(EventAttr.OBJECT), e.attributes.get(EventAttr.VALUE))
    ]
    assert EventAttr.TENSE not in event.attributes


@pytest.mark.parametrize(
    ("text", "cue"),
    [("I used to hate essays, I love poems", ", I"), ("以前讨厌作文，喜欢写诗", "，喜欢")],
)
def test_a_claim_starting_on_a_clause_break_is_read_in_the_clause_after_it(text, cue):
    assert TENSE not in read_claim(E.PREFERENCE, text, text, text.index(cue))


@pytest.mark.parametrize(
    ("text", "event_type"),
    [("小时候我很讨厌数学，我特别喜欢物理", E.DISLIKE),
     ("back in high school I hated essays, I love physics", E.DISLIKE)],
)  # fmt: skip
def test_the_earlier_clause_keeps_its_past(text, event_type):
    assert read(text, event_type)[EventAttr.TENSE] == "past"


@pytest.mark.parametrize(
    ("text", "said", "expected"),
    [
        ("I grew up in Leeds, I live in Bristol now", "I grew", -1),
        ("I grew up in Leeds, I live in Bristol now", "I live", 1),
        ("老家在成都，现在在杭州上班", "老家", -1),
        ("老家在成都，现在在杭州上班", "现在", 1),
        ("以前住北京 在上海工作", "以前", -1),
        ("以前住北京 在上海工作", "在上海", 0),
        ("I live in Bristol", "I live", 0),
    ],
)
def test_currency_says_whether_a_clause_is_of_the_present_the_past_or_an_origin(
    text, said, expected
):
    assert currency(text, text.index(said)) == expected


def test_a_claim_after_a_contrast_is_the_users_own_not_the_reported_view() -> None:
    text = "my teacher thinks I'm bad at essays but I actually like writing them"
    assert EventAttr.HOLDER not in read(text, E.PREFERENCE)
    assert read(text, E.CONCEPT_CONFUSION)[EventAttr.HOLDER] == "other"


def confidence_of(text: str, event_type: EventType, read_claims: bool = True) -> float:
    turn = Turn(user_id="u", session_id="s", role=Role.USER, content=text, client_ts=1)
    [event] = [e for e in extract_with_rules(turn, read_claims=read_claims)
               if e.event_type is event_type]  # fmt: skip
    return event.confidence


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("i guess i'm allergic to shellfish", E.PERSONAL_FACT),
        ("i'm allergic to kiwi maybe?", E.PERSONAL_FACT),
        ("I guess I'm more of a hands-on learner", E.LEARNING_STYLE),
        ("probably gonna take the IELTS in june", E.GOAL),
        ("I'm a nurse and maybe I'd like to learn ASL", E.GOAL),
        ("我好像对芒果过敏", E.PERSONAL_FACT),
        ("我可能对青霉素过敏", E.PERSONAL_FACT),
        # a degree word softening a verb of attitude or a description: a shrug
        ("I kinda like chemistry", E.PREFERENCE),
        ("I kinda want to learn Korean", E.GOAL),
        ("im kinda a visual learner", E.LEARNING_STYLE),
        ("im probably a nurse lol", E.IDENTITY_DECLARATION),
        ("我有点想学日语", E.PREFERENCE),
        # a statement said with a rising question mark, no question asked
        ("I live in Oslo?", E.PERSONAL_FACT),
        ("我对芒果过敏？", E.PERSONAL_FACT),
    ],
)
def test_a_hedged_claim_is_held_under_the_line_an_agent_acts_on(text, event_type):
    assert confidence_of(text, event_type) == HEDGED_CONFIDENCE
    assert confidence_of(text, event_type, read_claims=False) > HEDGED_CONFIDENCE


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("I'm a nurse and maybe I'd like to learn ASL", E.IDENTITY_DECLARATION),
        ("so i kinda need this lol (im 17, deadline soon)", E.AGE_DECLARATION),
        ("辞职了 心里有点慌 想转行做产品经理", E.GOAL),
        ("i think i actually prefer reading the docs", E.PREFERENCE),
        ("I'm allergic to peanuts, maybe we can skip the baking examples", E.PERSONAL_FACT),
        ("我对花生过敏", E.PERSONAL_FACT),
        ("I'm stuck on the chain rule, probably because of the notation", E.CONCEPT_CONFUSION),
    ],
)
def test_a_hedge_reaches_only_its_own_statement(text, event_type):
    assert confidence_of(text, event_type) > HEDGED_CONFIDENCE


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        # a degree word grading a state says how much, not whether: it is so
        ("kinda burnt out lately", E.EMOTION),
        ("a bit stressed about finals", E.EMOTION),
        ("最近有点累", E.EMOTION),
        ("辞职了 心里有点慌 想转行做产品经理", E.EMOTION),
        ("我空间想象力有点差", E.CONCEPT_CONFUSION),
        ("我23岁了，学编程是不是有点晚", E.AGE_DECLARATION),
        # a goal far off is no less held
        ("my dream is to open a bakery one day", E.GOAL),
        # a question asked is no shrug, nor is one asked in another clause
        ("can you use more diagrams?", E.LEARNING_STYLE),
        ("could you possibly use diagrams?", E.LEARNING_STYLE),  # a polite request, no doubt
        ("I'm 17, is it too late to learn piano?", E.AGE_DECLARATION),
    ],
)
def test_a_degree_word_or_a_question_leaves_a_claim_as_firm_as_said(text, event_type):
    assert confidence_of(text, event_type) == confidence_of(text, event_type, read_claims=False)
    assert confidence_of(text, event_type) > HEDGED_CONFIDENCE


@pytest.mark.parametrize(
    "text",
    ["my dad thinks I'm anxious but I'm fine", "my coach says i get nervous", "妈妈说我最近好焦虑"],
)
def test_a_feeling_someone_else_sees_in_the_user_is_their_view(text):
    assert read(text, E.EMOTION).get(EventAttr.HOLDER.value) == "other"


@pytest.mark.parametrize(
    "text",
    ["我爸非让我学金融 但我想考美院", "老师总说我该学理科 但我打算学历史"],
)
def test_a_wish_after_a_bare_but_is_the_users_own(text) -> None:
    assert EventAttr.HOLDER not in read(text, E.GOAL)


@pytest.mark.parametrize(
    ("text", "holder"),
    [
        ("我妈非让我学奥数 其实我更喜欢画画", None),  # a clause opening on "actually": the user's
        ("my mum wants me to do law, actually I really like art", None),
        ("我妈觉得我其实很喜欢数学", "other"),  # "actually" inside her view is still hers
        ("my mum thinks I actually like maths", "other"),
    ],
)
def test_a_clause_opening_on_actually_is_the_users_own(text, holder) -> None:
    assert read(text, E.PREFERENCE).get(EventAttr.HOLDER.value) == holder


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("how do you say 'I'm allergic to shrimp' in spanish?", E.PERSONAL_FACT),
        ('is "I hate cilantro" sarcastic here?', E.DISLIKE),
        ("translate 'I live in Madrid' pls", E.PERSONAL_FACT),
        ("「我讨厌香菜」用英语怎么说", E.DISLIKE),
    ],
)
def test_a_quoted_sentence_is_not_the_users_own_claim(text, event_type):
    assert read(text, event_type)[EventAttr.HOLDER] == "other"


def _holders(text: str, event_type: EventType) -> list[str | None]:
    turn = Turn(user_id="u", session_id="s", role=Role.USER, content=text, client_ts=1)
    return [e.attributes.get(EventAttr.HOLDER) for e in extract_with_rules(turn)
            if e.event_type is event_type]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("男朋友超爱打游戏，我一点兴趣都没有", E.PREFERENCE),
        ("女朋友超喜欢日剧", E.PREFERENCE),
        ("我们班主任芒果过敏", E.PERSONAL_FACT),
        ("听说线代很难，不过我下学期才学", E.CONCEPT_CONFUSION),
        ("同桌数学一直拖后腿", E.CONCEPT_CONFUSION),
        ("隔壁有个阿姨超爱跳广场舞", E.PREFERENCE),  # someone brought in by a count
        ("我们科有个大爷海鲜过敏", E.PERSONAL_FACT),
    ],
)
def test_a_clause_about_someone_else_or_hearsay_is_not_the_users(text, event_type):
    assert set(_holders(text, event_type)) == {"other"}


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("I'm allergic to shrimp, don't ask", E.PERSONAL_FACT),
        ("I'm 'fine' but I hate essays", E.DISLIKE),  # quotes that close before the claim
    ],
)
def test_an_apostrophe_or_an_earlier_quote_leaves_a_claim_the_users(text, event_type):
    assert EventAttr.HOLDER not in read(text, event_type)


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("老师好 我高二 物理电磁感应完全搞不懂", E.CONCEPT_CONFUSION),
        ("老师讲慢点 一步一步来", E.LEARNING_STYLE),
        ("老师您讲慢一点,一步一步来", E.LEARNING_STYLE),
        ("老师 微积分好难", E.CONCEPT_CONFUSION),
        ("我朋友和我都喜欢动漫", E.PREFERENCE),
        ("数学老师讲的函数我听不懂", E.CONCEPT_CONFUSION),
        ("我老公超爱钓鱼", E.PERSONAL_FACT),
        ("这个链式法则我一直搞不懂", E.CONCEPT_CONFUSION),  # a pointer at a thing, not a person
        # only the clause just before carries its person: this is the user's decision
        ("我妈刚查出二型糖尿病 得有人在身边 雅思就先搁着吧 今年先把主管护师考下来", E.GOAL),
        # being told off ("老师也这么说我") passes on no view: the request after it is the user's
        ("又漏摩擦 老师上周也这么说我😭 能画个图吗 有图我一下就懂", E.LEARNING_STYLE),
    ],
)
def test_the_tutor_addressed_the_user_in_it_or_a_family_fact_stays_the_users(text, event_type):
    holders = _holders(text, event_type)
    assert holders
    assert None in holders


@pytest.mark.parametrize(
    "text", ["我妈觉得我该学医，可我自己想学动画设计", "我爸说学编程没前途，可我真的喜欢写代码。"]
)
def test_ke_opening_the_users_own_clause_ends_the_reported_view(text):
    turn = Turn(user_id="u", session_id="s", role=Role.USER, content=text, client_ts=1)
    [event] = [
        e
        for e in extract_with_rules(turn)
        if e.event_type in {E.GOAL, E.PREFERENCE} and EventAttr.OBJECT in e.attributes
    ]
    assert EventAttr.HOLDER not in event.attributes


def test_a_deadline_before_uni_starts_is_no_past():
    text = "18, just got my provisional, want to pass my driving test before uni starts"
    assert TENSE not in read_claim(E.GOAL, text, text, text.index("want"))
