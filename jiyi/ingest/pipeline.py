"""The whole write path for a batch of turns, run synchronously: the library's way in.

The dataflow in `pipelines/flow.py` wires exactly these steps as named Bytewax steps; here they
run one after the other in-process, for tests, notebooks and agents that need no stream. A
`Turn` enters as a `Turn` (`admit_turn`: no JSON round trip), and every step's rejections are
dead-lettered with the same stage and reason as in the stream.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jiyi import clock
from jiyi.domain import Turn
from jiyi.ingest.answers import answer_with_privacy
from jiyi.ingest.consent_gate import apply_privacy
from jiyi.ingest.context_terms import attach_context
from jiyi.ingest.episodic import embed_batch, upsert_batch
from jiyi.ingest.extract import extract_among
from jiyi.ingest.graph_writes import GraphOutcome, apply_graph, withheld_entry
from jiyi.ingest.parse import admit_turn
from jiyi.ingest.references import SessionEntities, resolve_entities
from jiyi.ingest.work import Processed, Rejected, TurnWork

if TYPE_CHECKING:
    from jiyi.composition import Stores

LIBRARY_SOURCE = "library"


@dataclass
class IngestReport:
    processed: list[Processed] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    #: turns whose events were stored but whose graph update then failed (all-or-nothing)
    stored_unfinished: list[TurnWork] = field(default_factory=list)

    @property
    def events(self) -> int:
        return sum(p.events for p in self.processed)

    @property
    def graph_changes(self) -> int:
        return sum(p.graph_changes for p in self.processed)


def prepare(work: TurnWork, stores: Stores, state: SessionEntities) -> TurnWork | Rejected:
    """Privacy → answers read by their question → entity resolution → context terms, for a
    turn with its events (`extract_events`)."""
    work = apply_privacy(work, stores.consent, stores.settings.privacy)
    if isinstance(work, TurnWork):
        work = answer_with_privacy(work, state, stores)
    if isinstance(work, TurnWork):
        work = resolve_entities(work, state, stores.graph.resolve, stores.similar_names)
        work = attach_context(work, state, stores.terms)
    return work


def finish(works: Sequence[TurnWork], stores: Stores) -> list[Processed | Rejected]:
    """Graph updates and their audit for a batch of stored turns; the turns are then recallable."""
    outcomes = apply_graph(works, stores.graph)
    done = clock.now_ms()
    stores.audit.append(
        entry
        for work, outcome in zip(works, outcomes, strict=True)
        if isinstance(outcome, GraphOutcome) and (entry := withheld_entry(work, outcome, done))
    )
    return [
        outcome if isinstance(outcome, Rejected) else processed(work, outcome, done)
        for work, outcome in zip(works, outcomes, strict=True)
    ]


def processed(work: TurnWork, outcome: GraphOutcome, done_at_ms: int) -> Processed:
    return Processed(
        source=work.source,
        user_id=work.turn.user_id,
        turn_id=work.turn.turn_id,
        events=len(work.events),
        graph_changes=outcome.changes,
        graph_duplicates=outcome.duplicates,
        done_at_ms=done_at_ms,
    )


def process_turns(
    turns: Sequence[Turn], stores: Stores, sessions: dict[str, SessionEntities] | None = None
) -> IngestReport:
    """Run every step for a batch of turns; rejected turns are dead-lettered and reported.

    `sessions` holds each user's recent entities between calls (pass the same dict each time to
    resolve "that button" across batches); events of the whole batch are embedded at once.
    """
    admitted = [
        admit_turn(
            turn,
            payload=turn.model_dump_json(),  # kept verbatim, as the turn log would, for replay
            source=LIBRARY_SOURCE,
            limits=stores.settings.limits,
        )
        for turn in turns
    ]
    report = process_admitted(admitted, stores, sessions)
    for rejected in report.rejected:
        stores.dead_letter(rejected)
    return report


def process_admitted(
    admitted: Sequence[TurnWork | Rejected],
    stores: Stores,
    sessions: dict[str, SessionEntities] | None = None,
    *,
    all_or_nothing: bool = False,
) -> IngestReport:
    """The steps after admission; rejections are reported, not dead-lettered (the caller
    decides). `all_or_nothing` stops at the first stage that rejects a turn, before the next
    store is written; when the last one (the graph) fails, the turns whose events are already
    stored are reported (`stored_unfinished`) for the caller to take back."""
    sessions = {} if sessions is None else sessions
    report = IngestReport()
    works: list[TurnWork] = []
    for item in extract_among(admitted, stores.extract):
        if isinstance(item, TurnWork):
            item = prepare(item, stores, sessions.setdefault(item.turn.user_id, SessionEntities()))
        if isinstance(item, TurnWork):
            works.append(item)
        else:
            report.rejected.append(item)
    if all_or_nothing and report.rejected:
        return report
    batch, bad = embed_batch(
        works, stores.encoder, stores.terms, stores.settings.episodic.keep_raw_text
    )
    report.rejected += bad
    if all_or_nothing and report.rejected:
        return report
    stored, unstored = upsert_batch(batch, stores.episodic, stores.settings.episodic, stores.held)
    report.rejected += unstored
    if all_or_nothing and report.rejected:
        return report
    for result in finish(stored, stores):
        if isinstance(result, Processed):
            report.processed.append(result)
        else:
            report.rejected.append(result)
    if all_or_nothing and report.rejected:
        report.stored_unfinished = stored
        report.processed.clear()
    return report
