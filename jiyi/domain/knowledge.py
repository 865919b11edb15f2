"""The semantic tier's vocabulary: entities, relation kinds, and edges with confidence.

Edges are never silently overwritten: a contradicted or corrected edge is closed with
`invalid_at`, and every change keeps its source and evidence.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from jiyi.domain.ids import EntityId, stable_id

MIN_CONFIDENCE = 0.1
MAX_CONFIDENCE = 1.0


class EntityKind(StrEnum):
    USER = "user"
    CONCEPT = "concept"
    TOPIC = "topic"
    PERSON = "person"
    PLACE = "place"
    OBJECT = "object"
    UI_ELEMENT = "ui_element"
    ACTIVITY = "activity"
    STYLE = "style"
    EMOTION = "emotion"
    ROLE = "role"
    VALUE = "value"  # a scalar fact about the user: an age


class RelationClass(StrEnum):
    """Fixes how fast a relation decays (half-lives live in settings, per class)."""

    DEFAULT = "default"
    PREFERENCE = "preference"
    EMOTION = "emotion"
    GOAL = "goal"  # held until reached or given up: fades slower than a topic's state
    LEARNING = "learning"  # what the user keeps tripping on: fades over a term, as practice tells
    SKILL = "skill"  # what the user has shown they can do: stays learned longer than a stumble
    WORRY = "worry"  # stress or nerves about what lies ahead (an exam): days, not a mood's day
    STRUCTURAL = "structural"


class RelationKind(StrEnum):
    MASTERY = "mastery"
    LEARNING_OBSTACLE = "learning_obstacle"
    PREFERS = "prefers"
    DISLIKES = "dislikes"
    GOAL = "goal"
    LEARNING_STYLE = "learning_style"
    INTERESTED_IN = "interested_in"
    FEELS = "feels"
    KNOWS = "knows"
    LIVES_IN = "lives_in"
    HAS_ROLE = "has_role"
    AGE = "age"
    SCHOOL_YEAR = "school_year"
    ALLERGIC_TO = "allergic_to"
    PREREQUISITE_OF = "prerequisite_of"

    @property
    def relation_class(self) -> RelationClass:
        return _RELATION_CLASSES.get(self, RelationClass.DEFAULT)

    @property
    def single_valued(self) -> bool:
        """A person has one age, one school year, one home: a new value closes the old one."""
        return self in _SINGLE_VALUED

    @property
    def cypher_type(self) -> str:
        """The relationship type name for Cypher: only ever built from this closed enum."""
        return self.value.upper()


_RELATION_CLASSES: dict[RelationKind, RelationClass] = {
    RelationKind.PREFERS: RelationClass.PREFERENCE,
    RelationKind.DISLIKES: RelationClass.PREFERENCE,
    RelationKind.LEARNING_STYLE: RelationClass.PREFERENCE,
    RelationKind.INTERESTED_IN: RelationClass.PREFERENCE,
    RelationKind.FEELS: RelationClass.EMOTION,
    RelationKind.GOAL: RelationClass.GOAL,
    RelationKind.MASTERY: RelationClass.SKILL,
    RelationKind.LEARNING_OBSTACLE: RelationClass.LEARNING,
    RelationKind.PREREQUISITE_OF: RelationClass.STRUCTURAL,
    # Who someone is and where they live change by correction, not by fading with time.
    RelationKind.HAS_ROLE: RelationClass.STRUCTURAL,
    RelationKind.LIVES_IN: RelationClass.STRUCTURAL,
    RelationKind.AGE: RelationClass.STRUCTURAL,
    RelationKind.SCHOOL_YEAR: RelationClass.STRUCTURAL,
    RelationKind.ALLERGIC_TO: RelationClass.STRUCTURAL,
}

_SINGLE_VALUED = frozenset({RelationKind.AGE, RelationKind.SCHOOL_YEAR, RelationKind.LIVES_IN})


class EdgeSource(StrEnum):
    """Where a belief came from, in rising order of authority (a human correction wins)."""

    COUNTER_EVIDENCE = "counter_evidence"
    RULE = "rule"
    CLASSIFIER = "classifier"  # a local model's claim (the learned claim reader): no LLM
    LLM = "llm"
    HUMAN = "human"

    @property
    def rank(self) -> int:
        return _SOURCE_RANK[self]


_SOURCE_RANK = {
    EdgeSource.COUNTER_EVIDENCE: 0,
    EdgeSource.CLASSIFIER: 1,
    EdgeSource.LLM: 1,
    EdgeSource.RULE: 2,
    EdgeSource.HUMAN: 3,
}


class Entity(BaseModel):
    model_config = ConfigDict(extra="forbid")

    entity_id: EntityId
    kind: EntityKind
    name: str = Field(min_length=1, max_length=200)
    aliases: list[str] = Field(default_factory=list)


class Edge(BaseModel):
    """A belief: `src --relation--> dst` with confidence, provenance and a validity interval."""

    model_config = ConfigDict(extra="forbid")

    user_id: str
    src: EntityId
    relation: RelationKind
    dst: EntityId
    confidence: float = Field(ge=MIN_CONFIDENCE, le=MAX_CONFIDENCE)
    source: EdgeSource
    created_at: int = Field(ge=0, description="epoch milliseconds")
    updated_at: int = Field(ge=0, description="epoch milliseconds")
    valid_from: int = Field(ge=0, description="epoch milliseconds")
    invalid_at: int | None = Field(default=None, ge=0, description="set when contradicted")
    evidence: list[str] = Field(default_factory=list, description="event ids behind the belief")
    decay_class: RelationClass | None = Field(
        default=None,
        description="the class it fades by when not its relation's: a standing feeling, default",
    )

    @model_validator(mode="after")
    def _times_ordered(self) -> Edge:
        if self.updated_at < self.created_at:
            raise ValueError("updated_at must not be before created_at")
        if self.invalid_at is not None and self.invalid_at < self.valid_from:
            raise ValueError("invalid_at must not be before valid_from")
        return self

    @property
    def edge_id(self) -> str:
        return edge_id_for(self.user_id, self.src, self.relation, self.dst)

    @property
    def is_valid(self) -> bool:
        return self.invalid_at is None


def edge_id_for(user_id: str, src: str, relation: RelationKind, dst: str) -> str:
    return stable_id("edge", user_id, src, relation.value, dst)


def clamp_confidence(value: float) -> float:
    """Keep a computed confidence inside the graph's [0.1, 1.0] range."""
    return min(MAX_CONFIDENCE, max(MIN_CONFIDENCE, value))
