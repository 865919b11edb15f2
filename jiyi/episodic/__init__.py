"""Tier 2, episodic memory: typed events, embedded and stored per user, found by hybrid search."""

from jiyi.episodic.merging import WriteReport, write_events
from jiyi.episodic.retrieval import DEFAULT_CONFIG, Hit, RetrievalConfig, ScoreParts, recall
from jiyi.episodic.store import (
    EpisodicInputError,
    EpisodicStore,
    IndexItem,
    StoredEvent,
    build_records,
    embedder_for,
    index_terms_for,
    open_episodic_store,
)
from jiyi.episodic.terms import IndexTerms

__all__ = [
    "DEFAULT_CONFIG",
    "EpisodicInputError",
    "EpisodicStore",
    "Hit",
    "IndexItem",
    "IndexTerms",
    "RetrievalConfig",
    "ScoreParts",
    "StoredEvent",
    "WriteReport",
    "build_records",
    "embedder_for",
    "index_terms_for",
    "open_episodic_store",
    "recall",
    "write_events",
]
