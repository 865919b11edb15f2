"""Recall benchmarks on small hand-made files in the LoCoMo / LongMemEval formats.

The encoder is the model-free `HashingEncoder` (a real vector space, no model to load), and the
store is a real LanceDB directory: the same path the full benchmark runs.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import partial

import pytest
from typer.testing import CliRunner

from jiyi.bench.recall import (
    AFTER_NIGHTLY,
    CEILING,
    CJK_BASELINE,
    REFUSED,
    RETRIEVERS,
    BenchTurn,
    Haystack,
    RecallBenchResult,
    Tally,
    extractor_for,
    latency_report,
    load_locomo,
    load_longmemeval,
    open_bench_tools,
    parse_evidence,
    report,
    run_latency,
    run_recall_bench,
    shares,
    shortfalls,
    turn_events,
)
from jiyi.cli import app
from jiyi.config import ForgettingSettings, Settings
from jiyi.domain import WHOLE_TURN_RULE, EventType, Role
from models.channels import ChannelEncoder
from models.hashing import HashingEncoder

LOCOMO = [
    {
        "sample_id": "conv-1",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bo",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a grey kitten named Pixel"},
                {"speaker": "Bo", "dia_id": "D1:2", "text": "Lovely! I started learning violin"},
                {"speaker": "Ann", "dia_id": "D1:3", "text": "我最近在学做四川菜"},
            ],
            "session_2_date_time": "9:00 am on 9 May, 2023",
            "session_2": [
                {"speaker": "Bo", "dia_id": "D2:1", "text": "My violin teacher is strict"},
                {"speaker": "Ann", "dia_id": "D2:2", "text": "Pixel knocked over my plant"},
            ],
        },
        "qa": [
            {"question": "What is the name of Ann's kitten?", "evidence": ["D1:1"], "category": 4},
            {
                "question": "What instrument does Bo learn?",
                "evidence": ["D1:2; D2:1"],
                "category": 1,
            },
            {"question": "Ann在学做什么菜?", "evidence": ["D:1:3"], "category": 4},
            {"question": "No evidence here", "evidence": [], "category": 5},
            {"question": "Bad evidence", "evidence": ["D9:9"], "category": 5},
        ],
    }
]


def _longmemeval():
    def session(*pairs):
        return [
            {"role": r, "content": c, **({"has_answer": True} if a else {})} for r, c, a in pairs
        ]

    return [
        {
            "question_id": "q1",
            "question_type": "single-session-user",
            "question": "Which city did I move to last spring?",
            "question_date": "2023/05/30 (Tue) 10:18",
            "answer": "Lisbon",
            "answer_session_ids": ["s2"],
            "haystack_session_ids": ["s1", "s2"],
            "haystack_dates": ["2023/05/20 (Sat) 07:47", "2023/05/21 (Sun) 08:00"],
            "haystack_sessions": [
                session(
                    ("user", "Recommend a pasta recipe", False),
                    ("assistant", "Try carbonara", False),
                    ("user", " ", False),  # the real dev split has a blank turn
                ),
                session(
                    ("user", "I moved to Lisbon last spring, city tips?", True),
                    ("assistant", "Visit Alfama", False),
                ),
            ],
        },
        {
            "question_id": "q2_abs",
            "question_type": "single-session-user",
            "question": "What is my cat's name?",
            "question_date": "2023/05/30 (Tue) 10:18",
            "answer": "unknown",
            "answer_session_ids": [],
            "haystack_session_ids": ["s1"],
            "haystack_dates": ["2023/05/20 (Sat) 07:47"],
            "haystack_sessions": [session(("user", "hi", False))],
        },
    ]


SAME_DAY = [r for r in RETRIEVERS if not r.endswith(AFTER_NIGHTLY)]  # asked with no nightly


@pytest.fixture
def locomo_file(tmp_path):
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(LOCOMO, ensure_ascii=False))
    return path


@pytest.fixture
def longmemeval_file(tmp_path):
    path = tmp_path / "lme.json"
    path.write_text(json.dumps(_longmemeval()))
    return path


def test_evidence_is_parsed_leniently():
    assert parse_evidence(["D8:6; D9:17", "D:11:26", "D30:05"]) == {
        "D8:6",
        "D9:17",
        "D11:26",
        "D30:5",
    }
    assert parse_evidence(["nonsense"]) == frozenset()


def test_locomo_loader_keeps_speakers_and_skips_questions_without_valid_evidence(locomo_file):
    (haystack,) = load_locomo(locomo_file)
    assert haystack.user_id == "conv-1"
    assert haystack.turns[0].text == "Ann: I adopted a grey kitten named Pixel"
    assert [t.session_id for t in haystack.turns] == ["S1", "S1", "S1", "S2", "S2"]
    assert haystack.turns[3].ts > haystack.turns[2].ts > 0
    assert [q.gold_turns for q in haystack.questions] == [
        {"D1:1"},
        {"D1:2", "D2:1"},
        {"D1:3"},
    ]


def test_longmemeval_loader_excludes_abstention_and_marks_gold(longmemeval_file):
    (haystack,) = load_longmemeval(longmemeval_file)
    (question,) = haystack.questions
    assert question.gold_turns == {"s2:0"}
    assert question.gold_sessions == {"s2"}
    assert len(haystack.turns) == 4  # the blank turn is left out, as the write path would


def test_tally_computes_any_and_all_per_category():
    tally = Tally()
    for category, ranked, gold in [("a", ["x", "y"], {"x", "z"}), ("b", ["z"], {"z"})]:
        tally.questions[category] += 1
        tally.questions["all"] += 1
        tally.add("r", "turn", ranked, frozenset(gold), category)
    assert tally.recall("r", "turn", 5, "any", "a") == 1.0
    assert tally.recall("r", "turn", 5, "all", "a") == 0.0
    assert tally.recall("r", "turn", 5, "all", "all") == 0.5
    assert tally.recall("r", "turn", 10, "any", "all") == 1.0


def test_the_ceiling_counts_all_at_k_only_where_the_evidence_fits_in_k():
    tally = Tally()
    six = frozenset(f"s{i}" for i in range(6))
    for gold in (six, frozenset({"s0"})):
        tally.questions["c"] += 1
        tally.add_ceiling("session", gold, "c")
    assert tally.recall(CEILING, "session", 5, "any", "c") == 1.0
    assert tally.recall(CEILING, "session", 5, "all", "c") == 0.5  # six sessions: not in 5
    assert tally.recall(CEILING, "session", 10, "all", "c") == 1.0


def test_the_bench_keeps_of_each_turn_what_the_write_path_keeps():
    def turn(text, role=Role.USER):
        return BenchTurn("t1", "s1", text, 0, role)

    extractor = extractor_for(Settings(embedder={"model": "hashing:64"}), HashingEncoder(64))
    (kept,) = turn_events("u", turn("Simmer the coconut milk first.", Role.ASSISTANT), extractor)
    assert kept.rule == WHOLE_TURN_RULE
    assert turn_events("u", turn("Simmer the coconut milk first."), None)[0].rule == WHOLE_TURN_RULE
    assert turn_events("u", turn("\u200b", Role.ASSISTANT), extractor) == []  # refused at the door
    assert turn_events("u", turn("hello\x00world"), extractor) == []


def test_locomo_bench_runs_every_retriever_on_the_real_write_path(locomo_file):
    result = run_recall_bench("t", list(load_locomo(locomo_file)), HashingEncoder(64), False)
    assert result.retrievers == [r for r in SAME_DAY if r != CJK_BASELINE]  # no CJK channel
    assert result.tally.questions["all"] == 3
    for retriever in result.retrievers:
        assert result.tally.recall(retriever, "turn", 5, "all", "all") == 1.0, retriever
    assert result.index_stats["raw"].events == 5
    assert result.index_stats["minimised"].events == 5


def test_each_mode_is_asked_again_the_morning_after_a_nightly_run(locomo_file):
    haystacks = list(load_locomo(locomo_file))
    nightly = ForgettingSettings()
    result = run_recall_bench("t", haystacks, HashingEncoder(64), False, nightly=nightly)
    for mode in ("minimised", "raw"):  # nothing said five times over: the nightly changes nothing
        after = result.tally.recall(f"jiyi/{mode}{AFTER_NIGHTLY}", "turn", 5, "all", "all")
        assert after == result.tally.recall(f"jiyi/{mode}", "turn", 5, "all", "all") == 1.0
    assert "+nightly: the same questions after a nightly run" in report(result)

    # a nightly that archives every kind of event the moment it is old: the real archive step
    hasty = ForgettingSettings(archive_after_days=1e-9, archive_event_types=list(EventType))
    result = run_recall_bench("t", haystacks, HashingEncoder(64), False, nightly=hasty)
    assert result.tally.recall("jiyi/minimised", "turn", 5, "all", "all") == 1.0
    assert result.tally.recall(f"jiyi/minimised{AFTER_NIGHTLY}", "turn", 5, "all", "all") == 0.0
    assert any(s.retriever.endswith(AFTER_NIGHTLY) for s in shortfalls(result))


def test_a_bench_of_one_mode_writes_that_mode_alone(locomo_file):
    haystacks = list(load_locomo(locomo_file))
    result = run_recall_bench("t", haystacks, HashingEncoder(64), False, modes=("raw",))
    assert result.retrievers == ["bm25", "vector", "jiyi/raw"]
    assert set(result.index_stats) == {"raw"}
    assert result.index_stats["raw"].events == 5


def test_a_cjk_channel_adds_its_own_baseline_where_some_turn_has_cjk(locomo_file):
    encoder = ChannelEncoder(HashingEncoder(64), HashingEncoder(32))
    result = run_recall_bench("t", list(load_locomo(locomo_file)), encoder, False)
    assert result.retrievers == SAME_DAY
    for retriever in SAME_DAY:
        assert result.tally.recall(retriever, "turn", 5, "all", "all") == 1.0, retriever
    english = list(load_locomo(locomo_file))
    english[0] = Haystack(
        english[0].user_id,
        [t for t in english[0].turns if t.turn_id != "D1:3"],
        english[0].questions[:2],
    )
    result = run_recall_bench("t", english, encoder, False)
    assert CJK_BASELINE not in result.retrievers  # English only: nothing to compare there
    assert CJK_BASELINE not in report(result)


def test_longmemeval_bench_scores_sessions_too(longmemeval_file):
    result = run_recall_bench(
        "t", list(load_longmemeval(longmemeval_file)), HashingEncoder(64), True
    )
    assert result.levels == ["turn", "session"]
    assert result.tally.recall("bm25", "session", 5, "any", "all") == 1.0
    assert result.tally.recall("jiyi/raw", "turn", 5, "any", "all") == 1.0
    assert CEILING not in result.retrievers  # not a ranking: printed beside them, never judged
    ceilings = [line for line in report(result).splitlines() if CEILING in line.split()[1:2]]
    assert [line.split()[0] for line in ceilings] == ["turn", "session"]


def _haystack(name: str, turns: int, questions: int = 1) -> Haystack:
    said = [BenchTurn(f"{name}:{i}", "s", f"text {i}", i) for i in range(turns)]
    return Haystack(name, said, [None] * questions)  # type: ignore[list-item]


def test_haystacks_are_dealt_into_shares_of_about_equal_work_in_input_order():
    haystacks = [_haystack("a", 10), _haystack("b", 40), _haystack("c", 20), _haystack("d", 25)]
    dealt = shares(haystacks, 2)
    assert [[h.user_id for h in share] for share in dealt] == [["a", "b"], ["c", "d"]]
    assert shares(haystacks[:1], 4) == [haystacks[:1]]  # no empty share, so no idle process


def test_the_bench_dealt_to_two_processes_measures_what_one_process_does(
    longmemeval_file, tmp_path
):
    haystacks = list(load_longmemeval(longmemeval_file)) * 2
    haystacks[1] = Haystack("q1-copy", haystacks[1].turns, haystacks[1].questions)
    settings = Settings(embedder={"model": "hashing:64"}, data_dir=tmp_path)
    opener = partial(open_bench_tools, settings)
    one = run_recall_bench("t", haystacks, None, True, opener=opener)
    two = run_recall_bench("t", haystacks, None, True, workers=2, opener=opener)
    assert two.tally.questions == one.tally.questions == {"single-session-user": 2, "all": 2}
    assert dict(two.tally.hits) == dict(one.tally.hits)
    assert two.event_sources == one.event_sources
    for mode, stats in two.index_stats.items():
        assert (stats.turns, stats.events) == (2 * 4, one.index_stats[mode].events)
        extracted = sum(n for source, n in two.event_sources.items() if source != REFUSED)
        assert stats.events == extracted  # every event extracted
        assert len(stats.query_ms) == 2


def test_latency_bench_reports_ordered_percentiles(tmp_path):
    texts = [f"event text number {i} about topic {i % 7}" for i in range(40)]
    result = run_latency(
        HashingEncoder(64), texts, users=20, events_per_user=10, queries=16, data_dir=tmp_path
    )
    assert result.users == 20
    for part in (result.read_before, result.first_read, result.without_packs):
        assert 0 < part.p50_ms <= part.p95_ms <= part.p99_ms
        assert result.embed.p50_ms <= part.p99_ms
    assert "users read before (rows from their pack): p50" in latency_report(result)


def test_cli_bench_locomo_with_a_configured_model_free_embedder(locomo_file, tmp_path, monkeypatch):
    monkeypatch.setenv("JIYI_EMBEDDER__MODEL", "hashing:64")
    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path / "data"))
    result = CliRunner().invoke(
        app, ["bench", "locomo", "--data", str(locomo_file), "--limit", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "jiyi/minimised" in result.output
    assert "bm25" in result.output


def _result(scores: dict[str, list[bool]]) -> RecallBenchResult:
    """Two questions of category "a": each retriever finds the gold turn where it says True."""
    tally = Tally()
    for question in range(2):
        tally.questions["a"] += 1
        tally.questions["all"] += 1
        for retriever, found in scores.items():
            ranked = ["gold"] if found[question] else ["other"]
            tally.add(retriever, "turn", ranked, frozenset({"gold"}), "a")
    retrievers = list(scores)
    return RecallBenchResult("t", tally, retrievers, ["turn"], ["a", "all"], {}, Counter(), 0.0)


def test_a_cell_below_the_better_baseline_is_listed_and_printed():
    result = _result(
        {"bm25": [True, False], "vector": [True, True], "jiyi/minimised": [True, False]}
    )
    below = shortfalls(result)
    assert {(s.category, s.metric) for s in below} == {
        (c, f"{kind}@{k}") for c in ("a", "all") for kind in ("any", "all") for k in (5, 10)
    }
    assert all(s.best_retriever == "vector" and s.value == 0.5 and s.best == 1.0 for s in below)
    text = report(result)
    assert "by more than 0.02: 8 cells" in text
    assert "jiyi/minimised turn a any@5: 0.500 against vector 1.000" in text


def test_a_tie_or_a_win_is_no_shortfall():
    result = _result({"bm25": [True, False], "vector": [False, False], "jiyi/raw": [True, False]})
    assert shortfalls(result) == []
    assert "by more than 0.02: none" in report(result)
