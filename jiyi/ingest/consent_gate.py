"""Step 3: privacy before any store sees the events: age declarations, child mode, consent.

A declared age is recorded first, so a child's very first "I'm 12" already keeps its own words
out of every tier; then the user's consent decides whether tier 3 may be written at all.
"""

from __future__ import annotations

from jiyi.config import PrivacySettings
from jiyi.domain import EventAttr, EventType
from jiyi.ingest.work import Rejected, Stage, TurnWork
from jiyi.privacy import ConsentStore, graph_allowed, minimise_for_child


def apply_privacy(
    work: TurnWork, consent: ConsentStore, settings: PrivacySettings
) -> TurnWork | Rejected:
    """Record declared ages, minimise a child's events, and decide if the graph may be written;
    a declared age the consent record refuses sets the turn aside (nothing of it is stored).

    Idempotent: replaying a turn declares the same age again and reaches the same decisions.
    """
    user_id = work.turn.user_id
    for event in work.events:
        age = event.attributes.get(EventAttr.VALUE, "")
        if event.event_type is EventType.AGE_DECLARATION and age.isdigit():
            try:
                consent.declare_age(user_id, int(age), at=work.turn.client_ts)
            except ValueError as exc:
                return work.reject(Stage.PRIVACY, f"declared age {age}: {exc}")
    state = consent.get(user_id)
    events = [minimise_for_child(e) for e in work.events] if state.child_mode else work.events
    return TurnWork(
        source=work.source,
        payload=work.payload,
        turn=work.turn,
        events=tuple(events),
        graph_allowed=graph_allowed(state, settings),
        child_mode=state.child_mode,
    )
