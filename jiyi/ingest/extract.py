"""Step 2: rule extraction first, then the residue stage for user turns no rule covers.

The engine (`jiyi.extraction.engine.extract`) does both; this step binds it to the turn flowing
through and turns any failure into a dead letter, so one bad turn cannot stop the stream. Events
come out with deterministic ids, which is what makes replays idempotent downstream.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from jiyi.domain import Event, Turn
from jiyi.ingest.work import Rejected, Stage, TurnWork

log = logging.getLogger(__name__)

#: A turn → its events (rules, then residue); `engine.extract` bound to a residue stage.
Extractor = Callable[[Turn], Sequence[Event]]


def extract_events(work: TurnWork, extractor: Extractor) -> TurnWork | Rejected:
    """The turn with its events, or a dead letter naming why extraction refused or failed."""
    try:
        events = list(extractor(work.turn))
    except Exception as exc:  # any extractor failure dead-letters this turn only
        log.warning("extraction failed", exc_info=True, extra={"source": work.source})
        return work.reject(Stage.EXTRACT, f"{type(exc).__name__}: {exc}")
    return work.with_events(events)
