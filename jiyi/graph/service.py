"""Applying evidence and corrections to the graph: one transaction per write, every write audited.

The rules in `updates` decide; this module resolves names to entities, reads the beliefs a rule
needs, writes the outcome in one store transaction and appends the audit entries. Bad input is
refused with a `GraphInputError` naming the field and an audit entry, before anything is written;
the entry keeps the field and a code, never the input (the audit holds no request text).
Inside `batch()` (the stream's unit) the writes commit together and their entries are appended
in one go after the commit.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

from jiyi import clock, places, vocabulary
from jiyi.audit import AuditEntry, AuditLog, AuditOutcome
from jiyi.config import GraphSettings
from jiyi.domain import (
    LOW_VALUE_EVENT_TYPES,
    Edge,
    EdgeSource,
    Entity,
    EntityKind,
    Event,
    RelationKind,
    check_external_id,
)
from jiyi.domain.knowledge import MAX_CONFIDENCE, MIN_CONFIDENCE
from jiyi.graph.entities import alias_key, entity_id_for, nameable, parse_reference
from jiyi.graph.model import EdgeChange, GraphInputError, RevisionAction
from jiyi.graph.queries import find_entity
from jiyi.graph.store import GraphStore, GraphTx
from jiyi.graph.updates import (
    COUNTERS,
    EVENT_RULES,
    HUMAN_WINS,
    REPLACED_ON_CHANGE,
    STUDENT_ROLE,
    USER_ENTITY_ID,
    Claim,
    Decision,
    Skipped,
    checked_claim,
    claim_for,
    counter,
    human_set,
    implied_role,
    is_job,
    is_study_role,
    role_facet,
    same_ladder,
    supersede,
    support,
)

T = TypeVar("T")

RULE_OPERATOR = "jiyi.rules"
NO_OBJECT = "the event names no object to hold a belief about"
NOT_A_NAME = "the object is a clause, not a short name of a thing"
UNRESOLVED_REFERENCE = "the object is a reference like 'that button' that nothing resolved"
MAX_NAME_CHARS = 200
MAX_EVIDENCE_ID_CHARS = 128
MAX_USERS_REMEMBERED = 10_000  # users whose node is known to exist (bounded memory)


def _canonical_names(entry: vocabulary.Entry | places.Place | None) -> list[str]:
    return [entry.name_in("en"), entry.name_in("zh")] if entry is not None else []


def _names(entity: Entity | None, entity_id: str) -> list[str]:
    """Every name of an entity (its id when it is gone)."""
    return [entity.name, *entity.aliases] if entity else [entity_id]


def _parse(kind: Callable[[str], T], name: str, value: str, allowed: Sequence[str]) -> T:
    try:
        return kind(value)
    except ValueError:
        raise GraphInputError(
            name, f"{value!r} is not one of: {', '.join(allowed)}", "not_allowed"
        ) from None


@dataclass
class _Batch:
    """What a batch defers to its commit: audit entries, and users whose node it wrote."""

    entries: list[AuditEntry] = field(default_factory=list)
    users: set[str] = field(default_factory=set)


class GraphService:
    """The write path of tier 3, and the only code that writes the graph."""

    def __init__(
        self,
        store: GraphStore,
        audit: AuditLog,
        settings: GraphSettings,
        clock: Callable[[], int] = clock.now_ms,
    ) -> None:
        self.store = store
        self.audit = audit
        self.settings = settings
        self._clock = clock
        self._known_users: set[str] = set()
        self._batches = threading.local()  # the open batch of each thread (workers share this)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Apply many writes as one store batch and one audit append (the stream's unit).

        Entries are appended after the batch commits, as a single write appends after its own
        commit. If the batch raises, its entries are dropped: the store undoes its writes where
        it can (SQLite), and where a write stayed (Bolt commits each one) re-applying the event
        is a replay that restores its entries (`jiyi.ingest.graph_writes.restore_audit`).
        """
        if self._open_batch() is not None:  # nested: the outer batch commits
            yield
            return
        pending = self._batches.open = _Batch()
        try:
            with self.store.batch():
                yield
        finally:
            self._batches.open = None
        for user_id in pending.users:
            self._committed(user_id)
        self.audit.append(pending.entries)

    def _open_batch(self) -> _Batch | None:
        return getattr(self._batches, "open", None)

    def _audit(self, entries: list[AuditEntry]) -> None:
        pending = self._open_batch()
        if pending is None:
            self.audit.append(entries)
        else:
            pending.entries += entries

    # ---- evidence -------------------------------------------------------------------------

    def apply_event(self, event: Event, operator: str = RULE_OPERATOR) -> list[EdgeChange]:
        """Turn one extracted event into belief changes (none for greetings and small talk).

        Idempotent: an event whose id is evidence in any revision of an edge it would move is a
        replay and changes nothing (checked inside the write transaction, against every revision
        rather than the ids the edge keeps, since a replay may come after many reinforcements).
        """
        if event.event_type in LOW_VALUE_EVENT_TYPES:
            return []
        try:
            claim = claim_for(event)
        except GraphInputError as exc:
            self._reject(event.user_id, operator, "apply_event", exc, event.ts)
            raise
        name = claim.object_name if claim is not None else ""
        if claim is not None and claim.relation is not RelationKind.AGE and name:
            if parse_reference(name):  # the ingest step resolves references before this
                self._skip_event(event, operator, UNRESOLVED_REFERENCE)
                return []
            if not nameable(name):
                self._skip_event(event, operator, NOT_A_NAME)
                return []
        if claim is None:
            if event.event_type in EVENT_RULES:  # a belief-type event naming no object
                self._skip_event(event, operator, NO_OBJECT)
            return []
        return self._apply_claim(
            event.user_id, USER_ENTITY_ID, claim, event.ts, [event.event_id], operator
        )

    def _skip_event(self, event: Event, operator: str, reason: str) -> None:
        self._audit(
            [AuditEntry(at=event.ts, operator=operator, action="apply_event",
                        outcome=AuditOutcome.SKIPPED, user_id=event.user_id,
                        evidence=[event.event_id], reason=reason)]
        )  # fmt: skip

    def assert_belief(
        self,
        user_id: str,
        relation: str,
        object_name: str,
        *,
        confidence: float,
        source: str,
        operator: str,
        object_kind: str | None = None,
        subject_name: str | None = None,
        evidence: Sequence[str] = (),
        at: int | None = None,
    ) -> list[EdgeChange]:
        """A belief proposed from outside the rules (an LLM, a person, a curriculum).

        Every field is checked against the closed sets before anything is read or written;
        `subject_name` (default: the user) lets structural facts such as prerequisite_of be set.
        """
        when = self._clock() if at is None else at
        try:
            user = self._check_user(user_id)
            rel = _parse(RelationKind, "relation", relation, [r.value for r in RelationKind])
            src = _parse(EdgeSource, "source", source, [s.value for s in EdgeSource])
            if src is EdgeSource.COUNTER_EVIDENCE:
                raise GraphInputError(
                    "source", "counter_evidence is set by the rules only", "reserved"
                )
            kind = (
                _parse(EntityKind, "object_kind", object_kind, [k.value for k in EntityKind])
                if object_kind
                else EntityKind.CONCEPT
            )
            if not MIN_CONFIDENCE <= confidence <= MAX_CONFIDENCE:
                raise GraphInputError(
                    "confidence", f"must be within [{MIN_CONFIDENCE}, {MAX_CONFIDENCE}]", "range"
                )
            _check_name("object_name", object_name)
            if subject_name is not None:
                _check_name("subject_name", subject_name)
            _check_operator(operator)
            if any(not e or len(e) > MAX_EVIDENCE_ID_CHARS for e in evidence):
                raise GraphInputError(
                    "evidence", f"ids must be 1 to {MAX_EVIDENCE_ID_CHARS} characters", "length"
                )
        except GraphInputError as exc:
            self._reject(user_id, operator, "assert_belief", exc, when)
            raise
        claim = Claim(rel, object_name.strip(), kind, confidence, src, COUNTERS.get(rel, ()))
        subject = subject_name.strip() if subject_name else USER_ENTITY_ID
        return self._apply_claim(user, subject, claim, when, list(evidence), operator)

    def _apply_claim(
        self,
        user_id: str,
        subject: str,
        claim: Claim,
        at: int,
        evidence: list[str],
        operator: str,
    ) -> list[EdgeChange]:
        with self.store.transaction(user_id) as tx:
            if subject == USER_ENTITY_ID:
                src = self._ensure_user(tx)
            else:
                src = self._resolve(tx, subject, claim.object_kind).entity_id
            if claim.object_name:
                decisions = self._decide(tx, src, claim, at, evidence, operator)
                if any(isinstance(d, EdgeChange) for d in decisions):
                    decisions += self._student_role(tx, src, claim, at, evidence, operator)
            else:  # a job given up or followed by a new one, naming none: "I quit my job"
                decisions = self._jobs_changed(tx, src, claim, at, evidence, operator)
            for decision in decisions:
                if isinstance(decision, EdgeChange):
                    tx.put_change(decision)
        if subject == USER_ENTITY_ID:
            pending = self._open_batch()
            if pending is None:
                self._committed(user_id)
            else:
                pending.users.add(user_id)
        return self._audit_decisions(decisions, operator, at)

    def _decide(
        self, tx: GraphTx, src: str, claim: Claim, at: int, evidence: list[str], operator: str
    ) -> list[Decision]:
        """What a claim about a named object does to the beliefs it touches (none for a replay)."""
        settings = self.settings
        dst = self._resolve(tx, claim.object_name, claim.object_kind).entity_id
        existing = tx.edge(src, claim.relation, dst)
        opposing = [e for rel in claim.counters if (e := tx.edge(src, rel, dst)) is not None]
        touched = [e.edge_id for e in (existing, *opposing) if e is not None]
        if evidence and touched and tx.applied(touched, evidence):
            return []  # a replayed event: its evidence already moved the edges it would move
        checked = checked_claim(claim, opposing, at, settings.counter_evidence_factor)
        if checked is not claim:  # a claim the recent evidence contradicts counters nothing
            claim, opposing = checked, []
        replaced = self._replaced(tx, src, dst, claim)
        held_by_human = (
            next((e for e in replaced if e.source is EdgeSource.HUMAN), None)
            if claim.relation.single_valued
            else None  # a human-set role stays beside a new one (`supersede` skips it)
        )
        if claim.retracts:  # given up: the goal or role it names ends, nothing new is believed
            ended = existing or self._named_within(tx.user_id, src, claim)
            return [supersede(ended, at, evidence, operator)] if ended else []
        if held_by_human is not None:  # a person set the value: the rules do not change it
            return [Skipped(held_by_human, HUMAN_WINS)]
        decisions: list[Decision] = [
            support(
                existing,
                (tx.user_id, src, claim.relation, dst),
                claim.confidence,
                claim.source,
                at,
                evidence,
                operator,
                settings.old_weight,
                claim.decay_class,
            )
        ]
        decisions += [supersede(e, at, evidence, operator) for e in replaced]
        decisions += [
            supersede(e, at, evidence, operator)
            if claim.supersedes
            else counter(e, at, evidence, operator, settings.counter_evidence_factor)
            for e in opposing
        ]
        return decisions

    def _student_role(
        self, tx: GraphTx, src: str, claim: Claim, at: int, evidence: list[str], operator: str
    ) -> list[Decision]:
        """One student role at most: a school year ("year 11", "大三") implies the generic one
        unless the user holds a course of study by another name ("nursing student", "高中生"),
        and such a one, said later, ends the generic one: it says the same, and more."""
        implied = implied_role(claim)
        if implied is None and (claim.relation is not RelationKind.HAS_ROLE or claim.retracts):
            return []  # the common case: no lookup on the write path
        generic = self._find(tx, STUDENT_ROLE["en"])
        generic_id = None if generic is None else generic.entity_id
        if implied is not None:
            for edge in self.store.edges(tx.user_id, src=src, relation=RelationKind.HAS_ROLE):
                if edge.dst != generic_id and is_study_role(_names(tx.entity(edge.dst), edge.dst)):
                    return []
            return self._decide(tx, src, implied, at, evidence, operator)
        if generic_id is None:
            return []
        said = self._find(tx, claim.object_name)  # None for a node this transaction made
        if said is not None and said.entity_id == generic_id:
            return []
        entry = vocabulary.lookup(claim.object_name)
        if not is_study_role([claim.object_name, *(entry.names if entry else ())]):
            return []
        held = tx.edge(src, RelationKind.HAS_ROLE, generic_id)
        if held is None or not held.is_valid or held.source is EdgeSource.HUMAN:
            return []
        return [supersede(held, at, evidence, operator)]

    def _jobs_changed(
        self, tx: GraphTx, src: str, claim: Claim, at: int, evidence: list[str], operator: str
    ) -> list[Decision]:
        """A job given up naming none ("I quit my job", "我辞职了") ends each of the user's jobs
        (`is_job`), not a course of study or a parenthood; a new one naming none ("new job here
        too", `claim.doubts`) counts against each instead. A replay changes nothing."""
        roles = self.store.edges(tx.user_id, src=src, relation=RelationKind.HAS_ROLE,
                                 include_invalid=True)  # fmt: skip
        if evidence and roles and tx.applied([e.edge_id for e in roles], evidence):
            return []
        factor = self.settings.counter_evidence_factor
        return [
            counter(e, at, evidence, operator, factor)
            if claim.doubts
            else supersede(e, at, evidence, operator)
            for e in roles
            if e.is_valid and is_job(_names(tx.entity(e.dst), e.dst))
        ]

    def _replaced(self, tx: GraphTx, src: str, dst: str, claim: Claim) -> list[Edge]:
        """The user's other beliefs of the claim's relation that it ends: every other value of a
        single-valued one (a new age); for a role said as a change, the other roles of its
        facet (a new job ends the old job, not being a mum); for a goal said as a change, the
        goals on its ladder ("目标改B1了" ends "A2", not "trip to Munich")."""
        if not claim.relation.single_valued and not (
            claim.supersedes and claim.relation in REPLACED_ON_CHANGE
        ):
            return []
        others = [e for e in self.store.edges(tx.user_id, src=src, relation=claim.relation)
                  if e.dst != dst]  # fmt: skip
        if claim.relation.single_valued:
            return others
        names = _names(tx.entity(dst), dst)
        if claim.relation is RelationKind.GOAL:
            return [e for e in others if same_ladder(names, _names(tx.entity(e.dst), e.dst))]
        facet = role_facet(names)
        return [e for e in others if role_facet(_names(tx.entity(e.dst), e.dst)) == facet]

    def _named_within(self, user_id: str, src: str, claim: Claim) -> Edge | None:
        """The user's valid belief of the claim's relation whose object's name holds the claim's
        or is held by it ("the finance thing" → "finance job"), newest first; None if none."""
        said = alias_key(claim.object_name)
        for edge in sorted(self.store.edges(user_id, src=src, relation=claim.relation),
                           key=lambda e: -e.updated_at):  # fmt: skip
            names = _names(self.store.entity(user_id, edge.dst), edge.dst)
            if any(said in (key := alias_key(n)) or key in said for n in names if alias_key(n)):
                return edge
        return None

    # ---- corrections ----------------------------------------------------------------------

    def confirm(
        self,
        user_id: str,
        relation: str,
        object_ref: str,
        operator: str,
        confidence: float = MAX_CONFIDENCE,
        at: int | None = None,
    ) -> list[EdgeChange]:
        """A person confirms a belief: source human, confidence 1.0 unless given."""
        return self._human(user_id, relation, object_ref, operator, at, RevisionAction.CONFIRM,
                           confidence=confidence)  # fmt: skip

    def retract(
        self, user_id: str, relation: str, object_ref: str, operator: str, at: int | None = None
    ) -> list[EdgeChange]:
        """A person withdraws a belief: the edge is closed, its history stays."""
        return self._human(user_id, relation, object_ref, operator, at, RevisionAction.RETRACT)

    def correct(
        self,
        user_id: str,
        relation: str,
        object_ref: str,
        operator: str,
        *,
        confidence: float | None = None,
        new_relation: str | None = None,
        new_object: str | None = None,
        at: int | None = None,
    ) -> list[EdgeChange]:
        """A person corrects a belief: its confidence, or what it says.

        With `new_relation` and/or `new_object` the old edge is closed and the corrected belief
        is written with source human (confidence 1.0 unless given), in one transaction.
        """
        return self._human(user_id, relation, object_ref, operator, at, RevisionAction.CORRECT,
                           confidence=confidence, new_relation=new_relation,
                           new_object=new_object)  # fmt: skip

    def _human(
        self,
        user_id: str,
        relation: str,
        object_ref: str,
        operator: str,
        at: int | None,
        action: RevisionAction,
        confidence: float | None = None,
        new_relation: str | None = None,
        new_object: str | None = None,
    ) -> list[EdgeChange]:
        when = self._clock() if at is None else at
        replace = new_relation is not None or new_object is not None
        try:
            user = self._check_user(user_id)
            rel = _parse(RelationKind, "relation", relation, [r.value for r in RelationKind])
            target_rel = (
                _parse(RelationKind, "new_relation", new_relation, [r.value for r in RelationKind])
                if new_relation
                else rel
            )
            if confidence is not None and not MIN_CONFIDENCE <= confidence <= MAX_CONFIDENCE:
                raise GraphInputError(
                    "confidence", f"must be within [{MIN_CONFIDENCE}, {MAX_CONFIDENCE}]", "range"
                )
            if action is RevisionAction.CORRECT and not replace and confidence is None:
                raise GraphInputError(
                    "confidence",
                    "a correction needs a confidence, a new_relation or a new_object",
                    "missing",
                )
            if new_object is not None:
                _check_name("new_object", new_object)
            _check_operator(operator)
            with self.store.transaction(user) as tx:
                obj = self._find(tx, object_ref)
                existing = tx.edge(USER_ENTITY_ID, rel, obj.entity_id) if obj else None
                if obj is None or existing is None:
                    raise GraphInputError(
                        "object_ref", f"no {rel} belief about {object_ref!r}", "no_matching_belief"
                    )
                decisions: list[Decision] = [
                    human_set(existing, action, when, operator, confidence,
                              close=action is RevisionAction.RETRACT or replace)
                ]  # fmt: skip
                if replace:
                    dst = (
                        self._resolve(tx, new_object, obj.kind).entity_id
                        if new_object
                        else obj.entity_id
                    )
                    if (target_rel, dst) == (rel, obj.entity_id):
                        raise GraphInputError(
                            "new_object", "the correction changes nothing", "no_change"
                        )
                    decisions.append(
                        support(
                            tx.edge(USER_ENTITY_ID, target_rel, dst),
                            (user, USER_ENTITY_ID, target_rel, dst),
                            MAX_CONFIDENCE if confidence is None else confidence,
                            EdgeSource.HUMAN,
                            when,
                            [],
                            operator,
                            self.settings.old_weight,
                        )
                    )
                for decision in decisions:
                    if isinstance(decision, EdgeChange):
                        tx.put_change(decision)
        except GraphInputError as exc:
            self._reject(user_id, operator, action.value, exc, when)
            raise
        return self._audit_decisions(decisions, operator, when)

    # ---- entities -------------------------------------------------------------------------

    def add_alias(
        self, user_id: str, name: str, alias: str, operator: str, kind: str = EntityKind.CONCEPT
    ) -> Entity:
        """Make `alias` a second name of the entity called `name` (created if new)."""
        when = self._clock()
        try:
            user = self._check_user(user_id)
            entity_kind = _parse(EntityKind, "kind", kind, [k.value for k in EntityKind])
            _check_name("name", name)
            _check_name("alias", alias)
            _check_operator(operator)
            with self.store.transaction(user) as tx:
                entity = self._resolve(tx, name.strip(), entity_kind)
                owner = tx.entity_by_alias(alias_key(alias))
                if owner is not None and owner.entity_id != entity.entity_id:
                    raise GraphInputError(
                        "alias", f"already names entity {owner.entity_id!r}", "taken"
                    )
                if owner is None:
                    aliases = [*entity.aliases, alias.strip()]
                    entity = entity.model_copy(update={"aliases": aliases})
                    tx.put_entity(entity)
        except GraphInputError as exc:
            self._reject(user_id, operator, "add_alias", exc, when)
            raise
        self._audit(
            [AuditEntry(at=when, operator=operator, action="add_alias",
                        outcome=AuditOutcome.APPLIED, user_id=user, reason=entity.entity_id)]
        )  # fmt: skip
        return entity

    def resolve(self, user_id: str, name: str) -> Entity | None:
        """The entity a name refers to for this user (alias or id), without creating one."""
        return find_entity(self.store, self._check_user(user_id), name)

    def erase_user(self, user_id: str, operator: str, reason: str | None = None) -> int:
        """Soft-delete a user's graph (ids kept, properties cleared); audited, with the reason
        when it was not the user's request (child mode)."""
        user = self._check_user(user_id)
        cleared = self.store.erase_user(user)
        self._audit(
            [AuditEntry(at=self._clock(), operator=operator, action="erase_user",
                        outcome=AuditOutcome.APPLIED, user_id=user, reason=reason)]
        )  # fmt: skip
        return cleared

    def _ensure_user(self, tx: GraphTx) -> str:
        """The user's node: written once, never removed (erasure keeps it as a tombstone)."""
        if tx.user_id not in self._known_users and tx.entity(USER_ENTITY_ID) is None:
            tx.put_entity(Entity(entity_id=USER_ENTITY_ID, kind=EntityKind.USER, name="user"))
        return USER_ENTITY_ID

    def _committed(self, user_id: str) -> None:
        """Remember a user whose node is surely stored (only after a commit)."""
        if len(self._known_users) >= MAX_USERS_REMEMBERED:
            self._known_users.clear()
        self._known_users.add(user_id)

    def _find(self, tx: GraphTx, name: str) -> Entity | None:
        found = tx.entity_by_alias(alias_key(name)) or tx.entity(name)
        return None if found is None or found.kind is EntityKind.USER else found

    def _resolve(self, tx: GraphTx, name: str, kind: EntityKind) -> Entity:
        """Name → entity: an alias (of the name or of any name the vocabulary gives the same
        thing), or a new node with a fresh id and those aliases. References ("that button")
        were resolved before a name gets here (`jiyi.ingest.references`, their one owner)."""
        entry = vocabulary.lookup(name) or (  # a place has its names in the gazetteer
            places.lookup(name) if kind is EntityKind.PLACE else None
        )
        names = [name, *(entry.names if entry else ())]
        # An entity made for any name of an entry carries all its names as aliases, so the name
        # and the entry's two canonical names are all that need looking up.
        keys = dict.fromkeys(alias_key(n) for n in names[:1] + _canonical_names(entry))
        found = next((e for k in keys if (e := tx.entity_by_alias(k))), None)
        if found is not None and found.kind is not EntityKind.USER:
            return found
        entity_id = entity_id_for(name, kind)
        if tx.entity(entity_id) is not None:  # same slug, different name: hash it
            entity_id = entity_id_for(name, kind, hashed=True)
        own = alias_key(name)
        aliases = list(dict.fromkeys(n for n in names[1:] if alias_key(n) != own))
        entity = Entity(entity_id=entity_id, kind=kind, name=name, aliases=aliases)
        tx.put_entity(entity)
        return entity

    # ---- audit ----------------------------------------------------------------------------

    def _check_user(self, user_id: str) -> str:
        try:
            return check_external_id(user_id)
        except ValueError as exc:
            raise GraphInputError("user_id", str(exc)) from None

    def _audit_decisions(
        self, decisions: list[Decision], operator: str, at: int
    ) -> list[EdgeChange]:
        entries, changes = [], []
        for decision in decisions:
            if isinstance(decision, Skipped):
                edge = decision.edge
                entries.append(
                    AuditEntry(at=at, operator=operator, action="skip",
                               outcome=AuditOutcome.SKIPPED, source=edge.source.value,
                               user_id=edge.user_id, edge_id=edge.edge_id,
                               relation=edge.relation.value, old_confidence=edge.confidence,
                               new_confidence=edge.confidence, reason=decision.reason)
                )  # fmt: skip
                continue
            rev = decision.revision
            changes.append(decision)
            entries.append(
                AuditEntry(at=rev.at, operator=operator, action=rev.action.value,
                           outcome=AuditOutcome.APPLIED, source=rev.source.value,
                           user_id=rev.user_id, edge_id=rev.edge_id, relation=rev.relation.value,
                           old_confidence=rev.old_confidence, new_confidence=rev.new_confidence,
                           evidence=rev.evidence)
            )  # fmt: skip
        self._audit(entries)
        return changes

    def _reject(
        self, user_id: str, operator: str, action: str, exc: GraphInputError, at: int
    ) -> None:
        try:
            user = check_external_id(user_id)
        except ValueError:
            user = "(invalid)"
        self._audit(
            [AuditEntry(at=at, operator=(operator or "(none)")[:100], action=action,
                        outcome=AuditOutcome.REJECTED, user_id=user, reason=exc.audit_reason)]
        )  # fmt: skip


def _check_name(field: str, name: str) -> None:
    if not name or not name.strip():
        raise GraphInputError(field, "must not be empty", "empty")
    if len(name) > MAX_NAME_CHARS:
        raise GraphInputError(field, f"must be at most {MAX_NAME_CHARS} characters", "length")
    if not alias_key(name):
        raise GraphInputError(field, "must not be only punctuation", "punctuation")
    if parse_reference(name):
        raise GraphInputError(
            field, "is a reference like 'that button': name the thing", "reference"
        )


def _check_operator(operator: str) -> None:
    if not operator or len(operator) > 100:
        raise GraphInputError("operator", "must be 1 to 100 characters", "length")
