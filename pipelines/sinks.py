"""Bytewax outputs: the dead-letter store, and progress (counts, offsets, lag) per worker.

Progress goes to `metrics-<worker>.json` in `DataLayout.stream_progress` (rewritten atomically
after every batch a worker finishes, a few hundred bytes) and to the log every few seconds;
`jiyi stream-status` merges the workers' files with the turn log's heads to show how many
turns the stream is behind.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bytewax.outputs import DynamicSink, StatelessSinkPartition

from jiyi import clock
from jiyi.ingest import Erasure, Processed, Rejected

log = logging.getLogger(__name__)

LOG_INTERVAL_S = 5.0


class _DeadLetterPartition(StatelessSinkPartition[Rejected]):
    def __init__(self, put: Callable[[Rejected], bool]) -> None:
        self._put = put

    def write_batch(self, items: list[Rejected]) -> None:
        for rejected in items:
            if self._put(rejected):
                log.warning(
                    "turn dead-lettered",
                    extra={"stage": rejected.stage.value, "reason": rejected.reason,
                           "key": rejected.key, "source": rejected.source},
                )  # fmt: skip


class DeadLetterSink(DynamicSink[Rejected]):
    """Stores each rejected turn once (a replay after a crash finds it already there)."""

    def __init__(self, put: Callable[[Rejected], bool]) -> None:
        self._put = put

    def build(self, step_id: str, worker_index: int, worker_count: int) -> _DeadLetterPartition:
        return _DeadLetterPartition(self._put)


@dataclass
class WorkerProgress:
    """What one worker has done; `offsets` is the highest log offset finished per partition."""

    worker: int
    processed: int = 0
    rejected: int = 0
    events: int = 0
    graph_changes: int = 0
    graph_duplicates: int = 0
    erasures: int = 0
    last_done_at_ms: int = 0
    updated_at_ms: int = 0
    offsets: dict[str, int] = field(default_factory=dict)

    def add(self, item: Processed | Rejected | Erasure) -> None:
        if isinstance(item, Erasure):
            self.erasures += 1
        elif isinstance(item, Processed):
            self.processed += 1
            self.events += item.events
            self.graph_changes += item.graph_changes
            self.graph_duplicates += item.graph_duplicates
            self.last_done_at_ms = item.done_at_ms
        else:
            self.rejected += 1
        origin, _, offset = item.source.rpartition(":")
        if offset.isdigit():
            self.offsets[origin] = max(self.offsets.get(origin, 0), int(offset))


def write_atomically(path: Path, text: str) -> None:
    tmp = path.with_suffix(f".tmp{os.getpid()}")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def read_progress(directory: Path) -> list[WorkerProgress]:
    """Every worker's last written progress in `directory` (the layout's `stream_progress`),
    files of earlier runs included: offsets only grow."""
    found = []
    for path in sorted(directory.glob("metrics-*.json")):
        found.append(WorkerProgress(**json.loads(path.read_text(encoding="utf-8"))))
    return found


def finished_offsets(progress: list[WorkerProgress]) -> dict[str, int]:
    """Highest finished offset per log partition over all workers."""
    merged: dict[str, int] = {}
    for worker in progress:
        for partition, offset in worker.offsets.items():
            merged[partition] = max(merged.get(partition, 0), offset)
    return merged


class _ProgressPartition(StatelessSinkPartition[Processed | Rejected | Erasure]):
    def __init__(
        self, path: Path, worker: int, lag: Callable[[dict[str, int]], int | None]
    ) -> None:
        self._path = path
        self._lag = lag
        previous = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        self._progress = WorkerProgress(worker=worker, offsets=previous.get("offsets", {}))
        self._logged = time.monotonic()
        self._logged_count = 0

    def write_batch(self, items: list[Processed | Rejected | Erasure]) -> None:
        for item in items:
            self._progress.add(item)
        self._flush()
        now = time.monotonic()
        if now - self._logged >= LOG_INTERVAL_S:
            self._log(now)

    def _flush(self) -> None:
        self._progress.updated_at_ms = clock.now_ms()
        write_atomically(self._path, json.dumps(asdict(self._progress)))

    def _log(self, now: float) -> None:
        done = self._progress.processed + self._progress.rejected
        log.info(
            "stream progress",
            extra={"worker": self._progress.worker, "processed": self._progress.processed,
                   "rejected": self._progress.rejected,
                   "turns_per_s": round((done - self._logged_count) / (now - self._logged), 1),
                   "lag_turns": self._lag(self._progress.offsets)},
        )  # fmt: skip
        self._logged, self._logged_count = now, done

    def close(self) -> None:
        self._flush()
        self._log(time.monotonic())


class ProgressSink(DynamicSink[Processed | Rejected | Erasure]):
    """Per-worker progress file and log lines; `lag` turns finished offsets into turns behind."""

    def __init__(self, directory: Path, lag: Callable[[dict[str, int]], int | None]) -> None:
        self._dir = directory
        self._lag = lag

    def build(self, step_id: str, worker_index: int, worker_count: int) -> _ProgressPartition:
        self._dir.mkdir(parents=True, exist_ok=True)
        return _ProgressPartition(
            self._dir / f"metrics-{worker_index}.json", worker_index, self._lag
        )
