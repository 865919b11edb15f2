"""Where the stream stands: each worker's progress and how many turns it is behind the log head.

Workers write their progress files (`pipelines.sinks`); this merges them with the embedded log's
heads. Offsets are the highest finished per partition, so the lag is a lower bound while turns
of one partition are still in flight on several workers. For Kafka, use the consumer-lag tooling
of the broker (the flow does not commit offsets to a group: Bytewax keeps them in recovery).
"""

from __future__ import annotations

from dataclasses import dataclass

from jiyi.composition import layout, turn_log_heads
from jiyi.config import Settings
from pipelines.sinks import WorkerProgress, finished_offsets, read_progress


@dataclass(frozen=True)
class StreamStatus:
    workers: list[WorkerProgress]
    heads: dict[str, int]  # log partition → highest offset appended (embedded log only)
    finished: dict[str, int]  # log partition → highest offset finished by any worker

    @property
    def lag(self) -> int | None:
        """Turns appended to the embedded log that no worker has finished; None for Kafka."""
        if not self.heads:
            return None
        return sum(max(0, head - self.finished.get(p, 0)) for p, head in self.heads.items())


def stream_status(settings: Settings, fresher: dict[str, int] | None = None) -> StreamStatus:
    """Every worker's progress file merged (with `fresher` offsets a worker holds in memory)."""
    workers = read_progress(layout(settings).stream_progress)
    finished = finished_offsets(workers)
    for partition, offset in (fresher or {}).items():
        finished[partition] = max(finished.get(partition, 0), offset)
    return StreamStatus(workers, turn_log_heads(settings), finished)
