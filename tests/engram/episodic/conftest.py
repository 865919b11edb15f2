"""Fixtures for the episodic tier: a real model-free encoder, event factories, store backends.

The encoder is `models.hashing.HashingEncoder` (word and character n-grams hashed into a unit
vector): a real, deterministic vector space, so unit tests need no model download or load.
Stores are real: LanceDB on a temporary directory always; Weaviate only when
`ENGRAM_TEST_WEAVIATE_URL` points at a live server (none can run on the build machines).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator

import pytest

from engram.config import EpisodicSettings
from engram.domain import Event, EventType, ExtractionSource, event_id_for, text_hash
from engram.episodic.lancedb_store import LanceEpisodicStore
from engram.episodic.store import EpisodicStore
from models.hashing import HashingEncoder

WEAVIATE_URL = os.environ.get("ENGRAM_TEST_WEAVIATE_URL")
BASE_TS = 1_700_000_000_000

MakeItem = Callable[..., tuple[Event, str]]


@pytest.fixture(scope="session")
def encoder() -> HashingEncoder:
    return HashingEncoder(128)


@pytest.fixture
def make_item() -> MakeItem:
    """An (event, raw text) pair as extraction would produce it."""

    def make(
        user: str,
        text: str,
        event_type: EventType = EventType.PREFERENCE,
        turn: str | None = None,
        ts: int = BASE_TS,
        keywords: list[str] | None = None,
        confidence: float = 0.8,
        summary: str | None = None,
    ) -> tuple[Event, str]:
        turn_id = turn or f"t-{text_hash(text)[:8]}"
        event = Event(
            event_id=event_id_for(user, turn_id, event_type),
            user_id=user,
            session_id="s1",
            turn_id=turn_id,
            ts=ts,
            event_type=event_type,
            keywords=keywords or [],
            summary=(summary if summary is not None else text)[:50],
            raw_hash=text_hash(text),
            confidence=confidence,
            source=ExtractionSource.RULE,
        )
        return event, text

    return make


def _weaviate_store(encoder: HashingEncoder) -> EpisodicStore:
    from engram.episodic.weaviate_store import WeaviateEpisodicStore

    settings = EpisodicSettings(
        backend="weaviate",
        weaviate_url=WEAVIATE_URL,
        weaviate_collection=f"EngramTest{uuid.uuid4().hex[:8]}",
    )
    return WeaviateEpisodicStore.connect(settings, encoder.space_id, encoder.dimension)


@pytest.fixture(
    params=[
        "lancedb",
        pytest.param(
            "weaviate",
            marks=pytest.mark.skipif(
                not WEAVIATE_URL,
                reason="ENGRAM_TEST_WEAVIATE_URL not set (no Weaviate server can run here)",
            ),
        ),
    ]
)
def store(request: pytest.FixtureRequest, tmp_path, encoder) -> Iterator[EpisodicStore]:
    if request.param == "lancedb":
        opened: EpisodicStore = LanceEpisodicStore(
            tmp_path / "episodic", encoder.space_id, encoder.dimension
        )
    else:
        opened = _weaviate_store(encoder)
    yield opened
    if request.param == "weaviate":
        opened.drop()  # type: ignore[attr-defined]
    opened.close()
