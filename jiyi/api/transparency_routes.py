"""The transparency page: an end user sees what is believed about them and corrects it.

Opened through a signed link (`jiyi.api.tokens`) that the agent's application requests for one
of its users; every route below acts on that user only, with the user as the audited operator,
and reads and writes through `Memory`, so a linked device's link shows the account's memory.
The link is the only credential: it is refused once revoked or once its issuing key is, and
every response under `PATH_PREFIX` gets `PAGE_HEADERS` (`jiyi.api.page_headers`).
"""

from __future__ import annotations

from importlib.resources import files
from typing import Annotated

from fastapi import APIRouter, Depends, Query
from fastapi.responses import HTMLResponse

from jiyi.api.belief_routes import correct_belief
from jiyi.api.dependencies import AppMemory, Guard, Keys, LinkSecret
from jiyi.api.errors import ApiError
from jiyi.api.page_headers import credential_page_headers
from jiyi.api.schemas import (
    BeliefOut,
    BeliefRefIn,
    ChangeOut,
    CorrectIn,
    ForgetOut,
    beliefs_out,
    changes_out,
)
from jiyi.api.tokens import TokenError, verify
from jiyi.domain import EventType

USER_OPERATOR = "user"
# read once: the page is static, its data comes from the routes below
_PAGE = files("jiyi.api").joinpath("static/transparency.html").read_text(encoding="utf-8")
PATH_PREFIX = "/me/"  # every route below, the page included
PAGE_HEADERS = credential_page_headers(_PAGE)

router = APIRouter(tags=["transparency"])


def _me(secret: LinkSecret, keys: Keys, token: str) -> str:
    """The scoped user the link was issued for, while neither the link nor its key is revoked."""
    try:
        claims = verify(secret, token)
    except TokenError as exc:
        raise ApiError(403, "forbidden", str(exc)) from None
    if not keys.is_active(claims.key_id) or keys.is_link_revoked(claims.link_id):
        raise ApiError(403, "forbidden", "this link has been revoked; ask the app for a new one")
    return claims.scoped_user


Me = Annotated[str, Depends(_me)]


@router.get("/me/{token}", response_class=HTMLResponse, include_in_schema=False)
def transparency_page(_: Me) -> str:
    return _PAGE


@router.get("/me/{token}/beliefs")
def my_beliefs(user_id: Me, memory: AppMemory, guard: Guard) -> list[BeliefOut]:
    with guard.read():
        return beliefs_out(memory.profile(user_id, limit=None))


@router.get("/me/{token}/memories")
def my_memories(user_id: Me, memory: AppMemory, guard: Guard) -> dict[str, int]:
    """How many memories of each kind are kept (what "clear a kind" would remove)."""
    with guard.read():
        return memory.memory_counts(user_id)


@router.post("/me/{token}/beliefs/confirm")
def confirm_mine(
    user_id: Me, body: BeliefRefIn, memory: AppMemory, guard: Guard
) -> list[ChangeOut]:
    with guard():
        return changes_out(memory.confirm(user_id, body.relation, body.object, USER_OPERATOR))


@router.post("/me/{token}/beliefs/correct")
def correct_mine(user_id: Me, body: CorrectIn, memory: AppMemory, guard: Guard) -> list[ChangeOut]:
    with guard():
        return changes_out(correct_belief(memory, user_id, body, USER_OPERATOR))


@router.post("/me/{token}/beliefs/retract")
def retract_mine(
    user_id: Me, body: BeliefRefIn, memory: AppMemory, guard: Guard
) -> list[ChangeOut]:
    with guard():
        return changes_out(memory.retract(user_id, body.relation, body.object, USER_OPERATOR))


@router.delete("/me/{token}/events")
def clear_mine(
    user_id: Me,
    event_type: Annotated[EventType, Query(alias="type")],
    memory: AppMemory,
    guard: Guard,
) -> ForgetOut:
    with guard():
        return ForgetOut(removed=memory.forget(user_id, event_type))
