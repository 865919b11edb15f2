"""Word vectors for the claim reader's tests: the same vector for the same word, near vectors
for words declared alike, and no model to load."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

#: Words that share a vector: the reader must treat them as one class.
ALIKE = ({"fractions", "derivatives", "recursion", "subjunctive"}, {"leeds", "lyon", "porto"})


class HashVectors:
    dimension = 16

    def vector(self, word: str) -> np.ndarray:
        word = word.lower()
        key = next((min(group) for group in ALIKE if word in group), word)
        seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
        v = np.random.default_rng(seed).standard_normal(self.dimension).astype(np.float32)
        return v / np.linalg.norm(v)


@pytest.fixture
def word_vectors() -> HashVectors:
    return HashVectors()
