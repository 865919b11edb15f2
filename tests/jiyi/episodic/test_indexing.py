import numpy as np
import pytest

from jiyi.episodic.indexing import build_records, pooled, reembedded, turn_passages
from models.channels import TurnChannelEncoder, split_turn_channel
from models.hashing import HashingEncoder


class CountingEncoder(HashingEncoder):
    """The hashing encoder, remembering every text it was asked to encode."""

    def __init__(self) -> None:
        super().__init__(128)
        self.seen: list[str] = []

    def encode(self, texts):  # type: ignore[no-untyped-def]
        self.seen += list(texts)
        return super().encode(texts)


def test_a_text_repeated_in_a_batch_is_encoded_once_and_every_event_gets_its_vector(
    make_item, terms
):
    encoder = CountingEncoder()
    items = [make_item(f"user{i}", "ok thanks", turn=f"t{i}") for i in range(3)]
    items.append(make_item("user9", "I love oolong tea", turn="t9"))
    built = build_records(items, encoder, terms, keep_raw_text=False)
    assert len(encoder.seen) == 2
    assert [r.event.event_id for r in built] == [i.event.event_id for i in items]
    alone = HashingEncoder(128).encode(["ok thanks", "I love oolong tea"])
    for record, expected in zip(built, [alone[0]] * 3 + [alone[1]], strict=True):
        np.testing.assert_allclose(record.vector, expected, rtol=1e-6)


TURN = (
    "We finally went to the aquarium on Saturday and my daughter would not leave the jellyfish "
    "tank, she kept asking how they glow"
)


def _turn_encoder() -> TurnChannelEncoder:
    return TurnChannelEncoder(HashingEncoder(128), HashingEncoder(64))


def test_minimised_events_keep_the_whole_turns_vector_beside_their_summarys(make_item, terms):
    encoder = _turn_encoder()
    item = make_item("u1", TURN, summary="went to the aquarium")
    (record,) = build_records([item], encoder, terms, keep_raw_text=False)
    parts = split_turn_channel(record.vector[None, :], 128)
    np.testing.assert_allclose(
        parts.own[0], encoder.inner.encode(["went to the aquarium"])[0], rtol=1e-6
    )
    assert parts.turn is not None
    np.testing.assert_allclose(parts.turn[0], encoder.turn.encode([TURN])[0], rtol=1e-6)
    assert record.raw_text is None  # the vector is kept, the turn is not
    assert record.space_id == encoder.space_id


def test_no_turn_vector_where_there_is_no_turn_or_the_summary_holds_it(make_item, terms):
    encoder = _turn_encoder()
    item = make_item("u1", TURN, summary="went to the aquarium")
    child = item._replace(raw_text=None)  # child mode: no turn reaches the store
    short = make_item("u1", "went to the aquarium")  # the summary holds the whole turn
    for keep in (False, True):
        for record in build_records([child, short], encoder, terms, keep_raw_text=keep):
            assert split_turn_channel(record.vector[None, :], 128).turn is None


def test_a_raw_event_keeps_its_turns_vectors_and_passages_beside_its_own(make_item, terms):
    encoder = TurnChannelEncoder(HashingEncoder(128), HashingEncoder(64), passages=4)
    item = make_item("u1", ASIDE, summary="gender ratio of book clubs")
    (raw,) = build_records([item], encoder, terms, keep_raw_text=True)
    (minimised,) = build_records([item], encoder, terms, keep_raw_text=False)
    parts = split_turn_channel(raw.vector[None, :], 128)
    np.testing.assert_allclose(parts.own[0], encoder.inner.encode([ASIDE])[0], rtol=1e-6)
    assert parts.turn is not None  # the aside is read alone in its passage, as in minimised mode
    expected = split_turn_channel(minimised.vector[None, :], 128).turn
    assert expected is not None
    np.testing.assert_allclose(parts.turn[0], expected[0], rtol=1e-6)
    assert raw.passages is not None
    assert minimised.passages is not None
    np.testing.assert_allclose(raw.passages, minimised.passages, rtol=1e-6)
    assert raw.raw_text == ASIDE


def test_reembedding_keeps_a_turn_vector_it_cannot_compute_again(make_item, terms):
    old = _turn_encoder()
    item = make_item("u1", TURN, summary="went to the aquarium")
    (record,) = build_records([item], old, terms, keep_raw_text=False)
    promoted = HashingEncoder(128)
    promoted.space_id += "@v2"  # the model with a newly promoted adapter
    adapted = TurnChannelEncoder(promoted, old.turn)
    (again,) = reembedded([record], adapted)
    parts = split_turn_channel(again.vector[None, :], 128)
    np.testing.assert_allclose(
        parts.own[0], adapted.inner.encode(["went to the aquarium"])[0], rtol=1e-6
    )
    assert parts.turn is not None
    np.testing.assert_allclose(parts.turn[0], old.turn.encode([TURN])[0], rtol=1e-6)
    assert again.space_id == adapted.space_id
    before = build_records([item], HashingEncoder(128), terms, keep_raw_text=False)
    (upgraded,) = reembedded(before, old)  # stored before the turn channel: nothing to carry
    assert split_turn_channel(upgraded.vector[None, :], 128).turn is None


ASIDE = (
    "Can you help me find data on the gender ratio of book clubs in the US? By the way, I've been "
    "going to a weekly book club with ten women and four men. It meets on Thursdays."
)


def test_reembedding_reads_a_raw_events_turn_it_was_stored_without(make_item, terms):
    item = make_item("u1", ASIDE, summary="gender ratio of book clubs")
    (old,) = build_records([item], HashingEncoder(128), terms, keep_raw_text=True)  # no channel
    encoder = TurnChannelEncoder(HashingEncoder(128), HashingEncoder(64), passages=4)
    (again,) = reembedded([old], encoder)
    (fresh,) = build_records([item], encoder, terms, keep_raw_text=True)
    np.testing.assert_allclose(again.vector, fresh.vector, rtol=1e-6)
    assert again.passages is not None
    assert fresh.passages is not None
    np.testing.assert_allclose(again.passages, fresh.passages, rtol=1e-6)


def test_a_turn_of_several_sentences_is_read_once_as_its_sentences(make_item, terms):
    inner, turn = HashingEncoder(128), CountingEncoder()
    encoder = TurnChannelEncoder(inner, turn, passages=4)
    items = [make_item("u1", ASIDE, summary="gender ratio of book clubs"), make_item("u1", TURN)]
    built = build_records(items, encoder, terms, keep_raw_text=False)
    sentences = turn_passages(ASIDE, 4)
    assert len(sentences) == 3
    assert turn.seen == [TURN, *sentences]  # one call: the one-sentence turn, then passages
    vectors = HashingEncoder(128).encode(sentences)
    expected = pooled(vectors, [len(sentence) for sentence in sentences])
    aside_turn = split_turn_channel(built[0].vector[None, :], 128).turn
    assert aside_turn is not None
    np.testing.assert_allclose(aside_turn[0], expected, rtol=1e-5)  # the turn: its passages pooled
    assert built[0].passages is not None
    np.testing.assert_allclose(built[0].passages, HashingEncoder(128).encode(sentences), rtol=1e-5)
    assert built[1].passages is None  # one sentence: the turn is its one passage
    (again,) = reembedded(built[:1], encoder)  # no text kept: the passages are carried
    np.testing.assert_allclose(again.vector, built[0].vector, rtol=1e-6)
    assert again.passages is not None
    np.testing.assert_allclose(again.passages, built[0].passages, rtol=1e-6)


def test_pooled_weighs_each_passage_by_its_length_and_has_unit_length():
    vectors = np.array([[1.0, 0.0], [0.0, 1.0]], dtype=np.float32)
    np.testing.assert_allclose(pooled(vectors, [3, 1]), np.array([3.0, 1.0]) / np.sqrt(10))
    np.testing.assert_allclose(pooled(vectors[:1], [5]), [1.0, 0.0])


@pytest.mark.parametrize(
    ("turn", "limit", "expected"),
    [
        ("One sentence only, however long it is.", 4, []),
        ("First. Second! Third?", 4, ["First.", "Second!", "Third?"]),
        ("我养了一只猫。它叫小白！", 4, ["我养了一只猫。", "它叫小白！"]),
        ("A a a a a. B. C. D. E.", 2, ["A a a a a.", "B. C. D. E."]),
        ("A. B. C. D. E. F.", 3, ["A. B.", "C. D.", "E. F."]),
        ("A. B. C.", 0, []),
    ],
)
def test_turn_passages_are_its_sentences_or_runs_of_them_of_about_one_length(turn, limit, expected):
    assert turn_passages(turn, limit) == expected


def test_every_sentence_lands_in_exactly_one_passage_and_none_is_empty():
    sentences = [("word " * n).strip() + "." for n in (30, 1, 1, 1, 1, 1, 1, 25, 2)]
    passages = turn_passages(" ".join(sentences), 4)
    assert len(passages) == 4
    assert all(passages)
    assert " ".join(passages) == " ".join(sentences)
