"""Step 4b: weigh the tutor's verdicts by what the exchange has shown so far.

A careful tutor reads "That's right!" differently after a hint: a right answer straight after a
miss on the same concept in the same session (the tutor's "not quite", or the user's own "I'm
stuck on it") shows the hint worked, not that the concept is learned, so it is no evidence either
way. Right answers in sessions without a miss add up (two confirmed sessions are more than one),
and so do misses: the same slip flagged in three sessions is a standing obstacle, one "close,
but" a weak one. The user's own "I get it now" right after the tutor fixed a miss is read like
that right answer. The record is per user and concept, kept in the dataflow state beside the
recent entities, so a replay weighs a verdict as the first run did.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from jiyi.domain import MISSED_AGAIN, RIGHT, Event, EventAttr, EventType
from jiyi.graph.entities import alias_key

MAX_CONCEPTS = 256
MAX_SESSIONS_KEPT = 8

#: A right answer's confidence by how many right answers (with no miss before them in their
#: session) the concept has had: one is a sign, three a pattern. Chosen on `jiyi bench
#: beliefs`: a careful reader holds a concept confirmed in two sessions firmly, and one answered
#: right on an exercise the tutor set, first time, firmly while it is fresh (the s19 chats:
#: 窗口函数, 停电检修), weakly a few weeks on as it decays.
RIGHT_BY_COUNT = (0.6, 0.7, 0.8)
#: A miss's confidence by how many sessions saw one: one slip is weak, the same one in three
#: sessions is an obstacle. A miss the tutor calls a repeat ("again") keeps its own, higher one.
MISSED_BY_SESSIONS = (0.3, 0.6, 0.75)


@dataclass
class VerdictTally:
    """What the tutor said about one concept of one user: the sessions with a miss (newest
    last, bounded) and how many right answers came with no miss before them."""

    missed_in: list[str] = field(default_factory=list)
    rights: int = 0
    #: sessions where the user said they were stuck on it ("卡在F和弦"), newest last
    stuck_in: list[str] = field(default_factory=list)

    def missed(self, session_id: str) -> int:
        _add_session(self.missed_in, session_id)
        return len(self.missed_in)

    def stuck(self, session_id: str) -> None:
        _add_session(self.stuck_in, session_id)

    def fixed_in(self, session_id: str) -> bool:
        """Whether the tutor had something to fix on it in this session: a miss the tutor flagged
        or the user's own "I'm stuck on it"."""
        return session_id in self.missed_in or session_id in self.stuck_in


def _add_session(sessions: list[str], session_id: str) -> None:
    if session_id not in sessions:
        sessions.append(session_id)
        del sessions[:-MAX_SESSIONS_KEPT]


@dataclass
class ExchangeRecord:
    """One user's verdict tallies, by concept name (least recently used dropped first), and the
    concept of each session's current exercise, when the tutor named one, and of its last
    verdict."""

    tallies: OrderedDict[str, VerdictTally] = field(default_factory=OrderedDict)
    exercises: OrderedDict[str, str] = field(default_factory=OrderedDict)
    #: each session's last verdict's concept, until the user names another: "i keep doing that"
    answered: OrderedDict[str, str] = field(default_factory=OrderedDict)

    def pose(self, session_id: str, entity_id: str | None) -> None:
        """The session's exercise is now on `entity_id` (None: on whatever the user named)."""
        self.exercises.pop(session_id, None)
        if entity_id is None:
            self.answered.pop(session_id, None)
        else:
            self.exercises[session_id] = entity_id
            while len(self.exercises) > MAX_SESSIONS_KEPT:
                self.exercises.popitem(last=False)

    def missed_before(self, concept: str) -> str | None:
        """The concept a tutor's "again" is about: `concept` if it was ever missed, else the
        one whose verdicts came last among those missed before."""
        if concept and concept in self.tallies and self.tallies[concept].missed_in:
            return concept
        return next((c for c, t in reversed(self.tallies.items()) if t.missed_in), None)

    def renamed(self, old: str, new: str) -> None:
        """The concept called `old` is now called `new` (the user's own word for it, "无差异曲线"
        after "indifference curves"): its verdicts so far follow it."""
        old_key, new_key = alias_key(old), alias_key(new)
        moved = self.tallies.pop(old_key, None) if old_key != new_key else None
        if moved is None:
            return
        kept = self.tallies.pop(new_key, None)
        if kept is not None:
            sessions = [s for s in moved.missed_in if s not in kept.missed_in] + kept.missed_in
            stuck = [s for s in moved.stuck_in if s not in kept.stuck_in] + kept.stuck_in
            moved = VerdictTally(
                sessions[-MAX_SESSIONS_KEPT:],
                moved.rights + kept.rights,
                stuck[-MAX_SESSIONS_KEPT:],
            )
        self.tallies[new_key] = moved

    def stuck(self, concept: str, session_id: str) -> None:
        """The user said in this session that they are stuck on `concept` (a name)."""
        if key := alias_key(concept):
            self.tally(key).stuck(session_id)

    def tally(self, concept: str) -> VerdictTally:
        found = self.tallies.pop(concept, None) or VerdictTally()
        self.tallies[concept] = found
        while len(self.tallies) > MAX_CONCEPTS:
            self.tallies.popitem(last=False)
        return found


def _by_count(scale: tuple[float, ...], count: int) -> float:
    return scale[min(count, len(scale)) - 1]


def weigh_verdict(event: Event, record: ExchangeRecord, on_exercise: bool, grounded: bool) -> Event:
    """The verdict event with the confidence the exchange so far gives it.

    A right answer right after a miss (or the user's "I'm stuck") in its session, or on a
    concept only carried over from an earlier session (not `grounded` in this one), keeps its
    episode but loses its object:
    no belief moves on it. Right answers count only on an exercise the tutor named
    (`on_exercise`): one on whatever the session was about may be on a part of it ("the
    midpoint step" of elasticity), and as a weak sign blended into a firmer belief (or halving
    an obstacle) it would only mislead, so it too keeps only its episode. Misses add up on a
    concept this session named; a carried-over one keeps the rule's own confidence."""
    verdict = event.attributes.get(EventAttr.VERDICT)
    concept = alias_key(event.attributes.get(EventAttr.OBJECT, ""))
    if verdict is None or not concept:
        return event
    tally = record.tally(concept)
    record.answered.pop(event.session_id, None)
    record.answered[event.session_id] = event.attributes[EventAttr.OBJECT]
    while len(record.answered) > MAX_SESSIONS_KEPT:
        record.answered.popitem(last=False)
    if verdict == RIGHT:
        if tally.fixed_in(event.session_id) or not grounded:
            return _episode_only(event)
        tally.rights += 1
        if not on_exercise:
            return _episode_only(event)
        confidence = _by_count(RIGHT_BY_COUNT, tally.rights)
    else:
        confidence = _by_count(MISSED_BY_SESSIONS, tally.missed(event.session_id))
        if not grounded:
            return event
        if verdict == MISSED_AGAIN:
            confidence = max(confidence, event.confidence)
    return event.model_copy(update={"confidence": confidence})


def weigh_understanding(event: Event, record: ExchangeRecord) -> Event:
    """The user's own "I get it now", said of the session's concept (no name of its own), after
    the tutor fixed a miss on it in this session (or the user said they were stuck on it, "卡在
    F和弦" … "看视频一下就明白了"): the explanation worked, which says no more
    about mastery than a right answer straight after a hint does, so it keeps only its episode.
    Said in a session without a miss ("弄懂了" the next day), it is the user's claim as said."""
    if event.event_type is not EventType.CONCEPT_MASTERY:
        return event
    concept = alias_key(event.attributes.get(EventAttr.OBJECT, ""))
    tally = record.tallies.get(concept) if concept else None
    if tally is None or not tally.fixed_in(event.session_id):
        return event
    return _episode_only(event)


def _episode_only(event: Event) -> Event:
    """The event without its object: it is remembered as an episode, and moves no belief."""
    kept = {
        k: v
        for k, v in event.attributes.items()
        if k not in {EventAttr.OBJECT, EventAttr.OBJECT_KIND}
    }
    return event.model_copy(update={"attributes": kept})
