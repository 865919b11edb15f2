"""`jiyi demo`: play the bundled conversations (zh and en) and show what was remembered.

Runs through the library (`Memory`, embedded stores) by default, or through a running HTTP API
(`--api URL --key KEY`, e.g. the one `jiyi up` starts). Every line is validated at the
boundary: bad lines are reported with the field and the reason, and the rest goes on. Then it
asks each bundled question and prints the recalled context, each user's beliefs, and an undo.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from pydantic import ValidationError

from jiyi import clock
from jiyi.api.schemas import TurnIn
from jiyi.client import Client
from jiyi.config import LimitsSettings, Settings
from jiyi.domain import Turn
from jiyi.errors import describe
from jiyi.ingest.parse import TurnInputError, check_turn
from jiyi.memory import Memory

DEMO_DIR = Path(__file__).resolve().parent.parent / "data" / "demo"
CONVERSATIONS = ("first_session.jsonl", "en.jsonl", "zh.jsonl", "child.jsonl")
QUERIES = "queries.json"
SETTLED_POLLS = 3


@dataclass
class Rejection:
    where: str
    reason: str


@dataclass
class Recalled:
    user_id: str
    query: str
    context: str


@dataclass
class DemoReport:
    accepted: int = 0
    rejected: list[Rejection] = field(default_factory=list)
    events: int | None = None  # None when a stream worker processes the turns
    recalls: list[Recalled] = field(default_factory=list)
    beliefs: dict[str, list[str]] = field(default_factory=dict)
    undo: dict[str, object] = field(default_factory=dict)


def parse_turns(path: Path, limits: LimitsSettings) -> Iterator[tuple[int, Turn | Rejection]]:
    """Yield each line's turn, or a rejection that says why the line is unusable (the checks
    `Memory.add_turns` makes, so one bad line is reported instead of refusing the whole file)."""
    now = clock.now_ms()
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            where = f"{path.name}:{number}"
            try:
                turn = Turn.model_validate(json.loads(line))
                check_turn(turn, limits, now)
                yield number, turn
            except json.JSONDecodeError as exc:
                yield number, Rejection(where, f"not valid JSON: {exc.msg}")
            except ValidationError as exc:
                yield number, Rejection(where, describe(exc, "turn"))
            except TurnInputError as exc:
                yield number, Rejection(where, str(exc))


class DemoClient(Protocol):
    def grant(self, user_id: str) -> None: ...

    def add(self, turns: Sequence[Turn]) -> int | None: ...

    def recall(self, user_id: str, query: str, session_id: str) -> str: ...

    def beliefs(self, user_id: str) -> list[str]: ...

    def undo(self, user_id: str, session_id: str) -> int: ...


class LibraryClient:
    def __init__(self, memory: Memory) -> None:
        self.memory = memory

    def grant(self, user_id: str) -> None:
        self.memory.consent(user_id, granted=True)

    def add(self, turns: Sequence[Turn]) -> int | None:
        report = self.memory.add_turns(turns).report
        return report.events if report else None

    def recall(self, user_id: str, query: str, session_id: str) -> str:
        return self.memory.recall(user_id, query, session_id=session_id, budget_chars=800).text

    def beliefs(self, user_id: str) -> list[str]:
        return [
            f"{b.relation.value}: {b.entity.name} ({b.confidence:.2f}, {b.source.value})"
            for b in self.memory.profile(user_id)
        ]

    def undo(self, user_id: str, session_id: str) -> int:
        return self.memory.undo_last(user_id, session_id)


class HttpClient:
    """The demo through a running API, with the typed client (`jiyi.client`): its errors are
    `JiyiError`s that say what the API refused and why."""

    def __init__(self, base_url: str, key: str) -> None:
        self.api = Client(base_url, key, timeout=60)

    def grant(self, user_id: str) -> None:
        self.api.consent(user_id, granted=True)

    def add(self, turns: Sequence[Turn]) -> int | None:
        events: int | None = 0
        for user_id in dict.fromkeys(t.user_id for t in turns):
            sent = [
                TurnIn(**t.model_dump(include={"session_id", "role", "content", "client_ts"}))
                for t in turns
                if t.user_id == user_id
            ]
            added = self.api.add_turns(user_id, sent).events
            events = None if added is None or events is None else events + added
        return events

    def recall(self, user_id: str, query: str, session_id: str) -> str:
        return self.api.recall(user_id, query, session_id=session_id, budget_chars=800).text

    def beliefs(self, user_id: str) -> list[str]:
        return [
            f"{b.relation}: {b.object} ({b.confidence:.2f}, {b.source})"
            for b in self.api.profile(user_id)
        ]

    def undo(self, user_id: str, session_id: str) -> int:
        return self.api.undo(user_id, session_id).version


def wait_until_settled(client: DemoClient, users: Sequence[str], timeout_s: float = 120) -> bool:
    """When a stream worker stores the turns, give it time: poll the users' beliefs until their
    number has stopped changing for a few seconds (True), or the timeout passes (False)."""
    deadline = time.monotonic() + timeout_s
    last, steady = -1, 0
    while time.monotonic() < deadline:
        count = sum(len(client.beliefs(user_id)) for user_id in users)
        steady = steady + 1 if count == last and count > 0 else 0
        if steady >= SETTLED_POLLS:
            return True
        last = count
        time.sleep(1)
    return False


def play(client: DemoClient, settings: Settings, directory: Path = DEMO_DIR) -> DemoReport:
    report = DemoReport()
    turns: list[Turn] = []
    for name in CONVERSATIONS:
        for _, parsed in parse_turns(directory / name, settings.limits):
            if isinstance(parsed, Rejection):
                report.rejected.append(parsed)
            else:
                turns.append(parsed)
    users = list(dict.fromkeys(t.user_id for t in turns))
    for user_id in users:
        client.grant(user_id)
    report.accepted = len(turns)
    report.events = client.add(turns)
    if report.events is None:  # a stream worker stores them: wait for it
        wait_until_settled(client, users)
    for query in json.loads((directory / QUERIES).read_text(encoding="utf-8")):
        context = client.recall(query["user_id"], query["query"], query["session_id"])
        report.recalls.append(Recalled(query["user_id"], query["query"], context))
    report.beliefs = {user_id: client.beliefs(user_id) for user_id in users}
    last = turns[-1]
    report.undo = {"session": f"{last.user_id}/{last.session_id}",
                   "new_version": client.undo(last.user_id, last.session_id)}  # fmt: skip
    return report


def render(report: DemoReport) -> str:
    lines = [f"turns accepted: {report.accepted}, events stored: {report.events}"]
    lines += [f"rejected {r.where}: {r.reason}" for r in report.rejected]
    for recalled in report.recalls:
        lines += ["", f"== recall for {recalled.user_id}: {recalled.query}", recalled.context]
    for user_id, beliefs in report.beliefs.items():
        lines += ["", f"== beliefs about {user_id}", *(f"  {b}" for b in beliefs or ["(none)"])]
    lines += ["", f"undo: {report.undo}"]
    return "\n".join(lines)
