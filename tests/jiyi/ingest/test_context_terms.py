"""Context terms: a reply is found by the words of the question before it, in its session only."""

from __future__ import annotations

from dataclasses import replace

from jiyi.composition import Stores
from jiyi.config import LimitsSettings
from jiyi.episodic import recall
from jiyi.ingest.context_terms import attach_context
from jiyi.ingest.parse import parse_record
from jiyi.ingest.pipeline import process_turns
from jiyi.ingest.references import SessionEntities


def _work(turn, child_mode: bool = False):  # type: ignore[no-untyped-def]
    work = parse_record(
        turn.model_dump_json(),
        key=turn.user_id,
        source="t",
        limits=LimitsSettings(max_content_bytes=4096),
    )
    return replace(work, child_mode=child_mode)


def test_each_turn_gets_the_previous_turn_of_its_own_session(ctx: Stores, make_turn):
    state = SessionEntities()
    question = attach_context(_work(make_turn("Which instrument do you play?")), state, ctx.terms)
    other = attach_context(_work(make_turn("hello", session="s2")), state, ctx.terms)
    reply = attach_context(_work(make_turn("the violin, since May")), state, ctx.terms)
    assert question.context == ()
    assert other.context == ()
    assert reply.context == ctx.terms.context("u1", "Which instrument do you play?")


def test_a_child_turn_is_neither_given_nor_kept_as_context(ctx: Stores, make_turn):
    state = SessionEntities()
    attach_context(_work(make_turn("my school is Elm Park"), child_mode=True), state, ctx.terms)
    after = attach_context(_work(make_turn("ok")), state, ctx.terms)
    assert after.context == ()


def test_a_reply_is_recalled_by_the_words_of_the_question_before_it(ctx, make_turn):
    process_turns(
        [
            make_turn("I finally signed up for the pottery class", role="user"),
            make_turn("Which weekday do you have the pottery class?", role="assistant"),
            make_turn("I like going on Thursdays after work", role="user"),
            make_turn("I like green tea", role="user", session="s2"),
        ],
        ctx,
    )
    hits = recall(ctx.episodic, ctx.encoder, ctx.terms, "u1", "what weekday is pottery", k=3)
    assert "Thursday" in hits[0].event.summary
