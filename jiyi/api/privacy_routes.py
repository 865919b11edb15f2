"""Routes for a user's rights over their memory: consent, forgetting a kind, erasure, the link
to their transparency page, and merging two identities of one person.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from jiyi.api.dependencies import (
    AppMemory,
    Guard,
    LinkSecret,
    Tenant,
    User,
    audit_operator,
    scope_user,
    unscope_user,
)
from jiyi.api.schemas import ConsentIn, LinkIn
from jiyi.api.tokens import issue
from jiyi.domain import EventType, Identity
from jiyi.memory import ErasureReceipt

DEFAULT_LINK_TTL_SECONDS = 3600

router = APIRouter(tags=["privacy"])


@router.put("/v1/users/{user_id}/consent")
def consent(user_id: User, body: ConsentIn, memory: AppMemory, guard: Guard) -> dict[str, Any]:
    with guard():
        state = memory.consent(user_id, body.granted)
    return {"state": state.state.value, "child_mode": state.child_mode}


@router.delete("/v1/users/{user_id}/events")
def forget(
    user_id: User,
    event_type: Annotated[EventType, Query(alias="type")],
    memory: AppMemory,
    guard: Guard,
) -> dict[str, int]:
    with guard():
        return {"removed": memory.forget(user_id, event_type)}


@router.delete("/v1/users/{user_id}")
def erase(tenant: Tenant, user_id: User, memory: AppMemory, guard: Guard) -> ErasureReceipt:
    with guard():
        receipt = memory.erase(user_id, operator=audit_operator(tenant))
    receipt.user_id = unscope_user(tenant, receipt.user_id)
    return receipt


@router.post("/v1/users/{user_id}/transparency-link")
def transparency_link(
    user_id: User,
    secret: LinkSecret,
    ttl_seconds: Annotated[int, Query(ge=60, le=30 * 86400)] = DEFAULT_LINK_TTL_SECONDS,
) -> dict[str, Any]:
    """A signed link the app can hand to its user: their transparency page, for a while."""
    token = issue(secret, user_id, ttl_seconds)
    return {"path": f"/me/{token}", "expires_in": ttl_seconds}


@router.post("/v1/identities/link")
def link(tenant: Tenant, body: LinkIn, memory: AppMemory, guard: Guard) -> dict[str, Any]:
    weaker = Identity(kind=body.weaker.kind, value=scope_user(tenant, body.weaker.value))
    stronger = Identity(kind=body.stronger.kind, value=scope_user(tenant, body.stronger.value))
    with guard():
        report = memory.link_identity(weaker, stronger, operator=audit_operator(tenant))
    return {
        "user_id": unscope_user(tenant, report.link.target_user),
        "already_linked": report.link.already_linked,
        "moved_events": report.moved_events,
        "adopted_beliefs": report.adopted_beliefs,
        "contradictions": [
            {
                "object": c.object_name,
                "kept": c.kept.relation.value,
                "dropped": c.dropped.relation.value,
                "reason": c.reason,
            }
            for c in report.contradictions
        ],
    }
