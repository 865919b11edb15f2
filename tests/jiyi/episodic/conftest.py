"""Fixtures for the episodic tier: a real model-free encoder, event factories, store backends.

The encoder is `models.hashing.HashingEncoder` (word and character n-grams hashed into a unit
vector): a real, deterministic vector space, so unit tests need no model download or load.
Stores are real: LanceDB on a temporary directory always; Weaviate only when
`JIYI_TEST_WEAVIATE_URL` points at a live server (none can run on the build machines).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator

import pytest

from jiyi.config import EpisodicSettings
from jiyi.domain import Event, EventType, ExtractionSource, event_id_for, text_hash
from jiyi.episodic.indexing import build_records
from jiyi.episodic.lancedb_store import LanceEpisodicStore
from jiyi.episodic.records import IndexItem, StoredEvent
from jiyi.episodic.store import EpisodicStore
from jiyi.episodic.terms import IndexTerms
from models.hashing import HashingEncoder

WEAVIATE_URL = os.environ.get("JIYI_TEST_WEAVIATE_URL")
BASE_TS = 1_700_000_000_000

MakeItem = Callable[..., IndexItem]


@pytest.fixture(scope="session")
def encoder() -> HashingEncoder:
    return HashingEncoder(128)


@pytest.fixture
def make_item() -> MakeItem:
    """An event with its raw turn text, as extraction would produce it."""

    def make(
        user: str,
        text: str,
        event_type: EventType = EventType.PREFERENCE,
        turn: str | None = None,
        ts: int = BASE_TS,
        keywords: list[str] | None = None,
        confidence: float = 0.8,
        summary: str | None = None,
        session_id: str = "s1",
    ) -> IndexItem:
        turn_id = turn or f"t-{text_hash(text)[:8]}"
        event = Event(
            event_id=event_id_for(user, turn_id, event_type),
            user_id=user,
            session_id=session_id,
            turn_id=turn_id,
            ts=ts,
            event_type=event_type,
            keywords=keywords or [],
            summary=(summary if summary is not None else text)[:50],
            raw_hash=text_hash(text),
            confidence=confidence,
            source=ExtractionSource.RULE,
        )
        return IndexItem(event, text)

    return make


Records = Callable[..., list[StoredEvent]]


@pytest.fixture
def records(encoder: HashingEncoder, terms: IndexTerms) -> Records:
    """`build_records` with the test encoder and blind-index key."""

    def build(items: list[IndexItem], keep_raw_text: bool = False) -> list[StoredEvent]:
        return build_records(items, encoder, terms, keep_raw_text)

    return build


def _weaviate_store(encoder: HashingEncoder) -> EpisodicStore:
    from jiyi.episodic.weaviate_store import WeaviateEpisodicStore

    settings = EpisodicSettings(
        backend="weaviate",
        weaviate_url=WEAVIATE_URL,
        weaviate_collection=f"JiyiTest{uuid.uuid4().hex[:8]}",
    )
    return WeaviateEpisodicStore.connect(settings, encoder.space_id, encoder.dimension)


@pytest.fixture(
    params=[
        "lancedb",
        pytest.param(
            "weaviate",
            marks=pytest.mark.skipif(
                not WEAVIATE_URL,
                reason="JIYI_TEST_WEAVIATE_URL not set (no Weaviate server can run here)",
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
