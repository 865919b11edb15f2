"""What a rule is: a named, precompiled pattern that emits one closed `EventType`, and `rule()`,
which every family module builds its rules with.

Patterns run on one normalised sentence at a time (NFKC, so full-width "，？！" arrive as ",?!")
unless `whole_text` is set (plans span several lines). Named groups carry what is extracted:
`object` (the thing the event is about) and `value` (a scalar: an age, a name, a role).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from jiyi.domain import NEGATIVE as NEGATIVE  # re-exported for the rule families
from jiyi.domain import POSITIVE as POSITIVE
from jiyi.domain import EntityKind, EventType, RelationKind, Role
from jiyi.extraction.rules.cleaning import clean_objects, en_clause_of, zh_clause_of

Normaliser = Callable[[str], str | None]

USER_ROLES = frozenset({Role.USER})
ASSISTANT_ROLES = frozenset({Role.ASSISTANT})

DO_NOT_MENTION = "do_not_mention"


def captured(found: re.Match[str], lang: str, group: str = "object") -> str | None:
    """What a match's group captured, only the clause next to the rule's frame
    (`cleaning.zh_clause_of`, `cleaning.en_clause_of`): "能画画吗 字我看不懂" is about 字, "we
    live in Ohio and fractions confuse me" about fractions."""
    raw = found.group(group) if group in found.re.groupindex else None
    if not raw:
        return raw
    frame_after = found.end(group) < found.end()
    if lang != "zh":
        return en_clause_of(raw) if frame_after else raw
    if not frame_after and raw[:1].isspace() and found.start(group) > found.start():
        return None  # "懂了 那这题是向左吧": the space ends the frame's clause, naming nothing
    return zh_clause_of(_whole_latin_words(found, group), frame_after)


_MAX_LOOKBACK = 80
_LATIN_CHAR = re.compile(r"[A-Za-z0-9+#'-]")
_LATIN_BEFORE = re.compile(r"[A-Za-z0-9][A-Za-z0-9+#'-]*(?:\s+[A-Za-z0-9][A-Za-z0-9+#'-]*)*$")


def _whole_latin_words(found: re.Match[str], group: str) -> str:
    """A Chinese rule's capture that starts inside English words ("list compre|hension我已经…":
    a pattern's length limit cut it) with the words it cut into, so no name starts mid-word."""
    start, end = found.span(group)
    text = found.string
    inside = start > 0 and _LATIN_CHAR.match(text[start - 1]) and _LATIN_CHAR.match(text[start])
    if not inside:
        return text[start:end]
    # no name is longer than a cleaned object may be: look back no further (and stay linear)
    before = _LATIN_BEFORE.search(text, max(0, start - _MAX_LOOKBACK), start)
    return text[before.start() if before else start : end]


@dataclass(frozen=True, slots=True)
class RuleMatch:
    """What one rule found in one sentence (already cleaned)."""

    rule: Rule
    objects: tuple[str, ...]
    value: str | None
    start: int


@dataclass(frozen=True, slots=True)
class Rule:
    """One named pattern and the event it stands for."""

    name: str
    event_type: EventType
    lang: str
    pattern: re.Pattern[str]
    confidence: float
    description: str
    examples: tuple[str, ...]
    roles: frozenset[Role] = USER_ROLES
    object_kind: EntityKind | None = None
    relation: RelationKind | None = None  # for facts whose type has several (`RELATION_CHOICES`)
    polarity: str | None = None
    fixed_value: str | None = None
    fixed_object: str | None = None  # the object a request names by its kind ("draw it": diagrams)
    verdict: str | None = None  # the tutor's verdict this rule reads (`EventAttr.VERDICT`)
    corrects: bool = False  # a correction in the same breath: it replaces the turn's other values
    change: str | None = None  # what the claim itself says changed (`EventAttr.CHANGE`)
    trigger: re.Pattern[str] | None = None  # words the pattern needs: a cheap screen before it
    object_required: bool = False
    split_objects: bool = False
    whole_text: bool = False
    #: said to the tutor, a request ("hints first?"): its question mark asks, it does not shrug
    request: bool = False
    value_normaliser: Normaliser | None = None

    def matches(self, text: str) -> Iterator[RuleMatch]:
        """Every usable match in `text`; one whose required parts clean to nothing is skipped."""
        for found in self.pattern.finditer(text):
            groups = found.groupdict()
            objects = clean_objects(captured(found, self.lang), self.lang, self.split_objects)
            if not objects and self.fixed_object is not None:
                objects = (self.fixed_object,)
            if self.object_required and not objects:
                continue
            value = self._value(groups.get("value"))
            if "value" in self.pattern.groupindex and value is None:
                continue
            yield RuleMatch(self, objects, value, found.start())

    def _value(self, raw: str | None) -> str | None:
        if raw is None:
            return self.fixed_value
        value = raw.strip()
        if self.value_normaliser is not None:
            return self.value_normaliser(value)
        return value or None


def rule(
    name: str,
    event_type: EventType,
    pattern: str,
    confidence: float,
    description: str,
    examples: tuple[str, ...],
    *,
    case_sensitive: bool = False,
    trigger: str | None = None,
    **options: Any,
) -> Rule:
    """Build a rule; its language is the name's second part (`age_zh_numeral` is zh).

    `trigger`: a short pattern every match contains ("weak|nemesis"), searched first: a pattern
    that starts with a free-form object is tried at every position, the trigger is not.
    """
    lang = name.split("_")[1]
    if lang not in {"zh", "en"}:
        raise ValueError(f"rule name {name!r} must be <family>_<zh|en>_<what>")
    flags = 0 if case_sensitive else re.IGNORECASE
    return Rule(
        name=name,
        event_type=event_type,
        lang=lang,
        pattern=re.compile(pattern, flags),
        trigger=re.compile(trigger, re.IGNORECASE) if trigger else None,
        confidence=confidence,
        description=description,
        examples=examples,
        **options,
    )
