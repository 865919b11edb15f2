"""What a user turn gives the graph, for rule tests that judge the belief, not the event."""

from __future__ import annotations

from jiyi.domain import Role, Turn
from jiyi.extraction.engine import extract_with_rules
from jiyi.graph.updates import claim_for


def claims_in(text: str) -> set[tuple[str, str]]:
    """(relation, object) of each belief a user turn gives the graph, read in context."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return {
        (claim.relation.value, claim.object_name)
        for e in extract_with_rules(turn)
        if (claim := claim_for(e)) is not None and claim.object_name
    }
