import gc
import json
import os

import httpx
import psutil
import pytest
from typer.testing import CliRunner

from jiyi import __version__
from jiyi.api.front import worker_for
from jiyi.cli import _ready_to_serve, app

from .serving import jiyi, running_serve

runner = CliRunner()


def test_help_lists_the_commands():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("version", "config", "demo", "bench"):
        assert command in result.output


def test_a_server_warms_up_then_puts_what_it_built_beyond_the_collector():
    class Warming:
        warmed = False

        def warm_up(self) -> None:
            self.warmed = True

    memory = Warming()
    gc.unfreeze()  # an in-process `jiyi mcp` test may have frozen this process already
    try:
        _ready_to_serve(memory)  # type: ignore[arg-type]
        assert memory.warmed
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_version():
    result = runner.invoke(app, ["version"])
    assert result.exit_code == 0
    assert result.output.strip() == __version__


def test_config_show_masks_secrets(monkeypatch):
    monkeypatch.setenv("JIYI_LLM__API_KEY", "sk-very-secret")
    result = runner.invoke(app, ["config", "show"])
    assert result.exit_code == 0
    shown = json.loads(result.output)
    assert shown["llm"]["api_key"] == "**********"
    assert "sk-very-secret" not in result.output


def test_config_check_fails_with_the_setting_named(monkeypatch):
    monkeypatch.setenv("JIYI_GRAPH__BACKEND", "kuzu")
    result = runner.invoke(app, ["config", "check"])
    assert result.exit_code == 2
    assert "JIYI_GRAPH__BACKEND" in result.output
    assert "'sqlite' or 'neo4j'" in result.output


def test_config_check_passes_on_defaults(monkeypatch):
    monkeypatch.delenv("JIYI_GRAPH__BACKEND", raising=False)
    result = runner.invoke(app, ["config", "check"])
    assert result.exit_code == 0
    assert "settings OK" in result.output


def test_demo_plays_the_bundled_conversations(tmp_path, monkeypatch):
    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("JIYI_EMBEDDER__MODEL", "hashing:64")
    result = runner.invoke(app, ["demo", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert len(report["rejected"]) == 4
    assert report["beliefs"]["maya"]


def test_keys_create_list_revoke(tmp_path, monkeypatch):
    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path))
    created = runner.invoke(app, ["keys", "create", "acme", "--name", "bot"])
    assert created.exit_code == 0
    key = created.output.strip()
    assert key.startswith("jiyi_")
    listed = runner.invoke(app, ["keys", "list"]).output
    key_id = key.split("_")[1]
    assert f"{key_id}  acme  bot  active" in listed
    assert key.split("_", 2)[2] not in listed
    assert runner.invoke(app, ["keys", "revoke", key_id]).exit_code == 0
    assert "revoked" in runner.invoke(app, ["keys", "list"]).output
    assert runner.invoke(app, ["keys", "revoke", key_id]).exit_code == 1


def test_links_revoke_closes_one_transparency_link(tmp_path, monkeypatch):
    from fastapi.testclient import TestClient

    from jiyi.api.app import create_app
    from jiyi.composition import open_key_store
    from jiyi.config import Settings
    from jiyi.memory import Memory
    from models.hashing import HashingEncoder

    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path))
    settings = Settings(data_dir=tmp_path)
    memory, keys = Memory(settings, encoder=HashingEncoder(64)), open_key_store(settings)
    try:
        client = TestClient(create_app(memory, keys))
        auth = {"Authorization": f"Bearer {keys.create('acme')}"}
        revoked, kept = (
            client.post("/v1/users/u1/transparency-link", headers=auth).json() for _ in range(2)
        )
        result = runner.invoke(app, ["links", "revoke", revoked["link_id"]])
        assert result.exit_code == 0, result.output
        assert "revoked" in result.output
        assert client.get(f"{revoked['path']}/beliefs").status_code == 403
        assert client.get(f"{kept['path']}/beliefs").status_code == 200
        unknown = runner.invoke(app, ["links", "revoke", kept["link_id"] + "x"])
        assert unknown.exit_code == 1
        assert client.get(f"{kept['path']}/beliefs").status_code == 200
    finally:
        memory.close()


@pytest.mark.integration
def test_serve_answers_over_real_http(tmp_path):
    env = {**os.environ, "JIYI_DATA_DIR": str(tmp_path), "JIYI_EMBEDDER__MODEL": "hashing:64"}
    key = jiyi(env, "keys", "create", "acme")
    with running_serve(env) as base:
        auth = {"Authorization": f"Bearer {key}"}
        turn = {"session_id": "s", "role": "user", "content": "I love tea.",
                "client_ts": 1_790_000_000_000}  # fmt: skip
        added = httpx.post(f"{base}/v1/users/u1/turns", json={"turns": [turn]}, headers=auth)
        assert added.status_code == 200
        recall = httpx.post(f"{base}/v1/users/u1/recall", json={"query": "tea"}, headers=auth)
        assert "tea" in recall.json()["text"]


def test_serve_refuses_several_workers_that_would_write_inline():
    result = runner.invoke(app, ["serve", "--workers", "2"])
    assert result.exit_code == 2
    assert "--no-inline" in result.output


def _worker_sockets(base: str) -> list[str]:
    """The Unix sockets of the workers behind the front at `base`, from their command lines."""
    port = base.rsplit(":", 1)[1]
    front = next(
        p
        for p in psutil.process_iter(["cmdline"])
        if "--workers" in (p.info["cmdline"] or []) and port in p.info["cmdline"]
    )
    return sorted(c.cmdline()[c.cmdline().index("--uds") + 1] for c in front.children())


@pytest.mark.integration
def test_serve_with_workers_keeps_each_session_whole_and_erasure_reaches_every_worker(tmp_path):
    """Users on both workers see their own sessions; a device routed to one worker and its
    account routed to the other are erased from both."""
    env = {**os.environ, "JIYI_DATA_DIR": str(tmp_path), "JIYI_EMBEDDER__MODEL": "hashing:64"}
    auth = {"Authorization": f"Bearer {jiyi(env, 'keys', 'create', 'acme')}"}
    device, account = (
        next(f"u{n}" for n in range(100) if worker_for(f"/v1/users/u{n}".encode(), 2) == w)
        for w in (0, 1)
    )

    def say(http: httpx.Client, user: str, session: str) -> None:
        turn = {"session_id": session, "role": "user", "content": f"{user} loves tea.",
                "client_ts": 1_790_000_000_000}  # fmt: skip
        assert http.post(f"/v1/users/{user}/turns", json={"turns": [turn]}).status_code == 200

    def session_turns(http: httpx.Client, user: str, session: str) -> list[str]:
        body = {"query": "tea", "session_id": session}
        recalled = http.post(f"/v1/users/{user}/recall", json=body)
        return [t["content"] for t in recalled.json()["turns"]]

    with running_serve(env, "--workers", "2", "--no-inline") as base, \
            httpx.Client(base_url=base, headers=auth) as http:  # fmt: skip
        for user in (device, account):
            say(http, user, "s1")
            assert session_turns(http, user, "s1") == [f"{user} loves tea."]
        link = {"weaker": {"kind": "device", "value": device},
                "stronger": {"kind": "account", "value": account}}  # fmt: skip
        assert http.post("/v1/identities/link", json=link).json()["user_id"] == account
        assert session_turns(http, device, "s1") == []  # the device's own session: forgotten
        say(http, device, "d1")  # kept as the account's, on the device's worker
        assert session_turns(http, device, "d1") == [f"{device} loves tea."]
        on_device_worker = _worker_sockets(base)[0]
        with httpx.Client(transport=httpx.HTTPTransport(uds=on_device_worker),
                          base_url="http://worker", headers=auth) as direct:  # fmt: skip
            assert session_turns(direct, account, "d1") == [f"{device} loves tea."]
            receipt = http.delete(f"/v1/users/{account}").json()
            assert receipt["removed"]["working_memory"] == 2  # s1 on one worker, d1 on the other
            assert session_turns(direct, account, "d1") == []
