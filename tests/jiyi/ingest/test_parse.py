import json

import pytest

from jiyi.config import LimitsSettings
from jiyi.ingest import Rejected, Stage, TurnWork
from jiyi.ingest.parse import parse_record

LIMIT = 1024
NOW = 1_796_000_000_000  # 2026-11-29
YEAR_10000 = 253_402_300_800_000


def _payload(**overrides: object) -> str:
    turn = {"user_id": "u1", "session_id": "s1", "role": "user", "content": "hi", "client_ts": NOW}
    return json.dumps({**turn, **overrides}, ensure_ascii=False)


def _parse(payload: str) -> TurnWork | Rejected:
    return parse_record(
        payload,
        key="u1",
        source="turnlog:0:7",
        limits=LimitsSettings(max_content_bytes=LIMIT),
        now_ms=NOW,
    )


@pytest.mark.parametrize(
    ("payload", "field", "detail"),
    [
        ("{broken", "payload", "malformed JSON"),
        ("[1, 2]", "payload", "expected a JSON object, got list"),
        (json.dumps({"user_id": "u1"}), "session_id", "Field required"),
        (_payload(role="narrator"), "role", "'user', 'assistant' or 'system'"),
        (_payload(content="长" * 400), "content", "over the limit of 1024 bytes"),
        (_payload(user_id="u 1"), "user_id", "may contain only"),
        (_payload(session_id=""), "session_id", "must not be empty"),
        (_payload(client_ts=-5), "client_ts", "greater than or equal to 0"),
        (_payload(content="\x00\x01binary"), "content", "control character"),
        (_payload(content="cafÃ© au lait"), "content", "UTF-8 bytes decoded as Latin-1"),
        (_payload(content="   \n "), "content", "visible text"),
        (_payload(content="\u200b\u200b\u200d"), "content", "visible text"),
        (_payload(content="\ufeff\u2060 \u200e"), "content", "visible text"),
        (_payload(client_ts=True), "client_ts", "valid integer"),
        (_payload(client_ts="1796000000000"), "client_ts", "valid integer"),
        (_payload(client_ts=1e30), "client_ts", "valid integer"),
        (_payload(client_ts=YEAR_10000), "client_ts", "less than or equal to"),
        (_payload(client_ts=946_684_799_999), "client_ts", "outside 2000–2099"),
        (_payload(client_ts=4_102_444_800_000), "client_ts", "outside 2000–2099"),
        (_payload(client_ts=NOW + 86_400_001), "client_ts", "ahead of the server clock"),
        (_payload(extra_field=1), "extra_field", "Extra inputs"),
    ],
)
def test_bad_payloads_are_rejected_naming_the_field(payload: str, field: str, detail: str) -> None:
    rejected = _parse(payload)
    assert isinstance(rejected, Rejected)
    assert rejected.stage is Stage.PARSE
    assert rejected.reason.startswith(field) or f"{field}:" in rejected.reason
    assert detail in rejected.reason
    assert rejected.payload == payload  # kept verbatim for replay
    assert (rejected.key, rejected.source) == ("u1", "turnlog:0:7")


@pytest.mark.parametrize(
    ("content", "cleaned"),
    [
        ("  我   喜欢\t\t数学  ", "我 喜欢 数学"),
        (
            "I <script>alert(1)</script> like  maths\nreally",
            "I ＜script>alert(1)＜/script> like maths\nreally",
        ),
    ],
)
def test_valid_turns_are_cleaned_and_keep_their_id(content: str, cleaned: str) -> None:
    work = _parse(_payload(content=content))
    assert isinstance(work, TurnWork)
    assert work.turn.content == cleaned
    original = _parse(_payload(content=content))
    assert isinstance(original, TurnWork)
    assert work.turn.turn_id == original.turn.turn_id  # deterministic, from the client's text
    assert work.source == "turnlog:0:7"


def test_the_clock_window_follows_settings() -> None:
    """An operator replaying a dated corpus widens the window or lifts the skew check."""
    older = _payload(client_ts=631_152_000_000)  # 1990
    ahead = _payload(client_ts=NOW + 30 * 86_400_000)
    relaxed = LimitsSettings(earliest_year=1980, max_clock_skew_seconds=None)
    for payload in (older, ahead):
        work = parse_record(payload, key="u1", source="t", limits=relaxed, now_ms=NOW)
        assert isinstance(work, TurnWork)
    strict = LimitsSettings(max_clock_skew_seconds=60)
    rejected = parse_record(_payload(client_ts=NOW + 61_000), key="u1", source="t",
                            limits=strict, now_ms=NOW)  # fmt: skip
    assert isinstance(rejected, Rejected)
    assert rejected.reason == (
        "client_ts: is 61 s ahead of the server clock (at most 60 s is accepted)"
    )


def test_an_erasure_record_is_an_erasure_only_under_its_users_key() -> None:
    from jiyi.ingest import Erasure
    from jiyi.turnlog import erasure_payload

    payload = erasure_payload("u1")
    assert _parse(payload) == Erasure("u1", "turnlog:0:7")
    misplaced = parse_record(payload, key="u2", source="t", limits=LimitsSettings(), now_ms=NOW)
    assert isinstance(misplaced, Rejected)
    assert misplaced.reason == "payload: misplaced erasure"
