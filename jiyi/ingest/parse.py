"""Step 1: parse, validate and clean one logged payload into a `Turn`, or reject it with a reason.

Everything a client can get wrong is caught here, before any store is touched: malformed JSON,
a payload that is not an object, missing or unknown fields, unknown roles, invalid ids, content
over the size limit or with nothing visible, content that is binary or decoded with the wrong
codec, and a client clock outside the deployment's window. The reason
names the field, so `jiyi dead-letter list` tells an operator what to fix.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from pydantic import ValidationError

from jiyi import clock
from jiyi.config import LimitsSettings
from jiyi.domain import Turn
from jiyi.errors import describe
from jiyi.extraction.validation import ExtractionInputError, check_content
from jiyi.ingest.work import Erasure, Rejected, Stage, TurnWork
from jiyi.turnlog import erased_user
from jiyi.working.cleaning import clean_content


class TurnInputError(ValueError):
    """A turn an entry point refuses before writing anything; `field` names it for the client."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def parse_record(
    payload: str, *, key: str, source: str, limits: LimitsSettings, now_ms: int | None = None
) -> TurnWork | Rejected | Erasure:
    """A cleaned turn ready for extraction, or a `Rejected` naming the field and the problem;
    an erasure record becomes an `Erasure` (valid only under the key of the user it names)."""

    def reject(reason: str) -> Rejected:
        return Rejected(Stage.PARSE, reason, key, payload, source)

    erased = erased_user(payload)
    if erased is not None:
        return Erasure(erased, source) if erased == key else reject("payload: misplaced erasure")

    try:
        data = json.loads(payload)
    except json.JSONDecodeError as exc:
        return reject(
            f"payload: malformed JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        )
    if not isinstance(data, dict):
        return reject(f"payload: expected a JSON object, got {type(data).__name__}")
    try:
        turn = Turn.model_validate(data)
    except ValidationError as exc:
        return reject(describe(exc, "turn"))
    return admit_turn(turn, payload=payload, source=source, limits=limits, now_ms=now_ms)


def admit_turn(
    turn: Turn, *, payload: str, source: str, limits: LimitsSettings, now_ms: int | None = None
) -> TurnWork | Rejected:
    """The deployment's checks a valid `Turn` still has to pass (`check_turn`), then cleaning:
    the library enters here with its `Turn`, the stream through `parse_record`, so both reject
    the same turns for the same reasons."""
    try:
        check_turn(turn, limits, clock.now_ms() if now_ms is None else now_ms)
    except TurnInputError as exc:
        return Rejected(Stage.PARSE, str(exc), turn.user_id, payload, source)
    return cleaned_work(turn, payload=payload, source=source)


def cleaned_work(turn: Turn, *, payload: str, source: str) -> TurnWork:
    """A checked turn with its content cleaned. The turn keeps the id the client's text was
    given, so a replayed payload maps to the same turn, events and graph evidence as before."""
    cleaned = clean_content(turn.content)
    if cleaned != turn.content:
        turn = turn.model_copy(update={"content": cleaned})
    return TurnWork(source=source, payload=payload, turn=turn)


def check_turn(turn: Turn, limits: LimitsSettings, now_ms: int) -> None:
    """Raise `TurnInputError` for content extraction cannot trust (within the size limit) or a
    client clock outside the deployment's window: a year-10000 turn would break every later
    read of its user, and one far ahead of the server would sort after everything said since."""
    try:
        check_content(turn.content, limits.max_content_bytes)
    except ExtractionInputError as exc:
        raise TurnInputError(exc.field, exc.detail) from None
    earliest, latest = _year_start_ms(limits.earliest_year), _year_start_ms(limits.latest_year)
    if not earliest <= turn.client_ts < latest:
        raise TurnInputError(
            "client_ts",
            f"{turn.client_ts} is outside {limits.earliest_year}–{limits.latest_year - 1} "
            "(epoch milliseconds are expected)",
        )
    skew = limits.max_clock_skew_seconds
    if skew is not None and turn.client_ts > now_ms + skew * 1000:
        ahead = (turn.client_ts - now_ms) / 1000
        raise TurnInputError(
            "client_ts",
            f"is {ahead:.0f} s ahead of the server clock (at most {skew:.0f} s is accepted)",
        )


def _year_start_ms(year: int) -> int:
    return int(datetime(year, 1, 1, tzinfo=UTC).timestamp() * 1000)
