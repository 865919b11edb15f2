from fastapi.testclient import TestClient

from jiyi.api.app import create_app
from jiyi.api.keys import ApiKeyStore
from jiyi.client import Client
from jiyi.config import LimitsSettings, Settings
from jiyi.demo import DEMO_DIR, HttpClient, LibraryClient, Rejection, parse_turns, play, render
from jiyi.memory import Memory
from models.hashing import HashingEncoder


def test_every_bad_line_is_reported_with_its_reason(tmp_path):
    path = tmp_path / "turns.jsonl"
    path.write_text(
        '{"user_id": "u1", "session_id": "s1", "role": "user", "content": "hi", '
        '"client_ts": 1790000000000}\n'
        "\n"
        "{broken\n"
        '{"user_id": "u1", "session_id": "s1", "role": "user", "content": "'
        + "x"
        * 300
        + '", "client_ts": 1790000000001}\n'
        '{"user_id": "u1", "session_id": "s1", "role": "user", "content": "hi", "client_ts": 1}\n'
    )
    parsed = list(parse_turns(path, LimitsSettings(max_content_bytes=256)))
    assert [line for line, _ in parsed] == [1, 3, 4, 5]
    assert not isinstance(parsed[0][1], Rejection)
    assert "not valid JSON" in parsed[1][1].reason
    assert parsed[2][1].reason.startswith("content: is 300 bytes")
    assert parsed[2][1].where == "turns.jsonl:4"
    assert parsed[3][1].reason.startswith("client_ts: 1 is outside 2000–2099")


def _check(report):
    assert len(report.rejected) == 4
    assert report.accepted == 34
    assert report.beliefs["lily"] == []  # a 9-year-old: child mode, no graph
    assert any("learning_obstacle: Newton's third law" in b for b in report.beliefs["maya"])
    assert any("learning_obstacle: 链式法则" in b for b in report.beliefs["xiaoming"])
    assert any("lives_in: Lyon" in b for b in report.beliefs["maya"])  # "I moved to Lyon"
    assert not any("difference between" in b for b in report.beliefs["maya"])  # no fragment
    asked = {(r.user_id, r.query): r.context for r in report.recalls}
    assert "dinosaur" not in asked[("lily", "dinosaurs")].split("Recent conversation")[0]
    assert "链式法则" in asked[("xiaoming", "小明学习上有什么困难？")]  # what he finds hard
    assert report.undo["new_version"] > 0
    assert "== beliefs about maya" in render(report)


def test_the_demo_through_the_library(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    memory = Memory(settings, encoder=HashingEncoder(256))
    try:
        report = play(LibraryClient(memory), settings, DEMO_DIR)
    finally:
        memory.close()
    assert report.events
    assert report.events > 20
    _check(report)


def test_the_demo_through_the_http_api(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    memory = Memory(settings, encoder=HashingEncoder(256))
    keys = ApiKeyStore(tmp_path / "keys.sqlite3")
    key = keys.create("demo")
    client = HttpClient("http://testserver", key)
    client.api = Client("http://testserver", key, http_client=TestClient(create_app(memory, keys)))
    try:
        _check(play(client, settings, DEMO_DIR))
    finally:
        memory.close()
