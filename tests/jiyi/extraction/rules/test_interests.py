"""Interest rules (`interest_*`, `preference_*_interested` in `jiyi.extraction.rules.preferences`):
each family of phrasings, zh and en, names the subject or hobby, and the near-misses (someone
else's, a past one, a question, a negation) name none."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, RelationKind, Role, Turn
from jiyi.extraction.engine import extract_with_rules

OBJ, REL = EventAttr.OBJECT, EventAttr.RELATION


def interests_in(text: str) -> list[str]:
    """The interests a user turn names, read in context (someone else's or a past liking is not
    the user's now)."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[OBJ]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.PREFERENCE
        and e.attributes.get(REL) == RelationKind.INTERESTED_IN.value
        and OBJ in e.attributes
        and e.attributes.get(EventAttr.HOLDER) is None
        and e.attributes.get(EventAttr.TENSE) is None
    ]


def assert_interest(text: str, expected: str) -> None:
    found = interests_in(text)
    assert expected in found, f"{expected!r} not among {found} for {text!r}"


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("idk maybe psychology one day lol", "psychology"),
        ("might do architecture in college tbh", "architecture"),
        ("thinking about studying neuroscience at uni", "neuroscience"),
        ("probably law later, who knows", "law"),
    ],
)
def test_a_field_mentioned_as_a_maybe(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    "text",
    [
        "maybe do history for a level too idk",  # a subject choice, said in passing: no field+later
        "maybe not engineering later",  # negated
        "maybe engineering later?",  # a question
        "i might fail physics later",  # no field chosen
    ],
)
def test_not_a_field_mentioned_as_a_maybe(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("day off ☀️ went to a salsa festival saturday", "salsa"),
        ("I finally went to a chess tournament!!", "chess"),
        ("we attended a pottery exhibition downtown", "pottery"),
        ("been going to a local jazz jam on tuesdays", "jazz"),
    ],
)
def test_going_to_an_event_of_a_kind(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    "text",
    [
        "my sister went to a jazz concert",  # someone else's
        "when I was a kid I went to a chess tournament",  # past
        "did you go to the salsa festival?",  # a question, and "you"
    ],
)
def test_not_going_to_an_event_of_a_kind(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("And I've been cooking more Mexican food since I retired", "Mexican food"),
        ("ive been reading a lot of sci-fi lately", "sci-fi"),
        ("I've been getting into birdwatching", "birdwatching"),
        ("I have been knitting scarves in my free time", "scarves"),
    ],
)
def test_a_new_or_growing_hobby(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    "text",
    [
        "my dad has been cooking Thai food lately",  # someone else's
        "I haven't been reading much lately",  # negated
        "I've been reading the textbook",  # no sign of a hobby
    ],
)
def test_not_a_new_or_growing_hobby(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("also the sociology lecture yesterday was so interesting", "sociology"),
        ("the genetics part last week was actually kinda cool", "genetics"),
    ],
)
def test_a_topic_found_interesting_with_a_time_in_between(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("哈哈 其实我更喜欢化学", "化学"),
        ("我最喜欢历史了", "历史"),
        ("比起数学 我还是更爱物理", "物理"),
        ("我一直比较喜欢地理课", "地理"),
        ("物理是我最喜欢的一科", "物理"),
    ],
)
def test_a_favourite_subject_zh(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    "text",
    ["我妹更喜欢物理", "我不太喜欢化学", "你更喜欢物理吗?", "以前我最喜欢历史", "这是我最喜欢的"],
)
def test_not_a_favourite_subject_zh(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("我还想考北大历史系呢", "历史"),
        ("以后想读心理学专业", "心理学"),
        ("我现在目标华东师范中文系", "中文"),
        ("打算报计算机专业", "计算机"),
    ],
)
def test_the_field_the_user_wants_to_study_zh(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize("text", ["我不想读历史系", "我姐想读心理学专业", "历史系好考吗?"])
def test_not_the_field_the_user_wants_to_study_zh(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("我从小看三国演义长大的", "三国演义"),
        ("从小就爱看柯南", "柯南"),
        ("我从小下围棋 现在也下", "围棋"),
        ("从小听周杰伦长大", "周杰伦"),
    ],
)
def test_loved_since_childhood_zh(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize("text", ["我哥从小看三国演义", "从小学开始就这样", "我从小不看电视"])
def test_not_loved_since_childhood_zh(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("还有行为经济学 什么锚定效应 感觉挺有意思的", "行为经济学"),
        ("天文学真有意思", "天文学"),
        ("考古纪录片我觉得特别有趣", "考古纪录片"),
        ("围棋还挺好玩", "围棋"),
    ],
)
def test_something_found_interesting_zh(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    "text",
    ["这道题挺有意思", "老师讲得挺有意思", "天文学有意思吗?", "物理不太有意思"],
)
def test_not_something_found_interesting_zh(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("实验课yyds✨", "实验课"),
        ("下周实验课做电解水 好期待", "实验课"),
        ("今天体育课太好玩了", "体育课"),
        ("编程课绝绝子", "编程课"),
    ],
)
def test_a_class_the_user_loves_zh(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize("text", ["没课好期待", "这节课好期待吗?", "奶茶法yyds"])
def test_not_a_class_the_user_loves_zh(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("刚退休 想重新捡起毛笔字", "书法"),  # the vocabulary's name for it
        ("最近重拾钢琴了", "钢琴"),
        ("退休后重拾书法 每天写一张", "书法"),
        ("我想重新捡起画画", "画画"),
    ],
)
def test_a_hobby_taken_up_again_zh(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize("text", ["我妈想重新捡起钢琴", "我不想重新捡起钢琴"])
def test_not_a_hobby_taken_up_again_zh(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [("考试太折磨人 但还是想学历史的", "历史"), ("我也有点想跟着学学国画", "国画")],
)
def test_something_the_user_wants_to_learn_zh(text, interest):
    assert_interest(text, interest)


def new_likings_in(text: str) -> list[tuple[str, str | None]]:
    """The likings a user turn holds now (not past, not someone else's), each with whether it
    says it replaced an old one (`change`)."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        (e.attributes[OBJ], e.attributes.get(EventAttr.CHANGE))
        for e in extract_with_rules(turn)
        if e.event_type is EventType.PREFERENCE
        and OBJ in e.attributes
        and e.attributes.get(EventAttr.HOLDER) is None
        and e.attributes.get(EventAttr.TENSE) is None
    ]


@pytest.mark.parametrize(
    ("text", "liking"),
    [
        ("i used to only read manga in english but now its raw japanese only", "raw japanese"),
        ("before i was all about flashcards, now i mostly use anki decks", "anki decks"),
        ("back then i used textbooks but now im all about youtube", "videos"),
        ("以前看配音版 现在只看字幕", "字幕"),
        ("以前用纸质书 现在基本只用kindle", "kindle"),
    ],
)
def test_a_changed_liking_names_the_new_one_as_superseding(text, liking):
    assert (liking, "supersedes") in new_likings_in(text), new_likings_in(text)


@pytest.mark.parametrize(
    ("text", "liking"),
    [("i switched from dubs to subs lol", "subs"), ("原来用R 现在都用python了", "python")],
)
def test_a_switch_of_liking_names_the_new_one(text, liking):
    assert liking in [obj for obj, _ in new_likings_in(text)]


@pytest.mark.parametrize(
    "text",
    [
        "i used to live in leeds but now im in york",
        "i used to be bad at it but now its fine",
        "i used to hate it but now its all good",
        "以前住北京 现在在上海",
    ],
)
def test_a_changed_state_that_is_no_liking_names_none(text):
    assert new_likings_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [("我最近迷上了摄影", "摄影"), ("我入坑摄影半年了", "摄影"), ("我喜欢上了做饭", "做饭")],
)
def test_being_hooked_on_something_is_an_interest_not_only_a_liking(text, interest):
    assert interests_in(text) == [interest]


# --- chat frames (`jiyi.extraction.rules.hobbies`): subject dropped, named by time or devotion ---


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("obsessed with volcanoes rn, can we do geography through them?", "volcanoes"),
        ("kinda into bouldering these days", "bouldering"),
        ("been getting into pottery lately 🏺 made a bowl", "pottery"),
        ("tbh really hooked on chess puzzles", "chess puzzles"),
        ("im so into baking and knitting", "baking"),
        ("massive Arsenal fan, can we use football stats?", "Arsenal"),
        ("I'm a total history nerd", "history"),
        ("gym junkie here", "gym"),
        ("Minecraft is basically my whole personality", "Minecraft"),
        ("gardening is a hobby of mine", "gardening"),
        ("crochet has taken over my evenings", "crochet"),
        ("my weekends are all climbing", "climbing"),
        ("I spend my free time painting", "painting"),
        ("been playing piano since I was a kid", "piano"),
        ("I've been collecting stamps for like 5 years", "stamps"),
        ("love watching documentaries about space", "space"),
        ("just started taking pottery classes", "pottery"),
        ("I'm obsessed with space stuff, black holes especially", "space"),
        ("really into astronomy lately", "space"),
    ],
)
def test_an_interest_said_in_chat(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("sort of curious about astrophysics", "astrophysics"),
        ("3D printing sounds cool", "3D printing"),
        ("thinking of picking up pottery", "pottery"),
        ("is 40 too old to learn cello?", "cello"),
        ("someday I wanna play with haskell", "haskell"),
        ("明年还想去音乐节看看", "音乐节"),
    ],
)
def test_a_budding_interest_is_held_weakly(text, interest):
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    found = {
        e.attributes[OBJ]: e.confidence
        for e in extract_with_rules(turn)
        if e.attributes.get(REL) == RelationKind.INTERESTED_IN.value
    }
    assert 0.2 <= found.get(interest, 0.0) < 0.5, found


@pytest.mark.parametrize(
    "text",
    [
        "my dad is a huge F1 fan",  # someone else's
        "my sister is obsessed with horses",
        "are you into chess?",  # a question
        "I'm not really into sports",  # negated
        "I was obsessed with dinosaurs as a kid",  # past
        "got into Oxford!!",  # admission, not a hobby
        "getting into uni is all I think about",
        "fascinated by how you explained that",  # a clause, not a subject
        "that sounds cool",
        "I spend my weekends at work",
        "I have driving lessons on monday",
        "been studying for 3 hours straight",
    ],
)
def test_not_an_interest_said_in_chat(text):
    assert interests_in(text) == []


def test_years_of_playing_by_ear_say_how_not_what():
    """'been playing guitar by ear for 10 yrs' says how the user plays (a learning style), the
    pastime frame reads a plain span only."""
    assert interests_in("been playing guitar by ear for like 10 yrs") == []


def test_a_move_into_a_field_is_no_hobby():
    assert interests_in("trying to get out of retail and into nursing") == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("love hiking, hate running", "hiking"),
        ("I also play basketball on weekends", "basketball"),
        ("I play the cello", "cello"),
        ("my hobbies are climbing and chess", "chess"),
        ("hobbies: baking, sudoku", "baking"),
        ("in my free time I paint", "paint"),
        ("程序员一枚 下班没事自学吉他 三个月了", "吉他"),
        ("吉他是我最大的爱好", "吉他"),
    ],
)
def test_a_hobby_named_as_one(text, interest):
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    found = [
        e.attributes.get(OBJ)
        for e in extract_with_rules(turn)
        if e.event_type is EventType.PREFERENCE
    ]
    assert interest in found, found


@pytest.mark.parametrize(
    "text",
    [
        "love your explanation!!",
        "love how you explain things",
        "I play it safe",
        "in my free time I just sleep",
    ],
)
def test_not_a_hobby_named(text):
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    assert [e for e in extract_with_rules(turn) if e.event_type is EventType.PREFERENCE] == []


def test_playing_the_opening_is_no_pastime():
    assert interests_in("as black vs e4 i play the sicilian but i get crushed") == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("been listening to radiohead nonstop lately", "radiohead"),
        ("and been watching chess streams all the time", "chess streams"),
        ("宋词我超喜欢 尤其是苏轼", "宋词"),
        ("天文我特别爱", "天文"),
    ],
)
def test_an_interest_said_without_its_subject_or_thing_first(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    "text", ["这道题我超喜欢", "你最喜欢什么?", "我哥最近对编程好像有点兴趣", "我对足球不感兴趣"]
)
def test_not_an_interest_said_thing_first_or_softly(text):
    assert interests_in(text) == []


def test_an_interest_said_softly_is_held_weakly():
    turn = Turn(
        user_id="u1",
        session_id="s1",
        role=Role.USER,
        content="最近对做陶艺好像也有点兴趣",
        client_ts=1,
    )
    # named by the thing, not the doing: "做陶艺" is an interest in 陶艺
    (found,) = [e for e in extract_with_rules(turn) if e.attributes.get(OBJ) == "陶艺"]
    assert found.attributes[REL] == RelationKind.INTERESTED_IN.value
    assert found.confidence < 0.5


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        # something to tinker with one day: an interest, weak
        ("someday I wanna play with haskell but not now", "haskell"),
        ("i'd love to mess around with arduino", "arduino"),
        ("might dabble in pottery after I retire", "pottery"),
        # a domain the examples should come from
        ("use basketball examples if you can", "basketball"),
        ("could you give examples from cooking?", "cooking"),
        ("用做菜来举例吧", "做菜"),
        ("例子能用游戏的吗", "游戏"),
        # a devotee, the subject dropped
        ("天文爱好者 想问问黑洞", "天文"),
        ("NBA死忠粉", "NBA"),
        ("奶茶控 每天一杯", "奶茶"),
        ("我是个足球迷", "足球"),
        ("摄影党一枚", "摄影"),
        ("对量子计算挺感兴趣的", "量子计算"),
        ("宋词一直很感兴趣", "宋词"),
        ("最近对三国超上头", "三国"),
        ("刷美剧刷上头了", "美剧"),
        # curious, or wanting to go and see: weak
        ("顺便问下 围棋为什么是19路 好奇很久了", "围棋"),
        ("我一直对天文挺好奇的", "天文"),
        ("明年还想去音乐节看看", "音乐节"),
    ],
)
def test_an_interest_said_in_passing_is_named(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    "text",
    [
        "my brother wants to play with rust",
        "can you use real life examples",
        "use simple examples pls",
        "能用简单的例子吗",
        "情绪失控",
        "我对数学不感兴趣",
        "你对这个感兴趣吗",
        "他对篮球很感兴趣",
        "考研党一枚",  # an exam sat, not a pastime
        "你为什么这么说 我很好奇",
        "他想去北京看看",
    ],
)
def test_no_interest_in_passing_from_near_misses(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [("弹了八年钢琴了", "钢琴"), ("练了三年多书法", "书法"), ("踢了十几年足球 膝盖不行了", "足球")],
)
def test_a_pastime_kept_up_for_years_is_an_interest_zh(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize("text", ["他下了十年围棋", "打了五年工", "以前弹了八年钢琴"])
def test_no_pastime_of_years_from_near_misses_zh(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("超爱二战史，能用历史故事来练英语阅读吗", "二战史"),
        ("我超爱做手账", "手账"),
        ("我特别喜欢弹钢琴", "钢琴"),
        ("平时最爱打羽毛球", "羽毛球"),
        ("我很喜欢天文", "天文"),
    ],
)
def test_a_thing_liked_is_an_interest_named_without_its_verb_zh(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("比起美音我更喜欢英音", "英音"),
        ("纸质书太重 我更喜欢电子版", "电子版"),
        ("我更喜欢早上学 脑子清楚点", "早上学"),
        ("我喜欢先自己试错", "先自己试错"),
    ],
)
def test_a_choice_or_a_way_of_learning_liked_is_a_preference_zh(text, liked):
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    relations = {
        e.attributes.get(EventAttr.RELATION)
        for e in extract_with_rules(turn)
        if e.attributes.get(EventAttr.OBJECT) == liked
    }
    assert relations
    assert RelationKind.INTERESTED_IN.value not in relations


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("volcanoes have always fascinated me", "volcanoes"),
        ("honestly cryptography fascinates me, how does RSA work", "cryptography"),
        ("game theory is something I find super interesting", "game theory"),
        ("marine biology is a subject I find fascinating", "marine biology"),
        ("I've gotten really into bouldering lately", "bouldering"),
        ("got super into birdwatching this spring", "birdwatching"),
    ],
)
def test_a_subject_said_to_hold_the_user(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    "text",
    [
        "my brother says chess fascinates him",
        "does chemistry fascinate you?",
        "I got into MIT!!",
        "my son has gotten really into dinosaurs",
        "I used to be really into skating",
        "mind maps are my thing, one per chapter",
        "flashcards are my jam",
    ],
)
def test_not_a_subject_said_to_hold_the_user(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [
        ("下围棋是我最大的爱好", "围棋"),
        ("摄影算是我的兴趣爱好", "摄影"),
        ("科幻小说是我的命 刘慈欣全看过", "科幻小说"),
        ("现在钓鱼是我唯一的爱好", "钓鱼"),
        ("半导体这块我一直挺关注的", "半导体"),
        ("机器人我平时比较关注", "机器人"),
        ("好像对天文有点兴趣了", "天文"),
        ("我从小对历史特别有兴趣", "历史"),
        ("有点好奇量子计算到底是个啥", "量子计算"),
        ("一直好奇黑洞是怎么形成的", "黑洞"),
    ],
)
def test_zh_a_hobby_named_as_such(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize(
    "text",
    [
        "我同学说篮球是他的命",
        "以前画画是我最大的爱好",
        "你对历史有兴趣吗",
        "他对天文很有兴趣",
        "要是对化学有点兴趣就好了",
        "这个我不关注",
        "我同学好奇区块链是啥",
    ],
)
def test_zh_not_a_hobby_named_as_such(text):
    assert interests_in(text) == []


@pytest.mark.parametrize(
    ("text", "interest"),
    [("兄弟 晚上好 我白天跑外卖 晚上研究摄影 📷", "摄影"), ("周末玩无人机", "无人机"),
     ("下班后研究咖啡", "咖啡")],
)  # fmt: skip
def test_what_the_user_delves_into_in_time_off(text, interest):
    assert_interest(text, interest)


@pytest.mark.parametrize("text", ["晚上研究线代", "没事玩手机", "周末研究一下这道题"])
def test_not_time_off_or_not_a_pastime(text):
    assert interests_in(text) == []
