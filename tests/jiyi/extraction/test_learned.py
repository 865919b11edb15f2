"""The learned reader's spans as rule matches: the shape each relation takes, no ages or school
years, rules first, the engine reading them like any claim, and the trained reader cached."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jiyi.domain import (
    OTHER_HOLDER,
    EventAttr,
    EventType,
    ExtractionSource,
    RelationKind,
    Role,
    Turn,
)
from jiyi.extraction import learned
from jiyi.extraction.claim_reader import ReadSpan, fingerprint
from jiyi.extraction.engine import extract_with_rules
from jiyi.extraction.learned import (
    LEARNED_CONFIDENCE,
    complement,
    learned_matches,
)
from jiyi.extraction.reader_calibration import CALIBRATION_FILE, Calibration, Curve
from jiyi.extraction.reading import HEDGED_CONFIDENCE
from jiyi.extraction.rules import rules_for


class FixedReader:
    """Reads the spans it was given wherever their words are in the sentence."""

    def __init__(self, *spans: tuple[str, str]) -> None:
        self.spans = spans

    def read(self, sentence: str) -> list[ReadSpan]:
        return [
            ReadSpan(relation, words, sentence.index(words), 10.0)
            for relation, words in self.spans
            if words in sentence
        ]


def turn(content: str, role: Role = Role.USER) -> Turn:
    return Turn(user_id="u-1", session_id="s-1", role=role, content=content, client_ts=1)


def test_each_relation_takes_the_shape_the_graph_expects() -> None:
    reader = FixedReader(
        ("learning_obstacle", "the subjunctive"),
        ("lives_in", "Porto"),
        ("has_role", "a full-time nurse"),
        ("interested_in", "birdwatching"),
    )
    sentence = "the subjunctive, Porto, a full-time nurse, birdwatching"
    shapes = {
        m.rule.event_type: (m.rule.relation, m.objects, m.value)
        for m in learned_matches(reader, sentence)
    }
    assert shapes[EventType.CONCEPT_CONFUSION] == (None, ("subjunctive",), None)
    assert shapes[EventType.PERSONAL_FACT] == (RelationKind.LIVES_IN, ("Porto",), None)
    assert shapes[EventType.IDENTITY_DECLARATION] == (None, (), "nurse")
    assert shapes[EventType.PREFERENCE] == (RelationKind.INTERESTED_IN, ("birdwatching",), None)


def test_the_reader_never_says_an_age_or_a_school_year() -> None:
    """Either would switch child mode on and erase the graph: only a rule may say one."""
    reader = FixedReader(("age", "42"), ("school_year", "year 5"))
    assert learned_matches(reader, "my answer was 42, my son is in year 5") == []


def test_a_span_that_cleans_to_nothing_names_nothing() -> None:
    assert learned_matches(FixedReader(("goal", "it")), "I want it") == []


def _matches(text: str, *spans: tuple[str, str]):
    return learned_matches(FixedReader(*spans), text)


def test_complement_leaves_a_kind_of_claim_a_rule_named_to_the_rule() -> None:
    text = "I keep mixing up velocity and acceleration"
    ruled = [m for r in rules_for(Role.USER) for m in r.matches(text)]
    assert any(m.rule.event_type is EventType.CONCEPT_CONFUSION and m.objects for m in ruled)
    ours = _matches(text, ("learning_obstacle", "acceleration"), ("lives_in", "velocity"))
    assert complement(ruled, ours) == []  # the same kind, and words a rule named


def test_complement_lets_the_reader_name_what_a_rule_left_bare() -> None:
    bare = [m for m in _matches("x", ("learning_obstacle", "x")) if False]
    ours = _matches("一到三角函数就卡住", ("learning_obstacle", "三角函数"))
    assert complement(bare, ours) == ours


def test_the_engine_adds_the_readers_claims_read_in_context() -> None:
    reader = FixedReader(("interested_in", "birdwatching"))
    (event,) = extract_with_rules(turn("birdwatching eats all my weekends"), reader=reader)
    assert event.source is ExtractionSource.CLASSIFIER
    assert event.confidence == LEARNED_CONFIDENCE
    assert event.attributes[EventAttr.OBJECT] == "birdwatching"
    hedged = extract_with_rules(turn("maybe birdwatching eats all my weekends"), reader=reader)
    assert [e.confidence for e in hedged] == [HEDGED_CONFIDENCE]
    (theirs,) = extract_with_rules(turn("我妈说 birdwatching 吃掉了她所有周末"), reader=reader)
    assert theirs.attributes.get(EventAttr.HOLDER) == OTHER_HOLDER


def test_the_reader_reads_only_the_users_turns() -> None:
    reader = FixedReader(("interested_in", "birdwatching"))
    said = turn("birdwatching eats all my weekends", Role.ASSISTANT)
    assert extract_with_rules(said, reader=reader) == []


def _training_dir(tmp_path: Path) -> Path:
    lines = [
        {
            "text": f"I keep getting lost on {o}",
            "claims": [{"relation": "learning_obstacle", "object": [o], "state": "firm"}],
        }
        for o in ("fractions", "recursion", "the subjunctive", "limits")
    ]
    folder = tmp_path / "training"
    folder.mkdir()
    (folder / "t.jsonl").write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    curve = Curve(0.1, -2.0)
    Calibration(fingerprint(folder), {"en": curve, "zh": curve}).save(folder / CALIBRATION_FILE)
    return folder


@pytest.mark.integration  # loads USE's word vectors
def test_the_default_reader_is_trained_once_then_loaded_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = _training_dir(tmp_path)
    learned.default_reader.cache_clear()
    try:
        first = learned.default_reader(folder).reader
        (saved,) = (tmp_path / "cache" / "jiyi").glob("claim_reader-*.npz")
        written = saved.stat().st_mtime_ns
        learned.default_reader.cache_clear()
        second = learned.default_reader(folder).reader
        assert saved.stat().st_mtime_ns == written  # loaded, not trained and written again
        assert (second.tagger.weights == first.tagger.weights).all()
        saved.write_bytes(b"not a reader")  # a broken cache is trained over, not trusted
        learned.default_reader.cache_clear()
        third = learned.default_reader(folder).reader
        assert saved.read_bytes() != b"not a reader"
        assert (third.tagger.weights == first.tagger.weights).all()
    finally:
        learned.default_reader.cache_clear()


def test_a_space_between_chinese_words_ends_a_span() -> None:
    (match,) = _matches("物理实验课我一直有点怕 怕把仪器弄坏", ("feels", "怕 怕"))
    assert match.objects == ("怕",)
