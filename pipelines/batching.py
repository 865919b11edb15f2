"""The embed step's batches: closed at a size, or a fixed time after their first turn.

Bytewax's `op.collect` pushes its timeout back with every item it receives, so a lane fed a
little faster than the timeout (a turn each 40 ms against 50) never times out: its batch grew
to the full size, and its first turn waited for all the others (seconds). Under lighter load,
each turn was a batch of its own, and the stream spent twice the CPU per turn that a batch of
four costs. Here a batch closes `window` after its first turn, whatever comes after.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Generic, TypeVar

import bytewax.operators as op
from bytewax.dataflow import Stream
from bytewax.operators import StatefulLogic

V = TypeVar("V")


@dataclass
class BatchState(Generic[V]):
    items: list[V] = field(default_factory=list)
    closes_at: datetime | None = None


@dataclass
class BatchLogic(StatefulLogic[V, list[V], BatchState[V]]):
    window: timedelta
    max_size: int
    state: BatchState[V]
    now: Callable[[], datetime] = lambda: datetime.now(UTC)

    def on_item(self, value: V) -> tuple[Iterable[list[V]], bool]:
        if not self.state.items:
            self.state.closes_at = self.now() + self.window
        self.state.items.append(value)
        if len(self.state.items) >= self.max_size:
            return [self.state.items], StatefulLogic.DISCARD
        return [], StatefulLogic.RETAIN

    def on_notify(self) -> tuple[Iterable[list[V]], bool]:
        return [self.state.items], StatefulLogic.DISCARD

    def on_eof(self) -> tuple[Iterable[list[V]], bool]:
        return [self.state.items], StatefulLogic.DISCARD

    def notify_at(self) -> datetime | None:
        return self.state.closes_at

    def snapshot(self) -> BatchState[V]:
        return copy.deepcopy(self.state)


def batches(
    step_id: str, up: Stream[tuple[str, V]], window: timedelta, max_size: int
) -> Stream[tuple[str, list[V]]]:
    """Each key's items in lists of at most `max_size`, each closed `window` after its first."""

    def build(snapshot: object | None) -> BatchLogic[V]:
        return BatchLogic(window, max_size, resumed(snapshot))

    return op.stateful(step_id, up, build)


def resumed(snapshot: object | None) -> BatchState[V]:
    """The state a recovery snapshot holds: this step's, or the items of `op.collect`'s (the
    step before this one, under the same id), so no batch in flight is lost on upgrade."""
    if snapshot is None:
        return BatchState()
    if isinstance(snapshot, BatchState):
        return snapshot
    return BatchState(list(snapshot.acc))  # type: ignore[attr-defined]
