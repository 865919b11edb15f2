from __future__ import annotations

import numpy as np

from jiyi.bench.recall import CachedEncoder, cached, flush
from jiyi.bench.vector_cache import VectorCache
from models.channels import ChannelEncoder
from models.hashing import HashingEncoder


class CountingEncoder:
    """Passes through to an encoder and counts the texts it was asked to encode."""

    def __init__(self, encoder: HashingEncoder) -> None:
        self._encoder = encoder
        self.dimension = encoder.dimension
        self.space_id = encoder.space_id
        self.encoded: list[str] = []

    def encode(self, texts):
        self.encoded += list(texts)
        return self._encoder.encode(texts)


def test_vectors_come_back_by_text_and_only_in_their_own_space(tmp_path):
    path = tmp_path / "vectors.sqlite"
    kept = VectorCache(path, "space-a", 3)
    kept.put({"hello": np.array([1, 2, 3], dtype=np.float32), "你好": np.ones(3)})
    again = VectorCache(path, "space-a", 3)
    found = again.get(["hello", "你好", "unseen"])
    assert set(found) == {"hello", "你好"}
    np.testing.assert_array_equal(found["hello"], [1, 2, 3])
    assert VectorCache(path, "space-b", 3).get(["hello"]) == {}
    assert VectorCache(path, "space-a", 4).get(["hello"]) == {}  # a wrong shape is not used
    assert b"hello" not in path.read_bytes()  # keys are hashes: the file holds no text


def test_a_second_run_encodes_nothing_the_first_one_kept(tmp_path):
    base = HashingEncoder(16)
    first = CountingEncoder(base)
    cached = CachedEncoder(first, VectorCache(tmp_path / "v.sqlite", base.space_id, 16))
    vectors = cached.encode(["a turn", "another turn", "a turn"])
    assert first.encoded == ["a turn", "another turn"]
    cached.flush()
    second = CountingEncoder(base)
    again = CachedEncoder(second, VectorCache(tmp_path / "v.sqlite", base.space_id, 16))
    np.testing.assert_array_equal(again.encode(["a turn", "another turn", "a turn"]), vectors)
    assert again.encode(["new"]).shape == (1, 16)
    assert second.encoded == ["new"]


def test_a_channel_encoders_vectors_are_kept_per_channel(tmp_path):
    path = tmp_path / "v.sqlite"
    primary, cjk = CountingEncoder(HashingEncoder(16)), CountingEncoder(HashingEncoder(8))
    first = cached(ChannelEncoder(primary, cjk), path)
    assert isinstance(first, ChannelEncoder)
    rows = first.encode(["a turn", "我的猫"])
    flush(first)
    assert cjk.encoded == ["我的猫"]  # the second channel only for CJK text
    # the model's own vectors serve it alone, and the channel encoder again
    alone = cached(CountingEncoder(HashingEncoder(16)), path)
    np.testing.assert_array_equal(alone.encode(["a turn"])[0], rows[0, :16])
    again_primary, again_cjk = (
        CountingEncoder(HashingEncoder(16)),
        CountingEncoder(HashingEncoder(8)),
    )
    again = cached(ChannelEncoder(again_primary, again_cjk), path)
    np.testing.assert_array_equal(again.encode(["a turn", "我的猫"]), rows)
    assert again_primary.encoded == again_cjk.encoded == []


class AskingEncoder(CountingEncoder):
    """A `CountingEncoder` whose queries read as other vectors than its texts."""

    def __init__(self, encoder: HashingEncoder) -> None:
        super().__init__(encoder)
        self.asked: list[str] = []

    def encode_queries(self, texts):
        self.asked += list(texts)
        return self._encoder.encode([f"{text} asked" for text in texts])


def test_queries_are_remembered_apart_and_never_kept(tmp_path):
    base = HashingEncoder(16)
    path = tmp_path / "v.sqlite"
    inner = AskingEncoder(base)
    cached = CachedEncoder(inner, VectorCache(path, base.space_id, 16))
    text = cached.encode(["green tea"])
    query = cached.encode_queries(["green tea", "green tea"])
    assert inner.asked == ["green tea"]
    assert inner.encoded == ["green tea"]
    assert not np.allclose(query[0], text[0])  # the text's vector did not answer the query
    np.testing.assert_array_equal(cached.encode_queries(["green tea"])[0], query[0])
    assert inner.asked == ["green tea"]  # asked again: remembered
    cached.flush()
    kept = VectorCache(path, base.space_id, 16).get(["green tea"])
    np.testing.assert_array_equal(kept["green tea"], text[0])  # the text's vector, not the query's
