from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import bytewax.operators as op
import pytest
from bytewax.dataflow import Dataflow
from bytewax.operators import StatefulBatchLogic
from bytewax.testing import TestingSink, TestingSource, run_main

from pipelines.ahead import POLL, AheadLogic, ahead, each

T0 = datetime(2026, 12, 6, tzinfo=UTC)
RETAIN, DISCARD = StatefulBatchLogic.RETAIN, StatefulBatchLogic.DISCARD


class Gated:
    """A batch step whose calls finish only when the test opens the gate of their first value,
    on the step's thread."""

    def __init__(self) -> None:
        self.gates: dict[int, threading.Event] = {}
        self.threads: set[str] = set()

    def __call__(self, values: list[int]) -> list[str]:
        self.threads.add(threading.current_thread().name)
        self.gates.setdefault(values[0], threading.Event()).wait(10)
        return [f"done {value}" for value in values]

    def open(self, value: int) -> None:
        self.gates.setdefault(value, threading.Event()).set()


@pytest.fixture
def pool():
    with ThreadPoolExecutor(1, "jiyi-test") as executor:
        yield executor


def settle(logic: AheadLogic[int, str], count: int) -> None:
    """Wait until the first `count` batches in flight are finished."""
    for _, future in list(logic.pending)[:count]:
        future.result(10)


def test_a_result_leaves_when_its_step_is_done_never_before_an_older_one(pool) -> None:
    step = Gated()
    logic = AheadLogic[int, str](step, pool, now=lambda: T0)
    assert logic.on_batch([1, 2]) == ([], RETAIN)  # running on the step's thread
    assert logic.notify_at() == T0 + POLL
    assert logic.on_notify() == ([], RETAIN)
    step.open(1)
    settle(logic, 1)
    assert logic.on_notify() == (["done 1", "done 2"], DISCARD)
    assert logic.notify_at() is None
    assert step.threads == {"jiyi-test_0"}


def test_a_worker_waits_for_the_oldest_only_past_the_batches_in_flight(pool) -> None:
    step = Gated()
    logic = AheadLogic[int, str](step, pool, in_flight=2)
    assert logic.on_batch([1]) == ([], RETAIN)
    assert logic.on_batch([2]) == ([], RETAIN)
    threading.Timer(0.05, step.open, (1,)).start()  # the third batch must wait for the first
    assert logic.on_batch([3, 4]) == (["done 1"], RETAIN)
    assert logic.snapshot() == [2, 3, 4]
    step.open(2)
    step.open(3)
    assert logic.on_eof() == (["done 2", "done 3", "done 4"], DISCARD)


def test_a_snapshot_holds_what_has_not_left_and_a_resumed_flow_runs_it_again(pool) -> None:
    step = Gated()
    logic = AheadLogic[int, str](step, pool)
    logic.on_batch([1])
    logic.on_batch([2])
    step.open(1)
    snapshot = logic.snapshot()
    assert snapshot == [1, 2]  # the first is finished, but its result has not left the step
    resumed = AheadLogic[int, str](step, pool)
    resumed.submit(snapshot)
    assert resumed.on_eof() == (["done 1", "done 2"], DISCARD)


def test_a_failing_step_raises_on_the_workers_thread(pool) -> None:
    def fails(values: list[int]) -> list[str]:
        raise ValueError(f"bad {values}")

    logic = AheadLogic[int, str](fails, pool)
    logic.submit([7])
    with pytest.raises(ValueError, match=r"bad \[7\]"):
        logic.on_eof()


def test_ahead_in_a_dataflow_gives_maps_results_in_each_keys_order(pool) -> None:
    items = [("a", 1), ("b", 2), ("a", 3), ("a", 4), ("b", 5), ("a", 6)]
    outs: dict[str, list[tuple[str, int]]] = {}
    for name in ("map", "ahead"):
        flow = Dataflow(name)
        up = op.input("in", flow, TestingSource(items, batch_size=2))
        squared = (
            op.map("square", up, lambda kv: (kv[0], kv[1] ** 2))
            if name == "map"
            else ahead("square", up, each(lambda value: value**2), pool)
        )
        outs[name] = []
        op.output("out", squared, TestingSink(outs[name]))
        run_main(flow)
    assert [v for k, v in outs["ahead"] if k == "a"] == [1, 9, 16, 36]
    assert sorted(outs["ahead"]) == sorted(outs["map"])
