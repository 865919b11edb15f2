"""The production turn log: a Kafka topic, one record per turn, keyed and partitioned by user.

The partition is chosen here with the same `partition_for` as the local log (not librdkafka's
hash), so a user's turns land in one partition whichever log is used, and a user's position in
the stream is predictable. Each append waits for the broker's acknowledgement (acks=all,
idempotent producer), so a turn the caller was told is logged survives a crash of the writer.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from confluent_kafka import KafkaError, KafkaException, Message, Producer
from confluent_kafka.admin import AdminClient, NewTopic

from jiyi.config import TurnLogSettings
from jiyi.domain import Turn
from jiyi.turnlog.base import LogRecord, TurnLog, partition_for

log = logging.getLogger(__name__)

DELIVERY_TIMEOUT_S = 30.0


class TurnLogUnavailableError(RuntimeError):
    """The broker did not acknowledge an append; the turn is not logged and must be retried."""


@dataclass
class _Delivery:
    error: KafkaError | None = None
    offset: int = -1


class KafkaTurnLog(TurnLog):
    def __init__(self, bootstrap_servers: str, topic: str, partitions: int) -> None:
        self.topic = topic
        self.partitions = partitions
        self._servers = bootstrap_servers
        self._ensure_topic()
        self._producer = Producer(
            {
                "bootstrap.servers": bootstrap_servers,
                "acks": "all",
                "enable.idempotence": True,
                "linger.ms": 0,
            }
        )

    @classmethod
    def from_settings(cls, settings: TurnLogSettings) -> KafkaTurnLog:
        return cls(
            settings.kafka_bootstrap_servers or "", settings.kafka_topic, settings.partitions
        )

    def _ensure_topic(self) -> None:
        """Create the topic with `partitions` partitions if it does not exist; refuse a mismatch."""
        admin = AdminClient({"bootstrap.servers": self._servers})
        topics = admin.list_topics(timeout=DELIVERY_TIMEOUT_S).topics
        if self.topic in topics:
            existing = len(topics[self.topic].partitions)
            if existing != self.partitions:
                raise ValueError(
                    f"turn_log.partitions is {self.partitions} but topic {self.topic!r} has "
                    f"{existing} partitions; keep the old count or migrate the topic"
                )
            return
        future = admin.create_topics([NewTopic(self.topic, num_partitions=self.partitions)])[
            self.topic
        ]
        try:
            future.result(timeout=DELIVERY_TIMEOUT_S)
        except KafkaException as exc:
            if exc.args[0].code() != KafkaError.TOPIC_ALREADY_EXISTS:  # another writer won
                raise

    def append(self, turn: Turn) -> LogRecord:
        return self.append_raw(turn.model_dump_json(), turn.user_id)

    def append_raw(self, payload: str, key: str) -> LogRecord:
        partition = partition_for(key, self.partitions)
        delivery = _Delivery()

        def delivered(error: KafkaError | None, message: Message) -> None:
            delivery.error = error
            delivery.offset = message.offset() if error is None else -1

        self._producer.produce(
            self.topic,
            value=payload.encode("utf-8"),
            key=key.encode("utf-8"),
            partition=partition,
            on_delivery=delivered,
        )
        remaining = self._producer.flush(DELIVERY_TIMEOUT_S)
        if remaining or delivery.error is not None or delivery.offset < 0:
            raise TurnLogUnavailableError(
                f"kafka topic {self.topic!r}: append not acknowledged "
                f"({delivery.error or 'timed out'})"
            )
        return LogRecord(partition, delivery.offset, key, payload)

    def holds(self, turn_ids: Sequence[str]) -> None:
        """A topic is read forward by offset, not looked up by turn: it cannot say."""
        return None

    def erase_user(self, user_id: str) -> int:
        """Kafka cannot delete one user's records from a shared partition: they leave with the
        topic's retention (configure `retention.ms` to your erasure deadline). Logged, not hidden.
        """
        log.warning(
            "kafka turn log: records are erased by topic retention, not on request",
            extra={"user_id": user_id, "topic": self.topic},
        )
        return 0

    def close(self) -> None:
        self._producer.flush(DELIVERY_TIMEOUT_S)
