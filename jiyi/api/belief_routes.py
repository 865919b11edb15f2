"""Routes for what is believed about a user: the profile, and the app confirming, correcting or
retracting a belief, audited as the operator it names within its tenant.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from jiyi.api.dependencies import AppMemory, Guard, Tenant, User, audit_operator
from jiyi.api.schemas import BeliefOut, BeliefRefIn, ChangeOut, CorrectIn, beliefs_out, changes_out
from jiyi.graph.model import EdgeChange
from jiyi.memory import Memory

router = APIRouter(tags=["beliefs"])


def correct_belief(
    memory: Memory, user_id: str, body: CorrectIn, operator: str
) -> list[EdgeChange]:
    """One correction for the app and the user alike (`jiyi.api.transparency_routes`)."""
    return memory.correct(
        user_id, body.relation, body.object, operator, confidence=body.confidence,
        new_relation=body.new_relation, new_object=body.new_object,
    )  # fmt: skip


@router.get("/v1/users/{user_id}/profile")
def get_profile(
    user_id: User,
    memory: AppMemory,
    guard: Guard,
    as_of: Annotated[int | None, Query(ge=0, description="epoch ms; default now")] = None,
) -> list[BeliefOut]:
    with guard.read():
        return beliefs_out(memory.profile(user_id, as_of=as_of, limit=None))


@router.post("/v1/users/{user_id}/beliefs/confirm")
def confirm(
    tenant: Tenant, user_id: User, body: BeliefRefIn, memory: AppMemory, guard: Guard
) -> list[ChangeOut]:
    with guard():
        changes = memory.confirm(
            user_id, body.relation, body.object, audit_operator(tenant, body.operator)
        )
    return changes_out(changes)


@router.post("/v1/users/{user_id}/beliefs/correct")
def correct(
    tenant: Tenant, user_id: User, body: CorrectIn, memory: AppMemory, guard: Guard
) -> list[ChangeOut]:
    with guard():
        changes = correct_belief(memory, user_id, body, audit_operator(tenant, body.operator))
    return changes_out(changes)


@router.post("/v1/users/{user_id}/beliefs/retract")
def retract(
    tenant: Tenant, user_id: User, body: BeliefRefIn, memory: AppMemory, guard: Guard
) -> list[ChangeOut]:
    with guard():
        changes = memory.retract(
            user_id, body.relation, body.object, audit_operator(tenant, body.operator)
        )
    return changes_out(changes)
