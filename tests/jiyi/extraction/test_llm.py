"""The LLM extractor against a real HTTP server on loopback speaking the chat-completions wire
format. No instruction-tuned LLM can run on these machines, so the server replays scripted
replies: good, repairable, malformed, out of the enum, slow, and failing with HTTP errors."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jiyi.config import LLMSettings
from jiyi.domain import EventAttr, EventType, ExtractionSource, Role, Turn
from jiyi.extraction.engine import extract
from jiyi.extraction.llm import (
    LLMExtractionError,
    LLMExtractor,
    LLMOutputError,
    parse_answer,
)
from jiyi.extraction.residue import ResidueClassifier, lexical_encoder, load_exemplars


def completion(content: str | None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
    }


def reply(payload: dict[str, Any]) -> tuple[int, Any, float]:
    return 200, completion(json.dumps(payload, ensure_ascii=False)), 0.0


class ScriptedServer:
    """A chat-completions endpoint that answers each POST with the next scripted reply."""

    def __init__(self) -> None:
        self.script: deque[tuple[int, Any, float]] = deque()
        self.requests: list[dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                server.requests.append(
                    {"path": self.path, "headers": dict(self.headers), "json": json.loads(body)}
                )
                status, payload, delay = server.script.popleft()
                time.sleep(delay)
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    running = ScriptedServer()
    yield running
    running.close()


def extractor(server: ScriptedServer, retries: int = 2, timeout: float = 5.0, **kwargs: Any):
    settings = LLMSettings(
        base_url=server.url,
        model="test-model",
        api_key="sk-test",
        timeout_seconds=timeout,
        max_retries=retries,
    )
    return LLMExtractor(settings, backoff_seconds=0.01, **kwargs)


def user_turn(text: str = "最近总觉得学不进去,脑子很乱。") -> Turn:
    return Turn(user_id="u-1", session_id="s-1", role=Role.USER, content=text, client_ts=9)


GOOD = {
    "event_type": "emotion",
    "confidence": 0.82,
    "summary": "学习时心烦意乱",
    "keywords": ["学习", "心烦", "专注"],
    "attributes": {"object": "心烦", "object_kind": "emotion", "polarity": "negative"},
}


@pytest.mark.integration
def test_good_reply_becomes_an_llm_event_and_the_request_speaks_the_wire_format(server):
    server.script.append(reply(GOOD))
    llm = extractor(server)
    event = llm.extract(user_turn())
    llm.close()
    assert event.event_type is EventType.EMOTION
    assert event.source is ExtractionSource.LLM
    assert event.confidence == pytest.approx(0.82)
    assert event.summary == "学习时心烦意乱"
    assert event.keywords == ["学习", "心烦", "专注"]
    assert event.attributes == {
        EventAttr.LANG.value: "zh",
        EventAttr.OBJECT.value: "心烦",
        EventAttr.OBJECT_KIND.value: "emotion",
        EventAttr.POLARITY.value: "negative",
    }
    (request,) = server.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["Authorization"] == "Bearer sk-test"
    body = request["json"]
    assert body["model"] == "test-model"
    assert body["response_format"] == {"type": "json_object"}
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert "concept_confusion" in body["messages"][0]["content"]
    assert "plan_generated" not in body["messages"][0]["content"]


@pytest.mark.integration
def test_repairable_reply_is_repaired_not_retried(server):
    fenced = (
        "```json\n"
        + json.dumps(
            {
                "event_type": "Concept Confusion",
                "confidence": 1.7,
                "summary": "x" * 80,
                "keywords": "导数, 斜率",
                "attributes": {"object": "导数", "mood": "bad", "object_kind": "galaxy"},
            },
            ensure_ascii=False,
        )
        + "\n```"
    )
    server.script.append((200, completion(fenced), 0.0))
    event = extractor(server).extract(user_turn("导数那一章我看了三遍还是一头雾水"))
    assert len(server.requests) == 1
    assert event.event_type is EventType.CONCEPT_CONFUSION
    assert event.confidence == 1.0
    assert len(event.summary) == 50
    assert event.summary.endswith("…")
    assert event.keywords == ["导数", "斜率"]
    assert event.attributes == {EventAttr.LANG.value: "zh", EventAttr.OBJECT.value: "导数"}


@pytest.mark.integration
@pytest.mark.parametrize(
    "bad",
    [
        (200, completion("I think this is an emotion."), 0.0),  # prose, no JSON
        reply({"event_type": "gossip", "confidence": 0.9}),  # outside the enum
        reply({"event_type": "plan_generated"}),  # an assistant-only type
        reply({"confidence": 0.9}),  # no type at all
        (200, completion(None), 0.0),  # no content
        (200, {"unexpected": True}, 0.0),  # not a chat-completions body
        (200, b"<html>gateway</html>", 0.0),  # not JSON at all
        (503, {"error": "overloaded"}, 0.0),  # retryable status
    ],
)
def test_bad_replies_are_retried_then_a_good_one_is_used(server, bad):
    server.script.extend([bad, reply(GOOD)])
    event = extractor(server, retries=1).extract(user_turn())
    assert event.event_type is EventType.EMOTION
    assert len(server.requests) == 2


@pytest.mark.integration
def test_out_of_enum_every_time_raises_and_nothing_is_made(server):
    server.script.extend([reply({"event_type": "gossip"})] * 3)
    with pytest.raises(LLMExtractionError, match="after 3 attempt"):
        extractor(server, retries=2).extract(user_turn())
    assert len(server.requests) == 3


@pytest.mark.integration
def test_auth_error_is_not_retried(server):
    server.script.append((401, {"error": "bad key"}, 0.0))
    with pytest.raises(LLMExtractionError, match="HTTP 401"):
        extractor(server, retries=3).extract(user_turn())
    assert len(server.requests) == 1


@pytest.mark.integration
def test_timeout_is_retried(server):
    server.script.extend([(200, completion(json.dumps(GOOD)), 1.5), reply(GOOD)])
    event = extractor(server, retries=1, timeout=0.5).extract(user_turn())
    assert event.source is ExtractionSource.LLM
    assert len(server.requests) == 2


@pytest.mark.integration
def test_failure_falls_back_to_the_local_classifier(server):
    server.script.extend([reply({"event_type": "gossip"})] * 2)
    classifier = ResidueClassifier(lexical_encoder(), load_exemplars())
    llm = extractor(server, retries=1, fallback=classifier)
    (event,) = extract(user_turn("周末在图书馆待了一下午"), llm)
    assert event.source is ExtractionSource.CLASSIFIER
    assert len(server.requests) == 2


@pytest.mark.integration
def test_unreachable_endpoint_raises_after_retries():
    settings = LLMSettings(base_url="http://127.0.0.1:9/v1", timeout_seconds=1, max_retries=1)
    with pytest.raises(LLMExtractionError, match="after 2 attempt"):
        LLMExtractor(settings, backoff_seconds=0.01).extract(user_turn())


# --- the parser alone ---------------------------------------------------------------------------


def test_parse_answer_accepts_prose_around_the_object():
    answer = parse_answer('Sure! {"event_type": "goal", "confidence": 0.7} Hope that helps.')
    assert answer.event_type is EventType.GOAL
    assert "cut prose around the JSON object" in answer.repairs
    assert answer.summary is None
    assert answer.keywords is None


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[]", "must be a JSON object"),
        ('{"event_type": 3}', "event_type: missing"),
        ('{"event_type": "goal", "confidence": "high"}', "not a number"),
        ('{"event_type": "goal", "confidence": NaN}', "NaN"),
        ("{broken", "not JSON"),
    ],
)
def test_parse_answer_rejects(content, message):
    with pytest.raises(LLMOutputError, match=message):
        parse_answer(content)


def test_extractor_needs_a_base_url():
    with pytest.raises(ValueError, match=r"llm\.base_url"):
        LLMExtractor(LLMSettings())


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=300),
        st.recursive(
            st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=20),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(
                    st.sampled_from(
                        ["event_type", "confidence", "summary", "keywords", "attributes"]
                    )
                    | st.text(max_size=8),
                    inner,
                    max_size=6,
                )
            ),
            max_leaves=12,
        ).map(json.dumps),
    )
)
def test_parse_answer_only_ever_returns_a_valid_answer_or_rejects(content):
    try:
        answer = parse_answer(content)
    except LLMOutputError:
        return
    assert answer.event_type in set(EventType)
    assert 0.0 <= answer.confidence <= 1.0
    assert answer.summary is None or len(answer.summary) <= 50
    assert answer.keywords is None or 1 <= len(answer.keywords) <= 3
    assert set(answer.attributes) <= {"object", "object_kind", "value", "polarity"}


def test_the_model_writes_the_same_claim_schema_as_the_rules():
    answer = parse_answer(
        '{"event_type": "personal_fact", "confidence": 0.8, "attributes": {"object": "Lyon",'
        ' "relation": "lives_in", "holder": "other", "tense": "PAST", "change": "maybe"}}'
    )
    assert answer.attributes == {"object": "Lyon", "relation": "lives_in", "holder": "other",
                                 "tense": "past"}  # fmt: skip
    assert "attribute 'change' dropped: 'maybe' not allowed" in answer.repairs
