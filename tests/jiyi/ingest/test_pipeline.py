"""The whole write path, synchronously, on real embedded stores (LanceDB, SQLite)."""

from __future__ import annotations

import pytest

from jiyi.audit import AuditLog, AuditOutcome
from jiyi.composition import Stores
from jiyi.domain import EventType, RelationKind
from jiyi.episodic.records import from_table
from jiyi.extraction.engine import extract
from jiyi.graph import GraphService
from jiyi.graph.updates import USER_ENTITY_ID
from jiyi.ingest import Stage, process_turns
from jiyi.ingest.references import SessionEntities


def _beliefs(ctx: Stores, user: str) -> dict[tuple[RelationKind, str], float]:
    return {(e.relation, e.dst): e.confidence for e in ctx.graph.store.edges(user)}


def test_turns_in_both_languages_reach_both_stores(ctx: Stores, make_turn) -> None:
    ctx.consent.set_state("u1", granted=True)
    turns = [
        make_turn("I keep mixing up velocity and acceleration"),
        make_turn("我不太理解链式法则"),
        make_turn("I love hiking"),
        make_turn("你好！"),
    ]
    report = process_turns(turns, ctx)
    assert report.rejected == []
    assert [p.turn_id for p in report.processed] == [t.turn_id for t in turns]
    stored = {s.event.event_type for s in from_table(ctx.episodic.scan("u1"))}
    assert {EventType.CONCEPT_CONFUSION, EventType.PREFERENCE, EventType.GREETING} <= stored
    beliefs = _beliefs(ctx, "u1")
    assert beliefs[(RelationKind.LEARNING_OBSTACLE, "velocity_and_acceleration")] == 0.9
    assert beliefs[(RelationKind.PREFERS, "hiking")] == 0.8
    assert any(dst.startswith("concept_") for _, dst in beliefs)  # 链式法则, hashed id
    assert ctx.episodic.count("u2") == 0
    assert ctx.graph.store.edges("u2") == []


def test_replaying_turns_changes_nothing(ctx: Stores, make_turn) -> None:
    """Counter-evidence halves a belief: applied twice it would quarter it."""
    ctx.consent.set_state("u1", granted=True)
    turns = [make_turn("I love hiking"), make_turn("I hate hiking"), make_turn("我喜欢香菜")]
    process_turns(turns, ctx)
    events, beliefs = ctx.episodic.count("u1"), _beliefs(ctx, "u1")
    audited = len(ctx.audit.entries("u1"))
    assert beliefs[(RelationKind.PREFERS, "hiking")] == 0.4  # 0.8 × 0.5

    again = process_turns(turns, ctx)
    assert sum(p.graph_duplicates for p in again.processed) == 3
    assert again.graph_changes == 0
    assert ctx.episodic.count("u1") == events
    assert _beliefs(ctx, "u1") == beliefs
    assert len(ctx.audit.entries("u1")) == audited


def test_references_resolve_to_the_sessions_last_entity(ctx: Stores, make_turn) -> None:
    ctx.consent.set_state("u1", granted=True)
    sessions: dict[str, SessionEntities] = {}
    process_turns([make_turn("I keep mixing up velocity and acceleration")], ctx, sessions)
    process_turns([make_turn("我不太理解链式法则", session="s2")], ctx, sessions)
    process_turns([make_turn("I don't understand that formula")], ctx, sessions)
    process_turns([make_turn("我还是不太理解那个公式", session="s2")], ctx, sessions)
    edges = ctx.graph.store.edges("u1", src=USER_ENTITY_ID, relation=RelationKind.LEARNING_OBSTACLE)
    assert len(edges) == 2  # no "formula" / "公式" node: both references found their concept
    assert all(len(e.evidence) == 2 for e in edges)
    assert ctx.graph.resolve("u1", "formula") is None


def test_without_consent_the_graph_is_withheld_and_audited(ctx: Stores, make_turn) -> None:
    report = process_turns([make_turn("I love hiking")], ctx)
    assert report.processed[0].events == 1
    assert ctx.episodic.count("u1") == 1
    assert ctx.graph.store.edges("u1") == []
    (entry,) = ctx.audit.entries("u1")
    assert entry.outcome is AuditOutcome.SKIPPED
    assert "consent" in (entry.reason or "")


@pytest.mark.parametrize("declaration", ["I am 12 years old", "我今年12岁"])
def test_a_child_keeps_event_types_only(ctx: Stores, make_turn, declaration) -> None:
    ctx.consent.set_state("u1", granted=True)
    process_turns([make_turn(declaration), make_turn("I love hiking")], ctx)
    assert ctx.consent.get("u1").child_mode
    stored = from_table(ctx.episodic.scan("u1"))
    assert {s.event.event_type for s in stored} == {EventType.AGE_DECLARATION, EventType.PREFERENCE}
    assert all(s.event.attributes == {} and s.event.keywords == [] for s in stored)
    assert all(s.event.summary == s.event.event_type.value for s in stored)
    assert ctx.graph.store.edges("u1") == []


def test_bad_turns_are_dead_lettered_once_and_the_rest_stored(ctx: Stores, make_turn) -> None:
    good = make_turn("I love hiking")
    bad = make_turn("x" * 10).model_copy(update={"content": "x" * 40_000})  # over the limit
    for _ in range(2):
        report = process_turns([bad, good], ctx)
        assert [r.stage for r in report.rejected] == [Stage.PARSE]
        assert "content" in report.rejected[0].reason
    assert [p.turn_id for p in report.processed] == [good.turn_id]
    (letter,) = ctx.dead_letters.entries()
    assert letter.stage == "parse"
    assert letter.key == "u1"
    assert "40000 bytes" in letter.reason


def test_a_replay_restores_audit_entries_a_crash_lost(ctx: Stores, make_turn, tmp_path):
    """A crash after a graph commit and before its audit append: the change stands, its entry is
    lost. Simulated by applying through a service whose audit log is then thrown away."""
    ctx.consent.set_state("u1", granted=True)
    turns = [make_turn("I love hiking"), make_turn("I hate hiking")]
    process_turns(turns[:1], ctx)
    lost = AuditLog(tmp_path / "lost.sqlite3")
    crashed = GraphService(ctx.graph.store, lost, ctx.settings.graph)
    for event in extract(turns[1]):
        crashed.apply_event(event)
    before = len(ctx.audit.entries("u1"))

    report = process_turns(turns, ctx)
    assert report.graph_changes == 0  # nothing applied twice ...
    restored = ctx.audit.entries("u1")[before:]
    assert [(e.action, e.evidence) for e in restored] == [
        (e.action, e.evidence) for e in lost.entries("u1")
    ]  # ... and the two lost entries (dislike created, preference countered) are back
    assert len(restored) == 2
    process_turns(turns, ctx)
    assert len(ctx.audit.entries("u1")) == before + 2  # restored once
