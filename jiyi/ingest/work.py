"""What flows through the write path: a turn being worked on, or the reason it was set aside.

Every item carries the payload exactly as it was logged and where it came from, so a turn that
fails at any stage can be dead-lettered verbatim and re-driven later with `jiyi dead-letter
replay`, and so progress can be reported per log position.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from jiyi.domain import Event, Turn


class Stage(StrEnum):
    """Where a turn was set aside; dead letters record it so operators know what to fix."""

    PARSE = "parse"
    EXTRACT = "extract"
    PRIVACY = "privacy"
    EPISODIC = "episodic"
    GRAPH = "graph"


@dataclass(frozen=True, slots=True)
class Rejected:
    """A turn that could not be processed: the stage, a reason naming the field, the payload."""

    stage: Stage
    reason: str
    key: str
    payload: str
    source: str


@dataclass(frozen=True, slots=True)
class Erasure:
    """A user was erased: the stream drops what it keeps for them (`erasure_payload`)."""

    key: str
    source: str


@dataclass(frozen=True, slots=True)
class TurnWork:
    """A valid, cleaned turn and what the steps so far made of it.

    `events` are what the episodic tier will hold (already minimised in child mode);
    `graph_allowed` and `child_mode` are the privacy decisions, taken once per turn; `context`
    holds the blinded terms of the session's previous turn, indexed with this turn's events.
    """

    source: str
    payload: str
    turn: Turn
    events: tuple[Event, ...] = ()
    graph_allowed: bool = False
    child_mode: bool = False
    child_mode_began: bool = False  # this turn switched it on: earlier beliefs must go
    context: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return self.turn.user_id

    def with_events(self, events: tuple[Event, ...] | list[Event]) -> TurnWork:
        return replace(self, events=tuple(events))

    def reject(self, stage: Stage, reason: str) -> Rejected:
        return Rejected(stage, reason, self.key, self.payload, self.source)


@dataclass(frozen=True, slots=True)
class Processed:
    """A turn whose effects are in every store: what progress and latency are measured on."""

    source: str
    user_id: str
    turn_id: str
    events: int
    graph_changes: int
    graph_duplicates: int
    done_at_ms: int
