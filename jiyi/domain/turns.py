"""Conversation turns as they arrive at the boundary (API, library, turn log)."""

from __future__ import annotations

import unicodedata
from enum import StrEnum

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    field_validator,
    model_validator,
)

from jiyi.domain.ids import DeviceId, SessionId, UserId, check_external_id, stable_id

DEFAULT_MAX_CONTENT_BYTES = 32 * 1024
#: 9999-12-31T23:59:59.999Z, the last instant `datetime` can hold: a later one breaks every read.
LAST_REPRESENTABLE_MS = 253_402_300_799_999
# What a reader does not see: separators, controls, format characters (zero-width space and
# joiners, the BOM, direction marks) and marks with nothing to combine with.
_INVISIBLE_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Mn", "Me"})


def has_visible_text(text: str) -> bool:
    """True when some character is one a person would see (not only spacing or zero-width)."""
    return any(unicodedata.category(char) not in _INVISIBLE_CATEGORIES for char in text)


class Role(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"
    SYSTEM = "system"


class TurnBody(BaseModel):
    """What a client says about one turn, everything but whose it is: the API's and the MCP
    tool's input, and the core of `Turn`, so each rule is written and checked once.

    `client_ts` is the client's clock in epoch milliseconds: turns are ordered by it, not by
    arrival, so clock drift between servers cannot reorder a conversation. It must be a real
    integer (no `true`, no `1e30`) that `datetime` can hold, and the content must show
    something. What the deployment's settings decide (the size limit, the clock window) is the
    entry points' one check, `jiyi.ingest.parse.check_turn`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    session_id: SessionId
    role: Role
    content: str = Field(min_length=1)
    client_ts: StrictInt = Field(
        ge=0,
        le=LAST_REPRESENTABLE_MS,
        description="client clock, epoch milliseconds; entry points refuse years outside the "
        "deployment's window (default 2000–2099) and times more than its skew (default a day) "
        "ahead of the server",
    )
    device_id: DeviceId | None = None

    @field_validator("content")
    @classmethod
    def _content_is_visible(cls, value: str) -> str:
        if not has_visible_text(value):
            raise ValueError("must contain visible text, not only spacing or zero-width marks")
        return value


class Turn(TurnBody):
    """One message from a conversation, as the client sent it, and whose it is."""

    user_id: UserId
    turn_id: str = Field(default="", description="deterministic id; derived when empty")

    @classmethod
    def of(cls, user_id: str, body: TurnBody) -> Turn:
        """`body` as `user_id`'s turn. The body's fields were checked when it was built, so only
        the user id is checked here: a turn from the API is validated once."""
        fields = {name: getattr(body, name) for name in TurnBody.model_fields}
        turn = cls.model_construct(user_id=check_external_id(user_id), **fields)
        object.__setattr__(turn, "turn_id", turn.derived_id())
        return turn

    def derived_id(self) -> str:
        return stable_id(
            self.user_id, self.session_id, self.role.value, self.client_ts, self.content
        )

    @model_validator(mode="after")
    def _derive_turn_id(self) -> Turn:
        if not self.turn_id:
            object.__setattr__(self, "turn_id", self.derived_id())
        return self
