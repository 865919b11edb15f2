"""A pure step run beside the worker, ahead of the steps after it: on a thread or in a process.

One Bytewax worker runs every step on one thread. While the encoder worked on a batch (on both
cores) nothing else ran, and while the rules, the upsert and the graph worked (on one core) the
other core was idle: a one-worker drain kept 1.25 cores of 2 busy. Here a step's batch runs in
an executor while the worker goes on with the steps before and after it: the embed step on a
thread (the traced encoder runs without Python's lock), the rules on a thread that waits for a
process of their own (they are Python, which holds the lock; `pipelines.rules_process`). The
step must be pure (its results depend on its inputs alone); its results leave in the order
their inputs came.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TypeVar

import bytewax.operators as op
from bytewax.dataflow import Stream
from bytewax.operators import StatefulBatchLogic

V = TypeVar("V")
R = TypeVar("R")

#: A step over a batch of inputs: a result for each, in order.
BatchStep = Callable[[list[V]], list[R]]

# Batches in the step's hands at once: one running, one queued behind it. A worker with more
# blocks until the oldest is done, so a slow step holds back the steps before it, not memory.
IN_FLIGHT = 2
# How soon a finished result is looked for when no new input arrives (it adds to latency).
POLL = timedelta(milliseconds=5)


@dataclass
class AheadLogic(StatefulBatchLogic[V, R, list[V]]):
    step: BatchStep[V, R]
    pool: Executor
    pending: deque[tuple[list[V], Future[list[R]]]] = field(default_factory=deque)
    in_flight: int = IN_FLIGHT
    poll: timedelta = POLL
    now: Callable[[], datetime] = lambda: datetime.now(UTC)

    def submit(self, values: list[V]) -> None:
        self.pending.append((values, self.pool.submit(self.step, values)))

    def on_batch(self, values: list[V]) -> tuple[Iterable[R], bool]:
        self.submit(list(values))
        return self._finished(keep=self.in_flight)

    def on_notify(self) -> tuple[Iterable[R], bool]:
        return self._finished(keep=len(self.pending))

    def on_eof(self) -> tuple[Iterable[R], bool]:
        return self._finished(keep=0)

    def notify_at(self) -> datetime | None:
        return self.now() + self.poll if self.pending else None

    def snapshot(self) -> list[V]:
        """The inputs whose results have not left yet: a resumed flow runs them again."""
        return [value for values, _ in self.pending for value in values]

    def _finished(self, keep: int) -> tuple[list[R], bool]:
        """The results ready at the head, in order, waiting for the oldest while more than
        `keep` are in flight; a step's error is raised here, on the worker's thread."""
        out: list[R] = []
        while self.pending and (len(self.pending) > keep or self.pending[0][1].done()):
            out.extend(self.pending.popleft()[1].result())
        return out, StatefulBatchLogic.RETAIN if self.pending else StatefulBatchLogic.DISCARD


def ahead(
    step_id: str, up: Stream[tuple[str, V]], step: BatchStep[V, R], pool: Executor
) -> Stream[tuple[str, R]]:
    """`step` over each key's values as they arrive, a batch at a time, run in `pool` (shared
    by every key and worker of the process), ahead of the steps downstream."""

    def build(snapshot: list[V] | None) -> AheadLogic[V, R]:
        logic = AheadLogic[V, R](step, pool)
        if snapshot:
            logic.submit(snapshot)
        return logic

    return op.stateful_batch(step_id, up, build)


def each(step: Callable[[V], R]) -> BatchStep[V, R]:
    """A step of one input as a step over a batch."""
    return lambda values: [step(value) for value in values]
