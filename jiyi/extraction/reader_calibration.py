"""How likely a learned claim is right, as a probability fitted on writers the reader did not
learn from, so the write path's threshold means the same thing whatever the training data.

The reader's relation classifier is a perceptron: its margins grow with the data it learns from
(session 16 added four files and, at the same margin, junk in the chats rose from 0.13 to 0.16),
so a raw margin is no fixed confidence. `fit` trains the reader once per writer with that
writer's files held out (the files' last letter, `en_c` and `zh_c` are one writer pool), reads
the held-out messages, and fits a logistic curve per language from a span's margin to whether
it names a claim the writer labelled as the learner's own, with that relation. The curve is
kept in `calibration.json` beside the training files, under the fingerprint of what it was
fitted on (`jiyi calibrate-reader --write`).
"""

from __future__ import annotations

import json
import math
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from jiyi.extraction.claim_reader import (
    DEFAULT_TRAINING,
    NONE,
    ClaimReader,
    LabelledSentence,
    WordVectors,
    fingerprint,
    load_training,
    train,
)
from jiyi.text import has_han

CALIBRATION_FILE = "calibration.json"
#: The probabilities `fit` reports found and precision at.
REPORTED = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95)


def language_of(sentence: str) -> str:
    """A sentence's language as the fit reads it: any Han character makes it Chinese."""
    return "zh" if has_han(sentence) else "en"


class CalibrationError(ValueError):
    """A calibration file that is missing, unreadable or fitted on other training data."""


@dataclass(frozen=True)
class Curve:
    """p = 1 / (1 + exp(-(slope · margin + intercept)))."""

    slope: float
    intercept: float

    def probability(self, margin: float) -> float:
        return 1.0 / (1.0 + math.exp(-(self.slope * margin + self.intercept)))

    def margin_at(self, probability: float) -> float:
        """The margin a claim needs to be `probability` likely right."""
        return (math.log(probability / (1.0 - probability)) - self.intercept) / self.slope


@dataclass(frozen=True)
class Calibration:
    fingerprint: str
    curves: dict[str, Curve]  # by language: "en", "zh"

    def save(self, path: Path) -> None:
        body = {"fingerprint": self.fingerprint}
        body |= {"curves": {lang: asdict(curve) for lang, curve in sorted(self.curves.items())}}
        path.write_text(json.dumps(body, indent=2) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, directory: Path = DEFAULT_TRAINING) -> Calibration:
        """The directory's calibration, refused when its training files changed since the fit."""
        path = directory / CALIBRATION_FILE
        try:
            body = json.loads(path.read_text(encoding="utf-8"))
            curves = {lang: Curve(**c) for lang, c in body["curves"].items()}
            saved = body["fingerprint"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise CalibrationError(f"{path}: no usable calibration ({exc})") from None
        if saved != fingerprint(directory) or set(curves) != {"en", "zh"}:
            raise CalibrationError(
                f"{path}: fitted on other training data or reader code; run "
                "`jiyi calibrate-reader --write`"
            )
        return cls(saved, curves)


@dataclass(frozen=True)
class ReadOutcome:
    """One span the reader named in a held-out message: its margin and whether it was right."""

    lang: str
    margin: float
    right: bool
    #: the labelled claim it names (text, start, end, relation), so that two spans over one
    #: claim count it found once
    claim: tuple[str, int, int, str] | None = None


def _fit_curve(margins: np.ndarray, right: np.ndarray) -> Curve:
    """Logistic regression of `right` on the margin by Newton's method (two parameters)."""
    x = np.stack([margins, np.ones_like(margins)], axis=1)
    weights = np.zeros(2)
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ weights)))
        gradient = x.T @ (p - right)
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(2)
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-9:
            break
    return Curve(float(weights[0]), float(weights[1]))


def _outcomes(
    reader: ClaimReader, sentences: Sequence[LabelledSentence]
) -> tuple[list[ReadOutcome], dict[str, int]]:
    """Every span the reader names, at any margin, and whether the writer labelled a claim of
    the learner's own with that relation over some of its words; and the claims there were."""
    outcomes, claims = [], {"en": 0, "zh": 0}
    for sentence in sentences:
        lang = language_of(sentence.text)
        gold = [(a, b, r) for a, b, r, why in sentence.spans if why == "stated" and r != NONE]
        claims[lang] += len(gold)
        for span in reader.read(sentence.text, -math.inf):
            start, end = span.start, span.start + len(span.text)
            named = [(a, b, r) for a, b, r in gold if r == span.relation and start < b and end > a]
            claim = (sentence.text, *named[0]) if named else None
            outcomes.append(ReadOutcome(lang, span.margin, claim is not None, claim))
    return outcomes, claims


def _writer(path: Path) -> str:
    return path.stem.rsplit("_", 1)[-1]


def held_out_outcomes(
    directory: Path,
    vectors: WordVectors,
    split: Callable[[str], list[str]],
    prepare: Callable[[str], str],
) -> tuple[list[ReadOutcome], dict[str, int]]:
    """Every writer's messages read by a reader trained on all the other writers'."""
    files = sorted(directory.glob("*.jsonl"))
    outcomes: list[ReadOutcome] = []
    claims = {"en": 0, "zh": 0}
    for writer in sorted({_writer(p) for p in files}):
        with tempfile.TemporaryDirectory() as learn, tempfile.TemporaryDirectory() as held:
            for path in files:
                shutil.copy(path, held if _writer(path) == writer else learn)
            reader = train(load_training(Path(learn), split, prepare), vectors)
            sentences = load_training(Path(held), split, prepare)
        found, counted = _outcomes(reader, sentences)
        outcomes += found
        claims = {lang: claims[lang] + counted[lang] for lang in claims}
    return outcomes, claims


def fit(outcomes: Sequence[ReadOutcome], directory: Path) -> Calibration:
    """One curve per language (a Chinese claim needs a wider margin to be as likely right), named by
    the fingerprint of the training `directory` the outcomes came from."""
    curves = {}
    for lang in ("en", "zh"):
        chosen = [o for o in outcomes if o.lang == lang]
        if len({o.right for o in chosen}) < 2:
            raise CalibrationError(f"{lang}: the held-out spans must include right and wrong ones")
        margins = np.array([o.margin for o in chosen], dtype=float)
        right = np.array([o.right for o in chosen], dtype=float)
        curves[lang] = _fit_curve(margins, right)
    return Calibration(fingerprint(directory), curves)


def report(
    calibration: Calibration, outcomes: Sequence[ReadOutcome], claims: dict[str, int]
) -> str:
    """Found (share of the held-out writers' own claims named with their relation) and
    precision at each probability the write path might keep claims from."""
    lines = ["held-out writers, span level: found / precision of what is kept"]
    lines.append("p ≥    " + "".join(f"{lang:>16}" for lang in claims))
    for at in REPORTED:
        cells = []
        for lang in claims:
            kept = [
                o
                for o in outcomes
                if o.lang == lang and calibration.curves[lang].probability(o.margin) >= at
            ]
            right = sum(o.right for o in kept)
            named = len({o.claim for o in kept if o.claim is not None})
            found = named / claims[lang] if claims[lang] else 0.0
            cells.append(f"{found:.3f} / {right / len(kept) if kept else 0.0:.3f}")
        lines.append(f"{at:<7}" + "".join(f"{c:>16}" for c in cells))
    return "\n".join(lines)
