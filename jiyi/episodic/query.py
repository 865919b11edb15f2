"""What a query says beyond its words, read by rules (no model, no LLM): the time it names
(`jiyi.episodic.timeframe`) and whose words it asks about.

"What did you recommend for my sealant?" asks about the assistant's turns; "How many hours did
I spend gaming?" about the user's own. Assistant turns are long and full of the query's words
(they answered it), so without this they crowd the user's few, decisive sentences out of the
top ten: on LongMemEval-S dev, telling the two apart lifted turn recall_all@10 0.796 → 0.871.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from jiyi.domain import EventAttr
from jiyi.episodic.timeframe import TimeWindow, closeness, time_windows

_ASSISTANT_SAID = (
    "said|told|made|mentioned|recommended|suggested|gave|provided|listed|shared|explained"
    "|described|wrote|created|came up with|offered|named|included|advised|proposed"
)
_ASSISTANT_SAY = (  # after "did you": "what did you recommend" (not "can you recommend")
    "say|tell|make|mention|recommend|suggest|give|provide|list|share|explain|describe|write"
    "|create|come up with|offer|name|include|advise|propose"
)
_ABOUT_ASSISTANT_EN = re.compile(
    rf"\byou\s+(?:\w+\s+)?(?:{_ASSISTANT_SAID})\b|\bdid\s+you\s+(?:\w+\s+)?(?:{_ASSISTANT_SAY})\b"
    r"|\byour\s+(?:recommendations?|suggestions?|advice|answers?|lists?|explanations?)\b"
    r"|\bour\s+(?:previous\s+|last\s+|earlier\s+)?(?:conversation|chat|discussion|talk)\b"
)
_ABOUT_ASSISTANT_ZH = re.compile(  # not "我跟你说过" / "我告诉你" (the user told the assistant)
    r"(?<![跟和对给向诉])你[^，,。？?！!]{0,6}?(?:推荐|建议|说|提到|讲|告诉|介绍|提醒|让我|出了|给了|给我出)"
)
#: "What did I say the first time we talked?", "我们第一次聊天时…": the user's first conversation,
#: a time no calendar names; the rows of the user's first session are where the answer is.
_TALKED = r"(?:talked|chatted|spoke)(?!\s+(?:to|with)\s+(?!you\b))"  # not "talked to my boss"
_FIRST_TALK_EN = re.compile(
    rf"\b(?:first\s+time\s+(?:we|i)\s+(?:\w+\s+)?{_TALKED}|when\s+(?:we|i)\s+first\s+{_TALKED}|"
    r"our\s+(?:very\s+)?first\s+(?:conversation|chat|talk|session))\b"
)
_FIRST_TALK_ZH = re.compile(
    r"第一次(?:跟你|和你|找你|与你|同你)?(?:聊天|聊|谈话|对话|交流)|"
    r"(?:最早|最开始|刚开始|一开始)(?:跟你|和你|找你)(?:聊|说)"
)
#: "How did you feel when…", "他当时什么心情": a question about a feeling, which the turn that
#: expresses one (`EventType.EMOTION`) answers, often with none of its words ("So excited!").
#: In Chinese the words for a feeling also describe ("让我心情起伏的那本小说叫什么"), and 感觉
#: also means "think", so only a question that asks which feeling counts.
_FEELING_EN = re.compile(r"\b(?:feel|feels|felt|feelings?|react|reacts|reacted|reactions?)\b")
_FEELINGS_ZH = "(?:心情|感受|感觉|情绪|反应)"
_FEELING_ZH = re.compile(
    rf"什么样?的?{_FEELINGS_ZH}|(?:怎样|怎么样)的{_FEELINGS_ZH}|{_FEELINGS_ZH}(?:怎么样|怎样|如何)"
)
# Attributes are stored as JSON with ", " and ": " separators (`jiyi.episodic.store.to_row`);
# a quote inside a value is escaped, so only the key itself can match this.
_SPEAKER_KEY = f'"{EventAttr.SPEAKER.value}": '


@dataclass(frozen=True)
class QueryAnalysis:
    windows: tuple[TimeWindow, ...] = ()  # the times the query names, if any
    about_assistant: bool = False  # asks what the assistant said, not what the user did
    first_talk: bool = False  # asks about the user's first conversation
    feeling: bool = False  # asks how someone felt or reacted


PLAIN = QueryAnalysis()


def analyse(query: str, now_ms: int) -> QueryAnalysis:
    lowered = query.lower()
    about_assistant = bool(_ABOUT_ASSISTANT_EN.search(lowered) or _ABOUT_ASSISTANT_ZH.search(query))
    first_talk = bool(_FIRST_TALK_EN.search(lowered) or _FIRST_TALK_ZH.search(query))
    feeling = bool(_FEELING_EN.search(lowered) or _FEELING_ZH.search(query))
    return QueryAnalysis(time_windows(query, now_ms), about_assistant, first_talk, feeling)


def first_talk_prior(
    ts_ms: np.ndarray, sessions: np.ndarray, analysis: QueryAnalysis
) -> np.ndarray:
    """Per row, 1 within the user's first session (that of their earliest row) when the query
    asks about the first conversation, fading by half a day after it; 1 everywhere when it
    does not."""
    if not analysis.first_talk or not len(ts_ms):
        return np.ones(len(ts_ms))
    first = ts_ms[sessions == sessions[int(np.argmin(ts_ms))]]
    return closeness(ts_ms, (TimeWindow(int(first.min()), int(first.max()) + 1),))


def said_by_user(attributes: pa.ChunkedArray | pa.Array) -> np.ndarray:
    """Per row, whether the user said the event's turn (no other speaker is named)."""
    return ~pc.match_substring(attributes, _SPEAKER_KEY).to_numpy(zero_copy_only=False)


def speaker_match(by_user: np.ndarray, analysis: QueryAnalysis) -> np.ndarray:
    """Per row (`said_by_user`), 1.0 when the event's speaker is the one the query asks about,
    else 0.0."""
    return (by_user != analysis.about_assistant).astype(np.float64)
