"""The turn log: every turn, durable and in order per user, for the stream to process.

Embedded default: SQLite partitions under the data directory (`jiyi.turnlog.local`). Production: a
Kafka topic (`jiyi.turnlog.kafka`), read by the dataflow's Kafka source. `jiyi.composition`
opens the configured one.
"""

from jiyi.turnlog.base import (
    LogRecord,
    TurnLog,
    erased_user,
    erasure_payload,
    key_for_payload,
    partition_for,
)

__all__ = [
    "LogRecord",
    "TurnLog",
    "erased_user",
    "erasure_payload",
    "key_for_payload",
    "partition_for",
]
