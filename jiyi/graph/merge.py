"""Merging two users' graphs when two identities turn out to be one person (device → account).

For the same belief (relation + object) the higher confidence is kept and the evidence joined.
Opposite beliefs about one object (prefers vs dislikes, learning_obstacle vs mastery) are a
contradiction: reported, audited, and arbitrated by the default rule — a human-set belief wins,
else the more recent one, else the higher source rank. The loser is closed (`invalid_at`), never
deleted, so an arbitrator (a person, or an LLM if configured) can still reverse the decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jiyi.audit import AuditEntry, AuditOutcome
from jiyi.domain import Edge, EdgeSource, Entity, EntityKind
from jiyi.graph.entities import alias_key
from jiyi.graph.model import EdgeChange, RevisionAction
from jiyi.graph.service import GraphService
from jiyi.graph.store import GraphStore, GraphTx
from jiyi.graph.updates import COUNTERS, MAX_EDGE_EVIDENCE, USER_ENTITY_ID, change_for

Belief = tuple[Entity, Edge]


@dataclass(frozen=True)
class Contradiction:
    object_name: str
    kept: Edge
    dropped: Edge
    reason: str


@dataclass
class MergePlan:
    adopt: list[Belief] = field(default_factory=list)  # source beliefs to write into the target
    contradictions: list[Contradiction] = field(default_factory=list)


@dataclass
class GraphMergeReport:
    adopted: int
    contradictions: list[Contradiction]


def _arbitrate(a: Edge, b: Edge) -> tuple[Edge, Edge, str]:
    """(winner, loser, why): a human-set belief, else the more recent, else the higher source."""
    if (a.source is EdgeSource.HUMAN) != (b.source is EdgeSource.HUMAN):
        winner = a if a.source is EdgeSource.HUMAN else b
        return winner, (b if winner is a else a), "set by a person"
    if a.updated_at != b.updated_at:
        winner = a if a.updated_at > b.updated_at else b
        return winner, (b if winner is a else a), "more recent"
    winner = a if a.source.rank >= b.source.rank else b
    return winner, (b if winner is a else a), "higher source rank"


def plan_merge(source: list[Belief], target: list[Belief]) -> MergePlan:
    """Pure: what moving `source`'s beliefs into `target` writes, and what contradicts."""
    by_key = {(alias_key(entity.name), edge.relation): edge for entity, edge in target}
    plan = MergePlan()
    for entity, edge in source:
        key = alias_key(entity.name)
        same = by_key.get((key, edge.relation))
        opposite = [by_key[(key, r)] for r in COUNTERS.get(edge.relation, ()) if (key, r) in by_key]
        if opposite:
            winner, loser, why = _arbitrate(edge, opposite[0])
            plan.contradictions.append(Contradiction(entity.name, winner, loser, why))
            if winner is not edge:
                continue
        if same is None or edge.confidence > same.confidence:
            plan.adopt.append((entity, edge))
    return plan


def beliefs_of(store: GraphStore, user_id: str) -> list[Belief]:
    beliefs = []
    for edge in store.edges(user_id, src=USER_ENTITY_ID):
        entity = store.entity(user_id, edge.dst)
        if entity is not None:
            beliefs.append((entity, edge))
    return beliefs


def _target_entity(tx: GraphTx, entity: Entity) -> Entity:
    existing = tx.entity_by_alias(alias_key(entity.name)) or tx.entity(entity.entity_id)
    if existing is not None and existing.kind is not EntityKind.USER:
        return existing
    tx.put_entity(entity)
    return entity


def merge_users(
    service: GraphService, source: str, target: str, operator: str, at: int
) -> GraphMergeReport:
    """Move `source`'s beliefs into `target` (one transaction), then soft-delete `source`."""
    store = service.store
    plan = plan_merge(beliefs_of(store, source), beliefs_of(store, target))
    changes: list[EdgeChange] = []
    with store.transaction(target) as tx:
        if tx.entity(USER_ENTITY_ID) is None:
            tx.put_entity(Entity(entity_id=USER_ENTITY_ID, kind=EntityKind.USER, name="user"))
        for entity, edge in plan.adopt:
            dst = _target_entity(tx, entity).entity_id
            current = tx.edge(USER_ENTITY_ID, edge.relation, dst)
            evidence = list(dict.fromkeys([*(current.evidence if current else []), *edge.evidence]))
            merged = edge.model_copy(
                update={"user_id": target, "dst": dst, "evidence": evidence[-MAX_EDGE_EVIDENCE:],
                        "created_at": min(edge.created_at, current.created_at) if current
                        else edge.created_at, "updated_at": max(at, edge.updated_at)}
            )  # fmt: skip
            old = current.confidence if current else None
            changes.append(change_for(merged, RevisionAction.MERGE, operator, old, at, evidence))
        for contradiction in plan.contradictions:
            loser = contradiction.dropped
            if loser.user_id == target and loser.is_valid:
                closed = loser.model_copy(update={"invalid_at": at, "updated_at": at})
                changes.append(
                    change_for(closed, RevisionAction.MERGE, operator, loser.confidence, at, [])
                )
        for change in changes:
            tx.put_change(change)
    service.audit.append(
        [AuditEntry(at=at, operator=operator, action="merge_identity", outcome=AuditOutcome.APPLIED,
                    user_id=target, edge_id=c.edge.edge_id, relation=c.edge.relation.value,
                    old_confidence=c.revision.old_confidence,
                    new_confidence=c.revision.new_confidence, evidence=c.revision.evidence,
                    reason=None if c.edge.is_valid else "contradiction: closed by arbitration")
         for c in changes]
    )  # fmt: skip
    service.erase_user(source, operator)
    return GraphMergeReport(adopted=len(plan.adopt), contradictions=plan.contradictions)
