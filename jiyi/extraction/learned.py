"""The learned reader's spans as rule matches, so the engine cleans, names, reads and writes
them exactly as it does the rule table's (`engine.extract_with_rules`).

Each relation the reader names stands for one rule-shaped description: the event type, relation
and object kind the graph expects (`jiyi.graph.updates.claim_for`), and for a role the rules' own
normaliser. The reader only adds what the rules missed: `complement` drops its claims where a
rule already named that kind of claim in the sentence.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Protocol

from jiyi.domain import POSITIVE, EntityKind, EventType, RelationKind
from jiyi.extraction.claim_reader import (
    DEFAULT_TRAINING,
    ClaimReader,
    ReadSpan,
    fingerprint,
    load_training,
    train,
)
from jiyi.extraction.reader_calibration import Calibration, language_of
from jiyi.extraction.reading import asks_about_something_else
from jiyi.extraction.rules.cleaning import clean_objects
from jiyi.extraction.rules.identity import normalise_role
from jiyi.extraction.rules.model import Normaliser, Rule, RuleMatch, rule
from jiyi.text import has_han, tokenize
from models.use import UseWordVectors

#: How sure a learned claim starts: over the 0.5 an agent acts on, under the rules' usual 0.7+,
#: so where both read one claim the rule's reading wins; a hedge still caps it at 0.45.
LEARNED_CONFIDENCE = 0.6

#: relation → (event type, relation attribute, object kind, polarity, value normaliser). No age
#: and no school year: either switches child mode on (and erases the user's graph), so only a
#: rule may say one; the reader's guesses at them include "my answer was 42" and "3x + 5 = 20".
_SHAPES: dict[
    str,
    tuple[EventType, RelationKind | None, EntityKind | None, str | None, Normaliser | None],
] = {
    "mastery": (EventType.CONCEPT_MASTERY, None, EntityKind.CONCEPT, POSITIVE, None),
    "learning_obstacle": (EventType.CONCEPT_CONFUSION, None, EntityKind.CONCEPT, None, None),
    "prefers": (EventType.PREFERENCE, RelationKind.PREFERS, EntityKind.TOPIC, None, None),
    "dislikes": (EventType.DISLIKE, None, EntityKind.TOPIC, None, None),
    "goal": (EventType.GOAL, None, EntityKind.ACTIVITY, None, None),
    "learning_style": (EventType.LEARNING_STYLE, None, EntityKind.STYLE, None, None),
    "interested_in": (
        EventType.PREFERENCE,
        RelationKind.INTERESTED_IN,
        EntityKind.TOPIC,
        None,
        None,
    ),
    "feels": (EventType.EMOTION, None, EntityKind.EMOTION, None, None),
    "lives_in": (EventType.PERSONAL_FACT, RelationKind.LIVES_IN, EntityKind.PLACE, None, None),
    "allergic_to": (
        EventType.PERSONAL_FACT,
        RelationKind.ALLERGIC_TO,
        EntityKind.OBJECT,
        None,
        None,
    ),
    "has_role": (EventType.IDENTITY_DECLARATION, None, None, None, normalise_role),
}

#: How likely a learned claim must be right (`reader_calibration`) for the write path to keep it.
#: On held-out writers' messages, p ≥ 0.9 keeps claims right 0.94 (en) and 0.93 (zh) of the
#: time; in chats every p from 0.8 to 0.95 met the same states within two, and junk fell with p
#: (BENCHMARKS.md, session 20).
LEARNED_MIN_PROBABILITY = 0.9
READER_PREFIX = "reader"
#: A space between Chinese words ends a clause: "怕 怕把仪器弄坏" names one fear.
_HAN_CLAUSE_BREAK = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
#: Words typed while thinking, which the reader can take for a feeling's or a topic's name.
_FILLERS = frozenset({"um", "umm", "uh", "uhh", "erm", "hmm", "lol", "lmao", "idk", "tbh", "嗯"})
log = logging.getLogger(__name__)


@cache
def _rule_for(relation: str, lang: str) -> Rule:
    event_type, relation_kind, kind, polarity, normaliser = _SHAPES[relation]
    return rule(
        f"{READER_PREFIX}_{lang}_{relation}",
        event_type,
        r"(?!)",  # never matches text: the reader, not a pattern, finds these claims
        LEARNED_CONFIDENCE,
        f"{relation} named by the learned claim reader",
        (),
        object_kind=kind,
        relation=relation_kind,
        polarity=polarity,
        value_normaliser=normaliser,
    )


def is_learned(claim_rule: Rule) -> bool:
    return claim_rule.name.startswith(f"{READER_PREFIX}_")


class SpanReader(Protocol):
    """What the engine asks of a reader: the claims of one sentence it is sure enough of."""

    def read(self, sentence: str) -> list[ReadSpan]: ...


@dataclass(frozen=True)
class CalibratedReader:
    """The trained reader with its calibration: it reads the claims at least
    `min_probability` likely right, whatever the margins of this training data are."""

    reader: ClaimReader
    calibration: Calibration
    min_probability: float = LEARNED_MIN_PROBABILITY
    #: the margin each language's curve needs, worked out once rather than per sentence
    _least: dict[str, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        least = {
            lang: c.margin_at(self.min_probability) for lang, c in self.calibration.curves.items()
        }
        object.__setattr__(self, "_least", least)

    def read(self, sentence: str) -> list[ReadSpan]:
        return self.reader.read(sentence, self._least[language_of(sentence)])


def learned_matches(reader: SpanReader, sentence: str) -> list[RuleMatch]:
    """The reader's claims in one sentence, cleaned as a rule's object or value would be; a
    span of filler or stop words names nothing, and a question that does not speak of the
    user claims nothing about them (the rules' patterns say "I"; the reader's spans need not)."""
    if asks_about_something_else(sentence):
        return []
    matches = []
    for span in reader.read(sentence):
        words = _HAN_CLAUSE_BREAK.split(span.text)[0]
        if span.relation not in _SHAPES or not set(tokenize(words)) - _FILLERS:
            continue
        lang = "zh" if has_han(words) else "en"
        claim_rule = _rule_for(span.relation, lang)
        if claim_rule.value_normaliser is not None:
            value = claim_rule.value_normaliser(words)
            if value is not None:
                matches.append(RuleMatch(claim_rule, (), value, span.start))
            continue
        objects = clean_objects(words, lang, False)
        if objects:
            matches.append(RuleMatch(claim_rule, objects, None, span.start))
    return matches


def complement(ruled: Iterable[RuleMatch], learned: Iterable[RuleMatch]) -> list[RuleMatch]:
    """The learned matches of a sentence no rule match of the same event type already named
    (a rule's bare "一到…就卡住" with no object leaves the naming to the reader), naming
    nothing a rule named."""
    named = [m for m in ruled if m.objects or m.value]
    read_types = {m.rule.event_type for m in named}
    words = [w.casefold() for m in named for w in (*m.objects, m.value or "") if w]
    return [
        m
        for m in learned
        if m.rule.event_type not in read_types
        # words a rule already named as another kind of claim are that claim's
        and not any(a in b or b in a for a in map(str.casefold, m.objects) for b in words)
    ]


def _cache_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "jiyi"


@cache
def default_reader(directory: Path = DEFAULT_TRAINING) -> CalibratedReader:
    """The reader trained on the project's written messages (`data/claim_training/`) with
    their calibration: loaded from the user's cache when these files trained it before, else
    trained (deterministic, about a minute) and cached; once per process either way."""
    calibration = Calibration.load(directory)  # a stale one is refused before any training
    return CalibratedReader(_trained_reader(directory), calibration)


def _trained_reader(directory: Path) -> ClaimReader:
    from jiyi.extraction.engine import prepare
    from jiyi.text import split_sentences

    vectors = UseWordVectors()
    saved = _cache_dir() / f"claim_reader-{fingerprint(directory)}.npz"
    if saved.exists():
        try:
            return ClaimReader.load(saved, vectors)
        except (OSError, ValueError, KeyError) as exc:
            log.warning("claim reader cache %s unreadable (%s): training again", saved, exc)
    reader = train(load_training(directory, split_sentences, prepare), vectors)
    try:
        reader.save(saved)
    except OSError as exc:  # a read-only home still gets a reader, trained each time
        log.warning("claim reader not cached at %s: %s", saved, exc)
    return reader
