import pytest

from jiyi.config import PrivacySettings
from jiyi.domain import Consent, ConsentState, Event, EventType, ExtractionSource, text_hash
from jiyi.privacy import graph_allowed, implied_age, minimise_for_child


def test_graph_needs_consent_by_default():
    settings = PrivacySettings()
    assert not graph_allowed(Consent(user_id="u"), settings)
    assert graph_allowed(Consent(user_id="u", state=ConsentState.GRANTED), settings)
    child = Consent(user_id="u", state=ConsentState.GRANTED, child_mode=True)
    assert not graph_allowed(child, settings)


def test_without_required_consent_only_a_revocation_or_child_mode_stops_the_graph():
    settings = PrivacySettings(require_consent_for_graph=False)
    assert graph_allowed(Consent(user_id="u"), settings)
    assert not graph_allowed(Consent(user_id="u", state=ConsentState.REVOKED), settings)
    assert not graph_allowed(Consent(user_id="u", child_mode=True), settings)


def test_child_events_keep_their_type_only():
    event = Event(
        event_id="abcdef0123",
        user_id="kid",
        session_id="s",
        turn_id="t",
        ts=1,
        event_type=EventType.PREFERENCE,
        keywords=["恐龙"],
        summary="喜欢恐龙",
        raw_hash=text_hash("我喜欢恐龙"),
        confidence=0.9,
        source=ExtractionSource.RULE,
        attributes={"object": "恐龙"},
    )
    minimal = minimise_for_child(event)
    assert minimal.summary == "preference"
    assert minimal.keywords == []
    assert minimal.attributes == {}
    assert "恐龙" not in minimal.model_dump_json()


@pytest.mark.parametrize(
    ("school_year", "age"),
    [("4th grade", 9), ("sixth grader", 11), ("grade 7", 12), ("year 7", 11), ("四年级", 9),
     ("小学三年级", 8), ("primary school", 8), ("10th grade", 15), ("高二", None),
     ("college", None), ("三年级小学生", 8), ("五年级的学生", 10), ("三年级的老师", None),
     ("class 4", 9), ("std 5", 10), ("10th std", 15)],
)  # fmt: skip
def test_a_school_year_implies_the_youngest_age_it_is_reached_at(school_year, age):
    assert implied_age(school_year) == age
