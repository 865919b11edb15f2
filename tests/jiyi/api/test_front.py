"""The front of `jiyi serve --workers N`: each request relayed whole to its user's worker.

The workers here are real uvicorn servers on Unix sockets running a small app that says which
worker answered and what it was sent; the front is the real one, on its own event loop."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import shutil
import socket
import tempfile
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvloop
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route

from jiyi.api.front import ClientConnection, _Upstream, serve_front, worker_for
from tests.jiyi.serving import serving_on_socket

METHODS = ["GET", "POST", "PUT", "DELETE", "HEAD"]


def test_a_users_requests_go_to_one_worker_by_the_id_in_the_path() -> None:
    alice = zlib.crc32(b"alice") % 3
    for target in (b"/v1/users/alice/recall", b"/v1/users/alice/turns?x=1", b"/v1/users/alice"):
        assert worker_for(target, 3) == alice
    assert worker_for(b"/v1/users/a%40b/recall", 3) == worker_for(b"/v1/users/a@b/recall", 3)
    assert worker_for(b"/v1/users/alice/recall", 1) == 0


def test_requests_that_name_no_user_go_to_the_first_worker() -> None:
    for target in (b"/healthz", b"/me/token/beliefs", b"/v1/identities/link", b"/v1/users"):
        assert worker_for(target, 4) == 0


def test_users_are_spread_over_the_workers() -> None:
    counts = [0, 0]
    for n in range(200):
        counts[worker_for(f"/v1/users/user{n}/recall".encode(), 2)] += 1
    assert min(counts) >= 70


class FakeTransport:
    """What the front calls on a transport, recorded."""

    def __init__(self) -> None:
        self.sent = b""
        self.paused = False
        self.closed = False

    def write(self, data: bytes) -> None:
        self.sent += data

    def pause_reading(self) -> None:
        self.paused = True

    def resume_reading(self) -> None:
        self.paused = False

    def close(self) -> None:
        self.closed = True


def test_a_worker_held_for_a_slow_client_is_read_again_once_the_client_catches_up() -> None:
    """The client falls behind while the last piece of an answer arrives: the answer is done
    and nothing is in flight when the client catches up, and the worker must be read again."""

    async def exchange() -> FakeTransport:
        client = ClientConnection(["unused.sock"])
        client.connection_made(FakeTransport())  # type: ignore[arg-type]
        upstream = client.upstreams[0] = _Upstream(client)
        worker = FakeTransport()
        upstream.connection_made(worker)  # type: ignore[arg-type]
        client.data_received(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        upstream.data_received(b"HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\nok")
        client.pause_writing()
        upstream.data_received(b"ok")
        assert client.in_flight is None
        assert worker.paused
        client.resume_writing()
        return worker

    worker = asyncio.run(exchange())
    assert not worker.paused
    assert not worker.closed  # kept open for the client's next request
    assert worker.sent.startswith(b"GET /healthz HTTP/1.1")


def _echo_app(index: int) -> Starlette:
    async def echo(request: Request) -> JSONResponse:
        body = await request.body()
        return JSONResponse({
            "worker": index, "method": request.method, "path": request.url.path,
            "query": request.url.query, "body": body.decode(errors="replace"),
            "sha256": hashlib.sha256(body).hexdigest(),
        })  # fmt: skip

    async def big(request: Request) -> StreamingResponse:
        async def pieces() -> Iterator[bytes]:  # type: ignore[misc]
            for n in range(80):
                yield bytes([65 + n % 26]) * 65536

        return StreamingResponse(pieces(), media_type="application/octet-stream")

    async def stream(request: Request) -> StreamingResponse:
        async def pieces() -> Iterator[bytes]:  # type: ignore[misc]
            for n in range(50):
                yield f"piece {n}\n".encode()
                await asyncio.sleep(0)

        return StreamingResponse(pieces(), media_type="text/plain")

    return Starlette(routes=[Route("/stream", stream), Route("/big", big),
                             Route("/{path:path}", echo, methods=METHODS)])  # fmt: skip


@pytest.fixture(scope="module")
def front() -> Iterator[tuple[str, list[str]]]:
    """Two echo workers, a third socket nobody listens on, and the front: its base URL and the
    sockets it relays to."""
    run_dir = Path(tempfile.mkdtemp(prefix="jiyi-front-"))
    sockets = [str(run_dir / f"w{i}.sock") for i in range(3)]
    workers = [serving_on_socket(_echo_app(i), path) for i, path in enumerate(sockets[:2])]
    listener = socket.create_server(("127.0.0.1", 0))
    loop = uvloop.new_event_loop()
    task = loop.create_task(serve_front(listener, sockets))

    def run() -> None:
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(task)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}", sockets
    loop.call_soon_threadsafe(task.cancel)
    thread.join(timeout=5)
    for worker in workers:
        worker.should_exit = True
    shutil.rmtree(run_dir, ignore_errors=True)


def _user_on(worker: int, workers: int = 3) -> str:
    return next(f"u{n}" for n in range(1000) if worker_for(f"/v1/users/u{n}".encode(), workers)
                == worker)  # fmt: skip


@pytest.mark.integration
def test_one_connection_carries_requests_for_users_on_every_worker(front) -> None:
    base, _ = front
    with httpx.Client(base_url=base) as client:
        for n in range(20):
            user = _user_on(n % 2)
            response = client.post(f"/v1/users/{user}/recall?k={n}", json={"query": f"q{n}"})
            seen = response.json()
            assert seen["worker"] == n % 2
            assert seen["path"] == f"/v1/users/{user}/recall"
            assert seen["query"] == f"k={n}"
            assert json.loads(seen["body"]) == {"query": f"q{n}"}


@pytest.mark.integration
def test_a_chunked_request_body_arrives_whole(front) -> None:
    base, _ = front
    pieces = [f"part {n};".encode() for n in range(100)]
    response = httpx.post(f"{base}/v1/users/{_user_on(1)}/turns", content=iter(pieces))
    assert response.json()["worker"] == 1
    assert response.json()["body"] == b"".join(pieces).decode()


@pytest.mark.integration
def test_a_streamed_response_arrives_whole(front) -> None:
    base, _ = front
    response = httpx.get(f"{base}/stream")
    assert response.text == "".join(f"piece {n}\n" for n in range(50))


@pytest.mark.integration
def test_bodies_larger_than_any_buffer_arrive_whole_both_ways(front) -> None:
    """5 MB each way: the front stops reading one side while the other is behind."""
    base, _ = front
    body = bytes(range(256)) * 20_000
    sent = httpx.post(f"{base}/v1/users/{_user_on(1)}/turns", content=body, timeout=30)
    assert sent.json()["sha256"] == hashlib.sha256(body).hexdigest()
    assert sent.json()["worker"] == 1
    with httpx.Client(base_url=base, timeout=30) as client:
        for _ in range(3):  # the same connection and worker again, after each slow answer
            with client.stream("GET", "/big") as answer:
                received = b""
                for chunk in answer.iter_bytes(4096):
                    received += chunk
                    threading.Event().wait(0.0001)  # a client slower than the worker
            assert received == b"".join(bytes([65 + n % 26]) * 65536 for n in range(80))
        assert client.get("/healthz").json()["worker"] == 0


@pytest.mark.integration
def test_an_answer_to_head_has_no_body_and_the_connection_goes_on(front) -> None:
    base, _ = front
    with httpx.Client(base_url=base) as client:
        head = client.head(f"/v1/users/{_user_on(1)}/profile")
        assert head.status_code == 200
        assert head.content == b""
        assert client.get("/healthz").json()["worker"] == 0


@pytest.mark.integration
def test_pipelined_requests_are_answered_in_order(front) -> None:
    base, _ = front
    port = int(base.rsplit(":", 1)[1])
    users = [_user_on(1), _user_on(0), _user_on(1)]
    requests = b"".join(
        f"GET /v1/users/{user}/profile HTTP/1.1\r\nHost: x\r\n\r\n".encode() for user in users
    )
    with socket.create_connection(("127.0.0.1", port)) as raw:
        raw.sendall(requests + b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        received = b""
        while chunk := raw.recv(65536):
            received += chunk
    bodies = [json.loads(part.split(b"\r\n\r\n", 1)[1].split(b"HTTP/1.1")[0])
              for part in received.split(b"HTTP/1.1 200 OK")[1:]]  # fmt: skip
    assert [(b["path"], b["worker"]) for b in bodies] == [
        *((f"/v1/users/{user}/profile", worker_for(f"/v1/users/{user}".encode(), 3))
          for user in users),
        ("/healthz", 0),
    ]  # fmt: skip


@pytest.mark.integration
def test_a_client_that_expects_100_continue_gets_it_then_the_answer(front) -> None:
    base, _ = front
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as raw:
        raw.sendall(b"POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
                    b"Expect: 100-continue\r\nConnection: close\r\n\r\n")  # fmt: skip
        assert raw.recv(65536).startswith(b"HTTP/1.1 100 Continue")
        raw.sendall(b"hello")
        received = b""
        while chunk := raw.recv(65536):
            received += chunk
    assert received.startswith(b"HTTP/1.1 200 OK")
    assert json.loads(received.split(b"\r\n\r\n", 1)[1])["body"] == "hello"


@pytest.mark.integration
def test_internal_paths_are_never_relayed(front) -> None:
    base, _ = front
    response = httpx.post(f"{base}/internal/working-memory/forget", json={"user_id": "t:u"})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.integration
def test_a_request_that_is_not_http_gets_the_error_shape(front) -> None:
    base, _ = front
    port = int(base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as raw:
        raw.sendall(b"GET /a b c\x00\r\n\r\n")
        answer = raw.recv(65536)
    assert answer.startswith(b"HTTP/1.1 400")
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "bad_request"


@pytest.mark.integration
def test_a_worker_that_does_not_answer_gets_a_502_in_the_error_shape(front) -> None:
    base, _ = front
    response = httpx.get(f"{base}/v1/users/{_user_on(2)}/profile")
    assert response.status_code == 502
    assert response.json()["error"]["code"] == "worker_unavailable"
    assert httpx.get(f"{base}/v1/users/{_user_on(0)}/profile").json()["worker"] == 0
