import json
import multiprocessing
from pathlib import Path

import pytest

from jiyi.domain import Role, Turn
from jiyi.turnlog import key_for_payload, partition_for
from jiyi.turnlog.local import PARTITIONS_FILE, LocalTurnLog


def _turn(user="u1", content="hello", ts=1):
    return Turn(user_id=user, session_id="s1", role=Role.USER, content=content, client_ts=ts)


def test_partitions_are_stable_and_spread():
    assert partition_for("u1", 4) == partition_for("u1", 4)
    spread = {partition_for(f"user-{i}", 4) for i in range(100)}
    assert spread == {0, 1, 2, 3}


def test_append_read_round_trip_in_order(tmp_path):
    log = LocalTurnLog(tmp_path, partitions=2)
    records = [log.append(_turn(content=f"m{i}", ts=i)) for i in range(5)]
    partition = records[0].partition
    assert {r.partition for r in records} == {partition}
    read = log.read(partition)
    assert [r.offset for r in read] == [1, 2, 3, 4, 5]
    assert [Turn.model_validate_json(r.payload).content for r in read] == [
        f"m{i}" for i in range(5)
    ]
    assert [r.offset for r in log.read(partition, after=3)] == [4, 5]
    assert log.head(partition) == 5


def test_erasure_keeps_offsets_monotonic(tmp_path):
    log = LocalTurnLog(tmp_path, partitions=1)
    log.append(_turn("alice"))
    log.append(_turn("bob"))
    assert log.erase_user("alice") == 1
    assert [r.key for r in log.read(0)] == ["bob"]
    assert log.append(_turn("carol")).offset == 3
    assert log.head(0) == 3


def test_log_survives_reopening(tmp_path):
    LocalTurnLog(tmp_path, partitions=2).append(_turn())
    reopened = LocalTurnLog(tmp_path, partitions=2)
    assert sum(len(reopened.read(p)) for p in range(2)) == 1


def test_changing_the_partition_count_is_refused(tmp_path):
    LocalTurnLog(tmp_path, partitions=2).close()
    with pytest.raises(ValueError, match=r"partitions is 3 but .* holds 2"):
        LocalTurnLog(tmp_path, partitions=3)


def test_a_log_from_before_the_count_file_keeps_the_count_its_partitions_show(tmp_path):
    LocalTurnLog(tmp_path, partitions=2).close()
    (tmp_path / PARTITIONS_FILE).unlink()  # as a log written before the file was
    with pytest.raises(ValueError, match=r"partitions is 3 but .* holds 2"):
        LocalTurnLog(tmp_path, partitions=3)
    assert (tmp_path / PARTITIONS_FILE).read_text() == "2"
    LocalTurnLog(tmp_path, partitions=2).close()


def test_raw_payloads_are_keyed_by_their_user_when_readable():
    assert key_for_payload(json.dumps({"user_id": "u9", "content": 1})) == "u9"
    assert key_for_payload("not json") == ""
    assert key_for_payload("[1, 2]") == ""
    assert key_for_payload('{"user_id": 5}') == ""


def _write_many(directory: str, writer: int, count: int) -> None:
    log = LocalTurnLog(Path(directory), partitions=2)
    for i in range(count):
        log.append(_turn(user=f"user{i % 3}", content=f"w{writer}-{i}", ts=i))
    log.close()


@pytest.mark.integration
def test_several_writer_processes_lose_nothing(tmp_path):
    LocalTurnLog(tmp_path, partitions=2).close()
    context = multiprocessing.get_context("fork")
    writers = [context.Process(target=_write_many, args=(str(tmp_path), w, 200)) for w in range(3)]
    for process in writers:
        process.start()
    for process in writers:
        process.join(timeout=120)
        assert process.exitcode == 0
    log = LocalTurnLog(tmp_path, partitions=2)
    records = [r for p in range(2) for r in log.read(p, limit=10_000)]
    contents = {Turn.model_validate_json(r.payload).content for r in records}
    assert len(records) == 600
    assert contents == {f"w{w}-{i}" for w in range(3) for i in range(200)}
    for partition in range(2):
        offsets = [r.offset for r in log.read(partition, limit=10_000)]
        assert offsets == sorted(set(offsets))


def test_a_turn_appended_twice_is_held_once_and_a_replay_is_not(tmp_path):
    """A retried request must not log its turn twice; a dead-letter replay re-drives on purpose."""
    log = LocalTurnLog(tmp_path, partitions=1)
    first = log.append(_turn(content="hello"))
    assert log.append(_turn(content="hello")) == first
    replay = log.append_raw(first.payload, first.key)
    assert [r.offset for r in log.read(0)] == [first.offset, replay.offset]


def test_a_partition_from_before_turn_ids_is_migrated_on_open(tmp_path):
    import sqlite3

    old = sqlite3.connect(tmp_path / "partition-000.sqlite")
    old.executescript(
        "CREATE TABLE turns (offset INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL, "
        "payload TEXT NOT NULL, appended_at INTEGER NOT NULL);"
        "INSERT INTO turns (key, payload, appended_at) VALUES ('u1', '{}', 1);"
    )
    old.close()
    log = LocalTurnLog(tmp_path, partitions=1)
    record = log.append(_turn())
    assert record.offset == 2
    assert log.append(_turn()) == record
    assert len(log.read(0)) == 2


def test_erasure_keeps_only_the_erasure_record_and_counts_it_never(tmp_path):
    from jiyi.turnlog import erased_user, erasure_payload

    log = LocalTurnLog(tmp_path, partitions=1)
    log.append(_turn("alice"))
    assert log.erase_user("alice") == 1
    log.append_raw(erasure_payload("alice"), "alice")
    assert log.erase_user("alice") == 0  # a second erasure removes nothing
    assert [erased_user(r.payload) for r in log.read(0)] == ["alice"]
    assert erased_user(_turn("alice").model_dump_json()) is None


def test_the_log_says_which_turns_it_holds(tmp_path):
    log = LocalTurnLog(tmp_path, partitions=4)
    held = [_turn(user=f"u{i}", content=f"m{i}") for i in range(5)]
    for turn in held:
        log.append(turn)
    ids = [t.turn_id for t in held]
    assert log.holds([*ids[:3], "not-a-turn"]) == set(ids[:3])
    assert log.holds([]) == set()
