"""Coverage over the three dialogue formats, and `jiyi extract` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jiyi.cli import app
from jiyi.domain import Event, Role, Turn
from jiyi.extraction.coverage import (
    DialogueFormatError,
    Rejected,
    coverage_of,
    measure,
    read_dialogue,
    render,
)
from jiyi.extraction.validation import ExtractionInputError

BENCHMARKS = Path(__file__).resolve().parents[4] / "shared" / "benchmarks"
UNCOVERED_ZH = "紫色的大象在桥下安静地跳舞"
UNCOVERED_EN = "Purple elephants dance quietly under the bridge."

MEMORYBANK = {
    "李雷": {
        "name": "李雷",
        "history": {
            "2024-03-01": [
                {"query": "你好,我叫李雷。", "response": "你好李雷!"},
                {"query": "我喜欢打篮球和游泳", "response": "计划如下:\n1. 周一游泳\n2. 周三篮球"},
            ],
            "2024-03-02": [{"query": UNCOVERED_ZH, "response": "真有画面感。"}],
        },
    },
    "韩梅梅": {"name": "韩梅梅", "history": {"2024-03-05": [{"query": "", "response": "嗯?"}]}},
}

LOCOMO = [
    {
        "sample_id": "conv-1",
        "qa": [],
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bo",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "Hey Bo! How have you been?"},
                {"speaker": "Bo", "dia_id": "D1:2", "text": "I moved to Lisbon last month."},
                {"speaker": "Ann", "dia_id": "D1:3", "text": UNCOVERED_EN},
                {"speaker": "Bo", "dia_id": "D1:4", "img_url": ["x.jpg"]},
            ],
        },
    }
]


def write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def jsonl(tmp_path: Path) -> Path:
    good = {"user_id": "u-1", "session_id": "s-1", "role": "user", "client_ts": 1}
    lines = [
        json.dumps({**good, "content": "I keep mixing up mitosis and meiosis."}),
        json.dumps({**good, "content": UNCOVERED_EN, "client_ts": 2}),
        json.dumps({**good, "role": "assistant", "content": "Day 1: cells.\nDay 2: DNA."}),
        json.dumps({**good, "content": "bad\x00bytes"}),
        json.dumps({**good, "user_id": "bad id!", "content": "hi"}),
        "{not json",
        "",
    ]
    path = tmp_path / "turns.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def test_memorybank_turns_users_sessions_and_roles(tmp_path):
    fmt, turns = read_dialogue(write(tmp_path, "mb.json", MEMORYBANK))
    turns = list(turns)
    assert fmt == "memorybank"
    real = [t for t in turns if not isinstance(t, Rejected)]
    assert [t.role for t in real] == [Role.USER, Role.ASSISTANT] * 3 + [Role.ASSISTANT]
    assert {t.session_id for t in real} == {"mb-2024-03-01", "mb-2024-03-02", "mb-2024-03-05"}
    assert len({t.user_id for t in real}) == 2
    assert [t.client_ts for t in real[:4]] == sorted(t.client_ts for t in real[:4])
    assert [r.where for r in turns if isinstance(r, Rejected)] == ["韩梅梅/2024-03-05/0/query"]


def test_memorybank_coverage_counts(tmp_path):
    report = coverage_of(write(tmp_path, "mb.json", MEMORYBANK))
    assert (report.user_turns, report.assistant_turns) == (3, 4)
    assert report.covered == 2
    assert report.coverage == pytest.approx(2 / 3)
    assert report.informative == 2
    assert report.rejected == {"invalid_turn": 1}
    assert report.events_by_type["preference"] == 2
    assert report.events_by_type["plan_generated"] == 1
    assert report.events_by_type["name_declaration"] == 1


def test_locomo_every_speaker_is_a_user_with_session_time(tmp_path):
    fmt, turns = read_dialogue(write(tmp_path, "locomo.json", LOCOMO))
    turns = list(turns)
    assert fmt == "locomo"
    real = [t for t in turns if not isinstance(t, Rejected)]
    assert {t.user_id for t in real} == {"locomo-conv-1-ann", "locomo-conv-1-bo"}
    assert {t.role for t in real} == {Role.USER}
    assert real[0].client_ts == 1683554160000  # 2023-05-08 13:56 UTC
    assert [r.where for r in turns if isinstance(r, Rejected)] == ["conv-1/D1:4"]
    report = coverage_of(write(tmp_path, "locomo.json", LOCOMO))
    assert (report.user_turns, report.covered) == (3, 2)
    assert report.events_by_type["personal_fact"] == 1


def test_jsonl_rejects_are_counted_by_reason(tmp_path):
    report = coverage_of(jsonl(tmp_path))
    assert report.format == "jsonl"
    assert (report.user_turns, report.assistant_turns, report.covered) == (2, 1, 1)
    assert report.rejected == {"control_characters": 1, "invalid_turn": 2}
    assert report.events_by_type == {"concept_confusion": 1, "plan_generated": 1}
    text = render(report)
    assert "covered by >=1 rule: 1 (50.0%)" in text
    assert "concept_confusion" in text


def test_unknown_json_and_wrong_encoding_are_clear_errors(tmp_path):
    with pytest.raises(DialogueFormatError, match="not MemoryBank"):
        read_dialogue(write(tmp_path, "x.json", {"something": [1, 2]}))
    gbk = tmp_path / "gbk.jsonl"
    gbk.write_bytes('{"content": "我喜欢猫"}'.encode("gbk"))
    with pytest.raises(ExtractionInputError, match="is not valid UTF-8"):
        read_dialogue(gbk)


def test_residue_stage_classifies_what_rules_left(tmp_path):
    from jiyi.extraction.residue import ResidueClassifier, lexical_encoder, load_exemplars

    classifier = ResidueClassifier(lexical_encoder(), load_exemplars())
    report = coverage_of(write(tmp_path, "mb.json", MEMORYBANK), classifier)
    assert report.covered == 2
    assert sum(report.residue_by_type.values()) == 1


def test_a_turn_kept_whole_for_recall_covers_nothing(tmp_path):
    from jiyi.extraction.residue import ResidueClassifier, lexical_encoder, load_exemplars

    classifier = ResidueClassifier(lexical_encoder(), load_exemplars())

    def said(role: Role, text: str) -> Turn:
        return Turn(user_id="u", session_id="s", role=role, content=text, client_ts=1)

    news = "Hey Gina! Lost my job as a banker yesterday, so I'm gonna take a shot at it."
    turns = [said(Role.USER, news), said(Role.ASSISTANT, "Simmer the coconut milk first.")]
    report = measure("t", "jsonl", turns, classifier)
    assert report.rules_fired["whole_turn"] == 2  # kept for recall: the news, the reply
    assert (report.covered, report.informative) == (1, 0)  # the greeting rule alone covered


# --- the command line ---------------------------------------------------------------------------


@pytest.fixture
def runner(tmp_path, monkeypatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path / "data"))
    return CliRunner()


def test_cli_coverage_text_and_json(runner, tmp_path):
    path = write(tmp_path, "mb.json", MEMORYBANK)
    result = runner.invoke(app, ["extract", "--coverage", str(path)])
    assert result.exit_code == 0, result.output
    assert "covered by >=1 rule: 2 (66.7%)" in result.output
    result = runner.invoke(app, ["extract", "--coverage", "--json", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["coverage"] == pytest.approx(0.6667)
    assert data["events_by_type"]["preference"] == 2


def test_cli_prints_events_as_json_lines(runner, tmp_path):
    result = runner.invoke(app, ["extract", str(jsonl(tmp_path))])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    events = [Event.model_validate(r) for r in rows if "rejected" not in r]
    assert [e.event_type.value for e in events] == ["concept_confusion", "plan_generated"]
    reasons = [r["reason"] for r in rows if "rejected" in r]
    assert len(reasons) == 3
    assert any("control character" in r for r in reasons)


def test_cli_residue_lexical_and_bad_choices(runner, tmp_path):
    path = write(tmp_path, "mb.json", MEMORYBANK)
    result = runner.invoke(app, ["extract", "--coverage", "--residue", "lexical", str(path)])
    assert result.exit_code == 0, result.output
    assert "residue stage" in result.output
    result = runner.invoke(app, ["extract", "--residue", "psychic", str(path)])
    assert result.exit_code == 2
    assert "--residue" in result.output
    result = runner.invoke(app, ["extract", str(write(tmp_path, "x.json", [1, 2]))])
    assert result.exit_code == 2
    assert "not MemoryBank" in result.output


# --- the real benchmark files (figures for the report) ------------------------------------------


@pytest.mark.integration
@pytest.mark.parametrize(
    "relative", ["memorybank/memory_bank_cn_dev.json", "locomo/locomo_dev.json"]
)
def test_benchmark_dev_files(relative, capsys):
    path = BENCHMARKS / relative
    if not path.is_file():
        pytest.skip(f"{path} not present")
    report = coverage_of(path)
    with capsys.disabled():
        print(f"\n{render(report, top_rules=5)}")
    assert report.user_turns > 100
    assert not report.rejected
    assert report.coverage > 0.5
    assert report.informative_coverage > 0.4
