"""Step 3b: a reply read as the answer to the tutor's question before it
(`jiyi.ingest.answers`)."""

from __future__ import annotations

import pickle

from jiyi.domain import EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_answer, extract_with_rules
from jiyi.ingest.answers import read_answer
from jiyi.ingest.references import SessionEntities
from jiyi.ingest.work import TurnWork


def work(text: str, role: str = "user", session: str = "s1", child: bool = False) -> TurnWork:
    turn = Turn(user_id="u1", session_id=session, role=Role(role), content=text, client_ts=1)
    done = TurnWork(source="t", payload="{}", turn=turn, graph_allowed=True, child_mode=child)
    return done.with_events(extract_with_rules(turn))


def objects(done: TurnWork, event_type: EventType) -> list[str]:
    return [
        e.attributes[EventAttr.OBJECT]
        for e in done.events
        if e.event_type is event_type and EventAttr.OBJECT in e.attributes
    ]


def test_the_reply_right_after_the_question_answers_it() -> None:
    state = SessionEntities()
    read_answer(work("What part of the Laws worries you most?", "assistant"), state, extract_answer)
    answered = read_answer(work("Offside. Always offside."), state, extract_answer)
    assert objects(answered, EventType.CONCEPT_CONFUSION) == ["Offside"]
    later = read_answer(work("Offside. Always offside."), state, extract_answer)
    assert objects(later, EventType.CONCEPT_CONFUSION) == []  # one reply answers it


def test_a_question_is_answered_only_in_its_own_session() -> None:
    state = SessionEntities()
    read_answer(work("Nice! What can you play so far?", "assistant", "s1"), state, extract_answer)
    elsewhere = read_answer(work("power chords mostly.", session="s2"), state, extract_answer)
    assert objects(elsewhere, EventType.CONCEPT_MASTERY) == []
    here = read_answer(work("power chords mostly.", session="s1"), state, extract_answer)
    assert objects(here, EventType.CONCEPT_MASTERY) == ["power chords"]


def test_a_tutor_turn_that_asks_nothing_forgets_the_question() -> None:
    state = SessionEntities()
    read_answer(work("哪部分最难？", "assistant"), state, extract_answer)
    read_answer(work("先说说你的情况。", "assistant"), state, extract_answer)
    assert (
        objects(read_answer(work("函数吧"), state, extract_answer), EventType.CONCEPT_CONFUSION)
        == []
    )


def test_a_child_s_reply_is_not_read_as_an_answer() -> None:
    state = SessionEntities()
    read_answer(work("哪部分最难？", "assistant"), state, extract_answer)
    child = read_answer(work("分数吧", child=True), state, extract_answer)
    assert child.events == ()


def test_what_the_reply_says_itself_is_not_said_twice() -> None:
    state = SessionEntities()
    read_answer(work("What's the hardest part for you?", "assistant"), state, extract_answer)
    said = work("fractions confuse me")
    answered = read_answer(said, state, extract_answer)
    assert answered.events == said.events
    read_answer(work("What part worries you most?", "assistant"), state, extract_answer)
    both = read_answer(work("Offside. The interpretations kill me."), state, extract_answer)
    assert objects(both, EventType.CONCEPT_CONFUSION) == ["interpretations", "Offside"]


def test_the_state_keeps_the_question_as_a_kind_not_as_text() -> None:
    state = SessionEntities()
    read_answer(work("Which topic do you find hardest?", "assistant"), state, extract_answer)
    assert list(state.asked.values()) == ["obstacle"]
    assert all(isinstance(kind, str) and " " not in kind for kind in state.asked.values())


def test_a_snapshot_taken_before_questions_were_kept_still_resumes() -> None:
    old = SessionEntities()
    del old.__dict__["asked"]  # as pickled by the code before this field
    resumed = pickle.loads(pickle.dumps(old))
    assert resumed.ask("s1", None) is None
    read_answer(work("How old are you?", "assistant"), resumed, extract_answer)
    assert list(resumed.asked.values()) == ["age"]
