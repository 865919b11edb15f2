"""The HTTP API: every `Memory` operation, behind API keys that each belong to one tenant.

Tenancy is enforced where data is addressed: the tenant comes from the key, never from the
request, and every user id is scoped as `<tenant>:<user>` before it reaches a store, so no
request can name another tenant's user. Errors share one JSON shape (`jiyi.api.errors`).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Path, Query, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from jiyi import __version__
from jiyi.api.errors import ApiError, error_response, install_error_handlers
from jiyi.api.keys import ApiKeyStore
from jiyi.api.schemas import (
    API_USER_ID_PATTERN,
    ERROR_RESPONSES,
    SESSION_ID_PATTERN,
    AddTurnsIn,
    AddTurnsOut,
    BeliefOut,
    BeliefRefIn,
    ChangeOut,
    ConsentIn,
    CorrectIn,
    FeedbackIn,
    LinkIn,
    RecallIn,
    beliefs_out,
    changes_out,
)
from jiyi.api.tokens import issue
from jiyi.api.transparency import install_transparency
from jiyi.domain import EventType, Identity, Turn
from jiyi.domain.turns import MAX_CONTENT_BYTES_CONTEXT_KEY
from jiyi.graph.model import GraphInputError
from jiyi.keyfile import load_or_create_key
from jiyi.memory import ErasureReceipt, Memory
from jiyi.privacy.identity import IdentityError
from jiyi.prompt_context import RecallContext
from jiyi.working import WorkingMemoryError

DEFAULT_MAX_BODY_BYTES = 256 * 1024
DEFAULT_LINK_TTL_SECONDS = 3600
LINK_SECRET_FILE = "transparency.key"
API_USER_ID = re.compile(API_USER_ID_PATTERN)


class BodySizeLimit:
    """Refuse bodies over the limit with 413, whether or not Content-Length tells the truth."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.max_bytes:
                raise _BodyTooLargeError
            return message

        try:
            await self.app(scope, counted, send)
        except _BodyTooLargeError:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(
            413, "payload_too_large", f"request bodies are limited to {self.max_bytes} bytes"
        )
        await response(scope, receive, send)


class _BodyTooLargeError(Exception):
    """Raised inside the app's receive() once the body passes the limit; answered with 413."""


@contextmanager
def _translated(lock: threading.Lock) -> Iterator[None]:
    """Serialise store access; domain errors become 4xx with a stable code, nothing else leaks."""
    try:
        with lock:
            yield
    except GraphInputError as exc:
        raise ApiError(422, "invalid_input", str(exc), {exc.field: exc.message}) from None
    except IdentityError as exc:
        raise ApiError(409, "identity_conflict", str(exc)) from None
    except (KeyError, WorkingMemoryError) as exc:
        raise ApiError(404, "not_found", str(exc).strip("'\"")) from None


def scope_user(tenant: str, user_id: str) -> str:
    """The storage user id for a tenant's user: the only way an API user id reaches a store."""
    if not API_USER_ID.fullmatch(user_id):
        raise ApiError(
            422,
            "invalid_input",
            "the request is not valid",
            {"user_id": "1-64 characters: letters, digits and . _ @ -, starting alphanumeric"},
        )
    return f"{tenant}:{user_id}"


def _tenant(
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
    x_api_key: Annotated[str | None, Header()] = None,
) -> str:
    """The tenant of the presented key (`Authorization: Bearer` or `X-API-Key`), else 401."""
    keys: ApiKeyStore = request.app.state.keys
    key = x_api_key or (authorization or "").removeprefix("Bearer ").strip()
    found = keys.tenant_for(key) if key else None
    if found is None:
        raise ApiError(401, "unauthorized", "a valid API key is required")
    return found


Tenant = Annotated[str, Depends(_tenant)]


def _user(tenant: Tenant, user_id: Annotated[str, Path(pattern=API_USER_ID_PATTERN)]) -> str:
    return scope_user(tenant, user_id)


User = Annotated[str, Depends(_user)]


def create_app(
    memory: Memory, keys: ApiKeyStore, max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
) -> FastAPI:
    app = FastAPI(
        responses=ERROR_RESPONSES,
        title="jiyi",
        version=__version__,
        description="Long-term memory for AI agents. Authenticate with `Authorization: Bearer "
        "<key>`; every user id is scoped to the key's tenant.",
    )
    install_error_handlers(app)
    app.state.keys = keys
    lock = threading.Lock()  # one writer at a time through the embedded stores

    def translated() -> AbstractContextManager[None]:
        return _translated(lock)

    app.state.link_secret = load_or_create_key(memory.settings.data_dir / LINK_SECRET_FILE)
    install_transparency(app, memory, translated)

    @app.get("/healthz", tags=["ops"])
    def healthz() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    @app.post("/v1/users/{user_id}/turns", tags=["memory"])
    def add_turns(user_id: User, body: AddTurnsIn) -> AddTurnsOut:
        context = {MAX_CONTENT_BYTES_CONTEXT_KEY: memory.settings.limits.max_content_bytes}
        turns = [
            Turn.model_validate(
                {**t.model_dump(exclude_none=True), "user_id": user_id}, context=context
            )
            for t in body.turns
        ]
        with translated():
            result = memory.add_turns(turns)
        report = result.report
        return AddTurnsOut(
            accepted=len(turns),
            versions=result.versions,
            events=report.events if report else None,
            graph_changes=report.graph_changes if report else None,
            rejected=[r.reason for r in report.rejected] if report else [],
        )

    @app.post("/v1/users/{user_id}/sessions/{session_id}/undo", tags=["memory"])
    def undo(
        user_id: User, session_id: Annotated[str, Path(pattern=SESSION_ID_PATTERN)]
    ) -> dict[str, int]:
        with translated():
            return {"version": memory.undo_last(user_id, session_id)}

    @app.post("/v1/users/{user_id}/recall", tags=["memory"])
    def recall(tenant: Tenant, user_id: User, body: RecallIn) -> RecallContext:
        with translated():
            context = memory.recall(
                user_id, body.query, session_id=body.session_id,
                budget_chars=body.budget_chars, k=body.k, event_types=body.event_types,
                now_ms=body.client_ts,
            )  # fmt: skip
        context.user_id = context.user_id.removeprefix(f"{tenant}:")
        return context

    @app.get("/v1/users/{user_id}/profile", tags=["beliefs"])
    def get_profile(
        user_id: User,
        as_of: Annotated[int | None, Query(ge=0, description="epoch ms; default now")] = None,
    ) -> list[BeliefOut]:
        with translated():
            return beliefs_out(memory.profile(user_id, as_of=as_of, limit=None))

    def _operator(tenant: str, given: str | None) -> str:
        return f"{tenant}:{given or 'api'}"

    @app.post("/v1/users/{user_id}/beliefs/confirm", tags=["beliefs"])
    def confirm(tenant: Tenant, user_id: User, body: BeliefRefIn) -> list[ChangeOut]:
        with translated():
            changes = memory.confirm(
                user_id, body.relation, body.object, _operator(tenant, body.operator)
            )
        return changes_out(changes)

    @app.post("/v1/users/{user_id}/beliefs/correct", tags=["beliefs"])
    def correct(tenant: Tenant, user_id: User, body: CorrectIn) -> list[ChangeOut]:
        with translated():
            changes = memory.correct(
                user_id, body.relation, body.object, _operator(tenant, body.operator),
                confidence=body.confidence, new_relation=body.new_relation,
                new_object=body.new_object,
            )  # fmt: skip
        return changes_out(changes)

    @app.post("/v1/users/{user_id}/beliefs/retract", tags=["beliefs"])
    def retract(tenant: Tenant, user_id: User, body: BeliefRefIn) -> list[ChangeOut]:
        with translated():
            changes = memory.retract(
                user_id, body.relation, body.object, _operator(tenant, body.operator)
            )
        return changes_out(changes)

    @app.post("/v1/users/{user_id}/feedback", tags=["memory"])
    def feedback(user_id: User, body: FeedbackIn) -> dict[str, float]:
        with translated():
            return {"retrieval_weight": memory.feedback(user_id, body.event_id, body.kind)}

    @app.put("/v1/users/{user_id}/consent", tags=["privacy"])
    def consent(user_id: User, body: ConsentIn) -> dict[str, Any]:
        with translated():
            state = memory.consent(user_id, body.granted)
        return {"state": state.state.value, "child_mode": state.child_mode}

    @app.delete("/v1/users/{user_id}/events", tags=["privacy"])
    def forget(
        user_id: User, event_type: Annotated[EventType, Query(alias="type")]
    ) -> dict[str, int]:
        with translated():
            return {"removed": memory.forget(user_id, event_type)}

    @app.delete("/v1/users/{user_id}", tags=["privacy"])
    def erase(tenant: Tenant, user_id: User) -> ErasureReceipt:
        with translated():
            receipt = memory.erase(user_id, operator=_operator(tenant, None))
        receipt.user_id = receipt.user_id.removeprefix(f"{tenant}:")
        return receipt

    @app.post("/v1/users/{user_id}/transparency-link", tags=["privacy"])
    def transparency_link(
        user_id: User,
        ttl_seconds: Annotated[int, Query(ge=60, le=30 * 86400)] = DEFAULT_LINK_TTL_SECONDS,
    ) -> dict[str, Any]:
        """A signed link the app can hand to its user: their transparency page, for a while."""
        token = issue(app.state.link_secret, user_id, ttl_seconds)
        return {"path": f"/me/{token}", "expires_in": ttl_seconds}

    @app.post("/v1/identities/link", tags=["privacy"])
    def link(tenant: Tenant, body: LinkIn) -> dict[str, Any]:
        weaker = Identity(kind=body.weaker.kind, value=scope_user(tenant, body.weaker.value))
        stronger = Identity(kind=body.stronger.kind, value=scope_user(tenant, body.stronger.value))
        with translated():
            report = memory.link_identity(weaker, stronger, operator=_operator(tenant, None))
        return {
            "user_id": report.link.target_user.removeprefix(f"{tenant}:"),
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

    app.add_middleware(BodySizeLimit, max_bytes=max_body_bytes)
    return app
