"""Recall context assembly: what an agent needs for its next prompt, within a size budget.

Pure: given the session's recent turns, the episodic hits and the graph's beliefs, it picks what
fits the budget in order of value (beliefs the query touches, then the best events, then the
other strong beliefs, then the most recent turns) and renders one text block. Every item keeps
its provenance, so the agent (and the user, on the transparency page) can see why it is there.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from jiyi.domain.recall import (
    DEFAULT_BUDGET_CHARS,
    RecallContext,
    RecalledBelief,
    RecalledEvent,
    RecalledTurn,
)
from jiyi.domain.turns import LAST_REPRESENTABLE_MS
from jiyi.episodic.retrieval import Hit
from jiyi.graph.queries import Belief
from jiyi.health import skip_stored_value
from jiyi.text import tokenize
from jiyi.working import WorkingTurn


def _readable(ms: int, kind: str, user_id: str, item_id: str) -> bool:
    """Whether a stored time can be shown as a date; an item whose time cannot is left out."""
    if 0 <= ms <= LAST_REPRESENTABLE_MS:
        return True
    skip_stored_value(kind, user_id=user_id, item_id=item_id, value=ms)
    return False


def _day(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d")


def _belief(belief: Belief, query_tokens: set[str]) -> RecalledBelief:
    names = [belief.entity.name, *belief.entity.aliases]
    touched = any(query_tokens & set(tokenize(name)) for name in names)
    return RecalledBelief(
        relation=belief.relation.value,
        object=belief.entity.name,
        confidence=round(belief.confidence, 3),
        stored_confidence=round(belief.stored_confidence, 3),
        source=belief.source.value,
        evidence=list(belief.evidence),
        updated_at=belief.updated_at,
        matches_query=touched,
    )


def _event(hit: Hit) -> RecalledEvent:
    parts = hit.parts
    why = {
        "lexical": round(parts.lexical, 3),
        "vector": round(parts.vector, 3),
        "relevance": round(parts.relevance, 3),
        "confidence": round(parts.confidence, 3),
        "retrieval_weight": round(parts.retrieval_weight, 3),
        "recency": round(parts.recency, 3),
        "timing": round(parts.timing, 3),
        "first_talk": round(parts.first_talk, 3),
        "feeling": round(parts.feeling, 3),
        "speaker": round(parts.speaker, 3),
        # what its relevance took in from the turns around it and the question it answers
        "neighbours": round(parts.neighbours, 3),
        "asked": round(parts.asked, 3),
    }
    # the event's cosines in the CJK, turn and passage channels (`models.channels`), where it
    # has them
    for channel, cosine in (
        ("cjk_vector", parts.cjk_vector),
        ("turn_vector", parts.turn_vector),
        ("passage_vector", parts.passage_vector),
    ):
        if cosine is not None:
            why[channel] = round(cosine, 3)
    event = hit.event
    return RecalledEvent(
        event.event_id, event.event_type.value, event.summary, list(event.keywords), event.ts,
        round(hit.score, 4), why,
    )  # fmt: skip


def _belief_line(b: RecalledBelief) -> str:
    when = _day(b.updated_at)
    return f"- {b.relation}: {b.object} (confidence {b.confidence:.2f}, {b.source}, {when})"


def _event_line(e: RecalledEvent) -> str:
    return f"- [{_day(e.ts)} {e.event_type}] {e.summary}"


def _turn_line(t: RecalledTurn) -> str:
    return f"{t.role}: {t.content}"


def assemble(
    user_id: str,
    query: str,
    turns: Sequence[WorkingTurn],
    hits: Sequence[Hit],
    beliefs: Sequence[Belief],
    budget_chars: int = DEFAULT_BUDGET_CHARS,
) -> RecallContext:
    """Fill the budget by value and render the prompt block (sections in reading order)."""
    query_tokens = set(tokenize(query))
    hits = [h for h in hits if _readable(h.event.ts, "event_ts", user_id, h.event.event_id)]
    beliefs = [b for b in beliefs if _readable(b.updated_at, "belief_ts", user_id, b.edge_id)]
    recalled = [_belief(b, query_tokens) for b in beliefs]
    touched = [b for b in recalled if b.matches_query]
    others = [b for b in recalled if not b.matches_query]
    recent = [RecalledTurn(t.role.value, t.content, t.client_ts) for t in reversed(turns)]
    context = RecallContext(user_id=user_id, query=query, budget_chars=budget_chars)
    used = len(render_headers())  # the section headers are part of the budget too
    candidates: list[tuple[list[Any], Any, str]] = [
        *((context.beliefs, b, _belief_line(b)) for b in touched),
        *((context.events, e, _event_line(e)) for e in map(_event, hits)),
        *((context.beliefs, b, _belief_line(b)) for b in others),
        *((context.turns, t, _turn_line(t)) for t in recent),
    ]
    for bucket, item, line in candidates:
        if used + len(line) + 1 > budget_chars:
            context.left_out += 1
            continue
        bucket.append(item)
        used += len(line) + 1
    context.turns.reverse()  # chosen newest first, shown in conversation order
    context.text = render(context)
    return context


_HEADERS = ("What I believe about the user:", "Relevant memories:", "Recent conversation:")


def render_headers() -> str:
    return "\n\n".join(_HEADERS)


def render(context: RecallContext) -> str:
    blocks = (
        [_belief_line(b) for b in context.beliefs],
        [_event_line(e) for e in context.events],
        [_turn_line(t) for t in context.turns],
    )
    return "\n\n".join(
        header + "\n" + "\n".join(lines)
        for header, lines in zip(_HEADERS, blocks, strict=True)
        if lines
    )
