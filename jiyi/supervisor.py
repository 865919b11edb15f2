"""`jiyi up`: run the API, the stream worker and the Dagster UI together, stop them together.

Each service runs in its own process group (so a stop reaches its children too, e.g. the
workers `dagster dev` spawns), is reported once it answers, and is stopped with SIGTERM, then
SIGKILL after a grace period. If any service dies, the others are stopped as well: a half-up
system is worse than a down one.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import FrameType

import httpx

log = logging.getLogger(__name__)

READY_TIMEOUT_S = 180.0
STOP_GRACE_S = 20.0
POLL_S = 0.25


@dataclass(frozen=True)
class Service:
    name: str
    command: Sequence[str]
    url: str | None = None  # where people reach it
    ready_url: str | None = None  # answers HTTP 200 once the service is up
    ready_socket: str | None = None  # the Unix socket `ready_url` is asked on, if not TCP


def _answers(url: str, unix_socket: str | None = None) -> bool:
    try:
        with httpx.Client(transport=httpx.HTTPTransport(uds=unix_socket), timeout=1) as client:
            return client.get(url).status_code == 200
    except httpx.HTTPError:
        return False


def _stop(processes: dict[str, subprocess.Popen[bytes]]) -> None:
    for process in processes.values():
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_S
    for name, process in processes.items():
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            log.warning("service did not stop in time; killing it", extra={"service": name})
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def run_services(
    services: Sequence[Service],
    env: dict[str, str],
    announce: Callable[[str], None] = print,
    on_ready: Callable[[], None] | None = None,
) -> int:
    """Start every service, announce each once ready (then call `on_ready`), run until a signal
    or a death; 0 if stopped by a signal, else the exit code of the service that died."""
    stop_requested = False

    def request_stop(signum: int, _: FrameType | None) -> None:
        nonlocal stop_requested
        stop_requested = True

    previous = {s: signal.signal(s, request_stop) for s in (signal.SIGINT, signal.SIGTERM)}
    processes: dict[str, subprocess.Popen[bytes]] = {}
    try:
        for service in services:
            processes[service.name] = subprocess.Popen(
                list(service.command), env=env, start_new_session=True
            )
        pending = {s.name: s for s in services}
        started = time.monotonic()
        while not stop_requested:
            for name, process in processes.items():
                if process.poll() is not None:
                    announce(f"{name} exited with code {process.returncode}; stopping the rest")
                    return process.returncode or 1
            for name, service in list(pending.items()):
                if service.ready_url is None or _answers(service.ready_url, service.ready_socket):
                    announce(f"{name:<8} ready" + (f" at {service.url}" if service.url else ""))
                    del pending[name]
                    if not pending and on_ready is not None:
                        on_ready()
            if pending and time.monotonic() - started > READY_TIMEOUT_S:
                announce(f"not ready after {READY_TIMEOUT_S:.0f} s: {', '.join(pending)}")
                return 1
            time.sleep(POLL_S)
        announce("stopping ...")
        return 0
    finally:
        _stop(processes)
        for signum, handler in previous.items():
            signal.signal(signum, handler)
