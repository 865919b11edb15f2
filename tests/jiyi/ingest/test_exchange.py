"""Weighing the tutor's verdicts by the exchange so far (`jiyi.ingest.exchange`)."""

from __future__ import annotations

import pytest

from jiyi.domain import (
    MISSED,
    MISSED_AGAIN,
    RIGHT,
    Event,
    EventAttr,
    EventType,
    ExtractionSource,
    event_id_for,
    text_hash,
)
from jiyi.ingest.exchange import MAX_CONCEPTS, ExchangeRecord, weigh_understanding, weigh_verdict


def verdict(kind: str, session: str, concept: str = "chain rule", confidence: float = 0.2) -> Event:
    event_type = EventType.CONCEPT_MASTERY if kind == RIGHT else EventType.CONCEPT_CONFUSION
    return Event(
        event_id=event_id_for("u1", f"{session}-{kind}", event_type, ""),
        user_id="u1",
        session_id=session,
        turn_id=f"{session}-{kind}",
        ts=1,
        event_type=event_type,
        summary="verdict",
        raw_hash=text_hash("verdict"),
        confidence=confidence,
        source=ExtractionSource.RULE,
        attributes={
            EventAttr.VERDICT: kind,
            EventAttr.OBJECT: concept,
            EventAttr.OBJECT_KIND: "concept",
        },
    )


def weigh(record: ExchangeRecord, event: Event, on_exercise: bool = True, grounded: bool = True):
    return weigh_verdict(event, record, on_exercise, grounded)


def test_right_answers_on_the_exercise_add_up_across_sessions() -> None:
    record = ExchangeRecord()
    weighed = [weigh(record, verdict(RIGHT, s)).confidence for s in ("s1", "s2", "s3", "s4")]
    assert weighed == [0.6, 0.7, 0.8, 0.8]


def test_a_right_answer_after_a_miss_in_its_session_moves_no_belief() -> None:
    record = ExchangeRecord()
    weigh(record, verdict(MISSED, "s1", confidence=0.3))
    after_hint = weigh(record, verdict(RIGHT, "s1"))
    assert EventAttr.OBJECT not in after_hint.attributes  # kept as an episode, no belief
    assert weigh(record, verdict(RIGHT, "s2")).confidence == 0.6  # a clean session counts


def test_a_right_answer_after_the_user_said_they_were_stuck_in_its_session_moves_no_belief() -> (
    None
):
    record = ExchangeRecord()
    record.stuck("Chain Rule", "s1")  # "I'm stuck on the chain rule", named any way
    assert EventAttr.OBJECT not in weigh(record, verdict(RIGHT, "s1")).attributes
    assert weigh(record, verdict(RIGHT, "s2")).confidence == 0.6
    assert record.tallies["chain rule"].missed_in == []  # being stuck is no miss the tutor saw


def test_misses_grow_with_the_sessions_they_recur_in() -> None:
    record = ExchangeRecord()
    first = weigh(record, verdict(MISSED, "s1", confidence=0.3)).confidence
    same_session = weigh(record, verdict(MISSED, "s1", confidence=0.3)).confidence
    second = weigh(record, verdict(MISSED, "s2", confidence=0.3)).confidence
    again = weigh(record, verdict(MISSED_AGAIN, "s2", confidence=0.7)).confidence
    third = weigh(record, verdict(MISSED, "s3", confidence=0.3)).confidence
    assert (first, same_session, second, again, third) == (0.3, 0.3, 0.6, 0.7, 0.75)


def test_a_right_answer_off_the_posed_exercise_is_only_an_episode() -> None:
    record = ExchangeRecord()
    on_topic = weigh(record, verdict(RIGHT, "s1"), on_exercise=False)
    assert EventAttr.OBJECT not in on_topic.attributes  # the session's topic, not the exercise
    assert record.tally("chain rule").rights == 1
    carried = weigh(record, verdict(RIGHT, "s2"), on_exercise=False, grounded=False)
    assert EventAttr.OBJECT not in carried.attributes
    missed = weigh(record, verdict(MISSED, "s2", confidence=0.3), False, grounded=False)
    assert missed.confidence == 0.3


@pytest.mark.parametrize("event_type", [EventType.CONCEPT_MASTERY, EventType.CONCEPT_CONFUSION])
def test_an_event_that_is_no_verdict_is_left_alone(event_type) -> None:
    event = verdict(RIGHT, "s1").model_copy(
        update={"event_type": event_type, "attributes": {EventAttr.OBJECT: "x"}, "confidence": 0.85}
    )
    assert weigh(ExchangeRecord(), event) == event


def test_the_record_is_bounded() -> None:
    record = ExchangeRecord()
    for i in range(MAX_CONCEPTS + 10):
        weigh(record, verdict(RIGHT, "s1", concept=f"concept {i}"))
    assert len(record.tallies) == MAX_CONCEPTS
    assert "concept 0" not in record.tallies


def test_a_concept_renamed_keeps_its_verdicts_and_its_slip_in_the_session() -> None:
    record = ExchangeRecord()
    weigh(record, verdict(MISSED, "s1", "indifference curves", confidence=0.3))
    weigh(record, verdict(RIGHT, "s2", "无差异曲线"))
    record.renamed("indifference curves", "无差异曲线")
    assert record.tallies["无差异曲线"].missed_in == ["s1"]
    assert record.tallies["无差异曲线"].rights == 1
    understood = verdict(RIGHT, "s1", "无差异曲线", confidence=0.8)
    understood = understood.model_copy(update={"attributes": {EventAttr.OBJECT: "无差异曲线"}})
    assert EventAttr.OBJECT not in weigh_understanding(understood, record).attributes
    next_day = understood.model_copy(update={"session_id": "s3"})
    assert weigh_understanding(next_day, record) == next_day


def test_being_stuck_follows_a_renamed_concept_into_the_tally_it_joins() -> None:
    record = ExchangeRecord()
    record.stuck("indifference curves", "s1")
    weigh(record, verdict(RIGHT, "s0", concept="无差异曲线"))  # the new name has a tally already
    record.renamed("indifference curves", "无差异曲线")
    assert record.tallies["无差异曲线"].stuck_in == ["s1"]
    assert EventAttr.OBJECT not in weigh(record, verdict(RIGHT, "s1", "无差异曲线")).attributes
