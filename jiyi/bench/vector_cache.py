"""Vectors a recall bench computed, kept between runs in one SQLite file per data directory.

Encoding the turns is most of a recall bench's time (LongMemEval-S dev: ≈ 46,000 long turns on
MiniLM, 85 % of a run's CPU), and the same texts are encoded again on every run while the
retrieval around them is what changes. A vector is keyed by the encoder's space and a hash of the
text, so another model, adapter or quantisation never reads a vector it did not make, and the
file holds no text.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from jiyi.sqlite_util import connect, create_schema, write_transaction

_LOOKUP_BATCH = 500  # SQLite's default limit on host parameters is 999


def text_key(space_id: str, text: str) -> bytes:
    return hashlib.sha256(f"{space_id}\0{text}".encode()).digest()


class VectorCache:
    """Float32 vectors of one space by text; safe to share between processes (WAL)."""

    def __init__(self, path: Path, space_id: str, dimension: int) -> None:
        self.space_id = space_id
        self.dimension = dimension
        self._db = connect(path)
        create_schema(
            self._db,
            "CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vector BLOB NOT NULL);",
        )

    def get(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        """The vectors kept for any of `texts`."""
        keys = {text_key(self.space_id, t): t for t in texts}
        found: dict[str, np.ndarray] = {}
        wanted = list(keys)
        for start in range(0, len(wanted), _LOOKUP_BATCH):
            batch = wanted[start : start + _LOOKUP_BATCH]
            rows = self._db.execute(
                f"SELECT key, vector FROM vectors WHERE key IN ({','.join('?' * len(batch))})",
                batch,
            )
            for key, blob in rows:
                vector = np.frombuffer(blob, dtype=np.float32)
                if vector.shape == (self.dimension,):
                    found[keys[key]] = vector
        return found

    def put(self, vectors: Mapping[str, np.ndarray]) -> None:
        rows = [
            (text_key(self.space_id, t), np.asarray(v, dtype=np.float32).tobytes())
            for t, v in vectors.items()
        ]
        if rows:
            with write_transaction(self._db):
                self._db.executemany("INSERT OR IGNORE INTO vectors VALUES (?, ?)", rows)

    def close(self) -> None:
        self._db.close()
