"""Conversation turns as they arrive at the boundary (API, library, turn log)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from jiyi.domain.ids import DeviceId, SessionId, UserId, stable_id

DEFAULT_MAX_CONTENT_BYTES = 32 * 1024
MAX_CONTENT_BYTES_CONTEXT_KEY = "max_content_bytes"


class Role(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"
    SYSTEM = "system"


class Turn(BaseModel):
    """One message from a conversation, as the client sent it.

    `client_ts` is the client's clock in epoch milliseconds: turns are ordered by it, not by
    arrival, so clock drift between servers cannot reorder a conversation. The content size
    limit comes from the validation context (`max_content_bytes`) so it follows settings.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    user_id: UserId
    session_id: SessionId
    role: Role
    content: str = Field(min_length=1)
    client_ts: int = Field(ge=0, description="client timestamp, epoch milliseconds")
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
        if not value.strip():
            raise ValueError("must contain non-whitespace text")
        return value

    @model_validator(mode="after")
    def _derive_turn_id(self) -> Turn:
        if not self.turn_id:
            derived = stable_id(
                self.user_id, self.session_id, self.role.value, self.client_ts, self.content
            )
            object.__setattr__(self, "turn_id", derived)
        return self
