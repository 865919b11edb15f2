"""The transparency page: an end user sees what is believed about them and corrects it.

Opened through a signed link (`jiyi.api.tokens`) that the agent's application requests for one
of its users; every route below acts on that user only, with the user as the audited operator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from contextlib import AbstractContextManager
from importlib.resources import files
from typing import Annotated

from fastapi import Depends, FastAPI, Query, Request
from fastapi.responses import HTMLResponse

from jiyi.api.errors import ApiError
from jiyi.api.schemas import (
    BeliefOut,
    BeliefRefIn,
    ChangeOut,
    CorrectIn,
    beliefs_out,
    changes_out,
)
from jiyi.api.tokens import TokenError, verify
from jiyi.domain import EventType
from jiyi.episodic.store import from_table
from jiyi.memory import Memory

USER_OPERATOR = "user"


def _page() -> str:
    return files("jiyi.api").joinpath("static/transparency.html").read_text(encoding="utf-8")


def _me(request: Request, token: str) -> str:
    try:
        return verify(request.app.state.link_secret, token)
    except TokenError as exc:
        raise ApiError(403, "forbidden", str(exc)) from None


Me = Annotated[str, Depends(_me)]


def install_transparency(
    app: FastAPI, memory: Memory, guard: Callable[[], AbstractContextManager[None]]
) -> None:
    page = _page()

    @app.get("/me/{token}", response_class=HTMLResponse, include_in_schema=False)
    def transparency_page(_: Me) -> str:
        return page

    @app.get("/me/{token}/beliefs", tags=["transparency"])
    def my_beliefs(user_id: Me) -> list[BeliefOut]:
        with guard():
            return beliefs_out(memory.profile(user_id, limit=None))

    @app.get("/me/{token}/memories", tags=["transparency"])
    def my_memories(user_id: Me) -> dict[str, int]:
        """How many memories of each kind are kept (what "clear a kind" would remove)."""
        with guard():
            stored = from_table(memory.ingest.episodic.scan(user_id))
        return dict(Counter(s.event.event_type.value for s in stored).most_common())

    @app.post("/me/{token}/beliefs/confirm", tags=["transparency"])
    def confirm_mine(user_id: Me, body: BeliefRefIn) -> list[ChangeOut]:
        with guard():
            return changes_out(memory.confirm(user_id, body.relation, body.object, USER_OPERATOR))

    @app.post("/me/{token}/beliefs/correct", tags=["transparency"])
    def correct_mine(user_id: Me, body: CorrectIn) -> list[ChangeOut]:
        with guard():
            changes = memory.correct(
                user_id, body.relation, body.object, USER_OPERATOR,
                confidence=body.confidence, new_relation=body.new_relation,
                new_object=body.new_object,
            )  # fmt: skip
        return changes_out(changes)

    @app.post("/me/{token}/beliefs/retract", tags=["transparency"])
    def retract_mine(user_id: Me, body: BeliefRefIn) -> list[ChangeOut]:
        with guard():
            return changes_out(memory.retract(user_id, body.relation, body.object, USER_OPERATOR))

    @app.delete("/me/{token}/events", tags=["transparency"])
    def clear_mine(
        user_id: Me, event_type: Annotated[EventType, Query(alias="type")]
    ) -> dict[str, int]:
        with guard():
            return {"removed": memory.forget(user_id, event_type)}
