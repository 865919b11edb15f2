"""A model-free encoder: words and character n-grams hashed into a fixed-size normalised vector.

Deterministic, instant and language-agnostic (Han text is covered by its character bigrams), so
unit tests and model-less deployments (`embedder.model = "hashing:<dim>"`) get a real vector
space whose similarities follow shared words and sub-words. Far weaker than a trained model.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

_WORD = re.compile(r"\w+")
PREFIX = "hashing:"


class HashingEncoder:
    def __init__(self, dimension: int = 256) -> None:
        if not 8 <= dimension <= 4096:
            raise ValueError(f"hashing encoder dimension: must be 8..4096, got {dimension}")
        self.dimension = dimension
        self.space_id = f"{PREFIX}{dimension}/{dimension}"

    @classmethod
    def from_model_name(cls, model: str) -> HashingEncoder:
        """`hashing:<dim>` as the `embedder.model` setting names it."""
        try:
            return cls(int(model.removeprefix(PREFIX)))
        except ValueError as exc:
            raise ValueError(f"embedder.model {model!r}: expected 'hashing:<dimension>'") from exc

    def _features(self, text: str) -> list[str]:
        words = _WORD.findall(text.lower())
        grams = [f"w:{w}" for w in words]
        for word in words:
            padded = f" {word} "
            size = 2 if not word.isascii() else 3
            grams.extend(f"c:{padded[i : i + size]}" for i in range(len(padded) - size + 1))
        return grams

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("texts: expected a sequence of strings, got a single str")
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            if not isinstance(text, str):
                raise TypeError(f"texts[{row}]: expected str, got {type(text).__name__}")
            for feature in self._features(text):
                digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
                index = int.from_bytes(digest[:4], "little") % self.dimension
                out[row, index] += 1.0 if digest[4] & 1 else -1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.maximum(norms, 1e-12)
