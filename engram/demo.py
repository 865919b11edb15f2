"""`engram demo`: an end-to-end run of the embedded system on the sample conversation.

Reads turns from a JSON-lines file, validates each at the boundary (rejections are reported with
the field and the reason, and the run goes on), feeds working memory, demonstrates undo, and
prints what every session now holds.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from engram.config import Settings
from engram.domain import Turn
from engram.domain.turns import MAX_CONTENT_BYTES_CONTEXT_KEY
from engram.errors import describe
from engram.working import WorkingMemory

SAMPLE_CONVERSATION = Path(__file__).resolve().parent.parent / "data" / "sample_conversation.jsonl"


@dataclass
class Rejection:
    line: int
    reason: str


@dataclass
class DemoReport:
    accepted: int = 0
    rejected: list[Rejection] = field(default_factory=list)
    sessions: dict[str, list[dict[str, object]]] = field(default_factory=dict)
    undo: dict[str, object] = field(default_factory=dict)


def parse_turns(path: Path, max_content_bytes: int) -> Iterator[tuple[int, Turn | Rejection]]:
    """Yield each line's turn, or a rejection that says why the line is unusable."""
    context = {MAX_CONTENT_BYTES_CONTEXT_KEY: max_content_bytes}
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                yield number, Turn.model_validate(json.loads(line), context=context)
            except json.JSONDecodeError as exc:
                yield number, Rejection(number, f"not valid JSON: {exc.msg}")
            except ValidationError as exc:
                yield number, Rejection(number, describe(exc, "turn"))


def run_demo(settings: Settings, path: Path = SAMPLE_CONVERSATION) -> DemoReport:
    memory = WorkingMemory(settings.working_memory)
    report = DemoReport()
    for _, parsed in parse_turns(path, settings.limits.max_content_bytes):
        if isinstance(parsed, Rejection):
            report.rejected.append(parsed)
            continue
        memory.add(parsed)
        report.accepted += 1
    for user_id, session_id in sorted(memory.session_keys()):
        report.sessions[f"{user_id}/{session_id}"] = [
            {
                "role": t.role.value,
                "client_ts": t.client_ts,
                "content": t.content,
                "truncated": t.truncated,
            }
            for t in memory.get(user_id, session_id)
        ]
    if report.sessions:
        user_id, session_id = sorted(memory.session_keys())[0]
        before = len(memory.get(user_id, session_id))
        version = memory.undo_last(user_id, session_id)
        report.undo = {
            "session": f"{user_id}/{session_id}",
            "turns_before": before,
            "turns_after": len(memory.get(user_id, session_id)),
            "new_version": version,
        }
    return report
