"""Re-driving dead-lettered turns once their cause is fixed (a raised limit, a store back up).

Replay appends the payload to the turn log again, exactly as it was received, so it takes the
same path as any new turn; the stream's idempotent writes make a turn that had half-succeeded
(episodic stored, graph down) land once. Each entry is marked replayed after its append.
"""

from __future__ import annotations

from collections.abc import Sequence

from jiyi.deadletter import DeadLetter, DeadLetterStore
from jiyi.turnlog import TurnLog, key_for_payload

MAX_REPLAY = 100_000


def replay_dead_letters(
    dead_letters: DeadLetterStore, turn_log: TurnLog, ids: Sequence[int] | None = None
) -> list[DeadLetter]:
    """Append the waiting entries (all, or those with `ids`) to the log; returns them."""
    waiting = dead_letters.entries(limit=MAX_REPLAY)
    if ids is not None:
        unknown = sorted(set(ids) - {e.id for e in waiting})
        if unknown:
            raise ValueError(f"ids: {unknown} are not waiting dead letters (see dead-letter list)")
        waiting = [e for e in waiting if e.id in set(ids)]
    for entry in waiting:
        turn_log.append_raw(entry.payload, entry.key or key_for_payload(entry.payload))
        dead_letters.mark_replayed([entry.id])
    return waiting
