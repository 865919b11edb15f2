import pytest
from pydantic import ValidationError

from jiyi.domain import Event, EventType, ExtractionSource, event_id_for, text_hash


def _event(**overrides):
    raw = {
        "event_id": event_id_for("u1", "t1", EventType.PREFERENCE),
        "user_id": "u1",
        "session_id": "s1",
        "turn_id": "t1",
        "ts": 1,
        "event_type": "preference",
        "keywords": ["动画", "数学"],
        "summary": "喜欢用动画学数学",
        "raw_hash": text_hash("我喜欢用动画学数学"),
        "confidence": 0.9,
        "source": "rule",
    }
    raw.update(overrides)
    return Event.model_validate(raw)


def test_event_validates_and_defaults():
    event = _event()
    assert event.event_type is EventType.PREFERENCE
    assert event.source is ExtractionSource.RULE
    assert event.count == 1
    assert event.retrieval_weight == 1.0


def test_event_type_is_a_closed_enum():
    with pytest.raises(ValidationError) as caught:
        _event(event_type="gossip")
    assert caught.value.errors()[0]["loc"] == ("event_type",)


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"summary": "x" * 51}, "summary"),
        ({"keywords": ["a", "b", "c", "d"]}, "keywords"),
        ({"confidence": 1.5}, "confidence"),
        ({"raw_hash": "not-a-hash"}, "raw_hash"),
        ({"count": 0}, "count"),
    ],
)
def test_event_limits(overrides, field):
    with pytest.raises(ValidationError) as caught:
        _event(**overrides)
    assert caught.value.errors()[0]["loc"] == (field,)


def test_keywords_are_trimmed_and_deduplicated():
    assert _event(keywords=[" 动画 ", "动画", ""]).keywords == ["动画"]


def test_event_ids_are_deterministic_per_turn_and_type():
    same = event_id_for("u1", "t1", EventType.GOAL)
    assert same == event_id_for("u1", "t1", EventType.GOAL)
    assert same != event_id_for("u1", "t1", EventType.DISLIKE)
    assert same != event_id_for("u2", "t1", EventType.GOAL)
