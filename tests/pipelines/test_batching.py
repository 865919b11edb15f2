from __future__ import annotations

from datetime import UTC, datetime, timedelta

import bytewax.operators as op
from bytewax.dataflow import Dataflow
from bytewax.operators import StatefulLogic
from bytewax.testing import TestingSink, TestingSource, run_main

from pipelines.batching import BatchLogic, BatchState, batches, resumed
from pipelines.flow import embed_lanes

T0 = datetime(2026, 12, 5, tzinfo=UTC)
WINDOW = timedelta(milliseconds=250)


class Clock:
    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> datetime:
        return self.at


def test_a_batch_closes_a_window_after_its_first_item_however_fast_more_come() -> None:
    clock = Clock()
    logic = BatchLogic[int](WINDOW, 256, BatchState(), now=clock)
    for i in range(10):  # one every 40 ms: `op.collect` would push its timeout on each time
        clock.at = T0 + timedelta(milliseconds=40 * i)
        assert logic.on_item(i) == ([], StatefulLogic.RETAIN)
        assert logic.notify_at() == T0 + WINDOW
    assert logic.on_notify() == ([list(range(10))], StatefulLogic.DISCARD)


def test_a_batch_closes_at_its_size_and_the_next_starts_its_own_window() -> None:
    clock = Clock()
    logic = BatchLogic[int](WINDOW, 3, BatchState(), now=clock)
    logic.on_item(1)
    logic.on_item(2)
    assert logic.on_item(3) == ([[1, 2, 3]], StatefulLogic.DISCARD)
    clock.at = T0 + timedelta(seconds=1)
    fresh = BatchLogic[int](WINDOW, 3, BatchState(), now=clock)  # Bytewax builds anew
    fresh.on_item(4)
    assert fresh.notify_at() == clock.at + WINDOW
    assert fresh.on_eof() == ([[4]], StatefulLogic.DISCARD)


def test_a_snapshot_resumes_the_same_batch() -> None:
    clock = Clock()
    logic = BatchLogic[str](WINDOW, 8, BatchState(), now=clock)
    logic.on_item("a")
    resumed = BatchLogic[str](WINDOW, 8, logic.snapshot(), now=clock)
    resumed.on_item("b")
    assert resumed.notify_at() == T0 + WINDOW
    assert resumed.on_notify() == ([["a", "b"]], StatefulLogic.DISCARD)
    assert logic.state.items == ["a"]  # the snapshot is a copy


def test_batches_in_a_dataflow_keep_each_keys_order() -> None:
    flow = Dataflow("batching")
    items = op.input("in", flow, TestingSource([("a", 1), ("b", 2), ("a", 3), ("a", 4)]))
    out: list[tuple[str, list[int]]] = []
    op.output("out", batches("batch", items, WINDOW, 2), TestingSink(out))
    run_main(flow)
    assert sorted(out) == [("a", [1, 3]), ("a", [4]), ("b", [2])]


def test_a_lone_worker_batches_in_one_lane_and_a_cluster_in_two_a_worker() -> None:
    assert [embed_lanes(n) for n in (1, 2, 3)] == [1, 4, 6]


def test_a_snapshot_of_the_collect_step_before_this_one_resumes_its_items() -> None:
    from bytewax.operators import _CollectState  # what `op.collect` snapshotted

    old = _CollectState(acc=["a", "b"], timeout_at=T0)
    assert resumed(old).items == ["a", "b"]
    assert resumed(None) == BatchState()
