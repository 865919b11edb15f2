"""The CJK channel beside the primary encoder (`models.channels`), on model-free encoders."""

from __future__ import annotations

import numpy as np
import pytest

from models.channels import (
    ChannelEncoder,
    channel_cosines,
    cjk_part,
    cjk_rows,
    has_cjk,
    primary_encoder,
)
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


def test_consumers_outside_recall_get_the_primary():
    channel = ChannelEncoder(PRIMARY, SECOND)
    assert primary_encoder(channel) is PRIMARY
    assert primary_encoder(PRIMARY) is PRIMARY


def test_cjk_part_is_the_second_channels_unit_vector(encoder):
    english, chinese = encoder.encode(TEXTS[:2])
    assert cjk_part(english, 32) is None
    np.testing.assert_allclose(cjk_part(chinese, 32), SECOND.encode([TEXTS[1]])[0], rtol=1e-6)


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
