"""Step 2: rule extraction first, then the residue stage for user turns no rule covers.

The engine (`jiyi.extraction.engine.extract_all`) does both for a batch of turns (the residue
classifier's model then encodes its turns together); this step binds it to the turns flowing
through and turns any failure into a dead letter, so one bad turn cannot stop the stream. Events
come out with deterministic ids, which is what makes replays idempotent downstream.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from jiyi.domain import Event, Turn
from jiyi.extraction.engine import extract_all_with_rules
from jiyi.extraction.learned import default_reader
from jiyi.ingest.work import Rejected, Stage, TurnWork

if TYPE_CHECKING:
    from jiyi.config import Settings

T = TypeVar("T")

log = logging.getLogger(__name__)

#: Turns → each one's events, in order (rules, then residue); `engine.extract_all` bound to a
#: residue stage, or `engine.extract_all_with_rules` for the rules alone.
Extractor = Callable[[Sequence[Turn]], Sequence[Sequence[Event]]]
#: Turns and each one's rule events → each one's events in the end; `engine.add_residue` bound
#: to a residue stage.
Completer = Callable[[Sequence[Turn], Sequence[Sequence[Event]]], Sequence[Sequence[Event]]]


@dataclass(frozen=True)
class RuleSettings:
    """What the rules' reading depends on, and nothing else: the stream's child process gets
    these (not the whole settings, with their secrets) and is shared by every flow that has the
    same ones."""

    max_content_bytes: int
    read_claims: bool
    learned_reader: bool

    @classmethod
    def of(cls, settings: Settings) -> RuleSettings:
        return cls(
            settings.limits.max_content_bytes,
            settings.extraction.read_claims,
            settings.extraction.learned_reader,
        )


def rule_extractor(rules: RuleSettings) -> Extractor:
    """The rules and the learned reader alone: the first half of extraction, which a stream
    runs in a process of its own (`pipelines.rules_process`)."""
    return partial(
        extract_all_with_rules,
        max_content_bytes=rules.max_content_bytes,
        read_claims=rules.read_claims,
        reader=default_reader() if rules.learned_reader else None,
    )


def extract_among(
    items: Sequence[T | TurnWork], extractor: Extractor
) -> list[T | TurnWork | Rejected]:
    """`extract_events` for the turns among `items`; the others (erasures, earlier dead
    letters) pass through in their places."""
    works = [item for item in items if isinstance(item, TurnWork)]
    read = iter(extract_events(works, extractor))  # in one batch, in order
    return [next(read) if isinstance(item, TurnWork) else item for item in items]


def extract_events(works: Sequence[TurnWork], extractor: Extractor) -> list[TurnWork | Rejected]:
    """Each turn with its events, or a dead letter naming why extraction refused or failed. A
    batch that fails is read again turn by turn, so only the turn at fault is set aside."""
    return _read(works, lambda batch: extractor([work.turn for work in batch]))


def complete_events(works: Sequence[TurnWork], completer: Completer) -> list[TurnWork | Rejected]:
    """`extract_events` for turns whose rule events are already on them (read in a process of
    the stream's own): the residue stage's, as one batch, with the same dead letters."""
    return _read(
        works, lambda batch: completer([work.turn for work in batch], [w.events for w in batch])
    )


def _read(
    works: Sequence[TurnWork], read: Callable[[Sequence[TurnWork]], Sequence[Sequence[Event]]]
) -> list[TurnWork | Rejected]:
    if not works:
        return []
    try:
        events = read(works)
        return [work.with_events(list(said)) for work, said in zip(works, events, strict=True)]
    except Exception as exc:  # any extractor failure dead-letters the turn at fault only
        if len(works) > 1:
            return [result for work in works for result in _read([work], read)]
        log.warning("extraction failed", exc_info=True, extra={"source": works[0].source})
        return [works[0].reject(Stage.EXTRACT, f"{type(exc).__name__}: {exc}")]
