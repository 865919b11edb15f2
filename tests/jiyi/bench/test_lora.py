"""`jiyi bench lora`: pairs from the conversations, and the adapter's rows beside the base's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jiyi.bench.lora import training_pairs, with_adapter_rows
from jiyi.bench.recall import BenchQuestion, BenchTurn, Haystack, report, run_recall_bench
from jiyi.cli import app
from models.hashing import HashingEncoder
from models.registry import AdapterRegistry

QUESTION = "What instrument does Bo learn?"


def _haystack(user: str) -> Haystack:
    said = [
        ("S1", "Ann: I adopted a grey kitten named Pixel"),
        ("S1", "Bo: Lovely! I started learning violin"),
        ("S1", "Ann: 我最近在学做四川菜"),
        ("S2", "Bo: My violin teacher is strict"),
        ("S2", "Ann: Pixel knocked over my plant"),
    ]
    turns = [BenchTurn(f"D{i}", s, text, 1_000 * i) for i, (s, text) in enumerate(said)]
    question = BenchQuestion(QUESTION, "1", frozenset({"D1", "D3"}), frozenset({"S1", "S2"}), 9)
    return Haystack(user, turns, [question])


def test_training_pairs_join_each_turn_to_the_next_and_never_read_a_question():
    pairs = training_pairs([_haystack("u1"), _haystack("u2")], limit=100)
    assert len(pairs) == 3  # two pairs in S1, one in S2; u2's duplicate the same texts
    assert (pairs[0].query, pairs[0].positive) == (
        "Ann: I adopted a grey kitten named Pixel",
        "Bo: Lovely! I started learning violin",
    )
    assert all(QUESTION not in (p.query, p.positive) for p in pairs)
    assert {p.group for p in pairs} == {"u1/S1", "u1/S2"}
    spread = training_pairs([_haystack("u1")], limit=2)
    assert [p.group for p in spread] == ["u1/S1", "u1/S2"]  # every other pair, not the first two


def test_the_adapters_rows_sit_beside_the_base_rows_over_the_same_questions():
    haystacks = [_haystack("u1")]
    base = run_recall_bench("t", haystacks, HashingEncoder(64), False)
    adapted = run_recall_bench("t", haystacks, HashingEncoder(32), False)
    both = with_adapter_rows(base, adapted)
    assert both.retrievers == [*base.retrievers, "lora/vector", "lora/minimised", "lora/raw"]
    for retriever in ("vector", "jiyi/minimised"):
        name = "lora/" + retriever.removeprefix("jiyi/")
        for k in (5, 10):
            adapted_recall = adapted.tally.recall(retriever, "turn", k, "all", "all")
            assert both.tally.recall(name, "turn", k, "all", "all") == adapted_recall
        assert both.tally.recall(retriever, "turn", 5, "any", "1") == base.tally.recall(
            retriever, "turn", 5, "any", "1"
        )
    assert "lora/minimised" in report(both)
    assert "jiyi/raw, lora:" in report(both)
    other = run_recall_bench("t", [_haystack("u1"), _haystack("u2")], HashingEncoder(32), False)
    with pytest.raises(ValueError, match="same questions"):
        with_adapter_rows(base, other)


def _conversation_file(tmp_path: Path) -> Path:
    conversation = {
        "sample_id": "conv-1",
        "conversation": {
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a grey kitten named Pixel"},
                {"speaker": "Bo", "dia_id": "D1:2", "text": "Lovely! I started learning violin"},
                {"speaker": "Ann", "dia_id": "D1:3", "text": "What music do you like?"},
                {"speaker": "Bo", "dia_id": "D1:4", "text": "Mostly baroque, Bach above all"},
            ],
        },
        "qa": [{"question": QUESTION, "evidence": ["D1:2"], "category": 4}],
    }
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([conversation]))
    return path


@pytest.mark.integration
def test_cli_bench_lora_trains_once_and_reports_both_models(tmp_path, monkeypatch):
    """A real (tiny) LoRA on the packaged MiniLM; a second run reuses the registered adapter."""
    data = _conversation_file(tmp_path)
    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path / "data"))
    command = ["bench", "lora", "--data", str(data), "--epochs", "1", "--max-pairs", "3"]
    first = CliRunner().invoke(app, command)
    assert first.exit_code == 0, first.output
    assert "3 conversation pairs" in first.output
    assert "lora/minimised" in first.output
    assert "jiyi/minimised" in first.output
    again = CliRunner().invoke(app, command)
    assert again.exit_code == 0, again.output
    registry = AdapterRegistry(tmp_path / "data" / "adapters")
    assert len(registry.list()) == 1  # trained once, and never promoted
    assert registry.promoted() is None


def test_cli_bench_lora_refuses_a_model_that_takes_no_adapter_without_a_trace(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("JIYI_EMBEDDER__MODEL", "hashing:64")
    result = CliRunner().invoke(app, ["bench", "lora", "--data", str(_conversation_file(tmp_path))])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "hashing" in result.output


MEMORYBANK = (
    Path(__file__).resolve().parents[4] / "shared" / "benchmarks" / "memorybank"
) / "memory_bank_cn_dev.json"


@pytest.mark.skipif(not MEMORYBANK.is_file(), reason="../shared/benchmarks is absent")
def test_cli_bench_lora_reads_memorybank_too(tmp_path, monkeypatch):
    """The Chinese bench is one more kind; with a model that takes no adapter it stops after
    reading it, at the training step, with the model named."""
    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("JIYI_EMBEDDER__MODEL", "hashing:64")
    command = ["bench", "lora", "--kind", "memorybank", "--data", str(MEMORYBANK)]
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 2
    assert "hashing" in result.output
    wrong = CliRunner().invoke(app, ["bench", "lora", "--kind", "x", "--data", str(MEMORYBANK)])
    assert wrong.exit_code == 2
    assert "memorybank" in wrong.output
