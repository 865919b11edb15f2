"""Dislikes said in chat (`jiyi.extraction.rules.aversions`): the thing first and what it does to
the user, or a liking negated with its subject dropped; near-misses (someone else's, a question,
no thing named, indifference) name none."""

from __future__ import annotations

import pytest

from jiyi.domain import EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_with_rules

OBJ = EventAttr.OBJECT


def dislikes_in(text: str) -> dict[str, float]:
    """The user's own current dislikes in one turn, with the confidence each is said with."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return {
        e.attributes[OBJ]: e.confidence
        for e in extract_with_rules(turn)
        if e.event_type is EventType.DISLIKE
        and OBJ in e.attributes
        and e.attributes.get(EventAttr.HOLDER) is None
        and e.attributes.get(EventAttr.TENSE) is None
    }


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("PowerPoint honestly annoys me", "PowerPoint"),
        ("oral presentations stress me out", "oral presentations"),
        ("peer marking drives me up the wall", "peer marking"),
        ("worksheets are so pointless", "worksheets"),
        ("vocab lists are mind-numbing tbh", "vocab lists"),
        ("speaking in class is my personal nightmare", "speaking"),
        ("dictation feels like busywork", "dictation"),
        ("not a fan of crosswords tbh", "crosswords"),
        ("honestly not big on group chats", "group chats"),
        ("never liked spreadsheets, still don't", "spreadsheets"),
        ("can't stand mnemonics", "mnemonics"),
        ("pop quizzes are the worst", "pop quizzes"),
        ("honestly mental math is the worst", "mental math"),
        ("group chats r the worst, nobody reads them", "group chats"),
        ("I hate memorising dates in history", "memorising dates"),  # the subject is no part
        ("essays. hate hate hate essays", "essays"),
    ],
)
def test_a_dislike_said_in_chat(text, thing):
    found = dislikes_in(text)
    assert found.get(thing, 0.0) >= 0.5, f"{thing!r} not firmly among {found} for {text!r}"


@pytest.mark.parametrize(
    "text", ["pop quizzes are the worst", "rote drills are the worst, they never stick"]
)
def test_the_worst_is_a_judgement_not_a_difficulty(text):
    """ "X is the worst" dislikes X; it says nothing of not understanding it."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    types = {e.event_type for e in extract_with_rules(turn)}
    assert EventType.DISLIKE in types
    assert EventType.CONCEPT_CONFUSION not in types


def test_a_hedged_dislike_is_held_weakly():
    assert 0.2 <= dislikes_in("kinda dislike word searches? idk").get("word searches", 0.0) < 0.5


@pytest.mark.parametrize(
    "text",
    [
        "my sister hates flashcards",  # someone else's
        "he's not a fan of essays",
        "are timed quizzes the worst?",  # a question
        "this is the worst",  # no thing named
        "my teacher annoys me",  # a person, not a thing to learn with
        "not really into sports",  # indifference, not a dislike
        "I never liked it",
        "in the reading, does 'I hate cilantro' sound sarcastic?",  # a quoted line
        'is "I hate mondays" a good example of hyperbole',
    ],
)
def test_not_a_dislike_said_in_chat(text):
    assert dislikes_in(text) == {}


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        # what it does to them, now also discomfort
        ("group presentations make me so uncomfortable", "group presentations"),
        ("cold calling makes me anxious", "cold calling"),
        ("reading dense textbooks is torture", "dense textbooks"),
        # a way of being taught asked to be left out
        ("don't give me true or false questions pls", "true or false questions"),
        ("never send me voice notes, I can't listen at work", "voice notes"),
        ("can you stop using pop culture references", "pop culture references"),
        ("I don't like it when you use cooking metaphors", "cooking metaphors"),
        ("别用那么多比喻了", "类比"),
        ("能不能别放表情包", "表情包"),
        ("不要出填空题吧", "填空题"),
        ("判断题别给我出了", "判断题"),
        ("还有求你别再给我推公式了 看到∑我就想睡", "公式"),
        ("哈农枯燥得很 不想练", "哈农"),
        ("说实话物理是我最讨厌的一科 没有之一", "物理"),  # not "一科"
        ("我最讨厌的就是背单词", "背单词"),
        # the thing first, then how fed up they are
        ("背课文真的受够了", "背课文"),
        ("演讲比赛那种东西我很反感", "演讲比赛"),
        ("英语听写能躲就躲", "英语听写"),
        # "with a passion" is how much, not what
        ("I hate word problems with a passion", "word problems"),
        ("I hate timed drills so much", "timed drills"),
        # what boredom does: it switches the user off; a long description of which one is no name
        ("the ladder-against-a-wall word problems make my brain shut off", "word problems"),
        ("lectures make me switch off", "lectures"),
        # 最烦, and the thing used
        ("最烦抄笔记了", "抄笔记"),
        ("我不喜欢用电子书", "电子书"),
    ],
)
def test_a_dislike_of_a_way_of_being_taught(text, thing):
    assert thing in dislikes_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "my sister says group presentations make her uncomfortable",
        "don't give up on me",
        "别放弃了",
        "别说了",
        "这个我真的受够了",
        "my friend hates word problems with a passion",
        "我同学说他最烦抄笔记了",
        "how do you say 'don't give me homework' in Spanish?",
    ],
)
def test_not_a_dislike_of_a_way_of_being_taught(text):
    assert not dislikes_in(text)


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("别再发长视频了", "长视频"),
        ("不要再放长篇论文了", "长篇论文"),
    ],
)
def test_a_long_thing_left_out_keeps_its_length(text, thing):
    assert thing in dislikes_in(text)


@pytest.mark.parametrize("text", ["那种题 看着就头大", "这种东西 感觉挺尴尬"])
def test_a_look_or_feel_is_no_thing_disliked(text):
    assert "看着" not in dislikes_in(text)
    assert "感觉" not in dislikes_in(text)


# A way of learning that does not work for the user -----------------------------------------


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("flashcards just don't work for me", "flashcards"),
        ("tbh mind maps never really work for me", "mind maps"),
        ("long explanations don't help me", "long explanations"),
        ("the videos are kinda too slow for me now, i keep skipping ahead", "videos"),
        ("死记硬背对我根本不管用", "死记硬背"),
        ("我觉得刷题对我没啥效果", "做题练习"),
        ("视频课现在对我来说太慢了", "视频"),  # the vocabulary's name for it
    ],
)
def test_a_way_of_learning_that_does_not_work_for_the_user(text, thing):
    found = dislikes_in(text)
    assert found.get(thing, 0.0) >= 0.5, f"{thing!r} not firmly among {found} for {text!r}"


@pytest.mark.parametrize(
    "text",
    [
        "the link doesn't work for me",  # a broken thing, not a way of learning
        "fractions just don't click for me, never have",  # hard to learn: an obstacle
        "my code doesn't work for me",
        "do flashcards work for me?",
        "it doesn't work for me",
        "说实话这个对我没用",  # a pointer names nothing
        "单词卡对我没用吗",
        "你的建议对我很有用",
    ],
)
def test_no_dislike_from_a_broken_thing_a_pointer_or_a_question(text):
    assert not dislikes_in(text)


def test_a_way_of_learning_that_no_longer_works_ends_the_old_view():
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER,
                content="videos are too slow for me now", client_ts=1)  # fmt: skip
    [event] = [e for e in extract_with_rules(turn) if e.event_type is EventType.DISLIKE]
    assert event.attributes.get(EventAttr.CHANGE) == "supersedes"


def test_asking_not_to_recommend_is_no_derivation_disliked():
    assert "荐音频课" not in dislikes_in("我是聋人，所以请不要推荐音频课，谢谢")
