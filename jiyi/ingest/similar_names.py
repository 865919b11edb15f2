"""Step 4c: a new name for a thing the user already named lands on it by embedding similarity.

Aliases and the vocabulary join the spellings they know ("FBDs" is joined by its initials); a
phrasing neither knows ("quadratic formulas" after "the quadratic formula") is compared with the
user's earlier names of the same kind in the deployment's own embedding space. The threshold is
per encoder and script, measured on the dev scenarios' surface forms (`jiyi bench names`): the
lowest at which no two different objects of any scenario would have merged. An encoder with no
measured threshold for a script (MiniLM reads Han characters as unknown tokens, so every Chinese
name looks alike to it) is not asked at all.

Off by default (`graph.similar_name_thresholds = {}`): at the measured thresholds it merged no
name in any scenario set (dev, held-out, two fresh sets) while encoding each new name cost about
0.5 ms of CPU per turn of the stream (`jiyi bench stream --breakdown`). `null` turns it on.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from jiyi.graph.entities import alias_key
from jiyi.text import has_han
from models.embedder import DEFAULT_MODEL, USE_MODEL, SpaceEncoder

#: The lowest cosine at which no two different dev objects merge, per shipped encoder and
#: script (`jiyi bench names`, 2026-12-01): 0.90 for both encoders on Latin names; for Han
#: names only the multilingual USE reads them (0.90 there too).
THRESHOLDS: dict[str, dict[str, float]] = {
    DEFAULT_MODEL: {"latin": 0.90},
    USE_MODEL: {"latin": 0.90, "han": 0.90},
}
MAX_CACHED_NAMES = 4096


def script(name: str) -> str:
    return "han" if has_han(name) else "latin"


class SimilarNames:
    """Finds which of a user's earlier names a new one means, by cosine in one encoder's space;
    each name is encoded once (a bounded cache), so a user's names cost one encoding each."""

    def __init__(self, encoder: SpaceEncoder, thresholds: dict[str, float]) -> None:
        self.encoder = encoder
        self.thresholds = thresholds
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()

    def match(self, name: str, earlier: Sequence[str]) -> str | None:
        """The earlier name most similar to `name`, when at or above its script's threshold."""
        threshold = self.thresholds.get(script(name))
        key = alias_key(name)
        candidates = [
            e for e in earlier if script(e) == script(name) and alias_key(e) not in ("", key)
        ]
        if threshold is None or not key or not candidates:
            return None
        vectors = self._encoded([name, *candidates])
        scores = vectors[1:] @ vectors[0]
        best = int(np.argmax(scores))
        return candidates[best] if scores[best] >= threshold else None

    def _encoded(self, names: list[str]) -> np.ndarray:
        missing = list(dict.fromkeys(n for n in names if n not in self._vectors))
        if missing:
            for name, vector in zip(missing, self.encoder.encode(missing), strict=True):
                self._vectors[name] = vector / (np.linalg.norm(vector) or 1.0)
        for name in names:
            self._vectors.move_to_end(name)
        while len(self._vectors) > MAX_CACHED_NAMES:
            self._vectors.popitem(last=False)
        return np.stack([self._vectors[name] for name in names])
