"""Step 2: rule extraction first, then the residue stage for user turns no rule covers.

The engine (`jiyi.extraction.engine.extract_all`) does both for a batch of turns (the residue
classifier's model then encodes its turns together); this step binds it to the turns flowing
through and turns any failure into a dead letter, so one bad turn cannot stop the stream. Events
come out with deterministic ids, which is what makes replays idempotent downstream.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from jiyi.domain import Event, Turn
from jiyi.ingest.work import Rejected, Stage, TurnWork

log = logging.getLogger(__name__)

#: Turns → each one's events, in order (rules, then residue); `engine.extract_all` bound to a
#: residue stage.
Extractor = Callable[[Sequence[Turn]], Sequence[Sequence[Event]]]


def extract_events(works: Sequence[TurnWork], extractor: Extractor) -> list[TurnWork | Rejected]:
    """Each turn with its events, or a dead letter naming why extraction refused or failed. A
    batch that fails is read again turn by turn, so only the turn at fault is set aside."""
    if not works:
        return []
    try:
        read = extractor([work.turn for work in works])
        return [work.with_events(list(events)) for work, events in zip(works, read, strict=True)]
    except Exception as exc:  # any extractor failure dead-letters the turn at fault only
        if len(works) > 1:
            return [result for work in works for result in extract_events([work], extractor)]
        log.warning("extraction failed", exc_info=True, extra={"source": works[0].source})
        return [works[0].reject(Stage.EXTRACT, f"{type(exc).__name__}: {exc}")]
