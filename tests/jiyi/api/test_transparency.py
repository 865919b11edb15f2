import threading
import time

import pytest
import uvicorn
from fastapi.testclient import TestClient

from jiyi.api.app import create_app
from jiyi.api.keys import ApiKeyStore
from jiyi.config import Settings
from jiyi.memory import Memory
from models.hashing import HashingEncoder

T0 = 1_793_520_000_000


@pytest.fixture
def setup(tmp_path):
    memory = Memory(Settings(data_dir=tmp_path / "data"), encoder=HashingEncoder(256))
    keys = ApiKeyStore(tmp_path / "keys.sqlite3")
    app = create_app(memory, keys)
    client = TestClient(app)
    auth = {"Authorization": f"Bearer {keys.create('acme')}"}
    client.put("/v1/users/u1/consent", json={"granted": True}, headers=auth)
    turns = [
        {"session_id": "s", "role": "user", "content": c, "client_ts": T0 + i}
        for i, c in enumerate(["I love hiking.", "我总把加速度和速度搞混", "Hello!"])
    ]
    client.post("/v1/users/u1/turns", json={"turns": turns}, headers=auth)
    path = client.post("/v1/users/u1/transparency-link", headers=auth).json()["path"]
    yield client, app, memory, path
    memory.close()


def test_the_page_and_its_data_are_reachable_only_through_the_link(setup):
    client, _, _, path = setup
    page = client.get(path)
    assert page.status_code == 200
    assert "What the assistant believes about you" in page.text
    beliefs = client.get(f"{path}/beliefs").json()
    assert {b["relation"] for b in beliefs} >= {"prefers", "learning_obstacle"}
    assert client.get(f"{path}x/beliefs").json()["error"]["code"] == "forbidden"
    kinds = client.get(f"{path}/memories").json()
    assert kinds["greeting"] >= 1


def test_the_user_corrects_deletes_and_clears(setup):
    client, _, memory, path = setup
    corrected = client.post(
        f"{path}/beliefs/correct",
        json={"relation": "prefers", "object": "hiking", "new_object": "trail running"},
    ).json()
    assert corrected[-1]["source"] == "human"
    objects = {b.entity.name for b in memory.profile("acme:u1")}
    assert "trail running" in objects
    assert "hiking" not in objects
    client.post(f"{path}/beliefs/retract", json={"relation": "prefers", "object": "trail running"})
    assert "trail running" not in {b.entity.name for b in memory.profile("acme:u1")}
    assert client.delete(f"{path}/events", params={"type": "greeting"}).json()["removed"] >= 1
    assert "greeting" not in client.get(f"{path}/memories").json()
    audit = memory.stores.audit.entries(user_id="acme:u1")
    assert any(entry.operator == "user" for entry in audit)


@pytest.fixture
def live_server(setup):
    _, app, memory, path = setup
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
    row = page.locator("#beliefs tr[data-relation='prefers'][data-object='hiking']")
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
