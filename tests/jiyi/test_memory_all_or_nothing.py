"""`Memory.add_turns` is all or nothing, on the real embedded stores: a bad turn is refused
before anything is written, a stage that fails takes the call down with it, and a retry of the
same turns ends exactly where one clean call would have."""

import sqlite3
from pathlib import Path

import pytest

from jiyi.config import Settings
from jiyi.domain import Role, Turn
from jiyi.ingest.parse import TurnInputError
from jiyi.memory import Memory, TurnsNotStoredError
from models.hashing import HashingEncoder

T0 = 1_793_520_000_000  # 2026-11-01
YEAR_2150 = 5_680_281_600_000


def _turns() -> list[Turn]:
    said = [
        ("I keep mixing up velocity and acceleration.", Role.USER),
        ("Let's draw both on one graph.", Role.ASSISTANT),
        ("我喜欢用动画学数学", Role.USER),
    ]
    return [
        Turn(user_id="alice", session_id="s1", role=role, content=text, client_ts=T0 + i * 1000)
        for i, (text, role) in enumerate(said)
    ]


def _open(path: Path) -> Memory:
    memory = Memory(Settings(data_dir=path), encoder=HashingEncoder(256))
    memory.consent("alice", granted=True)
    return memory


@pytest.fixture
def memory(tmp_path: Path):
    opened = _open(tmp_path / "data")
    yield opened
    opened.close()


def _state(memory: Memory) -> dict[str, object]:
    """Everything a request can leave behind, in a form two runs can be compared by."""
    log = memory.turn_log
    return {
        "working": [(t.role, t.content) for t in memory.working.get("alice", "s1")],
        "turn_log": sorted(r.payload for p in range(log.partitions) for r in log.read(p)),
        "episodic": sorted(
            (r["event_id"], r["summary"]) for r in memory.stores.episodic.scan("alice").to_pylist()
        ),
        "graph": sorted(
            (e.relation.value, e.dst, round(e.confidence, 6))
            for e in memory.stores.graph.store.edges("alice")
        ),
        "dead_letters": len(memory.stores.dead_letters.entries()),
    }


EMPTY = {"working": [], "turn_log": [], "episodic": [], "graph": [], "dead_letters": 0}


@pytest.mark.parametrize(
    ("update", "field", "message"),
    [
        ({"client_ts": YEAR_2150}, "turns.2.client_ts", "outside 2000–2099"),
        ({"client_ts": 946_684_799_000}, "turns.2.client_ts", "outside 2000–2099"),
        ({"content": "数学\x00\x01"}, "turns.2.content", "control character"),
        ({"content": "cafÃ© au lait"}, "turns.2.content", "Latin-1"),
        ({"content": "字" * 11_000}, "turns.2.content", "33000 bytes, over the limit of 32768"),
    ],
)
def test_one_bad_turn_refuses_the_call_and_writes_nothing(
    memory: Memory, update: dict[str, object], field: str, message: str
) -> None:
    turns = _turns()
    turns[2] = turns[2].model_copy(update=update)
    with pytest.raises(TurnInputError, match=message) as refused:
        memory.add_turns(turns)
    assert refused.value.field == field
    assert _state(memory) == EMPTY


def test_a_turn_far_ahead_of_the_server_clock_is_refused(memory: Memory) -> None:
    ahead = _turns()[0].model_copy(update={"client_ts": T0 + 400 * 86_400_000})
    with pytest.raises(TurnInputError, match="ahead of the server clock"):
        memory.add_turns([ahead])
    assert _state(memory) == EMPTY


def _fail_episodic(memory: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    def down(*_: object) -> int:
        raise OSError("disk unplugged")

    monkeypatch.setattr(memory.stores.episodic, "upsert", down)


def _fail_graph(memory: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    def locked(*_: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(memory.stores.graph.store, "transaction", locked)


def _fail_turn_log(memory: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*_: object) -> None:
        raise OSError("no space left on device")

    monkeypatch.setattr(memory.turn_log, "append", full)


@pytest.mark.parametrize(
    ("break_stage", "raised", "left_behind"),
    [
        (_fail_episodic, TurnsNotStoredError, EMPTY),
        (_fail_graph, TurnsNotStoredError, EMPTY),
        # the log comes after the stores: they keep the turns, and the retry finds them there
        (_fail_turn_log, OSError, None),
    ],
    ids=["episodic", "graph", "turn_log"],
)
def test_a_failing_stage_fails_the_call_and_a_retry_lands_it_once(
    tmp_path: Path,
    memory: Memory,
    monkeypatch: pytest.MonkeyPatch,
    break_stage,  # type: ignore[no-untyped-def]
    raised: type[Exception],
    left_behind: dict[str, object] | None,
) -> None:
    monkeypatch.setattr("jiyi.ingest.retry.time.sleep", lambda _: None)
    clean = _open(tmp_path / "clean")
    clean.add_turns(_turns())
    expected = _state(clean)
    clean.close()
    assert expected["graph"]  # the turns do make beliefs, so the graph stage is exercised

    with monkeypatch.context() as broken:
        break_stage(memory, broken)
        with pytest.raises(raised):
            memory.add_turns(_turns())
    after_failure = _state(memory)
    assert after_failure["working"] == []  # the next prompt never sees a turn that failed
    if left_behind is not None:
        assert after_failure == left_behind
    memory.add_turns(_turns())
    assert _state(memory) == expected
    memory.add_turns(_turns())  # and once more: a retry of a call that succeeded adds nothing
    assert _state(memory) == expected


def test_a_failed_retry_of_an_acknowledged_call_keeps_what_that_call_stored(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Taking back a failed call's events must not take back an earlier success's."""
    monkeypatch.setattr("jiyi.ingest.retry.time.sleep", lambda _: None)
    memory.add_turns(_turns())
    acknowledged = _state(memory)
    with monkeypatch.context() as broken:
        _fail_graph(memory, broken)
        with pytest.raises(TurnsNotStoredError):
            memory.add_turns(_turns())
    assert _state(memory) == acknowledged
