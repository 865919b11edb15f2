"""Learning obstacles and mastery said in passing (`jiyi.extraction.rules.struggles`): each family
of phrasings, zh and en, yields the user's own confusion or mastery, named by a short name or by
none (the session's concept fills it later), and the near-misses (someone else's, a past state,
a question, a negation, "I don't get paid") yield none."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_with_rules
from jiyi.extraction.rules.cleaning import clean_objects
from jiyi.extraction.rules.understanding import concept_name
from jiyi.graph.entities import nameable

from .graph_claims import claims_in

OBJ = EventAttr.OBJECT
NONE = None  # no object: the session's concept


def claims(text: str, event_type: EventType) -> list[tuple[str, str | None]]:
    """(rule, object) of the user's own current claims of this type in one turn."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        (e.rule or "", e.attributes.get(OBJ))
        for e in extract_with_rules(turn)
        if e.event_type is event_type
        and e.attributes.get(EventAttr.HOLDER) is None
        and e.attributes.get(EventAttr.TENSE) is None
    ]


def assert_claim(text: str, event_type: EventType, rule: str, obj: str | None) -> None:
    """The claim is there, by `rule` or by another rule that found the same (type, object)
    first (one event per object); `obj` is the name the vocabulary gives it."""
    found = claims(text, event_type)
    assert (rule, obj) in found or obj in {o for _, o in found}, (
        f"{(rule, obj)} not among {found} for {text!r}"
    )


def assert_no_claim(text: str, event_type: EventType, rule: str) -> None:
    found = [c for c in claims(text, event_type) if c[0] == rule]
    assert not found, f"{rule} fired on {text!r}: {found}"


CONFUSION, MASTERY = EventType.CONCEPT_CONFUSION, EventType.CONCEPT_MASTERY


# --- en: "i dont get X" -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("i literally do not get logarithms 😭", "logarithms"),
        ("honestly i dont get recursion at all", "recursion"),
        ("I still don't get integration by parts, can we redo it", "integration by parts"),
        ("i really dont understand the quadratic formula lol", "quadratic formula"),
        ("i cant grasp SN1 vs SN2", "SN1 vs SN2"),
        ("i dont get why the sign flips", NONE),
        ("ok i still dont get it", NONE),
    ],
)
def test_not_getting_a_topic(text, obj):
    assert_claim(text, CONFUSION, "struggle_en_dont_get", obj)


@pytest.mark.parametrize(
    "text",
    [
        "i dont get paid enough for this lol",
        "I don't get time to study on weekdays",
        "i don't get a chance to practise much",
        "my friend doesn't get fractions",
        "do you get derivatives?",
        "I didn't get the job",
        "i don't get home till 9",
    ],
)
def test_not_getting_what_is_no_topic(text):
    assert_no_claim(text, CONFUSION, "struggle_en_dont_get")


# --- en: mixing two things up, the same slip again, not automatic yet -------------------------


@pytest.mark.parametrize(
    "text",
    [
        "ugh i always mix those two up",
        "I keep confusing them tbh",
        "i always get them backwards lol",
        "i mix em up every time",
        "i mixed them up again 💀",
    ],
)
def test_mixing_two_things_up(text):
    assert_claim(text, CONFUSION, "struggle_en_mix_them_up", NONE)


@pytest.mark.parametrize(
    "text",
    [
        "I used to mix them up",
        "do you mix those two up?",
        "my kids always mix them up",
        "i mix them with water first",
    ],
)
def test_not_mixing_up(text):
    assert_no_claim(text, CONFUSION, "struggle_en_mix_them_up")


@pytest.mark.parametrize(
    "text",
    [
        "omg i keep doing that",
        "ugh I always make that mistake",
        "i keep making the same mistake lol",
        "I keep getting it wrong",
        "i keep forgetting that step",
    ],
)
def test_the_same_slip_again(text):
    assert_claim(text, CONFUSION, "struggle_en_keep_doing_that", NONE)


@pytest.mark.parametrize(
    "text",
    [
        "I keep doing that exercise every morning",
        "my brother keeps doing that",
        "I used to keep doing that",
        "I keep getting it right now",
    ],
)
def test_not_the_same_slip(text):
    assert_no_claim(text, CONFUSION, "struggle_en_keep_doing_that")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("still have to stop and think every time with por and para", "por vs para"),
        ("i have to count on my fingers every single time lol", NONE),
        ("I need to look it up every time with the unit circle", "unit circle"),
        ("but i gotta check every time", NONE),
    ],
)
def test_not_automatic_yet(text, obj):
    assert_claim(text, CONFUSION, "struggle_en_think_every_time", obj)


@pytest.mark.parametrize(
    "text",
    ["do you have to think every time?", "she has to think every time", "I think every time"],
)
def test_not_thinking_every_time(text):
    assert_no_claim(text, CONFUSION, "struggle_en_think_every_time")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I have to think about ser vs estar every time", "ser vs estar"),
        ("gotta google the quotient rule every time", "quotient rule"),
        ("i need to check the unit circle each time", "unit circle"),
        ("still have to think through long division every single time", "long division"),
    ],
)
def test_thinking_about_a_topic_every_time(text, obj):
    assert_claim(text, CONFUSION, "struggle_en_think_about_every_time", obj)


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("im not confident with logs yet", "logarithms"),
        ("I'm not very good at fractions.", "fractions"),
        ("i dont feel solid on SN1 vs SN2 tbh", "SN1 vs SN2"),
        ("I'm still not great at the chain rule", "chain rule"),
    ],
)
def test_not_confident_with(text, obj):
    assert_claim(text, CONFUSION, "struggle_en_not_confident", obj)


@pytest.mark.parametrize(
    "text",
    ["I'm not good at this", "my sister is not good at fractions", "I'm not confident about it"],
)
def test_not_a_lack_of_confidence(text):
    assert_no_claim(text, CONFUSION, "struggle_en_not_confident")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("ok sn1 vs sn2 is destroying me", "sn1 vs sn2"),
        ("midterm in 10 days and thermodynamics is killing me", "thermodynamics"),
        ("ok vectors are melting my brain", "vectors"),
        ("hey so the subjunctive is killing me rn", "subjunctive"),
    ],
)
def test_a_topic_said_first_is_only_the_topic(text, obj):
    assert_claim(text, CONFUSION, "struggle_en_killing_me", obj)


# --- en: mastery ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("im pretty good at the power rule now", "power rule"),
        ("I'm comfortable with recursion.", "recursion"),
        ("i'm actually really good at mental math lol", "mental math"),
        ("im solid on unit conversions", "dimensional analysis"),
    ],
)
def test_good_at(text, obj):
    assert_claim(text, MASTERY, "mastery_en_good_at", obj)


@pytest.mark.parametrize(
    "text",
    ["im not good at fractions", "I was good at French", "are you good at math?",
     "I'm good with people", "my mom is good at sudoku"],
)  # fmt: skip
def test_not_good_at(text):
    assert_no_claim(text, MASTERY, "mastery_en_good_at")


@pytest.mark.parametrize(
    "text",
    ["this is easy for me", "ok that one was actually a breeze lol", "thats so easy now",
     "these are pretty simple for me tbh"],
)  # fmt: skip
def test_easy_for_me(text):
    assert_claim(text, MASTERY, "mastery_en_easy_for_me", NONE)


@pytest.mark.parametrize(
    "text",
    ["is this easy for me?", "this isn't easy for me", "that's easy for you to say",
     "it's easy to forget the sign", "this is not easy"],
)  # fmt: skip
def test_not_easy_for_me(text):
    assert_no_claim(text, MASTERY, "mastery_en_easy_for_me")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("power rule i got, its this stuff", "power rule"),
        ("ugh 😭 power rule i got tho", "power rule"),
        ("fbds were fine.", "fbds"),
        ("ok logs are easy for me now", "logarithms"),
    ],
)
def test_a_topic_said_to_be_easy(text, obj):
    assert_claim(text, MASTERY, "mastery_en_got_it_down", obj)


@pytest.mark.parametrize("text", ["the exam was fine", "my day was fine", "ok the test is easy"])
def test_an_occasion_said_to_be_fine_is_no_mastery(text):
    assert_no_claim(text, MASTERY, "mastery_en_got_it_down")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I use the unit circle on every problem now", "unit circle"),
        ("i check the wheel for every tune", "wheel"),
        ("i literally use pythagoras for every question", "pythagorean theorem"),
        ("I apply the midpoint formula on each problem", "midpoint formula"),
    ],
)
def test_a_tool_in_daily_use(text, obj):
    assert_claim(text, MASTERY, "mastery_en_use_every_time", obj)


@pytest.mark.parametrize(
    "text",
    ["I use zoom for every meeting", "my dad uses the wheel for every tune",
     "I used to use the unit circle on every problem"],
)  # fmt: skip
def test_not_a_tool_in_daily_use(text):
    assert_no_claim(text, MASTERY, "mastery_en_use_every_time")


@pytest.mark.parametrize(
    "text", ["ok that one clicked", "it finally clicked!", "this part clicked"]
)
def test_a_click_without_a_name(text):
    assert_claim(text, MASTERY, "mastery_en_makes_sense", NONE)


# --- zh: obstacles --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("元素周期表我背了好多遍还是记不住", "元素周期表"),
        ("单词我总是记不住", "单词"),
        ("文言文虚词背了三天还是背不下来", "虚词"),
        ("救命 又串了", NONE),
        ("我老是记混", NONE),
        ("近代史那堆条约我永远记不住", NONE),
    ],
)
def test_cannot_remember(text, obj):
    assert_claim(text, CONFUSION, "struggle_zh_cant_remember", obj)


@pytest.mark.parametrize(
    "text",
    [
        "一下子讲一堆我记不住",
        "我同桌老是记不住",
        "以前单词我总是记不住",
        "我记不住这么多",
        "画完也记不住",
    ],
)
def test_not_a_lasting_failure_to_remember(text):
    assert_no_claim(text, CONFUSION, "struggle_zh_cant_remember")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("这个vlookup我真的一用就错", "vlookup函数"),
        ("分数除法我一算就错", "分数除法"),
        ("我一写就错", NONE),
        ("虚拟语气一开口就错", "虚拟语气"),
    ],
)
def test_wrong_at_once(text, obj):
    assert_claim(text, CONFUSION, "struggle_zh_wrong_at_once", obj)


@pytest.mark.parametrize("text", ["他一做就错", "我同桌一算就错", "以前我一写就错"])
def test_not_my_wrong_at_once(text):
    assert_no_claim(text, CONFUSION, "struggle_zh_wrong_at_once")


@pytest.mark.parametrize(
    "text",
    ["古代史还行 一到近代就乱", "一碰到三层复合就懵", "一到大题就卡", "一遇到受力分析我就晕"],
)
def test_once_it_comes(text):
    assert_claim(text, CONFUSION, "struggle_zh_once_it_comes", NONE)


@pytest.mark.parametrize("text", ["他一到考试就乱", "一到周末就开心", "以前一到大题就卡"])
def test_not_once_it_comes(text):
    assert_no_claim(text, CONFUSION, "struggle_zh_once_it_comes")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("无差异曲线这块我是真的绕不出来", "无差异曲线"),
        ("递归我脑子里转不过来", "递归"),
        ("还是有点绕", NONE),
        ("电路图我总是理不清", "电路图"),
    ],
)
def test_going_round_in_circles(text, obj):
    assert_claim(text, CONFUSION, "struggle_zh_go_round", obj)


@pytest.mark.parametrize("text", ["他绕不出来", "这条路有点绕远", "以前递归我转不过来"])
def test_not_going_round(text):
    assert_no_claim(text, CONFUSION, "struggle_zh_go_round")


@pytest.mark.parametrize(
    "text",
    ["in on at 我真的分不清", "a an the 老是分不清", "这俩我总分不清", "唉 这个我真分不清楚"],
)
def test_cannot_tell_apart_said_first(text):
    assert_claim(text, CONFUSION, "struggle_zh_cant_tell_first", NONE)


@pytest.mark.parametrize(
    ("text", "obj"), [("主谓宾我真分不清楚", "主谓宾"), ("正弦余弦我老分不清", "正弦余弦")]
)
def test_cannot_tell_apart_a_named_pair(text, obj):
    assert_claim(text, CONFUSION, "struggle_zh_cant_tell_first", obj)


@pytest.mark.parametrize("text", ["他分不清左右", "你分得清吗?", "这俩你分不清吗"])
def test_not_my_cannot_tell_apart(text):
    assert_no_claim(text, CONFUSION, "struggle_zh_cant_tell_first")


@pytest.mark.parametrize(
    "text",
    ["我就是这里老错", "这一步总是漏", "这章真的是我死穴", "这块我老翻车", "这种题我每次都错"],
)
def test_this_part_unnamed(text):
    assert_claim(text, CONFUSION, "struggle_zh_this_part", NONE)


@pytest.mark.parametrize("text", ["这里错了吗", "他这里老错", "这章不难"])
def test_not_this_part(text):
    assert_no_claim(text, CONFUSION, "struggle_zh_this_part")


# --- zh: mastery ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["这个熟", "这块我早就熟透了", "这个我真的熟 天天用", "这种题小意思"]
)
def test_this_is_familiar(text):
    assert_claim(text, MASTERY, "mastery_zh_this_familiar", NONE)


@pytest.mark.parametrize("text", ["这个熟吗", "这个熟悉一下", "他这个熟", "这个熟练度不够"])
def test_not_familiar(text):
    assert_no_claim(text, MASTERY, "mastery_zh_this_familiar")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("滴速计算我闭眼都会😎", "滴速计算"),
        ("静夜思我倒背如流", "静夜思"),
        ("九九乘法表闭着眼睛都能背出来", "九九乘法表"),
        ("勾股定理我早就闭着眼都会了", "勾股定理"),
    ],
)
def test_with_eyes_closed(text, obj):
    assert_claim(text, MASTERY, "mastery_zh_eyes_closed", obj)


@pytest.mark.parametrize("text", ["他闭着眼都会", "我同桌闭眼都会", "这种计算闭眼都会"])
def test_not_my_eyes_closed(text):
    assert_no_claim(text, MASTERY, "mastery_zh_eyes_closed")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("弹性那个我今天小测全对", "弹性"),
        ("配平这块我这次周测满分", "配平"),
        ("今天小测全对!", NONE),
        ("我作业都做对了", NONE),
    ],
)
def test_all_right(text, obj):
    assert_claim(text, MASTERY, "mastery_zh_all_right", obj)


@pytest.mark.parametrize("text", ["我同桌小测全对", "他这次满分", "以前我小测全对"])
def test_not_my_all_right(text):
    assert_no_claim(text, MASTERY, "mastery_zh_all_right")


def test_a_part_of_a_test_all_right():
    text = "但我觉得我概率还行啊 上次模考概率那块几乎满分"
    assert_claim(text, MASTERY, "mastery_zh_test_part_right", "概率")
    assert_no_claim("我同学模考概率那块满分", MASTERY, "mastery_zh_test_part_right")


# --- common frames of struggle and ease, zh and en ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I struggle with fractions", "fractions"),
        ("honestly i suck at word problems lol", "word problems"),
        ("I can never remember the quadratic formula", "quadratic formula"),
        ("i always forget the unit circle values", "unit circle values"),
    ],
)
def test_struggling_with_a_topic(text, obj):
    assert_claim(text, CONFUSION, "struggle_en_struggle_with", obj)


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("integration by parts always trips me up", "integration by parts"),
        ("recursion makes zero sense to me", "recursion"),
        ("vectors confuse me so much", "vectors"),
        ("limiting reagents are really hard for me", "limiting reagent"),
    ],
)
def test_a_topic_said_first_to_trip_the_user_up(text, obj):
    assert_claim(text, CONFUSION, "struggle_en_trips_me_up", obj)


@pytest.mark.parametrize(
    "text",
    [
        "should I struggle with this?",
        "I always forget my keys",
        "it makes no sense to me",
        "you confuse me lol",
        "he always trips me up",
        "does recursion confuse you too?",
    ],
)
def test_no_struggle_for_a_pointer_a_person_or_a_question(text):
    for rule in ("struggle_en_struggle_with", "struggle_en_trips_me_up"):
        assert_no_claim(text, CONFUSION, rule)


@pytest.mark.parametrize(
    ("text", "obj"), [("递归对我来说太难了", "递归"), ("有机化学我觉得好难", "有机化学")]
)
def test_a_topic_too_hard_for_me(text, obj):
    assert_claim(text, CONFUSION, "struggle_zh_too_hard_for_me", obj)


def test_an_exercise_too_hard_is_named_by_no_pointer():
    """ "这道题": the pointer and its classifier go, what is left ("题") names nothing."""
    assert clean_objects("这道题", "zh", False) == ("题",)
    assert not nameable("题")


def test_a_headache_about_a_topic_names_the_topic():
    assert_claim("我对化学方程式配平还是很头疼", CONFUSION, "struggle_zh_headache_about", "配平")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("the chain rule is easy actually", "chain rule"),
        ("derivatives are a piece of cake now", "derivatives"),
        ("我对三角函数很熟", "三角函数"),
        ("我终于搞懂光合作用了！", "光合作用"),
        ("总算弄明白链式法则了", "链式法则"),
        ("I finally get how photosynthesis works!", "photosynthesis"),
        ("bass clef finally makes sense now", "bass clef"),
        ("ok recursion finally clicked", "recursion"),
    ],
)
def test_mastery_said_in_common_frames_names_the_topic(text, obj):
    assert obj in {o for _, o in claims(text, MASTERY)}


@pytest.mark.parametrize(
    "text",
    [
        "你搞懂光合作用了吗",
        "我想搞懂光合作用",
        "我对他很熟",
        "他把假名认全了",
        "does recursion finally make sense?",
        "the video finally makes sense",  # what the tutor gave, not a concept
        "my teacher's explanation finally makes sense",
        "that finally makes sense",
        "yesterday I was so confused but today it finally clicked!!",
    ],
)
def test_no_mastery_for_a_question_a_wish_or_a_person(text):
    assert_no_claim(text, MASTERY, "mastery_zh_understood_it")
    assert {o for _, o in claims(text, MASTERY)} <= {None}


@pytest.mark.parametrize(
    ("text", "event_type", "obj"),
    [
        (
            "ya i still need orgo 2 and i keep blanking on which reagents do what",
            CONFUSION,
            "reagents",
        ),
        (
            "forks and back rank stuff i'm fine with, it's openings that kill me",
            CONFUSION,
            "openings",
        ),
        ("its the proofs that I struggle with", CONFUSION, "proofs"),
        ("back rank stuff i'm fine with", MASTERY, "back rank"),
        ("forks and back rank stuff i'm fine with, it's openings that kill me", MASTERY, "forks"),
        (
            "二战考研 数一 线代特征值那块一直搞不清楚 尤其是相似对角化",
            CONFUSION,
            "特征值和特征向量",
        ),
    ],
)
def test_a_topic_named_in_a_cleft_a_list_or_after_its_subject(text, event_type, obj):
    assert obj in {o for _, o in claims(text, event_type)}


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("光圈快门ISO 这三个我老搞混 拍夜景不是糊就是黑", "光圈快门ISO"),
        ("正弦余弦 这两个我总是分不清", "正弦余弦"),
    ],
)
def test_things_listed_then_confused_as_these_two(text, obj):
    assert_claim(text, CONFUSION, "confusion_zh_these_two", obj)


def test_no_list_confusion_for_a_question():
    assert_no_claim("这两个我总是分不清吗", CONFUSION, "confusion_zh_these_two")


@pytest.mark.parametrize(
    ("text", "event_type"), [("我不太懂二次函数", CONFUSION), ("二次函数我现在会了", MASTERY)]
)
def test_a_known_name_starting_like_a_count_keeps_it(text, event_type):
    """ "二次函数" is a quadratic function, not "二次" (twice) before "函数"."""
    assert "二次函数" in {o for _, o in claims(text, event_type)}


@pytest.mark.parametrize(
    "text", ["I don't get why the sign flips", "i dont see how the limit works"]
)
def test_not_getting_why_or_how_names_no_clause(text):
    assert {o for _, o in claims(text, CONFUSION)} == {None}


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("不过电路那块我还是不太会 串并联总搞混", "电路"),  # a conjunction opens it, not the name
        ("不过电路那块我还是不太会 串并联总搞混", "串并联"),
        ("左右手定则我老是弄反", "左右手定则"),
        ("the electron transport chain part is where I get lost", "electron transport chain"),
        ("the thumb crossing is where I lose it, every single time", "thumb crossing"),
        ("my serve is so inconsistent, double faults every match", "serve"),
        (
            "hazard perception. thats the bit im worried abt. i keep clicking too early",
            "hazard perception",
        ),
        ("Kubernetes networking is a total black box to me honestly", "Kubernetes networking"),
        ("oh and phrasal verbs are soo confusing for me", "phrasal verbs"),
        ("it's the Konjunktiv II that eats me alive", "Konjunktiv II"),
        ("algebra I'm fine with. trig identities, not so much", "trig identities"),
        ("Lists and loops make sense, dictionaries not yet.", "dictionaries"),
        ("Knife skills are my weak point, I'm so slow", "Knife skills"),
        ("my downfall is always the citations, APA formatting is so picky", "citations"),
        ("German cases are the bane of my existence, dative especially", "German cases"),
        ("stoichiometry still isn't clicking for me", "stoichiometry"),
        ("JavaScript is where i start sweating", "JavaScript"),
        ("can't wrap my head around recursion, every tutorial loses me", "recursion"),
        ("negative numbers and I are not friends", "negative numbers"),
        ("renting a flat in Lisbon but my Portuguese is terrible", "Portuguese"),
        ("chem is lowkey my worst subject ngl 😭", "chemistry"),
    ],
)
def test_an_obstacle_said_topic_first_in_chat(text, obj):
    assert obj in {o for _, o in claims(text, CONFUSION)}


@pytest.mark.parametrize("text", ["你老是搞混吗", "那摩擦力的方向怎么判断啊 我每次都搞反"])
def test_no_named_mix_up_for_a_question_or_a_bare_slip(text):
    assert not [o for _, o in claims(text, CONFUSION) if o]


def test_a_space_after_understood_ends_its_clause():
    """ "懂了 那这题是向左吧": what follows is the next clause, not what was understood."""
    assert {o for _, o in claims("哦 懂了 那这题是向左吧", MASTERY)} == {None}


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("我是一名高二学生，数学还行，物理比较差", "物理"),
        ("物理是我最头疼的科目", "物理"),
        ("I'm pretty weak in geometry", "geometry"),
        ("I've always been bad at math", "math"),
        ("geometry has never been my strong suit", "geometry"),
        ("maths isn't my strong point", "math"),
    ],
)
def test_a_weak_subject_said_any_common_way(text, obj):
    assert obj in {o for _, o in claims(text, CONFUSION)}


@pytest.mark.parametrize(
    "text", ["今天天气很差", "我心情很差", "我基础很差", "他数学很差", "这个很差"]
)
def test_no_weak_subject_from_the_weather_a_mood_or_someone_else(text):
    assert not [o for _, o in claims(text, CONFUSION) if o]


# --- said of a topic: one lexicon of what a hard or easy topic does ---------------------------


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("subnetting is gonna kill me lol", "subnetting"),
        ("ugh the subjunctive is the thing i keep tripping on", "subjunctive"),
        ("modal verbs are literally impossible", "modal verbs"),
        ("the passive voice is greek to me", "passive voice"),
        ("recursion kills me every time", "recursion"),
        ("integrals are going to be the death of me", "integrals"),
        ("cell division is still a mystery to me", "cell division"),
        ("hands together is STILL a disaster, left hand keeps doing the rhythm", "hands together"),
        ("fractions are a total mess for me", "fractions"),
    ],
)
def test_a_topic_then_what_it_does_to_the_user(text, obj):
    assert_claim(text, CONFUSION, "struggle_en_said_of_topic", obj)


@pytest.mark.parametrize(
    "text",
    [
        "my boss is a nightmare",  # a person of the user's life, not a topic
        "is the subjunctive gonna kill me?",  # a question
        "the commute is brutal",
        "my room is a mess",
        "ugh today's orgo lab was a disaster, I hate everything about chemistry right now",
        "sorry im late, the trams in Melbourne were a disaster again",
        "my life is a mess rn",
    ],
)
def test_not_a_topic_said_to_be_hard(text):
    assert_no_claim(text, CONFUSION, "struggle_en_said_of_topic")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("the one that gets me every time is the passive voice", "passive voice"),
        ("what really trips me up is word order", "word order"),
    ],
)
def test_the_topic_named_after_what_gets_the_user(text, obj):
    assert_claim(text, CONFUSION, "struggle_en_what_gets_me", obj)


@pytest.mark.parametrize(
    ("text", "event_type", "obj"),
    [
        ("got 3/10 on subnetting 😐", CONFUSION, "subnetting"),
        ("Handball is fine now. Offside still 5/10", CONFUSION, "Offside"),
        ("Did the quiz you sent, 9/10 on handball!!", MASTERY, "handball"),
        ("got a 4/5 on the forces test!!", MASTERY, "forces"),
        ("ports section i got 10/10 tho 😎", MASTERY, "ports"),
    ],
)
def test_a_score_on_a_topic_says_how_it_went(text, event_type, obj):
    found = {o for _, o in claims(text, event_type)}
    assert obj in found, f"{obj!r} not among {found} for {text!r}"


def test_a_score_on_a_pointer_names_no_topic():
    assert_no_claim("got 9/10 on it", MASTERY, "mastery_en_high_score_on")


def test_someone_elses_score_is_not_the_users():
    assert_no_claim("my sister got 3/10 on fractions", CONFUSION, "struggle_en_low_score_on")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("Handball Ive got nailed now", "Handball"),
        ("chord changes i can do in my sleep", "chord changes"),
        ("I've got the passive voice down pat", "passive voice"),
        ("i finally got fractions nailed lol", "fractions"),
    ],
)
def test_a_topic_said_to_be_nailed(text, obj):
    assert obj in {o for _, o in claims(text, MASTERY)}


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("合并报表真的是天书", "合并报表"),
        ("魏晋南北朝又忘了😭", "魏晋南北朝"),
        ("特别是魏晋南北朝那段 一团浆糊", "魏晋南北朝"),
        ("虚拟语气完全是一头雾水", "虚拟语气"),
        ("groupby 还是晕", "分组聚合"),  # typed with a space, named by the vocabulary
        ("文言文这块还是懵", "文言文"),
    ],
)
def test_a_chinese_topic_then_what_it_does_to_the_user(text, obj):
    assert obj in {o for _, o in claims(text, CONFUSION)}, claims(text, CONFUSION)


@pytest.mark.parametrize(
    "text",
    ["房间又乱了", "作业又忘了带", "我又忘了", "他说物理是天书", "这是天书吗？"],
)
def test_not_a_chinese_topic_said_to_be_hard(text):
    assert not [o for _, o in claims(text, CONFUSION) if o], claims(text, CONFUSION)


@pytest.mark.parametrize(
    ("text", "obj"),
    [("最大问题是左右手 合在一起就乱", "左右手"), ("我的难点在于受力分析", "受力分析")],
)
def test_the_biggest_problem_named(text, obj):
    assert_claim(text, CONFUSION, "struggle_zh_biggest_problem", obj)


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("固定资产折旧那章我做题基本全对", "固定资产折旧"),
        ("唐朝那部分我基本不用背", "唐朝"),
        ("数列这块稳了", "数列"),
        ("二次函数我已经搞定了", "二次函数"),
        ("假名我这礼拜基本认全了 平假名片假名都行", "假名"),
        ("欧姆定律搞明白了", "欧姆定律"),
        ("这个公式我背熟了", "公式"),
    ],
)
def test_a_chinese_topic_said_to_be_no_sweat(text, obj):
    assert obj in {o for _, o in claims(text, MASTERY)}, claims(text, MASTERY)


def test_a_chinese_topic_asked_about_is_no_mastery():
    assert not [o for _, o in claims("数列这块稳了吗？", MASTERY) if o]


# --- more of what a hard topic does, said in chat (the `_EN_HARD` lexicon) ---------------------


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("logarithms just don't click for me", "logarithms"),
        ("vectors never really stick", "vectors"),
        ("recursion makes my brain hurt lol", "recursion"),
        ("kanji readings make my head spin", "kanji readings"),
        ("the conditional is where I hit a wall", "conditional"),
        ("proofs are where i always get stuck", "proofs"),
        ("thermodynamics - I get lost halfway through", "thermodynamics"),
        ("essay structure has always been hard for me", "essay structure"),
        ("it's phrasal verbs that lose me", "phrasal verbs"),
        ("I freeze on mental arithmetic", "mental arithmetic"),
        ("i just blank on irregular verbs", "irregular verbs"),
    ],
)
def test_a_hard_topic_said_in_chat(text, obj):
    found = {o for _, o in claims(text, CONFUSION)}
    assert obj in found, f"{obj!r} not among {found} for {text!r}"


@pytest.mark.parametrize(
    "text",
    [
        "my brother says chemistry makes his head spin",  # someone else's
        "does recursion make your head spin?",  # a question
        "this just doesn't click",  # no topic named
        "I messed up on the quiz",  # a one-off, not a habit
        "my sister has always found maths hard",
    ],
)
def test_not_a_hard_topic_said_in_chat(text):
    assert not [o for _, o in claims(text, CONFUSION) if o], claims(text, CONFUSION)


@pytest.mark.parametrize(
    ("raw", "lang", "named"),
    [
        ("发球那个", "zh", "发球"),
        ("磨刀这一步", "zh", "磨刀"),
        ("配速这部分", "zh", "配速"),
        ("听力基本", "zh", "听力"),
        ("斜率那个边际替代率", "zh", "边际替代率"),  # the part named after "那个"
        ("电路那道", "zh", "电路"),
        ("the odds ratio thing still", "en", "odds ratio"),
        ("the fitting part", "en", "fitting"),
        ("krebs cycle steps", "en", "krebs cycle"),
        ("grade 12 physics", "en", "physics"),
        ("integration by parts", "en", "integration by parts"),
        ("word problems", "en", "word problems"),
        # the subject a topic is in, said after it, and whom the user says it to
        ("pointers in C", "en", "pointers"),
        ("bro recursion in python", "en", "recursion"),
        ("memorising dates in history", "en", "memorising dates"),
        ("balancing equations in chemistry", "en", "balancing equations"),
        ("templates in C++", "en", "templates"),
        ("hate hate fractions", "en", "fractions"),
        ("careers in fashion", "en", "careers in fashion"),  # no subject taught: a name whole
        ("integration in parts", "en", "integration in parts"),
    ],
)
def test_a_topic_is_named_without_the_pointers_and_fillers_around_it(raw, lang, named) -> None:
    [cleaned] = clean_objects(raw, lang, False)  # as every object is, before its concept name
    assert concept_name(cleaned, lang) == named


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("geometry still my nemesis lol", "geometry"),
        ("ok. fractions my weak spot", "fractions"),
        ("I flipped the signs again", "signs"),
        ("ugh I mixed up mitosis and meiosis AGAIN", "mitosis and meiosis"),
        ("vectors still make my head spin with forces", "vectors"),
        ("the phasor stuff still confuses me", "phasor"),
    ],
)
def test_more_ways_to_say_a_topic_is_hard(text, obj) -> None:
    assert obj in {o for _, o in claims(text, CONFUSION)}


@pytest.mark.parametrize(
    "text",
    [
        "he said my nemesis",
        "I forgot my keys again",
        "did I flip the signs again?",
        "I swapped shifts again",
        "I mixed up the dates",
    ],
)
def test_someone_elses_words_a_thing_forgotten_or_a_question_is_no_obstacle(text) -> None:
    assert claims(text, CONFUSION) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the footing of a topic is the topic
        ("但是统计基础很差", ("learning_obstacle", "统计")),
        ("编程基础太差了", ("learning_obstacle", "编程")),
        ("缝纫机基本操作没问题", ("mastery", "缝纫机")),
        # a part of a whole named by "那个" or "里的" is the part
        ("俄语那个大舌音我练了一个月还是发不出来", ("learning_obstacle", "大舌音")),
        ("化学里的氧化还原老是搞混", ("learning_obstacle", "氧化还原反应")),
        # a verb of understanding is no part of the topic, nor a leading "但" or "傻傻"
        ("物理电磁感应真的搞不明白", ("learning_obstacle", "电磁感应")),
        ("但算法题一做就懵", ("learning_obstacle", "算法题")),
        ("正弦余弦我傻傻分不清", ("learning_obstacle", "正弦余弦")),
    ],
)
def test_a_topic_is_named_without_its_footing_whole_or_verb_zh(
    text: str, expected: tuple[str, str]
) -> None:
    assert expected in claims_in(text)


def test_an_adverb_is_never_the_topic_zh() -> None:
    assert not {c for c in claims_in("日语助词は和が傻傻分不清") if c[1] == "傻傻"}


# --- en: a topic said first, then that it is easy: "X I can do in my sleep" ---------------------


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("ok so vlookups I can do in my sleep, it's macros I need", "vlookup"),
        ("chord changes I've got down cold", "chord changes"),
        ("bowlines I've got covered, it's splicing that I struggle with", "bowlines"),
        ("sight reading I'm pretty good at, improvising not so much", "sight reading"),
        ("simple past I can do fine", "past tense"),
    ],
)
def test_a_topic_said_first_then_easy(text, obj):
    assert_claim(text, MASTERY, "mastery_en_got_it_down", obj)


@pytest.mark.parametrize(
    "text",
    [
        "my brother says fractions he can do in his sleep",
        "I used to be good at chess",
        "how do you say 'knots I've got covered' in Spanish?",
    ],
)
def test_not_a_topic_said_first_then_easy(text):
    assert_no_claim(text, MASTERY, "mastery_en_got_it_down")


# --- a language spoken well: fluent, native, a high grade ---------------------------------------


@pytest.mark.parametrize(
    ("text", "rule", "obj"),
    [
        ("I'm fluent in Dutch, so German should be easier?", "mastery_en_fluent_in", "Dutch"),
        ("basically fluent in Greek, grew up in Athens", "mastery_en_fluent_in", "Greek"),
        ("lived in Rio 5 years and im fluent in Portuguese", "mastery_en_fluent_in", "Portuguese"),
        ("native Tagalog speaker here", "mastery_en_native_speaker", "Tagalog"),
        ("I'm a native Polish speaker, learning Czech", "mastery_en_native_speaker", "Polish"),
        ("Hungarian is my first language", "mastery_en_mother_tongue", "Hungarian"),
        ("my Italian is a solid B2 now", "mastery_en_high_level", "Italian"),
        ("my Japanese is N1, so skip the kana", "mastery_en_high_level", "Japanese"),
        ("法语我专八 基础的不用讲", "mastery_zh_language_level", "法语"),
        ("韩语TOPIK六级 日语N1前年就过了", "mastery_zh_language_level", "日语"),
        ("日语N2已经过了", "mastery_zh_language_level", "日语"),
        ("闽南语是我的母语", "mastery_zh_language_level", "闽南语"),
    ],
)
def test_a_language_spoken_well(text, rule, obj):
    assert_claim(text, MASTERY, rule, obj)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("my wife is fluent in French", "mastery_en_fluent_in"),
        ("I wish I was fluent in Spanish", "mastery_en_fluent_in"),
        ("am I fluent in Italian yet?", "mastery_en_fluent_in"),
        ("I used to be fluent in German", "mastery_en_fluent_in"),
        ("my husband is a native Spanish speaker", "mastery_en_native_speaker"),
        ("my husband is a native Spanish speaker", "mastery_en_high_level"),
        ("my mum says Greek is her mother tongue", "mastery_en_mother_tongue"),
        ("我同学日语N1过了", "mastery_zh_language_level"),
        ("要是日语N1过了就好了", "mastery_zh_language_level"),
        ("日语N1难吗", "mastery_zh_language_level"),
        ("粤语是他的母语", "mastery_zh_language_level"),
    ],
)
def test_not_a_language_spoken_well(text, rule):
    assert_no_claim(text, MASTERY, rule)


# --- en: struggling with, a bit hard for me, doesn't make sense ---------------------------------


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("struggling with phrasal verbs rn", "phrasal verbs"),
        ("I'm still struggling with the passive voice", "passive voice"),
        ("ngl been struggling with limits", "limits"),
    ],
)
def test_struggling_with(text, obj):
    assert_claim(text, CONFUSION, "struggle_en_struggling_with", obj)


@pytest.mark.parametrize(
    "text",
    [
        "my son is struggling with long division",
        "I was struggling with fractions last year",
        "are you struggling with this?",
        "struggling with the homework tonight",
    ],
)
def test_not_struggling_with(text):
    assert_no_claim(text, CONFUSION, "struggle_en_struggling_with")


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("cash flow statements are a bit hard for me", "cash flow statement"),
        ("modal verbs keep tripping me up", "modal verbs"),
        ("pointers just doesn't make sense to me", "pointers"),
        ("the ablative really doesnt make any sense to me", "ablative"),
    ],
)
def test_a_topic_said_first_is_hard(text, obj):
    found = {o for _, o in claims(text, CONFUSION)}
    assert obj in found, f"{obj!r} not among {found} for {text!r}"


@pytest.mark.parametrize(
    "text",
    [
        "this chapter is killing me",
        "the homework is killing me tonight",
        "it's the deadlines that kill me",
        "my sister says vectors are a bit hard for her",
    ],
)
def test_what_is_hard_without_being_a_topic(text):
    assert claims(text, CONFUSION) == []


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I just aced my physics test", "physics"),
        ("ok I smashed the statistics final, 92%", "statistics"),
        ("crushed my spanish oral today!!", "spanish"),
        ("solid on algebra, shaky on geometry", "algebra"),
        ("i'm comfortable w/ recursion", "recursion"),
        ("I'm pretty good with pandas — merges, groupby, all fine", "pandas"),
    ],
)
def test_mastery_said_in_chat_shorthand(text, obj):
    found = {o for _, o in claims(text, MASTERY)}
    assert obj in found, f"{obj!r} not among {found} for {text!r}"


@pytest.mark.parametrize(
    "text",
    [
        "my sister aced her chem final",
        "if I aced the chem final I'd cry",
        "did you ace the physics test?",
        "my brother is solid on python",
    ],
)
def test_no_mastery_said_in_chat_shorthand(text):
    assert claims(text, MASTERY) == []


@pytest.mark.parametrize("text", ["学了大半年还是不会", "练了三个月还是不会", "背了一周还是老错"])
def test_how_long_one_tried_is_no_topic(text):
    assert {o for _, o in claims(text, CONFUSION)} <= {None}


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("git的rebase、cherry-pick我都用得很溜", "cherry-pick"),
        ("勒夏特列原理我早就吃透了", "勒夏特列原理"),
        ("五线谱我已经看得很熟了", "五线谱"),
        # the English words a length limit cut into are whole, and the user after them is cut
        ("python的list comprehension我已经玩得很熟了", "列表推导式"),
    ],
)
def test_done_with_ease_zh(text, obj):
    assert_claim(text, MASTERY, "mastery_zh_know_well", obj)


@pytest.mark.parametrize("text", ["他用得很溜", "这个我用得很不顺", "你用得很熟吗"])
def test_not_done_with_ease_zh(text):
    assert_no_claim(text, MASTERY, "mastery_zh_know_well")


@pytest.mark.parametrize(
    ("text", "obj"), [("调色我是真不会 调完人脸都发绿", "调色"), ("游泳我完全不会", "游泳")]
)
def test_a_chinese_topic_the_user_cannot_do_at_all(text, obj):
    assert_claim(text, CONFUSION, "confusion_zh_topic_first", obj)


@pytest.mark.parametrize("text", ["我明天真不会来", "这周我真不会迟到了"])
def test_not_doing_something_is_no_topic_the_user_cannot_do(text):
    assert_no_claim(text, CONFUSION, "confusion_zh_topic_first")


def test_a_chinese_topic_asked_about_in_exasperation_is_not_understood():
    assert_claim(
        "这学期regression感觉要挂 p值到底咋理解啊", CONFUSION, "confusion_zh_what_on_earth", "p值"
    )


@pytest.mark.parametrize(
    "text",
    [
        "这个到底怎么理解",
        "他到底怎么回事",
        "你到底怎么看",
        "想搞懂大模型到底怎么回事",  # a wish to understand it
    ],
)
def test_a_pointer_or_a_person_asked_about_names_no_topic(text):
    assert_no_claim(text, CONFUSION, "confusion_zh_what_on_earth")


# --- stuck on, a mystery, fine with now ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rule", "obj"),
    [
        ("下班没事自学吉他 三个月了 卡在F和弦 按不响", "struggle_zh_stuck_on", "F和弦"),
        ("最近一直卡在递归上", "struggle_zh_stuck_on", "递归"),
        ("音标我一看就晕，那些符号跟天书一样", "struggle_zh_wrong_at_once", "音标"),
        ("the bass clef is a complete mystery to me", "struggle_en_said_of_topic", "bass clef"),
        ("joins are where it goes fuzzy", "struggle_en_said_of_topic", "joins"),
    ],
)
def test_stuck_on_a_topic(text, rule, obj):
    assert_claim(text, CONFUSION, rule, obj)


@pytest.mark.parametrize(
    "text", ["我卡在路上了", "他卡在递归上", "卡在第三步了", "车卡在半路", "我一看就懂"]
)
def test_stuck_on_no_topic_or_not_mine(text):
    assert claims(text, CONFUSION) == []


def test_fine_with_a_topic_now():
    assert_claim("im fine with fractions now", MASTERY, "mastery_en_fine_with_now", "fractions")
    for text in ("i'm fine with that now, thanks", "I'm fine with the homework deadline"):
        assert_no_claim(text, MASTERY, "mastery_en_fine_with_now")


@pytest.mark.parametrize(
    "text",
    [
        "my day is terrible",
        "my brother's maths is terrible",
        "ok sounds good. that's the part I'm worried about",
        "this movie makes me cry",
        "my story is another story",
        "not yet",
    ],
)
def test_a_poor_thing_that_is_no_skill_of_the_users_is_no_obstacle(text):
    assert claims(text, CONFUSION) == []
