"""The library facade end to end on the embedded stores (hashing encoder: fast, real vectors)."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from jiyi import memory as memory_module
from jiyi.archive import archive_cold_events
from jiyi.config import Settings
from jiyi.domain import EventType, Identity, IdentityKind, Role, Turn, recall_only
from jiyi.episodic.records import from_table
from jiyi.feedback import FeedbackKind
from jiyi.graph import GraphInputError
from jiyi.ingest import process_turns
from jiyi.memory import Memory
from jiyi.text import has_han
from models.hashing import HashingEncoder

DAY_MS = 86_400_000
T0 = 1_793_520_000_000


def _events(memory, user_id):
    return from_table(memory.stores.episodic.scan(user_id))


def _turn(user, content, ts, session="s1", role=Role.USER):
    return Turn(user_id=user, session_id=session, role=role, content=content, client_ts=ts)


@pytest.fixture
def memory(tmp_path):
    opened = Memory(Settings(data_dir=tmp_path / "data"), encoder=HashingEncoder(256))
    yield opened
    opened.close()


def test_recall_brings_back_beliefs_events_and_recent_turns(memory):
    memory.consent("alice", granted=True)
    memory.add_turns(
        [
            _turn("alice", "I keep mixing up velocity and acceleration.", T0),
            _turn("alice", "Let me draw it.", T0 + 1000, role=Role.ASSISTANT),
            _turn("alice", "我喜欢用动画学数学。", T0 + 2000),
        ]
    )
    context = memory.recall("alice", "velocity acceleration", session_id="s1", budget_chars=1200)
    assert any(e.event_type == "concept_confusion" for e in context.events)
    assert any(b.relation == "learning_obstacle" and b.matches_query for b in context.beliefs)
    assert [t.content for t in context.turns][-1] == "我喜欢用动画学数学。"
    assert "velocity and acceleration" in context.text
    assert len(context.text) <= 1200
    assert all(e.why["lexical"] >= 0 for e in context.events)


def test_a_damaged_belief_costs_the_recall_that_belief_not_the_recall(memory):
    memory.consent("alice", granted=True)
    memory.add_turns(
        [
            _turn("alice", "I keep mixing up velocity and acceleration.", T0),
            _turn("alice", "I love jazz.", T0 + 1000),
        ]
    )
    assert len(memory.profile("alice")) == 2
    graph = memory.stores.graph.store
    with graph._lock:  # what a damaged file or an older version's row could hold
        graph._db.execute(
            "UPDATE edges SET evidence = 'not json' WHERE relation != 'learning_obstacle'"
        )

    context = memory.recall("alice", "velocity acceleration", session_id="s1")
    assert [b.relation for b in context.beliefs] == ["learning_obstacle"]
    assert any(e.event_type == "concept_confusion" for e in context.events)


def test_recall_reads_a_time_in_the_query_against_the_clients_clock(memory):
    memory.consent("alice", granted=True)
    memory.add_turns(
        [
            _turn("alice", "I love oolong tea.", T0, session="s1"),
            _turn("alice", "I love oolong tea.", T0 + 30 * DAY_MS, session="s2"),
        ]
    )
    asked = T0 + 44 * DAY_MS
    context = memory.recall("alice", "which tea did I love two weeks ago?", now_ms=asked)
    assert [e.why["timing"] < 0.01 for e in context.events] == [False, True]
    assert context.events[0].score > context.events[1].score


def test_the_budget_is_respected_and_reported(memory):
    memory.consent("alice", granted=True)
    memory.add_turns([_turn("alice", f"I love hiking trail number {i}.", T0 + i) for i in range(8)])
    context = memory.recall("alice", "hiking", session_id="s1", budget_chars=200)
    assert len(context.text) <= 200
    assert context.left_out > 0


def test_one_users_memories_never_reach_another(memory):
    memory.consent("alice", granted=True)
    memory.consent("bob", granted=True)
    memory.add_turn(_turn("alice", "My secret: I am afraid of spiders.", T0))
    memory.add_turn(_turn("bob", "I like chess.", T0))
    context = memory.recall("bob", "spiders secret afraid", session_id="s1")
    assert "spiders" not in context.text
    assert all("spider" not in b.object for b in context.beliefs)


def test_without_consent_nothing_reaches_the_graph(memory):
    memory.add_turn(_turn("carol", "I don't understand the chain rule.", T0))
    assert memory.profile("carol") == []
    assert memory.recall("carol", "chain rule").events  # episodic memory still works


def test_child_mode_keeps_event_types_only(memory):
    memory.consent("kid", granted=True)
    memory.add_turns(
        [_turn("kid", "I am 9 years old.", T0), _turn("kid", "I love dinosaurs.", T0 + 1)]
    )
    assert memory.stores.consent.get("kid").child_mode
    assert memory.profile("kid") == []
    stored = _events(memory, "kid")
    assert stored
    assert all("dinosaur" not in s.event.model_dump_json() for s in stored)


def test_dont_bring_that_up_lowers_the_weight(memory):
    memory.add_turn(_turn("dave", "I hate talking about my divorce.", T0))
    event_id = memory.recall("dave", "divorce").events[0].event_id
    weight = memory.feedback("dave", event_id, FeedbackKind.DONT_BRING_UP)
    assert weight == pytest.approx(memory.settings.forgetting.dont_bring_up_factor)
    assert memory.stores.episodic.get("dave", event_id).event.retrieval_weight == weight
    with pytest.raises(KeyError, match="event_id"):
        memory.feedback("erin", event_id, FeedbackKind.USEFUL)


def test_forget_clears_one_type(memory):
    memory.add_turns([_turn("fay", "Hello there!", T0), _turn("fay", "I love tea.", T0 + 1)])
    assert memory.forget("fay", EventType.GREETING) >= 1
    types = {s.event.event_type for s in _events(memory, "fay")}
    assert EventType.GREETING not in types
    assert EventType.PREFERENCE in types


def _files_containing(root: Path, needle: bytes) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file() and needle in p.read_bytes()]


def test_erasure_leaves_no_trace_in_any_store_or_file(memory, tmp_path):
    secret, address, diary = "zebrafinch", "Quillfeather Lane 42", "glimmerwort"
    memory.consent("gina", granted=True)
    memory.consent("hank", granted=True)
    old = T0 - 60 * DAY_MS
    memory.add_turns(
        [
            _turn("gina", f"Hi! Nice weather for a {secret} walk.", old),
            _turn("gina", f"I love my {secret} named Pip.", T0),
            _turn("gina", f"I keep mixing up {secret} and sparrow.", T0 + 1),
            _turn("gina", f"Here is your {secret} plan.", T0 + 2, role=Role.ASSISTANT),
        ]
    )
    memory.stores.dead_letters.put(f'{{"user_id": "gina", "content": "{secret}"}}', "x", "y")
    bad = _turn("gina", f"My {diary} diary \x07", T0 + 3)  # a control character: refused
    assert process_turns([bad], memory.stores).rejected  # as the stream does: dead-lettered
    with pytest.raises(GraphInputError, match=address):  # the caller is told what it sent
        memory.correct("gina", "lives_in", address, "support:ticket-7", new_object="Lyon")
    memory.add_turn(_turn("hank", "I love my dog.", T0))
    report = archive_cold_events(
        memory.stores.episodic, memory.archive, memory.settings.forgetting, now_ms=T0
    )
    assert report.archived >= 1
    event_id = memory.recall("gina", secret).events[0].event_id
    memory.feedback("gina", event_id, FeedbackKind.DONT_BRING_UP)
    data_dir = memory.settings.data_dir
    assert _files_containing(data_dir, secret.encode())
    assert _files_containing(data_dir, diary.encode())

    receipt = memory.erase("gina", operator="support:ticket-7")

    assert receipt.removed["episodic"] >= 2
    assert receipt.removed["archive"] >= 1
    assert receipt.removed["turn_log"] == 4
    assert receipt.removed["dead_letters"] == 2
    assert receipt.removed["audit"] >= 1
    assert memory.recall("gina", secret).text == ""
    assert memory.profile("gina") == []
    assert memory.working.get("gina", "s1") == []
    for needle in (secret, address, diary, "named Pip"):  # every file, WAL and SHM included
        assert _files_containing(data_dir, needle.encode()) == [], needle
    assert "dog" in memory.recall("hank", "dog").text  # other users untouched
    audit = memory.stores.audit.entries(user_id="gina")
    assert audit[-1].action == "erase"
    assert audit[-1].operator == "support:ticket-7"


def test_a_second_erasure_removes_nothing(memory):
    memory.consent("gina", granted=True)
    memory.add_turns([_turn("gina", "I love my zebrafinch named Pip.", T0)])
    first = memory.erase("gina", operator="support")
    assert first.removed["graph"] > 0
    assert first.removed["audit"] > 0

    second = memory.erase("gina", operator="support")

    assert second.removed == dict.fromkeys(first.removed, 0)
    actions = [e.action for e in memory.stores.audit.entries("gina")]
    assert actions == ["erase_user", "erase"] * 2  # each erasure stays on record


def test_linking_a_device_to_an_account_merges_and_routes_memories(memory):
    for user in ("phone-7", "acct-7"):
        memory.consent(user, granted=True)
    memory.add_turns(
        [
            _turn("phone-7", "I love jazz piano.", T0),
            _turn("phone-7", "I love cilantro.", T0 + 5),
            _turn("acct-7", "I hate cilantro.", T0 + 1),
            _turn("acct-7", "I love jazz piano.", T0 + 2),
        ]
    )
    report = memory.link_identity(
        Identity(kind=IdentityKind.DEVICE, value="phone-7"),
        Identity(kind=IdentityKind.ACCOUNT, value="acct-7"),
        operator="app",
    )
    assert (report.link.source_user, report.link.target_user) == ("phone-7", "acct-7")
    assert report.moved_events >= 2
    [contradiction] = report.contradictions
    assert contradiction.object_name == "cilantro"
    assert (contradiction.kept.relation.value, contradiction.dropped.relation.value) == (
        "interested_in",
        "dislikes",
    )  # fmt: skip  (a thing liked that is no way of being taught is an interest)
    assert contradiction.reason == "more recent"
    beliefs = {(b.relation.value, b.entity.name) for b in memory.profile("acct-7")}
    assert ("interested_in", "cilantro") in beliefs
    assert ("dislikes", "cilantro") not in beliefs
    assert sum(name == "jazz piano" for _, name in beliefs) == 1
    assert _events(memory, "phone-7") == []
    now = T0 + DAY_MS
    assert memory.profile("phone-7", as_of=now) == memory.profile("acct-7", as_of=now)
    memory.add_turn(_turn("phone-7", "I also love sushi.", T0 + 9))
    assert "sushi" in memory.recall("acct-7", "sushi").text
    audit = memory.stores.audit.entries(user_id="acct-7")
    assert any(e.action == "merge_identity" and e.reason for e in audit)


def test_warm_up_pays_the_first_requests_one_time_costs_in_both_scripts(memory, monkeypatch):
    encoded: list[str] = []
    tokenised: list[str] = []
    encode = memory.stores.encoder.encode
    monkeypatch.setattr(memory.stores.encoder, "encode", lambda t: encoded.extend(t) or encode(t))
    cut = memory_module.query_terms  # spies: the real encoder and tokeniser still run
    monkeypatch.setattr(memory_module, "query_terms", lambda t: tokenised.append(t) or cut(t))
    memory.warm_up()
    assert any(has_han(text) for text in encoded)
    assert any(not has_han(text) for text in encoded)
    assert any(has_han(text) for text in tokenised)  # jieba's dictionary loads on its first cut


@pytest.mark.parametrize(("residue", "kept"), [("classifier", 1), ("none", 0)])
def test_a_turn_no_rule_covers_is_kept_for_recall_alone_by_default(tmp_path, residue, kept):
    settings = Settings(data_dir=tmp_path / "data", extraction={"residue": residue})
    memory = Memory(settings, encoder=HashingEncoder(256))
    try:
        memory.consent("alice", granted=True)
        memory.add_turns([_turn("alice", "They were awestruck and humbled.", T0)])
        events = _events(memory, "alice")
        assert len(events) == kept
        assert all(recall_only(e.event) for e in events)
        assert memory.profile("alice") == []  # a classifier's type is no claim about the user
    finally:
        memory.close()


def test_what_the_assistant_said_can_be_recalled_in_a_later_session(memory):
    memory.consent("alice", granted=True)
    recipe = "For the green curry, simmer coconut milk with lemongrass and galangal first."
    memory.add_turns([_turn("alice", recipe, T0, role=Role.ASSISTANT)])
    (kept,) = _events(memory, "alice")
    assert recall_only(kept.event)
    assert memory.profile("alice") == []  # what the assistant said is no claim about the user
    assert memory.memory_counts("alice") == {"assistant_reply": 1}  # a kind of its own
    context = memory.recall("alice", "the lemongrass curry you gave me", session_id="s2")
    assert [e.event_id for e in context.events] == [kept.event.event_id]


@pytest.mark.parametrize("limit", [1, 2])
def test_recalls_beyond_the_limit_wait_their_turn(tmp_path, monkeypatch, limit):
    settings = Settings(data_dir=tmp_path / "data", episodic={"concurrent_recalls": limit})
    memory = Memory(settings, encoder=HashingEncoder(256))
    memory.consent("alice", granted=True)
    memory.add_turns([_turn("alice", "I keep mixing up velocity and acceleration.", T0)])
    inside = most = 0
    lock, full = threading.Lock(), threading.Event()
    encode = memory.stores.encoder.encode

    def held(texts):  # the query's embedding, held until `limit` recalls are in at once
        nonlocal inside, most
        with lock:
            inside += 1
            most = max(most, inside)
            if inside == limit:
                full.set()
        full.wait(timeout=5)
        time.sleep(0.05)  # room for another recall to come in, were the limit not kept
        with lock:
            inside -= 1
        return encode(texts)

    monkeypatch.setattr(memory.stores.encoder, "encode", held)
    with ThreadPoolExecutor(4) as pool:
        contexts = list(pool.map(lambda _: memory.recall("alice", "velocity"), range(4)))
    memory.close()
    assert most == limit
    assert all(context.events for context in contexts)
