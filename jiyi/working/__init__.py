"""Tier 1: working memory."""

from jiyi.working.cleaning import clean_content, neutralise_markup, truncate_assistant
from jiyi.working.sessions import (
    Snapshot,
    WorkingMemory,
    WorkingMemoryError,
    WorkingMemoryStats,
    WorkingTurn,
)

__all__ = [
    "Snapshot",
    "WorkingMemory",
    "WorkingMemoryError",
    "WorkingMemoryStats",
    "WorkingTurn",
    "clean_content",
    "neutralise_markup",
    "truncate_assistant",
]
