"""`jiyi bench graph`: how right is the final graph, against scripted ground truth?

Scenarios under `data/graph_scenarios/` are multi-session conversations (zh and en) written as
the events an extractor would emit, with human corrections, LLM proposals, aliases and the
profile a careful person would hold at the end. Each is driven through `GraphService` on a
fresh store; the beliefs whose decayed confidence reaches `graph.low_confidence_threshold` at
`as_of_day` are compared with the ground truth.

Judgements: every expected belief (held or not), every expected non-belief, and every belief
held that the truth does not mention (an error). precision = TP / (TP + FP), recall =
TP / (TP + FN), error rate = (FP + FN) / all judgements. The baseline, run alongside, is the
article's code as written: the same event mapping and 0.3/0.7 blend, but no counter-evidence, no
source precedence (a correction is one more blended write) and one 30-day half-life counted
from creation.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from jiyi.audit import AuditLog
from jiyi.composition import open_audit_log, open_graph_store
from jiyi.config import GraphSettings, Settings
from jiyi.domain import (
    Event,
    EventAttr,
    EventType,
    ExtractionSource,
    RelationKind,
    Role,
    Turn,
    event_id_for,
    stable_id,
    text_hash,
)
from jiyi.graph.decay import MS_PER_DAY
from jiyi.graph.entities import alias_key
from jiyi.graph.model import GraphInputError
from jiyi.graph.queries import find_entity, profile
from jiyi.graph.service import GraphService
from jiyi.graph.store import GraphStore
from jiyi.graph.updates import claim_for
from jiyi.ingest.references import SessionEntities, resolve_entities
from jiyi.ingest.work import TurnWork

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "data" / "graph_scenarios"
START_MS = 1_767_225_600_000  # 2026-01-01T00:00:00Z; scenario times are days after it
ARTICLE_ERROR_RATE = 0.003
BASELINE_HALF_LIFE_DAYS = 30.0


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Step(_Model):
    """One thing that happens: an extracted event, a model proposal, or a human correction."""

    day: float = Field(ge=0)
    say: str = Field(default="", description="the turn, for the reader; never stored")
    event: EventType | None = None
    object: str | None = None
    kind: str | None = None
    value: str | None = None
    polarity: str | None = None
    confidence: float | None = None
    source: str = "rule"
    propose: str | None = Field(default=None, description="a relation name an LLM proposed")
    correct: str | None = Field(default=None, pattern="^(confirm|correct|retract)$")
    relation: str | None = None
    new_relation: str | None = None
    new_object: str | None = None
    operator: str = "jiyi.rules"


class Session(_Model):
    session_id: str
    steps: list[Step]


class Alias(_Model):
    name: str
    alias: str
    kind: str = "concept"


class Fact(_Model):
    subject: str
    relation: str
    object: str


class Truth(_Model):
    believed: list[tuple[str, str]] = Field(default_factory=list)
    not_believed: list[tuple[str, str]] = Field(default_factory=list)


class Scenario(_Model):
    name: str
    lang: str = Field(pattern="^(zh|en|mixed)$")
    user_id: str
    description: str
    aliases: list[Alias] = Field(default_factory=list)
    facts: list[Fact] = Field(default_factory=list)
    sessions: list[Session]
    as_of_day: float
    expected: Truth


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    mistakes: list[str] = field(default_factory=list)

    def add(self, other: Score) -> None:
        self.tp, self.fp = self.tp + other.tp, self.fp + other.fp
        self.fn, self.tn = self.fn + other.fn, self.tn + other.tn
        self.mistakes += other.mistakes

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def judgements(self) -> int:
        return self.tp + self.fp + self.fn + self.tn

    @property
    def error_rate(self) -> float:
        return (self.fp + self.fn) / self.judgements if self.judgements else 0.0


@dataclass(frozen=True)
class ScenarioResult:
    name: str
    lang: str
    jiyi: Score
    baseline: Score
    events: int
    rejected: int


@dataclass(frozen=True)
class GraphBenchResult:
    scenarios: list[ScenarioResult]
    jiyi: Score
    baseline: Score
    events_per_s: float
    backend: str


def load_scenarios(directory: Path = SCENARIO_DIR) -> list[Scenario]:
    files = sorted(directory.glob("*.json"))
    if not files:
        raise FileNotFoundError(f"no scenario files in {directory}")
    return [Scenario.model_validate_json(f.read_text(encoding="utf-8")) for f in files]


def _ms(day: float) -> int:
    return START_MS + round(day * MS_PER_DAY)


def _event(
    scenario: Scenario, session: Session, index: int, step: Step, event_type: EventType
) -> Event:
    attributes = {
        key.value: value
        for key, value in [
            (EventAttr.OBJECT, step.object),
            (EventAttr.OBJECT_KIND, step.kind),
            (EventAttr.VALUE, step.value),
            (EventAttr.POLARITY, step.polarity),
        ]
        if value is not None
    }
    turn_id = stable_id(scenario.name, session.session_id, index)
    return Event(
        event_id=event_id_for(scenario.user_id, turn_id, event_type),
        user_id=scenario.user_id,
        session_id=session.session_id,
        turn_id=turn_id,
        ts=_ms(step.day),
        event_type=event_type,
        raw_hash=text_hash(step.say or step.object or ""),
        confidence=0.8 if step.confidence is None else step.confidence,
        source=ExtractionSource(step.source),
        attributes=attributes,
    )


def _judge(
    held: set[tuple[str, str]],
    truth: Truth,
    name_of: Callable[[str], str],
    label: Callable[[str], str] = str,
) -> Score:
    """Compare held beliefs (relation, entity key) with the truth; `label` names a key."""
    score = Score()
    believed = {(r, name_of(o)) for r, o in truth.believed}
    not_believed = {(r, name_of(o)) for r, o in truth.not_believed}
    for item in sorted(believed):
        if item in held:
            score.tp += 1
        else:
            score.fn += 1
            score.mistakes.append(f"missed {item[0]} {label(item[1])}")
    for item in sorted(not_believed):
        if item in held:
            score.fp += 1
            score.mistakes.append(f"wrongly holds {item[0]} {label(item[1])}")
        else:
            score.tn += 1
    for item in sorted(held - believed - not_believed):
        score.fp += 1
        score.mistakes.append(f"holds unexpected {item[0]} {label(item[1])}")
    return score


def _run_jiyi(
    scenario: Scenario, store: GraphStore, audit: AuditLog, settings: GraphSettings
) -> tuple[Score, int, int]:
    clock = {"now": START_MS}
    service = GraphService(store, audit, settings, clock=lambda: clock["now"])
    user = scenario.user_id
    for alias in scenario.aliases:
        service.add_alias(user, alias.name, alias.alias, operator="curriculum", kind=alias.kind)
    for fact in scenario.facts:
        service.assert_belief(
            user, fact.relation, fact.object, subject_name=fact.subject, confidence=1.0,
            source="human", operator="curriculum", at=START_MS,
        )  # fmt: skip
    events = rejected = 0
    sessions = SessionEntities()  # "那个弹窗" is resolved as the write path resolves it
    for session in scenario.sessions:
        for index, step in enumerate(session.steps):
            clock["now"] = _ms(step.day)
            try:
                events += _apply_step(service, sessions, scenario, session, index, step)
            except GraphInputError:
                rejected += 1
    as_of = _ms(scenario.as_of_day)
    beliefs = profile(store, user, settings, as_of, settings.low_confidence_threshold)
    held = {(b.relation.value, b.entity.entity_id) for b in beliefs}

    def entity_key(name: str) -> str:
        found = find_entity(store, user, name)
        return found.entity_id if found else f"(absent) {name}"

    def label(entity_id: str) -> str:
        found = store.entity(user, entity_id)
        return f"{found.name} ({entity_id})" if found else entity_id

    return _judge(held, scenario.expected, entity_key, label), events, rejected


def _apply_step(
    service: GraphService,
    sessions: SessionEntities,
    scenario: Scenario,
    session: Session,
    index: int,
    step: Step,
) -> int:
    user, at = scenario.user_id, _ms(step.day)
    if step.event is not None:
        event = _event(scenario, session, index, step, step.event)
        turn = Turn(
            user_id=user, session_id=session.session_id, role=Role.USER,
            content=step.say or step.object or step.event.value, client_ts=at,
            turn_id=event.turn_id,
        )  # fmt: skip
        work = TurnWork(source="bench", payload="", turn=turn, events=(event,))
        for resolved in resolve_entities(work, sessions, service.resolve).events:
            service.apply_event(resolved)
        return 1
    if step.propose is not None:
        service.assert_belief(
            user, step.propose, step.object or "", confidence=step.confidence or 0.8,
            source=step.source, operator=step.operator, object_kind=step.kind, at=at,
        )  # fmt: skip
        return 1
    relation, target = step.relation or "", step.object or ""
    if step.correct == "confirm":
        service.confirm(user, relation, target, step.operator, step.confidence or 1.0, at)
    elif step.correct == "retract":
        service.retract(user, relation, target, step.operator, at)
    else:
        service.correct(
            user, relation, target, step.operator, confidence=step.confidence,
            new_relation=step.new_relation, new_object=step.new_object, at=at,
        )  # fmt: skip
    return 0


class ArticleBaseline:
    """The article's `KnowledgeGraph` as coded: blend on repeat, decay from creation, no more."""

    def __init__(self, aliases: list[Alias]) -> None:
        self._canon = {alias_key(a.alias): alias_key(a.name) for a in aliases}
        self._edges: dict[tuple[str, str], tuple[float, int]] = {}  # confidence, created

    def key(self, name: str) -> str:
        return self._canon.get(alias_key(name), alias_key(name))

    def write(self, relation: str, name: str, confidence: float, at: int) -> None:
        key = (relation, self.key(name))
        old = self._edges.get(key)
        value = confidence if old is None else old[0] * 0.3 + confidence * 0.7
        self._edges[key] = (value, old[1] if old else at)

    def held(self, as_of: int, threshold: float) -> set[tuple[str, str]]:
        return {
            key
            for key, (value, created) in self._edges.items()
            if value * 0.5 ** ((as_of - created) / MS_PER_DAY / BASELINE_HALF_LIFE_DAYS)
            >= threshold
        }


def _run_baseline(scenario: Scenario, threshold: float) -> Score:
    graph = ArticleBaseline(scenario.aliases)
    for session in scenario.sessions:
        for index, step in enumerate(session.steps):
            at = _ms(step.day)
            if step.event is not None:
                claim = _safe_claim(_event(scenario, session, index, step, step.event))
                if claim is not None:
                    graph.write(claim.relation.value, claim.object_name, claim.confidence, at)
            elif step.propose is not None and step.propose in RelationKind.__members__.values():
                graph.write(step.propose, step.object or "", step.confidence or 0.8, at)
            elif step.correct is not None:
                _baseline_correction(graph, step, at)
    held = graph.held(_ms(scenario.as_of_day), threshold)
    return _judge(held, scenario.expected, graph.key)


def _safe_claim(event: Event) -> Any:
    try:
        return claim_for(event)
    except GraphInputError:
        return None


def _baseline_correction(graph: ArticleBaseline, step: Step, at: int) -> None:
    """No precedence in the article's code: a correction is one more blended write."""
    relation, target = step.relation or "", step.object or ""
    if step.correct == "retract" or step.new_relation or step.new_object:
        graph.write(relation, target, 0.1, at)
        if step.correct == "correct":
            new_target = step.new_object or target
            graph.write(step.new_relation or relation, new_target, step.confidence or 1.0, at)
    else:
        graph.write(relation, target, step.confidence or 1.0, at)


def _deployment(data_dir: Path, graph: GraphSettings) -> Settings:
    """A scenario's own data directory, its stores opened by the composition root."""
    return Settings(data_dir=data_dir, graph=graph)


def run(
    directory: Path = SCENARIO_DIR,
    settings: GraphSettings | None = None,
    bolt_uri: str | None = None,
) -> GraphBenchResult:
    """Drive every scenario through a fresh SQLite store, or one Bolt server if given.

    On Bolt, user ids get a per-run suffix so earlier runs on the same server cannot leak in.
    """
    settings = settings or GraphSettings()
    if bolt_uri is not None:
        settings = settings.model_copy(update={"backend": "neo4j", "neo4j_uri": bolt_uri})
    results, total, base_total = [], Score(), Score()
    events, seconds = 0, 0.0
    run_id = stable_id(time.time_ns(), length=8)
    with tempfile.TemporaryDirectory(prefix="jiyi-bench-graph-") as tmp:
        shared = open_graph_store(_deployment(Path(tmp), settings)) if bolt_uri else None
        for i, scenario in enumerate(load_scenarios(directory)):
            deployment = _deployment(Path(tmp) / f"s{i}", settings)
            store = shared or open_graph_store(deployment)
            if shared is not None:
                scenario = scenario.model_copy(update={"user_id": f"{scenario.user_id}.{run_id}"})
            audit = open_audit_log(deployment)
            started = time.perf_counter()
            score, applied, rejected = _run_jiyi(scenario, store, audit, settings)
            seconds += time.perf_counter() - started
            if shared is None:
                store.close()
            audit.close()
            baseline = _run_baseline(scenario, settings.low_confidence_threshold)
            results.append(
                ScenarioResult(scenario.name, scenario.lang, score, baseline, applied, rejected)
            )
            total.add(score)
            base_total.add(baseline)
            events += applied
        if shared is not None:
            shared.close()
    backend = "Bolt" if bolt_uri else "SQLite"
    return GraphBenchResult(
        results, total, base_total, events / seconds if seconds else 0.0, backend
    )


def report(result: GraphBenchResult, verbose: bool = False) -> str:
    lines = [
        f"{'scenario':34} {'lang':5} {'TP':>3} {'FP':>3} {'FN':>3} {'TN':>3} "
        f"{'errors':>7} {'baseline':>8}"
    ]
    for r in result.scenarios:
        s, b = r.jiyi, r.baseline
        lines.append(
            f"{r.name:34} {r.lang:5} {s.tp:>3} {s.fp:>3} {s.fn:>3} {s.tn:>3} "
            f"{s.fp + s.fn:>7} {b.fp + b.fn:>8}"
        )
        if verbose:
            lines += [f"    jiyi:   {m}" for m in s.mistakes]
            lines += [f"    baseline: {m}" for m in b.mistakes]
    e, b = result.jiyi, result.baseline
    lines += [
        "",
        f"judgements: {e.judgements} over {len(result.scenarios)} scenarios",
        f"{'':12} {'precision':>9} {'recall':>7} {'error rate':>10}",
        f"{'jiyi':12} {e.precision:>9.3f} {e.recall:>7.3f} {e.error_rate:>10.3%}",
        f"{'baseline':12} {b.precision:>9.3f} {b.recall:>7.3f} {b.error_rate:>10.3%}",
        f"article's claim: error rate under {ARTICLE_ERROR_RATE:.1%} (its own data, not these)",
        f"write path: {result.events_per_s:,.0f} events/s through reference resolution and "
        f"GraphService on {result.backend}",
    ]
    return "\n".join(lines)


def to_json(result: GraphBenchResult) -> str:
    def score(s: Score) -> dict[str, Any]:
        return {
            "tp": s.tp, "fp": s.fp, "fn": s.fn, "tn": s.tn, "precision": s.precision,
            "recall": s.recall, "error_rate": s.error_rate, "mistakes": s.mistakes,
        }  # fmt: skip

    return json.dumps(
        {
            "jiyi": score(result.jiyi),
            "baseline": score(result.baseline),
            "events_per_s": result.events_per_s,
            "backend": result.backend,
            "scenarios": [
                {
                    "name": r.name,
                    "lang": r.lang,
                    "jiyi": score(r.jiyi),
                    "baseline": score(r.baseline),
                    "events": r.events,
                    "rejected": r.rejected,
                }
                for r in result.scenarios
            ],
        },
        ensure_ascii=False,
        indent=2,
    )
