"""`jiyi bench library`: the library write path, one `Memory.add_turns` call per turn.

That is how an agent that writes after every message uses jiyi in-process (and how `jiyi bench
beliefs` posts its scenarios): each call checks the turn, runs extraction, the episodic upsert
and the graph batch, then the turn log and working memory. The stream bench's workload on a fresh
data directory per run, every user consenting (so the graph is written); the median of the runs.
The baseline, measured in the same run: the embedder alone, one call per turn on the same texts,
which is what a call could cost at the least.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from jiyi.bench.stream import workload
from jiyi.composition import open_encoder
from jiyi.config import load_settings
from jiyi.memory import Memory


@dataclass(frozen=True)
class LibraryBenchResult:
    turns: int
    model: str
    add_ms: list[float]  # per turn, one entry per run
    encode_ms: list[float]


def run(turns: int, users: int, model: str, repeats: int = 3) -> LibraryBenchResult:
    settings = load_settings(embedder={"model": model})
    encoder = open_encoder(settings)
    made = workload(turns, users)
    add_ms, encode_ms = [], []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory(prefix="jiyi-bench-library-") as tmp:
            memory = Memory(settings.model_copy(update={"data_dir": Path(tmp)}), encoder=encoder)
            try:
                for user in sorted({t.user_id for t in made}):
                    memory.consent(user, granted=True)
                start = time.perf_counter()
                for turn in made:
                    memory.add_turns([turn])
                add_ms.append((time.perf_counter() - start) / turns * 1000)
            finally:
                memory.close()
        start = time.perf_counter()
        for turn in made:
            encoder.encode([turn.content])
        encode_ms.append((time.perf_counter() - start) / turns * 1000)
    return LibraryBenchResult(turns, model, add_ms, encode_ms)


def report(result: LibraryBenchResult) -> str:
    def runs(values: list[float]) -> str:
        shown = ", ".join(f"{v:.1f}" for v in values)
        return f"{statistics.median(values):.1f} ms (runs: {shown})"

    add, encode = statistics.median(result.add_ms), statistics.median(result.encode_ms)
    return "\n".join(
        [
            f"Library write path: {result.turns} turns, one Memory.add_turns call each, "
            f"embedder {result.model}",
            f"  per turn, add_turns            {runs(result.add_ms)}",
            f"  per turn, embedder alone       {runs(result.encode_ms)}",
            f"  rest of the write path         {add - encode:.1f} ms per turn",
        ]
    )
