from __future__ import annotations

from dataclasses import replace

import numpy as np
import pyarrow as pa
import pytest

from jiyi.config import EpisodicSettings
from jiyi.domain import EventType, text_hash
from jiyi.episodic.lancedb_store import LanceEpisodicStore
from jiyi.episodic.merging import write_events
from jiyi.episodic.query import analyse
from jiyi.episodic.records import (
    PASSAGES_COLUMN,
    PASSAGES_TYPE,
    EpisodicInputError,
    IndexItem,
    PassageBlock,
    arrow_schema,
    passage_block,
    to_table,
)
from jiyi.episodic.retrieval import (
    DAY_MS,
    DEFAULT_CONFIG,
    Hit,
    RetrievalConfig,
    answering_turns,
    asked_relevance,
    asking_rows,
    best_passage,
    best_per_turn,
    config_for,
    fuse,
    lexical_scores,
    neighbour_relevance,
    rank,
    recall,
    reply_pairs,
    session_turns,
    whole_turn_vectors,
)
from jiyi.episodic.terms import IndexTerms
from jiyi.health import skipped_values
from models.channels import ChannelEncoder, TurnChannelEncoder, TurnParts
from models.embedder import SpaceMismatchError
from models.hashing import HashingEncoder

NOW = 1_700_000_000_000 + 10 * DAY_MS
TIMING = RetrievalConfig().timing_weight
SETTINGS = EpisodicSettings()


@pytest.fixture
def filled(store, encoder, make_item, terms):
    items = [
        make_item("alice", "I keep mixing up affect and effect", EventType.CONCEPT_CONFUSION),
        make_item("alice", "我总把a和v搞混", EventType.CONCEPT_CONFUSION),
        make_item("alice", "我喜欢用动画学数学", EventType.LEARNING_STYLE),
        make_item("alice", "the export button does nothing", EventType.OPERATION_FAILURE),
        make_item("alice", "hello!", EventType.GREETING),
        make_item("bob", "I keep mixing up affect and effect", EventType.CONCEPT_CONFUSION),
    ]
    write_events(store, encoder, terms, items, SETTINGS)
    return store


def test_recall_finds_the_right_event_in_english_and_chinese(filled, encoder, terms):
    hits = recall(filled, encoder, terms, "alice", "affect versus effect", k=3, now_ms=NOW)
    assert "affect" in hits[0].event.summary
    hits = recall(filled, encoder, terms, "alice", "用动画学数学", k=3, now_ms=NOW)
    assert hits[0].event.event_type == EventType.LEARNING_STYLE


def test_recall_is_scoped_to_the_user(filled, encoder, terms):
    hits = recall(filled, encoder, terms, "bob", "我喜欢用动画学数学", k=10, now_ms=NOW)
    assert [h.event.user_id for h in hits] == ["bob"]
    assert recall(filled, encoder, terms, "carol", "affect", k=10, now_ms=NOW) == []


def test_type_filter_applies_before_ranking(filled, encoder, terms):
    hits = recall(
        filled,
        encoder,
        terms,
        "alice",
        "affect effect",
        k=10,
        event_types=[EventType.GREETING],
        now_ms=NOW,
    )
    assert [h.event.event_type for h in hits] == [EventType.GREETING]


def test_every_hit_carries_its_score_parts(filled, encoder, terms):
    (hit,) = recall(filled, encoder, terms, "alice", "export button", k=1, now_ms=NOW)
    parts = hit.parts
    assert parts.lexical > 0
    assert parts.lexical_rank == 1
    assert 0 <= parts.relevance <= 1
    assert parts.recency == pytest.approx(0.5 ** (10 / 30))
    assert parts.score == pytest.approx(
        parts.relevance
        * (0.8 + 0.2 * parts.confidence)
        * parts.retrieval_weight
        * (0.9 + 0.1 * parts.recency)
    )
    assert hit.score == parts.score


def test_priors_reorder_equally_relevant_events(encoder, make_item, records, terms):
    old, _, _ = make_item("alice", "I like green tea", ts=NOW - 90 * DAY_MS, turn="t1")
    new, _, _ = make_item("alice", "I like green tea", ts=NOW, turn="t2")
    muted, _, _ = make_item("alice", "I like green tea", ts=NOW, turn="t3")
    muted = muted.model_copy(update={"retrieval_weight": 0.2})
    built = records([IndexItem(old), IndexItem(new), IndexItem(muted)])
    table = to_table(built, arrow_schema(encoder.dimension, encoder.space_id))
    query = encoder.encode(["green tea"])[0]
    hits = rank(table, query, lexical_scores(table, terms.of("alice", "green tea")), NOW, k=3)
    assert [h.event.turn_id for h in hits] == ["t2", "t1", "t3"]


def test_an_event_that_asks_ranks_below_one_that_states(encoder, make_item, records, terms):
    """A question repeats the query's words and states nothing: it must not crowd out the
    statement (the second piece of a many-part answer) on a tie."""
    asked, _, _ = make_item("alice", "camping with family", EventType.QUESTION, turn="asks")
    said, _, _ = make_item("alice", "camping with family", EventType.PERSONAL_FACT, turn="says")
    built = records([IndexItem(asked), IndexItem(said)])
    table = to_table(built, arrow_schema(encoder.dimension, encoder.space_id))
    query = "where has she gone camping with family?"
    lexical = lexical_scores(table, terms.of("alice", query))
    vector = encoder.encode([query])[0]
    hits = rank(table, vector, lexical, NOW, k=2)
    assert [h.event.turn_id for h in hits] == ["says", "asks"]
    assert [h.parts.statement for h in hits] == [1.0, 0.0]
    weight = RetrievalConfig().question_weight
    assert hits[1].score == pytest.approx(hits[0].score * (1 - weight))
    off = rank(table, vector, lexical, NOW, k=2, config=RetrievalConfig(question_weight=0.0))
    assert off[0].score == off[1].score


def test_a_recall_holds_one_event_per_turn_its_best(encoder, make_item, records, terms):
    """Two events of one turn (a fact and a question said together) both match: the turn is
    recalled once, by its better event, and the next place goes to another turn."""
    text = "I like green tea. Do you like green tea too?"
    fact, _, _ = make_item("alice", text, EventType.PREFERENCE, "t1", summary="I like green tea")
    asks, _, _ = make_item("alice", text, EventType.QUESTION, "t1", summary="like green tea too?")
    other, _, _ = make_item("alice", "tea in the morning", EventType.PERSONAL_FACT, "t2")
    built = records([IndexItem(fact, text), IndexItem(asks, text), IndexItem(other)])
    table = to_table(built, arrow_schema(encoder.dimension, encoder.space_id))
    query = "green tea"
    lexical = lexical_scores(table, terms.of("alice", query))
    hits = rank(table, encoder.encode([query])[0], lexical, NOW, k=2)
    assert [(h.event.turn_id, h.event.event_type) for h in hits] == [
        ("t1", EventType.PREFERENCE),
        ("t2", EventType.PERSONAL_FACT),
    ]
    assert len(rank(table, encoder.encode([query])[0], lexical, NOW, k=5)) == 2


def test_fusion_modes_stay_in_unit_range_and_agree_on_a_clear_winner():
    vector = np.array([0.9, 0.2, 0.1])
    lexical = np.array([5.0, 0.0, 1.0])
    for fusion in ("standard", "convex", "rrf"):
        fused = fuse(vector, lexical, RetrievalConfig(fusion=fusion))
        assert fused.min() >= 0
        assert fused.max() <= 1
        assert int(np.argmax(fused)) == 0


def test_a_flat_channel_does_not_lift_an_unmatched_event_over_a_matched_one():
    """Among 200 events, one matches a query word weakly and another strongly; the encoder
    sees nothing in the query (flat cosines: Chinese that MiniLM reads as [UNK]), and its noise
    peaks on an event with no word of the query. Min-max scaling gives that noise peak full
    weight, above the weak match; standardised, the match stands ~3 deviations out on BM25
    and the noise peak no further than noise does."""
    lexical = np.zeros(200)
    lexical[0], lexical[5] = 2.0, 9.0
    vector = np.random.default_rng(7).normal(0.5, 0.01, 200)
    vector[0] = 0.5
    vector[1] = vector.max() + 0.005

    def above(fusion: str) -> bool:
        fused = fuse(vector, lexical, RetrievalConfig(fusion=fusion))
        return bool(fused[0] > fused[1])

    assert above("standard")
    assert not above("convex")


def test_a_channel_that_tells_events_apart_is_not_drowned_by_one_that_barely_does():
    """No word of the query matches except a common one (spread out by length); the encoder
    finds one event far above the rest: that event comes first."""
    lexical = np.array([0.30, 0.31, 0.29, 0.30, 0.32, 0.28, 0.30, 0.31, 0.29, 0.30])
    vector = np.array([0.10, 0.12, 0.11, 0.10, 0.11, 0.10, 0.81, 0.12, 0.11, 0.10])
    assert int(np.argmax(fuse(vector, lexical, RetrievalConfig(fusion="standard")))) == 6


def test_events_no_channel_tells_apart_are_equally_and_fully_relevant():
    """So the priors (recency, speaker, a time named) still order them."""
    fused = fuse(np.full(4, 0.3), np.zeros(4), RetrievalConfig(fusion="standard"))
    assert np.array_equal(fused, np.ones(4))


def test_without_a_cjk_channel_fusion_is_the_two_channels_as_before():
    vector, lexical = np.array([0.9, 0.2, 0.1, 0.4]), np.array([5.0, 0.0, 1.0, 2.0])
    for fusion in ("standard", "convex", "rrf"):
        config = RetrievalConfig(fusion=fusion)
        assert np.array_equal(fuse(vector, lexical, config, None), fuse(vector, lexical, config))


def test_the_cjk_channel_counts_only_for_the_events_it_scored():
    """Flat primary and lexical channels; the CJK channel singles out event 1. Events without a
    vector there (NaN) get nothing from it, so they sit at its mean, not at its bottom."""
    vector, lexical = np.full(5, 0.3), np.zeros(5)
    cjk = np.array([np.nan, 0.9, 0.2, 0.1, np.nan])
    for fusion in ("standard", "convex", "rrf"):
        fused = fuse(vector, lexical, RetrievalConfig(fusion=fusion), cjk)
        assert fused.min() >= 0, fusion
        assert fused.max() <= 1, fusion
        assert int(np.argmax(fused)) == 1, fusion
    fused = fuse(vector, lexical, RetrievalConfig(fusion="standard"), cjk)
    assert fused[0] == fused[4] > fused[3]


def test_the_few_chinese_events_of_an_english_user_do_not_jump_the_queue():
    """200 events, two with a CJK-channel vector: the better of the two is sixth on the other
    channels. Standardised among two, it would stand a full deviation out; weighted by the 1 %
    of events it covers, the channel leaves the top five as the other channels rank it."""
    lexical = np.linspace(3.0, 0.0, 200)
    vector = np.full(200, 0.3)
    cjk = np.full(200, np.nan)
    cjk[5], cjk[150] = 0.9, 0.1
    config = RetrievalConfig(fusion="standard")
    top = np.argsort(-fuse(vector, lexical, config, cjk), kind="stable")[:5]
    assert top.tolist() == [0, 1, 2, 3, 4]
    chinese = np.full(200, 0.5)  # a Chinese user: every event has a vector there
    chinese[5] = 0.9
    assert int(np.argmax(fuse(vector, np.zeros(200), config, chinese))) == 5


def _channel_encoder() -> ChannelEncoder:
    return ChannelEncoder(HashingEncoder(128), HashingEncoder(64))


def _write(tmp_path, encoder, make_item, terms, texts: list[tuple[str, str]]):
    store = LanceEpisodicStore(tmp_path / encoder.space_id.replace("/", "_"),
                               encoder.space_id, encoder.dimension)  # fmt: skip
    items = [make_item(user, text, turn=f"t{i}") for i, (user, text) in enumerate(texts)]
    write_events(store, encoder, terms, items, SETTINGS)
    return store


ENGLISH = [("alice", "I keep mixing up affect and effect"), ("alice", "the export button"),
           ("alice", "I like green tea with honey"), ("alice", "hello!")]  # fmt: skip


def test_an_english_only_user_ranks_as_on_the_primary_encoder_alone(tmp_path, make_item, terms):
    channel = _channel_encoder()
    both = _write(tmp_path, channel, make_item, terms, ENGLISH)
    alone = _write(tmp_path, channel.primary, make_item, terms, ENGLISH)
    for query in ("affect versus effect", "green tea", "export", "我喜欢茶"):
        ours = recall(both, channel, terms, "alice", query, k=4, now_ms=NOW)
        theirs = recall(alone, channel.primary, terms, "alice", query, k=4, now_ms=NOW)
        assert [(h.event.turn_id, h.score) for h in ours] == [
            (h.event.turn_id, h.score) for h in theirs
        ]
        assert all(h.parts.cjk_vector is None for h in ours)


class _Counting(ChannelEncoder):
    def __init__(self) -> None:
        super().__init__(HashingEncoder(128), HashingEncoder(64))
        self.second_channel: list[str] = []

    def encode_cjk(self, texts):
        self.second_channel += list(texts)
        return super().encode_cjk(texts)


def test_chinese_events_are_scored_in_the_cjk_channel_too(tmp_path, make_item, terms):
    channel = _Counting()
    texts = [*ENGLISH, ("alice", "我喜欢用动画学数学"), ("alice", "我总把a和v搞混")]
    store = _write(tmp_path, channel, make_item, terms, texts)
    hits = recall(store, channel, terms, "alice", "用动画学数学", k=6, now_ms=NOW)
    assert hits[0].event.turn_id == "t4"
    by_turn = {h.event.turn_id: h.parts.cjk_vector for h in hits}
    assert by_turn["t4"] is not None
    assert by_turn["t4"] > 0.5
    assert by_turn["t0"] is None  # an English event has no vector there
    assert channel.second_channel == []  # the query's own CJK vector served
    # an English query from a user with Chinese memories is encoded in the channel too
    recall(store, channel, terms, "alice", "animation", k=3, now_ms=NOW)
    assert channel.second_channel == ["animation"]
    english_only = _write(tmp_path / "en", channel, make_item, terms, ENGLISH)
    recall(english_only, channel, terms, "alice", "animation", k=3, now_ms=NOW)
    assert channel.second_channel == ["animation"]  # an English-only user pays nothing


class _AsksApart(HashingEncoder):
    """Queries on a path of their own (`encode_queries`), each recorded."""

    def __init__(self) -> None:
        super().__init__(64)
        self.queries: list[str] = []

    def encode_queries(self, texts):
        self.queries += list(texts)
        return self.encode(texts)


def test_a_query_is_encoded_on_the_encoders_query_path(tmp_path, make_item, terms):
    encoder = _AsksApart()
    store = _write(tmp_path, encoder, make_item, terms, ENGLISH)
    assert encoder.queries == []  # what is stored is not a query
    hits = recall(store, encoder, terms, "alice", "green tea", k=2, now_ms=NOW)
    assert encoder.queries == ["green tea"]
    assert hits[0].event.turn_id == "t2"


def test_a_users_rows_are_worked_out_for_ranking_once_until_they_change(
    tmp_path, make_item, terms, monkeypatch
):
    from jiyi.episodic import retrieval

    encoder = TurnChannelEncoder(ChannelEncoder(HashingEncoder(64), HashingEncoder(32)),
                                 HashingEncoder(64), passages=4)  # fmt: skip
    texts = [
        *ENGLISH,
        ("alice", "我喜欢用动画学数学。你呢？"),
        ("alice", "我也是！"),
        ("bob", "tea"),
    ]
    store = _write(tmp_path, encoder, make_item, terms, texts)
    worked: list[int] = []
    unmemoised = retrieval._facts
    monkeypatch.setattr(retrieval, "_facts", lambda *a: worked.append(1) or unmemoised(*a))
    first = recall(store, encoder, terms, "alice", "green tea", k=3, now_ms=NOW)
    again = recall(store, encoder, terms, "alice", "用动画学数学", k=3, now_ms=NOW)
    assert len(worked) == 1  # the second query reads what the first worked out
    memo = retrieval._FACTS
    monkeypatch.setattr(retrieval, "_FACTS", retrieval.DerivedCache(0))  # nothing kept
    assert recall(store, encoder, terms, "alice", "green tea", k=3, now_ms=NOW) == first
    assert recall(store, encoder, terms, "alice", "用动画学数学", k=3, now_ms=NOW) == again
    monkeypatch.setattr(retrieval, "_FACTS", memo)
    worked.clear()
    write_events(store, encoder, terms, [make_item("alice", "oolong tea", turn="t9")], SETTINGS)
    hits = recall(store, encoder, terms, "alice", "oolong tea", k=3, now_ms=NOW)
    assert worked == [1]  # a write gives the user new rows, worked out again
    assert hits[0].event.turn_id == "t9"


def test_a_users_rows_are_worked_out_beside_the_query_embedding_only_while_it_runs(
    tmp_path, make_item, terms, monkeypatch
):
    import threading

    from jiyi.episodic import retrieval

    encoder = TurnChannelEncoder(HashingEncoder(64), HashingEncoder(64), passages=4)
    store = _write(tmp_path, encoder, make_item, terms, ENGLISH)
    worked: list[int] = []
    unmemoised = retrieval._facts
    monkeypatch.setattr(retrieval, "_facts", lambda *a: worked.append(1) or unmemoised(*a))
    monkeypatch.setattr(retrieval, "_FACTS", retrieval.DerivedCache(0))  # nothing kept
    tokens = terms.query("alice", "tea")
    for embedding_done, expected in ((False, [1]), (True, [])):
        embedded = threading.Event()
        if embedding_done:
            embedded.set()
        worked.clear()
        read = retrieval._read_scored(
            store, encoder, "alice", None, "tea", tokens, DEFAULT_CONFIG, embedded
        )
        assert read.table.num_rows == len(ENGLISH)
        assert worked == expected  # once it is done, `rank` works them out on its own


def test_the_turn_channel_counts_only_for_the_events_with_a_turn_vector():
    """Flat other channels; the turn channel singles out event 2; NaN rows sit at its mean."""
    vector, lexical = np.full(5, 0.3), np.zeros(5)
    turn = np.array([0.1, np.nan, 0.9, 0.2, np.nan])
    for fusion in ("standard", "convex", "rrf"):
        fused = fuse(vector, lexical, RetrievalConfig(fusion=fusion), None, turn)
        assert 0 <= fused.min() <= fused.max() <= 1, fusion
        # ranks of tied scores are in order: rrf's first event stays first on the other two
        assert int(np.argmax(fused)) == (0 if fusion == "rrf" else 2), fusion
    fused = fuse(vector, lexical, RetrievalConfig(fusion="standard"), None, turn)
    assert fused[1] == fused[4] > fused[0]
    off = RetrievalConfig(turn_vector_weight=0.0)
    assert np.array_equal(fuse(vector, lexical, off, None, turn), fuse(vector, lexical, off))


def test_the_turn_finds_what_the_summary_left_out(tmp_path, make_item, terms):
    """A 50-character summary is all the event's own vector sees; the turn's vector beside it
    finds the event by what the rest of the turn said, and every hit shows that cosine. A turn
    short enough to be its own summary, or in a CJK script (the CJK channel's), has none."""
    encoder = TurnChannelEncoder(_channel_encoder(), HashingEncoder(128))
    store = LanceEpisodicStore(tmp_path / "turns", encoder.space_id, encoder.dimension)
    long_turn = "Saturday was fun! " + "we walked a lot. " * 3 + "the jellyfish tank glowed"
    items = [
        make_item("alice", long_turn, turn="t0", summary="Saturday was fun!"),
        make_item("alice", "Saturday was fun at the park, " * 2, turn="t1", summary="park"),
        make_item("alice", "我喜欢水母" * 12, turn="t2"),
        make_item("alice", "we went home early", turn="t3"),
    ]
    write_events(store, encoder, terms, items, SETTINGS)
    config = RetrievalConfig(lexical_weight=0.0, vector_weight=0.0)  # the turn channel alone
    hits = recall(store, encoder, terms, "alice", "jellyfish tank", k=4, now_ms=NOW, config=config)
    assert hits[0].event.turn_id == "t0"
    by_turn = {h.event.turn_id: h.parts for h in hits}
    assert by_turn["t0"].turn_vector is not None
    assert by_turn["t0"].turn_vector > by_turn["t1"].turn_vector  # type: ignore[operator]
    assert by_turn["t2"].turn_vector is None  # Chinese: the CJK channel serves it
    assert by_turn["t2"].cjk_vector is not None
    assert by_turn["t3"].turn_vector is None  # a turn the summary holds whole adds nothing


def test_the_best_passage_finds_an_aside_the_whole_turn_dilutes(tmp_path, make_item, terms):
    """A fact said in passing in a turn about something else: its sentence's vector finds it
    where the whole turn's is spread over the rest; a turn of one sentence is its own passage."""
    encoder = TurnChannelEncoder(HashingEncoder(128), HashingEncoder(128), passages=4)
    store = LanceEpisodicStore(tmp_path / "passages", encoder.space_id, encoder.dimension)
    aside = (
        "Could you compare prices of hiking boots and trail runners for me? Weight matters, "
        "and so does grip on wet rock. By the way, the jellyfish tank glowed."
    )
    single = "the jellyfish tank was dark and nothing glowed at the aquarium today"
    items = [
        make_item("alice", aside, turn="t0", summary="compare hiking boots"),
        make_item("alice", single, turn="t1", summary="aquarium Saturday"),
    ]
    write_events(store, encoder, terms, items, SETTINGS)
    alone = RetrievalConfig(lexical_weight=0.0, vector_weight=0.0, turn_vector_weight=0.0)
    hits = recall(store, encoder, terms, "alice", "jellyfish tank glowed", k=2, now_ms=NOW,
                  config=alone)  # fmt: skip
    assert hits[0].event.turn_id == "t0"
    by_turn = {h.event.turn_id: h.parts for h in hits}
    assert by_turn["t0"].passage_vector > by_turn["t0"].turn_vector  # type: ignore[operator]
    assert by_turn["t1"].passage_vector == by_turn["t1"].turn_vector
    turn_only = RetrievalConfig(lexical_weight=0.0, vector_weight=0.0, passage_vector_weight=0.0)
    hits = recall(store, encoder, terms, "alice", "jellyfish tank glowed", k=2, now_ms=NOW,
                  config=turn_only)  # fmt: skip
    assert hits[0].event.turn_id == "t1"  # the whole turns alone miss the aside


def test_best_passage_is_the_largest_passage_cosine_else_the_turns():
    query = np.array([1.0, 0.0], dtype=np.float32)
    turn = np.array([0.2, 0.5, np.nan, 0.1])
    held = [[[0.6, 0.8], [0.9, np.sqrt(0.19)]], None, None, [[0.0, 1.0]]]

    def block(rows: list) -> PassageBlock | None:
        return passage_block(pa.table({PASSAGES_COLUMN: pa.array(rows, type=PASSAGES_TYPE)}))

    best = best_passage(turn, block(held), query)
    np.testing.assert_allclose(best[[0, 1, 3]], [0.9, 0.5, 0.0], atol=1e-3)  # half precision
    assert np.isnan(best[2])
    np.testing.assert_array_equal(best_passage(turn, None, query), turn)
    assert block([None] * 4) is None  # no row holds one: the turn's cosine everywhere
    sliced = passage_block(pa.table({PASSAGES_COLUMN: pa.array(held, PASSAGES_TYPE)}).slice(3))
    np.testing.assert_allclose(best_passage(turn[3:], sliced, query), [0.0])  # offsets kept


def test_a_reply_is_scored_with_the_question_before_it():
    """Rows come in any order; a turn's events share its pair; only a turn that follows one
    asking something in the same session gets one, and only where both have a turn vector."""
    q, a, b, c = (np.array(v, dtype=np.float32) for v in ([1, 0], [0.6, 0.8], [0, 1], [0.8, 0.6]))
    nan = np.full(2, np.nan, dtype=np.float32)
    rows = [  # session, ts, turn, type, turn vector
        ("s1", 3, "t3", EventType.PREFERENCE, b),  # replies to t2's question
        ("s1", 1, "t1", EventType.QUESTION, a),
        ("s1", 2, "t2", EventType.QUESTION, c),  # replies to t1, and asks
        ("s1", 3, "t3", EventType.GOAL, b),  # t3's second event
        ("s2", 4, "t4", EventType.PREFERENCE, a),  # another session: t3 is not its question
        ("s2", 5, "t5", EventType.QUESTION, nan),  # asks, but has no turn vector
        ("s2", 6, "t6", EventType.PREFERENCE, a),
    ]
    table = pa.table(
        {
            "session_id": [r[0] for r in rows],
            "ts": pa.array([r[1] for r in rows], pa.int64()),
            "turn_id": [r[2] for r in rows],
            "event_type": [r[3].value for r in rows],
        }
    )
    asks = np.array([r[3] is EventType.QUESTION for r in rows])
    by_user = np.ones(len(rows), dtype=bool)
    turns = session_turns(table)
    answering = answering_turns(turns, asks)
    cosines = reply_pairs(turns, np.stack([r[4] for r in rows]), answering, by_user).cosines(q)

    def pair(x: np.ndarray, y: np.ndarray) -> float:
        mean = x + y
        return float(q @ (mean / np.linalg.norm(mean)))

    np.testing.assert_allclose(cosines[[0, 2, 3]], [pair(c, b), pair(a, c), pair(c, b)], atol=1e-6)
    assert np.isnan(cosines[[1, 4, 5, 6]]).all()
    alone = session_turns(table.slice(0, 1))
    one = reply_pairs(alone, np.stack([b]), answering_turns(alone, asks[:1]), by_user[:1])
    assert np.isnan(one.cosines(q)).all()
    by_assistant = by_user.copy()
    by_assistant[[0, 3]] = False  # t3 said by the assistant: its answer restates the question
    vectors = np.stack([r[4] for r in rows])
    answered = reply_pairs(turns, vectors, answering, by_assistant).cosines(q)
    assert np.isnan(answered[[0, 3]]).all()
    assert answered[2] == cosines[2]


def test_a_reply_the_question_explains_is_found_with_it(tmp_path, make_item, terms):
    """ "They were awestruck and humbled." names nothing the query asks about; read with the
    question before it, it is the answer."""
    encoder = TurnChannelEncoder(HashingEncoder(256), HashingEncoder(256), passages=4)
    store = LanceEpisodicStore(tmp_path / "replies", encoder.space_id, encoder.dimension)
    turns = [
        ("t1", "How did your kids react when they saw the war memorial last weekend?"),
        ("t2", "They were awestruck and humbled, honestly more than I had expected of them."),
        ("t3", "I also had pasta for dinner and it was far too salty for my own taste."),
        ("t4", "Nothing much happened at work this week apart from a long meeting on Monday."),
    ]
    kinds = {"t1": EventType.QUESTION}
    items = [
        make_item("alice", text, kinds.get(turn, EventType.PREFERENCE), turn, NOW - DAY_MS + i)
        for i, (turn, text) in enumerate(turns)
    ]
    write_events(store, encoder, terms, items, SETTINGS)
    passages = RetrievalConfig(lexical_weight=0.0, vector_weight=0.0, turn_vector_weight=0.0)
    query = "how did the kids react at the war memorial"

    def found(config: RetrievalConfig) -> dict[str, float | None]:
        hits = recall(store, encoder, terms, "alice", query, k=4, now_ms=NOW, config=config)
        return {h.event.turn_id: h.parts.passage_vector for h in hits}

    alone, read_together = found(replace(passages, reply_pairs=False)), found(passages)
    assert read_together["t2"] > alone["t2"]  # type: ignore[operator]
    assert read_together["t2"] > read_together["t3"]  # type: ignore[operator]
    assert read_together["t3"] == alone["t3"]  # t2 asks nothing: t3 is no reply
    assert not config_for(EpisodicSettings(reply_pairs=False)).reply_pairs


def _said(
    rows: list[tuple[str, int, str, float, bool]],
) -> tuple[pa.Table, np.ndarray, np.ndarray]:
    """Rows of (session, time, turn, relevance, a flag) as the table `session_turns` reads,
    their relevances and their flags."""
    table = pa.table(
        {
            "session_id": [r[0] for r in rows],
            "ts": pa.array([r[1] for r in rows], pa.int64()),
            "turn_id": [r[2] for r in rows],
        }
    )
    return table, np.array([r[3] for r in rows]), np.array([r[4] for r in rows])


def test_a_turn_takes_in_the_best_relevance_of_the_same_speaker_s_turns_around_it():
    """Two turns each side, in the order said (rows come in any order); a turn's relevance is
    its best row's; another session's turns, the other speaker's and the turn's own rows count
    for nothing."""
    rows = [  # session, ts, turn, relevance, said by the user
        ("s1", 3, "t3", 0.1, True),
        ("s1", 1, "t1", 0.9, True),
        ("s1", 2, "t2", 0.2, True),
        ("s1", 3, "t3", 0.3, True),  # t3's second event: t3's relevance is 0.3
        ("s1", 4, "t4", 0.0, True),
        ("s1", 5, "t5", 0.5, True),
        ("s2", 6, "t6", 1.0, True),  # another session
        ("s2", 7, "t7", 0.4, True),
        ("s2", 8, "t8", 0.8, False),  # the assistant: neither lends to t6, t7 nor takes
    ]
    table, relevance, by_user = _said(rows)
    around = neighbour_relevance(relevance, session_turns(table), by_user)
    # t3: t1 t2 | t4 t5; t1: t2 t3; t2: t1 | t3 t4; t4: t2 t3 | t5; t5: t3 t4; t6: t7; t7: t6
    np.testing.assert_allclose(around, [0.9, 0.3, 0.9, 0.9, 0.5, 0.3, 0.4, 1.0, 0.0])
    everyone = neighbour_relevance(relevance, session_turns(table), np.ones(len(rows), bool))
    np.testing.assert_allclose(everyone[6:], [0.8, 1.0, 1.0])
    lone = table.slice(6, 1)
    assert neighbour_relevance(np.array([1.0]), session_turns(lone), by_user[:1]).tolist() == [0]


def test_an_answer_without_the_question_s_words_is_found_beside_the_turn_that_has_them(
    tmp_path, make_item, terms
):
    """ "Hung it in the hallway" says nothing of a sunrise painting; the user's turn before it
    does. Read with the turns around it, it outranks a turn of another session that matches as
    little."""
    encoder = HashingEncoder(256)
    store = LanceEpisodicStore(tmp_path / "around", encoder.space_id, encoder.dimension)
    turns = [
        ("s1", "t1", "I finally finished the sunrise painting I started at the lake in spring."),
        ("s1", "t2", "Hung it in the hallway yesterday, everyone who visits stops to look."),
        ("s2", "t3", "We went to the cinema on Friday and the film was long and loud."),
        ("s2", "t4", "Work has been busy, the new manager keeps changing the schedule."),
    ]
    items = [
        make_item("alice", text, EventType.PREFERENCE, turn, NOW - DAY_MS + i, session_id=session)
        for i, (session, turn, text) in enumerate(turns)
    ]
    write_events(store, encoder, terms, items, SETTINGS)
    query = "where did I hang my painting of the sunrise"

    def found(weight: float) -> dict[str, float]:
        config = RetrievalConfig(neighbour_weight=weight)
        hits = recall(store, encoder, terms, "alice", query, k=4, now_ms=NOW, config=config)
        return {h.event.turn_id: h.parts.relevance for h in hits}

    def ranked(weight: float) -> list[str]:
        return list(found(weight))

    around = recall(store, encoder, terms, "alice", query, k=4, now_ms=NOW)
    parts = {h.event.turn_id: h.parts for h in around}
    assert parts["t2"].neighbours == pytest.approx(1.0)  # t1 is the best match of all
    assert parts["t3"].neighbours < 1.0
    assert ranked(0.3)[:2] == ["t1", "t2"]
    assert ranked(0.0)[1] != "t2"  # alone, t2 matches less than another session's turn
    alone, around = found(0.0), found(0.3)
    assert around["t1"] == alone["t1"]  # no turn beside it matches better: it gains nothing
    assert around["t2"] == pytest.approx(alone["t2"] + 0.3 * (alone["t1"] - alone["t2"]))
    assert config_for(EpisodicSettings(neighbour_weight=0.0)).neighbour_weight == 0.0


def test_a_turn_s_rows_stay_one_turn_whatever_times_they_carry():
    """t2's second row carries a later time than t3: the turn still sits once, at its first
    time, and recall's one-row-per-turn pick sees one turn."""
    table = pa.table(
        {
            "session_id": ["s1", "s1", "s1", "s1"],
            "ts": pa.array([1, 2, 9, 3], pa.int64()),
            "turn_id": ["t1", "t2", "t2", "t3"],
        }
    )
    turns = session_turns(table)
    assert turns.row_turn.tolist() == [0, 1, 1, 2]
    assert turns.starts.tolist() == [0, 1, 3]
    assert best_per_turn(turns.row_turn, np.array([0.1, 0.9, 0.8, 0.5]), 3).tolist() == [1, 3, 0]


def test_a_turn_that_answers_takes_in_the_relevance_of_the_question_just_before_it():
    """Only the turn right after one that asks, in its session, whoever said either, asking
    back or not; a turn's relevance and whether it asks are its rows' best."""
    rows = [  # session, ts, turn, relevance, asks
        ("s1", 1, "t1", 0.9, True),
        ("s1", 2, "t2", 0.2, False),  # answers t1
        ("s1", 3, "t3", 0.1, False),  # two turns after it: nothing
        ("s1", 4, "t4", 0.7, False),
        ("s1", 4, "t4", 0.3, True),  # t4's second row asks: t4 asks, at 0.7
        ("s1", 5, "t5", 0.4, True),  # answers t4, and asks back
        ("s2", 6, "t6", 0.0, False),  # the first of its session: t5 is another session's
    ]
    table, relevance, asks = _said(rows)
    turns = session_turns(table)
    asked = asked_relevance(relevance, turns, answering_turns(turns, asks))
    np.testing.assert_allclose(asked, [0.0, 0.9, 0.0, 0.0, 0.0, 0.7, 0.0])


def test_a_reply_without_the_question_s_words_is_found_after_the_question(
    tmp_path, make_item, terms
):
    """ "They were awestruck and humbled." says nothing of a memorial; the question it answers
    does. Read with it, it outranks turns of another session that match as little, and each
    hit says what it took in (`ScoreParts.asked`)."""
    encoder = HashingEncoder(256)
    store = LanceEpisodicStore(tmp_path / "answers", encoder.space_id, encoder.dimension)
    turns = [
        (
            "s1",
            "t1",
            EventType.QUESTION,
            "How did the kids react when you took them to the memorial?",
        ),
        ("s1", "t2", EventType.PREFERENCE, "They were awestruck and humbled, quiet the whole way."),
        ("s2", "t3", EventType.PREFERENCE, "The kids loved the pancakes we made this morning."),
        ("s2", "t4", EventType.PREFERENCE, "Work was busy, the new manager changed the schedule."),
    ]
    items = [
        make_item("alice", text, kind, turn, NOW - DAY_MS + i, session_id=session)
        for i, (session, turn, kind, text) in enumerate(turns)
    ]
    write_events(store, encoder, terms, items, SETTINGS)
    query = "how did the kids react at the memorial"

    def found(weight: float) -> dict[str, float]:
        config = RetrievalConfig(neighbour_weight=0.0, answer_weight=weight)
        hits = recall(store, encoder, terms, "alice", query, k=4, now_ms=NOW, config=config)
        return {h.event.turn_id: h.parts.relevance for h in hits}

    alone, answered = found(0.0), found(0.5)
    assert list(alone).index("t2") > list(alone).index("t3")
    assert list(answered).index("t2") < list(answered).index("t3")
    assert answered["t2"] == pytest.approx(alone["t2"] + 0.5 * (alone["t1"] - alone["t2"]))
    assert answered["t1"] == alone["t1"]
    assert answered["t3"] == alone["t3"]
    parts = {h.event.turn_id: h.parts for h in recall(store, encoder, terms, "alice", query)}
    assert parts["t2"].asked == pytest.approx(alone["t1"])
    assert parts["t3"].asked == 0.0
    assert config_for(EpisodicSettings(answer_weight=0.0)).answer_weight == 0.0


def test_a_turn_asks_by_a_question_event_or_a_question_mark_in_its_summary():
    summaries = ["你是否休息得够充足呢？", "Any plans?", "我很好。", "what a day"]
    table = pa.table({"summary": summaries})
    statement = np.array([1.0, 1.0, 1.0, 0.0])  # the last is a question event
    assert asking_rows(table, statement).tolist() == [True, True, False, True]


def test_a_chinese_reply_is_read_with_the_question_before_it_in_the_cjk_channel(
    tmp_path, make_item, terms
):
    """A Chinese turn has no turn vector; the user's answer to an assistant's question
    ("你最近睡眠怎么样？", no question event: extraction types the user's questions alone) is
    read with it in the CJK channel, which then scores the answer higher."""
    encoder = _channel_encoder()
    store = LanceEpisodicStore(tmp_path / "zh", encoder.space_id, encoder.dimension)
    turns = [
        ("t1", "你最近睡眠怎么样？晚上能睡够八个小时吗？"),
        ("t2", "可能是工作太忙了导致的。"),
        ("t3", "我今天中午吃了红烧鱼。"),
    ]
    items = [
        make_item("alice", text, EventType.PERSONAL_FACT, turn, NOW - DAY_MS + i)
        for i, (turn, text) in enumerate(turns)
    ]
    write_events(store, encoder, terms, items, SETTINGS)
    query = "我晚上睡眠怎么样"

    def found(config: RetrievalConfig) -> dict[str, float | None]:
        hits = recall(store, encoder, terms, "alice", query, k=3, now_ms=NOW, config=config)
        return {h.event.turn_id: h.parts.cjk_vector for h in hits}

    alone, read_together = found(RetrievalConfig(reply_pairs=False)), found(RetrievalConfig())
    assert read_together["t2"] > alone["t2"]  # type: ignore[operator]
    assert read_together["t3"] == alone["t3"]  # t2 asks nothing: t3 is no reply
    assert read_together["t1"] == alone["t1"]  # nothing before it


def test_a_short_reply_is_read_with_its_question_through_its_own_vector(tmp_path, make_item, terms):
    """A reply no longer than a summary is stored whole and has no turn vector: its own vector
    is its turn's when the turn channel is the own vector's model, and it pairs with the
    question before it. With another turn model (an adapter) it cannot, nor can a reply whose
    summary is not the whole turn."""
    hashing = HashingEncoder(256)
    same, other = (
        TurnChannelEncoder(hashing, hashing, 4),
        TurnChannelEncoder(hashing, HashingEncoder(256), 4),
    )
    turns = [
        ("t1", "How did your kids react when they saw the war memorial last weekend?", None),
        ("t2", "They were awestruck and humbled.", None),
        ("t3", "We drove there on Saturday.", "drove Saturday"),  # summary is not the turn
        (
            "t4",
            "Nothing much happened at work this week apart from a long meeting on Monday.",
            None,
        ),
    ]
    kinds = {"t1": EventType.QUESTION, "t2": EventType.QUESTION}  # t2 asks t3
    query = "how did the kids react at the war memorial"

    def found(encoder: TurnChannelEncoder, name: str) -> dict[str, float | None]:
        store = LanceEpisodicStore(tmp_path / name, encoder.space_id, encoder.dimension)
        items = [
            make_item(
                "alice",
                text,
                kinds.get(turn, EventType.PREFERENCE),
                turn,
                NOW - DAY_MS + i,
                summary=summary,
            )
            for i, (turn, text, summary) in enumerate(turns)
        ]
        write_events(store, encoder, terms, items, SETTINGS)
        config = RetrievalConfig(lexical_weight=0.0, vector_weight=0.0, turn_vector_weight=0.0)
        hits = recall(store, encoder, terms, "alice", query, k=4, now_ms=NOW, config=config)
        return {h.event.turn_id: h.parts.passage_vector for h in hits}

    paired, unpaired = found(same, "same"), found(other, "other")
    assert paired["t2"] is not None
    assert unpaired["t2"] is None
    assert paired["t3"] is None  # its summary is not what was said
    assert paired["t2"] > paired["t4"]  # type: ignore[operator]


def test_a_whole_turn_vector_is_the_own_vector_only_of_a_turn_stored_whole_without_cjk():
    said = ["They were awestruck.", "我们很感动。", "We drove there on Saturday."]
    table = pa.table(
        {"summary": [said[0], said[1], "drove Saturday"], "raw_hash": [text_hash(t) for t in said]}
    )
    own = np.array([[1, 0, 0, 0], [0, 1, 0.5, 0], [0, 0, 1, 0]], dtype=np.float32)  # [en | cjk]
    turns = np.full((3, 2), np.nan, dtype=np.float32)
    whole = whole_turn_vectors(table, TurnParts(own, turns), 2)
    np.testing.assert_array_equal(whole[0], [1, 0])
    assert np.isnan(whole[1:]).all()  # a CJK channel beside it; a summary that is not the turn
    assert np.isnan(turns).all()  # the parts are left as they were


def test_a_row_with_passages_of_another_width_loses_them_not_the_read():
    held = [[[1.0, 0.0]], [[1.0, 0.0, 0.0]], None, [[0.0, 1.0], [0.6, 0.8]]]
    table = pa.table(
        {
            "user_id": ["alice"] * 4,
            "event_id": ["e0", "e1", "e2", "e3"],
            PASSAGES_COLUMN: pa.array(held, type=PASSAGES_TYPE),
        }
    )
    before = skipped_values().get("event_passages", 0)
    block = passage_block(table, 2)
    assert block is not None
    assert block.counts.tolist() == [1, 0, 0, 2]  # the three-wide one is left out
    assert skipped_values()["event_passages"] == before + 1
    best = best_passage(np.array([0.1, 0.2, 0.3, 0.4]), block, np.array([0.0, 1.0], np.float32))
    np.testing.assert_allclose(best, [0.0, 0.2, 0.3, 1.0], atol=1e-3)
    assert passage_block(table.slice(1, 1), 2) is None


def test_a_store_written_by_the_primary_alone_asks_for_reembed(tmp_path):
    channel = _channel_encoder()
    path = tmp_path / "episodic"
    LanceEpisodicStore(path, channel.primary.space_id, channel.primary.dimension)
    with pytest.raises(SpaceMismatchError, match="jiyi reembed"):
        LanceEpisodicStore(path, channel.space_id, channel.dimension)


def test_bad_queries_are_rejected(filled, encoder, terms):
    for bad, field in [("", "query"), ("   ", "query"), ("x" * 2001, "query"), (b"q", "query")]:
        with pytest.raises(EpisodicInputError, match=field):
            recall(filled, encoder, terms, "alice", bad)
    with pytest.raises(EpisodicInputError, match="k"):
        recall(filled, encoder, terms, "alice", "tea", k=0)
    for clock in (-1, 10**19):
        with pytest.raises(EpisodicInputError, match="now_ms"):
            recall(filled, encoder, terms, "alice", "tea", now_ms=clock)


def test_recall_with_an_encoder_of_another_space_raises(filled, terms):
    with pytest.raises(SpaceMismatchError):
        recall(filled, HashingEncoder(64), terms, "alice", "tea")


def test_a_time_named_in_the_query_prefers_events_from_then(encoder, make_item, records, terms):
    then, _, _ = make_item("alice", "I went to a concert", ts=NOW - 7 * DAY_MS, turn="week-ago")
    other, _, _ = make_item("alice", "I went to a concert", ts=NOW - 60 * DAY_MS, turn="long-ago")
    table = to_table(
        records([IndexItem(other), IndexItem(then)]),
        arrow_schema(encoder.dimension, encoder.space_id),
    )
    query = "which concert did I go to a week ago?"
    lexical = lexical_scores(table, terms.of("alice", query))
    vector = encoder.encode([query])[0]
    hits = rank(table, vector, lexical, NOW, k=2, analysis=analyse(query, NOW))
    assert [h.event.turn_id for h in hits] == ["week-ago", "long-ago"]
    assert hits[0].parts.timing == 1.0
    assert hits[1].parts.timing < 0.01
    assert hits[1].parts.score == pytest.approx(
        hits[1].parts.relevance
        * (0.8 + 0.2 * hits[1].parts.confidence)
        * (0.9 + 0.1 * hits[1].parts.recency)
        * (1 - TIMING + TIMING * hits[1].parts.timing)
    )
    # without the expression, the newer event wins only on the mild recency prior
    plain = rank(table, vector, lexical, NOW, k=2)
    assert [h.parts.timing for h in plain] == [1.0, 1.0]


def _ranked_with_and_without_cues(
    table: pa.Table,
    encoder: HashingEncoder,
    terms: IndexTerms,
    query: str,
    k: int,
    config: RetrievalConfig = DEFAULT_CONFIG,
) -> tuple[list[Hit], list[Hit]]:
    """alice's `table` ranked for `query` with what `analyse` reads in it, and without."""
    lexical = lexical_scores(table, terms.query("alice", query))
    vector = encoder.encode([query])[0]
    cued = rank(table, vector, lexical, NOW, k=k, config=config, analysis=analyse(query, NOW))
    return cued, rank(table, vector, lexical, NOW, k=k, config=config)


def test_a_question_about_the_first_conversation_prefers_its_session(
    encoder, make_item, records, terms
):
    def said(text: str, turn: str, ts: int, session: str) -> IndexItem:
        item = make_item("alice", text, ts=ts, turn=turn)
        return IndexItem(item.event.model_copy(update={"session_id": session}), item.raw_text)

    items = [
        said("I went hiking in the Alps", "later", NOW - 2 * DAY_MS, "s9"),
        said("I went hiking in the Alps", "first", NOW - 30 * DAY_MS, "s1"),
        said("hello there, nice to meet you", "hello", NOW - 30 * DAY_MS - 1000, "s1"),
    ]
    table = to_table(records(items), arrow_schema(encoder.dimension, encoder.space_id))
    query = "where did I go hiking the first time we talked?"
    hits, plain = _ranked_with_and_without_cues(table, encoder, terms, query, k=3)
    assert [h.event.turn_id for h in hits[:2]] == ["first", "later"]
    assert hits[0].parts.first_talk == 1.0 > hits[1].parts.first_talk
    assert plain[0].event.turn_id == "later"  # without the cue, the newer one on recency


def test_a_question_about_a_feeling_prefers_the_turn_that_expresses_one(
    encoder, make_item, records, terms
):
    said = make_item("alice", "the studio's opening night", EventType.PERSONAL_FACT, "told")
    felt = make_item("alice", "the studio's opening night", EventType.EMOTION, "felt")
    older = felt.event.model_copy(update={"ts": felt.event.ts - 30 * DAY_MS})
    table = to_table(
        records([said, felt._replace(event=older)]),
        arrow_schema(encoder.dimension, encoder.space_id),
    )
    query = "how did I feel on the studio's opening night?"
    hits, plain = _ranked_with_and_without_cues(table, encoder, terms, query, k=2)
    assert [h.event.turn_id for h in hits] == ["felt", "told"]
    assert hits[0].parts.feeling == 1.0 > hits[1].parts.feeling == 0.0
    assert [h.event.turn_id for h in plain] == ["told", "felt"]  # the newer one, on recency
    off = RetrievalConfig(feeling_weight=0.0)
    off_hits, _ = _ranked_with_and_without_cues(table, encoder, terms, query, k=2, config=off)
    assert off_hits[0].event.turn_id == "told"


def test_the_speaker_the_query_asks_about_comes_first(encoder, make_item, records, terms):
    said = make_item("alice", "try green tea with honey", turn="user-turn")
    told = make_item("alice", "try green tea with honey", turn="assistant-turn")
    told = told._replace(
        event=told.event.model_copy(update={"attributes": {"speaker": "assistant"}})
    )
    schema = arrow_schema(encoder.dimension, encoder.space_id)
    table = to_table(records([told, said]), schema)

    def ranked(query: str) -> list[Hit]:
        lexical = lexical_scores(table, terms.of("alice", query))
        vector = encoder.encode([query])[0]
        return rank(table, vector, lexical, NOW, k=2, analysis=analyse(query, NOW))

    mine = ranked("did I try green tea with honey?")
    assert [h.event.turn_id for h in mine] == ["user-turn", "assistant-turn"]
    assert mine[1].parts.score == pytest.approx(mine[0].parts.score / 2)
    yours = ranked("which green tea with honey did you recommend?")
    assert [h.event.turn_id for h in yours] == ["assistant-turn", "user-turn"]
    assert [h.parts.speaker for h in yours] == [1.0, 0.0]


def test_the_deployments_weights_reach_the_ranking():
    settings = EpisodicSettings(
        fusion="convex", lexical_weight=0.3, vector_weight=0.7, speaker_weight=0.0,
        timing_weight=0.6,
    )  # fmt: skip
    config = config_for(settings)
    assert (config.fusion, config.lexical_weight, config.vector_weight) == ("convex", 0.3, 0.7)
    assert (config.speaker_weight, config.timing_weight) == (0.0, 0.6)
    assert config_for(EpisodicSettings(cjk_vector_weight=0.25)).cjk_vector_weight == 0.25
    assert config_for(EpisodicSettings(turn_vector_weight=0.3)).turn_vector_weight == 0.3
    assert config_for(EpisodicSettings(question_weight=0.0)).question_weight == 0.0
    assert config_for(EpisodicSettings()) == RetrievalConfig()


def test_a_row_no_version_could_write_costs_one_hit_not_the_recall(encoder, make_item, records,
                                                                   terms):  # fmt: skip
    """An unknown event type or broken attributes in a stored row: that event is left out and
    counted, every other one is still ranked."""
    import pyarrow as pa

    from jiyi.health import skipped_values

    items = [make_item("alice", "I like green tea", ts=NOW, turn=f"t{i}")[0] for i in range(3)]
    table = to_table(records([IndexItem(e) for e in items]),
                     arrow_schema(encoder.dimension, encoder.space_id))  # fmt: skip
    types = table.column("event_type").to_pylist()
    types[0] = "a_type_from_the_future"
    attributes = table.column("attributes").to_pylist()
    attributes[1] = "{not json"
    table = table.set_column(table.schema.get_field_index("event_type"), "event_type",
                             pa.array(types, pa.string()))  # fmt: skip
    table = table.set_column(table.schema.get_field_index("attributes"), "attributes",
                             pa.array(attributes, pa.string()))  # fmt: skip
    before = skipped_values().get("event_row", 0)
    query = encoder.encode(["green tea"])[0]
    hits = rank(table, query, lexical_scores(table, terms.of("alice", "green tea")), NOW, k=3)
    assert [h.event.turn_id for h in hits] == ["t2"]
    assert skipped_values()["event_row"] == before + 2
