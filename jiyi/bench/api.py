"""`jiyi bench api`: a load test of the HTTP API on loopback, mixed ingest and recall.

Users get real histories first (dialogue turns from the benchmark data, written through the
library before any server starts; the load waits until the stream has read them from the log
too), then client threads drive the servers for a fixed time (every loop bounded by time and
count): each client sends recall requests, and every `ingest_every`-th
request adds a turn. Queries are the benchmark's own questions and fragments of the users'
turns, drawn at random, so no cache could answer them.

Two deployments: `pair`, the production one (`jiyi serve --no-inline` beside `jiyi stream`, both
on this machine's cores), and `inline` (`jiyi serve` alone, writing as it answers). Measured in
the same run: `GET /healthz` (what the HTTP stack alone costs) and the in-process recall rate
(`Memory.recall` from as many threads as clients, no server running): the ceiling that HTTP
serving is measured against.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from statistics import quantiles
from typing import Literal

import httpx
import psutil

from jiyi.composition import open_key_store
from jiyi.config import Settings, load_settings, usable_cores
from jiyi.domain import Role, Turn
from jiyi.memory import Memory

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
TENANT = "bench"
CATCH_UP_S = 600  # the longest the stream may take to process the histories
Deployment = Literal["pair", "inline"]


@dataclass(frozen=True)
class Workload:
    """What users said (their histories and what they go on to say) and what is asked."""

    texts: list[str]
    queries: list[str]

    @classmethod
    def built_in(cls) -> Workload:
        return cls(SENTENCES, QUERIES)

    @classmethod
    def of(cls, texts: Sequence[str], questions: Sequence[str], seed: int = 7) -> Workload:
        """The benchmark's questions, and as many fragments (3 to 6 words, or 4 to 10 Han
        characters) of its texts, so queries hit every user's history in varied ways."""
        rng = random.Random(seed)
        fragments = [_fragment(rng.choice(texts), rng) for _ in range(max(len(questions), 200))]
        return cls(list(texts), [q for q in [*questions, *fragments] if q.strip()])


def benchmark_workload(locomo: Path | None, memorybank: Path | None) -> Workload:
    """Turns and questions of LoCoMo (English) and MemoryBank (Chinese) conversations."""
    from jiyi.bench.memorybank import load_memorybank
    from jiyi.bench.recall import load_locomo

    haystacks = [*(load_locomo(locomo) if locomo else []),
                 *(load_memorybank(memorybank) if memorybank else [])]  # fmt: skip
    texts = [turn.text for haystack in haystacks for turn in haystack.turns]
    if not texts:
        raise ValueError("api bench: no dialogue text found (pass --locomo or --memorybank)")
    random.Random(0).shuffle(texts)
    return Workload.of(texts, [q.text for haystack in haystacks for q in haystack.questions])


def _fragment(text: str, rng: random.Random) -> str:
    words = text.split()
    if len(words) >= 3:
        size = rng.randint(3, min(6, len(words)))
        start = rng.randrange(len(words) - size + 1)
        return " ".join(words[start : start + size])
    size = min(len(text), rng.randint(4, 10))
    start = rng.randrange(len(text) - size + 1)
    return text[start : start + size]


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


@dataclass(frozen=True)
class ApiBenchResult:
    deployment: Deployment
    users: int
    history: int
    load: LoadResult
    baseline: LoadResult
    in_process_recalls_per_s: float
    # CPU each process used during the mixed load, in cores: the server, the stream worker (in
    # the pair) and this process, the load generator. A server near one core while the machine
    # has more is held by Python's lock, not short of cores.
    cpu_cores: dict[str, float] = field(default_factory=dict)
    workers: int = 1  # API processes behind the front (`jiyi serve --workers`)
    # The pair's stream over the mixed load: turns it finished a second, and how many the log
    # held that it had not finished when the load stopped (a stream that keeps up: about one
    # batch window's worth of ingests).
    stream_turns_per_s: float | None = None
    stream_lag: int | None = None


def run(
    seconds: float = 60,
    clients: int = 8,
    ingest_every: int = 5,
    users: int = 40,
    history: int = 60,
    model: str | None = None,
    deployment: Deployment = "pair",
    workload: Workload | None = None,
    workers: int = 1,
) -> ApiBenchResult:
    work = workload or Workload.built_in()
    data_dir = Path(tempfile.mkdtemp(prefix="jiyi-bench-api-"))
    env = {**os.environ, "JIYI_DATA_DIR": str(data_dir), "JIYI_LOG_LEVEL": "WARNING"}
    if model:
        env["JIYI_EMBEDDER__MODEL"] = model
    overrides = {"embedder": {"model": model}} if model else {}
    settings = load_settings(data_dir=data_dir, **overrides)
    key = open_key_store(settings).create(TENANT)
    rng = random.Random(0)
    ceiling = _fill_and_recall(settings, users, history, work, clients, min(seconds, 10), rng)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    serve = ["serve", "--port", str(port), *(["--no-inline"] if deployment == "pair" else [])]
    serve += ["--workers", str(workers)]
    servers = [_start(serve, env)]
    if deployment == "pair":
        servers.append(_start(["stream"], env))
    headers = {"Authorization": f"Bearer {key}"}
    try:
        _wait_healthy(base, servers)
        if deployment == "pair":
            _wait_caught_up(settings, servers[1])

        def mixed(http: httpx.Client, n: int, rng: random.Random) -> tuple[str, httpx.Response]:
            user = f"user{rng.randrange(users)}"
            if n % ingest_every == 0:
                turn = {"session_id": "s2", "role": "user", "content": rng.choice(work.texts),
                        "client_ts": HISTORY_T0 + history + n}  # fmt: skip
                return "ingest", http.post(f"/v1/users/{user}/turns", json={"turns": [turn]})
            body = {"query": rng.choice(work.queries), "session_id": "s2"}
            return "recall", http.post(f"/v1/users/{user}/recall", json=body)

        def health(http: httpx.Client, n: int, rng: random.Random) -> tuple[str, httpx.Response]:
            return "healthz", http.get("/healthz")

        baseline = _drive(base, headers, min(seconds, 10), clients, health, "healthz")
        server = psutil.Process(servers[0].pid)
        api_workers = server.children(recursive=True)  # `--workers N`: the front's workers
        processes = {"front": [server], "workers": api_workers} if api_workers else {}
        processes = processes or {"server": [server]}
        if deployment == "pair":
            processes["stream"] = [psutil.Process(servers[1].pid)]
        processes["load generator"] = [psutil.Process()]
        before = {name: _cpu_s(group) for name, group in processes.items()}
        finished_before = _stream_progress(settings)[0] if deployment == "pair" else 0
        load = _drive(base, headers, seconds, clients, mixed, "mixed")
        cores = {name: (_cpu_s(g) - before[name]) / seconds for name, g in processes.items()}
        result = ApiBenchResult(deployment, users, history, load, baseline, ceiling, cores, workers)
        if deployment != "pair":
            return result
        finished, lag = _stream_progress(settings)
        turns_per_s = (finished - finished_before) / seconds
        return replace(result, stream_turns_per_s=turns_per_s, stream_lag=lag)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(data_dir, ignore_errors=True)  # 60-470 MB a run were left behind


def _fill_and_recall(
    settings: Settings, users: int, history: int, work: Workload, clients: int, seconds: float,
    rng: random.Random,
) -> float:  # fmt: skip
    """Write every user's history through the library (as the tenant's scoped users), then
    time in-process recall from `clients` threads: recalls/s."""
    memory = Memory(settings)
    try:
        for u in range(users):
            memory.consent(f"{TENANT}:user{u}", granted=True)
            texts = [work.texts[(u * history + i) % len(work.texts)] for i in range(history)]
            memory.add_turns([
                Turn(user_id=f"{TENANT}:user{u}", session_id="s1", role=Role.USER, content=text,
                     client_ts=HISTORY_T0 + i)
                for i, text in enumerate(texts)
            ])  # fmt: skip
        done = [0] * clients

        def ask(index: int) -> None:
            local = random.Random(index)
            for _ in range(MAX_REQUESTS_PER_CLIENT):
                if time.monotonic() >= deadline:
                    return
                user = f"{TENANT}:user{local.randrange(users)}"
                memory.recall(user, local.choice(work.queries), session_id="s1")
                done[index] += 1

        memory.recall(f"{TENANT}:user0", work.queries[0])  # the first query pays the export
        started = time.monotonic()
        deadline = started + seconds  # from here: writing the histories is not recall time
        threads = [threading.Thread(target=ask, args=(i,)) for i in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return sum(done) / (time.monotonic() - started)
    finally:
        memory.close()


def _cpu_s(processes: Sequence[psutil.Process]) -> float:
    """CPU seconds processes have used so far, every thread's."""
    times = [process.cpu_times() for process in processes]
    return float(sum(t.user + t.system for t in times))


def _start(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "jiyi.cli", *command],
        env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip


def _wait_healthy(base: str, servers: list[subprocess.Popen[bytes]]) -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            httpx.get(f"{base}/healthz", timeout=1)
            return
        except httpx.TransportError:
            if time.monotonic() > deadline or any(s.poll() is not None for s in servers):
                raise RuntimeError("jiyi serve did not start") from None
            time.sleep(0.2)


def _stream_progress(settings: Settings) -> tuple[int, int | None]:
    """Turns the stream has finished so far, and the turns of the log it has not (`lag`)."""
    from pipelines.status import stream_status

    status = stream_status(settings)
    return sum(status.finished.values()), status.lag


def _wait_caught_up(settings: Settings, stream: subprocess.Popen[bytes]) -> None:
    """Until the stream has processed every turn in the log: the histories written inline
    are in the log too, and a stream started beside them reads them all again first (about
    30 s here), which the measured load would otherwise share the cores with."""
    from pipelines.status import stream_status

    deadline = time.monotonic() + CATCH_UP_S
    while (status := stream_status(settings)).lag or not status.workers:
        if time.monotonic() > deadline or stream.poll() is not None:
            raise RuntimeError(f"jiyi stream did not catch up with the log ({status.lag} behind)")
        time.sleep(0.5)


def report(result: ApiBenchResult) -> str:
    load, baseline = result.load, result.baseline
    header = f"{'op':<10} {'requests':>8} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8}"
    workers = f" --workers {result.workers}" if result.workers > 1 else ""
    served = {
        "pair": f"jiyi serve --no-inline{workers} + jiyi stream",
        "inline": "jiyi serve (inline)",
    }
    lines = [
        f"HTTP API on loopback, {served[result.deployment]}, {result.users} users with"
        f" {result.history} turns each, {load.seconds:.0f} s of mixed load",
        header,
    ]
    lines += [load.line(op) for op in sorted(load.latencies_ms)]
    lines.append(load.line())
    lines.append(baseline.line())
    lines.append(f"errors: {load.errors} of {load.requests} mixed, {baseline.errors} of "
                 f"{baseline.requests} healthz")  # fmt: skip
    ratio = (load.requests / load.seconds) / (baseline.requests / baseline.seconds)
    lines.append(f"mixed throughput / healthz throughput: {ratio:.3f}")
    ceiling = result.in_process_recalls_per_s
    recalls = len(load.latencies_ms.get("recall", [])) / load.seconds
    lines.append(
        f"in-process recall (Memory.recall, same threads, no server): {ceiling:.1f}/s; served"
        f" recalls {recalls:.1f}/s = {recalls / ceiling:.2f} of it"
    )
    shares = ", ".join(f"{name} {cores:.2f}" for name, cores in result.cpu_cores.items())
    lines.append(f"CPU during the mixed load, in cores of {usable_cores()}: {shares}")
    if result.stream_turns_per_s is not None:
        ingests = len(load.latencies_ms.get("ingest", [])) / load.seconds
        lines.append(
            f"stream: {result.stream_turns_per_s:.1f} turns/s finished against {ingests:.1f}"
            f" ingested/s; {result.stream_lag} turns not yet finished when the load stopped"
        )
    return "\n".join(lines)
