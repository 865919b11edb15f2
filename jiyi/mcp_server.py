"""The MCP server: memory as tools an agent calls, over stdio (`jiyi mcp`) or at `/mcp` on the
HTTP API (`jiyi serve`), on the official MCP SDK.

It is the REST API in another protocol, not a second set of rules: every user id is scoped to
the caller's tenant by `scope_user` before it reaches `Memory` (the key's tenant on `/mcp`, the
configured one on stdio), the stores are reached through a `StoreGuard` (on `/mcp` the REST app's
own, so both share one lock), and every failure comes back as a tool error carrying the REST
error body and its stable code (`invalid_input`, `not_found`, ...), after which the server keeps
serving.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import FastAPI
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import (
    ResourceNotFoundError,
    ToolError,
    UnexpectedToolError,
)
from mcp.server.mcpserver.tools import Tool
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import CallToolResult, InputRequiredResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, create_model
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.types import ASGIApp, Lifespan, Receive, Scope, Send

from jiyi import __version__, clock
from jiyi.api.belief_routes import correct_belief
from jiyi.api.dependencies import (
    StoreGuard,
    audit_operator,
    key_tenant,
    presented_key,
    scope_user,
    unscope_user,
)
from jiyi.api.errors import ApiError, as_api_error, error_body, error_response
from jiyi.api.keys import ApiKeyStore
from jiyi.api.memory_routes import store_turns
from jiyi.api.schemas import (
    API_USER_ID_PATTERN,
    MAX_TURNS_PER_REQUEST,
    SESSION_ID_PATTERN,
    AddTurnsOut,
    BeliefOut,
    ChangeOut,
    CorrectIn,
    TurnIn,
    beliefs_out,
    changes_out,
)
from jiyi.domain import EventType, Role
from jiyi.episodic.timeframe import LAST_MS
from jiyi.graph.model import EdgeChange
from jiyi.memory import DEFAULT_RECALL_EVENTS, ErasureReceipt, Memory
from jiyi.prompt_context import DEFAULT_BUDGET_CHARS, RecallContext

MCP_PATH = "/mcp"
PROFILE_URI = "jiyi://users/{user_id}/profile"
#: Who the audit log records for a belief change made through MCP, within the caller's tenant.
AUDIT_OPERATOR = "mcp"
INSTRUCTIONS = (
    "Long-term memory about the people you talk with. Before you answer a user, call `recall` "
    "with their message: it returns what you know about them, ready to put in your context. "
    "After each exchange, call `remember` with the new turns. When the user confirms, corrects "
    "or denies something you believe about them (see `profile`), call `confirm_belief`, "
    "`correct_belief` or `retract_belief`. `forget` and `erase_user` delete memories: call them "
    "only when the user asks for that."
)
log = logging.getLogger(__name__)

ApiUserId = Annotated[str, Field(pattern=API_USER_ID_PATTERN)]
RelationArg = Annotated[str, Field(min_length=1, max_length=50, description="As profile shows it.")]
ObjectArg = Annotated[str, Field(min_length=1, max_length=200, description="As profile shows it.")]
UserIdArg = Annotated[
    ApiUserId | None,
    Field(
        description="Whose memory: your application's id for the person (1-64 letters, digits "
        "and . _ @ -). Omit it only if this server was started with a default user."
    ),
]
SessionIdArg = Annotated[
    str,
    Field(
        pattern=SESSION_ID_PATTERN,
        description="The conversation these turns belong to; keep it for the whole conversation.",
    ),
]


@dataclass(frozen=True)
class Caller:
    """Whom a tool call acts for: the tenant every user id is scoped to and, on stdio (one
    person's agent), the user a call that names none is about."""

    tenant: str
    default_user: str | None = None

    def user(self, user_id: str | None) -> str:
        """The storage id of the user a call is about, scoped exactly as a REST path's is."""
        named = user_id or self.default_user
        if named is None:
            fields = {"user_id": "required: this server has no default user"}
            raise ApiError(422, "invalid_input", "the request is not valid", fields)
        return scope_user(self.tenant, named)


CallerOf = Callable[[Context], Caller]


class TurnToRemember(BaseModel):
    model_config = ConfigDict(extra="forbid")

    role: Role = Field(description="Who said it: user, assistant or system.")
    content: str = Field(min_length=1, description="What was said, verbatim.")
    client_ts: StrictInt | None = Field(
        default=None,
        ge=0,
        le=LAST_MS,
        description="When it was said, epoch milliseconds on your clock; omit for now.",
    )


class Profile(BaseModel):
    user_id: str
    beliefs: list[BeliefOut]


class BeliefChanges(BaseModel):
    changes: list[ChangeOut] = Field(description="the belief as it is after the change")


class Forgotten(BaseModel):
    removed: int = Field(description="memories of that kind removed")


def _answering_as_rest(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` with a ValueError (a pydantic ValidationError among them) turned into the code the
    REST API answers it with, so a tool error can tell the caller's mistakes from crashes."""

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except ValueError as exc:
            raise as_api_error(exc) from exc

    return call


def _tool(fn: Callable[..., Any], annotations: ToolAnnotations) -> Tool:
    """`fn` as a tool that refuses arguments it does not declare: the SDK would drop them
    silently, and a model that misspells one should be told so (the schema says so too)."""
    tool = Tool.from_function(_answering_as_rest(fn), annotations=annotations)
    metadata = tool.fn_metadata
    strict = create_model(
        metadata.arg_model.__name__,
        __base__=metadata.arg_model,
        __cls_kwargs__={"extra": "forbid"},
    )
    return tool.model_copy(
        update={
            "parameters": strict.model_json_schema(by_alias=True),
            "fn_metadata": metadata.model_copy(update={"arg_model": strict}),
        }
    )


def _error_text(error: ApiError) -> str:
    return json.dumps(error_body(error.code, error.message, error.fields), ensure_ascii=False)


def _tool_error(error: ApiError) -> CallToolResult:
    """The REST error body twice: as text for the model, as structured content for programs."""
    return CallToolResult(
        content=[TextContent(type="text", text=_error_text(error))],
        structured_content=error_body(error.code, error.message, error.fields),
        is_error=True,
    )


class MemoryTools:
    """The tools, one method each; a method's docstring is the description the model reads."""

    def __init__(self, memory: Memory, guard: StoreGuard, caller_of: CallerOf) -> None:
        self._memory = memory
        self._guard = guard
        self._caller_of = caller_of

    def remember(
        self,
        session_id: SessionIdArg,
        turns: Annotated[
            list[TurnToRemember],
            Field(min_length=1, max_length=MAX_TURNS_PER_REQUEST, description="In order."),
        ],
        ctx: Context,
        user_id: UserIdArg = None,
    ) -> AddTurnsOut:
        """Store new turns of a conversation in the user's long-term memory. Call it after each
        exchange with the turns since your last call (the user's message and your reply). All
        or nothing: if one turn is refused, none is stored and the error names it. Sending the
        same turns again stores them once."""
        now = clock.now_ms()
        given = [
            TurnIn(
                session_id=session_id, role=turn.role, content=turn.content,
                client_ts=now if turn.client_ts is None else turn.client_ts,
            )
            for turn in turns
        ]  # fmt: skip
        return store_turns(self._memory, self._guard, self._caller_of(ctx).user(user_id), given)

    def recall(
        self,
        query: Annotated[
            str,
            Field(min_length=1, max_length=2000, description="Usually the user's new message."),
        ],
        ctx: Context,
        session_id: Annotated[
            str | None,
            Field(
                pattern=SESSION_ID_PATTERN,
                description="The current conversation, to include its recent turns.",
            ),
        ] = None,
        k: Annotated[
            StrictInt, Field(ge=1, le=50, description="Most past events to consider.")
        ] = DEFAULT_RECALL_EVENTS,
        budget_chars: Annotated[
            StrictInt, Field(ge=100, le=50_000, description="Longest `text` to return.")
        ] = DEFAULT_BUDGET_CHARS,
        event_types: Annotated[
            list[EventType] | None,
            Field(description="Only these kinds of past events (default: every kind)."),
        ] = None,
        client_ts: Annotated[
            StrictInt | None,
            Field(
                ge=0,
                le=LAST_MS,
                description="Now on the user's clock, epoch ms: what 'last Saturday' means.",
            ),
        ] = None,
        user_id: UserIdArg = None,
    ) -> RecallContext:
        """What you know about the user that bears on `query`: beliefs about them, relevant
        past events and the conversation's recent turns. `text` is ready to put in your context
        as is; `events` say why each was recalled (their scores). Call it before answering."""
        caller = self._caller_of(ctx)
        user = caller.user(user_id)
        with self._guard.read():
            context = self._memory.recall(
                user, query, session_id=session_id, budget_chars=budget_chars, k=k,
                event_types=event_types, now_ms=client_ts,
            )  # fmt: skip
        context.user_id = unscope_user(caller.tenant, context.user_id)
        return context

    def profile(self, ctx: Context, user_id: UserIdArg = None) -> Profile:
        """Everything currently believed about the user (preferences, goals, what they
        struggle with), each with its confidence and evidence. A profile is kept only with the
        user's consent, so it may be empty while recall still finds past conversations."""
        caller = self._caller_of(ctx)
        user = caller.user(user_id)
        with self._guard.read():
            beliefs = self._memory.profile(user, limit=None)
        return Profile(user_id=unscope_user(caller.tenant, user), beliefs=beliefs_out(beliefs))

    def confirm_belief(
        self,
        relation: RelationArg,
        object: ObjectArg,
        ctx: Context,
        user_id: UserIdArg = None,
    ) -> BeliefChanges:
        """The user confirmed a belief from their profile (by its relation and object): it
        becomes certain."""
        return self._change_beliefs(
            ctx, user_id, lambda user, by: self._memory.confirm(user, relation, object, by)
        )

    def correct_belief(
        self,
        relation: RelationArg,
        object: ObjectArg,
        ctx: Context,
        new_relation: Annotated[
            str | None, Field(max_length=50, description="What the relation really is.")
        ] = None,
        new_object: Annotated[
            str | None, Field(max_length=200, description="What the object really is.")
        ] = None,
        confidence: Annotated[
            StrictFloat | None, Field(ge=0.1, le=1.0, description="How sure the user is now.")
        ] = None,
        user_id: UserIdArg = None,
    ) -> BeliefChanges:
        """The user corrected a belief from their profile (by its relation and object): give
        what is true instead, or a new confidence."""
        correction = CorrectIn(
            relation=relation, object=object, confidence=confidence,
            new_relation=new_relation, new_object=new_object,
        )  # fmt: skip
        return self._change_beliefs(
            ctx, user_id, lambda user, by: correct_belief(self._memory, user, correction, by)
        )

    def retract_belief(
        self,
        relation: RelationArg,
        object: ObjectArg,
        ctx: Context,
        user_id: UserIdArg = None,
    ) -> BeliefChanges:
        """The user said a belief from their profile (by its relation and object) is wrong
        and nothing replaces it: it is withdrawn."""
        return self._change_beliefs(
            ctx, user_id, lambda user, by: self._memory.retract(user, relation, object, by)
        )

    def _change_beliefs(
        self,
        ctx: Context,
        user_id: str | None,
        change: Callable[[str, str], list[EdgeChange]],
    ) -> BeliefChanges:
        """Run a belief change for the caller's user (scoped, under the store lock), audited
        as the caller's tenant."""
        caller = self._caller_of(ctx)
        user = caller.user(user_id)
        with self._guard():
            changes = change(user, _operator(caller))
        return BeliefChanges(changes=changes_out(changes))

    def forget(
        self,
        event_type: Annotated[EventType, Field(description="The kind of memory to delete.")],
        ctx: Context,
        user_id: UserIdArg = None,
    ) -> Forgotten:
        """Delete every memory of one kind about the user (say, all small talk), for good. Only
        when the user asks for it."""
        user = self._caller_of(ctx).user(user_id)
        with self._guard():
            return Forgotten(removed=self._memory.forget(user, event_type))

    def erase_user(
        self,
        confirm: Annotated[
            Literal[True],
            Field(description="Must be true: the user asked to be erased and confirmed it."),
        ],
        ctx: Context,
        user_id: UserIdArg = None,
    ) -> ErasureReceipt:
        """Erase everything remembered about the user, from every store, irreversibly. Only
        when the user explicitly asks to be forgotten and has confirmed; returns a receipt of
        what each store removed."""
        caller = self._caller_of(ctx)
        user = caller.user(user_id)
        with self._guard.exclusive():
            receipt = self._memory.erase(user, operator=_operator(caller))
        receipt.user_id = unscope_user(caller.tenant, receipt.user_id)
        return receipt

    def profile_resource(self, user_id: str, ctx: Context) -> str:
        """The user's profile as JSON, as the `profile` tool returns it."""
        try:
            return self.profile(ctx, user_id).model_dump_json()
        except ApiError as exc:  # a user id this tenant cannot name: invalid params (-32602)
            raise ResourceNotFoundError(_error_text(exc)) from exc


def _operator(caller: Caller) -> str:
    return audit_operator(caller.tenant, AUDIT_OPERATOR)


_READS = ToolAnnotations(read_only_hint=True, open_world_hint=False)
_WRITES = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
_DELETES = ToolAnnotations(
    read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
)


class _MemoryServer(MCPServer):
    """An `MCPServer` whose every failed tool call is a tool error in the REST error shape."""

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context | None = None
    ) -> CallToolResult | InputRequiredResult:
        known = {tool.name for tool in await self.list_tools()}
        if name not in known:
            fields = {"name": "one of " + ", ".join(sorted(known))}
            return _tool_error(ApiError(404, "not_found", f"no tool named {name!r}", fields))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            return _tool_error(_api_error_of(name, exc))


def _api_error_of(tool: str, exc: ToolError) -> ApiError:
    """What the model is told: the REST code for its own mistakes (arguments that fail the
    schema, input the stores refuse), `internal` for a crash, which is logged here."""
    cause = exc.__cause__
    if isinstance(cause, ApiError):
        return cause
    if isinstance(exc, UnexpectedToolError):
        log.error("MCP tool failed", exc_info=cause, extra={"tool": tool})
        return as_api_error(exc)
    return as_api_error(cause or exc)


@contextmanager
def _sdk_leaving_logging_alone() -> Iterator[None]:
    """`MCPServer()` calls `logging.basicConfig`, which would give the process's root logger a
    Rich console handler (every uvicorn access line, in Rich's format, beside our JSON lines).
    basicConfig does nothing while the root logger has a handler: it has one meanwhile."""
    root = logging.getLogger()
    placeholder = logging.NullHandler()
    root.addHandler(placeholder)
    try:
        yield
    finally:
        root.removeHandler(placeholder)


def build_server(memory: Memory, guard: StoreGuard, caller_of: CallerOf) -> MCPServer:
    """The MCP server for one `Memory`; `caller_of` says whom each call acts for."""
    tools = MemoryTools(memory, guard, caller_of)
    with _sdk_leaving_logging_alone():
        server = _MemoryServer(
            name="jiyi",
            version=__version__,
            instructions=INSTRUCTIONS,
            tools=[
                _tool(tools.remember, _WRITES.model_copy(update={"idempotent_hint": True})),
                _tool(tools.recall, _READS),
                _tool(tools.profile, _READS),
                _tool(tools.confirm_belief, _WRITES),
                _tool(tools.correct_belief, _WRITES),
                _tool(tools.retract_belief, _WRITES),
                _tool(tools.forget, _DELETES),
                _tool(tools.erase_user, _DELETES),
            ],
        )
    server.resource(PROFILE_URI, name="profile", mime_type="application/json")(
        tools.profile_resource
    )
    return server


def serve_stdio(memory: Memory, caller: Caller) -> None:
    """Serve one tenant's memory over stdin and stdout until the client closes them."""
    build_server(memory, StoreGuard(), lambda _: caller).run("stdio")


class ApiKeyGate:
    """`/mcp` behind the REST API's keys: a missing, unknown or revoked key gets the REST 401
    before anything of MCP runs; an accepted key's tenant rides on the request to the tools."""

    def __init__(self, app: ASGIApp, keys: ApiKeyStore) -> None:
        self._app = app
        self._keys = keys

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        key = presented_key(request.headers.get("authorization"), request.headers.get("x-api-key"))
        try:
            request.state.tenant = await run_in_threadpool(key_tenant, self._keys, key)
        except ApiError as exc:
            await error_response(exc.status, exc.code, exc.message, exc.fields)(
                scope, receive, send
            )
            return
        await self._app(scope, receive, send)


def _key_caller(ctx: Context) -> Caller:
    """The caller of a call over `/mcp`: the tenant `ApiKeyGate` accepted its request's key for."""
    return Caller(ctx.request_context.request.state.tenant)


def mount_mcp(app: FastAPI) -> None:
    """Serve MCP at `/mcp` on the REST app (`jiyi.api.app.create_app`), with its memory, its
    store lock and its keys, so one key reaches the same users over either protocol."""
    server = build_server(app.state.memory, app.state.guard, _key_caller)
    transport = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        # every request is authenticated on its own, so no session can outlive its key
        stateless_http=True,
        json_response=True,
        # DNS rebinding protection guards servers without credentials; a page cannot send a key
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )
    app.add_route(MCP_PATH, ApiKeyGate(transport, app.state.keys), include_in_schema=False)
    app.router.lifespan_context = _running(server.session_manager, app.router.lifespan_context)


def _running(manager: StreamableHTTPSessionManager, lifespan: Lifespan[Any]) -> Lifespan[Any]:
    """`lifespan` with the MCP session manager running inside it: a mounted app's own lifespan
    never runs, and the manager serves no request outside `run()`."""

    @asynccontextmanager
    async def both(app: Any) -> AsyncIterator[Any]:
        async with manager.run(), lifespan(app) as state:
            yield state

    return both
