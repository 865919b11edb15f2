"""The graph step on a batch of turns: one commit and one audit append, every event once."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import pytest

from jiyi.composition import Stores
from jiyi.domain import EventAttr, Turn
from jiyi.graph.sqlite_store import _SqliteTx
from jiyi.ingest import Rejected, Stage, TurnWork
from jiyi.ingest.extract import extract_events
from jiyi.ingest.graph_writes import GraphOutcome, apply_graph
from jiyi.ingest.parse import parse_record


def works(ctx: Stores, turns: list[Turn]) -> list[TurnWork]:
    """Parsed and extracted turns of users who consented to the graph."""
    made = []
    for turn in turns:
        parsed = parse_record(turn.model_dump_json(), key=turn.user_id, source="test",
                              limits=ctx.settings.limits)  # fmt: skip
        (work,) = extract_events([parsed], ctx.extract)
        made.append(replace(work, graph_allowed=True))
    return made


def audit_trail(ctx: Stores) -> list[tuple[str, str, tuple[str, ...]]]:
    return sorted((e.user_id, e.action, tuple(e.evidence)) for e in ctx.audit.entries())


def test_a_turn_the_graph_refuses_is_rejected_alone(ctx: Stores, make_turn) -> None:
    good, bad, other = works(
        ctx, [make_turn("I love hiking"), make_turn("我讨厌下雨"), make_turn("I hate jazz", "u2")]
    )
    (event,) = bad.events
    attributes = event.attributes | {EventAttr.OBJECT_KIND.value: "user"}
    bad = bad.with_events([event.model_copy(update={"attributes": attributes})])

    outcomes = apply_graph([good, bad, other], ctx.graph)

    assert [type(o) for o in outcomes] == [GraphOutcome, Rejected, GraphOutcome]
    assert outcomes[1].stage is Stage.GRAPH
    assert "object_kind" in outcomes[1].reason
    assert {e.dst for e in ctx.graph.store.edges("u1")} == {"hiking"}
    assert {e.dst for e in ctx.graph.store.edges("u2")} == {"jazz"}


def test_a_turn_logged_twice_in_one_batch_lands_once(ctx: Stores, make_turn) -> None:
    turn = make_turn("我不太理解链式法则")
    outcomes = apply_graph(works(ctx, [turn, turn]), ctx.graph)

    assert [(o.changes, o.duplicates) for o in outcomes] == [(1, 0), (0, 1)]
    assert len(audit_trail(ctx)) == 1  # the second copy restores nothing that is pending
    (edge,) = ctx.graph.store.edges("u1")
    assert edge.confidence == 0.85


def test_a_batch_retried_after_a_lock_error_lands_every_event_once(
    ctx: Stores, make_turn, monkeypatch: pytest.MonkeyPatch
) -> None:
    batch = works(ctx, [make_turn("I love hiking"), make_turn("I hate hiking"),
                        make_turn("我想考上大学", "u2")])  # fmt: skip
    writes = {"n": 0}
    put_change = _SqliteTx.put_change

    def flaky(self: _SqliteTx, change) -> None:  # the third write of the first attempt fails
        writes["n"] += 1
        if writes["n"] == 3:
            raise sqlite3.OperationalError("database is locked")
        put_change(self, change)

    monkeypatch.setattr(_SqliteTx, "put_change", flaky)
    outcomes = apply_graph(batch, ctx.graph)

    assert writes["n"] == 3 + 4  # a failed attempt, then the whole batch again
    assert [o.changes for o in outcomes] == [1, 2, 1]  # the dislike counters the interest once
    liked = next(e for e in ctx.graph.store.edges("u1") if e.relation == "interested_in")
    assert [r.action for r in ctx.graph.store.revisions("u1", liked.edge_id)] == [
        "create", "counter_evidence"
    ]  # fmt: skip
    assert len(audit_trail(ctx)) == 4  # one per change, none from the undone attempt
