"""`jiyi bench memorybank`: Chinese multi-session recall over MemoryBank's companion chats.

MemoryBank ({user: {history: {date: [{query, response}]}}}) ships no questions, so a hand-written
dev set with gold turns lives in `data/recall/` (its README says how it was made). Each
{query, response} pair becomes two turns, the user's query and the assistant's response, because
that is how an agent posts them to jiyi (extraction reads each turn by its role) and because
some questions ask what the assistant said. Turn ids are `{date}:{index}:{role}`, one session per
date, so the question file can name its gold turns without copying any dialogue text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jiyi.bench.recall import (
    BenchQuestion,
    BenchTurn,
    Haystack,
    RecallBenchResult,
    open_bench_tools,
    run_recall_bench,
)
from jiyi.config import Settings
from jiyi.domain import Role, stable_id

DEFAULT_QUESTIONS = (
    Path(__file__).resolve().parents[2] / "data" / "recall" / "memorybank_zh_dev_questions.json"
)
_SIDES = {Role.USER: "query", Role.ASSISTANT: "response"}
_TURN_GAP_MS = 60_000  # a pair's query, then its response a minute later, the next pair after


def turn_id(date: str, index: int, role: Role) -> str:
    return f"{date}:{index}:{role.value}"


def user_id_for(name: str) -> str:
    """MemoryBank names users in Chinese; jiyi's user ids are ASCII, so derive a stable one."""
    return f"mb-{stable_id('memorybank', name, length=10)}"


def _day_ms(date: str, where: str) -> int:
    try:
        day = datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=UTC)
    except ValueError:
        raise ValueError(f"{where}: expected a date YYYY-MM-DD, got {date!r}") from None
    return int(day.timestamp() * 1000)


def dialogue_turns(name: str, user: Mapping[str, Any]) -> list[BenchTurn]:
    """One user's history as turns, in date then pair order (an empty side makes no turn)."""
    history = user.get("history") if isinstance(user, Mapping) else None
    if not isinstance(history, dict):
        raise ValueError(f"{name}.history: expected an object of date -> pairs")
    turns = []
    for date in sorted(history):
        start = _day_ms(date, f"{name}.history")
        pairs = history[date]
        if not isinstance(pairs, list):
            raise ValueError(f"{name}.history[{date}]: expected a list of {{query, response}}")
        for index, pair in enumerate(pairs):
            for offset, (role, key) in enumerate(_SIDES.items()):
                text = pair.get(key) if isinstance(pair, dict) else None
                if text is not None and not isinstance(text, str):
                    raise ValueError(f"{name}.history[{date}][{index}].{key}: expected a string")
                if text and text.strip():
                    ts = start + (2 * index + offset) * _TURN_GAP_MS
                    turns.append(BenchTurn(turn_id(date, index, role), date, text, ts, role))
    return turns


def load_dialogues(path: Path) -> dict[str, list[BenchTurn]]:
    """Every user's turns, by MemoryBank user name."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected an object of user name -> {{history: ...}}")
    return {name: dialogue_turns(name, user) for name, user in data.items()}


def _question(item: Any, index: int, known: Mapping[str, set[str]], ts: int) -> BenchQuestion:
    where = f"questions[{index}]"
    if not isinstance(item, dict):
        raise ValueError(f"{where}: expected an object")
    where = f"questions[{index}] ({item.get('id', 'no id')})"
    for key in ("user", "question", "category"):
        if not isinstance(item.get(key), str) or not item[key].strip():
            raise ValueError(f"{where}.{key}: expected a non-empty string")
    if item["user"] not in known:
        raise ValueError(f"{where}.user: {item['user']!r} has no dialogue in the data file")
    gold = item.get("gold")
    if not isinstance(gold, list) or not gold or not all(isinstance(g, str) for g in gold):
        raise ValueError(f"{where}.gold: expected a non-empty list of turn ids")
    unknown = sorted(set(gold) - known[item["user"]])
    if unknown:
        raise ValueError(f"{where}.gold: no such turn for {item['user']}: {unknown}")
    sessions = frozenset(g.split(":", 1)[0] for g in gold)
    return BenchQuestion(item["question"], item["category"], frozenset(gold), sessions, ts)


def load_questions(path: Path, known: Mapping[str, set[str]]) -> dict[str, list[BenchQuestion]]:
    """The question file's questions by user; every gold id must name a turn in `known`."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(doc, dict) or not isinstance(doc.get("questions"), list):
        raise ValueError(f"{path}: expected an object with a 'questions' list")
    ts = _day_ms(str(doc.get("asked_on", "")), f"{path}: asked_on")
    by_user: dict[str, list[BenchQuestion]] = {name: [] for name in known}
    for index, item in enumerate(doc["questions"]):
        question = _question(item, index, known, ts)
        by_user[item["user"]].append(question)
    return by_user


def load_memorybank(data: Path, questions: Path = DEFAULT_QUESTIONS) -> list[Haystack]:
    """One haystack per MemoryBank user: all their turns and the questions asked of them."""
    dialogues = load_dialogues(data)
    known = {name: {t.turn_id for t in turns} for name, turns in dialogues.items()}
    asked = load_questions(questions, known)
    return [Haystack(user_id_for(name), turns, asked[name]) for name, turns in dialogues.items()]


def run(data: Path, questions: Path | None, settings: Settings) -> RecallBenchResult:
    """Turn-level recall of BM25, the configured embedder and jiyi (as `bench locomo` runs)."""
    haystacks = load_memorybank(data, questions or DEFAULT_QUESTIONS)
    embedder, extractor = open_bench_tools(settings)
    return run_recall_bench(
        "MemoryBank (zh)",
        haystacks,
        embedder,
        False,
        settings.episodic,
        extractor,
        nightly=settings.forgetting,
    )
