"""The rule table: named, precompiled zh + en patterns, each emitting one closed `EventType`.

Why rules first: they are fast, deterministic and never hallucinate, and explicit declarations
("I'm 17", "我不太理解链式法则") are exactly what they catch well. Each rule documents itself:
a description and examples, and the test suite checks every example fires its rule.

The table is assembled here from one module per rule family (`identity`, `personal`, ...
`small_talk`), each built with `model.rule` from the regex fragments and vocabularies in
`fragments`; `cleaning` tidies what a rule's groups captured. Keep the order: the engine breaks
ties between equally confident matches of the same thing by it.
"""

from __future__ import annotations

from jiyi.domain import Role
from jiyi.extraction.rules import (
    assessment,
    aversions,
    complaints,
    emotions,
    facts,
    feedback,
    goals,
    hobbies,
    identity,
    introductions,
    learning_style,
    openings_zh,
    personal,
    plans,
    preferences,
    questions,
    requests,
    small_talk,
    struggles,
    topic_first_zh,
    understanding,
)
from jiyi.extraction.rules.cleaning import normalise_age, normalise_name
from jiyi.extraction.rules.model import NEGATIVE, POSITIVE, Rule, RuleMatch

RULES: tuple[Rule, ...] = (
    *identity.RULES,
    *facts.RULES,
    *personal.RULES,
    *introductions.RULES,
    *openings_zh.RULES,
    *preferences.RULES,
    *hobbies.RULES,
    *aversions.RULES,
    *learning_style.RULES,
    *requests.RULES,
    *goals.RULES,
    *understanding.RULES,
    *struggles.RULES,
    *topic_first_zh.RULES,
    *questions.RULES,
    *complaints.RULES,
    *plans.RULES,
    *assessment.RULES,
    *feedback.RULES,
    *emotions.RULES,
    *small_talk.RULES,
)

RULES_BY_NAME: dict[str, Rule] = {r.name: r for r in RULES}


def rules_for(role: Role) -> tuple[Rule, ...]:
    """The rules that apply to a turn of this role (plans come from the assistant)."""
    return tuple(r for r in RULES if role in r.roles)


__all__ = [
    "NEGATIVE",
    "POSITIVE",
    "RULES",
    "RULES_BY_NAME",
    "Rule",
    "RuleMatch",
    "normalise_age",
    "normalise_name",
    "rules_for",
]
