"""Episodic events: the typed, compact record a turn leaves in tier 2.

The raw text is never kept here, only its hash; an event carries a closed type, three keywords,
a short summary and where it came from, so it can be filtered, searched, merged and erased.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator

from jiyi.domain.ids import SessionId, UserId, stable_id

SUMMARY_MAX_CHARS = 50
MAX_KEYWORDS = 3


class EventType(StrEnum):
    """The closed set of event types; extractors (rules, classifier, LLM) must pick one."""

    AGE_DECLARATION = "age_declaration"
    NAME_DECLARATION = "name_declaration"
    IDENTITY_DECLARATION = "identity_declaration"
    PERSONAL_FACT = "personal_fact"
    PREFERENCE = "preference"
    DISLIKE = "dislike"
    LEARNING_STYLE = "learning_style"
    GOAL = "goal"
    CONCEPT_CONFUSION = "concept_confusion"
    CONCEPT_MASTERY = "concept_mastery"
    QUESTION = "question"
    TASK_REQUEST = "task_request"
    OPERATION_FAILURE = "operation_failure"
    COMPLAINT = "complaint"
    PLAN_GENERATED = "plan_generated"
    FEEDBACK = "feedback"
    EMOTION = "emotion"
    GREETING = "greeting"
    SMALL_TALK = "small_talk"
    ASSISTANT_REPLY = "assistant_reply"  # what the assistant said, kept for recall alone


#: Event types that carry no lasting information; they are archived first and never feed the graph.
LOW_VALUE_EVENT_TYPES = frozenset({EventType.GREETING, EventType.SMALL_TALK})


class EventAttr(StrEnum):
    """Keys of `Event.attributes`: the contract between extractors and the graph updater."""

    OBJECT = "object"  # the thing the event is about: a concept, food, place, person ... (text)
    OBJECT_KIND = "object_kind"  # an `EntityKind` value hinting what OBJECT is
    VALUE = "value"  # a scalar declared by the user: an age, a name, an occupation
    POLARITY = "polarity"  # "positive" | "negative" for feedback and mastery statements
    LANG = "lang"  # "zh" | "en": the language the rule or classifier matched
    SPEAKER = "speaker"  # the role that said the source turn, when it was not the user
    # --- how the claim reads (set by the claim reader; absent means the plain reading) ---
    RELATION = "relation"  # the relation a fact asserts, for types with more than one
    HOLDER = "holder"  # "other": someone else's view, reported by the user
    TENSE = "tense"  # "past": a past or given-up state, not a current one
    DURABILITY = "durability"  # "transient": venting in the moment, not a standing attitude;
    # "standing": a feeling tied to a lasting situation ("anxious since january"), which fades
    # by the default class, not the 1-day one of a passing mood
    CHANGE = "change"  # "supersedes": the user says their view changed (the contrary one ends);
    # "succeeded": a new role the user does not name ("new job here too"): the old one is in doubt
    VERDICT = "verdict"  # the tutor's verdict on an attempt: "right" | "missed" | "missed_again"


#: What the claim reader writes in those attributes.
OTHER_HOLDER = "other"
PAST_TENSE = "past"
TRANSIENT = "transient"
STANDING = "standing"
SUPERSEDES = "supersedes"
SUCCEEDED = "succeeded"
#: Polarity values (`EventAttr.POLARITY`): a mastery or liking said, or its negation.
POSITIVE = "positive"
NEGATIVE = "negative"
#: The tutor's verdicts (`EventAttr.VERDICT`), weighed by the exchange step.
RIGHT = "right"
MISSED = "missed"
MISSED_AGAIN = "missed_again"


class ExtractionSource(StrEnum):
    RULE = "rule"
    CLASSIFIER = "classifier"
    LLM = "llm"
    HUMAN = "human"
    MERGE = "merge"


class Event(BaseModel):
    """One typed event extracted from a turn (or merged from several similar ones)."""

    model_config = ConfigDict(extra="forbid")

    event_id: str
    user_id: UserId
    session_id: SessionId
    turn_id: str
    ts: int = Field(ge=0, description="client timestamp of the source turn, epoch milliseconds")
    event_type: EventType
    keywords: list[str] = Field(default_factory=list, max_length=MAX_KEYWORDS)
    summary: str = Field(default="", max_length=SUMMARY_MAX_CHARS)
    raw_hash: str = Field(pattern=r"^[0-9a-f]{64}$", description="SHA-256 of the raw turn text")
    confidence: float = Field(ge=0.0, le=1.0)
    source: ExtractionSource
    rule: str | None = Field(default=None, description="name of the rule that fired, if any")
    attributes: dict[str, str] = Field(default_factory=dict)
    count: int = Field(default=1, ge=1, description="how many similar events this one stands for")
    evidence_turn_ids: list[str] = Field(
        default_factory=list, description="other turns merged into this one (besides turn_id)"
    )
    retrieval_weight: float = Field(default=1.0, ge=0.0, le=1.0)

    @field_validator("keywords")
    @classmethod
    def _keywords_non_blank(cls, value: list[str]) -> list[str]:
        cleaned = [k.strip() for k in value if k.strip()]
        return list(dict.fromkeys(cleaned))


#: The rule an assistant's turn no rule covers is kept by, whole (`extraction.whole_turn_event`).
WHOLE_TURN_RULE = "whole_turn"


def recall_only(event: Event) -> bool:
    """Whether the event keeps a turn no rule covers: the residue classifier's pick for a
    user's (a type by its nearest exemplars, no rule named) or an assistant's turn kept whole.
    Kept so the turn can be recalled, never a claim about the user nor a mention in the
    session. The learned reader's events name their rule."""
    if event.rule == WHOLE_TURN_RULE:
        return True
    return event.source is ExtractionSource.CLASSIFIER and event.rule is None


def event_id_for(user_id: str, turn_id: str, event_type: EventType, discriminator: str = "") -> str:
    """Deterministic event id: re-processing a turn upserts the same event instead of adding one."""
    return stable_id("event", user_id, turn_id, event_type.value, discriminator)
