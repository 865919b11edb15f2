"""Tier 2, episodic memory: typed events, embedded and stored per user, found by hybrid search."""

from jiyi.episodic.indexing import build_records
from jiyi.episodic.merging import WriteReport, write_events
from jiyi.episodic.records import EpisodicInputError, IndexItem, StoredEvent
from jiyi.episodic.retrieval import DEFAULT_CONFIG, Hit, RetrievalConfig, ScoreParts, recall
from jiyi.episodic.store import EpisodicStore
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
    "recall",
    "write_events",
]
