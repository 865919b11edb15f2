"""The dataflow fed by a real Kafka topic (tansu on loopback) through Bytewax's KafkaSource.

STACK.md noted one stalled manual-assignment read against tansu; this is the check that
Bytewax's own connector reads every record of every partition, and that the result is the same
as from the embedded log.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from bytewax.testing import run_main

from jiyi.composition import DataLayout, open_turn_source
from jiyi.turnlog.kafka import KafkaTurnLog
from pipelines.flow import build_flow
from pipelines.sinks import read_progress

from .conftest import dump_stores, settings_for, write_turn_log, write_turns
from .tansu import tansu_broker

pytestmark = pytest.mark.integration
USERS, TURNS = 6, 12


@pytest.fixture(scope="module")
def broker() -> Iterator[str]:
    with tansu_broker() as address:
        yield address


def test_flow_from_kafka_equals_flow_from_the_local_log(tmp_path: Path, broker: str) -> None:
    write_turn_log(tmp_path / "local", USERS, TURNS)
    local = settings_for(tmp_path / "local")
    run_main(build_flow(local, open_turn_source(local, tail=False)))

    settings = settings_for(
        tmp_path / "kafka",
        turn_log={"backend": "kafka", "kafka_bootstrap_servers": broker,
                  "kafka_topic": "jiyi.turns.flow", "partitions": 4},
    )  # fmt: skip
    log = KafkaTurnLog.from_settings(settings.turn_log)
    appended = write_turns(log, USERS, TURNS)
    log.close()
    run_main(build_flow(settings, open_turn_source(settings, tail=False), origin="kafka"))

    (progress,) = read_progress(DataLayout(tmp_path / "kafka").stream_progress)
    assert progress.processed + progress.rejected == appended
    assert set(progress.offsets) <= {f"kafka:{p}" for p in range(4)}
    assert dump_stores(tmp_path / "kafka", USERS) == dump_stores(tmp_path / "local", USERS)
