"""A pure step run on a thread of its own, ahead of the steps after it.

One Bytewax worker runs every step on one thread. While the encoder worked on a batch (on both
cores) nothing else ran, and while the rules, the upsert and the graph worked (on one core) the
other core was idle: a one-worker drain kept 1.25 cores of 2 busy. Here the embed step of one
batch runs on a thread of its own while the worker goes on with the upsert and the graph of the
batch before and with parsing and rules for the batch after. The step must be pure (its result
depends on its input alone); its results leave in the order their inputs came.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TypeVar

import bytewax.operators as op
from bytewax.dataflow import Stream
from bytewax.operators import StatefulLogic

V = TypeVar("V")
R = TypeVar("R")

# Inputs in the step's hands at once: one running, one queued behind it. A worker with more
# blocks until the oldest is done, so a slow step holds back the steps before it, not memory.
IN_FLIGHT = 2
# How soon a finished result is looked for when no new input arrives (it adds to latency).
POLL = timedelta(milliseconds=5)


@dataclass
class AheadLogic(StatefulLogic[V, R, list[V]]):
    step: Callable[[V], R]
    pool: ThreadPoolExecutor
    pending: deque[tuple[V, Future[R]]] = field(default_factory=deque)
    in_flight: int = IN_FLIGHT
    poll: timedelta = POLL
    now: Callable[[], datetime] = lambda: datetime.now(UTC)

    def submit(self, value: V) -> None:
        self.pending.append((value, self.pool.submit(self.step, value)))

    def on_item(self, value: V) -> tuple[Iterable[R], bool]:
        self.submit(value)
        return self._finished(keep=self.in_flight)

    def on_notify(self) -> tuple[Iterable[R], bool]:
        return self._finished(keep=len(self.pending))

    def on_eof(self) -> tuple[Iterable[R], bool]:
        return self._finished(keep=0)

    def notify_at(self) -> datetime | None:
        return self.now() + self.poll if self.pending else None

    def snapshot(self) -> list[V]:
        """The inputs whose results have not left yet: a resumed flow runs them again."""
        return [value for value, _ in self.pending]

    def _finished(self, keep: int) -> tuple[list[R], bool]:
        """The results ready at the head, in order, waiting for the oldest while more than
        `keep` are in flight; a step's error is raised here, on the worker's thread."""
        out: list[R] = []
        while self.pending and (len(self.pending) > keep or self.pending[0][1].done()):
            out.append(self.pending.popleft()[1].result())
        return out, StatefulLogic.RETAIN if self.pending else StatefulLogic.DISCARD


def ahead(step_id: str, up: Stream[tuple[str, V]], step: Callable[[V], R]) -> Stream[tuple[str, R]]:
    """`op.map` of `step` over each key's values, run on a thread of its own, ahead of the
    steps downstream (one thread for every key and worker of the process)."""
    pool = ThreadPoolExecutor(1, f"jiyi-{step_id}")

    def build(snapshot: list[V] | None) -> AheadLogic[V, R]:
        logic = AheadLogic[V, R](step, pool)
        for value in snapshot or []:
            logic.submit(value)
        return logic

    return op.stateful(step_id, up, build)
