import json
import socket
import threading
import time

import pytest
import uvicorn
from typer.testing import CliRunner

from jiyi.api.app import create_app
from jiyi.api.http_protocol import JsonErrorProtocol
from jiyi.api.keys import ApiKeyStore
from jiyi.cli import app as cli
from jiyi.config import Settings
from jiyi.memory import Memory
from models.hashing import HashingEncoder


@pytest.fixture
def port(tmp_path):
    """A real uvicorn server on a free loopback port, with the app and our protocol."""
    memory = Memory(Settings(data_dir=tmp_path / "data"), encoder=HashingEncoder(64))
    app = create_app(memory, ApiKeyStore(tmp_path / "keys.sqlite3"))
    config = uvicorn.Config(app, host="127.0.0.1", port=0, http=JsonErrorProtocol, log_config=None)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive(), "the server did not start"
        assert time.monotonic() < deadline, "the server did not start in time"
        time.sleep(0.01)
    yield server.servers[0].sockets[0].getsockname()[1]
    server.should_exit = True
    thread.join(timeout=10)
    memory.close()


def _exchange(port: int, request_line: bytes) -> tuple[bytes, dict[bytes, bytes], bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(request_line + b"\r\nHost: x\r\nConnection: close\r\n\r\n")
        response = b""
        while chunk := connection.recv(65536):
            response += chunk
    head, _, body = response.partition(b"\r\n\r\n")
    status, *lines = head.split(b"\r\n")
    headers = dict(line.lower().split(b": ", 1) for line in lines)
    return status, headers, body


@pytest.mark.parametrize(
    "request_line",
    [b"GET /v1/users/\xc3\xbc/profile HTTP/1.1", b"GET /v1/users/a b/profile HTTP/1.1"],
    ids=["raw-non-ascii", "raw-space"],
)
def test_unparseable_requests_get_the_error_json(port, request_line):
    status, headers, body = _exchange(port, request_line)
    assert status == b"HTTP/1.1 400 Bad Request"
    assert headers[b"content-type"] == b"application/json"
    assert int(headers[b"content-length"]) == len(body)
    error = json.loads(body)["error"]
    assert set(error) == {"code", "message", "fields"}
    assert error["code"] == "bad_request"
    assert "percent-encode" in error["message"]


def test_parseable_requests_still_reach_the_app(port):
    status, _, body = _exchange(port, b"GET /v1/users/%C3%BC/profile HTTP/1.1")
    assert status == b"HTTP/1.1 401 Unauthorized"
    assert json.loads(body)["error"]["code"] == "unauthorized"


def test_jiyi_serve_runs_the_protocol(tmp_path, monkeypatch):
    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("JIYI_EMBEDDER__MODEL", "hashing:64")
    served = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: served.update(options))
    assert CliRunner().invoke(cli, ["serve"]).exit_code == 0
    assert served["http"] is JsonErrorProtocol
