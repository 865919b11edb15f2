"""Routes for a user's rights over their memory: consent, forgetting a kind, erasure, links to
their transparency page (and revoking one), and merging two identities of one person.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from jiyi.api.dependencies import (
    AppMemory,
    Guard,
    KeyId,
    Keys,
    LinkSecret,
    Tenant,
    User,
    audit_operator,
    scope_user,
    unscope_user,
)
from jiyi.api.errors import ApiError
from jiyi.api.schemas import (
    ConsentIn,
    ConsentOut,
    ContradictionOut,
    ForgetOut,
    LinkIn,
    LinkOut,
    TransparencyLinkOut,
)
from jiyi.api.tokens import issue, link_tenant, new_link_id
from jiyi.domain import EventType, Identity
from jiyi.memory import ErasureReceipt

DEFAULT_LINK_TTL_SECONDS = 3600

router = APIRouter(tags=["privacy"])


@router.put("/v1/users/{user_id}/consent")
def consent(user_id: User, body: ConsentIn, memory: AppMemory, guard: Guard) -> ConsentOut:
    with guard():
        state = memory.consent(user_id, body.granted)
    return ConsentOut(state=state.state, child_mode=state.child_mode)


@router.delete("/v1/users/{user_id}/events")
def forget(
    user_id: User,
    event_type: Annotated[EventType, Query(alias="type")],
    memory: AppMemory,
    guard: Guard,
) -> ForgetOut:
    with guard():
        return ForgetOut(removed=memory.forget(user_id, event_type))


@router.delete("/v1/users/{user_id}")
def erase(tenant: Tenant, user_id: User, memory: AppMemory, guard: Guard) -> ErasureReceipt:
    with guard.exclusive():
        receipt = memory.erase(user_id, operator=audit_operator(tenant))
    receipt.user_id = unscope_user(tenant, receipt.user_id)
    return receipt


@router.post("/v1/users/{user_id}/transparency-link")
def transparency_link(
    user_id: User,
    key_id: KeyId,
    secret: LinkSecret,
    ttl_seconds: Annotated[int, Query(ge=60, le=30 * 86400)] = DEFAULT_LINK_TTL_SECONDS,
) -> TransparencyLinkOut:
    """A signed link the app can hand to its user: their transparency page, for a while, or
    until the app revokes it (by `link_id`) or the key that asked for it."""
    link_id = new_link_id(secret, key_id)
    token = issue(secret, user_id, link_id, ttl_seconds)
    return TransparencyLinkOut(path=f"/me/{token}", link_id=link_id, expires_in=ttl_seconds)


@router.delete("/v1/transparency-links/{link_id}", status_code=204)
def revoke_transparency_link(
    tenant: Tenant,
    keys: Keys,
    secret: LinkSecret,
    link_id: Annotated[str, Path(max_length=200)],
) -> None:
    """Revoke one link now (say, the user shared it by mistake); the user's other links keep
    working. 404 for a link another tenant issued, as for one never issued."""
    if link_tenant(keys, secret, link_id) != tenant:
        raise ApiError(404, "not_found", "no such transparency link")
    keys.revoke_link(link_id, tenant)


@router.post("/v1/identities/link")
def link(tenant: Tenant, body: LinkIn, memory: AppMemory, guard: Guard) -> LinkOut:
    weaker = Identity(kind=body.weaker.kind, value=scope_user(tenant, body.weaker.value))
    stronger = Identity(kind=body.stronger.kind, value=scope_user(tenant, body.stronger.value))
    with guard.exclusive():
        report = memory.link_identity(weaker, stronger, operator=audit_operator(tenant))
    return LinkOut(
        user_id=unscope_user(tenant, report.link.target_user),
        already_linked=report.link.already_linked,
        moved_events=report.moved_events,
        adopted_beliefs=report.adopted_beliefs,
        contradictions=[
            ContradictionOut(
                object=c.object_name,
                kept=c.kept.relation.value,
                dropped=c.dropped.relation.value,
                reason=c.reason,
            )
            for c in report.contradictions
        ],
    )
