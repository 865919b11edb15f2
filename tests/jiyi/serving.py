"""A real `jiyi serve` on a free loopback port, or an app on a Unix socket, for the tests that
talk to them over HTTP."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import uvicorn


def jiyi(env: dict[str, str], *args: str) -> str:
    """Run a `jiyi` command (e.g. `keys create acme`) with `env`; its stdout."""
    return subprocess.run([sys.executable, "-m", "jiyi.cli", *args], env=env,
                          capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip


@contextmanager
def running_serve(env: dict[str, str], *args: str, timeout_s: float = 60) -> Iterator[str]:
    """Start `jiyi serve` (with `args`) with `env`, wait for `/healthz`, yield its base URL;
    SIGTERM after."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "jiyi.cli", "serve", "--port", str(port), *args],
        env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass  # not listening yet
            assert server.poll() is None, server.stderr.read() if server.stderr else ""
            assert time.monotonic() < deadline, "jiyi serve did not start in time"
            time.sleep(0.2)
        yield base
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def serving_on_socket(app: object, path: str) -> uvicorn.Server:
    """`app` served by uvicorn on the Unix socket `path` in a thread, returned once it
    accepts (as `jiyi serve --uds` serves a worker); set `should_exit` to stop it."""
    server = uvicorn.Server(uvicorn.Config(app, uds=path, log_config=None))  # type: ignore[arg-type]
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server
