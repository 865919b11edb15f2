"""What the agent believes about a user, read as of a time: profile, one concept, history, hops.

Every read applies decay on the way out (`decay`), so the same stored graph answers "as of
today" and "as of last month" and reading never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from jiyi.config import GraphSettings
from jiyi.domain import Edge, EdgeSource, Entity, EntityKind, RelationKind
from jiyi.graph.decay import edge_confidence
from jiyi.graph.entities import alias_key
from jiyi.graph.model import EdgeRevision
from jiyi.graph.store import Direction, GraphStore
from jiyi.graph.updates import USER_ENTITY_ID

DEFAULT_PREREQUISITE_HOPS = 3


@dataclass(frozen=True)
class Belief:
    """One belief as the transparency view shows it: decayed and stored value, provenance."""

    relation: RelationKind
    entity: Entity
    confidence: float  # decayed to `as_of`
    stored_confidence: float
    source: EdgeSource
    evidence: list[str]
    updated_at: int
    edge_id: str


class Action(StrEnum):
    """What a tutor should do next about a concept (the article's `query_user_knowledge` use)."""

    ADVANCE = "advance"  # mastery is believed: move on to applications
    REVIEW_BASICS = "review_basics"  # an obstacle is believed: start from the prerequisites
    CHECK_UNDERSTANDING = "check_understanding"  # nothing is believed firmly: ask first


@dataclass(frozen=True)
class ConceptState:
    concept: Entity | None
    relation: RelationKind | None  # the strongest belief about the concept, None if unknown
    confidence: float  # its decayed confidence; 0.0 if unknown
    source: EdgeSource | None
    action: Action
    beliefs: list[Belief]
    prerequisites: list[tuple[Entity, int]]


def find_entity(store: GraphStore, user_id: str, ref: str) -> Entity | None:
    """An entity by any of its names (alias key) or by its id; never the user node."""
    found = store.entity_by_alias(user_id, alias_key(ref)) or store.entity(user_id, ref)
    return None if found is None or found.kind is EntityKind.USER else found


def _beliefs(
    store: GraphStore, user_id: str, edges: list[Edge], as_of: int, settings: GraphSettings
) -> list[Belief]:
    entities = store.entities(user_id, [edge.dst for edge in edges])
    beliefs = []
    for edge in edges:
        entity = entities.get(edge.dst)
        if entity is None:
            continue
        beliefs.append(
            Belief(
                relation=edge.relation,
                entity=entity,
                confidence=edge_confidence(edge, as_of, settings),
                stored_confidence=edge.confidence,
                source=edge.source,
                evidence=edge.evidence,
                updated_at=edge.updated_at,
                edge_id=edge.edge_id,
            )
        )
    return sorted(beliefs, key=lambda b: (-b.confidence, -b.updated_at, b.edge_id))


def profile(
    store: GraphStore,
    user_id: str,
    settings: GraphSettings,
    as_of: int,
    min_confidence: float = 0.0,
    limit: int | None = None,
) -> list[Belief]:
    """The user's valid beliefs, strongest first after decay, down to `min_confidence`."""
    edges = store.edges(user_id, src=USER_ENTITY_ID)
    beliefs = [
        b
        for b in _beliefs(store, user_id, edges, as_of, settings)
        if b.confidence >= min_confidence
    ]
    return beliefs[:limit] if limit is not None else beliefs


def neighbours(
    store: GraphStore,
    user_id: str,
    ref: str,
    relation: RelationKind,
    direction: Direction,
    max_hops: int,
) -> list[tuple[Entity, int]]:
    """Entities `max_hops` valid `relation` edges away (e.g. prerequisites of prerequisites)."""
    start = find_entity(store, user_id, ref)
    if start is None:
        return []
    found = store.neighbours(user_id, start.entity_id, relation, direction, max_hops)
    entities = store.entities(user_id, [entity_id for entity_id, _ in found])
    return [(entities[entity_id], hops) for entity_id, hops in found if entity_id in entities]


def concept_state(
    store: GraphStore,
    user_id: str,
    concept: str,
    settings: GraphSettings,
    as_of: int,
    prerequisite_hops: int = DEFAULT_PREREQUISITE_HOPS,
) -> ConceptState:
    """The user's state on one concept and what to do next.

    Mastery believed (decayed confidence ≥ `low_confidence_threshold`) → advance; otherwise an
    obstacle believed → review basics, prerequisites first; otherwise → check understanding.
    """
    entity = find_entity(store, user_id, concept)
    if entity is None:
        return ConceptState(None, None, 0.0, None, Action.CHECK_UNDERSTANDING, [], [])
    edges = store.edges(user_id, src=USER_ENTITY_ID, dst=entity.entity_id)
    beliefs = _beliefs(store, user_id, edges, as_of, settings)
    threshold = settings.low_confidence_threshold
    firm = {b.relation for b in beliefs if b.confidence >= threshold}
    if RelationKind.MASTERY in firm:
        action = Action.ADVANCE
    elif RelationKind.LEARNING_OBSTACLE in firm:
        action = Action.REVIEW_BASICS
    else:
        action = Action.CHECK_UNDERSTANDING
    prerequisites = neighbours(
        store, user_id, entity.entity_id, RelationKind.PREREQUISITE_OF, Direction.IN,
        prerequisite_hops,
    )  # fmt: skip
    top = beliefs[0] if beliefs else None
    return ConceptState(
        concept=entity,
        relation=top.relation if top else None,
        confidence=top.confidence if top else 0.0,
        source=top.source if top else None,
        action=action,
        beliefs=beliefs,
        prerequisites=prerequisites,
    )


def relation_history(
    store: GraphStore, user_id: str, relation: RelationKind, ref: str, subject: str = USER_ENTITY_ID
) -> list[EdgeRevision]:
    """Every change of one belief, oldest first, including after it was closed."""
    entity = find_entity(store, user_id, ref)
    if entity is None:
        return []
    edges = store.edges(
        user_id, src=subject, relation=relation, dst=entity.entity_id, include_invalid=True
    )
    return store.revisions(user_id, edges[0].edge_id) if edges else []
