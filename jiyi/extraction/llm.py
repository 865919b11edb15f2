"""Optional LLM extractor for residue turns, over any OpenAI-compatible chat-completions API.

The model is asked for one JSON object (`response_format: json_object`) and what comes back is
never trusted: the reply is parsed, repaired where the repair is mechanical (code fences, case
of the type name, an over-long summary, keywords as one string, a confidence out of range) and
rejected where it is not (no JSON, an `event_type` outside the closed enum). A rejected reply is
retried like a network failure; when retries run out the turn goes to the fallback stage (the
local classifier) or, without one, raises `LLMExtractionError`: nothing half-made is stored.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from jiyi.config import LLMSettings
from jiyi.domain import EntityKind, Event, EventAttr, EventType, ExtractionSource, Turn
from jiyi.domain.claims import NAMEABLE_RELATIONS, READINGS
from jiyi.domain.events import MAX_KEYWORDS, SUMMARY_MAX_CHARS
from jiyi.extraction.engine import (
    ResidueStage,
    build_event,
    keywords_for,
    normalise,
    summarise,
)
from jiyi.extraction.residue import USER_EVENT_TYPES
from jiyi.extraction.rules import NEGATIVE, POSITIVE
from jiyi.text import has_han

log = logging.getLogger(__name__)

DEFAULT_CONFIDENCE = 0.5
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL | re.IGNORECASE)
_TYPE_SEPARATORS = re.compile(r"[\s\-]+")
_RETRY_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
#: What the model may set; `lang` is ours (from the text), never the model's.
_LLM_ATTRIBUTES = frozenset(
    {
        EventAttr.OBJECT.value,
        EventAttr.OBJECT_KIND.value,
        EventAttr.VALUE.value,
        EventAttr.POLARITY.value,
        EventAttr.RELATION.value,
        *(attr.value for attr in READINGS),
    }
)

SYSTEM_PROMPT = (
    "You extract one memory event from a user's chat message (Chinese or English). Reply with a "
    "single JSON object and nothing else, with keys: "
    '"event_type" (exactly one of: {types}), '
    '"confidence" (0 to 1), "summary" (at most 50 characters, same language as the message), '
    '"keywords" (up to 3 strings), and optionally "attributes" with keys '
    '"object" (the thing the event is about), "object_kind" (one of: {kinds}), '
    '"value" (a declared scalar such as an age or a name), "polarity" ("positive" or "negative"), '
    '"relation" (only for a fact, identity or liking whose relation is one of: {relations}), '
    '"holder" ("other" when it is someone else\'s view, not the user\'s), "tense" ("past" for a '
    'past or given-up state), "durability" ("transient" for venting in the moment), "change" '
    '("supersedes" when the user says their view changed).'
)


class LLMExtractionError(RuntimeError):
    """The LLM extractor could not produce a valid event (after its retries)."""


class LLMOutputError(LLMExtractionError):
    """The model's reply is malformed or outside the enum: rejected, never stored."""


@dataclass(frozen=True, slots=True)
class LLMAnswer:
    """A validated reply, with the repairs that were needed to accept it."""

    event_type: EventType
    confidence: float
    summary: str | None
    keywords: list[str] | None
    attributes: dict[str, str]
    repairs: tuple[str, ...]


def _json_object(content: str, repairs: list[str]) -> dict[str, Any]:
    text = content.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1)
        repairs.append("removed a code fence")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end <= start:
            raise LLMOutputError(f"reply is not JSON: {content[:80]!r}") from None
        try:
            data = json.loads(text[start : end + 1])
        except json.JSONDecodeError as exc:
            raise LLMOutputError(f"reply is not JSON ({exc.msg}): {content[:80]!r}") from None
        repairs.append("cut prose around the JSON object")
    if not isinstance(data, dict):
        raise LLMOutputError(f"reply must be a JSON object, got {type(data).__name__}")
    return data


def _event_type(raw: Any, repairs: list[str]) -> EventType:
    if not isinstance(raw, str) or not raw.strip():
        raise LLMOutputError("event_type: missing or not a string")
    name = _TYPE_SEPARATORS.sub("_", raw.strip().lower())
    try:
        event_type = EventType(name)
    except ValueError:
        raise LLMOutputError(
            f"event_type: {raw!r} is not one of {', '.join(t.value for t in EventType)}"
        ) from None
    if event_type not in USER_EVENT_TYPES:
        raise LLMOutputError(f"event_type: {event_type.value!r} cannot come from a user turn")
    if name != raw:
        repairs.append(f"event_type {raw!r} read as {name!r}")
    return event_type


def _confidence(raw: Any, repairs: list[str]) -> float:
    if raw is None:
        repairs.append(f"confidence missing, set to {DEFAULT_CONFIDENCE}")
        return DEFAULT_CONFIDENCE
    try:
        value = float(raw)
    except (TypeError, ValueError):
        raise LLMOutputError(f"confidence: {raw!r} is not a number") from None
    if value != value:  # NaN
        raise LLMOutputError("confidence: NaN")
    if not 0.0 <= value <= 1.0:
        repairs.append(f"confidence {value} clamped to [0, 1]")
        value = min(max(value, 0.0), 1.0)
    return value


def _summary(raw: Any, repairs: list[str]) -> str | None:
    if not isinstance(raw, str) or not raw.strip():
        repairs.append("summary missing, derived from the text")
        return None
    flat = " ".join(raw.split())
    if len(flat) > SUMMARY_MAX_CHARS:
        repairs.append(f"summary cut to {SUMMARY_MAX_CHARS} characters")
        flat = flat[: SUMMARY_MAX_CHARS - 1] + "…"
    return flat


def _keywords(raw: Any, repairs: list[str]) -> list[str] | None:
    if isinstance(raw, str):
        repairs.append("keywords given as one string, split on commas")
        raw = re.split(r"[,，、;]", raw)
    if not isinstance(raw, list) or not any(isinstance(k, str) and k.strip() for k in raw):
        repairs.append("keywords missing, derived from the text")
        return None
    cleaned = [k.strip() for k in raw if isinstance(k, str) and k.strip()]
    return list(dict.fromkeys(cleaned))[:MAX_KEYWORDS]


def _attributes(raw: Any, repairs: list[str]) -> dict[str, str]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        repairs.append("attributes not an object, dropped")
        return {}
    kept: dict[str, str] = {}
    allowed_values = {
        EventAttr.OBJECT_KIND.value: {k.value for k in EntityKind} - {EntityKind.USER.value},
        EventAttr.POLARITY.value: {POSITIVE, NEGATIVE},
        EventAttr.RELATION.value: {r.value for r in NAMEABLE_RELATIONS},
        **{attr.value: {value} for attr, value in READINGS.items()},
    }
    for key, value in raw.items():
        if key not in _LLM_ATTRIBUTES:
            repairs.append(f"attribute {key!r} dropped")
            continue
        if not isinstance(value, str | int | float) or not str(value).strip():
            repairs.append(f"attribute {key!r} dropped: not a scalar")
            continue
        text = str(value).strip()[:200]
        if key in allowed_values and text.lower() not in allowed_values[key]:
            repairs.append(f"attribute {key!r} dropped: {text!r} not allowed")
            continue
        kept[key] = text.lower() if key in allowed_values else text
    return kept


def parse_answer(content: str) -> LLMAnswer:
    """Validate (and mechanically repair) a model reply; raise `LLMOutputError` if unusable."""
    repairs: list[str] = []
    data = _json_object(content, repairs)
    return LLMAnswer(
        event_type=_event_type(data.get("event_type"), repairs),
        confidence=_confidence(data.get("confidence"), repairs),
        summary=_summary(data.get("summary"), repairs),
        keywords=_keywords(data.get("keywords"), repairs),
        attributes=_attributes(data.get("attributes"), repairs),
        repairs=tuple(repairs),
    )


class LLMExtractor:
    """Residue extraction by an LLM, with retries and an optional fallback stage."""

    def __init__(
        self,
        settings: LLMSettings,
        fallback: ResidueStage | None = None,
        backoff_seconds: float = 0.5,
        client: httpx.Client | None = None,
    ) -> None:
        if not settings.base_url:
            raise ValueError("llm.base_url: needed for the LLM extractor")
        headers = {"Content-Type": "application/json"}
        if settings.api_key is not None:
            headers["Authorization"] = f"Bearer {settings.api_key.get_secret_value()}"
        self._settings = settings
        self._url = settings.base_url.rstrip("/") + "/chat/completions"
        self._fallback = fallback
        self._backoff = backoff_seconds
        self._client = client or httpx.Client(timeout=settings.timeout_seconds, headers=headers)
        self._system = SYSTEM_PROMPT.format(
            types=", ".join(t.value for t in EventType if t in USER_EVENT_TYPES),
            kinds=", ".join(k.value for k in EntityKind if k is not EntityKind.USER),
            relations=", ".join(sorted(r.value for r in NAMEABLE_RELATIONS)),
        )

    def close(self) -> None:
        self._client.close()

    def _request(self, text: str) -> str:
        payload = {
            "model": self._settings.model,
            "messages": [
                {"role": "system", "content": self._system},
                {"role": "user", "content": text},
            ],
            "response_format": {"type": "json_object"},
            "temperature": 0,
        }
        response = self._client.post(self._url, json=payload)
        if response.status_code in _RETRY_STATUS:
            raise httpx.HTTPStatusError(
                f"HTTP {response.status_code}", request=response.request, response=response
            )
        if response.status_code != 200:
            raise LLMExtractionError(
                f"{self._url}: HTTP {response.status_code} {response.text[:200]!r} (not retried)"
            )
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise LLMOutputError(
                f"not a chat-completions response: {response.text[:120]!r}"
            ) from None
        if not isinstance(content, str):
            raise LLMOutputError("choices[0].message.content is not a string")
        return content

    def answer(self, text: str) -> LLMAnswer:
        """Ask, validate, retry on transport errors, retryable statuses and rejected replies."""
        attempts = self._settings.max_retries + 1
        last: Exception | None = None
        for attempt in range(attempts):
            if attempt:
                time.sleep(self._backoff * 2 ** (attempt - 1))
            try:
                answer = parse_answer(self._request(text))
            except (httpx.TransportError, httpx.HTTPStatusError, LLMOutputError) as exc:
                last = exc
                log.warning(
                    "llm extraction attempt failed",
                    extra={"attempt": attempt + 1, "of": attempts, "error": str(exc)},
                )
                continue
            if answer.repairs:
                log.info("llm reply repaired", extra={"repairs": list(answer.repairs)})
            return answer
        raise LLMExtractionError(f"no valid reply after {attempts} attempt(s): {last}") from last

    def extract_all(self, turns: Sequence[Turn]) -> list[Event]:
        """One request per turn (a chat model answers for one message)."""
        return [self.extract(turn) for turn in turns]

    def extract(self, turn: Turn) -> Event:
        text = normalise(turn.content)
        try:
            answer = self.answer(text)
        except LLMExtractionError:
            if self._fallback is None:
                raise
            log.warning("llm extraction failed, using the fallback stage")
            return self._fallback.extract_all([turn])[0]
        attributes = {EventAttr.LANG.value: "zh" if has_han(text) else "en", **answer.attributes}
        return build_event(
            turn,
            answer.event_type,
            source=ExtractionSource.LLM,
            confidence=answer.confidence,
            summary=answer.summary or summarise(text),
            keywords=answer.keywords or keywords_for(text),
            attributes=attributes,
        )
