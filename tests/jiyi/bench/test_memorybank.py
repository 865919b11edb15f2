"""MemoryBank recall bench: the loader, the shipped Chinese question set, and the CLI end to end.

A small hand-made file in MemoryBank's format drives the loader and the CLI (model-free
`hashing:` embedder, real LanceDB). The shipped questions are checked against the real dialogue
file when `../shared/benchmarks` is present (the dialogues are never stored in this repo).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jiyi.bench.memorybank import (
    DEFAULT_QUESTIONS,
    dialogue_turns,
    load_dialogues,
    load_memorybank,
    load_questions,
    turn_id,
    user_id_for,
)
from jiyi.cli import app
from jiyi.domain import Role
from jiyi.domain.ids import check_external_id

SHARED = Path(__file__).resolve().parents[4] / "shared" / "benchmarks" / "memorybank"
DIALOGUES = SHARED / "memory_bank_cn_dev.json"

BANK = {
    "小明": {
        "name": "小明",
        "history": {
            "2023-05-02": [
                {"query": "我最近在学吉他，手指很疼", "response": "刚开始都会疼，坚持一下"},
                {"query": "I also started running every morning", "response": ""},
            ],
            "2023-05-01": [{"query": "你好，我叫小明", "response": "你好小明，很高兴认识你"}],
        },
    },
    "Amy": {
        "name": "Amy",
        "history": {
            "2023-05-01": [
                {"query": "My cat Pixel is sick", "response": "I hope Pixel feels better soon"}
            ]
        },
    },
}


def _questions(*items: dict[str, object], asked_on: str = "2023-05-07") -> dict[str, object]:
    return {"asked_on": asked_on, "questions": list(items)}


def _write(path: Path, doc: object) -> Path:
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def test_each_pair_becomes_a_user_and_an_assistant_turn_in_date_order():
    turns = dialogue_turns("小明", BANK["小明"])
    assert [t.turn_id for t in turns] == [
        "2023-05-01:0:user",
        "2023-05-01:0:assistant",
        "2023-05-02:0:user",
        "2023-05-02:0:assistant",
        "2023-05-02:1:user",  # its empty response makes no turn
    ]
    assert [t.role for t in turns[:2]] == [Role.USER, Role.ASSISTANT]
    assert turns[2].text == "我最近在学吉他，手指很疼"
    assert {t.session_id for t in turns} == {"2023-05-01", "2023-05-02"}
    assert [t.ts for t in turns] == sorted(t.ts for t in turns)
    assert turn_id("2023-05-02", 1, Role.USER) == turns[-1].turn_id


def test_user_ids_are_stable_valid_external_ids():
    assert user_id_for("小明") == user_id_for("小明") != user_id_for("Amy")
    assert check_external_id(user_id_for("小明"))


@pytest.mark.parametrize(
    ("history", "message"),
    [
        ([], r"小明\.history: expected an object"),
        ({"May 1": []}, r"小明\.history: expected a date"),
        ({"2023-05-01": {"query": "x"}}, r"history\[2023-05-01\]: expected a list"),
        ({"2023-05-01": [{"query": 3}]}, r"history\[2023-05-01\]\[0\]\.query: expected a string"),
    ],
)
def test_malformed_dialogues_name_the_field(history, message):
    with pytest.raises(ValueError, match=message):
        dialogue_turns("小明", {"history": history})
    with pytest.raises(ValueError, match=r"小明\.history"):
        dialogue_turns("小明", ["not", "an", "object"])  # type: ignore[arg-type]


def test_questions_are_grouped_by_user_with_gold_turns_and_sessions(tmp_path):
    doc = _questions(
        {
            "id": "q1",
            "user": "小明",
            "question": "我在学哪种乐器？",
            "category": "single-hop",
            "gold": ["2023-05-02:0:user"],
        },
        {
            "id": "q2",
            "user": "小明",
            "question": "我都做了哪些新尝试？",
            "category": "multi-hop",
            "gold": ["2023-05-02:0:user", "2023-05-01:0:assistant"],
        },
    )
    dialogues = load_dialogues(_write(tmp_path / "bank.json", BANK))
    known = {name: {t.turn_id for t in turns} for name, turns in dialogues.items()}
    asked = load_questions(_write(tmp_path / "q.json", doc), known)
    assert asked["Amy"] == []
    first, second = asked["小明"]
    assert first.gold_turns == {"2023-05-02:0:user"}
    assert second.gold_sessions == {"2023-05-01", "2023-05-02"}
    assert first.ts > max(t.ts for turns in dialogues.values() for t in turns)


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ({"user": "小明", "question": "x", "category": "c", "gold": ["2023-05-09:0:user"]},
         r"questions\[0\] \(q\)\.gold: no such turn for 小明"),
        ({"user": "小红", "question": "x", "category": "c", "gold": ["2023-05-01:0:user"]},
         r"questions\[0\] \(q\)\.user: '小红' has no dialogue"),
        ({"user": "小明", "question": " ", "category": "c", "gold": ["2023-05-01:0:user"]},
         r"\.question: expected a non-empty string"),
        ({"user": "小明", "question": "x", "category": "c", "gold": []},
         r"\.gold: expected a non-empty list"),
    ],
)  # fmt: skip
def test_bad_questions_name_the_question_and_field(tmp_path, item, message):
    dialogues = load_dialogues(_write(tmp_path / "bank.json", BANK))
    known = {name: {t.turn_id for t in turns} for name, turns in dialogues.items()}
    with pytest.raises(ValueError, match=message):
        load_questions(_write(tmp_path / "q.json", _questions({"id": "q", **item})), known)
    with pytest.raises(ValueError, match="asked_on"):
        load_questions(_write(tmp_path / "q.json", _questions(asked_on="soon")), known)


def test_the_shipped_question_set_is_well_formed():
    doc = json.loads(DEFAULT_QUESTIONS.read_text(encoding="utf-8"))
    questions = doc["questions"]
    assert 40 <= len(questions) <= 60
    assert len({q["id"] for q in questions}) == len(questions)
    assert len({q["question"] for q in questions}) == len(questions)
    categories = Counter(q["category"] for q in questions)
    assert set(categories) == {"single-hop", "multi-hop", "preference", "temporal", "assistant"}
    multi = [q for q in questions if q["category"] == "multi-hop"]
    assert all(len(q["gold"]) >= 2 for q in multi)
    across_days = [q for q in multi if len({g.split(":")[0] for g in q["gold"]}) > 1]
    assert len(across_days) >= 5
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in q["question"]) for q in questions)


@pytest.mark.skipif(not DIALOGUES.is_file(), reason="../shared/benchmarks is absent")
def test_every_gold_turn_exists_and_no_question_copies_its_turn():
    haystacks = load_memorybank(DIALOGUES)
    assert len(haystacks) == 5
    assert sum(len(h.questions) for h in haystacks) == len(
        json.loads(DEFAULT_QUESTIONS.read_text(encoding="utf-8"))["questions"]
    )
    for haystack in haystacks:
        text = {t.turn_id: t.text for t in haystack.turns}
        for question in haystack.questions:
            assert question.gold_turns <= text.keys()
            stem = question.text.rstrip("？?")
            assert all(stem not in text[g] for g in question.gold_turns), question.text


def test_cli_bench_memorybank_prints_the_recall_table(tmp_path, monkeypatch):
    monkeypatch.setenv("JIYI_EMBEDDER__MODEL", "hashing:64")
    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path / "data"))
    questions = _questions(
        {
            "id": "q1",
            "user": "小明",
            "question": "我在学吉他吗？",
            "category": "single-hop",
            "gold": ["2023-05-02:0:user"],
        },
        {
            "id": "q2",
            "user": "Amy",
            "question": "Which pet of mine was sick?",
            "category": "single-hop",
            "gold": ["2023-05-01:0:user"],
        },
    )
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "memorybank",
            "--data",
            str(_write(tmp_path / "bank.json", BANK)),
            "--questions",
            str(_write(tmp_path / "q.json", questions)),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "MemoryBank (zh): 2 questions" in result.output
    bm25 = next(line for line in result.output.splitlines() if line.startswith("turn    bm25"))
    assert bm25.split()[2:4] == ["1.000", "1.000"]  # both gold turns in BM25's top 5 and 10
    assert "jiyi/minimised" in result.output
