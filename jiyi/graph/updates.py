"""Update rules: which events say what about the user, and how a belief's confidence moves.

Event type → relation (the object comes from `EventAttr.OBJECT`, or `VALUE` for roles):

| event type           | relation          | counter-evidence against (same object) |
|----------------------|-------------------|----------------------------------------|
| concept_confusion    | learning_obstacle | mastery                                |
| concept_mastery      | mastery           | learning_obstacle                      |
| preference           | prefers           | dislikes                               |
| dislike              | dislikes          | prefers, learning_style                |
| learning_style       | learning_style    | dislikes                               |
| goal                 | goal              | —                                      |
| identity_declaration | has_role          | —                                      |
| emotion              | feels             | —                                      |
| age_declaration      | age (the value)   | —                                      |
| personal_fact        | lives_in, allergic_to (as the event's `relation` says) | —         |

A preference may name `interested_in` (a subject: "I'm interested in X") or `learning_style` (a
way of learning: "I prefer reading the docs") instead.

`polarity=negative` flips confusion ↔ mastery and preference ↔ dislike ("我不再怕三角函数了").
Identity declarations may name `school_year` instead of `has_role`. Every other type (greeting,
small_talk, question, task_request, …) never touches the graph, nor does a claim the reader
marked as someone else's view, a past state, or venting about a preference.

Age, school year and home are single-valued: a new value closes the old one (a correction).
A school year also makes the user a student (`implied_role`), unless a course of study is held
by another name ("nursing student"), which, said later, ends the generic one.
A goal or a role with `polarity=negative` ("I'm not doing the MCAT anymore", "护考不考了",
"I'm no longer a barista", "不当老师了") closes the one it names (or the one whose name holds it:
"the finance thing") and creates nothing; a role so said that names none ("I quit my job",
"我辞职了") closes the user's jobs (`is_job`), not a course of study or a parenthood; a new job
said without naming it (`change=succeeded`: "new job here too", "换工作了") is counter-evidence
against each of them instead: the old job is probably over, but it was not said to be.
A claim marked `change=supersedes` ("I used to hate essays, now I like them") closes the
contrary belief instead of halving it: the user said the old view is over. A role so marked
("actually I'm an auditor", "辞职了 现在做程序员") closes the user's other roles of its facet
(`role_facet`): someone can be a nurse and a mum at once, and a new job ends no parenthood.
A goal so marked ("所以我目标改B1了", "now aiming for band 7") closes the user's goals on the same
ladder of levels (`same_ladder`: "A2", "雅思6.5"); a goal on no ladder ends nothing it does not
name: someone can want a new level and a trip at once.

Confidence: repeated evidence gives w·old + (1-w)·incoming (w = `graph.old_weight`, 0.3);
counter-evidence multiplies by `graph.counter_evidence_factor` (0.5) with source
`counter_evidence`, and closes the edge once it reaches the 0.1 floor; a human-set belief is
changed only by a human. Every function here is pure: it returns the new edge and its revision.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, replace

from jiyi.domain import (
    NEGATIVE,
    OTHER_HOLDER,
    PAST_TENSE,
    STANDING,
    SUCCEEDED,
    SUPERSEDES,
    TRANSIENT,
    Edge,
    EdgeSource,
    EntityKind,
    Event,
    EventAttr,
    EventType,
    ExtractionSource,
    RelationClass,
    RelationKind,
    clamp_confidence,
    recall_only,
)
from jiyi.domain.claims import RELATION_CHOICES
from jiyi.domain.knowledge import MIN_CONFIDENCE
from jiyi.graph.model import EdgeChange, EdgeRevision, GraphInputError, RevisionAction
from jiyi.text import has_han

USER_ENTITY_ID = "user"
MAX_EDGE_EVIDENCE = 20  # ids kept on the edge itself; revisions keep every one
RECENT_COUNTER_WINDOW_MS = 86_400_000  # "recent turns" for checking an LLM's claim: one day
HUMAN_WINS = "a human-set belief is changed only by a human"


@dataclass(frozen=True)
class Rule:
    relation: RelationKind
    default_kind: EntityKind


EVENT_RULES: dict[EventType, Rule] = {
    EventType.CONCEPT_CONFUSION: Rule(RelationKind.LEARNING_OBSTACLE, EntityKind.CONCEPT),
    EventType.CONCEPT_MASTERY: Rule(RelationKind.MASTERY, EntityKind.CONCEPT),
    EventType.PREFERENCE: Rule(RelationKind.PREFERS, EntityKind.OBJECT),
    EventType.DISLIKE: Rule(RelationKind.DISLIKES, EntityKind.OBJECT),
    EventType.LEARNING_STYLE: Rule(RelationKind.LEARNING_STYLE, EntityKind.STYLE),
    EventType.GOAL: Rule(RelationKind.GOAL, EntityKind.ACTIVITY),
    EventType.IDENTITY_DECLARATION: Rule(RelationKind.HAS_ROLE, EntityKind.ROLE),
    EventType.EMOTION: Rule(RelationKind.FEELS, EntityKind.EMOTION),
    EventType.AGE_DECLARATION: Rule(RelationKind.AGE, EntityKind.VALUE),
}

#: What a belief in each relation is counter-evidence against (same object), whoever proposes
#: it: mastery and an obstacle, a liking or an interest and a dislike, a way of learning and a
#: dislike of it.
COUNTERS: dict[RelationKind, tuple[RelationKind, ...]] = {
    RelationKind.LEARNING_OBSTACLE: (RelationKind.MASTERY,),
    RelationKind.MASTERY: (RelationKind.LEARNING_OBSTACLE,),
    RelationKind.PREFERS: (RelationKind.DISLIKES,),
    RelationKind.INTERESTED_IN: (RelationKind.DISLIKES,),
    RelationKind.DISLIKES: (
        RelationKind.PREFERS,
        RelationKind.INTERESTED_IN,
        RelationKind.LEARNING_STYLE,
    ),
    RelationKind.LEARNING_STYLE: (RelationKind.DISLIKES,),
}

#: The most a rule's claim of each kind starts at, whatever the rule's own certainty: chosen on
#: the dev scenarios (`jiyi bench beliefs`), where a careful reader holds an interest mentioned
#: once a month ago only weakly (0.6 · 0.5^(30/90) = 0.48) and one said again lately firmly.
INITIAL_CONFIDENCE: dict[RelationKind, float] = {RelationKind.INTERESTED_IN: 0.6}

#: Relations a negative claim ends instead of flipping: a goal given up ("不考了", "scrap the
#: finance thing") or a job quit ("I'm no longer a barista") is over, not the start of an
#: opposite belief.
_RETRACTABLE = frozenset({RelationKind.GOAL, RelationKind.HAS_ROLE})

#: Multi-valued relations whose other values of the same kind a change (`change=supersedes`)
#: ends: a new or corrected role replaces the old one ("其实我是出纳" after "我是文员"), a goal
#: changed to a new level the old level ("目标改B1了" after "目标先A2").
REPLACED_ON_CHANGE = frozenset({RelationKind.HAS_ROLE, RelationKind.GOAL})

#: Roles one is to someone, held alongside whatever one does: a change of job ends none of them,
#: and becoming a parent ends no job. The names the rules give them, in either language.
_KIN_ROLES = frozenset({"parent", "mom", "dad", "家长", "妈妈", "爸爸"})

#: Relations whose object is the declared value (an age, a role), not a named thing.
_VALUE_OBJECTS = frozenset({RelationKind.HAS_ROLE, RelationKind.AGE, RelationKind.SCHOOL_YEAR})

#: Readings that make a claim no belief about the user now.
_NOT_THE_USERS_NOW = {
    EventAttr.HOLDER: OTHER_HOLDER,
    EventAttr.TENSE: PAST_TENSE,
}

_NEGATED: dict[EventType, EventType] = {
    EventType.CONCEPT_CONFUSION: EventType.CONCEPT_MASTERY,
    EventType.CONCEPT_MASTERY: EventType.CONCEPT_CONFUSION,
    EventType.PREFERENCE: EventType.DISLIKE,
    EventType.DISLIKE: EventType.PREFERENCE,
}

_EDGE_SOURCES: dict[ExtractionSource, EdgeSource] = {
    ExtractionSource.RULE: EdgeSource.RULE,
    ExtractionSource.MERGE: EdgeSource.RULE,
    ExtractionSource.CLASSIFIER: EdgeSource.CLASSIFIER,
    ExtractionSource.LLM: EdgeSource.LLM,
    ExtractionSource.HUMAN: EdgeSource.HUMAN,
}


@dataclass(frozen=True)
class Claim:
    """What one piece of evidence says about the user and one object."""

    relation: RelationKind
    object_name: str
    object_kind: EntityKind
    confidence: float
    source: EdgeSource
    counters: tuple[RelationKind, ...] = ()
    supersedes: bool = False  # the user said the contrary view is over: close it, not halve it
    retracts: bool = False  # the user gave this up ("not doing the MCAT anymore"): close it only;
    # a retracted role naming nothing (`object_name` empty: "I quit my job") ends the user's jobs
    doubts: bool = False  # a new job named by nothing ("new job here too"): the user's jobs are
    # in doubt, each gets counter-evidence (`object_name` is empty)
    decay_class: RelationClass | None = None  # fades by this class, not the relation's


@dataclass(frozen=True)
class Skipped:
    """A rule that chose not to write to `edge`, and why (audited, never silent)."""

    edge: Edge
    reason: str


Decision = EdgeChange | Skipped


def claim_for(event: Event) -> Claim | None:
    """The graph claim an event makes; None for types that never touch the graph and for events
    that name no object ("I still don't get it", or a classifier's pick): there is nothing to
    hold a belief about, which is not an error in the turn."""
    attributes = event.attributes
    if any(attributes.get(attr) == value for attr, value in _NOT_THE_USERS_NOW.items()):
        return None
    if recall_only(event):
        return None
    rule = _rule_for(event)
    if rule is None:
        return None
    if attributes.get(EventAttr.DURABILITY) == TRANSIENT and (
        rule.relation.relation_class is RelationClass.PREFERENCE
    ):
        return None  # venting after a bad day is how they feel, not what they like
    name = attributes.get(EventAttr.OBJECT) or (
        attributes.get(EventAttr.VALUE) if rule.relation in _VALUE_OBJECTS else None
    )
    retracts = rule.relation in _RETRACTABLE and attributes.get(EventAttr.POLARITY) == NEGATIVE
    doubts = False
    if not name or not name.strip():
        doubts = attributes.get(EventAttr.CHANGE) == SUCCEEDED and not retracts
        if not ((retracts or doubts) and rule.relation is RelationKind.HAS_ROLE):
            return None
        name = ""  # "I quit my job", "new job here too": about the user's jobs, whatever they are
    kind_text = attributes.get(EventAttr.OBJECT_KIND)
    try:
        kind = EntityKind(kind_text) if kind_text else rule.default_kind
    except ValueError:
        raise GraphInputError(
            f"attributes.{EventAttr.OBJECT_KIND}",
            f"{kind_text!r} is not one of {', '.join(k.value for k in EntityKind)}",
        ) from None
    if kind is EntityKind.USER:
        raise GraphInputError(f"attributes.{EventAttr.OBJECT_KIND}", "an object cannot be a user")
    if retracts and attributes.get(EventAttr.DURABILITY) == TRANSIENT:
        return None  # "不想考了，累死了" said in a bad moment is no decision
    return Claim(
        relation=rule.relation,
        object_name=name.strip(),
        object_kind=kind,
        confidence=_initial(rule.relation, event.confidence, _EDGE_SOURCES[event.source]),
        source=_EDGE_SOURCES[event.source],
        counters=COUNTERS.get(rule.relation, ()),
        supersedes=attributes.get(EventAttr.CHANGE) == SUPERSEDES,
        retracts=retracts,
        doubts=doubts,
        decay_class=_decay_class(rule.relation, attributes.get(EventAttr.DURABILITY), name),
    )


#: Roles one holds by studying: a job that ends ("I quit my job") ends none of them.
_STUDY_ROLE = re.compile(
    r"\b(?:student|pupil|undergrad(?:uate)?|freshman|sophomore|grad\s+student|trainee)s?\b|"
    r"学生|[研考留本硕博]\w{0,2}生$|[初高]中生$|学员$"
)

#: The role a school year implies, by the language the year was said in.
STUDENT_ROLE = {"en": "student", "zh": "学生"}


def is_study_role(names: Iterable[str]) -> bool:
    """Whether a role, by any of its names, is a course of study ("nursing student", "高中生")."""
    return any(_STUDY_ROLE.search(n) for n in names)


def implied_role(claim: Claim) -> Claim | None:
    """The role a claim implies: someone in a school year ("year 11", "大三") is a student, a
    belief a careful reader holds as firmly as the year itself. None for every other claim."""
    if claim.relation is not RelationKind.SCHOOL_YEAR or claim.retracts or not claim.object_name:
        return None
    role = STUDENT_ROLE["zh" if has_han(claim.object_name) else "en"]
    return Claim(RelationKind.HAS_ROLE, role, EntityKind.ROLE, claim.confidence, claim.source)


def is_job(names: Iterable[str]) -> bool:
    """Whether a role, by any of its names, is a job one can quit: of the occupation facet and
    no course of study ("barista", "会计"; not "nursing student", "考研生", "mom")."""
    names = list(names)
    return role_facet(names) == "occupation" and not is_study_role(names)


def role_facet(names: Iterable[str]) -> str:
    """Which of a person's roles one is, by any of its names: a kinship ("mom", "爸爸"), or what
    they do (a job, a course of study, being retired or between jobs). A change of role ends the
    others of its facet only."""
    return "kin" if any(n.strip().casefold() in _KIN_ROLES for n in names) else "occupation"


#: The rungs of the ladders goals are set on, told apart by form: a CEFR level ("B1"), a JLPT
#: level ("N2"), a numbered rung named by its unit ("band 7", "level 3", "HSK 5", "二级", "3段"),
#: or a bare score ("6.5", "120分", "515+"). First match wins, so "band 7" is no bare score.
_RUNGS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("cefr", re.compile(r"(?<![a-z])[abc][12](?![a-z0-9])")),
    ("jlpt", re.compile(r"(?<![a-z])n[1-5](?![a-z0-9])")),
    ("named", re.compile(r"\b(band|level|grade|step|hsk|topik|kyu|dan)\s*\d+(?:\.\d+)?")),
    ("级", re.compile(r"[一二三四五六七八九十\d]+\s*(级|段)")),
    ("score", re.compile(r"\d+(?:\.\d+)?\s*(?:分|\+|points?\b)?")),
)


def _rungs(names: Iterable[str]) -> set[tuple[str, str]]:
    """(ladder, stem) for each name that names a rung: "雅思6.5" → ("score", "雅思"), "A2" →
    ("cefr", ""); a named rung's ladder keeps its unit ("band 7" → ("named:band", ""))."""
    found = set()
    for name in names:
        key = unicodedata.normalize("NFKC", name).casefold()
        for ladder, pattern in _RUNGS:
            if match := pattern.search(key):
                unit = next((g for g in match.groups() if g), None)
                stem = re.sub(r"\W+", "", key[: match.start()] + key[match.end() :])
                found.add((f"{ladder}:{unit}" if unit else ladder, stem))
                break
    return found


def same_ladder(names: Iterable[str], others: Iterable[str]) -> bool:
    """Whether two goals, by any of their names, are rungs of one ladder: the same kind of rung
    and the same thing it is a rung of ("雅思6.5" and "雅思7"; a bare "B1" and "德语A2"), so a
    change to one ends the other. "JLPT N2" and "雅思7" are not, nor is a goal naming no rung."""
    theirs = _rungs(others)
    return any(
        ladder == other_ladder and (stem == other_stem or not stem or not other_stem)
        for ladder, stem in _rungs(names)
        for other_ladder, other_stem in theirs
    )


#: Feelings about what lies ahead: stress, nerves, worry last until the exam or deadline is
#: past, so a tutor holds them for days ("压力山大", "pretty nervous tbh"), not a mood's one day.
_WORRIES = re.compile(
    r"stress|anxi|nervous|nerves|worr(?:y|ied)|overwhelm|pressure|burn(?:ed|t)[\s-]*out|dread|"
    r"panick?|焦虑|紧张|压力|担心|发愁|忐忑|心?慌|着急|倦怠",
    re.I,
)


def _decay_class(relation: RelationKind, durability: str | None, name: str) -> RelationClass | None:
    """A standing feeling ("anxious since january", "每次都紧张") fades by the default class, a
    worry about what lies ahead by the worry class (two weeks); a passing mood keeps the emotion
    class (1 day), as every other relation keeps its own."""
    if relation is not RelationKind.FEELS:
        return None
    if durability == STANDING:
        return RelationClass.DEFAULT
    return RelationClass.WORRY if _WORRIES.search(name) else None


#: A feeling's classes from the shortest-lived to the longest: a mood (None), a worry, a standing
#: feeling.
_FEELING_CLASSES: tuple[RelationClass | None, ...] = (
    None,
    RelationClass.WORRY,
    RelationClass.DEFAULT,
)


def _lasting(held: RelationClass | None, said: RelationClass | None) -> RelationClass | None:
    """The class a reinforced belief keeps: the longer-lived of the two, so a feeling once said
    to last is not cut to a week by a later plain mention ("still stressed")."""
    return max(held, said, key=_FEELING_CLASSES.index)


def _initial(relation: RelationKind, confidence: float, source: EdgeSource) -> float:
    """A claim's starting confidence: the extractor's, capped for its kind (a person's: theirs)."""
    cap = INITIAL_CONFIDENCE.get(relation, 1.0) if source is not EdgeSource.HUMAN else 1.0
    return clamp_confidence(min(confidence, cap))


def _rule_for(event: Event) -> Rule | None:
    """The update rule for the event: by type (negation flips it), or by the relation a fact
    names; an unknown relation name is refused, naming the field."""
    event_type = event.event_type
    if event.attributes.get(EventAttr.POLARITY) == NEGATIVE and event_type in _NEGATED:
        event_type = _NEGATED[event_type]
    choices = RELATION_CHOICES.get(event_type)
    named = event.attributes.get(EventAttr.RELATION)
    if choices is None or named is None:
        return EVENT_RULES.get(event_type)
    try:
        relation = RelationKind(named)
    except ValueError:
        relation = None
    if relation not in choices:
        raise GraphInputError(
            f"attributes.{EventAttr.RELATION}",
            f"{named!r} is not one of {', '.join(r.value for r in choices)} for {event_type}",
        )
    return Rule(relation, choices[relation])


def _confidence(value: float) -> float:
    """Clamped to [0.1, 1.0] and rounded, so repeated arithmetic does not print 0.7999999."""
    return round(clamp_confidence(value), 6)


#: Claims a model made, not the user's words as a rule reads them nor a person's correction.
_MODEL_SOURCES = frozenset({EdgeSource.CLASSIFIER, EdgeSource.LLM})


def checked_claim(claim: Claim, opposing: list[Edge], at: int, factor: float) -> Claim:
    """The article's check on a model's claim: if the user recently showed the opposite (a valid
    opposing belief updated within a day), the claim enters at confidence × factor as
    counter-evidence, and (the service ensures) does not itself count against that belief.
    Rule and human claims are the user's own words and are taken as said; the result is `claim`
    itself when nothing changed."""
    if claim.source not in _MODEL_SOURCES:
        return claim
    recent = [
        e for e in opposing if e.is_valid and 0 <= at - e.updated_at <= RECENT_COUNTER_WINDOW_MS
    ]
    if not recent:
        return claim
    return replace(
        claim,
        confidence=_confidence(claim.confidence * factor),
        source=EdgeSource.COUNTER_EVIDENCE,
    )


def weighted(old: float, incoming: float, old_weight: float) -> float:
    """Repeated evidence: w·old + (1-w)·incoming, kept inside [0.1, 1.0]."""
    return _confidence(old_weight * old + (1 - old_weight) * incoming)


def _updated(edge: Edge, update: dict[str, object]) -> Edge:
    """A copy with changes, validated again (pydantic's model_copy would skip the validators)."""
    return Edge.model_validate(edge.model_dump() | update)


def _evidence(existing: list[str], new: list[str]) -> list[str]:
    return list(dict.fromkeys([*existing, *new]))[-MAX_EDGE_EVIDENCE:]


def change_for(
    edge: Edge,
    action: RevisionAction,
    operator: str,
    old: float | None,
    at: int,
    evidence: list[str],
) -> EdgeChange:
    revision = EdgeRevision(
        user_id=edge.user_id,
        edge_id=edge.edge_id,
        src=edge.src,
        relation=edge.relation,
        dst=edge.dst,
        at=at,
        action=action,
        source=edge.source,
        operator=operator,
        old_confidence=old,
        new_confidence=edge.confidence,
        evidence=evidence,
        valid=edge.is_valid,
    )
    return EdgeChange(edge, revision)


def support(
    existing: Edge | None,
    key: tuple[str, str, RelationKind, str],
    confidence: float,
    source: EdgeSource,
    at: int,
    evidence: list[str],
    operator: str,
    old_weight: float,
    decay_class: RelationClass | None = None,
) -> Decision:
    """Evidence for a belief: create it, reopen a closed one, or blend it into the current one.
    `decay_class` is the claim's own (a standing feeling): a belief once said to last keeps it
    when a passing mention reinforces it; a reopened belief takes the claim's."""
    user_id, src, relation, dst = key
    incoming = _confidence(confidence)
    if existing is None:
        edge = Edge(
            user_id=user_id,
            src=src,
            relation=relation,
            dst=dst,
            confidence=incoming,
            source=source,
            created_at=at,
            updated_at=at,
            valid_from=at,
            evidence=evidence[-MAX_EDGE_EVIDENCE:],
            decay_class=decay_class,
        )
        return change_for(edge, RevisionAction.CREATE, operator, None, at, evidence)
    if existing.source is EdgeSource.HUMAN and source is not EdgeSource.HUMAN:
        return Skipped(existing, HUMAN_WINS)
    updated_at = max(existing.updated_at, at)
    merged = _evidence(existing.evidence, evidence)
    if not existing.is_valid:
        edge = _updated(
            existing,
            {
                "confidence": incoming,
                "source": source,
                "updated_at": updated_at,
                "valid_from": max(at, existing.invalid_at or at),
                "invalid_at": None,
                "evidence": merged,
                "decay_class": decay_class,
            },
        )
        return change_for(edge, RevisionAction.REOPEN, operator, existing.confidence, at, evidence)
    value = (
        incoming
        if source is EdgeSource.HUMAN
        else weighted(existing.confidence, incoming, old_weight)
    )
    edge = _updated(
        existing,
        {
            "confidence": value,
            "source": source,
            "updated_at": updated_at,
            "evidence": merged,
            "decay_class": _lasting(existing.decay_class, decay_class),
        },
    )
    return change_for(edge, RevisionAction.REINFORCE, operator, existing.confidence, at, evidence)


def counter(existing: Edge, at: int, evidence: list[str], operator: str, factor: float) -> Decision:
    """Counter-evidence: confidence × factor, source counter_evidence; closed at the floor."""
    if not existing.is_valid:
        return Skipped(existing, "the belief is already closed")
    if existing.source is EdgeSource.HUMAN:
        return Skipped(existing, HUMAN_WINS)
    value = _confidence(existing.confidence * factor)
    closed = value <= MIN_CONFIDENCE
    edge = _updated(
        existing,
        {
            "confidence": value,
            "source": EdgeSource.COUNTER_EVIDENCE,
            "updated_at": max(existing.updated_at, at),
            "invalid_at": max(at, existing.valid_from) if closed else None,
            "evidence": _evidence(existing.evidence, evidence),
        },
    )
    return change_for(
        edge, RevisionAction.COUNTER_EVIDENCE, operator, existing.confidence, at, evidence
    )


def supersede(existing: Edge, at: int, evidence: list[str], operator: str) -> Decision:
    """A newer statement ends this belief ("now I like essays", a new age): closed, its
    confidence kept for the record; a human-set belief stays (the new claim is skipped)."""
    if not existing.is_valid:
        return Skipped(existing, "the belief is already closed")
    if existing.source is EdgeSource.HUMAN:
        return Skipped(existing, HUMAN_WINS)
    edge = _updated(
        existing,
        {
            "updated_at": max(existing.updated_at, at),
            "invalid_at": max(at, existing.valid_from),
            "evidence": _evidence(existing.evidence, evidence),
        },
    )
    return change_for(edge, RevisionAction.SUPERSEDE, operator, existing.confidence, at, evidence)


def human_set(
    existing: Edge,
    action: RevisionAction,
    at: int,
    operator: str,
    confidence: float | None = None,
    close: bool = False,
) -> EdgeChange:
    """A person confirms, corrects or retracts a belief: source human, history kept.

    `close` ends the edge's validity at `at` (retract, or a correction that replaces the belief)
    and leaves its confidence as it was; otherwise the confidence is set (1.0 unless given) and
    a closed edge is reopened.
    """
    if close:
        closed_at = existing.invalid_at if existing.invalid_at is not None else at
        update: dict[str, object] = {"invalid_at": max(closed_at, existing.valid_from)}
    else:
        update = {"confidence": _confidence(1.0 if confidence is None else confidence)}
        if not existing.is_valid:
            update |= {"invalid_at": None, "valid_from": max(at, existing.invalid_at or at)}
    update |= {"source": EdgeSource.HUMAN, "updated_at": max(existing.updated_at, at)}
    edge = _updated(existing, update)
    return change_for(edge, action, operator, existing.confidence, at, [])
