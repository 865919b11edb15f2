"""Domain types at the centre of jiyi: everything else imports these, they import nothing else."""

from jiyi.domain.events import (
    LOW_VALUE_EVENT_TYPES,
    Event,
    EventAttr,
    EventType,
    ExtractionSource,
    event_id_for,
)
from jiyi.domain.ids import (
    DeviceId,
    EntityId,
    ExternalId,
    SessionId,
    UserId,
    check_entity_id,
    check_external_id,
    stable_id,
    text_hash,
)
from jiyi.domain.knowledge import (
    Edge,
    EdgeSource,
    Entity,
    EntityKind,
    RelationClass,
    RelationKind,
    clamp_confidence,
    edge_id_for,
)
from jiyi.domain.privacy import Consent, ConsentState, Identity, IdentityKind
from jiyi.domain.turns import Role, Turn

__all__ = [
    "LOW_VALUE_EVENT_TYPES",
    "Consent",
    "ConsentState",
    "DeviceId",
    "Edge",
    "EdgeSource",
    "Entity",
    "EntityId",
    "EntityKind",
    "Event",
    "EventAttr",
    "EventType",
    "ExternalId",
    "ExtractionSource",
    "Identity",
    "IdentityKind",
    "RelationClass",
    "RelationKind",
    "Role",
    "SessionId",
    "Turn",
    "UserId",
    "check_entity_id",
    "check_external_id",
    "clamp_confidence",
    "edge_id_for",
    "event_id_for",
    "stable_id",
    "text_hash",
]
