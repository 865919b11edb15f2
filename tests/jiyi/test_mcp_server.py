"""The MCP server through the official MCP client: in-process for schemas and error mapping,
then a real `jiyi mcp` over stdio and a real `jiyi serve` over streamable HTTP."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from fastapi.testclient import TestClient
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from jiyi.api.app import create_app
from jiyi.api.dependencies import StoreGuard
from jiyi.api.keys import ApiKeyStore, key_id_of
from jiyi.config import Settings
from jiyi.mcp_server import MCP_PATH, PROFILE_URI, Caller, build_server, mount_mcp
from jiyi.memory import Memory
from models.hashing import HashingEncoder

from .serving import jiyi, running_serve

REPO = Path(__file__).resolve().parents[2]
TOOLS = {
    "remember", "recall", "profile", "confirm_belief", "correct_belief", "retract_belief",
    "forget", "erase_user",
}  # fmt: skip
TEA = [{"role": "user", "content": "I love oolong tea."}]
# each is refused with the REST API's code, and the server answers the next call as usual
BAD_CALLS = [
    pytest.param("forget_everything", {}, "not_found", "name", id="unknown-tool"),
    pytest.param("recall", {"user_id": "u1", "query": "tea", "limit": 3}, "invalid_input",
                 "limit", id="extra-argument"),
    pytest.param("recall", {"user_id": "u1", "query": "tea", "k": "many"}, "invalid_input",
                 "k", id="wrong-type"),
    pytest.param("remember", {"user_id": "u1", "session_id": "s1",
                              "turns": [{"role": "user", "content": "x" * 40_000}]},
                 "invalid_input", "turns.0.content", id="oversized-content"),
    pytest.param("recall", {"user_id": "globex:u1", "query": "tea"}, "invalid_input",
                 "user_id", id="user-id-naming-a-tenant"),
    pytest.param("remember", {"user_id": "u1", "session_id": "s1",
                              "turns": [{"role": "user", "content": "hi", "client_ts": 5}]},
                 "invalid_input", "turns.0.client_ts", id="client-ts-outside-the-window"),
    pytest.param("retract_belief", {"user_id": "u1", "relation": "likes", "object": "tea"},
                 "invalid_input", "relation", id="unknown-relation"),
]  # fmt: skip

OpenClient = Callable[[str], AbstractAsyncContextManager[Client]]


async def _call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def _refused(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert result.is_error
    assert result.structured_content is not None
    error = result.structured_content["error"]
    assert set(error) == {"code", "message", "fields"}
    assert error["code"] in result.content[0].text  # the model reads the code too
    return error


async def _remember_recall_and_refuse(open_client: OpenClient) -> None:
    """What every transport must show: memory that outlives the connection, tenancy as on
    REST, an erase that needs its confirmation, and errors that leave the server serving."""
    async with open_client("acme") as client:
        stored = await _call(client, "remember", user_id="u1", session_id="s1", turns=TEA)
        assert stored["accepted"] == 1
        refused = await _refused(client, "erase_user", user_id="u1")
        assert (refused["code"], list(refused["fields"])) == ("invalid_input", ["confirm"])
        for tool, arguments, code, field in (p.values for p in BAD_CALLS):
            error = await _refused(client, tool, **arguments)
            assert (error["code"], field in error["fields"]) == (code, True), error
            assert (await _call(client, "profile", user_id="u1"))["user_id"] == "u1"
    async with open_client("acme") as later:
        recalled = await _call(later, "recall", user_id="u1", query="tea")
        assert "oolong tea" in recalled["text"]
        assert recalled["user_id"] == "u1"
        assert recalled["events"][0]["why"]["lexical"] > 0
        other_user = await _call(later, "recall", user_id="u2", query="tea")
        assert (other_user["text"], other_user["events"]) == ("", [])
    async with open_client("globex") as other_tenant:
        leaked = await _call(other_tenant, "recall", user_id="u1", query="tea")
        assert (leaked["text"], leaked["events"]) == ("", [])


# ---- in process: schemas and error mapping ---------------------------------------------------


@pytest.fixture
def memory(tmp_path):
    memory = Memory(Settings(data_dir=tmp_path), encoder=HashingEncoder(64))
    yield memory
    memory.close()


def _in_process(memory: Memory, default_user: str | None = None) -> OpenClient:
    guard = StoreGuard()

    def open_client(tenant: str) -> Client:
        return Client(build_server(memory, guard, lambda _: Caller(tenant, default_user)))

    return open_client


def test_tools_publish_strict_input_and_structured_output_schemas(memory):
    async def listed() -> Any:
        async with _in_process(memory)("acme") as client:
            return (await client.list_tools()).tools

    tools = {tool.name: tool for tool in anyio.run(listed)}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert len(tool.description or "") > 60, tool.name  # written for a model to choose by
        assert tool.input_schema["additionalProperties"] is False, tool.name
        assert (tool.output_schema or {}).get("type") == "object", tool.name
    assert tools["erase_user"].input_schema["properties"]["confirm"]["const"] is True
    assert "confirm" in tools["erase_user"].input_schema["required"]
    assert tools["recall"].annotations.read_only_hint is True
    assert tools["erase_user"].annotations.destructive_hint is True
    assert {"text", "events", "beliefs"} <= set(tools["recall"].output_schema["properties"])


def test_the_profile_is_a_resource_scoped_like_the_tools(memory):
    memory.consent("acme:u1", True)

    async def read() -> Any:
        async with _in_process(memory)("acme") as client:
            await _call(client, "remember", user_id="u1", session_id="s1", turns=TEA)
            templates = (await client.list_resource_templates()).resource_templates
            mine = await client.read_resource(PROFILE_URI.format(user_id="u1"))
        async with _in_process(memory)("globex") as other:
            theirs = await other.read_resource(PROFILE_URI.format(user_id="u1"))
        return templates, mine.contents[0].text, theirs.contents[0].text

    templates, mine, theirs = anyio.run(read)
    assert [t.uri_template for t in templates] == [PROFILE_URI]
    assert '"object":"oolong tea"' in mine
    assert theirs == '{"user_id":"u1","beliefs":[]}'


def test_memory_tenancy_and_refusals_in_process(memory):
    anyio.run(_remember_recall_and_refuse, _in_process(memory))


def test_recall_takes_the_kinds_and_the_clients_clock_as_rest_does(memory):
    """Only the kinds asked for; "a month ago" read on the user's clock, not the server's."""
    day = 86_400_000
    said = [
        {"role": "user", "content": "I love oolong tea.", "client_ts": 1_790_000_000_000},
        {"role": "user", "content": "I keep mixing up tea and coffee.",
         "client_ts": 1_790_000_000_000 + 40 * day},
    ]  # fmt: skip

    async def calls() -> tuple[dict[str, Any], dict[str, Any]]:
        async with _in_process(memory)("acme") as client:
            await _call(client, "remember", user_id="u1", session_id="s1", turns=said)
            only = await _call(client, "recall", user_id="u1", query="tea",
                               event_types=["preference"])  # fmt: skip
            then = await _call(client, "recall", user_id="u1", query="tea a month ago",
                               client_ts=1_790_000_000_000 + 70 * day)  # fmt: skip
            return only, then

    only, then = anyio.run(calls)
    assert {e["event_type"] for e in only["events"]} == {"preference"}
    timing = {e["ts"]: e["why"]["timing"] for e in then["events"]}
    assert timing[said[1]["client_ts"]] > timing[said[0]["client_ts"]]  # the one a month back


@pytest.mark.parametrize(("tool", "arguments", "code", "field"), BAD_CALLS)
def test_bad_arguments_are_tool_errors_with_the_rest_code(memory, tool, arguments, code, field):
    async def call() -> tuple[dict[str, Any], dict[str, Any]]:
        async with _in_process(memory)("acme") as client:
            error = await _refused(client, tool, **arguments)
            return error, await _call(client, "recall", user_id="u1", query="tea")

    error, next_call = anyio.run(call)
    assert error["code"] == code
    assert field in error["fields"]
    assert next_call["user_id"] == "u1"


def test_erase_needs_its_confirmation_and_then_erases(memory):
    async def erase() -> tuple[dict[str, Any], str, dict[str, Any], str]:
        async with _in_process(memory)("acme") as client:
            await _call(client, "remember", user_id="u1", session_id="s1", turns=TEA)
            refused = await _refused(client, "erase_user", user_id="u1", confirm=False)
            kept = (await _call(client, "recall", user_id="u1", query="tea"))["text"]
            receipt = await _call(client, "erase_user", user_id="u1", confirm=True)
            gone = (await _call(client, "recall", user_id="u1", query="tea"))["text"]
            return refused, kept, receipt, gone

    refused, kept, receipt, gone = anyio.run(erase)
    assert refused["code"] == "invalid_input"
    assert "oolong tea" in kept
    assert receipt["user_id"] == "u1"  # unscoped, as REST returns it
    assert receipt["removed"]["episodic"] == 1
    assert gone == ""


def test_a_default_user_serves_calls_that_name_none(memory):
    async def calls() -> tuple[dict[str, Any], dict[str, Any]]:
        async with _in_process(memory, default_user="alice")("acme") as client:
            await _call(client, "remember", session_id="s1", turns=TEA)
            recalled = await _call(client, "recall", query="tea")
        async with _in_process(memory)("acme") as client:
            return recalled, await _refused(client, "recall", query="tea")

    recalled, refused = anyio.run(calls)
    assert (recalled["user_id"], "oolong tea" in recalled["text"]) == ("alice", True)
    assert memory.recall("acme:alice", "tea").events  # scoped like any other user id
    assert (refused["code"], list(refused["fields"])) == ("invalid_input", ["user_id"])


def test_a_crash_is_internal_logged_and_tells_nothing(memory, monkeypatch, caplog):
    def crash(*_: Any, **__: Any) -> None:
        raise RuntimeError("disk full at /srv/secret/path")

    monkeypatch.setattr(memory, "recall", crash)
    monkeypatch.setattr(logging.getLogger("jiyi"), "propagate", True)  # to caplog's handler

    async def call() -> tuple[dict[str, Any], dict[str, Any]]:
        async with _in_process(memory)("acme") as client:
            error = await _refused(client, "recall", user_id="u1", query="tea")
            return error, await _call(client, "profile", user_id="u1")

    error, still_serving = anyio.run(call)
    assert error["code"] == "internal"
    assert "secret" not in str(error)
    assert "disk full" in caplog.text
    assert still_serving["beliefs"] == []


def _json_rpc(tool: str, **arguments: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments}}  # fmt: skip


MCP_ACCEPT = {"Accept": "application/json, text/event-stream"}


def test_mounted_tools_take_the_rest_apps_store_lock(memory, tmp_path):
    app = create_app(memory, ApiKeyStore(tmp_path / "keys.sqlite3"))
    mount_mcp(app)
    headers = {**MCP_ACCEPT, "X-API-Key": app.state.keys.create("acme")}
    answered = threading.Event()
    results = []
    with TestClient(app) as client:

        def recall() -> None:
            call = _json_rpc("recall", user_id="u1", query="tea")
            results.append(client.post(MCP_PATH, json=call, headers=headers).json()["result"])
            answered.set()

        with app.state.guard.exclusive():  # a REST erasure holding the stores
            caller = threading.Thread(target=recall)
            caller.start()
            assert not answered.wait(0.5)
        assert answered.wait(10)
        caller.join()
    assert results[0]["structuredContent"]["user_id"] == "u1"


def test_mounted_mcp_refuses_a_bad_key_before_any_tool_runs(memory, tmp_path, monkeypatch):
    app = create_app(memory, ApiKeyStore(tmp_path / "keys.sqlite3"))
    mount_mcp(app)
    monkeypatch.setattr(memory, "add_turns", lambda _: pytest.fail("a tool ran"))
    call = _json_rpc("remember", user_id="u1", session_id="s1", turns=TEA)
    with TestClient(app) as client:
        refused = client.post(MCP_PATH, json=call, headers={**MCP_ACCEPT, "X-API-Key": "nope"})
    assert refused.status_code == 401
    assert refused.json()["error"]["code"] == "unauthorized"


# ---- real processes: `jiyi mcp` over stdio, `jiyi serve` over streamable HTTP ---------------


def _env(data_dir: Path) -> dict[str, str]:
    return {**os.environ, "JIYI_DATA_DIR": str(data_dir), "JIYI_EMBEDDER__MODEL": "hashing:64",
            "JIYI_LOG_FORMAT": "json", "PYTHONPATH": str(REPO)}  # fmt: skip


@pytest.mark.integration
def test_jiyi_mcp_over_stdio_remembers_across_processes_per_tenant(tmp_path):
    env = _env(tmp_path)

    def open_client(tenant: str) -> Client:
        args = ["-m", "jiyi.cli", "mcp", "--tenant", tenant]
        return Client(StdioServerParameters(command=sys.executable, args=args, env=env))

    anyio.run(_remember_recall_and_refuse, open_client)


@pytest.mark.integration
def test_jiyi_mcp_takes_its_tenant_and_default_user_from_settings(tmp_path):
    env = {**_env(tmp_path), "JIYI_MCP__TENANT": "acme", "JIYI_MCP__USER_ID": "alice"}
    server = StdioServerParameters(command=sys.executable, args=["-m", "jiyi.cli", "mcp"], env=env)

    async def calls() -> dict[str, Any]:
        async with Client(server) as client:
            await _call(client, "remember", session_id="s1", turns=TEA)
        async with Client(server) as client:
            return await _call(client, "recall", query="tea")

    recalled = anyio.run(calls)
    assert (recalled["user_id"], "oolong tea" in recalled["text"]) == ("alice", True)
    missing = subprocess.run([sys.executable, "-m", "jiyi.cli", "mcp"], env=_env(tmp_path),
                             capture_output=True, text=True, check=False)  # fmt: skip
    assert missing.returncode == 2
    assert "--tenant" in missing.stderr


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A real `jiyi serve` on a free loopback port: its URL and the data dir's env."""
    env = _env(tmp_path_factory.mktemp("serve"))
    with running_serve(env) as base:
        yield base, env


@asynccontextmanager
async def _over_http(base: str, headers: dict[str, str]) -> AsyncIterator[Client]:
    async with (
        httpx2.AsyncClient(headers=headers) as http,
        Client(streamable_http_client(f"{base}/mcp", http_client=http)) as client,
    ):
        yield client


@pytest.mark.integration
def test_jiyi_serve_mounts_mcp_with_the_rest_keys_and_tenancy(served):
    base, env = served
    keys = {tenant: jiyi(env, "keys", "create", tenant) for tenant in ("acme", "globex")}

    def open_client(tenant: str) -> AbstractAsyncContextManager[Client]:
        # both ways of presenting a key that REST accepts
        header = {"X-API-Key": keys[tenant]} if tenant == "globex" else {}
        return _over_http(base, header or {"Authorization": f"Bearer {keys[tenant]}"})

    anyio.run(_remember_recall_and_refuse, open_client)
    # one key reaches the same users over either protocol
    rest = httpx.post(f"{base}/v1/users/u1/recall", json={"query": "tea"},
                      headers={"X-API-Key": keys["acme"]})  # fmt: skip
    assert "oolong tea" in rest.json()["text"]


@pytest.mark.integration
def test_mcp_refuses_a_missing_unknown_or_revoked_key_with_the_rest_401(served):
    base, env = served
    revoked = jiyi(env, "keys", "create", "acme")
    jiyi(env, "keys", "revoke", key_id_of(revoked))
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    for headers in ({}, {"Authorization": "Bearer jiyi_nope_nope"}, {"X-API-Key": revoked}):
        response = httpx.post(f"{base}/mcp", json=initialize, headers={
            **headers, "Accept": "application/json, text/event-stream"})  # fmt: skip
        assert response.status_code == 401, headers
        assert response.json() == {"error": {"code": "unauthorized",
                                              "message": "a valid API key is required",
                                              "fields": {}}}  # fmt: skip

    statuses = []

    async def record(response: httpx2.Response) -> None:
        statuses.append(response.status_code)

    async def connect_with_a_wrong_key() -> None:
        hooks = {"response": [record]}
        async with (
            httpx2.AsyncClient(headers={"X-API-Key": "jiyi_nope_nope"}, event_hooks=hooks) as http,
            Client(streamable_http_client(f"{base}/mcp", http_client=http)),
        ):
            pass

    with pytest.RaisesGroup(MCPError, flatten_subgroups=True):  # the official client gives up
        anyio.run(connect_with_a_wrong_key)
    assert set(statuses) == {401}  # the key was refused at each request, nothing else ran
