"""Step 4b: index a turn's events with the words of the turn before it in the same session.

A reply ("yes, every Sunday since May") answers a question whose words are only in the turn
before, so each turn carries that turn's last terms as context (`jiyi.episodic.terms`). The
terms are kept per session in the same state as recent entities, blinded, so a replay after a
crash sees exactly what the first run saw and no recovery snapshot holds readable text.
"""

from __future__ import annotations

from dataclasses import replace

from jiyi.episodic.terms import IndexTerms
from jiyi.ingest.references import SessionEntities
from jiyi.ingest.work import TurnWork


def attach_context(work: TurnWork, state: SessionEntities, terms: IndexTerms) -> TurnWork:
    """The turn with its session's previous-turn terms; its own become the next turn's context.
    In child mode nothing of the turn is kept as context, and it gets none."""
    turn = work.turn
    own = () if work.child_mode else terms.context(turn.user_id, turn.content)
    previous = state.swap_context(turn.session_id, own)
    return work if work.child_mode else replace(work, context=previous)
