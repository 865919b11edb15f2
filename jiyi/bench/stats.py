"""Small timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from statistics import quantiles
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Percentiles:
    """p50, p95 and p99 of a latency sample, in ms."""

    p50_ms: float
    p95_ms: float
    p99_ms: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Percentiles:
        if len(values) < 2:  # a handful of queries: every percentile is what there is
            return cls(*([values[0] if values else float("nan")] * 3))
        cut = quantiles(values, n=100, method="inclusive")
        return cls(cut[49], cut[94], cut[98])

    def __str__(self) -> str:
        return f"p50 {self.p50_ms:.1f} ms, p95 {self.p95_ms:.1f} ms, p99 {self.p99_ms:.1f} ms"


@dataclass(frozen=True)
class OpTimings:
    """Latency distribution of one operation, in microseconds."""

    name: str
    count: int
    total_s: float
    p50_us: float
    p99_us: float

    @property
    def ops_per_s(self) -> float:
        return self.count / self.total_s if self.total_s else float("inf")

    @property
    def mean_us(self) -> float:
        return self.total_s / self.count * 1e6


def time_each(name: str, op: Callable[[T], object], items: Iterable[T]) -> OpTimings:
    """Call `op` on each item, timing every call with the highest-resolution clock."""
    clock = time.perf_counter_ns
    samples: list[int] = []
    for item in items:
        start = clock()
        op(item)
        samples.append(clock() - start)
    cuts = quantiles(samples, n=100, method="inclusive")
    return OpTimings(name, len(samples), sum(samples) / 1e9, cuts[49] / 1e3, cuts[98] / 1e3)
