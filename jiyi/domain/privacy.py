"""Consent and identity: who a user is across devices, and what they allowed us to keep."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from jiyi.domain.ids import ExternalId, UserId


class ConsentState(StrEnum):
    UNKNOWN = "unknown"
    GRANTED = "granted"
    REVOKED = "revoked"


class Consent(BaseModel):
    """A user's consent to long-term (graph) memory, and whether child mode applies."""

    model_config = ConfigDict(extra="forbid")

    user_id: UserId
    state: ConsentState = ConsentState.UNKNOWN
    updated_at: int = Field(default=0, ge=0, description="epoch milliseconds")
    declared_age: int | None = Field(default=None, ge=0, le=150)
    child_mode: bool = False

    @property
    def allows_graph(self) -> bool:
        return self.state is ConsentState.GRANTED and not self.child_mode


class IdentityKind(StrEnum):
    DEVICE = "device"
    ACCOUNT = "account"
    STRONG = "strong"


class Identity(BaseModel):
    """One handle a person is known by; `value` follows the external id rules."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: IdentityKind
    value: ExternalId

    @property
    def key(self) -> str:
        return f"{self.kind.value}:{self.value}"


@dataclass
class ErasureReceipt:
    """Proof of erasure: what each store removed, and when. Holds no erased content."""

    user_id: str
    erased_at: int
    removed: dict[str, int]
