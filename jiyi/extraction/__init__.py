"""Extraction: turns into typed episodic events, rules first (zh + en), then a residue stage.

`extract(turn, residue)` is the entry point, `extract_all(turns, residue)` for a batch;
`ResidueClassifier` (local, default) and `LLMExtractor` (any OpenAI-compatible endpoint,
optional) handle a user's turns no rule covers; an assistant's is kept whole
(`whole_turn_event`).
"""

from jiyi.extraction.engine import (
    ResidueStage,
    extract,
    extract_all,
    extract_with_rules,
    whole_turn_event,
)
from jiyi.extraction.rules import RULES, RULES_BY_NAME, Rule
from jiyi.extraction.validation import ExtractionInputError, RejectReason, check_content

__all__ = [
    "RULES",
    "RULES_BY_NAME",
    "ExtractionInputError",
    "RejectReason",
    "ResidueStage",
    "Rule",
    "check_content",
    "extract",
    "extract_all",
    "extract_with_rules",
    "whole_turn_event",
]
