import pytest
from pydantic import ValidationError

from jiyi.domain import Role, Turn


def _raw(**overrides):
    raw = {
        "user_id": "u1",
        "session_id": "s1",
        "role": "user",
        "content": "我喜欢用动画学数学",
        "client_ts": 1_700_000_000_000,
    }
    raw.update(overrides)
    return raw


def test_turn_derives_a_deterministic_id():
    first, second = Turn.model_validate(_raw()), Turn.model_validate(_raw())
    assert first.turn_id == second.turn_id
    assert first.turn_id != Turn.model_validate(_raw(client_ts=1)).turn_id
    assert first.role is Role.USER


def test_explicit_turn_id_is_kept():
    assert Turn.model_validate(_raw(turn_id="t-1")).turn_id == "t-1"


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"role": "narrator"}, "role"),
        ({"content": ""}, "content"),
        ({"content": " \n\t "}, "content"),
        ({"client_ts": -1}, "client_ts"),
        ({"client_ts": True}, "client_ts"),
        ({"client_ts": 1.7e12}, "client_ts"),
        ({"client_ts": 253_402_300_800_000}, "client_ts"),  # year 10000: no datetime holds it
        ({"content": "\u200b\u200b\u200d"}, "content"),
        ({"content": "\u00a0\u3000\ufeff"}, "content"),
        ({"session_id": "s 1"}, "session_id"),
        ({"device_id": "bad id"}, "device_id"),
        ({"extra": 1}, "extra"),
    ],
)
def test_rejections_name_the_field(overrides, field):
    with pytest.raises(ValidationError) as caught:
        Turn.model_validate(_raw(**overrides))
    assert field in {str(part) for err in caught.value.errors() for part in err["loc"]}


def test_turns_are_immutable():
    turn = Turn.model_validate(_raw())
    with pytest.raises(ValidationError):
        turn.content = "changed"


def test_visible_text_is_any_character_a_person_sees():
    for shown in ("a", "字", "👍", "\u200b。", "x\u0301"):
        Turn.model_validate(_raw(content=shown))
