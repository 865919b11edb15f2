"""The turn log: every turn, durable and in order per user, for the stream to process.

Embedded default: SQLite partitions under the data directory (`LocalTurnLog`). Production: a Kafka
topic (`KafkaTurnLog`), read by the Bytewax dataflow's Kafka source.
"""

from jiyi.turnlog.base import LogRecord, TurnLog, key_for_payload, partition_for
from jiyi.turnlog.local import LocalTurnLog

__all__ = ["LocalTurnLog", "LogRecord", "TurnLog", "key_for_payload", "partition_for"]
