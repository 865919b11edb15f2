"""Real stores for archive tests: LanceDB on a temp dir, filled with synthetic zh/en events."""

from __future__ import annotations

from pathlib import Path

import pytest

from jiyi.bench.batch import synthetic_events
from jiyi.episodic.indexing import build_records
from jiyi.episodic.lancedb_store import LanceEpisodicStore
from jiyi.episodic.terms import IndexTerms
from models.hashing import HashingEncoder

NOW_MS = 1_800_000_000_000


@pytest.fixture
def hot_store(tmp_path: Path, terms: IndexTerms) -> LanceEpisodicStore:
    encoder = HashingEncoder(32)
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    store.upsert(build_records(synthetic_events(4, 40, NOW_MS, days=60), encoder, terms, False))
    return store
