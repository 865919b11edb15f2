"""Read side on every backend: decayed profile, concept state and action, history, hops."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jiyi.audit import AuditLog
from jiyi.config import GraphSettings
from jiyi.domain import EventType, RelationKind
from jiyi.graph import GraphService
from jiyi.graph.queries import (
    Action,
    concept_state,
    find_entity,
    neighbours,
    profile,
    relation_history,
)
from jiyi.graph.sqlite_store import SqliteGraphStore
from jiyi.graph.store import Direction


def test_profile_is_decayed_to_as_of_and_sorted(service, ev, at, graph_settings) -> None:
    service.apply_event(ev(0, EventType.PREFERENCE, "图解讲解", 0.8))
    service.apply_event(ev(0, EventType.CONCEPT_CONFUSION, "导数", 0.9))
    service.apply_event(ev(0, EventType.EMOTION, "焦虑", 0.9))

    now = profile(service.store, "u1", graph_settings, as_of=at(0))
    assert [(b.relation, b.confidence) for b in now] == [
        (RelationKind.LEARNING_OBSTACLE, 0.9),
        (RelationKind.FEELS, 0.9),
        (RelationKind.PREFERS, 0.8),
    ]
    later = profile(service.store, "u1", graph_settings, as_of=at(90))  # a term later
    values = {b.relation: b.confidence for b in later}
    assert values[RelationKind.LEARNING_OBSTACLE] == pytest.approx(0.45)  # learning: 90 days
    assert values[RelationKind.PREFERS] == pytest.approx(0.4)  # preferences: 90 days
    assert values[RelationKind.FEELS] == 0.1  # emotions fade within days, to the floor
    assert later[0].relation is RelationKind.LEARNING_OBSTACLE
    assert {b.stored_confidence for b in later} == {0.9, 0.8}
    assert later[0].entity.name == "导数"
    assert later[0].evidence
    firm = profile(service.store, "u1", graph_settings, as_of=at(30), min_confidence=0.5)
    assert [b.relation for b in firm] == [RelationKind.LEARNING_OBSTACLE, RelationKind.PREFERS]


@settings(max_examples=25, deadline=None)
@given(
    days=st.lists(st.floats(0, 3650), min_size=1, max_size=5),
    confidence=st.floats(0.1, 1.0),
)
def test_reading_at_any_time_never_changes_the_stored_graph(days, confidence) -> None:
    store = SqliteGraphStore(":memory:")
    service = GraphService(store, AuditLog(":memory:"), GraphSettings(), clock=lambda: 0)
    service.assert_belief(
        "u1", "feels", "calm", confidence=confidence, source="llm", operator="t", at=0
    )
    service.assert_belief(
        "u1", "mastery", "algebra", confidence=confidence, source="rule", operator="t", at=0
    )

    def snapshot() -> list:
        edges = store.edges("u1", include_invalid=True)
        return [(e, store.revisions("u1", e.edge_id)) for e in edges]

    before = snapshot()
    assert len(before) == 2
    for day in days:
        read = profile(store, "u1", GraphSettings(), as_of=int(day * 86_400_000))
        assert all(0.1 <= b.confidence <= b.stored_confidence for b in read)
        concept_state(store, "u1", "algebra", GraphSettings(), as_of=int(day * 86_400_000))
    assert snapshot() == before


def test_reading_never_changes_what_is_stored(service, ev, at, graph_settings) -> None:
    service.apply_event(ev(0, EventType.CONCEPT_MASTERY, "chain rule", 0.8))
    before = service.store.edges("u1", include_invalid=True)
    for days in (1, 100, 1000):
        profile(service.store, "u1", graph_settings, as_of=at(days))
        concept_state(service.store, "u1", "chain rule", graph_settings, as_of=at(days))
    assert service.store.edges("u1", include_invalid=True) == before


@pytest.mark.parametrize(
    ("events", "action"),
    [
        ([(EventType.CONCEPT_MASTERY, 0.9)], Action.ADVANCE),
        ([(EventType.CONCEPT_CONFUSION, 0.8)], Action.REVIEW_BASICS),
        ([(EventType.CONCEPT_CONFUSION, 0.8), (EventType.CONCEPT_MASTERY, 0.4)],
         Action.CHECK_UNDERSTANDING),
        ([], Action.CHECK_UNDERSTANDING),
    ],
)  # fmt: skip
def test_concept_state_recommends_an_action(service, ev, at, graph_settings, events, action):
    for day, (event_type, confidence) in enumerate(events):
        service.apply_event(ev(day, event_type, "三角函数", confidence))
    state = concept_state(service.store, "u1", "三角函数", graph_settings, as_of=at(3))
    assert state.action is action
    assert len(state.beliefs) == len({event_type for event_type, _ in events})


def test_concept_state_lists_prerequisites_and_decays(service, ev, at, graph_settings) -> None:
    for pre, concept in [("单位圆", "三角函数"), ("角度", "单位圆")]:
        service.assert_belief(
            "u1", "prerequisite_of", concept, subject_name=pre, confidence=1.0, source="human",
            operator="curriculum", at=at(0),
        )  # fmt: skip
    service.apply_event(ev(0, EventType.CONCEPT_CONFUSION, "三角函数", 0.8))

    fresh = concept_state(service.store, "u1", "三角函数", graph_settings, as_of=at(1))
    assert fresh.action is Action.REVIEW_BASICS
    assert [(e.name, hops) for e, hops in fresh.prerequisites] == [("单位圆", 1), ("角度", 2)]
    stale = concept_state(service.store, "u1", "三角函数", graph_settings, as_of=at(400))
    assert stale.confidence == pytest.approx(0.1)
    assert stale.action is Action.CHECK_UNDERSTANDING


def test_unknown_concepts_have_no_state(service, at, graph_settings) -> None:
    state = concept_state(service.store, "u1", "quantum gravity", graph_settings, at(0))
    assert (state.concept, state.relation, state.confidence) == (None, None, 0.0)


def test_neighbours_by_name_and_history_by_alias(service, ev, at) -> None:
    service.add_alias("u1", "导数", "derivative", operator="curriculum")
    service.assert_belief(
        "u1", "prerequisite_of", "chain rule", subject_name="derivative", confidence=1.0,
        source="human", operator="curriculum", at=at(0),
    )  # fmt: skip
    out = neighbours(
        service.store, "u1", "导数", RelationKind.PREREQUISITE_OF, Direction.OUT, max_hops=2
    )
    assert [(e.name, hops) for e, hops in out] == [("chain rule", 1)]
    assert neighbours(service.store, "u1", "nowhere", RelationKind.KNOWS, Direction.OUT, 1) == []

    service.apply_event(ev(1, EventType.CONCEPT_CONFUSION, "Derivative", 0.6))
    history = relation_history(service.store, "u1", RelationKind.LEARNING_OBSTACLE, "derivative")
    assert [r.action for r in history] == ["create"]
    assert relation_history(service.store, "u1", RelationKind.MASTERY, "derivative") == []
    assert find_entity(service.store, "u1", "user") is None
