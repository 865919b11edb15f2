"""The turn log as a Kafka topic, read through Bytewax's own Kafka connector.

`KafkaTurnSource` wraps `bytewax.connectors.kafka.KafkaSource` (its partitions, offsets and
recovery state are Bytewax's) and hands the flow the same `LogRecord`s the local log does, so
the dataflow is the same whichever log feeds it. A payload that is not UTF-8 is decoded with
replacement characters, which the parse step then dead-letters as wrongly encoded.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from datetime import datetime

from bytewax.connectors.kafka import KafkaSource, KafkaSourceMessage
from bytewax.inputs import FixedPartitionedSource, StatefulSourcePartition

from jiyi.config import TurnLogSettings
from jiyi.turnlog import LogRecord

#: Group joins are not used (Bytewax assigns partitions itself); this keeps broker calls short.
CONSUMER_CONFIG = {"session.timeout.ms": "6000"}


def to_record(message: KafkaSourceMessage[bytes | None, bytes | None]) -> LogRecord:
    key = (message.key or b"").decode("utf-8", errors="replace")
    payload = (message.value or b"").decode("utf-8", errors="replace")
    return LogRecord(message.partition, message.offset, key, payload)


class _KafkaTurnPartition(StatefulSourcePartition[LogRecord, int | None]):
    def __init__(self, inner: StatefulSourcePartition, stop: threading.Event | None) -> None:  # type: ignore[type-arg]
        self._inner = inner
        self._stop = stop

    def next_batch(self) -> Iterable[LogRecord]:
        batch = [to_record(m) for m in self._inner.next_batch()]
        if not batch and self._stop is not None and self._stop.is_set():
            raise StopIteration
        return batch

    def next_awake(self) -> datetime | None:
        return self._inner.next_awake()

    def snapshot(self) -> int | None:
        return self._inner.snapshot()

    def close(self) -> None:
        self._inner.close()


class KafkaTurnSource(FixedPartitionedSource[LogRecord, int | None]):
    """Every partition of the turn topic; `tail=False` ends at the end of each partition."""

    def __init__(
        self, brokers: list[str], topic: str, tail: bool, stop: threading.Event | None = None
    ) -> None:
        self._inner = KafkaSource(brokers, [topic], tail=tail, add_config=CONSUMER_CONFIG)
        self._stop = stop

    @classmethod
    def from_settings(
        cls, settings: TurnLogSettings, tail: bool, stop: threading.Event | None = None
    ) -> KafkaTurnSource:
        brokers = (settings.kafka_bootstrap_servers or "").split(",")
        return cls(brokers, settings.kafka_topic, tail, stop)

    def list_parts(self) -> list[str]:
        return self._inner.list_parts()

    def build_part(
        self, step_id: str, for_part: str, resume_state: int | None
    ) -> _KafkaTurnPartition:
        return _KafkaTurnPartition(
            self._inner.build_part(step_id, for_part, resume_state), self._stop
        )
