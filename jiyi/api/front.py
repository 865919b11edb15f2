"""`jiyi serve --workers N`: N API processes behind one front that sends each user to one of them.

One process serves about 100 requests/s here, held by Python's lock rather than the cores
(`BENCHMARKS.md`, session 36). More processes need routing by user: working memory (tier 1)
lives in the process that took a session's turns, so a pool sharing a port would split a
session between processes and a recall would miss its own session's last turns. The front reads
each request's path and relays every request for `/v1/users/{id}/…` to the worker that owns `id`
(a stable hash of the id), anything else to worker 0. It relays bytes and parses only enough
HTTP (with httptools, uvicorn's own parser) to know where each request and response ends, so it
costs little beside the workers it feeds. Workers listen on Unix sockets in a private
directory; `/internal/…` (what workers tell each other) is never relayed from outside.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import sys
import tempfile
import threading
import zlib
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast
from urllib.parse import unquote_to_bytes

import httptools
import uvloop

from jiyi.api.errors import error_response
from jiyi.supervisor import Service, run_services

USERS_PREFIX = b"/v1/users/"
INTERNAL_PREFIX = b"/internal/"
KEEP_ALIVE_S = 5.0  # an idle client connection is closed after this, as uvicorn does
MAX_HEAD_BYTES = 64 * 1024  # a request head longer than this is refused
# hop-by-hop headers: they describe the client's connection, not the request
_HOP_BY_HOP = {b"connection", b"keep-alive", b"transfer-encoding", b"te", b"upgrade",
               b"proxy-connection", b"proxy-authorization", b"trailer"}  # fmt: skip


def worker_for(target: bytes, workers: int) -> int:
    """The worker that serves a request target: by the user a `/v1/users/{id}` path names
    (percent-decoded, so `a%40b` and `a@b` are one user), else worker 0."""
    if workers == 1 or not target.startswith(USERS_PREFIX):
        return 0
    user = target[len(USERS_PREFIX) :].split(b"/", 1)[0].split(b"?", 1)[0]
    return zlib.crc32(unquote_to_bytes(user)) % workers


def _error(status: int, code: str, message: str) -> bytes:
    """A whole HTTP response in the API's one error shape, closing the connection."""
    body = error_response(status, code, message).body
    reason = {400: "Bad Request", 404: "Not Found", 502: "Bad Gateway"}[status]
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    ).encode("ascii") + bytes(body)


@dataclass
class _Request:
    """One request read from a client, relayed as it arrives once it is the one in flight."""

    method: bytes = b""
    target: bytes = b""
    version: str = "1.1"
    headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    chunked: bool = False
    body: list[bytes] = field(default_factory=list)  # read, not yet relayed
    complete: bool = False

    def head(self) -> bytes:
        lines = [b"%s %s HTTP/%s" % (self.method, self.target, self.version.encode("ascii"))]
        lines += [name + b": " + value for name, value in self.headers]
        if self.chunked:
            lines.append(b"transfer-encoding: chunked")
        return b"\r\n".join(lines) + b"\r\n\r\n"

    def framed(self, chunk: bytes) -> bytes:
        """A piece of the body as the worker reads it: re-chunked where the client chunked."""
        if not self.chunked:
            return chunk
        return b"%x\r\n%s\r\n" % (len(chunk), chunk) if chunk else b""

    def ending(self) -> bytes:
        return b"0\r\n\r\n" if self.chunked else b""


class _Upstream(asyncio.Protocol):
    """One connection from a client's connection to one worker: what the worker answers is
    written to the client as it comes; the response parser only says where it ends."""

    def __init__(self, client: ClientConnection) -> None:
        self.client = client
        self.transport: asyncio.Transport | None = None
        self.waiting: list[bytes] = []  # written before the connection was made
        self.open = True
        self.head_request = False
        self.answered = False  # some of the response has gone to the client
        self._done = False
        self._keep_alive = False
        self._parser = httptools.HttpResponseParser(self)

    def expect_response(self, head_request: bool) -> None:
        self.head_request, self.answered, self._done = head_request, False, False
        self._parser = httptools.HttpResponseParser(self)

    def write(self, data: bytes) -> None:
        if self.transport is None:
            self.waiting.append(data)
        elif data:
            self.transport.write(data)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's are not subclasses
        self.transport.write(b"".join(self.waiting))
        self.waiting.clear()
        if self.client.writing_paused:
            self.client.hold(self)

    def data_received(self, data: bytes) -> None:
        self.answered = True
        self.client.relay(data)
        try:
            self._parser.feed_data(data)
        except httptools.HttpParserError:
            self.client.worker_failed(self)
            return
        if self._done:
            self.client.response_done(self, self._keep_alive)

    def on_headers_complete(self) -> None:
        if self.head_request and self._parser.get_status_code() >= 200:
            self._finish()  # a response to HEAD has no body, whatever its length says

    def on_message_complete(self) -> None:
        if self._parser.get_status_code() >= 200:  # after a 100 Continue, the real one follows
            self._finish()

    def _finish(self) -> None:
        # asked now: once the message is complete the parser resets and says no
        self._done, self._keep_alive = True, self._parser.should_keep_alive()

    def connection_lost(self, exc: Exception | None) -> None:
        self.open = False
        self.client.worker_closed(self)

    def pause_writing(self) -> None:  # the worker reads a body slower than the client sends it
        self.client.hold_reading(True)

    def resume_writing(self) -> None:
        self.client.hold_reading(False)

    def close(self) -> None:
        self.open = False
        if self.transport is not None:
            self.transport.close()


class ClientConnection(asyncio.Protocol):
    """One client's connection: requests are read in order, each relayed to its user's worker,
    one at a time (a client pipelining requests gets the answers in order)."""

    def __init__(self, sockets: Sequence[str]) -> None:
        self.sockets = sockets
        self.transport: asyncio.Transport | None = None
        self.parser = httptools.HttpRequestParser(self)
        self.reading: _Request | None = None  # being parsed
        self.queued: deque[_Request] = deque()  # parsed, waiting for the one in flight
        self.in_flight: tuple[_Request, _Upstream] | None = None
        self.upstreams: dict[int, _Upstream] = {}
        self.head_bytes = 0
        self.idle: asyncio.TimerHandle | None = None
        self.closing = False
        self.connecting: set[asyncio.Future[object]] = set()  # held, so none is collected
        self.writing_paused = False  # the client's side has more to send than it has taken
        self.held: set[_Upstream] = set()  # workers not read from meanwhile

    # ---- the client's side ------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self._arm_idle()

    def data_received(self, data: bytes) -> None:
        if self.idle is not None:
            self.idle.cancel()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError:
            self._refuse(400, "bad_request", "the request is not valid HTTP")

    def on_message_begin(self) -> None:
        self.reading = _Request()
        self.head_bytes = 0

    def on_url(self, url: bytes) -> None:
        assert self.reading is not None
        self.reading.target += url
        self._count_head(len(url))

    def on_header(self, name: bytes, value: bytes) -> None:
        assert self.reading is not None
        self._count_head(len(name) + len(value))
        lowered = name.lower()
        if lowered == b"transfer-encoding":
            self.reading.chunked = True  # the parser has de-chunked the body; it is re-chunked
        if lowered not in _HOP_BY_HOP:
            self.reading.headers.append((name, value))

    def on_headers_complete(self) -> None:
        request = self.reading
        assert request is not None
        request.method = self.parser.get_method()
        request.version = self.parser.get_http_version()
        if request.version == "1.0" or not self.parser.should_keep_alive():
            request.headers.append((b"connection", b"close"))
        self.queued.append(request)
        self._next()

    def on_body(self, body: bytes) -> None:
        assert self.reading is not None
        if self.in_flight is not None and self.in_flight[0] is self.reading:
            self.in_flight[1].write(self.reading.framed(body))
        else:
            self.reading.body.append(body)

    def on_message_complete(self) -> None:
        request = self.reading
        assert request is not None
        request.complete = True
        if self.in_flight is not None and self.in_flight[0] is request:
            self.in_flight[1].write(request.ending())
        if self.transport is not None:
            self.transport.pause_reading()  # the next request waits for this one's answer

    def connection_lost(self, exc: Exception | None) -> None:
        self.closing = True
        if self.idle is not None:
            self.idle.cancel()
        for upstream in self.upstreams.values():
            upstream.close()

    # ---- relaying ------------------------------------------------------------------------------

    def _next(self) -> None:
        """Send the oldest queued request to its worker, if nothing is in flight."""
        if self.in_flight is not None or not self.queued or self.closing:
            return
        request = self.queued.popleft()
        if request.target.startswith(INTERNAL_PREFIX):
            self._refuse(404, "not_found", "Not Found")
            return
        upstream = self._upstream(worker_for(request.target, len(self.sockets)))
        self.in_flight = (request, upstream)
        if self.writing_paused:
            self.hold(upstream)
        upstream.expect_response(request.method == b"HEAD")
        upstream.write(request.head() + b"".join(map(request.framed, request.body)))
        request.body.clear()
        if request.complete:
            upstream.write(request.ending())

    def _upstream(self, worker: int) -> _Upstream:
        upstream = self.upstreams.get(worker)
        if upstream is None or not upstream.open:
            upstream = self.upstreams[worker] = _Upstream(self)
            connecting = asyncio.get_running_loop().create_unix_connection(
                lambda: upstream, self.sockets[worker]
            )
            task: asyncio.Future[object] = asyncio.ensure_future(connecting)
            self.connecting.add(task)
            task.add_done_callback(lambda done: self._connected(done, upstream))
        return upstream

    def _connected(self, done: asyncio.Future[object], upstream: _Upstream) -> None:
        self.connecting.discard(done)
        if done.cancelled() or done.exception() is not None:
            self.worker_failed(upstream)

    def pause_writing(self) -> None:  # the client reads an answer slower than a worker sends it
        self.writing_paused = True
        if self.in_flight is not None:
            self.hold(self.in_flight[1])

    def resume_writing(self) -> None:
        self.writing_paused = False
        for upstream in self.held:
            if upstream.open and upstream.transport is not None:
                upstream.transport.resume_reading()
        self.held.clear()

    def hold(self, upstream: _Upstream) -> None:
        """Stop reading a worker's answer until the client has taken what it was sent."""
        if upstream.transport is not None and upstream not in self.held:
            upstream.transport.pause_reading()
            self.held.add(upstream)

    def hold_reading(self, hold: bool) -> None:
        """Stop or go on reading the client's body; a request read whole stays paused until
        its answer has gone (`on_message_complete`)."""
        if self.transport is None or self.closing:
            return
        if hold:
            self.transport.pause_reading()
        elif self.in_flight is None or not self.in_flight[0].complete:
            self.transport.resume_reading()

    def relay(self, data: bytes) -> None:
        if self.transport is not None and not self.closing:
            self.transport.write(data)

    def response_done(self, upstream: _Upstream, keep_alive: bool) -> None:
        request, _ = self.in_flight or (None, None)
        self.in_flight = None
        if not keep_alive:
            upstream.close()
        if request is not None and any(v.lower() == b"close" for n, v in request.headers
                                       if n == b"connection"):  # fmt: skip
            self._close()
            return
        if self.transport is not None and not self.closing:
            self.transport.resume_reading()
            self._arm_idle()
        self._next()

    def worker_closed(self, upstream: _Upstream) -> None:
        """A worker closed a connection: between responses that is ordinary; during one, the
        client is told (502) or, if part of the answer went out already, disconnected."""
        if self.in_flight is not None and self.in_flight[1] is upstream:
            self.worker_failed(upstream)

    def worker_failed(self, upstream: _Upstream) -> None:
        upstream.close()
        if self.in_flight is None or self.in_flight[1] is not upstream:
            return
        self.in_flight = None
        if upstream.answered:
            self._close()
        else:
            self._refuse(502, "worker_unavailable", "the API worker for this user did not answer")

    def _refuse(self, status: int, code: str, message: str) -> None:
        if self.transport is not None and not self.closing:
            self.transport.write(_error(status, code, message))
        self._close()

    def _count_head(self, size: int) -> None:
        self.head_bytes += size
        if self.head_bytes > MAX_HEAD_BYTES:
            raise httptools.HttpParserError("request head too large")

    def _arm_idle(self) -> None:
        if self.queued or self.in_flight:
            return
        self.idle = asyncio.get_running_loop().call_later(KEEP_ALIVE_S, self._close)

    def _close(self) -> None:
        self.closing = True
        if self.transport is not None:
            self.transport.close()


async def serve_front(listener: socket.socket, sockets: Sequence[str]) -> None:
    """Accept on `listener` and relay to the workers listening on `sockets`, until cancelled."""
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: ClientConnection(sockets), sock=listener)
    async with server:
        await server.serve_forever()


def serve_with_workers(
    host: str, port: int, workers: int, worker_args: Sequence[str],
    announce: Callable[[str], None] = print,
) -> int:  # fmt: skip
    """Run `workers` API processes (`jiyi serve --uds … --peer …`, plus `worker_args`) and the
    front on `host:port` in this process until a signal (0) or a worker's death (its code): a
    front that lost a worker would send that worker's users errors, so all stop together."""
    listener = socket.create_server((host, port))  # a port in use fails before any worker starts
    run_dir = Path(tempfile.mkdtemp(prefix="jiyi-serve-"))  # mode 0700: only this user connects
    sockets = [str(run_dir / f"worker-{i}.sock") for i in range(workers)]
    services = [
        Service(
            f"worker {i}",
            [
                sys.executable,
                "-m",
                "jiyi.cli",
                "serve",
                "--uds",
                path,
                *(arg for peer in sockets if peer != path for arg in ("--peer", peer)),
                *worker_args,
            ],
            ready_url="http://worker/healthz",
            ready_socket=path,
        )
        for i, path in enumerate(sockets)
    ]

    def start_front() -> None:
        threading.Thread(
            target=uvloop.run, args=(serve_front(listener, sockets),), daemon=True
        ).start()
        announce(f"jiyi serve: {workers} workers behind http://{host}:{port}")

    try:
        return run_services(services, dict(os.environ), announce, on_ready=start_front)
    finally:
        listener.close()
        shutil.rmtree(run_dir, ignore_errors=True)
