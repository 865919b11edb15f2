"""Step 3: privacy before any store sees the events: age declarations, child mode, consent.

A declared age is recorded first, so a child's very first "I'm 12" (or "我上四年级": a school
year that only a child is in) already keeps its own words out of every tier; then the user's
consent decides whether tier 3 may be written at all. The turn that switches child mode on says
so, and the graph step removes what earlier turns wrote (`graph_writes.apply_graph`).
"""

from __future__ import annotations

from jiyi.config import PrivacySettings
from jiyi.domain import Event, EventAttr, EventType, RelationKind
from jiyi.ingest.work import Rejected, Stage, TurnWork
from jiyi.privacy import ConsentStore, graph_allowed, implied_age, minimise_for_child


def declared_age(event: Event) -> int | None:
    """The age an event declares: in numbers, or implied by a school year only children are in
    (the youngest age of that year, so a 4th grader is a child whichever birthday has passed),
    whether said as the school year or as who one is ("三年级小学生", "我是小学生"; "别把我当
    小学生" is a figure of speech, and no declaration: `identity.role_zh_work_as`)."""
    value = event.attributes.get(EventAttr.VALUE, "")
    if event.event_type is EventType.AGE_DECLARATION and value.isdigit():
        return int(value)
    if event.event_type is not EventType.IDENTITY_DECLARATION:
        return None
    school_year = event.attributes.get(EventAttr.RELATION) == RelationKind.SCHOOL_YEAR.value
    return implied_age(value) if school_year or "年级" in value or value == "小学生" else None


def apply_privacy(
    work: TurnWork, consent: ConsentStore, settings: PrivacySettings
) -> TurnWork | Rejected:
    """Record declared ages, minimise a child's events, and decide if the graph may be written;
    a declared age the consent record refuses sets the turn aside (nothing of it is stored).

    Idempotent: replaying a turn declares the same age again and reaches the same decisions.
    """
    user_id = work.turn.user_id
    was_child = consent.get(user_id).child_mode
    for event in work.events:
        age = declared_age(event)
        implied = event.event_type is not EventType.AGE_DECLARATION
        if age is None or (implied and age >= settings.child_age_threshold):
            continue  # a school year is recorded only when it makes the user a child
        try:
            consent.declare_age(user_id, age, at=work.turn.client_ts)
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
        child_mode_began=state.child_mode and not was_child,
    )
