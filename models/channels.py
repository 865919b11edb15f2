"""Several vectors of one event in one stored row: the primary encoder's for every text, a
multilingual second channel for text in a CJK script, and the whole turn's beside what is stored.

The packaged MiniLM reads most Chinese characters as `[UNK]`; USE (`models.use`) is strong on
Chinese but weaker on English. A `ChannelEncoder` row holds the primary's vector and, only for a
text with Han, kana or Hangul characters, the second encoder's vector beside it (zeros
otherwise), the row scaled to unit length: a text without CJK characters gets exactly the
primary's vector, padded with zeros, so English-only data costs no second encoding and ranks as
it did, while cosine over whole rows (merging, a store's nearest-neighbour search) stays a
cosine. Recall reads the two channels apart (`channel_cosines`) and fuses them as two scores.
The space id names both encoders and the rule, so these rows never mix with either encoder's
own.

A `TurnChannelEncoder` row adds a vector of the whole turn the event came from beside that
(`[row | turn]`, see the class): in the default minimised mode the event keeps a ≤ 50-character
summary, and the summary's vector misses what the rest of the turn says. The vectors of the
turn's passages may be kept too, apart from the row: a fact said in an aside of a turn about
something else ("…help me find book club data. By the way, I've been going to a weekly book
club…") is diluted in the whole turn's vector and plain in its sentence's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from models.embedder import Encoder, SpaceEncoder, check_texts, encode_queries

E = TypeVar("E", bound=Encoder)

# Han (CJK unified ideographs, extension A, compatibility), hiragana, katakana, Hangul syllables.
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
CJK_CHANNEL = "cjk"
TURN_CHANNEL = "turn"
PASSAGES = "passages"
# A row with both channels holds two unit vectors side by side, divided by this to unit length.
BOTH = np.float32(np.sqrt(2.0))


def has_cjk(text: str) -> bool:
    """Whether `text` holds a Han, kana or Hangul character (what earns the second channel)."""
    return _CJK.search(text) is not None


class ChannelEncoder:
    """The primary encoder's vector for every text, and the `cjk` encoder's beside it for a text
    with CJK characters (`has_cjk`), each row of unit length."""

    def __init__(self, primary: SpaceEncoder, cjk: SpaceEncoder) -> None:
        self.primary = primary
        self.cjk = cjk
        self.dimension: int = primary.dimension + cjk.dimension
        self.space_id = f"{primary.space_id}&{CJK_CHANNEL}:{cjk.space_id}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dimension) float32 rows: [primary | cjk or zeros], of unit length."""
        return self._rows(texts, self.primary.encode, self.cjk.encode)

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Rows as `encode`'s, each part on its encoder's query path (`encode_queries`)."""
        return self._rows(
            texts, lambda t: encode_queries(self.primary, t), lambda t: encode_queries(self.cjk, t)
        )

    def _rows(
        self,
        texts: Sequence[str],
        primary: Callable[[Sequence[str]], np.ndarray],
        cjk: Callable[[Sequence[str]], np.ndarray],
    ) -> np.ndarray:
        check_texts(texts)
        rows = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return rows
        width = self.primary.dimension
        rows[:, :width] = primary(texts)
        both = [i for i, text in enumerate(texts) if has_cjk(text)]
        if both:
            rows[both, width:] = cjk([texts[i] for i in both])
            rows[both] /= BOTH
        return rows

    def encode_cjk(self, texts: Sequence[str]) -> np.ndarray:
        """The second channel's unit vectors for any texts, CJK or not: a query in English still
        finds a user's Chinese memories there (the second encoder is multilingual). On the
        second encoder's query path: only a recall asks for them."""
        return np.asarray(encode_queries(self.cjk, texts), dtype=np.float32)


class TurnChannelEncoder:
    """Rows of `inner`'s vector of what an event stores, with `turn`'s vector of the whole turn
    beside it: `[inner row | turn vector] / √2`, or `[inner row | zeros]` for an event without
    one (`jiyi.episodic.indexing.gets_turn_vector`), each row of unit length. With `passages`
    > 0, the write path also cuts a turn into up to that many passages and keeps their vectors
    (`turn`'s) apart from the row, in a column of their own (`StoredEvent.passages`): only a
    turn of several sentences has any, so a row pays for the passages it holds and no more.
    Such a turn's vector is then its passages' pooled (`jiyi.episodic.indexing.pooled`), so
    the turn is read once.

    The event's own vector is computed from what is stored, so a re-embedding reproduces it. The
    turn's vectors are computed once, at write time, by `turn`, the base model without any LoRA
    adapter: a promoted adapter changes `inner`'s space, never the turn channel's, so a
    re-embedding carries them over (`carried_turn_part`) even when no text was kept to embed
    again. A query is encoded by both (`encode`; its turn vector is compared with each passage);
    when `turn` is `inner`'s primary encoder, the query's vector there is reused, not computed
    twice.
    """

    def __init__(self, inner: SpaceEncoder, turn: SpaceEncoder, passages: int = 0) -> None:
        if passages < 0:
            raise ValueError(f"passages: expected >= 0, got {passages}")
        self.inner = inner
        self.turn = turn
        self.passages = passages
        self.dimension: int = inner.dimension + turn.dimension
        self.space_id = f"{inner.space_id}+{TURN_CHANNEL}:{turn.space_id}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Each text in both parts (the write path builds its rows with `rows`)."""
        return self._both(texts, lambda encoder, t: encoder.encode(t))

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Queries: each text in both parts, each on its query path (`encode_queries`)."""
        return self._both(texts, encode_queries)

    def _both(
        self, texts: Sequence[str], encode: Callable[[Encoder, Sequence[str]], np.ndarray]
    ) -> np.ndarray:
        check_texts(texts)
        inner = np.asarray(encode(self.inner, texts), dtype=np.float32)
        if self.turn is primary_encoder(self.inner) and len(texts):
            turn = inner[:, : self.turn.dimension].copy()
            shared = np.any(inner[:, self.turn.dimension :] != 0, axis=1)
            turn[shared] *= BOTH  # a `ChannelEncoder` row with both channels was scaled
        else:
            turn = np.asarray(encode(self.turn, texts), dtype=np.float32)
        return self.rows(inner, turn)

    def embeds_turn(self, text: str) -> bool:
        """Whether a turn gets a vector here: not one in a CJK script when the rows have a CJK
        channel, which is there because the base model reads such text mostly as `[UNK]`
        (MemoryBank dev with those vectors: all@10 0.879 → 0.828, any@k level)."""
        return not (has_cjk(text) and cjk_channels(self.inner) is not None)

    def rows(self, inner: np.ndarray, turn: np.ndarray) -> np.ndarray:
        """Unit rows of inner vectors and turn vectors (a zero turn vector: none)."""
        rows = np.hstack([inner, turn]).astype(np.float32)
        rows[np.any(turn != 0, axis=1)] /= BOTH
        return rows


@dataclass(frozen=True)
class TurnParts:
    """`TurnChannelEncoder` rows taken apart, each vector back at unit length."""

    own: np.ndarray  # the inner rows as `inner` wrote them
    turn: np.ndarray | None  # NaN rows where an event has none; None when no row has one


def split_turn_channel(matrix: np.ndarray, inner_dimension: int) -> TurnParts:
    """`TurnChannelEncoder` rows → their parts."""
    inner, turn = matrix[:, :inner_dimension], matrix[:, inner_dimension:]
    present = np.any(turn != 0, axis=1)
    if not present.any():
        return TurnParts(inner, None)
    inner = inner.copy()
    inner[present] *= BOTH
    parts = np.full(turn.shape, np.nan, dtype=np.float32)
    parts[present] = turn[present] * BOTH
    return TurnParts(inner, parts)


@dataclass(frozen=True)
class TurnVectors:
    """What an event holds of its turn in the turn channel's space."""

    turn: np.ndarray  # unit vector; zeros: none
    passages: np.ndarray | None  # (count, dimension) unit vectors; None: none


def carried_turn_part(
    row: np.ndarray, space_id: str, passages: np.ndarray | None, encoder: TurnChannelEncoder
) -> TurnVectors:
    """The turn vector and passages a stored record of `space_id` (its `row` and `passages`)
    holds, if they are in `encoder`'s turn space (none otherwise: a row from before the turn
    channel or from another base model). Passages are kept only when `encoder` keeps some. A
    row written with its passages inside it (`…|passages:k` spaces, before they had a column of
    their own) gives them up from there."""
    width = encoder.turn.dimension
    none = TurnVectors(np.zeros(width, dtype=np.float32), None)
    found = re.search(
        rf"\+{TURN_CHANNEL}:{re.escape(encoder.turn.space_id)}(?:\|{PASSAGES}:(\d+))?$", space_id
    )
    if found is None:
        return none
    inside = int(found.group(1) or 0)
    if len(row) != encoder.inner.dimension + width * (1 + inside):
        return none
    side = np.asarray(row, dtype=np.float32)[encoder.inner.dimension :].reshape(1 + inside, width)
    held = np.any(side != 0, axis=1)
    side = side * np.sqrt(1.0 + held.sum(), dtype=np.float32)
    kept = side[1:][held[1:]] if inside else passages
    turn = side[0] if held[0] else none.turn
    return TurnVectors(turn, kept if encoder.passages and kept is not None and len(kept) else None)


def own_vector_encoder(encoder: SpaceEncoder) -> SpaceEncoder:
    """The encoder of an event's own vector: a `TurnChannelEncoder`'s inner one (its turn part
    is the base model's whatever the adapter), else the encoder itself."""
    return encoder.inner if isinstance(encoder, TurnChannelEncoder) else encoder


def cjk_channels(encoder: SpaceEncoder) -> ChannelEncoder | None:
    """The `ChannelEncoder` that `encoder` is or wraps (None: it has no CJK channel)."""
    encoder = own_vector_encoder(encoder)
    return encoder if isinstance(encoder, ChannelEncoder) else None


def primary_encoder(encoder: E) -> E | SpaceEncoder:
    """The encoder a consumer outside recall uses (classifier, name matching): the primary
    of a `ChannelEncoder` (inside a `TurnChannelEncoder` or not), else the encoder itself, so
    those consumers keep their own space."""
    own = own_vector_encoder(encoder)
    return own.primary if isinstance(own, ChannelEncoder) else own


@dataclass(frozen=True)
class ChannelCosines:
    """Per stored row, its cosine to the query in each channel."""

    primary: np.ndarray
    cjk: np.ndarray | None = None  # NaN where a row has no second-channel vector; None: no row has


def cjk_rows(matrix: np.ndarray, primary_dimension: int) -> np.ndarray:
    """Which rows of a `ChannelEncoder` matrix hold a second-channel vector."""
    return np.any(matrix[:, primary_dimension:] != 0, axis=1)


def cjk_part(row: np.ndarray, primary_dimension: int) -> np.ndarray | None:
    """The second channel's unit vector held in one `ChannelEncoder` row (None: it has none)."""
    part = np.asarray(row, dtype=np.float32)[primary_dimension:]
    return part * BOTH if np.any(part != 0) else None


def cjk_vectors(matrix: np.ndarray, primary_dimension: int) -> np.ndarray:
    """Each row's unit vector in the second channel, a NaN row where it holds none."""
    out = np.full((len(matrix), matrix.shape[1] - primary_dimension), np.nan, dtype=np.float32)
    both = cjk_rows(matrix, primary_dimension)
    out[both] = matrix[both, primary_dimension:] * BOTH
    return out


def channel_cosines(
    matrix: np.ndarray,
    query: np.ndarray,
    primary_dimension: int | None = None,
    cjk_query: np.ndarray | None = None,
) -> ChannelCosines:
    """Cosines of stored rows to a query, per channel.

    `primary_dimension` None: rows of a one-channel encoder, plain dot products. Otherwise rows
    and `query` come from a `ChannelEncoder` of that primary width; `cjk_query` is the query's
    unit vector in the second channel (`ChannelEncoder.encode_cjk`), needed when some row has
    one. Rows without CJK are compared on the primary vector exactly as a one-channel store.
    """
    query = np.asarray(query, dtype=np.float32)
    if primary_dimension is None:
        return ChannelCosines((matrix @ query).astype(np.float64))
    width = primary_dimension
    both = cjk_rows(matrix, width)
    query_primary = query[:width]
    if np.any(query[width:] != 0):
        query_primary = query_primary * BOTH
    primary = (matrix[:, :width] @ query_primary).astype(np.float64)
    if not both.any():
        return ChannelCosines(primary)
    if cjk_query is None:
        raise ValueError("channel_cosines: rows hold a CJK-channel vector; pass cjk_query")
    primary[both] *= float(BOTH)
    second = np.full(len(matrix), np.nan)
    second[both] = (matrix[both, width:] @ np.asarray(cjk_query, dtype=np.float32)) * float(BOTH)
    return ChannelCosines(primary, second)
