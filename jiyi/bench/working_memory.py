"""`jiyi bench working-memory`: add / get / rollback latency and the memory of 1,000 sessions.

The baseline, measured in the same run, is the article's design done plainly: each session a list
of message dicts serialised to JSON on every write (as it stored them in Redis) and a deep copy
kept as the snapshot for every version. The article's own figures (3 ms per operation, 1,200 QPS,
under 50 MB for 1,000 sessions) are printed beside ours for reference.
"""

from __future__ import annotations

import copy
import gc
import json
import random
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

from jiyi.bench.stats import OpTimings, time_each
from jiyi.config import WorkingMemorySettings
from jiyi.domain import Role, Turn
from jiyi.working import WorkingMemory

ARTICLE_MS_PER_OP = 3.0
ARTICLE_QPS = 1200
ARTICLE_MB_PER_1000_SESSIONS = 50.0


class ArticleBaselineMemory:
    """The baseline: JSON-serialised message lists plus a deep-copied snapshot per version."""

    def __init__(self, max_turns: int, max_snapshots: int) -> None:
        self._blobs: dict[str, str] = {}
        self._snapshots: dict[str, list[list[dict[str, object]]]] = {}
        self._max_turns = max_turns
        self._max_snapshots = max_snapshots

    def add(self, turn: Turn) -> None:
        key = f"{turn.user_id}:{turn.session_id}"
        messages = json.loads(self._blobs.get(key, "[]"))
        messages.append(
            {
                "session_id": turn.session_id,
                "role": turn.role.value,
                "content": " ".join(turn.content.split()),
                "timestamp": turn.client_ts,
            }
        )
        messages.sort(key=lambda m: m["timestamp"])
        messages = messages[-self._max_turns :]
        self._blobs[key] = json.dumps(messages, ensure_ascii=False)
        history = self._snapshots.setdefault(key, [])
        history.append(copy.deepcopy(messages))
        del history[: max(0, len(history) - self._max_snapshots)]

    def get(self, key: tuple[str, str]) -> list[dict[str, object]]:
        return json.loads(self._blobs.get(f"{key[0]}:{key[1]}", "[]"))

    def rollback(self, key: tuple[str, str]) -> None:
        history = self._snapshots[f"{key[0]}:{key[1]}"]
        self._blobs[f"{key[0]}:{key[1]}"] = json.dumps(history[0], ensure_ascii=False)


@dataclass(frozen=True)
class WorkingMemoryBenchResult:
    sessions: int
    turns_per_session: int
    chars: int
    jiyi: list[OpTimings]
    baseline: list[OpTimings]
    jiyi_mb: float
    baseline_mb: float


def _turns(sessions: int, turns_per_session: int, chars: int, seed: int) -> list[Turn]:
    rng = random.Random(seed)
    alphabet = "abcdefghijklmnopqrstuvwxyz     记忆测试用户"
    out = []
    for s in range(sessions):
        for t in range(turns_per_session):
            content = "".join(rng.choice(alphabet) for _ in range(chars - 1)) + "x"
            role = Role.USER if t % 2 == 0 else Role.ASSISTANT
            out.append(
                Turn(
                    user_id=f"u{s % 97}",
                    session_id=f"s{s}",
                    role=role,
                    content=content,
                    client_ts=1_700_000_000_000 + t * 1000,
                )
            )
    rng.shuffle(out)
    return out


def _allocated_mb(build: Callable[[], object]) -> float:
    gc.collect()
    tracemalloc.start()
    held = build()
    gc.collect()
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del held
    return current / 1e6


def run(
    sessions: int = 1000, turns_per_session: int = 50, chars: int = 100, seed: int = 7
) -> WorkingMemoryBenchResult:
    settings = WorkingMemorySettings(max_turns_per_session=turns_per_session)
    turns = _turns(sessions, turns_per_session, chars, seed)
    keys = [(t.user_id, t.session_id) for t in turns]

    def fresh(turn: Turn) -> Turn:
        # A new content string per turn, so the measured heap holds every byte the store keeps.
        return turn.model_copy(update={"content": turn.content.encode().decode()})

    def fill_jiyi() -> WorkingMemory:
        memory = WorkingMemory(settings)
        for turn in turns:
            memory.add(fresh(turn))
        return memory

    def fill_baseline() -> ArticleBaselineMemory:
        baseline = ArticleBaselineMemory(turns_per_session, settings.max_snapshots)
        for turn in turns:
            baseline.add(fresh(turn))
        return baseline

    jiyi_mb = _allocated_mb(fill_jiyi)
    baseline_mb = _allocated_mb(fill_baseline)

    memory = WorkingMemory(settings)
    jiyi_ops = [time_each("add", memory.add, turns)]
    jiyi_ops.append(time_each("get", lambda k: memory.get(*k), keys))
    jiyi_ops.append(
        time_each("rollback", lambda k: memory.rollback(k[0], k[1], memory.version(*k) - 1), keys)
    )
    baseline = ArticleBaselineMemory(turns_per_session, settings.max_snapshots)
    baseline_ops = [time_each("add", baseline.add, turns)]
    baseline_ops.append(time_each("get", baseline.get, keys))
    baseline_ops.append(time_each("rollback", baseline.rollback, keys))
    return WorkingMemoryBenchResult(
        sessions, turns_per_session, chars, jiyi_ops, baseline_ops, jiyi_mb, baseline_mb
    )


def report(result: WorkingMemoryBenchResult) -> str:
    lines = [
        f"working memory: {result.sessions:,} sessions x {result.turns_per_session} turns x "
        f"{result.chars} chars (turns shuffled across sessions)",
        f"{'op':<9}{'jiyi ops/s':>14}{'p50 us':>9}{'p99 us':>9}"
        f"{'baseline ops/s':>16}{'p50 us':>9}{'p99 us':>9}{'speed-up':>10}{'vs 3 ms':>10}",
    ]
    for ours, base in zip(result.jiyi, result.baseline, strict=True):
        lines.append(
            f"{ours.name:<9}{ours.ops_per_s:>14,.0f}{ours.p50_us:>9.1f}{ours.p99_us:>9.1f}"
            f"{base.ops_per_s:>16,.0f}{base.p50_us:>9.1f}{base.p99_us:>9.1f}"
            f"{ours.ops_per_s / base.ops_per_s:>9.1f}x"
            f"{ARTICLE_MS_PER_OP * 1000 / ours.mean_us:>9.0f}x"
        )
    lines.append(
        f"memory for {result.sessions:,} sessions: jiyi {result.jiyi_mb:.1f} MB, "
        f"baseline {result.baseline_mb:.1f} MB, article {ARTICLE_MB_PER_1000_SESSIONS:.0f} MB "
        "(tracemalloc, Python heap allocated by the store)"
    )
    return "\n".join(lines)
