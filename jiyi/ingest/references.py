"""Step 4: resolve "that button" / "那个按钮" to the entity the session last talked about.

Extractors drop the demonstrative ("that button" arrives as the object "button"), so an object
that is only a kind noun ("button", "公式") is read as a reference too: nobody's concept is
literally called "formula". The recent entities of each session are dataflow state (snapshotted
with recovery), so a replay after a crash resolves a reference exactly as the first run did. A
resolved reference replaces the event's object with the name the entity was mentioned by, so the
graph and the episodic event both name the real thing.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field

from jiyi import vocabulary
from jiyi.domain import Entity, EntityKind, Event, EventAttr, EventType, Role
from jiyi.graph.entities import (
    KIND_NOUNS,
    RecentEntities,
    Reference,
    alias_key,
    entity_id_for,
    parse_reference,
    resolve_reference,
)
from jiyi.graph.updates import EVENT_RULES
from jiyi.ingest.retry import transient_errors
from jiyi.ingest.work import TurnWork

log = logging.getLogger(__name__)

MAX_SESSIONS_PER_USER = 64
#: Understanding said without its object ("I still don't get it", the tutor's "Exactly!") is
#: about the concept the session last named.
_ABOUT_THE_SESSION_TOPIC = frozenset({EventType.CONCEPT_CONFUSION, EventType.CONCEPT_MASTERY})
MAX_NAMES_PER_USER = 512

#: Finds a user's existing entity by name or alias: (user_id, name) → entity or None.
EntityLookup = Callable[[str, str], Entity | None]


@dataclass
class SessionEntities:
    """One user's per-session recent entities (least recently used sessions dropped first), the
    name each entity was last mentioned by, which is what a resolved reference becomes, and each
    session's last turn as blinded context terms (`jiyi.episodic.terms`: nothing readable is
    kept in the stream's recovery snapshots)."""

    sessions: OrderedDict[str, RecentEntities] = field(default_factory=OrderedDict)
    names: OrderedDict[str, str] = field(default_factory=OrderedDict)
    last_turn_terms: OrderedDict[str, tuple[str, ...]] = field(default_factory=OrderedDict)

    def swap_context(self, session_id: str, terms: tuple[str, ...]) -> tuple[str, ...]:
        """The session's previous turn's terms; `terms` (this turn's) take their place."""
        previous = self.last_turn_terms.pop(session_id, ())
        self.last_turn_terms[session_id] = terms
        while len(self.last_turn_terms) > MAX_SESSIONS_PER_USER:
            self.last_turn_terms.popitem(last=False)
        return previous

    def named(self, entity_id: str, name: str) -> None:
        self.names.pop(entity_id, None)
        self.names[entity_id] = name
        while len(self.names) > MAX_NAMES_PER_USER:
            self.names.popitem(last=False)

    def recent(self, session_id: str) -> RecentEntities:
        recent = self.sessions.pop(session_id, None) or RecentEntities()
        self.sessions[session_id] = recent
        while len(self.sessions) > MAX_SESSIONS_PER_USER:
            self.sessions.popitem(last=False)
        return recent


def as_reference(name: str) -> Reference | None:
    """ "that button" / "那个按钮", or a bare kind noun ("button", "公式"), as a reference."""
    kind = KIND_NOUNS.get(alias_key(name))
    return Reference(kind, name) if kind is not None else parse_reference(name)


def _object_kind(event: Event) -> EntityKind | None:
    """The kind of the event's object: as the extractor said, else what its graph rule assumes."""
    try:
        return EntityKind(event.attributes[EventAttr.OBJECT_KIND])
    except (KeyError, ValueError):
        pass
    rule = EVENT_RULES.get(event.event_type)
    return rule.default_kind if rule else None


def _known(lookup: EntityLookup, user_id: str, name: str) -> Entity | None:
    """The existing entity, if the graph can say; while it is down, the id a new node would get
    (the graph step will retry or dead-letter the turn; resolution itself must not stop)."""
    try:
        return lookup(user_id, name)
    except transient_errors():
        log.warning("entity lookup failed; using the name's own id", exc_info=True)
        return None


def _note_tutor_topic(text: str, recent: RecentEntities, state: SessionEntities) -> None:
    """The concept a tutor names ("That's the chain rule: …") becomes the session's topic when
    the user has named none yet, so "I still have a problem with that" finds it. A tutor's
    mention never becomes a belief by itself, and never displaces what the user named."""
    if recent.most_recent(EntityKind.CONCEPT) is not None:
        return
    named = vocabulary.mentions(text, EntityKind.CONCEPT)
    if named:
        with suppress(ValueError):
            entity_id = entity_id_for(named[0], EntityKind.CONCEPT)
            recent.note(EntityKind.CONCEPT, entity_id)
            state.named(entity_id, named[0])


def resolve_entities(work: TurnWork, state: SessionEntities, lookup: EntityLookup) -> TurnWork:
    """Rewrite a reference object to the name of the entity it points at, give understanding
    said without an object the session's concept, and note every named object in session
    state; a reference with nothing recent to point at is left as it is."""
    recent = state.recent(work.turn.session_id)
    if work.turn.role is Role.ASSISTANT:
        _note_tutor_topic(work.turn.content, recent, state)
    resolved = []
    for event in work.events:
        name = event.attributes.get(EventAttr.OBJECT, "").strip()
        reference = as_reference(name) if name else None
        if reference is not None:
            target = state.names.get(resolve_reference(reference, recent))
            if target is not None:
                attributes = event.attributes | {
                    EventAttr.OBJECT.value: target,
                    EventAttr.OBJECT_KIND.value: reference.kind.value,
                }
                event = event.model_copy(update={"attributes": attributes})
        elif not name and event.event_type in _ABOUT_THE_SESSION_TOPIC:
            concept = recent.most_recent(EntityKind.CONCEPT)
            target = state.names.get(concept) if concept else None
            if target is not None:  # "I still don't get it", "Exactly!": the session's concept
                attributes = event.attributes | {
                    EventAttr.OBJECT.value: target,
                    EventAttr.OBJECT_KIND.value: EntityKind.CONCEPT.value,
                }
                event = event.model_copy(update={"attributes": attributes})
        elif name and (kind := _object_kind(event)) is not None:
            known = _known(lookup, work.turn.user_id, name)
            with suppress(ValueError):  # no letters or digits: nothing to point back at later
                entity_id = known.entity_id if known else entity_id_for(name, kind)
                recent.note(kind, entity_id)
                state.named(entity_id, name)
        resolved.append(event)
    return work.with_events(resolved)
