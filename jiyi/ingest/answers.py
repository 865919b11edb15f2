"""Step 3b: a user's short reply read as the answer to the tutor's question before it.

"Offside." after "What part of the Laws worries you most?" names the learner's obstacle, though
the reply alone says nothing of the kind (`jiyi.extraction.rules.answers`). What each session's
last tutor turn asked is kept in the user's dataflow state, as a kind and never as text, and
only the next user turn of that session is read against it. Child mode reads no answers: its
events keep their type only. An answered age is a declared age (`answer_with_privacy`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from jiyi.domain import Event, EventAttr, Role, Turn
from jiyi.extraction.rules.answers import Asked, asked
from jiyi.graph.entities import alias_key
from jiyi.ingest.consent_gate import apply_privacy
from jiyi.ingest.references import SessionEntities
from jiyi.ingest.work import Rejected, TurnWork

if TYPE_CHECKING:
    from jiyi.composition import Stores

#: A user turn and the question it answers → the claims it makes as that answer.
AnswerReader = Callable[[Turn, Asked], Sequence[Event]]


def read_answer(work: TurnWork, state: SessionEntities, reader: AnswerReader) -> TurnWork:
    """Note what a tutor's turn asks; add to a user turn the claims it makes as the answer
    to the question just before it in its session, besides those its own words make."""
    turn = work.turn
    if turn.role is Role.ASSISTANT:
        state.ask(turn.session_id, asked(turn.content))
        return work
    question = state.ask(turn.session_id, None)  # one reply answers it
    if question is None or work.child_mode or turn.role is not Role.USER:
        return work
    added = [event for event in reader(turn, question) if not _said_already(event, work.events)]
    return work.with_events([*work.events, *added]) if added else work


def answer_with_privacy(
    work: TurnWork, state: SessionEntities, stores: Stores
) -> TurnWork | Rejected:
    """`read_answer`, then the privacy step again on a turn the answer added claims to: "9"
    after "How old are you?" declares an age as "I'm 9" does, so child mode starts with this
    turn (the privacy step is idempotent on the claims it saw before)."""
    answered = read_answer(work, state, stores.answer_reader)
    if answered is work:
        return work
    return apply_privacy(answered, stores.consent, stores.settings.privacy)


def _claimed(event: Event) -> str:
    return alias_key(
        event.attributes.get(EventAttr.OBJECT) or event.attributes.get(EventAttr.VALUE, "")
    )


def _said_already(answer: Event, own: Sequence[Event]) -> bool:
    """Whether the reply's own words already make the answer's claim: "fractions confuse me"
    names its obstacle itself, where "Offside. … the interpretations kill me" names another."""
    said = _claimed(answer)
    return any(
        event.event_type is answer.event_type
        and (name := _claimed(event))
        and (name in said or said in name)
        for event in own
    )
