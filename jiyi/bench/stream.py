"""`jiyi bench stream`: the streaming write path, end to end, against the embedder alone.

For 1 and 2 workers, on a fresh data directory each time:
- throughput: N turns already in the embedded log, the flow runs until it has drained them into
  the episodic store and the graph; turns/s over the whole drain;
- latency: a producer appends turns at a steady offered load (a share of that throughput) while
  the flow tails the log; per turn, append → "recallable" (its events upserted and its graph
  updates committed, the moment the flow reports it finished); p50 and p99;
- the baseline, measured in the same run right before each drain, in the flow's batch size:
  the embedder alone encoding (a) the turns' own texts and (b) what the stream actually embeds
  for them (each extracted event's index text: summary, keywords and attribute values, about
  twice as many tokens). Efficiency = stream turns/s ÷ embedder turns/s (the issue aims for
  ≥ 0.7); against (b) it is the share of the stream's time spent embedding, which is what the
  rest of the write path costs on top.
"""

from __future__ import annotations

import random
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from statistics import quantiles

from bytewax.outputs import DynamicSink, StatelessSinkPartition
from bytewax.run import cli_main

from jiyi import clock
from jiyi.composition import open_encoder, open_turn_log, open_turn_source
from jiyi.config import load_settings
from jiyi.domain import Role, Turn
from jiyi.episodic.indexing import index_text
from jiyi.extraction.engine import extract
from jiyi.ingest import Processed, Rejected
from jiyi.turnlog import TurnLog
from models.embedder import SpaceEncoder
from pipelines.flow import EMBED_BATCH_SIZE, build_flow

EN = [
    "I love {}",
    "I keep mixing up {} and {}",
    "what is {}?",
    "I want to learn {}",
    "I don't understand {}",
    "can you explain {} again",
    "I hate {}",
]
ZH = ["我喜欢{}", "我不太理解{}", "{}是什么？", "我想学{}", "我总是把{}和{}搞混", "我讨厌{}"]
EN_TOPICS = [
    "hiking",
    "calculus",
    "the chain rule",
    "photosynthesis",
    "jazz",
    "python loops",
    "vectors",
    "chess openings",
    "french verbs",
    "orbital mechanics",
    "sourdough",
]
ZH_TOPICS = [
    "链式法则",
    "光合作用",
    "三角函数",
    "古诗",
    "篮球",
    "编程",
    "化学方程式",
    "动画",
    "历史",
]


def workload(turns: int, users: int, seed: int = 7) -> list[Turn]:
    """A mixed zh/en conversation: varied declarations, questions and confusions per user."""
    rng = random.Random(seed)
    made = []
    for i in range(turns):
        zh = rng.random() < 0.5
        template = rng.choice(ZH if zh else EN)
        topics = rng.sample(ZH_TOPICS if zh else EN_TOPICS, 2)
        content = template.format(*topics[: template.count("{}")])
        made.append(
            Turn(
                user_id=f"user{i % users}",
                session_id=f"s{i // (users * 6)}",
                role=Role.USER,
                content=content,
                client_ts=1_700_000_000_000 + i,
            )
        )
    return made


class _Recorder(DynamicSink[Processed | Rejected]):
    """Collects each finished turn's completion time, from every worker."""

    def __init__(self) -> None:
        self.done: dict[str, int] = {}
        self.rejected = 0
        self._lock = threading.Lock()

    def build(self, step_id: str, worker_index: int, worker_count: int) -> _RecorderPart:
        return _RecorderPart(self)

    def add(self, items: list[Processed | Rejected]) -> None:
        with self._lock:
            for item in items:
                if isinstance(item, Processed):
                    self.done[item.turn_id] = item.done_at_ms
                else:
                    self.rejected += 1


class _RecorderPart(StatelessSinkPartition[Processed | Rejected]):
    def __init__(self, recorder: _Recorder) -> None:
        self._recorder = recorder

    def write_batch(self, items: list[Processed | Rejected]) -> None:
        self._recorder.add(items)


@dataclass(frozen=True)
class WorkerResult:
    workers: int
    turns: int
    encoder_turns_per_s: float  # the embedder alone on the turns' texts, right before the drain
    encoder_events_turns_per_s: float  # ... on what the stream embeds for those turns
    drain_s: float
    offered_per_s: float
    p50_ms: float
    p99_ms: float

    @property
    def turns_per_s(self) -> float:
        return self.turns / self.drain_s


@dataclass(frozen=True)
class StreamBenchResult:
    model: str
    results: list[WorkerResult]


def _run(
    data_dir: Path,
    model: str,
    encoder: SpaceEncoder,
    workers: int,
    tail: bool,
    stop: threading.Event | None = None,
) -> _Recorder:
    settings = load_settings(
        data_dir=data_dir, embedder={"model": model}, privacy={"require_consent_for_graph": False}
    )
    recorder = _Recorder()
    source = open_turn_source(settings, tail, stop)
    flow = build_flow(settings, source, progress=recorder, open_encoder=lambda: encoder)
    cli_main(flow, workers_per_process=workers)
    return recorder


def _append(data_dir: Path, turns: list[Turn]) -> TurnLog:
    settings = load_settings(data_dir=data_dir)
    log = open_turn_log(settings)
    for turn in turns:
        log.append(turn)
    return log


def embedded_texts(turns: list[Turn], batch: int = EMBED_BATCH_SIZE) -> list[str]:
    """What the stream embeds for these turns (raw text not kept, the default): each event's
    index text, a text repeated within a batch once, as `build_records` embeds them."""
    texts: list[str] = []
    for start in range(0, len(turns), batch):
        block = turns[start : start + batch]
        texts += dict.fromkeys(index_text(event) for turn in block for event in extract(turn))
    return texts


def measure_encoder(
    encoder: SpaceEncoder, texts: list[str], turns: int, batch: int = EMBED_BATCH_SIZE
) -> float:
    """Turns/s of the embedder alone encoding `texts` (for `turns` turns), in the flow's batch
    size."""
    encoder.encode(texts[:batch])  # warm-up
    start = time.perf_counter()
    for i in range(0, len(texts), batch):
        encoder.encode(texts[i : i + batch])
    return turns / (time.perf_counter() - start)


def measure_workers(
    model: str, encoder: SpaceEncoder, turns: list[Turn], workers: int, load_share: float
) -> WorkerResult:
    with tempfile.TemporaryDirectory(prefix="jiyi-bench-") as tmp:
        warm = Path(tmp) / "warm"  # first run pays for opening stores; not measured
        _append(warm, turns[:20]).close()
        _run(warm, model, encoder, workers, tail=False)

        drain = Path(tmp) / "drain"
        _append(drain, turns).close()
        encoder_rate = measure_encoder(encoder, [t.content for t in turns], len(turns))
        events_rate = measure_encoder(encoder, embedded_texts(turns), len(turns))
        start = time.perf_counter()
        recorder = _run(drain, model, encoder, workers, tail=False)
        drain_s = time.perf_counter() - start
        if len(recorder.done) != len(turns):
            raise RuntimeError(f"drain finished {len(recorder.done)} of {len(turns)} turns")

        rate = load_share * len(turns) / drain_s
        live = Path(tmp) / "live"
        settings = load_settings(data_dir=live)
        log = open_turn_log(settings)
        stop = threading.Event()
        appended: dict[str, int] = {}

        def produce() -> None:
            begin = time.perf_counter()
            for i, turn in enumerate(turns):
                delay = begin + i / rate - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
                log.append(turn)
                appended[turn.turn_id] = clock.now_ms()
            stop.set()

        producer = threading.Thread(target=produce, daemon=True)
        producer.start()
        recorder = _run(live, model, encoder, workers, tail=True, stop=stop)
        producer.join()
        log.close()
        latencies = [recorder.done[t] - appended[t] for t in appended if t in recorder.done]
        cuts = quantiles(latencies, n=100, method="inclusive")
        return WorkerResult(
            workers, len(turns), encoder_rate, events_rate, drain_s, rate, cuts[49], cuts[98]
        )


def run(
    turns: int = 2000,
    users: int = 50,
    model: str = "packaged:all-MiniLM-L6-v2",
    workers: tuple[int, ...] = (1, 2),
    load_share: float = 0.6,
) -> StreamBenchResult:
    settings = load_settings(embedder={"model": model})
    encoder = open_encoder(settings)
    made = workload(turns, users)
    results = [measure_workers(model, encoder, made, w, load_share) for w in workers]
    return StreamBenchResult(model, results)


def report(result: StreamBenchResult) -> str:
    lines = [
        f"stream benchmark: embedder {result.model}; efficiency = stream ÷ embedder alone, on"
        " the turns' texts / on what the stream embeds (the events' index texts)",
        "  workers  embedder alone/s (turns' texts / events' texts)  stream turns/s"
        "  efficiency  offered/s  p50 ms  p99 ms   (latency: append → recallable)",
    ]
    for r in result.results:
        alone = f"{r.encoder_turns_per_s:.1f} / {r.encoder_events_turns_per_s:.1f}"
        efficiency = (
            f"{r.turns_per_s / r.encoder_turns_per_s:.2f} / "
            f"{r.turns_per_s / r.encoder_events_turns_per_s:.2f}"
        )
        lines.append(
            f"  {r.workers:7d}  {alone:>47}  {r.turns_per_s:14.1f}  {efficiency:>10}"
            f"  {r.offered_per_s:9.1f}  {r.p50_ms:6.0f}  {r.p99_ms:6.0f}"
        )
    return "\n".join(lines)
