"""`jiyi bench stream`: the streaming write path, end to end, against the embedder alone.

For 1 and 2 workers, on a fresh data directory each time:
- throughput: N turns already in the embedded log, the flow runs until it has drained them into
  the episodic store and the graph; turns/s over the whole drain;
- latency: a producer appends turns at a steady offered load (a share of that throughput) while
  the flow tails the log; per turn, append → "recallable" (its events upserted and its graph
  updates committed, the moment the flow reports it finished); p50 and p99;
- the baselines, measured in the same run right before each drain, in the flow's batch size:
  the same model on torch in float (the encoder before ONNX Runtime) on the turns' own texts,
  and the deployment's embedder alone encoding (a) the turns' own texts and (b) what the stream
  actually embeds for them (each extracted event's index text: summary, keywords and attribute
  values, about twice as many tokens). Efficiency = stream turns/s ÷ embedder turns/s; against
  (b) it is the share of the stream's time spent embedding, which is what the rest of the write
  path costs on top.

`--breakdown` instead: where the CPU goes, step by step (`breakdown`).
"""

from __future__ import annotations

import random
import secrets
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from statistics import median, quantiles
from typing import ParamSpec, TypeVar

from bytewax.outputs import DynamicSink, StatelessSinkPartition
from bytewax.run import cli_main
from bytewax.testing import run_main

from jiyi import clock
from jiyi.bench.recall import bulk_load, load_locomo
from jiyi.composition import open_encoder, open_turn_log, open_turn_source
from jiyi.config import Settings, load_settings
from jiyi.domain import Role, Turn
from jiyi.episodic.indexing import gets_turn_vector, index_text, turn_passages
from jiyi.episodic.terms import IndexTerms
from jiyi.extraction.engine import extract
from jiyi.ingest import Erasure, Processed, Rejected, TurnWork
from jiyi.ingest.episodic import EmbeddedBatch
from jiyi.ingest.references import SessionEntities
from jiyi.turnlog import LogRecord, TurnLog
from models.channels import TurnChannelEncoder, own_vector_encoder
from models.embedder import USE_MODEL, SpaceEncoder, load_embedder
from models.hashing import PREFIX as HASHING_PREFIX
from pipelines.flow import EMBED_BATCH_SIZE, build_flow, embed_lanes
from pipelines.steps import Steps

P = ParamSpec("P")
R = TypeVar("R")

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


def workload(turns: int, users: int, seed: int = 7, locomo: Path | None = None) -> list[Turn]:
    """A mixed zh/en conversation: varied declarations, questions and confusions per user, ≈ 17
    characters a turn; with `locomo`, that file's turns instead, in order (repeated when there
    are fewer): real conversation, ≈ 100 characters a turn."""
    if locomo is not None:
        said = [t.text for haystack in load_locomo(locomo) for t in haystack.turns]
        return _as_turns([said[i % len(said)] for i in range(turns)], users)
    rng = random.Random(seed)
    contents = []
    for _ in range(turns):
        zh = rng.random() < 0.5
        template = rng.choice(ZH if zh else EN)
        topics = rng.sample(ZH_TOPICS if zh else EN_TOPICS, 2)
        contents.append(template.format(*topics[: template.count("{}")]))
    return _as_turns(contents, users)


def _as_turns(contents: list[str], users: int) -> list[Turn]:
    """One turn per text, dealt to `users` in turn, six turns a user per session."""
    return [
        Turn(
            user_id=f"user{i % users}",
            session_id=f"s{i // (users * 6)}",
            role=Role.USER,
            content=content,
            client_ts=1_700_000_000_000 + i,
        )
        for i, content in enumerate(contents)
    ]


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
    torch_turns_per_s: float | None  # the model on torch in float, on the turns' texts
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
    space_id: str
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
    flow = build_flow(
        settings, source, progress=recorder, open_encoder=lambda: encoder,
        lanes=embed_lanes(workers),
    )  # fmt: skip
    cli_main(flow, workers_per_process=workers)
    return recorder


def _append(data_dir: Path, turns: list[Turn]) -> TurnLog:
    settings = load_settings(data_dir=data_dir)
    log = open_turn_log(settings)
    for turn in turns:
        log.append(turn)
    return log


def embedded_texts(
    turns: list[Turn], encoder: SpaceEncoder, batch: int = EMBED_BATCH_SIZE
) -> list[tuple[SpaceEncoder, list[str]]]:
    """What the stream embeds for these turns (raw text not kept, the default), batch by batch,
    as `build_records` embeds them: each event's index text by the event's own encoder and,
    with a turn channel, each turn that gets a vector there, or its passages when it has some,
    by its encoder; a text repeated within a batch once."""
    own = own_vector_encoder(encoder)
    calls: list[tuple[SpaceEncoder, list[str]]] = []
    for start in range(0, len(turns), batch):
        block = [(turn, extract(turn)) for turn in turns[start : start + batch]]
        texts = dict.fromkeys(index_text(event) for _, events in block for event in events)
        calls.append((own, list(texts)))
        if isinstance(encoder, TurnChannelEncoder):
            said = [t.content for t, events in block for _ in events]
            wanted = [text for text in said if gets_turn_vector(encoder, text)]
            # a turn of several sentences is read as its passages, pooled into its vector
            read = [p for text in wanted for p in turn_passages(text, encoder.passages) or [text]]
            calls.append((encoder.turn, list(dict.fromkeys(read))))
    return calls


def measure_encoder(
    calls: list[tuple[SpaceEncoder, list[str]]],
    turns: int,
    timer: Callable[[], float] = time.perf_counter,
) -> float:
    """Turns/s of the embedder alone making these calls (for `turns` turns): `embedded_texts`,
    or `texts_in_batches`; `timer` = `time.process_time` for CPU time."""
    for encoder, texts in calls[:2]:
        encoder.encode(texts)  # warm-up
    start = timer()
    for encoder, texts in calls:
        if texts:
            encoder.encode(texts)
    return turns / (timer() - start)


def texts_in_batches(
    encoder: SpaceEncoder, texts: list[str], batch: int = EMBED_BATCH_SIZE
) -> list[tuple[SpaceEncoder, list[str]]]:
    """`texts` for `encoder` in the flow's batch size."""
    return [(encoder, texts[i : i + batch]) for i in range(0, len(texts), batch)]


def torch_reference(model: str) -> SpaceEncoder | None:
    """The same sentence-transformers model on torch in float: the encoder the stream had before
    ONNX Runtime, as a baseline (USE and the hashing encoder have no torch form)."""
    if model == USE_MODEL or model.startswith(HASHING_PREFIX):
        return None
    return load_embedder(model, runtime="torch")


def measure_workers(
    model: str,
    encoder: SpaceEncoder,
    turns: list[Turn],
    workers: int,
    load_share: float,
    reference: SpaceEncoder | None = None,
) -> WorkerResult:
    with tempfile.TemporaryDirectory(prefix="jiyi-bench-") as tmp:
        warm = Path(tmp) / "warm"  # first run pays for opening stores; not measured
        _append(warm, turns[:20]).close()
        _run(warm, model, encoder, workers, tail=False)

        drain = Path(tmp) / "drain"
        _append(drain, turns).close()
        contents = [t.content for t in turns]
        torch_rate = None
        if reference:
            torch_rate = measure_encoder(texts_in_batches(reference, contents), len(turns))
        encoder_rate = measure_encoder(texts_in_batches(encoder, contents), len(turns))
        events_rate = measure_encoder(embedded_texts(turns, encoder), len(turns))
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
            workers,
            len(turns),
            torch_rate,
            encoder_rate,
            events_rate,
            drain_s,
            rate,
            cuts[49],
            cuts[98],
        )


def run(
    turns: int = 2000,
    users: int = 50,
    model: str = "packaged:all-MiniLM-L6-v2",
    workers: tuple[int, ...] = (1, 2),
    load_share: float = 0.6,
    locomo: Path | None = None,
) -> StreamBenchResult:
    settings = load_settings(embedder={"model": model})
    encoder = open_encoder(settings)
    reference = torch_reference(model)
    made = workload(turns, users, locomo=locomo)
    results = [measure_workers(model, encoder, made, w, load_share, reference) for w in workers]
    return StreamBenchResult(encoder.space_id, results)


def report(result: StreamBenchResult) -> str:
    lines = [
        f"stream benchmark: embedder {result.space_id}; the same model on torch (float) alone on"
        " the turns' texts; efficiency = stream ÷ embedder alone, on the turns' texts / on what"
        " the stream embeds (the events' index texts, and turns for the turn channel);"
        " × torch = stream ÷ torch alone",
        "  workers  torch alone/s  embedder alone/s (turns' / events' texts)  stream turns/s"
        "  × torch  efficiency  offered/s  p50 ms  p99 ms   (latency: append → recallable)",
    ]
    for r in result.results:
        alone = f"{r.encoder_turns_per_s:.1f} / {r.encoder_events_turns_per_s:.1f}"
        efficiency = (
            f"{r.turns_per_s / r.encoder_turns_per_s:.2f} / "
            f"{r.turns_per_s / r.encoder_events_turns_per_s:.2f}"
        )
        torch_rate, versus = "-", "-"
        if r.torch_turns_per_s:
            torch_rate = f"{r.torch_turns_per_s:.1f}"
            versus = f"{r.turns_per_s / r.torch_turns_per_s:.2f}"
        lines.append(
            f"  {r.workers:7d}  {torch_rate:>13}  {alone:>41}  {r.turns_per_s:14.1f}"
            f"  {versus:>7}  {efficiency:>10}  {r.offered_per_s:9.1f}  {r.p50_ms:6.0f}"
            f"  {r.p99_ms:6.0f}"
        )
    return "\n".join(lines)


# ---- --breakdown: CPU time per step of the write path ----------------------------------------

#: The breakdown's rows: a label and the `Steps` methods it adds up.
BREAKDOWN_ROWS: dict[str, tuple[str, ...]] = {
    "embedding (the encoder + lexical terms)": ("embed",),
    "episodic upsert (per batch: an add, or a merge_insert)": ("upsert",),
    "graph updates + audit": ("graph_and_audit",),
    "rule extraction (a stream's child process)": ("read_rules",),
    "residue stage": ("add_residue",),
    "parse, privacy, entity resolution + context terms": ("parse", "privacy", "resolve"),
}
BYTEWAX_ROW = "Bytewax itself (everything outside the steps)"
STORED_EVENTS = 200  # per user already in the store (`breakdown`'s `stored_users`)


class TimedSteps(Steps):
    """The flow's own steps, unchanged, each call's CPU time added up by step: one worker in
    this thread runs them one at a time, so `time.process_time` around a call is that step's."""

    def __init__(self, settings: Settings, encoder: SpaceEncoder) -> None:
        super().__init__(settings, "turnlog", lambda: encoder)
        self.cpu_s: dict[str, float] = defaultdict(float)

    def _timed(self, name: str, call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        start = time.process_time()
        try:
            return call(*args, **kwargs)
        finally:
            self.cpu_s[name] += time.process_time() - start

    def parse(self, record: LogRecord) -> TurnWork | Rejected | Erasure:
        return self._timed("parse", super().parse, record)

    def read_rules(self, items: list[TurnWork | Erasure]) -> list[TurnWork | Rejected | Erasure]:
        return self._timed("read_rules", super().read_rules, items)

    def add_residue(self, works: list[TurnWork]) -> list[TurnWork | Rejected]:
        return self._timed("add_residue", super().add_residue, works)

    def privacy(self, work: TurnWork) -> TurnWork | Rejected:
        return self._timed("privacy", super().privacy, work)

    def resolve(
        self, state: SessionEntities | None, work: TurnWork | Erasure
    ) -> tuple[SessionEntities | None, TurnWork | Erasure]:
        return self._timed("resolve", super().resolve, state, work)

    def embed(self, batch: list[TurnWork]) -> tuple[EmbeddedBatch, list[Rejected]]:
        return self._timed("embed", super().embed, batch)

    def upsert(
        self, embedded: tuple[EmbeddedBatch, list[Rejected]]
    ) -> tuple[list[TurnWork], list[Rejected]]:
        return self._timed("upsert", super().upsert, embedded)

    def graph_and_audit(
        self, stored: tuple[list[TurnWork], list[Rejected]]
    ) -> list[Processed | Rejected]:
        return self._timed("graph_and_audit", super().graph_and_audit, stored)


@dataclass(frozen=True)
class _TimedDrain:
    steps_s: dict[str, float]  # CPU seconds per `Steps` method
    total_s: float  # the process's CPU over the whole run
    encoder_turns_s: float  # the encoder alone on the turns' texts
    encoder_events_s: float  # ... on the events' index texts
    stored_rows: int  # in the episodic store before the drain


@dataclass(frozen=True)
class Breakdown:
    """CPU ms per turn: the steps and the total from the run with the median total (so the rows
    add up to it), the encoder alone as the median over the runs."""

    model: str
    turns: int
    users: int
    runs: int
    batch: int
    stored_rows: int  # in the episodic store before the drain, of other users
    rows_ms: dict[str, float]
    total_ms: float
    encoder_turns_ms: float
    encoder_events_ms: float

    @property
    def bytewax_ms(self) -> float:
        return self.total_ms - sum(self.rows_ms.values())


@contextmanager
def _torch_threads(count: int) -> Iterator[None]:
    """torch on `count` threads, if an encoder loaded it: with more, CPU time also counts the
    threads' spinning, and one worker in one thread is what the breakdown times."""
    torch = sys.modules.get("torch")
    if torch is None:
        yield
        return
    previous = torch.get_num_threads()
    torch.set_num_threads(count)
    try:
        yield
    finally:
        torch.set_num_threads(previous)


def _timed_drain(
    data_dir: Path,
    model: str,
    encoder: SpaceEncoder,
    turns: list[Turn],
    batch: int = EMBED_BATCH_SIZE,
    stored_users: int = 0,
) -> _TimedDrain:
    """Drain `turns` from a fresh log in this thread (`run_main`), after timing the encoder
    alone on the same turns; the stores open before the clock starts, as a stream's do once.
    At most `batch` turns reach the encoder and the store together; `stored_users` other users
    (`STORED_EVENTS` events each, fewer with fewer distinct texts) are in the episodic store
    before it starts."""
    _append(data_dir, turns).close()
    cpu = time.process_time
    contents = texts_in_batches(encoder, [t.content for t in turns], batch)
    alone = measure_encoder(contents, len(turns), timer=cpu)
    alone_events = measure_encoder(embedded_texts(turns, encoder, batch), len(turns), timer=cpu)
    settings = load_settings(
        data_dir=data_dir, embedder={"model": model}, privacy={"require_consent_for_graph": False}
    )
    steps = TimedSteps(settings, encoder)
    stores = steps.stores
    if stored_users:
        texts = list(dict.fromkeys(t.content for t in turns))
        terms, rng = IndexTerms(secrets.token_bytes(32)), random.Random(0)
        bulk_load(stores.episodic, encoder, terms, texts, stored_users, STORED_EVENTS, rng, "held")
        stores.episodic.optimize()
    stored_rows = stores.episodic.count()
    recorder = _Recorder()
    source = open_turn_source(settings, False)
    flow = build_flow(
        settings, source, progress=recorder, steps=steps, batch_size=batch, lanes=embed_lanes(1),
        run_ahead=False,
    )  # fmt: skip
    start = cpu()
    run_main(flow)
    total = cpu() - start
    stores.close()
    if len(recorder.done) != len(turns):
        raise RuntimeError(f"drain finished {len(recorder.done)} of {len(turns)} turns")
    return _TimedDrain(
        dict(steps.cpu_s), total, len(turns) / alone, len(turns) / alone_events, stored_rows
    )


def breakdown(
    turns: int = 1000,
    users: int = 40,
    model: str = "packaged:all-MiniLM-L6-v2",
    runs: int = 3,
    locomo: Path | None = None,
    batch: int = EMBED_BATCH_SIZE,
    stored_users: int = 0,
) -> Breakdown:
    """CPU time per turn of each step of the write path, one worker, torch on 1 thread; CPU time
    rather than wall clock, so other load on the machine weighs less. After one unmeasured
    20-turn drain (it pays for the first use of the stores and the encoder). `batch` 1 is a
    stream under light load (`jiyi serve --no-inline` beside it: each turn its own batch);
    `stored_users` (× `STORED_EVENTS` events) what the store already holds."""
    encoder = open_encoder(load_settings(embedder={"model": model}))
    made = workload(turns, users, locomo=locomo)
    with _torch_threads(1), tempfile.TemporaryDirectory(prefix="jiyi-bench-") as tmp:
        _timed_drain(Path(tmp) / "warm", model, encoder, made[:20], batch)
        drains = [
            _timed_drain(Path(tmp) / f"run{i}", model, encoder, made, batch, stored_users)
            for i in range(runs)
        ]
    mid = sorted(drains, key=lambda d: d.total_s)[len(drains) // 2]
    ms = 1000 / turns
    rows = {
        label: ms * sum(mid.steps_s.get(name, 0.0) for name in names)
        for label, names in BREAKDOWN_ROWS.items()
    }
    return Breakdown(
        model,
        turns,
        users,
        runs,
        batch,
        mid.stored_rows,
        rows,
        ms * mid.total_s,
        ms * median(d.encoder_turns_s for d in drains),
        ms * median(d.encoder_events_s for d in drains),
    )


def report_breakdown(result: Breakdown) -> str:
    r = result
    lines = [
        f"stream CPU breakdown: embedder {r.model}, {r.turns} turns from {r.users} users, one"
        " worker in this thread (bytewax.testing.run_main), torch on 1 thread (ONNX Runtime on its"
        " own, without spinning); CPU ms per turn, every thread's"
        f" (time.process_time): the run with the median total of {r.runs}, the encoder alone"
        f" the median of the {r.runs}, in the flow's batch ({r.batch} turns at most); the"
        f" episodic store held {r.stored_rows:,} rows of other users before",
        f"  {'step':<60}  CPU ms/turn",
    ]
    rows = {**r.rows_ms, BYTEWAX_ROW: r.bytewax_ms, "total": r.total_ms}
    rows["encoder alone (a): the turns' texts"] = r.encoder_turns_ms
    rows["encoder alone (b): the events' index texts"] = r.encoder_events_ms
    lines += [f"  {label:<60}  {value:11.2f}" for label, value in rows.items()]
    efficiency = f"{r.encoder_turns_ms / r.total_ms:.2f} / {r.encoder_events_ms / r.total_ms:.2f}"
    lines.append(f"  {'efficiency (CPU), (a) / (b)':<60}  {efficiency:>11}")
    return "\n".join(lines)
