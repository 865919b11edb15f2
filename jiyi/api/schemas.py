"""Request and response bodies of the HTTP API (OpenAPI is generated from these).

Shared with the typed client (`jiyi.client`), so they import only pydantic and domain types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from jiyi.domain import ConsentState, EventType, IdentityKind, TurnBody
from jiyi.domain.ids import EXTERNAL_ID_PATTERN
from jiyi.domain.recall import DEFAULT_BUDGET_CHARS, FeedbackKind
from jiyi.domain.turns import LAST_REPRESENTABLE_MS

if TYPE_CHECKING:  # only the converters below name them: the client imports no store
    from jiyi.graph.model import EdgeChange
    from jiyi.graph.queries import Belief

MAX_TURNS_PER_REQUEST = 100
#: A user id as an API client names it (the tenant prefix is added by the server).
API_USER_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$"
SESSION_ID_PATTERN = EXTERNAL_ID_PATTERN


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TurnIn(TurnBody):
    """A turn as a client posts it: the domain's own shape, checked once (`Turn.of`)."""


class AddTurnsIn(_Body):
    turns: list[TurnIn] = Field(min_length=1, max_length=MAX_TURNS_PER_REQUEST)


class AddTurnsOut(BaseModel):
    accepted: int
    versions: list[int]
    events: int | None = Field(description="events stored; null when a stream processes turns")
    graph_changes: int | None


class RecallIn(_Body):
    query: str = Field(min_length=1, max_length=2000)
    session_id: str | None = Field(default=None, pattern=SESSION_ID_PATTERN)
    budget_chars: StrictInt = Field(default=DEFAULT_BUDGET_CHARS, ge=100, le=50_000)
    k: StrictInt = Field(default=8, ge=1, le=50)
    event_types: list[EventType] | None = None
    client_ts: StrictInt | None = Field(
        default=None,
        ge=0,
        le=LAST_REPRESENTABLE_MS,
        description="epoch ms on the client's clock: what 'last Saturday' means",
    )


class BeliefRefIn(_Body):
    relation: str = Field(min_length=1, max_length=50)
    object: str = Field(min_length=1, max_length=200)
    operator: str | None = Field(default=None, max_length=60, description="who, for the audit")


class CorrectIn(BeliefRefIn):
    confidence: StrictFloat | None = Field(default=None, ge=0.1, le=1.0)
    new_relation: str | None = Field(default=None, max_length=50)
    new_object: str | None = Field(default=None, max_length=200)


class FeedbackIn(_Body):
    event_id: str = Field(pattern=r"^[0-9a-f]{8,64}$")
    kind: FeedbackKind


class ConsentIn(_Body):
    granted: StrictBool = Field(description="true or false only: no string stands for a choice")


class IdentityIn(_Body):
    kind: IdentityKind
    value: str = Field(pattern=API_USER_ID_PATTERN, description="the user id the app uses")


class LinkIn(_Body):
    weaker: IdentityIn
    stronger: IdentityIn


class ErrorDetail(BaseModel):
    code: str = Field(description="stable, for programs: invalid_input, unauthorized, ...")
    message: str = Field(description="for people")
    fields: dict[str, str] = Field(description="field -> what is wrong with it")


class ErrorOut(BaseModel):
    error: ErrorDetail


ERROR_RESPONSES: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorOut, "description": text}
    for status, text in {
        400: "bad_request: malformed HTTP, e.g. a raw space or non-ASCII byte in the path",
        401: "missing, unknown or revoked API key",
        403: "an invalid, expired or revoked transparency link",
        404: "no such event, session or route",
        409: "an identity link that would tangle memories",
        413: "request body over the size limit",
        422: "invalid input: the fields say what and why",
        500: "an internal error (logged; no details are returned)",
        503: "a store could not take the turns: nothing was stored, retry",
    }.items()
}


class BeliefOut(BaseModel):
    relation: str
    object: str
    object_kind: str
    confidence: float = Field(description="after decay, as of the request")
    stored_confidence: float
    source: str
    evidence: list[str]
    updated_at: int
    edge_id: str


class ChangeOut(BaseModel):
    edge_id: str
    relation: str
    action: str
    old_confidence: float | None
    new_confidence: float
    source: str


class UndoOut(BaseModel):
    version: int = Field(description="the session's working-memory version after the undo")


class FeedbackOut(BaseModel):
    retrieval_weight: float = Field(description="the event's weight in recall from now on")


class ConsentOut(BaseModel):
    state: ConsentState
    child_mode: bool = Field(description="true: no long-term (graph) memory, whatever the consent")


class ForgetOut(BaseModel):
    removed: int = Field(description="memories of that kind removed")


class TransparencyLinkOut(BaseModel):
    path: str = Field(description="the user's transparency page, relative to the API's base URL")
    link_id: str = Field(description="what `DELETE /v1/transparency-links/{link_id}` revokes")
    expires_in: int = Field(description="seconds")

    @property
    def token(self) -> str:
        """The credential in `path` (`/me/{token}`): the page's own routes are addressed by it."""
        return self.path.removeprefix("/me/")


class ContradictionOut(BaseModel):
    object: str
    kept: str = Field(description="the relation kept")
    dropped: str = Field(description="the opposite relation dropped")
    reason: str


class LinkOut(BaseModel):
    user_id: str = Field(description="the one user id both identities now share")
    already_linked: bool
    moved_events: int
    adopted_beliefs: int
    contradictions: list[ContradictionOut]


class HealthOut(BaseModel):
    status: str
    version: str
    skipped_stored_values: dict[str, int] = Field(
        description="kind -> unreadable stored values reads have skipped (none is healthy)"
    )


def beliefs_out(beliefs: list[Belief]) -> list[BeliefOut]:
    return [
        BeliefOut(
            relation=b.relation.value,
            object=b.entity.name,
            object_kind=b.entity.kind.value,
            confidence=round(b.confidence, 4),
            stored_confidence=round(b.stored_confidence, 4),
            source=b.source.value,
            evidence=b.evidence,
            updated_at=b.updated_at,
            edge_id=b.edge_id,
        )
        for b in beliefs
    ]


def changes_out(changes: list[EdgeChange]) -> list[ChangeOut]:
    return [
        ChangeOut(
            edge_id=c.edge.edge_id,
            relation=c.edge.relation.value,
            action=c.revision.action.value,
            old_confidence=c.revision.old_confidence,
            new_confidence=c.edge.confidence,
            source=c.edge.source.value,
        )
        for c in changes
    ]
