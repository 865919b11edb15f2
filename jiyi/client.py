"""A typed client for jiyi's HTTP API: `Client` (blocking) and `AsyncClient`, on httpx.

Every REST operation is written once, in `_Operations`, as the `Call` it makes: method, path,
body and the type its answer is read as. The two clients differ only in how they send a call.
Bodies and answers are the API's own schemas (`jiyi.api.schemas`), and every error the API
answers is raised as the `JiyiError` subclass of its stable code. Importing this module loads
httpx, pydantic and the domain types only: no store, no model.

    with Client("http://127.0.0.1:8420", api_key) as jiyi:
        jiyi.consent("alice", granted=True)
        jiyi.add_turns("alice", [TurnIn(session_id="s1", role=Role.USER, content="I love tea",
                                        client_ts=now_ms)])
        print(jiyi.recall("alice", "what do I drink?").text)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, ParamSpec, Self, TypeVar, overload
from urllib.parse import quote

import httpx
from pydantic import BaseModel, TypeAdapter, ValidationError

from jiyi.api.schemas import (
    AddTurnsIn,
    AddTurnsOut,
    BeliefOut,
    BeliefRefIn,
    ChangeOut,
    ConsentIn,
    ConsentOut,
    CorrectIn,
    ErrorOut,
    FeedbackIn,
    FeedbackOut,
    ForgetOut,
    HealthOut,
    IdentityIn,
    LinkIn,
    LinkOut,
    RecallIn,
    TransparencyLinkOut,
    TurnIn,
    UndoOut,
)
from jiyi.domain import EventType, IdentityKind, Role
from jiyi.domain.privacy import ErasureReceipt
from jiyi.domain.recall import FeedbackKind, RecallContext
from jiyi.errors import field_errors

__all__ = [
    "AsyncClient",
    "BadRequestError",
    "Client",
    "EventType",
    "FeedbackKind",
    "ForbiddenError",
    "IdentityConflictError",
    "IdentityIn",
    "IdentityKind",
    "InternalError",
    "InvalidInputError",
    "JiyiError",
    "NotFoundError",
    "NotStoredError",
    "PayloadTooLargeError",
    "Role",
    "TurnIn",
    "UnauthorizedError",
]

DEFAULT_TIMEOUT_S = 30.0
#: the code of a failed answer that is not the API's error shape (a proxy's error page, say)
UNEXPECTED_ANSWER_CODE = "http_error"

P = ParamSpec("P")
T = TypeVar("T")

_ERROR_TYPES: dict[str, type[JiyiError]] = {}


class JiyiError(Exception):
    """An error the API answered, or for a request its own schemas refuse, would answer.

    Catch a subclass to branch on a stable code; an answer with a code that has none is raised
    as this type, its `code` as sent."""

    def __init__(
        self, status: int, code: str, message: str, fields: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.fields = dict(fields or {})

    def __init_subclass__(cls, *, code: str, **kwargs: Any) -> None:
        """Each subclass names the code it stands for: that is how answers find their type."""
        super().__init_subclass__(**kwargs)
        _ERROR_TYPES[code] = cls

    def __str__(self) -> str:
        problems = "".join(f"; {name}: {problem}" for name, problem in self.fields.items())
        return f"{self.status} {self.code}: {self.message}{problems}"


class BadRequestError(JiyiError, code="bad_request"):
    """400: the HTTP itself was malformed."""


class UnauthorizedError(JiyiError, code="unauthorized"):
    """401: the API key is missing, unknown or revoked."""


class ForbiddenError(JiyiError, code="forbidden"):
    """403: the transparency link is invalid, expired or revoked."""


class NotFoundError(JiyiError, code="not_found"):
    """404: no such event, session, link or route (another tenant's look the same)."""


class IdentityConflictError(JiyiError, code="identity_conflict"):
    """409: the identity link would tangle two people's memories."""


class PayloadTooLargeError(JiyiError, code="payload_too_large"):
    """413: the body is over the server's size limit; send fewer turns at a time."""


class InvalidInputError(JiyiError, code="invalid_input"):
    """422: `fields` says which field is wrong and why; nothing was written."""


class InternalError(JiyiError, code="internal"):
    """500: the server failed and logged it."""


class NotStoredError(JiyiError, code="not_stored"):
    """503: a store could not take the turns and nothing was stored: retrying is safe."""


def _error_for(response: httpx.Response) -> JiyiError:
    try:
        detail = ErrorOut.model_validate_json(response.content).error
    except ValidationError:
        message = response.reason_phrase or response.text[:200]
        return JiyiError(response.status_code, UNEXPECTED_ANSWER_CODE, message)
    error_type = _ERROR_TYPES.get(detail.code, JiyiError)
    return error_type(response.status_code, detail.code, detail.message, detail.fields)


_READERS: dict[object, TypeAdapter[Any]] = {}


def _reader(answer: type[T]) -> TypeAdapter[T]:
    """One adapter per answer type, built when first needed: importing stays cheap."""
    if answer not in _READERS:
        _READERS[answer] = TypeAdapter(answer)
    return _READERS[answer]


@dataclass(frozen=True)
class Call(Generic[T]):
    """One request to the API and the type its answer is read as: an operation, sans transport."""

    method: str
    path: str
    answer: type[T]
    body: BaseModel | None = None
    params: Mapping[str, str | int] = field(default_factory=dict)

    def read(self, response: httpx.Response) -> T:
        """The answer, typed; a failed one raises its `JiyiError`."""
        if not response.is_success:
            raise _error_for(response)
        return _reader(self.answer).validate_json(response.content or b"null")  # 204: None


def _built(make_call: Callable[[], Call[T]]) -> Call[T]:
    """The call, or the `InvalidInputError` the API would answer when its schemas refuse the body:
    one exception to catch for bad input, whichever side finds it."""
    try:
        return make_call()
    except ValidationError as exc:
        fields = dict(field_errors(exc))
        raise InvalidInputError(422, "invalid_input", "the request is not valid", fields) from exc


class _Operation(Generic[P, T]):
    """An operation written once as the `Call` it makes. Read from a `Client`, it is a method
    that sends the call and returns the answer; from an `AsyncClient`, one to await."""

    def __init__(self, make_call: Callable[P, Call[T]]) -> None:
        self._make_call = make_call

    @overload
    def __get__(self, client: None, owner: type) -> Self: ...

    @overload
    def __get__(self, client: Client, owner: type) -> Callable[P, T]: ...

    @overload
    def __get__(self, client: AsyncClient, owner: type) -> Callable[P, Coroutine[Any, Any, T]]: ...

    def __get__(self, client: Client | AsyncClient | None, owner: type) -> Any:
        if client is None:
            return self
        make_call = self._make_call

        @functools.wraps(make_call)
        def send(*args: P.args, **kwargs: P.kwargs) -> Any:
            return client._send(lambda: make_call(*args, **kwargs))

        return send


def _segment(value: str) -> str:
    """A path segment as given, escaped: an id can never change which route is called."""
    return quote(value, safe="")


def _given(**values: Any) -> dict[str, Any]:
    """The options the caller set; the server's defaults apply to the rest."""
    return {name: value for name, value in values.items() if value is not None}


class _Operations:
    """Every REST operation, once, and what each request carries: base URL, key, timeout.

    User ids are the app's own; the server scopes them to the key's tenant. The `*_mine`
    operations act as the end user a transparency link was issued for (`TransparencyLinkOut.
    token`), so they need no API key."""

    def __init__(self, base_url: str, api_key: str | None, timeout: float | httpx.Timeout) -> None:
        self.base_url = base_url.rstrip("/")
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._timeout = timeout

    def _request(self, http: httpx.Client | httpx.AsyncClient, call: Call[Any]) -> httpx.Request:
        body = None  # only what the caller gave: the server's own defaults apply to the rest
        if call.body is not None:
            body = call.body.model_dump(mode="json", exclude_unset=True, exclude_none=True)
        return http.build_request(
            call.method, self.base_url + call.path, params=call.params, json=body,
            headers=self._headers, timeout=self._timeout,
        )  # fmt: skip

    # ---- what users say ------------------------------------------------------------------

    @_Operation
    @staticmethod
    def add_turns(user_id: str, turns: Sequence[TurnIn]) -> Call[AddTurnsOut]:
        """Remember what was said. Sending the same turns again stores them once, so a retry
        after a timeout or a `NotStoredError` is safe."""
        body = AddTurnsIn(turns=list(turns))
        return Call("POST", f"/v1/users/{_segment(user_id)}/turns", AddTurnsOut, body)

    @_Operation
    @staticmethod
    def undo(user_id: str, session_id: str) -> Call[UndoOut]:
        """Take back the session's last message from working memory."""
        path = f"/v1/users/{_segment(user_id)}/sessions/{_segment(session_id)}/undo"
        return Call("POST", path, UndoOut)

    @_Operation
    @staticmethod
    def recall(
        user_id: str,
        query: str,
        *,
        session_id: str | None = None,
        budget_chars: int | None = None,
        k: int | None = None,
        event_types: Sequence[EventType] | None = None,
        client_ts: int | None = None,
    ) -> Call[RecallContext]:
        """What to put in the next prompt: `.text` within `budget_chars`, each item with its
        provenance. `client_ts` (epoch ms) is what "last Saturday" is relative to."""
        options = _given(session_id=session_id, budget_chars=budget_chars, k=k,
                         event_types=event_types, client_ts=client_ts)  # fmt: skip
        body = RecallIn(query=query, **options)
        return Call("POST", f"/v1/users/{_segment(user_id)}/recall", RecallContext, body)

    @_Operation
    @staticmethod
    def feedback(user_id: str, event_id: str, kind: FeedbackKind) -> Call[FeedbackOut]:
        """The user's verdict on a recalled event: "don't bring that up" makes it rarer."""
        body = FeedbackIn(event_id=event_id, kind=kind)
        return Call("POST", f"/v1/users/{_segment(user_id)}/feedback", FeedbackOut, body)

    # ---- what is believed ------------------------------------------------------------------

    @_Operation
    @staticmethod
    def profile(user_id: str, *, as_of: int | None = None) -> Call[list[BeliefOut]]:
        """Every belief about the user, confidence decayed to now (or to `as_of`, epoch ms)."""
        path = f"/v1/users/{_segment(user_id)}/profile"
        return Call("GET", path, list[BeliefOut], params=_given(as_of=as_of))

    @_Operation
    @staticmethod
    def confirm(
        user_id: str, relation: str, object: str, *, operator: str | None = None
    ) -> Call[list[ChangeOut]]:
        """The app vouches for a belief; `operator` is who, for the audit."""
        body = BeliefRefIn(relation=relation, object=object, operator=operator)
        path = f"/v1/users/{_segment(user_id)}/beliefs/confirm"
        return Call("POST", path, list[ChangeOut], body)

    @_Operation
    @staticmethod
    def correct(
        user_id: str,
        relation: str,
        object: str,
        *,
        confidence: float | None = None,
        new_relation: str | None = None,
        new_object: str | None = None,
        operator: str | None = None,
    ) -> Call[list[ChangeOut]]:
        """Set a belief's confidence, or replace its relation or object."""
        body = CorrectIn(relation=relation, object=object, confidence=confidence,
                         new_relation=new_relation, new_object=new_object,
                         operator=operator)  # fmt: skip
        path = f"/v1/users/{_segment(user_id)}/beliefs/correct"
        return Call("POST", path, list[ChangeOut], body)

    @_Operation
    @staticmethod
    def retract(
        user_id: str, relation: str, object: str, *, operator: str | None = None
    ) -> Call[list[ChangeOut]]:
        """Withdraw a belief (its history stays in the audit)."""
        body = BeliefRefIn(relation=relation, object=object, operator=operator)
        path = f"/v1/users/{_segment(user_id)}/beliefs/retract"
        return Call("POST", path, list[ChangeOut], body)

    # ---- the user's rights -----------------------------------------------------------------

    @_Operation
    @staticmethod
    def consent(user_id: str, granted: bool) -> Call[ConsentOut]:
        """Record the user's choice about long-term memory; without it no belief is kept."""
        body = ConsentIn(granted=granted)
        return Call("PUT", f"/v1/users/{_segment(user_id)}/consent", ConsentOut, body)

    @_Operation
    @staticmethod
    def forget(user_id: str, event_type: EventType) -> Call[ForgetOut]:
        """Remove every memory of one kind (say, all small talk)."""
        path = f"/v1/users/{_segment(user_id)}/events"
        return Call("DELETE", path, ForgetOut, params={"type": event_type})

    @_Operation
    @staticmethod
    def erase(user_id: str) -> Call[ErasureReceipt]:
        """Erase the user from every store; the receipt says what each removed. Repeating it
        is harmless: the second receipt removes nothing."""
        return Call("DELETE", f"/v1/users/{_segment(user_id)}", ErasureReceipt)

    @_Operation
    @staticmethod
    def issue_transparency_link(
        user_id: str, *, ttl_seconds: int | None = None
    ) -> Call[TransparencyLinkOut]:
        """A link to hand the user: their transparency page, where they see and correct what
        is believed, until it expires or is revoked."""
        path = f"/v1/users/{_segment(user_id)}/transparency-link"
        return Call("POST", path, TransparencyLinkOut, params=_given(ttl_seconds=ttl_seconds))

    @_Operation
    @staticmethod
    def revoke_transparency_link(link_id: str) -> Call[None]:
        """Close one link now (shared by mistake, say); the user's other links keep working."""
        return Call("DELETE", f"/v1/transparency-links/{_segment(link_id)}", type(None))

    @_Operation
    @staticmethod
    def link_identities(weaker: IdentityIn, stronger: IdentityIn) -> Call[LinkOut]:
        """`weaker` (a device, say) is the same person as `stronger` (an account): from now on
        both share one memory, and what the weaker one remembered moves over."""
        body = LinkIn(weaker=weaker, stronger=stronger)
        return Call("POST", "/v1/identities/link", LinkOut, body)

    # ---- operations --------------------------------------------------------------------

    @_Operation
    @staticmethod
    def health() -> Call[HealthOut]:
        """Liveness and the server's version; needs no key."""
        return Call("GET", "/healthz", HealthOut)

    # ---- the transparency page's own routes, as the linked user ----------------------------

    @_Operation
    @staticmethod
    def my_beliefs(token: str) -> Call[list[BeliefOut]]:
        """What the linked user sees is believed about them."""
        return Call("GET", f"/me/{_segment(token)}/beliefs", list[BeliefOut])

    @_Operation
    @staticmethod
    def my_memories(token: str) -> Call[dict[str, int]]:
        """How many memories of each kind are kept about the linked user."""
        return Call("GET", f"/me/{_segment(token)}/memories", dict[str, int])

    @_Operation
    @staticmethod
    def confirm_mine(token: str, relation: str, object: str) -> Call[list[ChangeOut]]:
        """The linked user vouches for a belief about themselves."""
        body = BeliefRefIn(relation=relation, object=object)
        return Call("POST", f"/me/{_segment(token)}/beliefs/confirm", list[ChangeOut], body)

    @_Operation
    @staticmethod
    def correct_mine(
        token: str,
        relation: str,
        object: str,
        *,
        confidence: float | None = None,
        new_relation: str | None = None,
        new_object: str | None = None,
    ) -> Call[list[ChangeOut]]:
        """The linked user corrects a belief about themselves."""
        body = CorrectIn(relation=relation, object=object, confidence=confidence,
                         new_relation=new_relation, new_object=new_object)  # fmt: skip
        return Call("POST", f"/me/{_segment(token)}/beliefs/correct", list[ChangeOut], body)

    @_Operation
    @staticmethod
    def retract_mine(token: str, relation: str, object: str) -> Call[list[ChangeOut]]:
        """The linked user withdraws a belief about themselves."""
        body = BeliefRefIn(relation=relation, object=object)
        return Call("POST", f"/me/{_segment(token)}/beliefs/retract", list[ChangeOut], body)

    @_Operation
    @staticmethod
    def forget_mine(token: str, event_type: EventType) -> Call[ForgetOut]:
        """The linked user clears one kind of memory about themselves."""
        path = f"/me/{_segment(token)}/events"
        return Call("DELETE", path, ForgetOut, params={"type": event_type})


class Client(_Operations):
    """jiyi's HTTP API over blocking httpx. Use it as a context manager, or `close()` it.

    `http_client` sends through an httpx client you configured (proxies, TLS, FastAPI's
    `TestClient` to run in-process); it stays yours to close."""

    def __init__(
        self,
        base_url: str,
        api_key: str | None = None,
        *,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT_S,
        http_client: httpx.Client | None = None,
    ) -> None:
        super().__init__(base_url, api_key, timeout)
        self._owns_http = http_client is None
        self._http = http_client or httpx.Client()

    def _send(self, make_call: Callable[[], Call[T]]) -> T:
        call = _built(make_call)
        return call.read(self._http.send(self._request(self._http, call)))

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class AsyncClient(_Operations):
    """jiyi's HTTP API over asyncio httpx: every operation of `Client`, awaited. Use it as an
    async context manager, or `await aclose()`.

    `http_client` sends through an httpx client you configured (e.g. `httpx.ASGITransport` to
    run in-process); it stays yours to close."""

    def __init__(
        self,
        base_url: str,
        api_key: str | None = None,
        *,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT_S,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        super().__init__(base_url, api_key, timeout)
        self._owns_http = http_client is None
        self._http = http_client or httpx.AsyncClient()

    async def _send(self, make_call: Callable[[], Call[T]]) -> T:
        call = _built(make_call)  # inside the coroutine: bad input raises where it is awaited
        return call.read(await self._http.send(self._request(self._http, call)))

    async def aclose(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()
