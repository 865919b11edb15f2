import pytest
from fastapi.testclient import TestClient

from jiyi.api.app import create_app
from jiyi.api.keys import ApiKeyStore
from jiyi.config import Settings
from jiyi.memory import Memory
from models.hashing import HashingEncoder

T0 = 1_793_520_000_000


@pytest.fixture
def api(tmp_path):
    memory = Memory(Settings(data_dir=tmp_path / "data"), encoder=HashingEncoder(256))
    keys = ApiKeyStore(tmp_path / "keys.sqlite3")
    client = TestClient(create_app(memory, keys, max_body_bytes=8192))
    yield client, keys
    memory.close()


def _auth(key):
    return {"Authorization": f"Bearer {key}"}


def _turns(*contents):
    return {
        "turns": [
            {"session_id": "s1", "role": "user", "content": c, "client_ts": T0 + i}
            for i, c in enumerate(contents)
        ]
    }


def _assert_error(response, status, code):
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}
    assert body["error"]["code"] == code
    assert "Traceback" not in response.text
    return body["error"]


def test_the_agent_loop_over_http(api):
    client, keys = api
    auth = _auth(keys.create("acme"))
    assert (
        client.put("/v1/users/u1/consent", json={"granted": True}, headers=auth).status_code == 200
    )
    added = client.post("/v1/users/u1/turns", json=_turns("我总把加速度和速度搞混"), headers=auth)
    assert added.json()["events"] >= 1
    query = {"query": "加速度", "session_id": "s1", "client_ts": 1_800_000_000_000}
    recall = client.post("/v1/users/u1/recall", json=query, headers=auth).json()
    assert recall["user_id"] == "u1"
    assert "加速度和速度" in recall["text"]
    profile = client.get("/v1/users/u1/profile", headers=auth).json()
    assert profile[0]["relation"] == "learning_obstacle"
    corrected = client.post(
        "/v1/users/u1/beliefs/correct",
        json={"relation": "learning_obstacle", "object": profile[0]["object"], "confidence": 0.2},
        headers=auth,
    ).json()
    assert corrected[0]["source"] == "human"
    assert client.get("/v1/users/u1/profile", headers=auth).json()[0]["stored_confidence"] == 0.2


def test_tenants_cannot_reach_each_other(api):
    client, keys = api
    acme, globex = _auth(keys.create("acme")), _auth(keys.create("globex"))
    client.post("/v1/users/u1/turns", json=_turns("I love secret-recipe pancakes."), headers=acme)
    leaked = client.post("/v1/users/u1/recall", json={"query": "pancakes"}, headers=globex).json()
    assert "pancakes" not in leaked["text"]
    receipt = client.delete("/v1/users/u1", headers=globex).json()
    assert receipt["removed"]["episodic"] == 0
    mine = client.post("/v1/users/u1/recall", json={"query": "pancakes"}, headers=acme).json()
    assert "pancakes" in mine["text"]


def test_missing_wrong_and_revoked_keys_are_401(api):
    client, keys = api
    key = keys.create("acme")
    _assert_error(client.get("/v1/users/u1/profile"), 401, "unauthorized")
    _assert_error(client.get("/v1/users/u1/profile", headers=_auth(key + "x")), 401, "unauthorized")
    keys.revoke(key.split("_")[1])
    _assert_error(client.get("/v1/users/u1/profile", headers=_auth(key)), 401, "unauthorized")
    assert (
        client.get("/v1/users/u1/profile", headers={"X-API-Key": keys.create("a")}).status_code
        == 200
    )


def test_bad_input_gets_a_stable_4xx_and_writes_nothing(api):
    client, keys = api
    auth = _auth(keys.create("acme"))
    error = _assert_error(
        client.post("/v1/users/u1/turns", json={"turns": [{"role": "narrator"}]}, headers=auth),
        422,
        "invalid_input",
    )
    assert any("role" in field for field in error["fields"])
    _assert_error(client.post("/v1/users/bad!id/recall", json={"query": "x"}, headers=auth),
                  422, "invalid_input")  # fmt: skip
    late = {"query": "x", "client_ts": 10**19}
    _assert_error(client.post("/v1/users/u1/recall", json=late, headers=auth), 422, "invalid_input")
    _assert_error(
        client.post("/v1/users/u1/beliefs/confirm", json={"relation": "hates", "object": "x"},
                    headers=auth),
        422, "invalid_input",
    )  # fmt: skip
    _assert_error(
        client.post("/v1/users/u1/turns", content=b"{" + b"x" * 9000, headers=auth), 413,
        "payload_too_large",
    )  # fmt: skip
    _assert_error(client.post("/v1/users/u1/turns", content=b"{not json", headers=auth),
                  422, "invalid_input")  # fmt: skip
    _assert_error(
        client.post(
            "/v1/users/u1/feedback", json={"event_id": "abcdef0123456789", "kind": "useful"},
            headers=auth,
        ),
        404, "not_found",
    )  # fmt: skip
    _assert_error(client.get("/v1/nowhere", headers=auth), 404, "not_found")
    assert (
        client.post("/v1/users/u1/recall", json={"query": "x"}, headers=auth).json()["text"] == ""
    )


def test_erasing_twice_is_harmless(api):
    client, keys = api
    auth = _auth(keys.create("acme"))
    client.post("/v1/users/u1/turns", json=_turns("I love tea."), headers=auth)
    first = client.delete("/v1/users/u1", headers=auth).json()
    second = client.delete("/v1/users/u1", headers=auth).json()
    assert first["removed"]["episodic"] >= 1
    assert second["removed"]["episodic"] == 0


def test_identity_link_over_http(api):
    client, keys = api
    auth = _auth(keys.create("acme"))
    client.post("/v1/users/phone-1/turns", json=_turns("I love jazz."), headers=auth)
    linked = client.post(
        "/v1/identities/link",
        json={"weaker": {"kind": "device", "value": "phone-1"},
              "stronger": {"kind": "account", "value": "alice"}},
        headers=auth,
    ).json()  # fmt: skip
    assert (linked["user_id"], linked["already_linked"], linked["moved_events"]) == (
        "alice", False, 1,
    )  # fmt: skip
    assert "jazz" in client.post("/v1/users/alice/recall", json={"query": "jazz"},
                                 headers=auth).json()["text"]  # fmt: skip
    conflict = client.post(
        "/v1/identities/link",
        json={"weaker": {"kind": "account", "value": "alice"},
              "stronger": {"kind": "device", "value": "phone-2"}},
        headers=auth,
    )  # fmt: skip
    _assert_error(conflict, 409, "identity_conflict")


def test_an_account_cannot_be_demoted_by_calling_it_a_device(api):
    client, keys = api
    auth = _auth(keys.create("acme"))
    client.post("/v1/users/alice/turns", json=_turns("I love jazz."), headers=auth)

    def link(weaker_kind, weaker, stronger_kind, stronger):
        body = {
            "weaker": {"kind": weaker_kind, "value": weaker},
            "stronger": {"kind": stronger_kind, "value": stronger},
        }
        return client.post("/v1/identities/link", json=body, headers=auth)

    assert link("device", "phone-1", "account", "alice").status_code == 200
    error = _assert_error(link("device", "alice", "account", "mallory"), 409, "identity_conflict")
    assert "'account', not 'device'" in error["message"]
    assert not any(name in error["message"] for name in ("alice", "mallory", "acme"))
    recall = client.post("/v1/users/alice/recall", json={"query": "jazz"}, headers=auth).json()
    assert "jazz" in recall["text"]


def test_too_deeply_nested_or_non_utf8_json_is_invalid_input(api):
    client, keys = api
    auth = _auth(keys.create("acme"))
    headers = {**auth, "Content-Type": "application/json"}
    deep = b'{"query": ' + b"[" * 3000 + b"]" * 3000 + b"}"  # under the 8 KiB body limit
    for body in (deep, b'{"query": "\xff"}'):
        error = _assert_error(client.post("/v1/users/u1/recall", content=body, headers=headers),
                              422, "invalid_input")  # fmt: skip
        assert "not valid UTF-8 JSON or is nested too deeply" in error["message"]


def test_openapi_schema_is_served(api):
    client, _ = api
    schema = client.get("/openapi.json").json()
    assert "/v1/users/{user_id}/recall" in schema["paths"]


def test_bad_clocks_flags_and_invisible_content_are_refused_and_write_nothing(api):
    """The hostile client's probes: each one a 422 naming the field, and the user's memory
    still answers afterwards (a year-10000 turn once took every later recall down)."""
    client, keys = api
    auth = _auth(keys.create("acme"))
    client.put("/v1/users/u1/consent", json={"granted": True}, headers=auth)
    good = {"session_id": "s1", "role": "user", "content": "I love oolong tea", "client_ts": T0}
    probes = [
        ({"client_ts": 253_402_300_800_000}, "turns.1.client_ts"),  # year 10000
        ({"client_ts": 5_680_281_600_000}, "turns.1.client_ts"),  # 2150: outside the window
        ({"client_ts": 1e30}, "turns.1.client_ts"),
        ({"client_ts": True}, "turns.1.client_ts"),
        ({"client_ts": "1793520000000"}, "turns.1.client_ts"),
        ({"content": "\u200b\u200b\u200d"}, "turns.1.content"),
    ]
    for change, field in probes:
        body = {"turns": [good, {**good, "content": "second", **change}]}
        error = _assert_error(
            client.post("/v1/users/u1/turns", json=body, headers=auth), 422, "invalid_input"
        )
        assert field in error["fields"], (change, error)
    for granted in ("yes", 1, "false"):
        _assert_error(
            client.put("/v1/users/u2/consent", json={"granted": granted}, headers=auth),
            422, "invalid_input",
        )  # fmt: skip
    recall = client.post("/v1/users/u1/recall", json={"query": "tea", "session_id": "s1"},
                         headers=auth)  # fmt: skip
    assert recall.status_code == 200
    assert recall.json()["text"] == ""  # nothing of the refused batches was kept
    assert (
        client.post("/v1/users/u1/turns", json={"turns": [good]}, headers=auth).status_code == 200
    )
    assert "oolong" in client.post("/v1/users/u1/recall", json={"query": "tea"},
                                   headers=auth).json()["text"]  # fmt: skip
    health = client.get("/healthz").json()
    assert isinstance(health["skipped_stored_values"], dict)
