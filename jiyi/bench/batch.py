"""`jiyi bench batch`: the nightly assets timed at scale, each beside a plain baseline.

Measured in one run on this machine: decay over N edges (polars, vectorised; baseline: the
per-edge Python function the read path uses, on a sample), the noise rule over M events,
similar-event merging, re-packing the users it rewrote (baseline: reading them from the table)
and archiving over M events held in a real LanceDB store (filling it is not timed), and one LoRA
epoch on P pairs. The decay goal is 10 million edges in < 60 s.
The synthetic data generators here are also what the batch tests use.
"""

from __future__ import annotations

import random
import secrets
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import numpy as np
import polars as pl

from jiyi import clock
from jiyi.domain import (
    Event,
    EventType,
    ExtractionSource,
    RelationKind,
    event_id_for,
    text_hash,
)
from jiyi.episodic.records import IndexItem

if TYPE_CHECKING:
    from jiyi.episodic.store import EpisodicStore

T = TypeVar("T")
DAY_MS = 86_400_000
DECAY_GOAL_EDGES = 10_000_000
DECAY_GOAL_SECONDS = 60.0

_TOPICS = [
    ("电磁感应", "electromagnetic induction"),
    ("楞次定律", "Lenz's law"),
    ("右手定则", "right-hand rule"),
    ("三角函数", "trigonometry"),
    ("加速度", "acceleration"),
    ("动量守恒", "conservation of momentum"),
    ("化学平衡", "chemical equilibrium"),
    ("英语语法", "English grammar"),
]
_PHRASES = {
    EventType.CONCEPT_CONFUSION: ("搞不懂{zh}", "confused about {en}"),
    EventType.PREFERENCE: ("喜欢用动画学{zh}", "likes animations for {en}"),
    EventType.QUESTION: ("问了{zh}的问题", "asked about {en}"),
    EventType.TASK_REQUEST: ("请求复习{zh}", "asked to review {en}"),
    EventType.GREETING: ("你好", "hello there"),
    EventType.SMALL_TALK: ("今天天气不错", "nice weather today"),
}


def synthetic_events(
    users: int, per_user: int, now_ms: int, days: int = 60, seed: int = 7
) -> list[IndexItem]:
    """(event, raw text) pairs over `days` before `now_ms`, zh and en, with repeats to merge."""
    rng = random.Random(seed)
    types = list(_PHRASES)
    items = []
    for u in range(users):
        user = f"u{u:06d}"
        for i in range(per_user):
            event_type = rng.choice(types)
            zh, en = rng.choice(_TOPICS)
            template = _PHRASES[event_type][i % 2]
            text = template.format(zh=zh, en=en)
            turn = f"t{u:06d}-{i:05d}"
            items.append(
                IndexItem(
                    Event(
                        event_id=event_id_for(user, turn, event_type),
                        user_id=user,
                        session_id=f"s{u:06d}-{i // 10:04d}",
                        turn_id=turn,
                        ts=now_ms - rng.randrange(days * DAY_MS),
                        event_type=event_type,
                        keywords=[zh if i % 2 == 0 else en],
                        summary=text[:50],
                        raw_hash=text_hash(text),
                        confidence=round(rng.uniform(0.5, 0.95), 3),
                        source=ExtractionSource.RULE,
                    ),
                    text,
                )
            )
    return items


@dataclass(frozen=True)
class Timing:
    name: str
    items: int
    seconds: float
    note: str = ""

    @property
    def per_second(self) -> float:
        return self.items / self.seconds if self.seconds > 0 else float("inf")


@dataclass
class BatchReport:
    timings: list[Timing] = field(default_factory=list)

    def add(self, name: str, items: int, seconds: float, note: str = "") -> None:
        self.timings.append(Timing(name, items, seconds, note))


def _timed(step: Callable[[], T]) -> tuple[float, T]:
    started = time.perf_counter()
    result = step()
    return time.perf_counter() - started, result


def synthetic_edges(n: int, now_ms: int, seed: int = 11) -> pl.DataFrame:
    """n edges over 10,000 users, every relation kind, last evidence up to 400 days ago."""
    rng = np.random.default_rng(seed)
    kinds = np.array([k.value for k in RelationKind])
    return pl.DataFrame(
        {
            "user_id": pl.Series(rng.integers(0, 10_000, n)).cast(pl.String),
            "edge_id": pl.Series(np.arange(n)).cast(pl.String),
            "relation": kinds[rng.integers(0, len(kinds), n)],
            "confidence": rng.uniform(0.1, 1.0, n),
            "updated_at": now_ms - rng.integers(0, 400 * DAY_MS, n),
            "invalid_at": pl.Series([None] * n, dtype=pl.Int64),
            "decay_class": pl.Series([None] * n, dtype=pl.String),
        }
    )


def bench_decay(report: BatchReport, edges: int, baseline_edges: int, now_ms: int) -> None:
    from jiyi.config import GraphSettings
    from jiyi.graph.decay import decayed_confidence
    from jiyi.maintenance import decay_edges

    settings = GraphSettings()
    frame = synthetic_edges(edges, now_ms)
    seconds, _ = _timed(lambda: decay_edges(frame, now_ms, settings))
    report.add("decay (polars, vectorised)", edges, seconds)
    sample = frame.head(baseline_edges).select("relation", "confidence", "updated_at").rows()

    def python_loop() -> list[float]:
        return [decayed_confidence(c, u, now_ms, RelationKind(r), settings) for r, c, u in sample]

    seconds, _ = _timed(python_loop)
    report.add("decay baseline (Python loop, read-path function)", len(sample), seconds)


def bench_noise(report: BatchReport, events: int, now_ms: int) -> None:
    from jiyi.config import ForgettingSettings
    from jiyi.maintenance import noise_mask

    rng = np.random.default_rng(5)
    frame = pl.DataFrame(
        {
            "user_id": pl.Series(rng.integers(0, events // 200 + 1, events)).cast(pl.String),
            "event_type": np.array(list(_PHRASES))[rng.integers(0, len(_PHRASES), events)],
            "raw_hash": pl.Series(rng.integers(0, 50, events)).cast(pl.String),
            "count": np.ones(events, dtype=np.int64),
            "ts": now_ms - rng.integers(0, 60 * DAY_MS, events),
        }
    )
    seconds, _ = _timed(lambda: noise_mask(frame, ForgettingSettings()))
    report.add("noise rule (numpy windows)", events, seconds)


def _open_store(directory: Path, packs: bool = True) -> EpisodicStore:
    from jiyi.composition import open_local_episodic_store
    from models.hashing import HashingEncoder

    return open_local_episodic_store(directory, HashingEncoder(64), packs)


def _filled_store(directory: Path, events: int, now_ms: int) -> EpisodicStore:
    from jiyi.episodic.indexing import build_records
    from jiyi.episodic.terms import IndexTerms
    from models.hashing import HashingEncoder

    store, encoder = _open_store(directory), HashingEncoder(64)
    terms = IndexTerms(secrets.token_bytes(32))
    per_user = 200
    items = synthetic_events(max(1, events // per_user), per_user, now_ms)
    for start in range(0, len(items), 50_000):
        store.upsert(build_records(items[start : start + 50_000], encoder, terms, False))
    return store


def _read_each(directory: Path, users: list[str]) -> None:
    """Each user's rows read once, by stores that each read as many users as their pack queue
    holds and close, which writes those packs: users a server has read."""
    from jiyi.episodic.user_rows import PACKS_QUEUED

    for start in range(0, len(users), PACKS_QUEUED):
        store = _open_store(directory)
        for user in users[start : start + PACKS_QUEUED]:
            store.scan(user)
        store.close()


def bench_store_steps(report: BatchReport, events: int, now_ms: int) -> None:
    """Merging, re-packing the users it rewrote, and archiving over `events` held in a real
    LanceDB store (setup not timed). Every user is read before the night, so the re-pack covers
    all it rewrote; its baseline is reading those users from the table, which is what their next
    recalls would do without it."""
    from jiyi.archive import archive_cold_events
    from jiyi.archive.local import local_archive
    from jiyi.config import EpisodicSettings, ForgettingSettings
    from jiyi.maintenance import run_merging

    scratch = Path(tempfile.mkdtemp(prefix="jiyi-bench-"))
    try:
        store = _filled_store(scratch / "merge", events, now_ms)
        users = sorted(set(store.scan().column("user_id").to_pylist()))
        _read_each(scratch / "merge", users)
        seconds, merged = _timed(lambda: run_merging(store, EpisodicSettings()))
        note = f"{merged.removed} events merged away"
        report.add("similar-event merging (LanceDB)", events, seconds, note)
        seconds, repacked = _timed(store.repack)
        unpacked = _open_store(scratch / "merge", packs=False)
        reads, _ = _timed(lambda: [unpacked.scan(user) for user in users])
        unpacked.close()
        note = f"users; reading them from the table instead: {reads:.2f} s"
        report.add("re-packing the users merging rewrote", repacked, seconds, note)
        store = _filled_store(scratch / "archive-src", events, now_ms)
        archive = local_archive(scratch / "archive")
        seconds, archived = _timed(
            lambda: archive_cold_events(store, archive, ForgettingSettings(), now_ms)
        )
        note = f"{archived.archived} cold events archived"
        report.add("archiving (LanceDB → local Parquet)", events, seconds, note)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def bench_lora(report: BatchReport, pairs: int) -> None:
    from models.embedder import DEFAULT_MODEL
    from models.pairs import domain_pairs
    from models.training import TrainingConfig, train_adapter

    source = domain_pairs()
    chosen = [source[i % len(source)] for i in range(pairs)]
    scratch = Path(tempfile.mkdtemp(prefix="jiyi-bench-lora-"))
    try:
        result = train_adapter(DEFAULT_MODEL, chosen, scratch / "adapter", TrainingConfig(epochs=1))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    report.add(
        "one LoRA epoch (MiniLM-L6, batch 32)",
        pairs,
        result.seconds,
        f"{result.steps} steps, final loss {result.final_loss:.3f}",
    )


def run(
    edges: int = DECAY_GOAL_EDGES,
    events: int = 100_000,
    pairs: int = 2000,
    lora: bool = True,
    baseline_edges: int = 200_000,
) -> BatchReport:
    now_ms = clock.now_ms()
    report = BatchReport()
    bench_decay(report, edges, min(baseline_edges, edges), now_ms)
    bench_noise(report, events, now_ms)
    bench_store_steps(report, events, now_ms)
    if lora:
        bench_lora(report, pairs)
    return report


def report_text(report: BatchReport) -> str:
    lines = [f"{'step':<52} {'items':>11} {'seconds':>9} {'items/s':>12}"]
    for t in report.timings:
        note = f"  ({t.note})" if t.note else ""
        lines.append(f"{t.name:<52} {t.items:>11,} {t.seconds:>9.2f} {t.per_second:>12,.0f}{note}")
    decay = next(t for t in report.timings if t.name.startswith("decay (polars"))
    loop = next(t for t in report.timings if t.name.startswith("decay baseline"))
    projected = DECAY_GOAL_EDGES / decay.per_second
    lines.append(
        f"decay: {decay.per_second / loop.per_second:,.0f}x the Python loop; 10M edges "
        f"≈ {projected:.1f} s (goal < {DECAY_GOAL_SECONDS:.0f} s: "
        f"{'met' if projected < DECAY_GOAL_SECONDS else 'NOT met'})"
    )
    return "\n".join(lines)
