"""How much of a real dialogue the rule table covers, and which events it yields.

Reads three formats: MemoryBank (`{user: {history: {date: [{query, response}]}}}`), LoCoMo
(a list of samples whose `conversation.session_N` lists hold `{speaker, dia_id, text}`; every
speaker counts as a user there) and JSON lines of `Turn`s. Turns that fail validation are
counted as rejected with their reason, never silently dropped.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from jiyi.domain import (
    LOW_VALUE_EVENT_TYPES,
    ExtractionSource,
    Role,
    Turn,
    recall_only,
    stable_id,
)
from jiyi.errors import describe
from jiyi.extraction.engine import ResidueStage, extract
from jiyi.extraction.residue import build_residue_stage
from jiyi.extraction.validation import ExtractionInputError, decode_content

if TYPE_CHECKING:
    from jiyi.config import Settings

RESIDUE_CHOICES = ("none", "lexical", "model")
_LOCOMO_SESSION = re.compile(r"session_(\d+)")
_SLUG = re.compile(r"[^a-z0-9]+")


class DialogueFormatError(ValueError):
    """The file is none of the dialogue formats coverage reads; the message says why."""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A turn that could not be used, where it was and why."""

    where: str
    reason: str


@dataclass
class CoverageReport:
    """User-turn coverage by the rules, plus what every stage produced."""

    source: str
    format: str
    user_turns: int = 0
    assistant_turns: int = 0
    covered: int = 0
    informative: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    events_by_type: Counter[str] = field(default_factory=Counter)
    rules_fired: Counter[str] = field(default_factory=Counter)
    residue_by_type: Counter[str] = field(default_factory=Counter)

    @property
    def coverage(self) -> float:
        """Share of user turns at least one rule covers (greetings and small talk included)."""
        return self.covered / self.user_turns if self.user_turns else 0.0

    @property
    def informative_coverage(self) -> float:
        """Share of user turns with a rule event other than greeting or small talk."""
        return self.informative / self.user_turns if self.user_turns else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "format": self.format,
            "user_turns": self.user_turns,
            "assistant_turns": self.assistant_turns,
            "covered_user_turns": self.covered,
            "coverage": round(self.coverage, 4),
            "informative_user_turns": self.informative,
            "informative_coverage": round(self.informative_coverage, 4),
            "rejected": dict(self.rejected.most_common()),
            "events_by_type": dict(self.events_by_type.most_common()),
            "rules_fired": dict(self.rules_fired.most_common()),
            "residue_by_type": dict(self.residue_by_type.most_common()),
        }


def _slug(text: str) -> str:
    slug = _SLUG.sub("-", text.lower()).strip("-")
    return slug or stable_id(text, length=12)


def _turn(where: str, **fields: Any) -> Turn | Rejected:
    try:
        return Turn(**fields)
    except ValidationError as exc:
        return Rejected(where, describe(exc, "turn"))


def _memorybank(data: dict[str, Any]) -> Iterator[Turn | Rejected]:
    for name, user in data.items():
        user_id = f"mb-{stable_id(name, length=12)}"
        for date, exchanges in (user.get("history") or {}).items():
            try:
                day_ms = int(datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=UTC).timestamp())
                day_ms *= 1000
            except ValueError:
                day_ms = 0
            for index, exchange in enumerate(exchanges):
                where = f"{name}/{date}/{index}"
                for offset, (key, role) in enumerate(
                    (("query", Role.USER), ("response", Role.ASSISTANT))
                ):
                    text = exchange.get(key)
                    if not isinstance(text, str) or not text.strip():
                        yield Rejected(f"{where}/{key}", f"{key}: missing or empty")
                        continue
                    yield _turn(
                        f"{where}/{key}",
                        user_id=user_id,
                        session_id=f"mb-{date}",
                        role=role,
                        content=text,
                        client_ts=day_ms + index * 60_000 + offset * 1000,
                    )


def _locomo_time(text: Any) -> int:
    try:
        moment = datetime.strptime(str(text), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)
    except ValueError:
        return 0
    return int(moment.timestamp()) * 1000


def _locomo(samples: list[Any]) -> Iterator[Turn | Rejected]:
    for position, sample in enumerate(samples):
        sample_id = _slug(str(sample.get("sample_id", f"sample-{position}")))
        conversation = sample["conversation"]
        for key, turns in conversation.items():
            found = _LOCOMO_SESSION.fullmatch(key)
            if not found or not isinstance(turns, list):
                continue
            start = _locomo_time(conversation.get(f"{key}_date_time"))
            for index, item in enumerate(turns):
                where = f"{sample_id}/{item.get('dia_id', f'{key}:{index}')}"
                text = item.get("text")
                if not isinstance(text, str) or not text.strip():
                    yield Rejected(where, "text: missing or empty")
                    continue
                yield _turn(
                    where,
                    user_id=f"locomo-{sample_id}-{_slug(str(item.get('speaker', 'anon')))}",
                    session_id=f"{sample_id}-s{found.group(1)}",
                    role=Role.USER,
                    content=text,
                    client_ts=start + index * 1000,
                )


def _json_lines(text: str) -> Iterator[Turn | Rejected]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"line {number}"
        try:
            fields = json.loads(line)
        except json.JSONDecodeError as exc:
            yield Rejected(where, f"not JSON: {exc.msg}")
            continue
        if not isinstance(fields, dict):
            yield Rejected(where, "not a JSON object")
            continue
        yield _turn(where, **fields)


def read_dialogue(path: Path) -> tuple[str, Iterator[Turn | Rejected]]:
    """(format name, turns) for a MemoryBank, LoCoMo or JSON-lines file."""
    text = decode_content(path.read_bytes(), field=str(path))
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return "jsonl", _json_lines(text)
    if (
        isinstance(data, list)
        and data
        and all(isinstance(s, dict) and "conversation" in s for s in data)
    ):
        return "locomo", _locomo(data)
    if (
        isinstance(data, dict)
        and data
        and all(isinstance(u, dict) and "history" in u for u in data.values())
    ):
        return "memorybank", _memorybank(data)
    if isinstance(data, dict) and {"user_id", "content"} <= data.keys():
        return "jsonl", _json_lines(text)
    raise DialogueFormatError(
        f"{path}: not MemoryBank ({{user: {{history: ...}}}}), LoCoMo ([{{conversation: ...}}]) "
        "or JSON lines of turns"
    )


def measure(
    source: str,
    fmt: str,
    turns: Iterable[Turn | Rejected],
    residue: ResidueStage | None = None,
) -> CoverageReport:
    """Run extraction over every turn and count coverage, events per type and rejects."""
    report = CoverageReport(source=source, format=fmt)
    for turn in turns:
        if isinstance(turn, Rejected):
            report.rejected["invalid_turn"] += 1
            continue
        try:
            events = extract(turn, residue)
        except ExtractionInputError as exc:
            report.rejected[exc.reason.value] += 1
            continue
        by_rule = [e for e in events if e.source is ExtractionSource.RULE and not recall_only(e)]
        if turn.role is Role.USER:
            report.user_turns += 1
            report.covered += bool(by_rule)
            report.informative += any(e.event_type not in LOW_VALUE_EVENT_TYPES for e in by_rule)
        else:
            report.assistant_turns += 1
        for event in events:
            report.events_by_type[event.event_type.value] += 1
            if event.rule:
                report.rules_fired[event.rule] += 1
            else:
                report.residue_by_type[event.event_type.value] += 1
    return report


def coverage_of(path: Path, residue: ResidueStage | None = None) -> CoverageReport:
    fmt, turns = read_dialogue(path)
    return measure(str(path), fmt, turns, residue)


def render(report: CoverageReport, top_rules: int = 15) -> str:
    """A plain-text report for the terminal."""
    lines = [
        f"{report.source} ({report.format})",
        f"user turns: {report.user_turns}   assistant turns: {report.assistant_turns}   "
        f"rejected: {sum(report.rejected.values())} {dict(report.rejected) or ''}".rstrip(),
        f"covered by >=1 rule: {report.covered} ({report.coverage:.1%})",
        f"covered by an informative rule (not greeting/small_talk): {report.informative} "
        f"({report.informative_coverage:.1%})",
        "events per type:",
    ]
    lines += [f"  {name:<22}{count:>7}" for name, count in report.events_by_type.most_common()]
    if report.residue_by_type:
        lines.append("residue stage, events per type (turns no rule covered):")
        lines += [f"  {name:<22}{count:>7}" for name, count in report.residue_by_type.most_common()]
    lines.append(f"top {top_rules} rules:")
    lines += [
        f"  {name:<32}{count:>7}" for name, count in report.rules_fired.most_common(top_rules)
    ]
    return "\n".join(lines)


def residue_for(choice: str, settings: Settings) -> ResidueStage | None:
    """The residue stage a command line asked for: none, lexical, or model (the configured
    embedder alongside the lexical encoder); the LLM goes in front when `llm.base_url` is set."""
    if choice not in RESIDUE_CHOICES:
        raise ValueError(f"--residue: {choice!r} is not one of {', '.join(RESIDUE_CHOICES)}")
    if choice == "none":
        return None
    if choice == "lexical":
        return build_residue_stage(settings)
    from jiyi.composition import open_encoder

    return build_residue_stage(settings, open_encoder(settings))


def event_lines(path: Path, residue: ResidueStage | None = None) -> Iterator[str]:
    """One JSON line per event, and one per rejected turn (`{"rejected": where, "reason": …}`)."""
    _, turns = read_dialogue(path)
    for turn in turns:
        if isinstance(turn, Rejected):
            yield json.dumps({"rejected": turn.where, "reason": turn.reason}, ensure_ascii=False)
            continue
        try:
            events = extract(turn, residue)
        except ExtractionInputError as exc:
            yield json.dumps({"rejected": turn.turn_id, "reason": str(exc)}, ensure_ascii=False)
            continue
        for event in events:
            yield event.model_dump_json()
