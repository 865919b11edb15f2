"""Conversation turns as they arrive at the boundary (API, library, turn log)."""

from __future__ import annotations

import unicodedata
from enum import StrEnum

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    ValidationInfo,
    field_validator,
    model_validator,
)

from jiyi.domain.ids import DeviceId, SessionId, UserId, stable_id

DEFAULT_MAX_CONTENT_BYTES = 32 * 1024
MAX_CONTENT_BYTES_CONTEXT_KEY = "max_content_bytes"
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


class Turn(BaseModel):
    """One message from a conversation, as the client sent it.

    `client_ts` is the client's clock in epoch milliseconds: turns are ordered by it, not by
    arrival, so clock drift between servers cannot reorder a conversation. It must be a real
    integer (no `true`, no `1e30`) that `datetime` can hold; the deployment's narrower window
    is the entry point's check (`jiyi.ingest.parse.admit_turn`). The content size limit comes
    from the validation context (`max_content_bytes`) so it follows settings.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    user_id: UserId
    session_id: SessionId
    role: Role
    content: str = Field(min_length=1)
    client_ts: StrictInt = Field(
        ge=0, le=LAST_REPRESENTABLE_MS, description="client timestamp, epoch milliseconds"
    )
    device_id: DeviceId | None = None
    turn_id: str = Field(default="", description="deterministic id; derived when empty")

    @field_validator("content")
    @classmethod
    def _content_within_limit(cls, value: str, info: ValidationInfo) -> str:
        context = info.context or {}
        limit = int(context.get(MAX_CONTENT_BYTES_CONTEXT_KEY, DEFAULT_MAX_CONTENT_BYTES))
        size = len(value.encode("utf-8"))
        if size > limit:
            raise ValueError(f"is {size} bytes, over the limit of {limit} bytes")
        if not has_visible_text(value):
            raise ValueError("must contain visible text, not only spacing or zero-width marks")
        return value

    @model_validator(mode="after")
    def _derive_turn_id(self) -> Turn:
        if not self.turn_id:
            derived = stable_id(
                self.user_id, self.session_id, self.role.value, self.client_ts, self.content
            )
            object.__setattr__(self, "turn_id", derived)
        return self
