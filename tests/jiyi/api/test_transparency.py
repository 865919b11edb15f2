import base64
import hashlib
import re
import threading
import time
from dataclasses import dataclass

import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from jiyi.api.app import create_app
from jiyi.api.keys import ApiKeyStore, key_id_of
from jiyi.config import Settings
from jiyi.memory import Memory
from models.hashing import HashingEncoder

T0 = 1_793_520_000_000
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


@dataclass
class Setup:
    client: TestClient
    app: FastAPI
    memory: Memory
    keys: ApiKeyStore
    key: str
    path: str

    @property
    def auth(self):
        return _auth(self.key)


def _auth(key):
    return {"Authorization": f"Bearer {key}"}


def _turns(*contents):
    return {
        "turns": [
            {"session_id": "s", "role": "user", "content": c, "client_ts": T0 + i}
            for i, c in enumerate(contents)
        ]
    }


def _new_link(client, key, user="u1"):
    response = client.post(f"/v1/users/{user}/transparency-link", headers=_auth(key))
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture
def setup(tmp_path):
    memory = Memory(Settings(data_dir=tmp_path / "data"), encoder=HashingEncoder(256))
    keys = ApiKeyStore(tmp_path / "keys.sqlite3")
    app = create_app(memory, keys)
    client = TestClient(app)
    key = keys.create("acme")
    client.put("/v1/users/u1/consent", json={"granted": True}, headers=_auth(key))
    turns = _turns("I love hiking.", "我总把加速度和速度搞混", "Hello!")
    client.post("/v1/users/u1/turns", json=turns, headers=_auth(key))
    yield Setup(client, app, memory, keys, key, _new_link(client, key)["path"])
    memory.close()


def test_the_page_and_its_data_are_reachable_only_through_the_link(setup):
    client, path = setup.client, setup.path
    page = client.get(path)
    assert page.status_code == 200
    assert "What the assistant believes about you" in page.text
    beliefs = client.get(f"{path}/beliefs").json()
    assert {b["relation"] for b in beliefs} >= {"interested_in", "learning_obstacle"}
    assert client.get(f"{path}x/beliefs").json()["error"]["code"] == "forbidden"
    kinds = client.get(f"{path}/memories").json()
    assert kinds["greeting"] >= 1


def test_the_user_corrects_deletes_and_clears(setup):
    client, memory, path = setup.client, setup.memory, setup.path
    corrected = client.post(
        f"{path}/beliefs/correct",
        json={"relation": "interested_in", "object": "hiking", "new_object": "trail running"},
    ).json()
    assert corrected[-1]["source"] == "human"
    objects = {b.entity.name for b in memory.profile("acme:u1")}
    assert "trail running" in objects
    assert "hiking" not in objects
    client.post(
        f"{path}/beliefs/retract", json={"relation": "interested_in", "object": "trail running"}
    )
    assert "trail running" not in {b.entity.name for b in memory.profile("acme:u1")}
    assert client.delete(f"{path}/events", params={"type": "greeting"}).json()["removed"] >= 1
    assert "greeting" not in client.get(f"{path}/memories").json()
    audit = memory.stores.audit.entries(user_id="acme:u1")
    assert any(entry.operator == "user" for entry in audit)


def _inline_hash(page, tag):
    block = re.search(rf"<{tag}>(.*?)</{tag}>", page, flags=re.DOTALL).group(1)
    return "'sha256-" + base64.b64encode(hashlib.sha256(block.encode()).digest()).decode() + "'"


def test_page_data_and_error_responses_carry_the_security_headers(setup):
    client, path = setup.client, setup.path
    page = client.get(path)
    responses = {
        "page": page,
        "data": client.get(f"{path}/beliefs"),
        "forged link": client.get(f"{path}x/memories"),
        "no such route": client.get(f"{path}/nothing-here"),
        "invalid input": client.delete(f"{path}/events", params={"type": "no-such-kind"}),
    }
    assert [r.status_code for r in responses.values()] == [200, 200, 403, 404, 422]
    for name, response in responses.items():
        for header, value in PAGE_HEADERS.items():
            assert response.headers.get(header) == value, (name, header)
        policy = response.headers["Content-Security-Policy"]
        for directive in ("default-src 'none'", "connect-src 'self'", "base-uri 'none'",
                          "form-action 'none'", "frame-ancestors 'none'"):  # fmt: skip
            assert directive in policy.split("; "), (name, directive)
        # the page's own inline blocks run, nothing else inline does
        assert f"script-src {_inline_hash(page.text, 'script')}" in policy
        assert f"style-src {_inline_hash(page.text, 'style')}" in policy
        assert "unsafe" not in policy
    assert "Content-Security-Policy" not in client.get("/healthz").headers


def test_a_link_dies_when_the_key_that_issued_it_is_revoked(setup):
    client, keys = setup.client, setup.keys
    other_key = keys.create("acme", "second app")
    from_other_key = _new_link(client, other_key)["path"]
    assert client.get(f"{setup.path}/beliefs").status_code == 200
    assert keys.revoke(key_id_of(setup.key))
    for url in (setup.path, f"{setup.path}/beliefs", f"{setup.path}/memories"):
        refused = client.get(url)
        assert refused.status_code == 403
        assert "revoked" in refused.json()["error"]["message"]
    assert client.get(f"{from_other_key}/beliefs").status_code == 200


def test_one_link_is_revoked_while_another_for_the_same_user_still_works(setup):
    client = setup.client
    revoked, kept = _new_link(client, setup.key), _new_link(client, setup.key)
    assert revoked["link_id"] != kept["link_id"]
    deleted = client.delete(f"/v1/transparency-links/{revoked['link_id']}", headers=setup.auth)
    assert deleted.status_code == 204
    again = client.delete(f"/v1/transparency-links/{revoked['link_id']}", headers=setup.auth)
    assert again.status_code == 204
    assert client.get(revoked["path"]).status_code == 403
    cleared = client.delete(f"{revoked['path']}/events", params={"type": "greeting"})
    assert cleared.json()["error"]["code"] == "forbidden"
    assert client.get(f"{kept['path']}/memories").json()["greeting"] >= 1


def test_a_tenant_cannot_revoke_another_tenants_link(setup):
    client, link = setup.client, _new_link(setup.client, setup.key)
    other_tenant = _auth(setup.keys.create("globex"))
    body, _, tag = link["link_id"].rpartition(".")
    for link_id in (link["link_id"], f"{body}.{tag[::-1]}", "nothing"):
        refused = client.delete(f"/v1/transparency-links/{link_id}", headers=other_tenant)
        assert refused.status_code == 404, link_id
    forged = client.delete(f"/v1/transparency-links/{body}.{tag[::-1]}", headers=setup.auth)
    assert forged.status_code == 404
    assert client.get(f"{link['path']}/beliefs").status_code == 200


def test_a_linked_devices_page_shows_the_accounts_memory_counts(setup):
    client, auth = setup.client, setup.auth
    client.put("/v1/users/phone-1/consent", json={"granted": True}, headers=auth)
    client.post("/v1/users/phone-1/turns", json=_turns("Hello!", "I love jazz."), headers=auth)
    device_link = _new_link(client, setup.key, user="phone-1")["path"]
    linked = client.post(
        "/v1/identities/link",
        json={"weaker": {"kind": "device", "value": "phone-1"},
              "stronger": {"kind": "account", "value": "alice"}},
        headers=auth,
    )  # fmt: skip
    assert linked.json()["moved_events"] >= 2
    counts = client.get(f"{device_link}/memories").json()
    assert counts == setup.memory.memory_counts("acme:alice")
    assert counts["greeting"] >= 1


@pytest.fixture
def live_server(setup):
    app, memory, path = setup.app, setup.memory, setup.path
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_config=None)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}{path}", memory
    server.should_exit = True
    thread.join(timeout=10)


@pytest.mark.integration
def test_in_a_real_browser_a_correction_persists(live_server, tmp_path, chromium):
    url, memory = live_server
    page = chromium.new_page()
    page.goto(url)
    row = page.locator("#beliefs tr[data-relation='interested_in'][data-object='hiking']")
    row.wait_for()
    page.once("dialog", lambda dialog: dialog.accept("mountain biking"))
    row.get_by_role("button", name="Correct").click()
    page.locator("#status").filter(has_text="Corrected to: mountain biking").wait_for()
    page.locator("#beliefs tr[data-object='mountain biking']").wait_for()
    page.screenshot(path=str(tmp_path / "transparency.png"), full_page=True)
    page.reload()
    page.locator("#beliefs tr[data-object='mountain biking']").wait_for()
    names = {b.entity.name for b in memory.profile("acme:u1")}
    assert "mountain biking" in names
    assert "hiking" not in names
