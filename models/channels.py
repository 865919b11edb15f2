"""Two shipped encoders in one vector space: the primary for every text, a multilingual second
channel for text in a CJK script.

The packaged MiniLM reads most Chinese characters as `[UNK]`; USE (`models.use`) is strong on
Chinese but weaker on English. A `ChannelEncoder` row holds the primary's vector and, only for a
text with Han, kana or Hangul characters, the second encoder's vector beside it (zeros
otherwise), the row scaled to unit length: a text without CJK characters gets exactly the
primary's vector, padded with zeros, so English-only data costs no second encoding and ranks as
it did, while cosine over whole rows (merging, a store's nearest-neighbour search) stays a
cosine. Recall reads the two channels apart (`channel_cosines`) and fuses them as two scores.
The space id names both encoders and the rule, so these rows never mix with either encoder's
own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from models.embedder import Encoder, SpaceEncoder, check_texts

E = TypeVar("E", bound=Encoder)

# Han (CJK unified ideographs, extension A, compatibility), hiragana, katakana, Hangul syllables.
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
CJK_CHANNEL = "cjk"
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
        check_texts(texts)
        rows = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return rows
        width = self.primary.dimension
        rows[:, :width] = self.primary.encode(texts)
        both = [i for i, text in enumerate(texts) if has_cjk(text)]
        if both:
            rows[both, width:] = self.cjk.encode([texts[i] for i in both])
            rows[both] /= BOTH
        return rows

    def encode_cjk(self, texts: Sequence[str]) -> np.ndarray:
        """The second channel's unit vectors for any texts, CJK or not: a query in English still
        finds a user's Chinese memories there (the second encoder is multilingual)."""
        return np.asarray(self.cjk.encode(texts), dtype=np.float32)


def primary_encoder(encoder: E) -> E | SpaceEncoder:
    """The encoder a consumer outside recall uses (classifier, name matching): the primary
    of a `ChannelEncoder`, else the encoder itself, so those consumers keep their own space."""
    return encoder.primary if isinstance(encoder, ChannelEncoder) else encoder


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
