"""Records the graph keeps besides nodes and edges: one revision per confidence change.

An edge row holds the current belief; its revisions hold how it got there, so a contradicted,
corrected or retracted belief stays explainable after its edge is closed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from jiyi.domain import Edge, EdgeSource, EntityId, RelationKind
from jiyi.domain.knowledge import MAX_CONFIDENCE, MIN_CONFIDENCE


class GraphInputError(ValueError):
    """Input the graph refuses; `field` names the offending field so callers can point at it.

    `message` is for the caller and may quote what they sent; `code`, a fixed word, is what the
    audit keeps instead: the audit holds no request text, so a refused request leaves none.
    """

    def __init__(self, field: str, message: str, code: str = "invalid") -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.code = code

    @property
    def audit_reason(self) -> str:
        """The field and the code, e.g. "object_ref: no_matching_belief": no request text."""
        return f"{self.field}: {self.code}"


class RevisionAction(StrEnum):
    CREATE = "create"
    REINFORCE = "reinforce"
    COUNTER_EVIDENCE = "counter_evidence"
    REOPEN = "reopen"
    CONFIRM = "confirm"
    CORRECT = "correct"
    RETRACT = "retract"
    MERGE = "merge"  # two identities of one person were linked
    SUPERSEDE = "supersede"  # a newer contrary statement or value ended it


class EdgeRevision(BaseModel):
    """One change of one edge: who, from what evidence, confidence before and after."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    user_id: str
    edge_id: str
    src: EntityId
    relation: RelationKind
    dst: EntityId
    seq: int = Field(default=0, ge=0, description="1-based order per edge; 0 until stored")
    at: int = Field(ge=0, description="epoch milliseconds of the change")
    action: RevisionAction
    source: EdgeSource
    operator: str = Field(min_length=1, max_length=100)
    old_confidence: float | None = Field(default=None, ge=MIN_CONFIDENCE, le=MAX_CONFIDENCE)
    new_confidence: float = Field(ge=MIN_CONFIDENCE, le=MAX_CONFIDENCE)
    evidence: list[str] = Field(default_factory=list)
    valid: bool = Field(description="whether the edge is valid after this change")


@dataclass(frozen=True)
class EdgeChange:
    """An edge's new state and the revision that explains it: always written together."""

    edge: Edge
    revision: EdgeRevision
