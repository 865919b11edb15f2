import threading

import pytest
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from jiyi.config import WorkingMemorySettings
from jiyi.domain import Role, Turn
from jiyi.working import WorkingMemory, WorkingMemoryError


class FakeClock:
    """A controllable monotonic clock (real time would make expiry tests slow and flaky)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def turn(content="hello", *, user="u1", session="s1", role=Role.USER, ts=0):
    return Turn(user_id=user, session_id=session, role=role, content=content, client_ts=ts)


def contents(memory, user="u1", session="s1"):
    return [t.content for t in memory.get(user, session)]


def test_turns_are_cleaned_and_ordered_by_client_timestamp():
    memory = WorkingMemory()
    memory.add(turn("second", ts=2000))
    memory.add(turn("  first   turn ", ts=1000))
    memory.add(turn("also second", ts=2000))
    assert contents(memory) == ["first turn", "second", "also second"]


def test_assistant_turns_are_truncated_with_the_marker():
    memory = WorkingMemory(WorkingMemorySettings(assistant_max_chars=50))
    memory.add(turn("x" * 80, role=Role.ASSISTANT))
    memory.add(turn("y" * 80, role=Role.USER))
    stored = memory.get("u1", "s1")
    assert stored[0].truncated
    assert stored[0].content.endswith("…[full text in history]")
    assert len(stored[0].content) <= 50
    assert not stored[1].truncated
    assert stored[1].content == "y" * 80


def test_per_session_bound_keeps_the_latest_turns():
    memory = WorkingMemory(WorkingMemorySettings(max_turns_per_session=3))
    for ts in range(5):
        memory.add(turn(f"t{ts}", ts=ts))
    assert contents(memory) == ["t2", "t3", "t4"]


def test_content_that_cleans_to_nothing_is_rejected():
    memory = WorkingMemory()
    with pytest.raises(ValueError, match="content"):
        memory.add(turn("\x00\x01"))
    assert memory.stats().sessions == 0


def test_lru_evicts_the_least_recently_used_session():
    memory = WorkingMemory(WorkingMemorySettings(max_sessions=2))
    memory.add(turn(session="a"))
    memory.add(turn(session="b"))
    memory.get("u1", "a")  # a is now more recent than b
    memory.add(turn(session="c"))
    assert sorted(s for _, s in memory.session_keys()) == ["a", "c"]


def test_byte_bound_evicts_old_sessions():
    memory = WorkingMemory(WorkingMemorySettings(max_bytes=1024))
    memory.add(turn("x" * 600, session="a"))
    memory.add(turn("y" * 600, session="b"))
    assert [s for _, s in memory.session_keys()] == ["b"]
    assert memory.stats().content_bytes == 600


def test_idle_sessions_expire():
    clock = FakeClock()
    memory = WorkingMemory(WorkingMemorySettings(idle_ttl_seconds=60), clock=clock)
    memory.add(turn(session="old"))
    clock.now += 30
    memory.add(turn(session="new"))
    clock.now += 45
    assert memory.get("u1", "old") == []
    assert contents(memory, session="new") == ["hello"]
    clock.now += 61
    assert memory.expire_idle() == 1
    assert memory.stats().sessions == 0


def test_users_are_isolated_even_with_the_same_session_id():
    memory = WorkingMemory()
    memory.add(turn("alice's secret", user="alice", session="shared"))
    memory.add(turn("bob's note", user="bob", session="shared"))
    assert contents(memory, "alice", "shared") == ["alice's secret"]
    assert contents(memory, "bob", "shared") == ["bob's note"]
    assert memory.forget_user("alice") == 1
    assert memory.get("alice", "shared") == []
    assert contents(memory, "bob", "shared") == ["bob's note"]


def test_every_change_is_a_version_and_rollback_restores_a_whole_snapshot():
    memory = WorkingMemory()
    v1 = memory.add(turn("one", ts=1))
    memory.add(turn("two", ts=2))
    memory.add(turn("three", ts=3))
    v4 = memory.rollback("u1", "s1", v1)
    assert v4 == 4
    assert contents(memory) == ["one"]
    assert memory.history("u1", "s1")[-1] == (4, "rollback:1")


def test_undo_last_removes_the_user_message_and_the_reply_to_it():
    memory = WorkingMemory()
    memory.add(turn("question one", ts=1))
    memory.add(turn("answer one", role=Role.ASSISTANT, ts=2))
    memory.add(turn("question two", ts=3))
    memory.add(turn("answer two", role=Role.ASSISTANT, ts=4))
    memory.undo_last("u1", "s1")
    assert contents(memory) == ["question one", "answer one"]
    memory.undo_last("u1", "s1")
    assert contents(memory) == []
    with pytest.raises(WorkingMemoryError, match="no user message"):
        memory.undo_last("u1", "s1")


def test_snapshot_history_is_bounded():
    memory = WorkingMemory(WorkingMemorySettings(max_snapshots=3))
    for ts in range(10):
        memory.add(turn(f"t{ts}", ts=ts))
    assert [v for v, _ in memory.history("u1", "s1")] == [8, 9, 10]
    with pytest.raises(WorkingMemoryError, match="not held"):
        memory.rollback("u1", "s1", 2)


def test_unknown_session_errors_name_it():
    with pytest.raises(WorkingMemoryError, match="ghost"):
        WorkingMemory().rollback("u1", "ghost", 0)


def test_concurrent_writers_lose_nothing():
    memory = WorkingMemory(WorkingMemorySettings(max_turns_per_session=10_000))

    def writer(worker):
        for i in range(300):
            memory.add(turn(f"w{worker}-{i}", ts=i))

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = memory.get("u1", "s1")
    assert len(stored) == 1200
    timestamps = [t.client_ts for t in stored]
    assert timestamps == sorted(timestamps)
    assert memory.version("u1", "s1") == 1200


class SnapshotMachine(RuleBasedStateMachine):
    """Any sequence of adds, rollbacks and undos leaves a state equal to an earlier snapshot."""

    def __init__(self) -> None:
        super().__init__()
        self.memory = WorkingMemory(WorkingMemorySettings(max_turns_per_session=5, max_snapshots=6))
        self.seen: dict[int, list[tuple[str, int]]] = {}
        self.latest_version = 0

    def _state(self):
        return [(t.content, t.client_ts) for t in self.memory.get("u1", "s1")]

    def _record(self, version):
        self.latest_version = version
        self.seen[version] = self._state()

    @rule(
        content=st.text(alphabet="ab学 ", min_size=1, max_size=6).filter(str.strip),
        ts=st.integers(0, 20),
        assistant=st.booleans(),
    )
    def add(self, content, ts, assistant):
        role = Role.ASSISTANT if assistant else Role.USER
        self._record(self.memory.add(turn(content, role=role, ts=ts)))

    @precondition(lambda self: self.latest_version > 0)
    @rule(data=st.data())
    def rollback(self, data):
        held = [v for v, _ in self.memory.history("u1", "s1")]
        target = data.draw(st.sampled_from(held))
        expected = self.seen.get(target, [])
        self._record(self.memory.rollback("u1", "s1", target))
        assert self._state() == expected

    @precondition(lambda self: self.latest_version > 0)
    @rule()
    def undo(self):
        try:
            version = self.memory.undo_last("u1", "s1")
        except WorkingMemoryError:
            return
        before = self._state()
        self._record(version)
        assert before in [*self.seen.values(), []]

    @invariant()
    def state_is_some_earlier_snapshot(self):
        if self.latest_version:
            assert self._state() in [*self.seen.values(), []]
            assert self._state() == self.seen[self.latest_version]

    @invariant()
    def order_and_bounds_hold(self):
        stored = self.memory.get("u1", "s1")
        assert len(stored) <= 5
        timestamps = [t.client_ts for t in stored]
        assert timestamps == sorted(timestamps)


TestSnapshotMachine = SnapshotMachine.TestCase
TestSnapshotMachine.settings = hyp_settings(max_examples=60, stateful_step_count=30, deadline=None)


def test_the_same_turn_sent_twice_is_held_once():
    """A retried request must not duplicate the conversation the next prompt sees."""
    memory = WorkingMemory()
    first = memory.add(turn("hello", ts=1000))
    assert memory.add(turn("hello", ts=1000)) == first
    memory.add(turn("hello", ts=2000))  # said again later: a new turn
    assert contents(memory) == ["hello", "hello"]
    memory.undo_last("u1", "s1")
    memory.add(turn("hello", ts=2000))  # re-sent after an undo: held again
    assert contents(memory) == ["hello", "hello"]
