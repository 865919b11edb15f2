"""Recall probes from held-back conversations, on the model-free `HashingEncoder`."""

from __future__ import annotations

import polars as pl
import pytest

from jiyi.bench.probes import MAX_PROBES, asks, probe_haystacks, probe_recall
from jiyi.config import load_settings
from models.hashing import HashingEncoder
from models.pairs import conversation_pairs, split_pairs

ALL = 0.999999  # every session held back
TURNS = [  # user, session, turn, ts, text
    ("u1", "s1", "t1", 1, "What did you cook for the party last night?"),
    ("u1", "s1", "t2", 2, "A big paella with saffron and prawns."),
    ("u1", "s1", "t3", 3, "Nice! Did the guests like it?"),
    ("u1", "s1", "t4", 4, "Did they? They asked for seconds?"),  # a reply that asks again
    ("u1", "s2", "t5", 5, "How is the new bike?"),  # the session's last turn: no reply
    ("u2", "s1", "t6", 6, "Where did you hike on Sunday?"),
    ("u2", "s1", "t7", 7, "   "),  # blank: skipped
    ("u2", "s1", "t8", 8, "Up the ridge above the lake, in the fog."),
    ("u2", "s1", "t9", 9, "That sounds cold."),
]


def _turns(rows: list[tuple[str, str, str, int, str]] = TURNS) -> pl.DataFrame:
    return pl.DataFrame(
        [(u, s, t, "user", ts, text) for u, s, t, ts, text in rows],
        schema=["user_id", "session_id", "turn_id", "role", "client_ts", "content"],
        orient="row",
    )


def test_a_question_and_its_reply_become_a_probe_without_the_question():
    haystacks = {h.user_id: h for h in probe_haystacks(_turns(), ALL)}
    u1, u2 = haystacks["u1"], haystacks["u2"]
    assert [(q.text, set(q.gold_turns)) for q in u1.questions] == [
        ("What did you cook for the party last night?", {"t2"})
    ]  # t3's reply asks again, t5 has none
    assert [t.turn_id for t in u1.turns] == ["t2", "t3", "t4", "t5"]  # the question left out
    assert [(q.text, set(q.gold_turns)) for q in u2.questions] == [
        ("Where did you hike on Sunday?", {"t8"})  # the blank turn between them is no turn
    ]
    assert all(q.ts == max(t.ts for t in h.turns) for h in (u1, u2) for q in h.questions)


def test_only_the_sessions_held_out_of_training_are_probed():
    rows = [(f"u{i}", "s1", f"q{i}", 1, "What did you read?") for i in range(200)] + [
        (f"u{i}", "s1", f"a{i}", 2, "A novel about whales.") for i in range(200)
    ]
    turns = _turns(rows)
    _, held = split_pairs(conversation_pairs(turns), 0.2)
    probed = {h.user_id for h in probe_haystacks(turns, 0.2)}
    assert probed == {p.group.split("/")[0] for p in held}
    assert 0 < len(probed) < 200


def test_probes_are_spread_over_the_sessions_up_to_the_limit():
    rows = [(f"u{i}", "s1", f"q{i}", 1, "Why?") for i in range(50)] + [
        (f"u{i}", "s1", f"a{i}", 2, "Because.") for i in range(50)
    ]
    haystacks = probe_haystacks(_turns(rows), ALL, limit=10)
    assert sum(len(h.questions) for h in haystacks) == 10
    assert len(haystacks) == 10  # one probe from every fifth user, not the first ten
    assert MAX_PROBES >= 100


@pytest.mark.parametrize(
    ("text", "asked"),
    [("Did it rain? I hope not.", True), ("你吃饭了吗？", True), ("Fine. Thanks!", False)],
)
def test_a_turn_asks_when_a_sentence_ends_with_a_question_mark(text, asked):
    assert asks(text) is asked


def test_probe_recall_ranks_the_reply_with_the_deployments_recall(tmp_path):
    settings = load_settings(data_dir=tmp_path)
    metrics = probe_recall(settings, probe_haystacks(_turns(), ALL), HashingEncoder(64))
    assert metrics["n"] == 2
    assert metrics["any@10"] == 1.0  # each user holds fewer than ten turns
    assert set(metrics) == {"any@5", "any@10", "vector any@5", "vector any@10", "n"}
    with pytest.raises(ValueError, match="nothing to probe"):
        probe_recall(settings, [], HashingEncoder(64))


def test_a_question_left_out_is_one_users_turn_even_when_ids_repeat():
    rows = [
        ("u1", "s1", "t1", 1, "Which film did you see?"),
        ("u1", "s1", "t2", 2, "A documentary about octopuses."),
        ("u2", "s1", "t1", 3, "The bus was late again."),  # the same turn id, another user
        ("u2", "s1", "t2", 4, "Why did it take so long?"),
        ("u2", "s1", "t3", 5, "Roadworks on the bridge."),
    ]
    haystacks = {h.user_id: h for h in probe_haystacks(_turns(rows), ALL)}
    assert [t.turn_id for t in haystacks["u2"].turns] == ["t1", "t3"]
    assert [t.turn_id for t in haystacks["u1"].turns] == ["t2"]
