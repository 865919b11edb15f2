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
import re
from collections import OrderedDict, deque
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field

from jiyi import vocabulary
from jiyi.domain import (
    MISSED_AGAIN,
    Entity,
    EntityKind,
    Event,
    EventAttr,
    EventType,
    Role,
    recall_only,
)
from jiyi.extraction.engine import normalise
from jiyi.extraction.rules.answers import Asked
from jiyi.extraction.rules.assessment import concepts_asked, concepts_named, concepts_posed
from jiyi.graph.entities import (
    KIND_NOUNS,
    Reference,
    alias_key,
    entity_id_for,
    nameable,
    parse_reference,
)
from jiyi.graph.updates import EVENT_RULES
from jiyi.ingest.exchange import ExchangeRecord, weigh_understanding, weigh_verdict
from jiyi.ingest.retry import transient_errors
from jiyi.ingest.similar_names import SimilarNames
from jiyi.ingest.work import TurnWork
from jiyi.text import has_han

log = logging.getLogger(__name__)

MAX_SESSIONS_PER_USER = 64
#: Understanding said without its object ("I still don't get it", the tutor's "Exactly!") is
#: about the concept the session last named.
_ABOUT_THE_SESSION_TOPIC = frozenset({EventType.CONCEPT_CONFUSION, EventType.CONCEPT_MASTERY})
MAX_NAMES_PER_USER = 512

#: Words an extractor may take for an object that only point at the topic ("脑子转不过来": the
#: topic is what the brain cannot turn round).
_POINTERS = frozenset(
    {"it", "this", "that", "this one", "that one", "this part", "that part", "here", "就是",
     "这里", "那里", "这个", "那个", "这", "那", "这块", "那块", "这部分", "那部分", "这题", "那题",
     "脑子", "脑袋", "brain", "my brain", "head", "my head"}
)  # fmt: skip
_AFTER_POINTER = re.compile(r"(?:那个|这个|那种|这种|\b(?:that|this|the)\s+)")
_OBJECT_ATTRIBUTES = frozenset({EventAttr.OBJECT, EventAttr.OBJECT_KIND})
_ACRONYM = re.compile(r"([A-Za-z]{2,5}?)'?s?")
_WORD = re.compile(r"[a-z0-9]+")

#: Finds a user's existing entity by name or alias: (user_id, name) → entity or None.
EntityLookup = Callable[[str, str], Entity | None]


@dataclass
class RecentEntities:
    """The entities a session touched, newest last: state for resolving references."""

    capacity: int = 32
    _items: deque[tuple[EntityKind, str]] = field(default_factory=deque)

    def note(self, kind: EntityKind, entity_id: str) -> None:
        if (kind, entity_id) in self._items:
            self._items.remove((kind, entity_id))
        self._items.append((kind, entity_id))
        while len(self._items) > self.capacity:
            self._items.popleft()

    def most_recent(self, kind: EntityKind) -> str | None:
        return next(iter(self.most_recent_all(kind)), None)

    def most_recent_all(self, kind: EntityKind) -> list[str]:
        """The session's entities of `kind`, newest first."""
        return [eid for k, eid in reversed(self._items) if k is kind]


@dataclass
class SessionEntities:
    """One user's per-session recent entities (least recently used sessions dropped first), the
    name each entity was last mentioned by, which is what a resolved reference becomes, each
    session's last turn as blinded context terms (`jiyi.episodic.terms`: nothing readable is
    kept in the stream's recovery snapshots), the tutor's verdicts so far per concept, and what
    each session's last tutor turn asked."""

    sessions: OrderedDict[str, RecentEntities] = field(default_factory=OrderedDict)
    names: OrderedDict[str, str] = field(default_factory=OrderedDict)
    last_turn_terms: OrderedDict[str, tuple[str, ...]] = field(default_factory=OrderedDict)
    exchange: ExchangeRecord = field(default_factory=ExchangeRecord)
    #: what each session's last tutor turn asked the learner to name (`jiyi.ingest.answers`)
    asked: OrderedDict[str, Asked] = field(default_factory=OrderedDict)

    def __setstate__(self, saved: dict[str, object]) -> None:
        """A recovery snapshot taken before a field was added gains it empty, so a stream
        upgraded mid-log resumes from its last snapshot."""
        self.__dict__.update({**SessionEntities().__dict__, **saved})

    def ask(self, session_id: str, question: Asked | None) -> Asked | None:
        """What the session's last tutor turn asked; `question` (the newest turn's) replaces it."""
        previous = self.asked.pop(session_id, None)
        if question is not None:
            self.asked[session_id] = question
            while len(self.asked) > MAX_SESSIONS_PER_USER:
                self.asked.popitem(last=False)
        return previous

    def swap_context(self, session_id: str, terms: tuple[str, ...]) -> tuple[str, ...]:
        """The session's previous turn's terms; `terms` (this turn's) take their place."""
        previous = self.last_turn_terms.pop(session_id, ())
        self.last_turn_terms[session_id] = terms
        while len(self.last_turn_terms) > MAX_SESSIONS_PER_USER:
            self.last_turn_terms.popitem(last=False)
        return previous

    def named(self, entity_id: str, name: str) -> None:
        old = self.names.pop(entity_id, None)
        if old is not None:
            self.exchange.renamed(old, name)
        self.names[entity_id] = name
        while len(self.names) > MAX_NAMES_PER_USER:
            self.names.popitem(last=False)

    def referent(self, reference: Reference) -> str:
        """The name "that button" stands for: the last entity of its kind that the session just
        touched (`recent`) talked about, else the newest earlier session's, else the kind noun
        itself ("button"), never an unrelated entity."""
        for recent in reversed(self.sessions.values()):
            entity_id = recent.most_recent(reference.kind)
            if entity_id is not None and (name := self.names.get(entity_id)):
                return name
        return reference.phrase

    def names_of(self, kind: EntityKind) -> list[str]:
        """The names of the user's recent entities of `kind`, newest session first."""
        ids = (eid for r in reversed(self.sessions.values()) for eid in r.most_recent_all(kind))
        return [self.names[eid] for eid in dict.fromkeys(ids) if eid in self.names]

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


def _object_kind(event: Event, name: str) -> EntityKind | None:
    """The kind of the event's object: a UI element when its head noun says so ("支付按钮",
    "payment button", whatever the extractor guessed: it is what "that button" looks for), else
    the extractor's kind, else what its graph rule assumes."""
    words = alias_key(name).split()
    head = words[-1].removesuffix("s") if words else ""
    if any(
        kind is EntityKind.UI_ELEMENT and (head == noun or (has_han(noun) and head.endswith(noun)))
        for noun, kind in KIND_NOUNS.items()
    ):
        return EntityKind.UI_ELEMENT
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


def _note(recent: RecentEntities, state: SessionEntities, entity_id: str, name: str) -> None:
    recent.note(EntityKind.CONCEPT, entity_id)
    state.named(entity_id, name)


def _said_before(name: str, state: SessionEntities) -> str | None:
    """The user's concept that `name` is a shorter or longer form of ("酸碱" for "酸碱平衡",
    "the chain-rule stuff" for "chain rule"): the tutor shortening the user's term names the
    same thing."""
    said = alias_key(name)
    for recent in reversed(state.sessions.values()):
        for entity_id in recent.most_recent_all(EntityKind.CONCEPT):
            other = alias_key(state.names.get(entity_id, ""))
            if other and (said in other or other in said):
                return entity_id
    return None


def _pose(
    names: list[str],
    work: TurnWork,
    recent: RecentEntities,
    state: SessionEntities,
    lookup: EntityLookup,
) -> str | None:
    """Make the last nameable of `names` the session's exercise (and topic); its id, if one was."""
    names = [name for name in names if nameable(name)]
    if not names:
        return None
    name = vocabulary.canonical(names[-1], "zh" if has_han(names[-1]) else "en")
    entity_id = _said_before(name, state)
    if entity_id is None:
        known = _known(lookup, work.turn.user_id, name)
        with suppress(ValueError):
            entity_id = known.entity_id if known else entity_id_for(name, EntityKind.CONCEPT)
    if entity_id is None:
        return None
    _note(recent, state, entity_id, state.names.get(entity_id, name))
    state.exchange.pose(work.turn.session_id, entity_id)
    return entity_id


def _note_topic(
    work: TurnWork,
    recent: RecentEntities,
    state: SessionEntities,
    lookup: EntityLookup,
    named: list[str],
) -> None:
    """The concept a tutor's turn poses the next exercise on ("换一题：静脉补钾…"), else the one
    it named ("That's the chain rule: …"), becomes the session's topic, so the verdict on the
    next attempt and "I still have a problem with that" find it. A known concept either side
    merely mentions does so only while the session has none ("the chain-rule stuff again"), and
    never from a verdict turn, whose mentions are parts of the explanation, nor from a tutor's
    turn in a session that picked up an earlier one's thread. A tutor's mention never becomes a
    belief."""
    if work.turn.role is Role.ASSISTANT:
        text = normalise(work.turn.content)
        if _pose(concepts_posed(text), work, recent, state, lookup) is not None:
            return
        if _pose(concepts_asked(text), work, recent, state, lookup) is not None:
            return
        if _pose(named, work, recent, state, lookup) is not None:
            return
        if any(EventAttr.VERDICT in event.attributes for event in work.events):
            return
    if recent.most_recent(EntityKind.CONCEPT) is not None:
        return
    if work.turn.role is Role.ASSISTANT and _carried_topic(state, work.turn.session_id):
        return  # the tutor's passing "写导数" does not replace the thread the user picked up
    mentioned = vocabulary.mentions(work.turn.content, EntityKind.CONCEPT)
    if mentioned:
        with suppress(ValueError):
            _note(recent, state, entity_id_for(mentioned[0], EntityKind.CONCEPT), mentioned[0])


def _spelled_out(name: str, state: SessionEntities) -> str | None:
    """The user's earlier name that `name` abbreviates ("FBDs", "fbd" → "free body diagrams":
    the initials of its words), so an abbreviation lands on the entity it stands for."""
    letters = _ACRONYM.fullmatch(name.strip())
    if letters is None:
        return None
    initials = letters.group(1).casefold()
    for said in reversed(state.names.values()):
        words = _WORD.findall(said.casefold())
        if len(words) == len(initials) and "".join(w[0] for w in words) == initials:
            return said
    return None


def _meant(
    name: str, kind: EntityKind, state: SessionEntities, similar: SimilarNames | None
) -> str | None:
    """The user's earlier name of the same kind that a name the graph does not know stands for:
    one it abbreviates, else the most similar one (a name the vocabulary or the gazetteer knows
    is its own entity and is never re-pointed)."""
    if (spelled := _spelled_out(name, state)) is not None:  # "FBDs": free body diagrams
        return spelled
    if similar is None or kind is EntityKind.PLACE or vocabulary.lookup(name) is not None:
        return None
    return similar.match(name, state.names_of(kind))


def _stuck_on(event: Event) -> bool:
    """Whether a user's event says they are stuck on a named concept now, themselves."""
    attributes = event.attributes
    return (
        event.event_type is EventType.CONCEPT_CONFUSION
        and bool(attributes.get(EventAttr.OBJECT))
        and not {EventAttr.HOLDER, EventAttr.TENSE, EventAttr.VERDICT} & attributes.keys()
    )


def _pointer_dropped(event: Event) -> Event:
    """Understanding whose "object" only points ("我就是这里一直搞混" read as "就是", "you nailed
    it"), or a confusion whose object is a clause no name can be ("什么时候乘什么时候加分不清"),
    without its object: it is about the session's concept, or the one the same turn names."""
    name = event.attributes.get(EventAttr.OBJECT, "").strip()
    if event.event_type not in _ABOUT_THE_SESSION_TOPIC or not name:
        return event
    if alias_key(name) not in _POINTERS and nameable(name):
        return event
    if len(name) == 1 and name.isascii() and name.isalpha():
        return event  # "F is impossible": a chord or a variable, named; never the session's concept
    tail = _AFTER_POINTER.split(name)[-1].strip()  # "斜率那个边际替代率": the name is the tail
    if tail != name and alias_key(tail) not in _POINTERS and nameable(tail):
        return event.model_copy(update={"attributes": event.attributes | {EventAttr.OBJECT: tail}})
    if alias_key(name) not in _POINTERS and event.event_type is EventType.CONCEPT_MASTERY:
        return event  # "生活例子一来就懂了": the explanation landed, no concept was shown learned
    kept = {k: v for k, v in event.attributes.items() if k not in _OBJECT_ATTRIBUTES}
    return event.model_copy(update={"attributes": kept})


def _about_the_topic(event: Event) -> bool:
    """Understanding said without its object ("I still don't get it", the tutor's "Exactly!")."""
    return (
        event.event_type in _ABOUT_THE_SESSION_TOPIC
        and not event.attributes.get(EventAttr.OBJECT, "").strip()
    )


def _said_mastered(events: list[Event]) -> set[str]:
    """The concepts a turn says are fine: its objectless confusion is about something else."""
    return {
        alias_key(event.attributes[EventAttr.OBJECT])
        for event in events
        if event.event_type is EventType.CONCEPT_MASTERY
        and event.attributes.get(EventAttr.OBJECT, "").strip()
    }


def _said_fine(event: Event, role: Role) -> bool:
    """The user calling a concept fine ("古代史都还行"): it is not what the session turns to, so a
    later "又串了" is not about it."""
    return role is Role.USER and event.event_type is EventType.CONCEPT_MASTERY


def _carried_topic(state: SessionEntities, session_id: str) -> str | None:
    """The concept the user's previous session ended on: a new session picks the thread up
    until something new is named."""
    for other_id, recent in reversed(state.sessions.items()):
        if other_id != session_id and (concept := recent.most_recent(EntityKind.CONCEPT)):
            return concept
    return None


def resolve_entities(
    work: TurnWork,
    state: SessionEntities,
    lookup: EntityLookup,
    similar: SimilarNames | None = None,
) -> TurnWork:
    """Rewrite a reference object to the name of the entity it points at, a new name for a
    thing the user named before to that name (`similar`: by embedding), give understanding
    said without an object the session's concept, and note every named object in session
    state. This is the one place references are resolved: the graph refuses any left over.
    A residue classifier's event passes untouched (`recall_only`): a guessed type
    ("concept_confusion" for a worked answer) would move the session's topic."""
    kept_aside = [e for e in work.events if recall_only(e)]
    work = work.with_events([e for e in work.events if not recall_only(e)])
    recent = state.recent(work.turn.session_id)
    events = [_pointer_dropped(event) for event in work.events]
    named: list[str] = []  # "对！那个就是现在完成时": the turn's verdict is on what it names
    own_mention = None  # the concept the user's own turn names, for its objectless confusion
    if work.turn.role is Role.ASSISTANT:
        named = concepts_named(normalise(work.turn.content))
        _pose(named, work, recent, state, lookup)
    else:  # what the user is stuck on is what the session turns to: noted last
        events.sort(key=lambda e: e.event_type is EventType.CONCEPT_CONFUSION)
        if any(_about_the_topic(e) and e.event_type is EventType.CONCEPT_CONFUSION for e in events):
            # "又是chain rule。。我就是这里老错": the user's own turn says what "here" is (not so
            # for "that one clicked. still shaky on mixolydian": what clicked is the exercise)
            mentioned = vocabulary.mentions(work.turn.content, EntityKind.CONCEPT)
            own_mention = _pose(mentioned, work, recent, state, lookup)
    resolved = []
    for event in events:
        exercise = None
        grounded = True  # a named object, or the session's own concept
        name = event.attributes.get(EventAttr.OBJECT, "").strip()
        reference = as_reference(name) if name else None
        if reference is not None:
            attributes = event.attributes | {
                EventAttr.OBJECT.value: state.referent(reference),
                EventAttr.OBJECT_KIND.value: reference.kind.value,
            }
            event = event.model_copy(update={"attributes": attributes})
        elif _about_the_topic(event):
            exercise = state.exchange.exercises.get(work.turn.session_id)
            in_session = recent.most_recent(EntityKind.CONCEPT)
            grounded = bool(exercise or in_session)
            stuck = event.event_type is EventType.CONCEPT_CONFUSION and own_mention
            carried = _carried_topic(state, work.turn.session_id)
            concept = (own_mention if stuck else None) or exercise or in_session or carried
            target = state.names.get(concept) if concept else None
            if stuck and concept and target:
                _note(recent, state, concept, target)  # what the user is stuck on is the topic
            if not exercise and event.attributes.get(EventAttr.VERDICT) == MISSED_AGAIN:
                # "又漏了": the same slip as before, not whatever the session mentioned since
                again = state.exchange.missed_before(alias_key(target or ""))
                target, grounded = (again, True) if again else (target, grounded)
            answered = state.exchange.answered.get(work.turn.session_id)
            if work.turn.role is Role.USER and not stuck and answered:
                target, grounded = answered, True  # "i keep doing that": what the tutor just judged
            if target is not None and alias_key(target) in _said_mastered(events):
                target = None  # "古代史都还行 一到近代就乱": what is fine is not what is hard
            if target is not None:  # "I still don't get it", "Exactly!": the session's concept
                attributes = event.attributes | {
                    EventAttr.OBJECT.value: target,
                    EventAttr.OBJECT_KIND.value: EntityKind.CONCEPT.value,
                }
                event = event.model_copy(update={"attributes": attributes})
                if work.turn.role is Role.USER:
                    event = weigh_understanding(event, state.exchange)
        elif name and (kind := _object_kind(event, name)) is not None:
            known = _known(lookup, work.turn.user_id, name)
            if known is None and (meant := _meant(name, kind, state, similar)) is not None:
                name, known = meant, _known(lookup, work.turn.user_id, meant)
                attributes = event.attributes | {EventAttr.OBJECT.value: name}
                event = event.model_copy(update={"attributes": attributes})
            with suppress(ValueError):  # no letters or digits: nothing to point back at later
                entity_id = known.entity_id if known else entity_id_for(name, kind)
                if not _said_fine(event, work.turn.role):
                    recent.note(kind, entity_id)
                state.named(entity_id, name)
                if work.turn.role is Role.USER and kind is EntityKind.CONCEPT:
                    state.exchange.pose(work.turn.session_id, None)  # the user moved the topic
        if work.turn.role is Role.ASSISTANT:
            event = weigh_verdict(event, state.exchange, bool(exercise), grounded)
        elif _stuck_on(event):  # what a later "I get it now" or right answer is read against
            state.exchange.stuck(event.attributes[EventAttr.OBJECT], work.turn.session_id)
        resolved.append(event)
    _note_topic(work.with_events(resolved), recent, state, lookup, named)  # after: a verdict is on
    return work.with_events([*resolved, *kept_aside])  # the last exercise; it may pose the next
