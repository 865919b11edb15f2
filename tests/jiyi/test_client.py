"""The typed client (`jiyi.client`): offline, its error mapping and the requests it sends (httpx's
MockTransport); then against a real `jiyi serve`, every operation and the API's own behaviours,
each played through `Client` and `AsyncClient` alike."""

import asyncio
import inspect
import os
import subprocess
import sys
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from jiyi.api.app import ROUTERS
from jiyi.client import (
    AsyncClient,
    BadRequestError,
    Client,
    ForbiddenError,
    IdentityConflictError,
    IdentityIn,
    InternalError,
    InvalidInputError,
    JiyiError,
    NotFoundError,
    NotStoredError,
    PayloadTooLargeError,
    TurnIn,
    UnauthorizedError,
)
from jiyi.domain import ConsentState, EventType, IdentityKind, Role
from jiyi.domain.recall import FeedbackKind, RecallContext

from .serving import jiyi, running_serve

BASE = "http://jiyi.test"
KINDS = ("sync", "async")
T0 = 1_793_520_000_000  # 2026-11-01
LATER = 1_800_000_000_000
YEAR_1990 = 631_152_000_000
SESSION = "s1"
STABLE_ERRORS = [
    (400, "bad_request", BadRequestError),
    (401, "unauthorized", UnauthorizedError),
    (403, "forbidden", ForbiddenError),
    (404, "not_found", NotFoundError),
    (409, "identity_conflict", IdentityConflictError),
    (413, "payload_too_large", PayloadTooLargeError),
    (422, "invalid_input", InvalidInputError),
    (500, "internal", InternalError),
    (503, "not_stored", NotStoredError),
]


def _turn(content: str, offset_ms: int = 0, client_ts: int = T0) -> TurnIn:
    return TurnIn(session_id=SESSION, role=Role.USER, content=content,
                  client_ts=client_ts + offset_ms)  # fmt: skip


def _new_client(kind: str, api_key: str | None, http: httpx.Client | httpx.AsyncClient | None,
                base_url: str = BASE, **options: Any) -> Client | AsyncClient:  # fmt: skip
    client_type = Client if kind == "sync" else AsyncClient
    return client_type(base_url, api_key, http_client=http, **options)


def _ask(kind: str, answer: Callable[[httpx.Request], httpx.Response],
         use: Callable[[Any], Any], **options: Any) -> Any:  # fmt: skip
    """`use(client)` through the chosen client, each request answered by `answer` in-process."""
    transport = httpx.MockTransport(answer)
    if kind == "sync":
        with httpx.Client(transport=transport) as http:
            return use(_new_client(kind, "k", http, **options))

    async def ask() -> Any:
        async with httpx.AsyncClient(transport=transport) as http:
            return await use(_new_client(kind, "k", http, **options))

    return asyncio.run(ask())


def _error_answer(status: int, code: str, fields: dict[str, str]) -> Callable:
    body = {"error": {"code": code, "message": "why", "fields": fields}}
    return lambda _: httpx.Response(status, json=body)


# ---- offline: the error mapping and the requests ------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("status", "code", "error_type"), STABLE_ERRORS)
def test_each_stable_code_raises_its_own_type(kind, status, code, error_type):
    fields = {"turns.0.client_ts": "outside 2000–2099"}
    with pytest.raises(error_type) as raised:
        _ask(kind, _error_answer(status, code, fields), lambda client: client.profile("u1"))
    error = raised.value
    assert isinstance(error, JiyiError)
    assert (error.status, error.code, error.message, error.fields) == (status, code, "why", fields)
    assert str(error) == f"{status} {code}: why; turns.0.client_ts: outside 2000–2099"


@pytest.mark.parametrize("kind", KINDS)
def test_other_failures_raise_the_base_type_with_what_was_said(kind):
    with pytest.raises(JiyiError) as unknown:
        _ask(kind, _error_answer(405, "method_not_allowed", {}), lambda c: c.health())
    assert type(unknown.value) is JiyiError
    assert (unknown.value.status, unknown.value.code) == (405, "method_not_allowed")
    proxy_page = httpx.Response(502, text="<html>bad gateway</html>")
    with pytest.raises(JiyiError) as not_api:
        _ask(kind, lambda _: proxy_page, lambda c: c.health())
    assert type(not_api.value) is JiyiError
    assert (not_api.value.status, not_api.value.code) == (502, "http_error")


@pytest.mark.parametrize("kind", KINDS)
def test_requests_carry_the_key_the_timeout_only_given_options_and_escaped_ids(kind):
    sent: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, json={"user_id": "a/b", "query": "tea", "budget_chars": 100})

    recalled = _ask(kind, answer, lambda c: c.recall("a/b", "tea", k=3), timeout=7)
    assert isinstance(recalled, RecallContext)
    (request,) = sent
    assert request.method == "POST"
    assert request.url.raw_path == b"/v1/users/a%2Fb/recall"
    assert request.headers["authorization"] == "Bearer k"
    assert request.extensions["timeout"]["read"] == 7
    assert request.read() == b'{"query":"tea","k":3}'


@pytest.mark.parametrize("kind", KINDS)
def test_a_body_the_schemas_refuse_is_invalid_input_and_is_never_sent(kind):
    def answer(request: httpx.Request) -> httpx.Response:
        raise AssertionError(f"sent {request.url}")

    with pytest.raises(InvalidInputError) as empty:
        _ask(kind, answer, lambda c: c.recall("u1", ""))
    assert empty.value.status == 422
    assert set(empty.value.fields) == {"query"}
    with pytest.raises(InvalidInputError) as too_many:
        _ask(kind, answer, lambda c: c.add_turns("u1", [_turn("hi", i) for i in range(101)]))
    assert set(too_many.value.fields) == {"turns"}


@pytest.mark.parametrize("kind", KINDS)
def test_an_empty_answer_reads_as_none(kind):
    revoked = _ask(kind, lambda _: httpx.Response(204), lambda c: c.revoke_transparency_link("l"))
    assert revoked is None


def test_a_client_closes_only_the_http_client_it_made():
    with httpx.Client(transport=httpx.MockTransport(lambda _: httpx.Response(204))) as http:
        with Client(BASE, http_client=http) as client:
            client.revoke_transparency_link("l")
        assert not http.is_closed


def test_importing_the_client_loads_no_store_model_or_server():
    heavy = ["torch", "lancedb", "pyarrow", "numpy", "fastapi", "jiyi.memory", "jiyi.graph"]
    probe = f"import sys, jiyi.client; print([m for m in {heavy!r} if m in sys.modules])"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True).stdout.strip()  # fmt: skip
    assert loaded == "[]"


PHONE = IdentityIn(kind=IdentityKind.DEVICE, value="p1")
ACCOUNT = IdentityIn(kind=IdentityKind.ACCOUNT, value="u1")
EXAMPLE_CALLS: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {
    "add_turns": (("u1", [_turn("hi")]), {}),
    "undo": (("u1", SESSION), {}),
    "recall": (("u1", "tea"), {}),
    "feedback": (("u1", "abcdef0123456789", FeedbackKind.USEFUL), {}),
    "profile": (("u1",), {"as_of": T0}),
    "confirm": (("u1", "likes", "tea"), {}),
    "correct": (("u1", "likes", "tea"), {"confidence": 0.5}),
    "retract": (("u1", "likes", "tea"), {}),
    "consent": (("u1", True), {}),
    "forget": (("u1", EventType.GREETING), {}),
    "erase": (("u1",), {}),
    "issue_transparency_link": (("u1",), {"ttl_seconds": 600}),
    "revoke_transparency_link": (("link-1",), {}),
    "link_identities": ((PHONE, ACCOUNT), {}),
    "health": ((), {}),
    "my_beliefs": (("token",), {}),
    "my_memories": (("token",), {}),
    "confirm_mine": (("token", "likes", "tea"), {}),
    "correct_mine": (("token", "likes", "tea"), {"new_object": "coffee"}),
    "retract_mine": (("token", "likes", "tea"), {}),
    "forget_mine": (("token", EventType.GREETING), {}),
}


def test_every_route_has_an_operation():
    operations = {name for name in dir(Client) if not name.startswith("_")} - {"close"}
    assert operations == set(EXAMPLE_CALLS)
    sent: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(599)

    with httpx.Client(transport=httpx.MockTransport(answer)) as http:
        client = Client(BASE, "k", http_client=http)
        for name, (args, kwargs) in EXAMPLE_CALLS.items():
            with pytest.raises(JiyiError):
                getattr(client, name)(*args, **kwargs)
    routes = [r for router in ROUTERS for r in router.routes if r.include_in_schema]
    for route in routes:
        assert any(
            request.method in route.methods and route.path_regex.match(request.url.path)
            for request in sent
        ), f"no client operation for {route.methods} {route.path}"


# ---- against a real server: every operation and the API's behaviours -----------------------


@dataclass(frozen=True)
class Served:
    base_url: str
    env: dict[str, str]
    keys: dict[str, str | None]  # caller -> API key; "nobody" sends none


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[Served]:
    """One `jiyi serve` on loopback for the module; every test uses its own user ids."""
    data = tmp_path_factory.mktemp("served")
    env = {**os.environ, "JIYI_DATA_DIR": str(data), "JIYI_EMBEDDER__MODEL": "hashing:64"}
    keys: dict[str, str | None] = {
        caller: jiyi(env, "keys", "create", tenant)
        for caller, tenant in [("acme", "acme"), ("globex", "globex"),
                               ("doomed-sync", "acme"), ("doomed-async", "acme")]
    }  # fmt: skip
    with running_serve(env) as base_url:
        yield Served(base_url, env, {**keys, "nobody": None})


@dataclass(frozen=True)
class Send:
    """One step of a scenario: an operation, its arguments, and whose key sends it."""

    operation: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    caller: str = "acme"


def send(operation: str, *args: Any, caller: str = "acme", **kwargs: Any) -> Send:
    return Send(operation, args, kwargs, caller)


#: a scenario yields each step and gets its answer back (or its `JiyiError`, thrown in)
Scenario = Generator[Send, Any, None]


async def _play(scenario: Scenario, clients: Mapping[str, Client | AsyncClient]) -> None:
    """Play one scenario through either kind of client: the same steps, blocking or awaited."""
    answer, error = None, None
    while True:
        try:
            step = scenario.throw(error) if error else scenario.send(answer)
        except StopIteration:
            return
        try:
            sent = getattr(clients[step.caller], step.operation)(*step.args, **step.kwargs)
            answer, error = (await sent if inspect.isawaitable(sent) else sent), None
        except JiyiError as exc:
            answer, error = None, exc


@pytest.fixture(params=KINDS)
def kind(request) -> str:
    return request.param


@pytest.fixture
def play(served, kind) -> Callable[[Scenario], None]:
    def run(scenario: Scenario) -> None:
        async def go() -> None:
            clients = {caller: _new_client(kind, key, None, served.base_url)
                       for caller, key in served.keys.items()}  # fmt: skip
            try:
                await _play(scenario, clients)
            finally:
                for client in clients.values():
                    await client.aclose() if isinstance(client, AsyncClient) else client.close()

        asyncio.run(go())

    return run


@pytest.mark.integration
def test_every_operation_through_the_client(play, kind):
    def every_operation(user: str) -> Scenario:
        assert (yield send("health")).status == "ok"
        assert (yield send("consent", user, granted=True)).state is ConsentState.GRANTED
        said = [_turn("我总把加速度和速度搞混"), _turn("I love oolong tea.", 1), _turn("Hello!", 2)]
        added = yield send("add_turns", user, said)
        assert added.accepted == 3
        recalled = yield send("recall", user, "加速度", session_id=SESSION, client_ts=LATER, k=3)
        assert "加速度和速度" in recalled.text
        weight = yield send("feedback", user, recalled.events[0].event_id, FeedbackKind.USEFUL)
        assert weight.retrieval_weight > 0
        beliefs = yield send("profile", user)
        (belief,) = [b for b in beliefs if b.relation == "learning_obstacle"]
        (liked,) = [b for b in beliefs if b is not belief]
        what = (belief.relation, belief.object)
        assert (yield send("confirm", user, *what, operator="qa"))[0].action == "confirm"
        corrected = yield send("correct", user, *what, confidence=0.5)
        assert corrected[0].new_confidence == 0.5
        assert 0.5 in [b.stored_confidence for b in (yield send("profile", user, as_of=LATER))]
        assert (yield send("undo", user, SESSION)).version == added.versions[-1] + 1
        link = yield send("issue_transparency_link", user, ttl_seconds=600)
        assert link.path == f"/me/{link.token}"
        assert link.expires_in == 600
        seen = yield send("my_beliefs", link.token)
        assert {b.edge_id for b in seen} == {b.edge_id for b in beliefs}
        assert (yield send("my_memories", link.token))["concept_confusion"] == 1
        assert (yield send("confirm_mine", link.token, *what))[0].action == "confirm"
        assert (yield send("correct_mine", link.token, *what, confidence=0.9))[0].source == "human"
        assert (yield send("retract_mine", link.token, *what))[0].action == "retract"
        assert (yield send("forget_mine", link.token, EventType.GREETING)).removed == 1
        assert (yield send("revoke_transparency_link", link.link_id)) is None
        with pytest.raises(ForbiddenError):
            yield send("my_beliefs", link.token)
        device = IdentityIn(kind=IdentityKind.DEVICE, value=f"{user}-phone")
        account = IdentityIn(kind=IdentityKind.ACCOUNT, value=user)
        assert (yield send("link_identities", device, account)).user_id == user
        other = IdentityIn(kind=IdentityKind.DEVICE, value=f"{user}-tablet")
        with pytest.raises(IdentityConflictError):
            yield send("link_identities", account, other)
        retracted = yield send("retract", user, liked.relation, liked.object, operator="qa")
        assert retracted[0].action == "retract"
        assert (yield send("forget", user, EventType.CONCEPT_CONFUSION)).removed == 1
        assert (yield send("erase", user)).user_id == user

    play(every_operation(f"every-{kind}"))


@pytest.mark.integration
def test_the_agent_loop_through_the_client(play, kind):
    def agent_loop(user: str) -> Scenario:
        yield send("consent", user, granted=True)
        assert (yield send("add_turns", user, [_turn("我总把加速度和速度搞混")])).events >= 1
        recalled = yield send("recall", user, "加速度", session_id=SESSION, client_ts=LATER)
        assert recalled.user_id == user
        assert "加速度和速度" in recalled.text
        (belief,) = yield send("profile", user)
        assert belief.relation == "learning_obstacle"
        corrected = yield send("correct", user, belief.relation, belief.object, confidence=0.2)
        assert corrected[0].source == "human"
        assert (yield send("profile", user))[0].stored_confidence == 0.2

    play(agent_loop(f"loop-{kind}"))


@pytest.mark.integration
def test_tenants_cannot_reach_each_other_through_the_client(play, kind):
    def two_tenants(user: str) -> Scenario:
        yield send("add_turns", user, [_turn("I love secret-recipe pancakes.")])
        leaked = yield send("recall", user, "pancakes", caller="globex")
        assert "pancakes" not in leaked.text
        assert (yield send("erase", user, caller="globex")).removed["episodic"] == 0
        link = yield send("issue_transparency_link", user)
        with pytest.raises(NotFoundError):
            yield send("revoke_transparency_link", link.link_id, caller="globex")
        assert "pancakes" in (yield send("recall", user, "pancakes")).text
        assert (yield send("my_memories", link.token, caller="nobody"))  # still open

    play(two_tenants(f"tenants-{kind}"))


@pytest.mark.integration
def test_a_missing_or_revoked_key_is_unauthorized(play, kind, served):
    doomed = f"doomed-{kind}"

    def revoked(user: str) -> Scenario:
        assert (yield send("profile", user, caller=doomed)) == []
        jiyi(served.env, "keys", "revoke", served.keys[doomed].split("_")[1])
        with pytest.raises(UnauthorizedError):
            yield send("profile", user, caller=doomed)
        with pytest.raises(UnauthorizedError):
            yield send("add_turns", user, [_turn("hi")], caller="nobody")
        assert (yield send("health", caller="nobody")).status == "ok"

    play(revoked(f"keys-{kind}"))


@pytest.mark.integration
def test_bad_input_is_invalid_input_naming_the_field_and_writes_nothing(play, kind):
    def bad_input(user: str) -> Scenario:
        old = [_turn("I love tea."), _turn("I love jazz.", client_ts=YEAR_1990)]
        with pytest.raises(InvalidInputError) as outside_the_window:
            yield send("add_turns", user, old)
        assert "turns.1.client_ts" in outside_the_window.value.fields
        with pytest.raises(InvalidInputError) as empty_query:  # refused before it is sent
            yield send("recall", user, "")
        assert "query" in empty_query.value.fields
        with pytest.raises(InvalidInputError) as bad_id:
            yield send("profile", "bad!id")
        assert any("user_id" in name for name in bad_id.value.fields)
        with pytest.raises(NotFoundError):
            yield send("feedback", user, "abcdef0123456789", FeedbackKind.DONT_BRING_UP)
        with pytest.raises(PayloadTooLargeError):
            yield send("add_turns", user, [_turn("x" * 30_000, i) for i in range(10)])
        assert (yield send("recall", user, "tea")).text == ""

    play(bad_input(f"bad-{kind}"))


@pytest.mark.integration
def test_a_retried_add_is_stored_once(play, kind):
    def retried(user: str) -> Scenario:
        yield send("consent", user, granted=True)
        said = [_turn("I love oolong tea."), _turn("我总把加速度和速度搞混", 1)]
        yield send("add_turns", user, said)
        link = yield send("issue_transparency_link", user)
        kept, believed = (yield send("my_memories", link.token)), (yield send("profile", user))
        assert (yield send("add_turns", user, said)).accepted == 2  # the retry
        assert (yield send("my_memories", link.token)) == kept
        assert [b.edge_id for b in (yield send("profile", user))] == [b.edge_id for b in believed]

    play(retried(f"retry-{kind}"))


@pytest.mark.integration
def test_erasing_twice_removes_nothing_the_second_time(play, kind):
    def erase_twice(user: str) -> Scenario:
        yield send("add_turns", user, [_turn("I love tea.")])
        first = yield send("erase", user)
        second = yield send("erase", user)
        assert first.removed["episodic"] >= 1
        assert sum(second.removed.values()) == 0

    play(erase_twice(f"erase-{kind}"))


@pytest.mark.integration
def test_a_transparency_link_is_issued_used_and_revoked(play, kind):
    def transparency(user: str) -> Scenario:
        yield send("consent", user, granted=True)
        yield send("add_turns", user, [_turn("我总把加速度和速度搞混")])
        revoked = yield send("issue_transparency_link", user)
        kept = yield send("issue_transparency_link", user)
        (belief,) = yield send("my_beliefs", kept.token, caller="nobody")
        yield send("correct_mine", kept.token, belief.relation, belief.object, confidence=0.3,
                   caller="nobody")  # fmt: skip
        assert (yield send("profile", user))[0].source == "human"  # the app sees the user's fix
        yield send("revoke_transparency_link", revoked.link_id)
        with pytest.raises(ForbiddenError):
            yield send("my_beliefs", revoked.token, caller="nobody")
        assert len((yield send("my_beliefs", kept.token, caller="nobody"))) == 1

    play(transparency(f"link-{kind}"))


@pytest.mark.integration
def test_the_demo_plays_over_real_http(served):
    shown = jiyi(served.env, "demo", "--api", served.base_url, "--key", served.keys["acme"])
    assert "turns accepted" in shown
    assert "== recall for" in shown
