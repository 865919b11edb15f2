"""Routes that write what a user said and read it back: turns, undo, recall, recall feedback."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from jiyi.api.dependencies import AppMemory, Guard, Tenant, User, unscope_user
from jiyi.api.schemas import SESSION_ID_PATTERN, AddTurnsIn, AddTurnsOut, FeedbackIn, RecallIn
from jiyi.domain import Turn
from jiyi.domain.turns import MAX_CONTENT_BYTES_CONTEXT_KEY
from jiyi.prompt_context import RecallContext

router = APIRouter(tags=["memory"])


@router.post("/v1/users/{user_id}/turns")
def add_turns(user_id: User, body: AddTurnsIn, memory: AppMemory, guard: Guard) -> AddTurnsOut:
    context = {MAX_CONTENT_BYTES_CONTEXT_KEY: memory.settings.limits.max_content_bytes}
    turns = [
        Turn.model_validate(
            {**t.model_dump(exclude_none=True), "user_id": user_id}, context=context
        )
        for t in body.turns
    ]
    with guard():
        result = memory.add_turns(turns)
    report = result.report
    return AddTurnsOut(
        accepted=len(turns),
        versions=result.versions,
        events=report.events if report else None,
        graph_changes=report.graph_changes if report else None,
        rejected=[r.reason for r in report.rejected] if report else [],
    )


@router.post("/v1/users/{user_id}/sessions/{session_id}/undo")
def undo(
    user_id: User,
    session_id: Annotated[str, Path(pattern=SESSION_ID_PATTERN)],
    memory: AppMemory,
    guard: Guard,
) -> dict[str, int]:
    with guard():
        return {"version": memory.undo_last(user_id, session_id)}


@router.post("/v1/users/{user_id}/recall")
def recall(
    tenant: Tenant, user_id: User, body: RecallIn, memory: AppMemory, guard: Guard
) -> RecallContext:
    with guard():
        context = memory.recall(
            user_id, body.query, session_id=body.session_id, budget_chars=body.budget_chars,
            k=body.k, event_types=body.event_types, now_ms=body.client_ts,
        )  # fmt: skip
    context.user_id = unscope_user(tenant, context.user_id)
    return context


@router.post("/v1/users/{user_id}/feedback")
def feedback(user_id: User, body: FeedbackIn, memory: AppMemory, guard: Guard) -> dict[str, float]:
    with guard():
        return {"retrieval_weight": memory.feedback(user_id, body.event_id, body.kind)}
