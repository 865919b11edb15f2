import json

import pytest

from jiyi.ingest import Rejected, Stage, TurnWork
from jiyi.ingest.parse import parse_record

LIMIT = 1024


def _payload(**overrides: object) -> str:
    turn = {"user_id": "u1", "session_id": "s1", "role": "user", "content": "hi", "client_ts": 1}
    return json.dumps({**turn, **overrides}, ensure_ascii=False)


def _parse(payload: str) -> TurnWork | Rejected:
    return parse_record(payload, key="u1", source="turnlog:0:7", max_content_bytes=LIMIT)


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
        (_payload(content="   \n "), "content", "non-whitespace"),
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
