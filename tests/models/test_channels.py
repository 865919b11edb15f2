"""The CJK channel beside the primary encoder (`models.channels`), on model-free encoders."""

from __future__ import annotations

import numpy as np
import pytest

from models.channels import (
    ChannelEncoder,
    TurnChannelEncoder,
    carried_turn_part,
    channel_cosines,
    cjk_channels,
    cjk_part,
    cjk_rows,
    cjk_vectors,
    has_cjk,
    own_vector_encoder,
    primary_encoder,
    split_turn_channel,
)
from models.embedder import encode_queries
from models.hashing import HashingEncoder

PRIMARY, SECOND = HashingEncoder(32), HashingEncoder(16)
TEXTS = [
    "I adopted a grey kitten",
    "我最近在学做四川菜",
    "猫とピアノ",
    "고양이",
    "Pixel 喜欢 plants",
]


@pytest.fixture
def encoder() -> ChannelEncoder:
    return ChannelEncoder(PRIMARY, SECOND)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我喜欢弹钢琴", True),
        ("ピアノ", True),  # kana
        ("피아노", True),  # Hangul
        ("I like 钢琴", True),
        ("I like the piano", False),
        ("café 123 — ½", False),
        ("", False),
    ],
)
def test_cjk_is_han_kana_or_hangul(text, expected):
    assert has_cjk(text) is expected


def test_english_rows_are_the_primary_vector_exactly_with_zeros_beside_it(encoder):
    rows = encoder.encode(TEXTS)
    assert rows.shape == (5, 48)
    assert rows.dtype == np.float32
    np.testing.assert_array_equal(rows[0, :32], PRIMARY.encode([TEXTS[0]])[0])
    assert not rows[0, 32:].any()
    assert cjk_rows(rows, 32).tolist() == [False, True, True, True, True]
    np.testing.assert_allclose(np.linalg.norm(rows, axis=1), 1.0, rtol=1e-6)
    both = np.hstack([PRIMARY.encode([TEXTS[1]]), SECOND.encode([TEXTS[1]])])[0] / np.sqrt(2)
    np.testing.assert_allclose(rows[1], both, rtol=1e-6)
    assert encoder.encode([]).shape == (0, 48)
    with pytest.raises(TypeError, match="single str"):
        encoder.encode("one text")


def test_the_space_names_both_encoders_and_differs_from_the_primarys(encoder):
    assert encoder.space_id == "hashing:32/32&cjk:hashing:16/16"
    assert encoder.space_id != PRIMARY.space_id
    assert encoder.dimension == 48


def test_the_second_channel_encodes_any_text_on_request(encoder):
    rows = encoder.encode_cjk(["an English query", "中文"])
    np.testing.assert_array_equal(rows, SECOND.encode(["an English query", "中文"]))


class _QueriesApart(HashingEncoder):
    """A query path of its own (`encode_queries`) that gives other vectors than `encode`."""

    def encode_queries(self, texts):
        return -self.encode(texts)


def test_queries_take_each_channels_query_path_and_stored_texts_do_not():
    primary, second = _QueriesApart(32), _QueriesApart(16)
    channel = ChannelEncoder(primary, second)
    stored, asked = channel.encode(TEXTS[:2]), channel.encode_queries(TEXTS[:2])
    np.testing.assert_allclose(stored[1, 32:] * np.sqrt(2), second.encode([TEXTS[1]])[0], rtol=1e-6)
    np.testing.assert_allclose(asked, -stored, rtol=1e-6)
    english = channel.encode_cjk(["an English query"])
    np.testing.assert_array_equal(english, -second.encode(["an English query"]))


def test_consumers_outside_recall_get_the_primary():
    channel = ChannelEncoder(PRIMARY, SECOND)
    assert primary_encoder(channel) is PRIMARY
    assert primary_encoder(PRIMARY) is PRIMARY


def test_cjk_part_is_the_second_channels_unit_vector(encoder):
    english, chinese = encoder.encode(TEXTS[:2])
    assert cjk_part(english, 32) is None
    np.testing.assert_allclose(cjk_part(chinese, 32), SECOND.encode([TEXTS[1]])[0], rtol=1e-6)


def test_cjk_vectors_are_the_rows_second_channel_vectors(encoder):
    rows = encoder.encode(TEXTS[:2])
    vectors = cjk_vectors(rows, 32)
    assert np.isnan(vectors[0]).all()
    np.testing.assert_allclose(vectors[1], SECOND.encode([TEXTS[1]])[0], rtol=1e-6)


def test_cosines_per_channel_match_each_encoder_alone(encoder):
    rows = encoder.encode(TEXTS)
    query = "学做菜"
    q = encoder.encode([query])[0]
    cjk_query = encoder.encode_cjk([query])[0]
    cosines = channel_cosines(rows, q, 32, cjk_query)
    np.testing.assert_allclose(
        cosines.primary, PRIMARY.encode(TEXTS) @ PRIMARY.encode([query])[0], atol=1e-6
    )
    assert cosines.cjk is not None
    assert np.isnan(cosines.cjk[0])  # the English row has no vector there
    np.testing.assert_allclose(
        cosines.cjk[1:], SECOND.encode(TEXTS[1:]) @ SECOND.encode([query])[0], atol=1e-6
    )
    with pytest.raises(ValueError, match="cjk_query"):
        channel_cosines(rows, q, 32)


def test_english_rows_and_query_score_as_on_the_primary_alone(encoder):
    english = [TEXTS[0], "Pixel knocked over my plant", "violin lessons"]
    rows = encoder.encode(english)
    q = encoder.encode(["my kitten Pixel"])[0]
    cosines = channel_cosines(rows, q, 32)
    assert cosines.cjk is None
    alone = (PRIMARY.encode(english) @ PRIMARY.encode(["my kitten Pixel"])[0]).astype(np.float64)
    np.testing.assert_array_equal(cosines.primary, alone)
    plain = channel_cosines(PRIMARY.encode(english), PRIMARY.encode(["my kitten Pixel"])[0])
    np.testing.assert_array_equal(plain.primary, alone)


# ---- the turn channel -----------------------------------------------------------------------


def test_turn_rows_hold_the_events_vector_and_the_turns_each_of_unit_length():
    encoder = TurnChannelEncoder(PRIMARY, SECOND)
    inner = PRIMARY.encode(["kitten", "violin"])
    turn = np.vstack([SECOND.encode(["I adopted a grey kitten yesterday"]), np.zeros((1, 16))])
    rows = encoder.rows(inner, turn)
    assert rows.shape == (2, 48)
    assert encoder.dimension == 48
    np.testing.assert_allclose(np.linalg.norm(rows, axis=1), 1.0, rtol=1e-6)
    np.testing.assert_array_equal(rows[1], np.hstack([inner[1], np.zeros(16)]))  # no turn
    parts = split_turn_channel(rows, 32)
    np.testing.assert_allclose(parts.own, inner, rtol=1e-6)
    assert parts.turn is not None
    np.testing.assert_allclose(parts.turn[0], turn[0], rtol=1e-6)
    assert np.isnan(parts.turn[1]).all()
    assert split_turn_channel(encoder.rows(inner, np.zeros((2, 16))), 32).turn is None


def test_passages_stay_out_of_the_row_and_out_of_the_space_id():
    encoder = TurnChannelEncoder(PRIMARY, SECOND, passages=3)
    assert encoder.dimension == 32 + 16  # the passages have a column of their own
    assert encoder.space_id == "hashing:32/32+turn:hashing:16/16"  # rows as without passages
    query = encoder.encode(["how many women are in my book club"])
    assert query.shape == (1, 48)
    np.testing.assert_allclose(split_turn_channel(query, 32).own[0], PRIMARY.encode(
        ["how many women are in my book club"])[0], rtol=1e-6)  # fmt: skip
    with pytest.raises(ValueError, match="passages"):
        TurnChannelEncoder(PRIMARY, SECOND, passages=-1)


def test_a_query_is_encoded_in_both_parts_and_once_when_the_base_model_serves_both():
    separate = TurnChannelEncoder(PRIMARY, HashingEncoder(32))
    query = separate.encode(["my kitten"])
    parts = split_turn_channel(query, 32)
    np.testing.assert_allclose(parts.own[0], PRIMARY.encode(["my kitten"])[0], rtol=1e-6)
    assert parts.turn is not None
    channel = ChannelEncoder(PRIMARY, SECOND)
    shared = TurnChannelEncoder(channel, PRIMARY)
    calls: list[list[str]] = []
    counting = HashingEncoder(32)
    counting.encode = lambda texts: calls.append(list(texts)) or PRIMARY.encode(texts)  # type: ignore[method-assign]
    for text in ("my kitten", "我的小猫"):  # the CJK query's primary part was scaled by √2
        parts = split_turn_channel(shared.encode([text]), channel.dimension)
        assert parts.turn is not None
        np.testing.assert_allclose(parts.turn[0], PRIMARY.encode([text])[0], rtol=1e-6)
        np.testing.assert_allclose(parts.own[0], channel.encode([text])[0], rtol=1e-6)
    assert TurnChannelEncoder(counting, counting).encode(["x"]).shape == (1, 64)
    assert calls == [["x"]]


class _QueryPath(HashingEncoder):
    """A `HashingEncoder` whose queries (`encode_queries`) read as other vectors than texts."""

    def encode_queries(self, texts):
        return self.encode([f"{text} asked" for text in texts])


def test_queries_take_the_primarys_query_path_and_stored_rows_do_not():
    primary = _QueryPath(32)
    channel = ChannelEncoder(primary, SECOND)
    for text in ("my kitten", "我的小猫"):
        stored, query = channel.encode([text])[0], channel.encode_queries([text])[0]
        np.testing.assert_allclose(
            stored[:32] / np.linalg.norm(stored[:32]), primary.encode([text])[0], rtol=1e-5
        )
        np.testing.assert_allclose(
            query[:32] / np.linalg.norm(query[:32]), primary.encode_queries([text])[0], rtol=1e-5
        )
        np.testing.assert_array_equal(stored[32:], query[32:])  # the CJK channel has one path
    turn = TurnChannelEncoder(channel, _QueryPath(32))
    parts = split_turn_channel(turn.encode_queries(["my kitten"]), channel.dimension)
    assert parts.turn is not None
    np.testing.assert_allclose(parts.own[0], channel.encode_queries(["my kitten"])[0], rtol=1e-6)
    np.testing.assert_allclose(parts.turn[0], turn.turn.encode_queries(["my kitten"])[0], rtol=1e-6)
    # an encoder without a query path is asked as for texts
    np.testing.assert_array_equal(encode_queries(PRIMARY, ["x"]), PRIMARY.encode(["x"]))


def test_the_turn_channel_names_its_space_and_unwraps_for_other_consumers():
    channel = ChannelEncoder(PRIMARY, SECOND)
    encoder = TurnChannelEncoder(channel, PRIMARY)
    assert encoder.space_id == "hashing:32/32&cjk:hashing:16/16+turn:hashing:32/32"
    assert primary_encoder(encoder) is PRIMARY
    assert cjk_channels(encoder) is channel
    assert cjk_channels(TurnChannelEncoder(PRIMARY, PRIMARY)) is None
    assert own_vector_encoder(encoder) is channel  # what an adapter changes
    assert own_vector_encoder(channel) is channel


def test_cjk_turns_get_no_turn_vector_when_the_rows_have_a_cjk_channel():
    assert not TurnChannelEncoder(ChannelEncoder(PRIMARY, SECOND), PRIMARY).embeds_turn("我的小猫")
    assert TurnChannelEncoder(ChannelEncoder(PRIMARY, SECOND), PRIMARY).embeds_turn("my kitten")
    assert TurnChannelEncoder(PRIMARY, PRIMARY).embeds_turn("我的小猫")  # no CJK channel


def test_a_turn_vector_is_carried_only_from_the_same_turn_space():
    encoder = TurnChannelEncoder(PRIMARY, SECOND)
    turn = SECOND.encode(["the whole turn"])
    row = encoder.rows(PRIMARY.encode(["summary"]), turn)[0]

    def carried(space_id: str, of: np.ndarray = row) -> np.ndarray:
        return carried_turn_part(of, space_id, None, encoder).turn

    np.testing.assert_allclose(carried(encoder.space_id), turn[0], rtol=1e-6)
    adapted = "hashing:32/32@v2+turn:hashing:16/16"  # another adapter, the same base model
    np.testing.assert_allclose(carried(adapted), turn[0], rtol=1e-6)
    assert not carried("hashing:32/32+turn:hashing:8/8").any()
    assert not carried(PRIMARY.space_id, PRIMARY.encode(["old"])[0]).any()


def test_passages_are_carried_where_the_encoder_keeps_some():
    encoder = TurnChannelEncoder(PRIMARY, SECOND, passages=2)
    side = SECOND.encode(["the whole turn. and more", "the whole turn.", "and more"])
    row = encoder.rows(PRIMARY.encode(["summary"]), side[:1])[0]
    held = carried_turn_part(row, encoder.space_id, side[1:], encoder)
    np.testing.assert_allclose(held.turn, side[0], rtol=1e-6)
    assert held.passages is not None
    np.testing.assert_allclose(held.passages, side[1:], rtol=1e-6)
    other = TurnChannelEncoder(PRIMARY, SECOND, passages=4)  # cut for another number: still hers
    assert carried_turn_part(row, encoder.space_id, side[1:], other).passages is not None
    without = TurnChannelEncoder(PRIMARY, SECOND)  # passages turned off: none kept
    held = carried_turn_part(row, encoder.space_id, side[1:], without)
    np.testing.assert_allclose(held.turn, side[0], rtol=1e-6)
    assert held.passages is None


def test_passages_written_inside_the_row_are_carried_out_of_it():
    """Session 22's rows held `[inner | turn | passage 1 … k]` / √(1 + vectors beside), in a
    space named `…|passages:k`; re-embedding moves them to their column."""
    encoder = TurnChannelEncoder(PRIMARY, SECOND, passages=3)
    side = SECOND.encode(["the whole turn. and more", "the whole turn.", "and more"])
    wide = np.hstack([PRIMARY.encode(["summary"])[0], side.ravel(), np.zeros(16)]) / 2.0
    held = carried_turn_part(wide, encoder.space_id + "|passages:3", None, encoder)
    np.testing.assert_allclose(held.turn, side[0], rtol=1e-6)
    assert held.passages is not None
    np.testing.assert_allclose(held.passages, side[1:], rtol=1e-6)  # the empty slot dropped
    mismatched = carried_turn_part(wide, encoder.space_id + "|passages:2", None, encoder)
    assert not mismatched.turn.any()
    assert mismatched.passages is None
