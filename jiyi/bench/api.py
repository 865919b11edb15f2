"""`jiyi bench api`: a load test of the HTTP API on loopback, mixed ingest and recall.

Starts `jiyi serve` as its own process on a fresh data directory, then drives it from client
threads for a fixed time (every loop bounded by time and count): each client sends recall
requests, and every `ingest_every`-th request adds a turn. The baseline, measured in the same
run against the same server, is `GET /healthz`: what the HTTP stack alone costs.
"""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from statistics import quantiles

import httpx

from jiyi.composition import open_key_store
from jiyi.config import load_settings

SENTENCES = [
    "I keep mixing up velocity and acceleration.",
    "I love hiking in the mountains on weekends.",
    "我总把加速度和速度搞混。",
    "我喜欢用动画学数学。",
    "Can you help me plan a trip to Kyoto?",
    "我最近在准备考试，压力很大。",
    "My sister just moved to Berlin.",
    "I don't like long formulas.",
]
QUERIES = ["velocity", "hiking", "加速度", "学数学", "trip", "考试", "sister", "formulas"]
MAX_REQUESTS_PER_CLIENT = 100_000
HISTORY_T0 = 1_790_000_000_000  # 2026-09: inside the server's accepted window


@dataclass
class LoadResult:
    name: str
    seconds: float
    latencies_ms: dict[str, list[float]] = field(default_factory=dict)
    errors: int = 0

    @property
    def requests(self) -> int:
        return sum(len(v) for v in self.latencies_ms.values())

    def line(self, op: str | None = None) -> str:
        samples = (
            self.latencies_ms[op] if op else [x for v in self.latencies_ms.values() for x in v]
        )
        if len(samples) < 2:
            return f"{op or self.name:<10} {len(samples):>8}"
        cuts = quantiles(samples, n=100, method="inclusive")
        rate = len(samples) / self.seconds
        p50, p99 = cuts[49], cuts[98]
        return f"{op or self.name:<10} {len(samples):>8} {rate:>9.1f} {p50:>8.1f} {p99:>8.1f}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _drive(
    base: str, headers: dict[str, str], seconds: float, clients: int,
    request: Callable[[httpx.Client, int, random.Random], tuple[str, httpx.Response]], name: str,
) -> LoadResult:  # fmt: skip
    result = LoadResult(name, seconds)
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def client(index: int) -> None:
        rng = random.Random(index)
        local: dict[str, list[float]] = {}
        errors = 0
        with httpx.Client(base_url=base, headers=headers, timeout=30) as http:
            for n in range(MAX_REQUESTS_PER_CLIENT):
                if time.monotonic() >= deadline:
                    break
                started = time.perf_counter()
                op, response = request(http, n, rng)
                local.setdefault(op, []).append((time.perf_counter() - started) * 1000)
                errors += response.status_code >= 400
        with lock:
            for op, samples in local.items():
                result.latencies_ms.setdefault(op, []).extend(samples)
            result.errors += errors

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return result


def run(seconds: float = 60, clients: int = 4, ingest_every: int = 5, users: int = 50,
        model: str | None = None) -> tuple[LoadResult, LoadResult]:  # fmt: skip
    data_dir = Path(tempfile.mkdtemp(prefix="jiyi-bench-api-"))
    key = open_key_store(load_settings(data_dir=data_dir)).create("bench")
    port = _free_port()
    env = {**os.environ, "JIYI_DATA_DIR": str(data_dir), "JIYI_LOG_LEVEL": "WARNING"}
    if model:
        env["JIYI_EMBEDDER__MODEL"] = model
    server = subprocess.Popen(
        [sys.executable, "-m", "jiyi.cli", "serve", "--port", str(port)],
        env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    headers = {"Authorization": f"Bearer {key}"}
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                httpx.get(f"{base}/healthz", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("jiyi serve did not start") from None
                time.sleep(0.2)
        with httpx.Client(base_url=base, headers=headers, timeout=60) as http:
            for u in range(users):  # some memory to recall from, and the model loaded
                turns = [{"session_id": "s", "role": "user", "content": text,
                          "client_ts": HISTORY_T0 + i}
                         for i, text in enumerate(SENTENCES)]  # fmt: skip
                http.post(f"/v1/users/user{u}/turns", json={"turns": turns})

        def mixed(http: httpx.Client, n: int, rng: random.Random) -> tuple[str, httpx.Response]:
            user = f"user{rng.randrange(users)}"
            if n % ingest_every == 0:
                turn = {"session_id": "s", "role": "user", "content": rng.choice(SENTENCES),
                        "client_ts": HISTORY_T0 + len(SENTENCES) + n}  # fmt: skip
                return "ingest", http.post(f"/v1/users/{user}/turns", json={"turns": [turn]})
            body = {"query": rng.choice(QUERIES), "session_id": "s"}
            return "recall", http.post(f"/v1/users/{user}/recall", json=body)

        def health(http: httpx.Client, n: int, rng: random.Random) -> tuple[str, httpx.Response]:
            return "healthz", http.get("/healthz")

        baseline = _drive(base, headers, min(seconds, 10), clients, health, "healthz")
        load = _drive(base, headers, seconds, clients, mixed, "mixed")
        return load, baseline
    finally:
        server.terminate()
        server.wait(timeout=30)


def report(load: LoadResult, baseline: LoadResult) -> str:
    header = f"{'op':<10} {'requests':>8} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8}"
    lines = [f"HTTP API on loopback, {load.seconds:.0f} s of mixed load", header]
    lines += [load.line(op) for op in sorted(load.latencies_ms)]
    lines.append(load.line())
    lines.append(baseline.line())
    lines.append(f"errors: {load.errors} of {load.requests} mixed, {baseline.errors} of "
                 f"{baseline.requests} healthz")  # fmt: skip
    ratio = (load.requests / load.seconds) / (baseline.requests / baseline.seconds)
    lines.append(f"mixed throughput / healthz throughput: {ratio:.3f}")
    return "\n".join(lines)
