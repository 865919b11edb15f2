"""Step 1: parse, validate and clean one logged payload into a `Turn`, or reject it with a reason.

Everything a client can get wrong is caught here, before any store is touched: malformed JSON,
a payload that is not an object, missing or unknown fields, unknown roles, invalid ids, content
over the size limit, and content that is binary or decoded with the wrong codec. The reason
names the field, so `jiyi dead-letter list` tells an operator what to fix.
"""

from __future__ import annotations

import json

from pydantic import ValidationError

from jiyi.domain import Turn
from jiyi.domain.turns import MAX_CONTENT_BYTES_CONTEXT_KEY
from jiyi.errors import describe
from jiyi.extraction.validation import ExtractionInputError, check_content
from jiyi.ingest.work import Rejected, Stage, TurnWork
from jiyi.working.cleaning import clean_content


def parse_record(
    payload: str, *, key: str, source: str, max_content_bytes: int
) -> TurnWork | Rejected:
    """A cleaned turn ready for extraction, or a `Rejected` naming the field and the problem."""

    def reject(reason: str) -> Rejected:
        return Rejected(Stage.PARSE, reason, key, payload, source)

    try:
        data = json.loads(payload)
    except json.JSONDecodeError as exc:
        return reject(
            f"payload: malformed JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        )
    if not isinstance(data, dict):
        return reject(f"payload: expected a JSON object, got {type(data).__name__}")
    try:
        turn = Turn.model_validate(data, context={MAX_CONTENT_BYTES_CONTEXT_KEY: max_content_bytes})
    except ValidationError as exc:
        return reject(describe(exc, "turn"))
    return admit_turn(turn, payload=payload, source=source, max_content_bytes=max_content_bytes)


def admit_turn(
    turn: Turn, *, payload: str, source: str, max_content_bytes: int
) -> TurnWork | Rejected:
    """The checks a valid `Turn` still has to pass (content extraction can trust, within the
    deployment's size limit), then cleaning: the library enters here with its `Turn`, the
    stream through `parse_record`, so both reject the same turns for the same reasons.

    Cleaning keeps the turn id the client's text was given, so a replayed payload maps to the
    same turn, events and graph evidence as the first time.
    """
    try:
        check_content(turn.content, max_content_bytes)
    except ExtractionInputError as exc:
        return Rejected(Stage.PARSE, str(exc), turn.user_id, payload, source)
    cleaned = clean_content(turn.content)
    if not cleaned:
        return Rejected(
            Stage.PARSE,
            "content: nothing left after cleaning (only markup or spacing)",
            turn.user_id,
            payload,
            source,
        )
    if cleaned != turn.content:
        turn = turn.model_copy(update={"content": cleaned})
    return TurnWork(source=source, payload=payload, turn=turn)
