"""The Kafka turn log against a real broker (tansu on loopback)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from confluent_kafka import Consumer, TopicPartition

from jiyi.domain import Role, Turn
from jiyi.turnlog import partition_for
from jiyi.turnlog.kafka import KafkaTurnLog
from tests.pipelines.tansu import tansu_broker

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def broker() -> Iterator[str]:
    with tansu_broker() as address:
        yield address


def _turn(user: str, i: int, content: str) -> Turn:
    return Turn(user_id=user, session_id="s1", role=Role.USER, content=content, client_ts=i)


def _read(broker: str, topic: str, partition: int) -> list[tuple[int, bytes, bytes]]:
    consumer = Consumer(
        {"bootstrap.servers": broker, "group.id": "test", "enable.auto.commit": False}
    )
    consumer.assign([TopicPartition(topic, partition, 0)])
    found = []
    deadline_polls = 50
    while deadline_polls:
        message = consumer.poll(0.2)
        deadline_polls -= 1
        if message is None or message.error():
            if found:
                break
            continue
        found.append((message.offset(), message.key(), message.value()))
    consumer.close()
    return found


def test_turns_land_in_their_users_partition_in_order(broker: str) -> None:
    log = KafkaTurnLog(broker, "turns-order", partitions=2)
    records = [
        log.append(_turn(user, i, f"{user} 第{i}句")) for i in range(3) for user in ("u1", "u2")
    ]
    log.close()
    for user in ("u1", "u2"):
        mine = [r for r in records if r.key == user]
        assert {r.partition for r in mine} == {partition_for(user, 2)}
        assert [r.offset for r in mine] == sorted(r.offset for r in mine)
        stored = _read(broker, "turns-order", partition_for(user, 2))
        by_offset = {offset: (key, value) for offset, key, value in stored}
        for record in mine:
            key, value = by_offset[record.offset]
            assert key == user.encode()
            assert value.decode() == record.payload


def test_raw_payloads_are_logged_verbatim(broker: str) -> None:
    log = KafkaTurnLog(broker, "turns-raw", partitions=1)
    record = log.append_raw("{not json", "")
    log.close()
    assert _read(broker, "turns-raw", 0) == [(record.offset, b"", b"{not json")]


def test_a_partition_count_that_differs_from_the_topic_is_refused(broker: str) -> None:
    KafkaTurnLog(broker, "turns-count", partitions=2).close()
    with pytest.raises(ValueError, match=r"partitions is 3 but topic 'turns-count' has 2"):
        KafkaTurnLog(broker, "turns-count", partitions=3)
