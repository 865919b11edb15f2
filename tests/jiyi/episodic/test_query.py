from __future__ import annotations

import json

import numpy as np
import pyarrow as pa
import pytest

from jiyi.domain import EventAttr
from jiyi.episodic.query import PLAIN, analyse, first_talk_prior, said_by_user, speaker_match

NOW = 1_700_000_000_000


@pytest.mark.parametrize(
    "query",
    [
        "I remember you told me to dilute tea tree oil. What ratio was it?",
        "Can you remind me what sealant you recommended for the vase?",
        "What was the move you made after 27. Kg2?",
        "I was going through our previous chat about the shift rotation sheet.",
        "What was your advice on saving for a trip?",
        "你当时给我推荐过哪两本书？",
        "出门旅游怎么省钱，你之前是怎么说的？",
        "我纠结买哪种器材的时候，你怎么建议的？",
    ],
)
def test_questions_about_what_the_assistant_said(query):
    assert analyse(query, NOW).about_assistant


@pytest.mark.parametrize(
    "query",
    [
        "How many hours have I spent playing games in total?",
        "Can you suggest some activities for my commute?",
        "Do you know what my sister's name is?",
        "我上周去了哪里？",
        "你能帮我想想我喜欢什么吗",
        "我都跟你说过哪些和朋友一起的安排？",
        "我告诉你我周末要去哪里了吗？",
    ],
)
def test_questions_about_the_user(query):
    assert not analyse(query, NOW).about_assistant


def test_a_query_naming_no_time_has_no_windows():
    assert analyse("what tea do I like?", NOW) == PLAIN


def _attributes(*speakers: str | None) -> pa.Array:
    rows = [{"object": "tea"} | ({EventAttr.SPEAKER.value: s} if s else {}) for s in speakers]
    return pa.array([json.dumps(r, ensure_ascii=False, sort_keys=True) for r in rows])


def test_speaker_match_reads_the_speaker_attribute():
    attributes = _attributes(None, "assistant", None)
    about_user = analyse("what tea do I like?", NOW)
    about_assistant = analyse("which tea did you recommend?", NOW)
    assert said_by_user(attributes).tolist() == [True, False, True]
    assert speaker_match(said_by_user(attributes), about_user).tolist() == [1.0, 0.0, 1.0]
    assert speaker_match(said_by_user(attributes), about_assistant).tolist() == [0.0, 1.0, 0.0]


def test_a_value_that_quotes_the_key_is_not_a_speaker():
    forged = json.dumps({"object": '", "speaker": "assistant'}, sort_keys=True)
    assert speaker_match(said_by_user(pa.array([forged])), PLAIN).tolist() == [1.0]


def test_a_request_is_not_a_question_about_what_was_said():
    assert not analyse("Can you recommend some books?", NOW).about_assistant
    assert analyse("Which books did you recommend?", NOW).about_assistant


@pytest.mark.parametrize(
    "query",
    [
        "What city did I mention the first time we talked?",
        "when we first chatted, what did I say about my job?",
        "the first time I talked to you, what was I studying?",
        "in our very first conversation I named a book, which one?",
        "我们第一次聊天时我说自己最近去了哪个城市？",
        "我第一次找你聊天前的那个周末去爬了哪座山？",
        "最开始跟你聊的时候我在学什么？",
    ],
)
def test_questions_about_the_first_conversation(query):
    assert analyse(query, NOW).first_talk


@pytest.mark.parametrize(
    "query",
    [
        "What was the first issue I had with my new car?",  # the first of events, not of talks
        "When did I first go to the gym?",
        "我第一次去日本是哪一年？",
        "What did we talk about last time?",
        "the first time I met my wife, where were we?",
        "what did I say the first time I talked to my boss?",
    ],
)
def test_other_firsts_are_not_the_first_conversation(query):
    assert not analyse(query, NOW).first_talk


@pytest.mark.parametrize(
    "query",
    [
        "How did Jon feel about the opening night of his studio?",
        "how did she react when she saw the painting?",
        "What were my feelings after the interview?",
        "I felt something at the concert last week, what was it?",
        "我第一次登台演出时是什么心情？",
        "搬家以后他有什么感受？",
        "拿到录取通知书那天我心情怎么样？",
        "她看到那幅画时是什么样的反应？",
    ],
)
def test_questions_about_a_feeling(query):
    assert analyse(query, NOW).feeling


@pytest.mark.parametrize(
    "query",
    [
        "What did Jon say about the opening night of his studio?",
        "Which feeder did I buy for the birds?",  # "feed", not "feel"
        "what reactor type does the plant use?",
        "我上次推荐的那本书叫什么？",
        "那本让我心情跟着起伏的小说叫什么名字？",  # describes the book, asks its name
        "我感觉最近很累，是从哪天开始的？",  # 感觉 as "think"
    ],
)
def test_other_questions_ask_about_no_feeling(query):
    assert not analyse(query, NOW).feeling


def test_the_first_talk_prior_favours_the_users_first_session():
    day = 86_400_000
    ts = np.array([NOW + day // 2, NOW, NOW + day // 4, NOW + 3 * day, NOW + 10 * day])
    sessions = np.array(["s2", "s1", "s1", "s3", "s4"])
    prior = first_talk_prior(
        ts, sessions, analyse("the first time we talked, what did I say?", NOW)
    )
    assert prior[1] == prior[2] == 1.0  # the first session, whatever the row order
    assert 1.0 > prior[0] > prior[3] > prior[4]  # later sessions fade, the same day's too
    assert (first_talk_prior(ts, sessions, PLAIN) == 1.0).all()
