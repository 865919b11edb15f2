from __future__ import annotations

import json

import pyarrow as pa
import pytest

from jiyi.domain import EventAttr
from jiyi.episodic.query import PLAIN, analyse, speaker_match

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
    assert speaker_match(attributes, about_user).tolist() == [1.0, 0.0, 1.0]
    assert speaker_match(attributes, about_assistant).tolist() == [0.0, 1.0, 0.0]


def test_a_value_that_quotes_the_key_is_not_a_speaker():
    forged = json.dumps({"object": '", "speaker": "assistant'}, sort_keys=True)
    assert speaker_match(pa.array([forged]), PLAIN).tolist() == [1.0]


def test_a_request_is_not_a_question_about_what_was_said():
    assert not analyse("Can you recommend some books?", NOW).about_assistant
    assert analyse("Which books did you recommend?", NOW).about_assistant
