"""Read-time decay: what a belief is worth now, without touching what is stored.

c · 0.5^(days / half_life), with the half-life fixed by the relation's class (settings) and a
floor so decay never silently erases a belief; `as_of` lets a caller ask "as of when". An edge
may carry its own class (`Edge.decay_class`): a standing feeling ("anxious since january") fades
by the default class while a passing mood keeps the emotion class.
"""

from __future__ import annotations

from jiyi.config import GraphSettings
from jiyi.domain import Edge, RelationClass, RelationKind

MS_PER_DAY = 86_400_000


def decayed_confidence(
    confidence: float,
    updated_at: int,
    as_of: int,
    relation: RelationKind,
    settings: GraphSettings,
    relation_class: RelationClass | None = None,
) -> float:
    """Confidence as of `as_of`; never above the stored value, never below the floor. The
    half-life is `relation_class`'s when given (an edge's own), else the relation's."""
    half_lives = settings.half_life_days
    relation_class = relation_class or relation.relation_class
    half_life = half_lives.get(relation_class, half_lives.get(RelationClass.DEFAULT))
    if half_life is None:
        return confidence
    days = max(0, as_of - updated_at) / MS_PER_DAY
    value = confidence * 0.5 ** (days / half_life)
    return min(confidence, max(settings.decay_floor, value))


def edge_confidence(edge: Edge, as_of: int, settings: GraphSettings) -> float:
    """Decay counts from the last evidence (`updated_at`), so reinforcement refreshes a belief;
    a standing feeling fades by its own class (`Edge.decay_class`), not its relation's."""
    return decayed_confidence(
        edge.confidence, edge.updated_at, as_of, edge.relation, settings, edge.decay_class
    )
