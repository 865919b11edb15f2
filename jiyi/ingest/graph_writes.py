"""Step 7: apply a batch of turns' events to the users' graphs, exactly once per event.

`GraphService.apply_event` blends repeated evidence into a belief (0.3·old + 0.7·new) and halves
it on counter-evidence, so applying the same event twice would move the confidence twice; it
refuses a replay inside its write transaction (the event id is already evidence on the edge).
This step counts such replays and repairs what a crash can still lose: the service appends the
audit entries after the changes commit (a batch's after the whole batch), so a replayed event
gets back an entry a crash dropped, rebuilt from the edge's revisions. (Edges keep their last
20 evidence ids; a replay only reaches back to the last recovery snapshot, far fewer turns than
that for one edge.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jiyi.audit import AuditEntry, AuditLog, AuditOutcome
from jiyi.domain import Event
from jiyi.graph import GraphInputError, GraphService, GraphStore
from jiyi.graph.updates import USER_ENTITY_ID, claim_for
from jiyi.ingest.retry import StoreUnavailableError, with_retry
from jiyi.ingest.work import Rejected, Stage, TurnWork

PRIVACY_OPERATOR = "jiyi.ingest"
CHILD_MODE_ERASURE = "child mode began: beliefs from the user's earlier turns removed"


@dataclass(frozen=True)
class GraphOutcome:
    changes: int = 0  # edge changes written
    duplicates: int = 0  # events already applied before (a replay), skipped
    withheld: int = 0  # events the privacy decision kept out of the graph


def graph_claims(work: TurnWork) -> list[Event]:
    """The turn's events that say something about the user's beliefs (not greetings etc.)."""
    claims = []
    for event in work.events:
        try:
            if claim_for(event) is not None:
                claims.append(event)
        except GraphInputError:
            claims.append(event)  # apply_event refuses it, audited, with the field named
    return claims


def already_applied(store: GraphStore, event: Event) -> bool:
    """Whether the edge this event supports already lists it as evidence."""
    claim = claim_for(event)
    if claim is None:
        return False
    edges = store.edges(event.user_id, src=USER_ENTITY_ID, relation=claim.relation,
                        include_invalid=True)  # fmt: skip
    return any(event.event_id in edge.evidence for edge in edges)


def restore_audit(store: GraphStore, audit: AuditLog, event: Event) -> int:
    """Re-append audit entries an applied event lacks; returns how many.

    The service commits an edge change, then appends its audit entry: a crash in between leaves
    the change without its entry, and the replay skips the change. The edge's revisions (written
    in the change's own transaction) say exactly what the entry was, so it is rebuilt from them.
    """
    claim = claim_for(event)
    if claim is None:
        return 0
    missing = []
    for relation in (claim.relation, *claim.counters):
        for edge in store.edges(event.user_id, src=USER_ENTITY_ID, relation=relation,
                                include_invalid=True):  # fmt: skip
            if event.event_id not in edge.evidence:
                continue
            logged = {
                (e.action, tuple(e.evidence)) for e in audit.entries(event.user_id, edge.edge_id)
            }
            missing += [
                AuditEntry(at=rev.at, operator=rev.operator, action=rev.action.value,
                           outcome=AuditOutcome.APPLIED, source=rev.source.value,
                           user_id=rev.user_id, edge_id=rev.edge_id, relation=rev.relation.value,
                           old_confidence=rev.old_confidence, new_confidence=rev.new_confidence,
                           evidence=rev.evidence)
                for rev in store.revisions(event.user_id, edge.edge_id)
                if event.event_id in rev.evidence
                and (rev.action.value, tuple(rev.evidence)) not in logged
            ]  # fmt: skip
    audit.append(missing)
    return len(missing)


def _apply(work: TurnWork, service: GraphService, in_batch: set[str]) -> GraphOutcome:
    """One turn's claims; `in_batch` holds the events this batch applied so far, whose audit
    entries are still pending (a turn logged twice can repeat one within a batch)."""
    changes = duplicates = 0
    for event in graph_claims(work):
        applied = service.apply_event(event)  # a replayed event changes nothing (checked inside)
        changes += len(applied)
        if not applied and already_applied(service.store, event):
            duplicates += 1
            if event.event_id not in in_batch:
                restore_audit(service.store, service.audit, event)
        in_batch.add(event.event_id)
    return GraphOutcome(changes=changes, duplicates=duplicates)


def _apply_turn(
    work: TurnWork, service: GraphService, in_batch: set[str]
) -> GraphOutcome | Rejected:
    if not work.graph_allowed:
        return GraphOutcome(withheld=len(graph_claims(work)))
    try:
        return _apply(work, service, in_batch)
    except GraphInputError as exc:  # this turn only; the rest of the batch goes on
        return work.reject(Stage.GRAPH, str(exc))


def apply_graph(works: Sequence[TurnWork], service: GraphService) -> list[GraphOutcome | Rejected]:
    """Apply a batch of turns' claims (where privacy allows) as one graph batch: one commit and
    one audit append for all, instead of one each per event. A user whose child mode began in
    the batch first loses the beliefs earlier turns wrote (audited with the reason).

    A store that is briefly down is retried by re-running the whole batch (undone, or where a
    write stayed, skipped as a duplicate); one that stays down rejects every turn of it.
    """

    def run() -> list[GraphOutcome | Rejected]:
        for user_id in {work.turn.user_id for work in works if work.child_mode_began}:
            service.erase_user(user_id, PRIVACY_OPERATOR, reason=CHILD_MODE_ERASURE)
        in_batch: set[str] = set()
        with service.batch():
            return [_apply_turn(work, service, in_batch) for work in works]

    try:
        return with_retry(run, "graph update")
    except StoreUnavailableError as exc:
        return [work.reject(Stage.GRAPH, str(exc)) for work in works]


def withheld_entry(work: TurnWork, outcome: GraphOutcome, at: int) -> AuditEntry | None:
    """Step 8: a graph write privacy withheld is audited like one a rule skipped, never silent."""
    if not outcome.withheld:
        return None
    reason = "child mode: no long-term graph" if work.child_mode else "no consent to the graph"
    return AuditEntry(at=at, operator=PRIVACY_OPERATOR, action="apply_event",
                      outcome=AuditOutcome.SKIPPED, user_id=work.turn.user_id, reason=reason,
                      evidence=[e.event_id for e in graph_claims(work)])  # fmt: skip
