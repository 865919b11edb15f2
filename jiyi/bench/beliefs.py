"""`jiyi bench beliefs`: does the graph hold what a careful reader of the chat would believe?

End to end: each scenario under `data/belief_scenarios/` is raw turns (session, client time,
role, text) written by a person, posted one by one through `Memory.add_turns` (the write path
the stream and the API share) on a fresh data directory, then `Memory.profile(as_of=…)` is read
at the scenario's evaluation time and compared with the expected state of each belief: firm
(decayed confidence ≥ 0.5), weak (0.2–0.5) or absent (no belief, or under 0.2). A held belief
(≥ 0.2) that names nothing the scenario expects is junk and counts against us.

`--messages FILE.jsonl` runs the same judgement on labelled single messages
(`data/claim_messages/`): each line is one learner message and what a careful reader would
believe from it alone; it is posted as a one-turn chat with consent and read an hour later.
Many short cases measure how widely the reader covers ordinary phrasing; the scenarios measure
how beliefs build over time.

Baselines from the same run: a graph that holds nothing (every "absent" met for free), the
write path with its claim reading and the learned reader turned off (`extraction.read_claims`,
`extraction.learned_reader`: the rule table alone, as the product extracted before either), and
with the reading on but not the learned reader ("rules, read").
"""

from __future__ import annotations

import json
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError, model_validator

from jiyi.config import Settings
from jiyi.domain import RelationKind, Role, Turn
from jiyi.graph.queries import Belief
from models.embedder import SpaceEncoder

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "data" / "belief_scenarios"
MESSAGE_DIR = Path(__file__).resolve().parents[2] / "data" / "claim_messages"
FIRM_AT = 0.5
WEAK_AT = 0.2
_LEADING_ARTICLES = ("the ", "a ", "an ", "my ")


class BeliefState(StrEnum):
    FIRM = "firm"
    WEAK = "weak"
    ABSENT = "absent"


class Tag(StrEnum):
    """What a scenario exercises (README of the scenario folder)."""

    ATTRIBUTION = "attribution"
    PAST = "past"
    SUPERSEDE = "supersede"
    TRANSIENT = "transient"
    EXCHANGE = "exchange"
    REQUEST_STYLE = "request_style"
    IDENTITY = "identity"
    CORRECTION = "correction"
    GOALS = "goals"
    CHILD_MODE = "child_mode"
    CONSENT = "consent"
    CANONICAL = "canonical"
    REFERENCE = "reference"
    REPETITION = "repetition"
    NOISE = "noise"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ScenarioTurn(_Model):
    session: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
    at: AwareDatetime
    role: Literal["user", "assistant"]
    content: str = Field(min_length=1)


class Expectation(_Model):
    relation: RelationKind
    object: list[str] = Field(min_length=1, description="surface forms that may name the object")
    state: BeliefState
    why: str = ""

    @model_validator(mode="after")
    def _forms_named(self) -> Expectation:
        if any(not normalised_name(form) for form in self.object):
            raise ValueError("object: every surface form must name something")
        return self


class Scenario(_Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_]*$")
    lang: Literal["zh", "en"]
    title: str = ""
    covers: list[Tag] = Field(default_factory=list)
    consent: bool
    evaluate_at: AwareDatetime
    turns: list[ScenarioTurn] = Field(min_length=1)
    #: none: whatever the chat leaves held is junk ("a message that says nothing about the user")
    expect: list[Expectation] = Field(default_factory=list)
    child_mode: bool = False

    @model_validator(mode="after")
    def _in_time_order(self) -> Scenario:
        for index, (before, after) in enumerate(zip(self.turns, self.turns[1:], strict=False)):
            if after.at < before.at:
                raise ValueError(f"turns.{index + 1}.at: earlier than the turn before it")
        if self.evaluate_at < self.turns[-1].at:
            raise ValueError("evaluate_at: before the last turn")
        return self

    @property
    def user_id(self) -> str:
        return f"bench-{self.id}"


class ScenarioFileError(ValueError):
    """A malformed scenario file, with the file, the scenario and the field named."""


def _field(location: Sequence[int | str]) -> str:
    return ".".join(str(part) for part in location) or "(top level)"


def load_scenario(path: Path) -> Scenario:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScenarioFileError(f"{path}: not readable JSON: {exc}") from None
    name = raw.get("id", "?") if isinstance(raw, dict) else "?"
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(f"{_field(e['loc'])}: {e['msg']}" for e in exc.errors())
        raise ScenarioFileError(f"{path}: scenario {name!r}: {problems}") from None
    if scenario.id != path.stem:
        raise ScenarioFileError(
            f"{path}: scenario {name!r}: id: must equal the file name {path.stem!r}"
        )
    return scenario


def load_scenarios(folder: Path) -> list[Scenario]:
    paths = sorted(folder.glob("*.json"))
    if not paths:
        raise ScenarioFileError(f"{folder}: no scenario files (*.json)")
    return [load_scenario(path) for path in paths]


class LabelledMessage(_Model):
    """One line of a message file: a learner's message and what it alone says about them."""

    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
    lang: Literal["zh", "en"]
    text: str = Field(min_length=1)
    claims: list[Expectation] = Field(default_factory=list)
    #: a child's message ("我上四年级"): the graph must switch to child mode; a JSON boolean only
    child_mode: bool = Field(default=False, strict=True)


#: When a message is posted, and read an hour later: nothing has decayed yet.
_MESSAGE_AT = datetime.fromisoformat("2026-06-01T10:00:00+00:00")
_MESSAGE_READ_AT = datetime.fromisoformat("2026-06-01T11:00:00+00:00")


def as_scenario(message: LabelledMessage) -> Scenario:
    """A message as a one-turn chat with consent, judged an hour later."""
    return Scenario(
        id="message_" + message.id.lower().replace("-", "_"),
        lang=message.lang,
        consent=True,
        evaluate_at=_MESSAGE_READ_AT,
        turns=[ScenarioTurn(session="s1", at=_MESSAGE_AT, role="user", content=message.text)],
        expect=message.claims,
        child_mode=message.child_mode,
    )


def load_messages(path: Path) -> list[Scenario]:
    """Every line of a JSONL message file as a one-turn scenario; a malformed line is named by
    file, line number, id and field."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioFileError(f"{path}: not readable: {exc}") from None
    scenarios: list[Scenario] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ScenarioFileError(f"{path}:{number}: not JSON: {exc.msg}") from None
        name = raw.get("id", "?") if isinstance(raw, dict) else "?"
        try:
            scenarios.append(as_scenario(LabelledMessage.model_validate(raw)))
        except ValidationError as exc:
            problems = "; ".join(f"{_field(e['loc'])}: {e['msg']}" for e in exc.errors())
            raise ScenarioFileError(f"{path}:{number}: message {name!r}: {problems}") from None
    if not scenarios:
        raise ScenarioFileError(f"{path}: no messages")
    return scenarios


# ---- judging ----------------------------------------------------------------------------------


def _flat(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split()).strip(" .,!?'\"")


def normalised_name(text: str) -> str:
    """How an object's name is compared: width, case and spacing aside, a leading article off."""
    flat = _flat(text)
    for article in _LEADING_ARTICLES:
        if flat.startswith(article):
            flat = flat[len(article) :]
    return flat


def _forms(text: str) -> set[str]:
    """A name with its leading article off and as written: "A in chemistry" is a grade, whose
    "A" only reads as an article once case is gone, so "an A in chemistry" names it too."""
    return {normalised_name(text), _flat(text)}


def state_of(confidence: float) -> BeliefState:
    if confidence >= FIRM_AT:
        return BeliefState.FIRM
    return BeliefState.WEAK if confidence >= WEAK_AT else BeliefState.ABSENT


def names(belief: Belief, expectation: Expectation) -> bool:
    """Whether a held belief is the expected one: same relation, and its entity's name or an
    alias is one of the expectation's surface forms."""
    if belief.relation is not expectation.relation:
        return False
    held = {f for n in (belief.entity.name, *belief.entity.aliases) for f in _forms(n)}
    return not held.isdisjoint(f for form in expectation.object for f in _forms(form))


@dataclass(frozen=True)
class Reading:
    """What one system ended up believing about a scenario's user."""

    beliefs: list[Belief]
    child_mode: bool


@dataclass(frozen=True)
class Judgement:
    scenario: Scenario
    expectation: Expectation
    confidence: float  # the strongest belief naming it, 0.0 if none

    @property
    def state(self) -> BeliefState:
        return state_of(self.confidence)

    @property
    def met(self) -> bool:
        return self.state is self.expectation.state


@dataclass(frozen=True)
class Junk:
    scenario: Scenario
    belief: Belief


@dataclass
class SystemResult:
    name: str
    judgements: list[Judgement] = field(default_factory=list)
    junk: list[Junk] = field(default_factory=list)
    held: int = 0  # beliefs held at ≥ 0.2, over all scenarios
    child_mode_right: int = 0
    scenarios: int = 0
    seconds: float = 0.0

    def met(self, keep: Callable[[Judgement], bool] = lambda _: True) -> tuple[int, int]:
        chosen = [j for j in self.judgements if keep(j)]
        return sum(j.met for j in chosen), len(chosen)

    @property
    def junk_share(self) -> float:
        return len(self.junk) / self.held if self.held else 0.0


def judge(name: str, readings: Sequence[tuple[Scenario, Reading]]) -> SystemResult:
    result = SystemResult(name)
    for scenario, reading in readings:
        result.scenarios += 1
        result.child_mode_right += reading.child_mode is scenario.child_mode
        for expectation in scenario.expect:
            matched = [b.confidence for b in reading.beliefs if names(b, expectation)]
            result.judgements.append(Judgement(scenario, expectation, max(matched, default=0.0)))
        held = [b for b in reading.beliefs if b.confidence >= WEAK_AT]
        result.held += len(held)
        result.junk += [
            Junk(scenario, b) for b in held if not any(names(b, e) for e in scenario.expect)
        ]
    return result


# ---- running ----------------------------------------------------------------------------------


def _ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def turns_of(scenario: Scenario) -> list[Turn]:
    return [
        Turn(
            user_id=scenario.user_id,
            session_id=f"{scenario.id}.{t.session}",
            role=Role(t.role),
            content=t.content,
            client_ts=_ms(t.at),
        )
        for t in scenario.turns
    ]


def read_through_write_path(
    scenario: Scenario, settings: Settings, encoder: SpaceEncoder
) -> Reading:
    """A fresh data directory, consent as the scenario says, every turn posted on its own.
    A scenario keeps its own calendar, so the check against the server clock is lifted."""
    from jiyi.memory import Memory

    own_calendar = settings.limits.model_copy(update={"max_clock_skew_seconds": None})
    with tempfile.TemporaryDirectory(prefix="jiyi-bench-beliefs-") as tmp:
        update = {"data_dir": Path(tmp), "limits": own_calendar}
        memory = Memory(settings.model_copy(update=update), encoder=encoder)
        try:
            if scenario.consent:
                memory.consent(scenario.user_id, True)
            for turn in turns_of(scenario):
                memory.add_turns([turn])
            beliefs = memory.profile(
                scenario.user_id, as_of=_ms(scenario.evaluate_at), min_confidence=0.0, limit=None
            )
            child_mode = memory.stores.consent.get(scenario.user_id).child_mode
        finally:
            memory.close()
    return Reading(beliefs, child_mode)


@dataclass
class BeliefBenchResult:
    scenarios: list[Scenario]
    systems: list[SystemResult]


def _with_reader(settings: Settings, reading: bool, learned: bool) -> Settings:
    update = {"read_claims": reading, "learned_reader": learned}
    extraction = settings.extraction.model_copy(update=update)
    return settings.model_copy(update={"extraction": extraction})


#: The systems compared, each a step on the last: the rule table as said, its claims read in
#: context, and the learned reader's claims added.
_SYSTEMS = (("rules alone", False, False), ("rules, read", True, False), ("jiyi", True, True))


def run(
    scenarios: Sequence[Scenario], settings: Settings, encoder: SpaceEncoder | None = None
) -> BeliefBenchResult:
    """Every scenario through the write path with and without the claim reader, and the empty
    graph; the encoder is opened once and shared."""
    import time

    from jiyi.composition import open_encoder

    scenarios = list(scenarios)
    encoder = encoder or open_encoder(settings)
    systems = [judge("nothing held", [(s, Reading([], False)) for s in scenarios])]
    for name, reading, learned in _SYSTEMS:
        started = time.perf_counter()
        configured = _with_reader(settings, reading, learned)
        readings = [(s, read_through_write_path(s, configured, encoder)) for s in scenarios]
        system = judge(name, readings)
        system.seconds = time.perf_counter() - started
        systems.append(system)
    return BeliefBenchResult(scenarios, systems)


# ---- reporting --------------------------------------------------------------------------------


def _ratio(pair: tuple[int, int]) -> str:
    met, total = pair
    return f"{met / total:.3f} ({met}/{total})" if total else "—"


def _rows(system: SystemResult, langs: Sequence[str]) -> dict[str, str]:
    rows = {
        "states met": _ratio(system.met()),
        **{
            f"  expected {state.value}": _ratio(
                system.met(lambda j, s=state: j.expectation.state is s)
            )
            for state in BeliefState
        },
        **{
            f"  {lang}": _ratio(system.met(lambda j, lang=lang: j.scenario.lang == lang))
            for lang in langs
        },
        "junk (held, naming nothing expected)": (
            f"{system.junk_share:.3f} ({len(system.junk)}/{system.held})"
        ),
        "child mode right": f"{system.child_mode_right}/{system.scenarios}",
    }
    return rows


def report(result: BeliefBenchResult, verbose: bool = False) -> str:
    langs = sorted({s.lang for s in result.scenarios})
    tables = {s.name: _rows(s, langs) for s in result.systems}
    labels = list(next(iter(tables.values())))
    names_ = [s.name for s in result.systems]
    width = max(len(label) for label in labels) + 2
    counts = Counter(s.lang for s in result.scenarios)
    lines = [
        f"Beliefs from raw chats: {len(result.scenarios)} scenarios "
        f"({', '.join(f'{n} {lang}' for lang, n in sorted(counts.items()))}), "
        f"{sum(len(s.expect) for s in result.scenarios)} expected states",
        "".ljust(width) + "".join(n.ljust(22) for n in names_),
    ]
    lines += [label.ljust(width) + "".join(tables[n][label].ljust(22) for n in names_)
              for label in labels]  # fmt: skip
    tags = sorted({t for s in result.scenarios for t in s.covers})
    if tags:
        lines.append("per tag (states met):")
    for tag in tags:
        cells = [_ratio(s.met(lambda j, t=tag: t in j.scenario.covers)) for s in result.systems]
        lines.append(f"  {tag.value}".ljust(width) + "".join(c.ljust(22) for c in cells))
    lines.append("per relation (states met):")
    for relation in sorted({e.relation for s in result.scenarios for e in s.expect}):
        cells = [_ratio(s.met(lambda j, r=relation: j.expectation.relation is r))
                 for s in result.systems]  # fmt: skip
        lines.append(f"  {relation.value}".ljust(width) + "".join(c.ljust(22) for c in cells))
    timed = [s for s in result.systems if s.seconds]
    lines.append("seconds: " + ", ".join(f"{s.name} {s.seconds:.1f}" for s in timed))
    if verbose:
        lines += _mistakes(result.systems[-1])
    return "\n".join(lines)


def _mistakes(system: SystemResult) -> list[str]:
    lines = [f"{system.name}: misses"]
    for j in system.judgements:
        if not j.met:
            lines.append(
                f"  {j.scenario.id}: {j.expectation.relation.value} {j.expectation.object[0]!r} "
                f"expected {j.expectation.state.value}, got {j.state.value} ({j.confidence:.2f})"
            )
    lines.append(f"{system.name}: junk")
    lines += [
        f"  {k.scenario.id}: {k.belief.relation.value} {k.belief.entity.name!r} "
        f"{k.belief.confidence:.2f}"
        for k in system.junk
    ]
    return lines


def to_json(result: BeliefBenchResult) -> str:
    def summary(system: SystemResult) -> dict[str, object]:
        met, total = system.met()
        firm = system.met(lambda j: j.expectation.state is BeliefState.FIRM)
        return {
            "states_met": met / total if total else 0.0,
            "firm_found": firm[0] / firm[1] if firm[1] else 0.0,
            "junk_share": system.junk_share,
            "child_mode_right": system.child_mode_right,
            "scenarios": system.scenarios,
            "seconds": round(system.seconds, 2),
        }

    return json.dumps({s.name: summary(s) for s in result.systems}, indent=2)
