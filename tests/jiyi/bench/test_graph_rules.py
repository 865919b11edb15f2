"""`jiyi bench graph`: scenarios load, scoring counts right, jiyi beats the article's code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jiyi.bench import graph_rules
from jiyi.cli import app

SCENARIO = {
    "name": "tiny",
    "lang": "en",
    "user_id": "tiny_user",
    "description": "one preference reversed, one goal, one unexpected belief",
    "sessions": [
        {
            "session_id": "s1",
            "steps": [
                {"day": 0, "event": "preference", "object": "jazz", "confidence": 0.8},
                {"day": 0.1, "event": "dislike", "object": "jazz", "confidence": 0.8},
                {"day": 0.2, "event": "goal", "object": "learn piano", "confidence": 0.9},
                {"day": 0.3, "event": "preference", "object": "metal", "confidence": 0.9},
                {"day": 0.4, "propose": "adores", "object": "cats", "source": "llm"},
            ],
        }
    ],
    "as_of_day": 1,
    "expected": {
        "believed": [["dislikes", "jazz"], ["goal", "learn piano"], ["knows", "bach"]],
        "not_believed": [["prefers", "jazz"]],
    },
}


@pytest.fixture(scope="module")
def result() -> graph_rules.GraphBenchResult:
    return graph_rules.run()


def test_the_shipped_scenarios_cover_chinese_english_and_both(result) -> None:
    scenarios = graph_rules.load_scenarios()
    assert len(scenarios) == len(result.scenarios) >= 10
    assert {s.lang for s in scenarios} == {"zh", "en", "mixed"}
    assert len({s.user_id for s in scenarios}) == len(scenarios)
    steps = [step for s in scenarios for session in s.sessions for step in session.steps]
    assert any(step.correct for step in steps)
    assert any(step.propose for step in steps)
    assert any(step.event == "concept_mastery" for step in steps)


def test_every_expected_item_is_judged(result) -> None:
    expected = sum(
        len(s.expected.believed) + len(s.expected.not_believed)
        for s in graph_rules.load_scenarios()
    )
    unexpected = sum(m.startswith("holds unexpected") for m in result.jiyi.mistakes)
    assert result.jiyi.judgements == expected + unexpected
    assert 0.0 <= result.jiyi.error_rate <= 1.0


def test_jiyi_makes_fewer_errors_than_the_articles_code(result) -> None:
    jiyi, baseline = result.jiyi, result.baseline
    assert jiyi.fp + jiyi.fn < baseline.fp + baseline.fn
    assert jiyi.precision > baseline.precision
    assert jiyi.recall >= baseline.recall


def test_scoring_counts_hits_misses_and_unexpected_beliefs(tmp_path: Path) -> None:
    (tmp_path / "tiny.json").write_text(json.dumps(SCENARIO), encoding="utf-8")
    [tiny] = graph_rules.run(tmp_path).scenarios
    score = tiny.jiyi
    assert (score.tp, score.fp, score.fn, score.tn) == (2, 1, 1, 1)
    assert score.mistakes == [
        "missed knows (absent) bach",
        "holds unexpected prefers metal (metal)",
    ]
    assert score.precision == pytest.approx(2 / 3)
    assert score.recall == pytest.approx(2 / 3)
    assert score.error_rate == pytest.approx(2 / 5)
    assert (tiny.events, tiny.rejected) == (4, 1)
    assert tiny.baseline.fp == 2  # no counter-evidence: still prefers jazz, and metal


def test_a_malformed_scenario_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text(json.dumps(SCENARIO | {"lang": "fr"}), encoding="utf-8")
    with pytest.raises(ValueError, match="lang"):
        graph_rules.load_scenarios(tmp_path)
    with pytest.raises(FileNotFoundError):
        graph_rules.load_scenarios(tmp_path / "empty")


def test_the_cli_prints_the_table_and_json(tmp_path: Path) -> None:
    (tmp_path / "tiny.json").write_text(json.dumps(SCENARIO), encoding="utf-8")
    runner = CliRunner()
    table = runner.invoke(app, ["bench", "graph", "--scenarios", str(tmp_path), "-v"])
    assert table.exit_code == 0, table.output
    assert "precision" in table.output
    assert "missed knows" in table.output
    as_json = runner.invoke(app, ["bench", "graph", "--scenarios", str(tmp_path), "--json"])
    assert json.loads(as_json.output)["jiyi"]["tp"] == 2
