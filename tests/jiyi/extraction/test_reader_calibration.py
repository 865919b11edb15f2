"""The reader's margins as probabilities: the fit recovers a known curve, a calibration is
refused once its training files change, the shipped one fits the shipped files, and the
write path keeps exactly the claims over the probability."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from jiyi.extraction.claim_reader import DEFAULT_TRAINING, ReadSpan, fingerprint
from jiyi.extraction.engine import prepare
from jiyi.extraction.learned import CalibratedReader
from jiyi.extraction.reader_calibration import (
    CALIBRATION_FILE,
    Calibration,
    CalibrationError,
    Curve,
    ReadOutcome,
    fit,
    held_out_outcomes,
    report,
)
from jiyi.text import split_sentences


def _folder(tmp_path: Path, *texts: str) -> Path:
    folder = tmp_path / "training"
    folder.mkdir(exist_ok=True)
    for number, text in enumerate(texts):
        line = {"text": text, "claims": []}
        (folder / f"en_{'ab'[number]}.jsonl").write_text(json.dumps(line), encoding="utf-8")
    return folder


def test_the_fit_recovers_the_curve_the_outcomes_were_drawn_from(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    truth = {"en": Curve(0.12, -2.5), "zh": Curve(0.05, -0.5)}
    outcomes = [
        ReadOutcome(lang, float(m), bool(rng.random() < truth[lang].probability(float(m))))
        for lang in truth
        for m in rng.uniform(-20, 80, 4000)
    ]
    fitted = fit(outcomes, _folder(tmp_path, "hi"))
    for lang, curve in truth.items():
        assert fitted.curves[lang].slope == pytest.approx(curve.slope, rel=0.15)
        assert fitted.curves[lang].margin_at(0.5) == pytest.approx(curve.margin_at(0.5), abs=3)
    assert "0.9" in report(fitted, outcomes, {"en": 500, "zh": 500})


def test_margin_at_is_the_inverse_of_probability() -> None:
    curve = Curve(0.1, -2.0)
    assert curve.probability(curve.margin_at(0.9)) == pytest.approx(0.9)
    assert curve.margin_at(0.5) == pytest.approx(20.0)


def test_a_calibration_is_refused_once_its_training_files_change(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "hi")
    with pytest.raises(CalibrationError, match="no usable calibration"):
        Calibration.load(folder)
    curve = Curve(0.1, -2.0)
    Calibration(fingerprint(folder), {"en": curve, "zh": curve}).save(folder / CALIBRATION_FILE)
    assert Calibration.load(folder).curves["zh"] == curve
    _folder(tmp_path, "hi", "a second writer")
    with pytest.raises(CalibrationError, match="calibrate-reader --write"):
        Calibration.load(folder)


def test_the_shipped_calibration_fits_the_shipped_training_files() -> None:
    calibration = Calibration.load(DEFAULT_TRAINING)  # refused if stale
    for curve in calibration.curves.values():
        assert curve.slope > 0  # a wider margin is more likely right


class MarginReader:
    """Reads one span whose margin is the sentence's length, and records the margin asked."""

    def __init__(self) -> None:
        self.asked: list[float] = []

    def read(self, sentence: str, min_margin: float = 0.0) -> list[ReadSpan]:
        self.asked.append(min_margin)
        span = ReadSpan("goal", sentence, 0, float(len(sentence)))
        return [span] if span.margin > min_margin else []


def test_the_write_path_keeps_claims_over_the_probability_in_their_language() -> None:
    reader = MarginReader()
    calibration = Calibration("x", {"en": Curve(0.1, -2.0), "zh": Curve(1.0, -2.0)})
    calibrated = CalibratedReader(reader, calibration, min_probability=0.5)  # type: ignore[arg-type]
    assert calibrated.read("x" * 19) == []  # English: p = 0.5 at a margin of 20
    assert len(calibrated.read("x" * 21)) == 1
    assert len(calibrated.read("学" * 3)) == 1  # Chinese: p = 0.5 at a margin of 2
    assert reader.asked == pytest.approx([20.0, 20.0, 2.0])


def _two_writers(tmp_path: Path) -> Path:
    folder = tmp_path / "training"
    folder.mkdir()
    topics = {
        "en": ("fractions", "recursion", "the subjunctive", "limits", "chords", "verbs"),
        "zh": ("分数", "递归", "虚拟语气", "极限", "和弦", "动词"),
    }
    frames = {
        ("en", "a"): "I keep getting lost on {}",
        ("en", "b"): "honestly {} loses me",
        ("zh", "a"): "一到{}就卡住",
        ("zh", "b"): "{}我一直搞不懂",
    }
    for (lang, writer), frame in frames.items():
        lines = [
            {"text": frame.format(t), "claims": [{"relation": "learning_obstacle", "object": [t]}]}
            for t in topics[lang]
        ]
        text = "\n".join(json.dumps(x, ensure_ascii=False) for x in lines)
        (folder / f"{lang}_{writer}.jsonl").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.integration  # trains a reader per writer on USE's word vectors
def test_each_writer_is_read_by_a_reader_that_never_saw_them(tmp_path: Path) -> None:
    from models.use import UseWordVectors

    folder = _two_writers(tmp_path)
    outcomes, claims = held_out_outcomes(folder, UseWordVectors(), split_sentences, prepare)
    assert claims == {"en": 12, "zh": 12}
    assert {o.lang for o in outcomes} == {"en", "zh"}
    assert not any(math.isnan(o.margin) for o in outcomes)
    assert any(o.right for o in outcomes)


@pytest.mark.integration
def test_calibrate_reader_writes_a_calibration_the_reader_accepts(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from jiyi.cli import app

    folder = _two_writers(tmp_path)
    result = CliRunner().invoke(app, ["calibrate-reader", "--training", str(folder), "--write"])
    assert result.exit_code == 0, result.output
    assert "found / precision" in result.output
    assert Calibration.load(folder).fingerprint == fingerprint(folder)


def test_two_spans_over_one_claim_find_it_once() -> None:
    claim = ("I get lost in voltage drop calcs", 11, 32, "learning_obstacle")
    outcomes = [
        ReadOutcome("en", 30.0, True, claim),
        ReadOutcome("en", 30.0, True, claim),  # a second span over the same labelled words
        ReadOutcome("en", 30.0, False),
    ]
    calibration = Calibration("f", {"en": Curve(1.0, 0.0), "zh": Curve(1.0, 0.0)})
    line = next(
        row
        for row in report(calibration, outcomes, {"en": 2, "zh": 0}).splitlines()
        if row.startswith("0.9")
    )
    assert "0.500 / 0.667" in line  # one of two claims found; two of three spans right
