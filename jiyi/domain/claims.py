"""The claim schema every extractor writes into an event's attributes, rules and LLM alike, so
both feed one graph writer (`jiyi.graph.updates.claim_for`).

Besides the object (`object`, `object_kind`, `value`, `polarity`), a claim may name its relation
where its event type allows several, and say how it reads: someone else's view, a past state,
venting, or a change of mind.
"""

from __future__ import annotations

from jiyi.domain.events import (
    OTHER_HOLDER,
    PAST_TENSE,
    SUPERSEDES,
    TRANSIENT,
    EventAttr,
    EventType,
)
from jiyi.domain.knowledge import EntityKind, RelationKind

#: Event types whose claim names its relation (`EventAttr.RELATION`): the relations each may
#: name, with the kind of object each holds. A personal fact naming none is episodic only.
RELATION_CHOICES: dict[EventType, dict[RelationKind, EntityKind]] = {
    EventType.PREFERENCE: {
        RelationKind.PREFERS: EntityKind.TOPIC,
        RelationKind.INTERESTED_IN: EntityKind.TOPIC,
        RelationKind.LEARNING_STYLE: EntityKind.STYLE,
    },
    EventType.LEARNING_STYLE: {
        RelationKind.LEARNING_STYLE: EntityKind.STYLE,
        RelationKind.PREFERS: EntityKind.STYLE,  # a format of the tutor's replies: "bullets pls"
    },
    EventType.PERSONAL_FACT: {
        RelationKind.LIVES_IN: EntityKind.PLACE,
        RelationKind.ALLERGIC_TO: EntityKind.OBJECT,
    },
    EventType.IDENTITY_DECLARATION: {
        RelationKind.HAS_ROLE: EntityKind.ROLE,
        RelationKind.SCHOOL_YEAR: EntityKind.ROLE,
    },
}

#: How a claim reads, and the one value each reading takes.
READINGS: dict[EventAttr, str] = {
    EventAttr.HOLDER: OTHER_HOLDER,
    EventAttr.TENSE: PAST_TENSE,
    EventAttr.DURABILITY: TRANSIENT,
    EventAttr.CHANGE: SUPERSEDES,
}

#: Every relation a claim may name.
NAMEABLE_RELATIONS = frozenset(r for choices in RELATION_CHOICES.values() for r in choices)
