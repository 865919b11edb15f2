"""BM25 over pre-tokenised documents (tokens from `jiyi.text.tokenize`, so zh and en alike).

A user's events are few (the per-user cap bounds them), so the index is built per query from the
tokens stored with each event; no global index has to be kept in step with writes and deletes,
and no other user's text can influence the statistics.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

K1 = 1.2
B = 0.75


class BM25:
    """Okapi BM25 with Lucene's non-negative idf: log(1 + (N - df + 0.5) / (df + 0.5))."""

    def __init__(self, docs: Sequence[Sequence[str]], k1: float = K1, b: float = B) -> None:
        self.k1 = k1
        self.b = b
        self._tf = [Counter(doc) for doc in docs]
        self._len = np.array([len(doc) for doc in docs], dtype=np.float64)
        self._avg = float(self._len.mean()) if len(docs) and self._len.sum() else 1.0
        self._df: Counter[str] = Counter()
        for tf in self._tf:
            self._df.update(tf.keys())

    def __len__(self) -> int:
        return len(self._tf)

    def idf(self, term: str) -> float:
        df = self._df.get(term, 0)
        return math.log(1.0 + (len(self._tf) - df + 0.5) / (df + 0.5))

    def scores(self, query: Sequence[str]) -> np.ndarray:
        """One score per document; a query term counts once however often it repeats."""
        out = np.zeros(len(self._tf), dtype=np.float64)
        norm = self.k1 * (1.0 - self.b + self.b * self._len / self._avg)
        for term in dict.fromkeys(query):
            if term not in self._df:
                continue
            tf = np.array([doc.get(term, 0) for doc in self._tf], dtype=np.float64)
            out += self.idf(term) * tf * (self.k1 + 1.0) / (tf + norm)
        return out


def column_scores(
    docs: pa.Array, query: Sequence[str], term_chars: int, k1: float = K1, b: float = B
) -> np.ndarray:
    """The same scores as `BM25`, for documents stored as space-separated terms that all have
    `term_chars` characters (the blind index): the terms are split and looked up among the
    query's by Arrow in C++, in one pass over the column (a pass per query term cost ≈ 5× more),
    and a document's length follows from its character count, so recall loops over nothing in
    Python."""
    chars = pc.utf8_length(docs).to_numpy(zero_copy_only=False).astype(np.float64)
    lengths = np.where(chars > 0, (chars + 1) / (term_chars + 1), 0.0)
    out = np.zeros(len(docs), dtype=np.float64)
    wanted = pa.array(list(dict.fromkeys(query)), pa.string())
    if not len(docs) or not len(wanted):
        return out
    split = pc.split_pattern(docs, " ")
    which = pc.index_in(pc.list_flatten(split), value_set=wanted)
    found = which.is_valid().to_numpy(zero_copy_only=False)
    if not found.any():
        return out
    tf = np.zeros((len(docs), len(wanted)))
    rows = pc.list_parent_indices(split).to_numpy()[found]
    np.add.at(tf, (rows, which.fill_null(0).to_numpy()[found]), 1.0)
    df = np.count_nonzero(tf, axis=0)
    idf = np.log(1.0 + (len(docs) - df + 0.5) / (df + 0.5))
    norm = k1 * (1.0 - b + b * lengths / (float(lengths.mean()) or 1.0))
    return (idf * tf * (k1 + 1.0) / (tf + norm[:, None])).sum(axis=1)
