"""What recall hands an agent, and what a user can say back about a recalled memory.

Plain types, here rather than in `jiyi.prompt_context` or `jiyi.feedback`, so the HTTP API's
schemas and its client (`jiyi.client`) can name them without importing the stores.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

DEFAULT_BUDGET_CHARS = 2000


class FeedbackKind(StrEnum):
    USEFUL = "useful"
    DONT_BRING_UP = "dont_bring_up"


@dataclass(frozen=True)
class RecalledTurn:
    role: str
    content: str
    client_ts: int


@dataclass(frozen=True)
class RecalledEvent:
    event_id: str
    event_type: str
    summary: str
    keywords: list[str]
    ts: int
    score: float
    why: dict[str, float]


@dataclass(frozen=True)
class RecalledBelief:
    relation: str
    object: str
    confidence: float  # after decay
    stored_confidence: float
    source: str
    evidence: list[str]
    updated_at: int
    matches_query: bool


@dataclass
class RecallContext:
    user_id: str
    query: str
    budget_chars: int
    beliefs: list[RecalledBelief] = field(default_factory=list)
    events: list[RecalledEvent] = field(default_factory=list)
    turns: list[RecalledTurn] = field(default_factory=list)
    text: str = ""
    left_out: int = 0  # items that did not fit the budget
