"""A learned reader of claims: which words of a learner's sentence name what a claim is about,
which relation it is, and whether it is the learner's own claim now, trained on labelled
messages written for it (`data/claim_training/`).

The rule table reads the phrasings its authors thought of; on messages nobody had read it found
0.4 of the firm beliefs (BENCHMARKS.md, session 15). This reader learns from a few thousand
written messages which words name a thing ("lost on", "一到…就卡住") and what kind of claim
surrounds them, in three averaged perceptrons over sparse features:

1. a tagger marks the span that names an object (begin / inside / outside, token by token;
   Latin words and single Han characters are tokens, so zh, en and a mix share one path);
2. a classifier gives each span its relation, or none (a question's topic, a negated or a
   hypothetical one), from the span's words and the words around it;
3. a stance classifier says whether the span is the learner's claim now, or someone else's,
   past, venting, asked, negated or hypothetical.

Words are also read by their class: USE's multilingual word vectors grouped by k-means, so a
frame or an object the training never showed ("stressed" after "nervous", 紧张 after
"anxious") is read like its neighbours. The reading rules (`jiyi.extraction.reading`) still
judge whatever the reader names. Training is deterministic and takes under a minute;
a sentence is read in well under a millisecond.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, Protocol

import jieba
import numpy as np

from jiyi import places, vocabulary
from jiyi.text import STOPWORDS

DEFAULT_TRAINING = Path(__file__).resolve().parents[2] / "data" / "claim_training"

#: The relations a training claim may name (those of `data/belief_scenarios/README.md`).
RELATIONS = (
    "mastery",
    "learning_obstacle",
    "prefers",
    "dislikes",
    "goal",
    "learning_style",
    "interested_in",
    "feels",
    "lives_in",
    "has_role",
    "age",
    "school_year",
    "allergic_to",
)
NONE = "none"
#: Why a claim is absent when its words still name the relation's object: the reading rules
#: judge the holder, the tense and venting; a question's or a negated or hypothetical topic is
#: no claim of that relation at all.
_STATED = "stated"
_READ_BY_RULES = frozenset({_STATED, "other", "past", "transient"})
_WHYS = _READ_BY_RULES | {"question", "negated", "hypothetical"}

_TOKEN = re.compile(r"[A-Za-z0-9]+(?:['-][A-Za-z0-9]+)*|\S")
_HAN = re.compile(r"[\u3400-\u9fff]")
BEGIN, INSIDE, OUTSIDE = "B", "I", "O"


class TrainingDataError(ValueError):
    """A training file line the reader cannot learn from, named by file, line and field."""


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    start: int
    end: int
    #: a Han character's jieba word and its place in it (S alone, B first, I after), which
    #: tell the reader where a Chinese name may begin and end
    word: str = ""
    place: str = ""


def tokens(sentence: str) -> list[Token]:
    """Latin words and numbers whole, every other character (a Han character, a mark) alone;
    a Han character knows the jieba word it is part of."""
    words: dict[int, tuple[str, str]] = {}
    if _HAN.search(sentence):
        for word, begin, end in jieba.tokenize(sentence):
            if _HAN.match(word):
                for at in range(begin, end):
                    words[at] = (word, "S" if end - begin == 1 else "B" if at == begin else "I")
    return [
        Token(m.group(), m.start(), m.end(), *words.get(m.start(), ("", "")))
        for m in _TOKEN.finditer(sentence)
    ]


def _shape(text: str) -> str:
    if _HAN.match(text):
        return "han"
    if text.isdigit():
        return "digit"
    if text[:1].isalpha():
        return "cap" if text[:1].isupper() else "word"
    return "mark"


def _word(toks: Sequence[Token], i: int) -> str:
    return toks[i].text.lower() if 0 <= i < len(toks) else ("<s>" if i < 0 else "</s>")


Classes = Sequence[tuple[str, ...]]


def _classes_at(classes: Classes, i: int) -> tuple[str, ...]:
    return classes[i] if 0 <= i < len(classes) else ()


def _tag_features(toks: Sequence[Token], classes: Classes, i: int, previous: str) -> list[str]:
    w = _word(toks, i)
    left, right = _word(toks, i - 1), _word(toks, i + 1)
    features = [
        "bias",
        f"w={w}",
        f"shape={_shape(toks[i].text)}",
        f"p={previous}",
        f"p+w={previous}|{w}",
        f"w-1={left}",
        f"w+1={right}",
        f"w-2={_word(toks, i - 2)}",
        f"w+2={_word(toks, i + 2)}",
        f"w-1,w={left}|{w}",
        f"w,w+1={w}|{right}",
        f"w-2,w-1={_word(toks, i - 2)}|{left}",
    ]
    if len(w) > 3:
        features += [f"suf={w[-3:]}", f"pre={w[:3]}"]
    if word := toks[i].word:
        place = toks[i].place
        features += [f"jw={word}|{place}", f"jp={previous}|{place}", f"jlen={min(len(word), 4)}"]
    if w in STOPWORDS:
        features.append("stop")
    for prefix, at in (("w", i), ("w-1", i - 1), ("w+1", i + 1), ("w-2", i - 2)):
        features += [f"{prefix}:{c}" for c in _classes_at(classes, at)]
    features += [f"p+{c}={previous}" for c in classes[i]]
    features += [f"lb={_word(toks, j)}" for j in range(max(0, i - 6), i - 2)]
    return features


def _span_features(toks: Sequence[Token], classes: Classes, start: int, end: int) -> list[str]:
    words = [_word(toks, j) for j in range(start, end)]
    span = " ".join(words) if not any(_HAN.match(w) for w in words) else "".join(words)
    features = ["bias", f"span={span}", f"len={min(end - start, 6)}"]
    features += [f"sw={w}" for w in words]
    features += [f"l{d}={_word(toks, start - d)}" for d in (1, 2, 3)]
    features += [f"r{d}={_word(toks, end - 1 + d)}" for d in (1, 2)]
    features.append(f"l1,l2={_word(toks, start - 2)}|{_word(toks, start - 1)}")
    features.append(f"l3..l1={''.join(_word(toks, start - d) for d in (3, 2, 1))}")
    features += [f"lb={_word(toks, j)}" for j in range(max(0, start - 10), start - 3)]
    features += [f"rb={_word(toks, j)}" for j in range(end + 2, min(len(toks), end + 8))]
    if words and words[-1] != words[0]:
        features.append(f"head={words[-1]}")
    if all(w.isdigit() for w in words):
        features.append("number")
    cut = toks[start].place == "I" or (end < len(toks) and toks[end].place == "I")
    features.append(f"cuts_word={cut}")  # a Han span that starts or ends inside a jieba word
    if entry := vocabulary.lookup(span):
        features.append(f"known={entry.kind.value}")
    if places.is_place(span):
        features.append("place")
    for prefix, at in (("h", end - 1), ("l1", start - 1), ("l2", start - 2), ("r1", end)):
        features += [f"{prefix}:{c}" for c in _classes_at(classes, at)]
    features += [f"s:{c}" for j in range(start, end) for c in classes[j]]
    return features


class WordVectors(Protocol):
    def vector(self, word: str) -> np.ndarray: ...


class WordClasses:
    """Words grouped by meaning at two grains (k-means over their vectors): a frame or an
    object the reader never saw in training is read by the class of words it falls in."""

    def __init__(self, vectors: WordVectors, centroids: Sequence[np.ndarray]) -> None:
        self._vectors = vectors
        self.centroids = [np.asarray(c, dtype=np.float32) for c in centroids]
        self._cache: dict[str, tuple[str, ...]] = {}

    def of(self, word: str) -> tuple[str, ...]:
        """The word's class at each grain ("c0=17", "c1=203"); none for a mark or a number."""
        found = self._cache.get(word)
        if found is None:
            if not any(ch.isalpha() for ch in word):
                found = ()
            else:
                vector = self._vectors.vector(word)
                found = tuple(
                    f"c{grain}={int(np.argmax(c @ vector))}"
                    for grain, c in enumerate(self.centroids)
                )
            if len(self._cache) < 200_000:
                self._cache[word] = found
        return found

    @classmethod
    def fit(
        cls, vectors: WordVectors, words: Iterable[str], sizes: Sequence[int], seed: int
    ) -> WordClasses:
        """Spherical k-means (cosine) of the words' vectors at each size, seeded: the same
        words always give the same classes."""
        chosen = sorted({w for w in words if any(ch.isalpha() for ch in w)})
        matrix = np.stack([vectors.vector(w) for w in chosen])
        rng = np.random.default_rng(seed)
        centroids = []
        for size in sizes:
            centre = matrix[rng.choice(len(matrix), size=min(size, len(matrix)), replace=False)]
            for _ in range(10):
                assigned = np.argmax(matrix @ centre.T, axis=1)
                for k in range(len(centre)):
                    members = matrix[assigned == k]
                    if len(members):
                        mean = members.sum(axis=0)
                        centre[k] = mean / (np.linalg.norm(mean) or 1.0)
            centroids.append(centre)
        return cls(vectors, centroids)


def _class_word(token: Token) -> str:
    """The word a token's class is of: a Han character's jieba word, a Latin word itself."""
    return token.word or token.text.lower()


def _stance_features(toks: Sequence[Token], classes: Classes, start: int, end: int) -> list[str]:
    """Whose claim it is and when, from the words around the span: who is named before it
    ("my mom", "我同学"), a tense or a time ("used to", "以前"), an "if", a "not", a "?"."""
    before = [_word(toks, j) for j in range(max(0, start - 12), start)]
    after = [_word(toks, j) for j in range(end, min(len(toks), end + 8))]
    features = ["bias", *(f"b={w}" for w in before), *(f"a={w}" for w in after)]
    features += [f"b2={a}|{b}" for a, b in pairwise(before)]
    features += [f"bc:{c}" for j in range(max(0, start - 6), start) for c in classes[j]]
    features += [f"near={w}" for w in before[-3:]]
    if _word(toks, len(toks) - 1) == "?":
        features.append("asks")
    return features


class AveragedPerceptron:
    """Multi-class perceptron whose weights are averaged over every step (Collins 2002): as
    good as a log-linear model on sparse features, and trained in a few passes without a solver."""

    def __init__(self) -> None:
        self.weights: dict[str, dict[str, float]] = {}
        self._totals: dict[tuple[str, str], float] = defaultdict(float)
        self._stamps: dict[tuple[str, str], int] = defaultdict(int)
        self._step = 0
        self.labels: set[str] = set()

    def scores(self, features: Iterable[str]) -> dict[str, float]:
        totals = dict.fromkeys(self.labels, 0.0)
        for feature in features:
            for label, weight in self.weights.get(feature, {}).items():
                totals[label] += weight
        return totals

    def predict(self, features: Sequence[str]) -> tuple[str, float]:
        """The best label and its margin over the runner-up."""
        ranked = sorted(self.scores(features).items(), key=lambda kv: (-kv[1], kv[0]))
        best, score = ranked[0]
        return best, score - (ranked[1][1] if len(ranked) > 1 else 0.0)

    def update(self, truth: str, guess: str, features: Sequence[str]) -> None:
        self._step += 1
        if truth == guess:
            return
        for feature in features:
            row = self.weights.setdefault(feature, {})
            for label, delta in ((truth, 1.0), (guess, -1.0)):
                key = (feature, label)
                self._totals[key] += (self._step - self._stamps[key]) * row.get(label, 0.0)
                self._stamps[key] = self._step
                row[label] = row.get(label, 0.0) + delta

    def freeze(self) -> LinearModel:
        """The averaged weights as one matrix, for reading (`average` first)."""
        labels = tuple(sorted(self.labels))
        features = sorted(self.weights)
        matrix = np.zeros((len(features), len(labels)), dtype=np.float32)
        column = {label: j for j, label in enumerate(labels)}
        for i, feature in enumerate(features):
            for label, weight in self.weights[feature].items():
                matrix[i, column[label]] = weight
        return LinearModel(labels, {f: i for i, f in enumerate(features)}, matrix)

    def average(self) -> None:
        for feature, row in self.weights.items():
            for label, weight in row.items():
                key = (feature, label)
                total = self._totals[key] + (self._step - self._stamps[key]) * weight
                row[label] = total / max(self._step, 1)
        self.weights = {
            f: {lab: w for lab, w in row.items() if w} for f, row in self.weights.items() if row
        }
        self._totals.clear()
        self._stamps.clear()


@dataclass(frozen=True)
class LinearModel:
    """A trained perceptron as one weight matrix, a row per feature and a column per label;
    read as a tuple per feature, since summing a few dozen short tuples in Python beats numpy's
    per-call cost (about 7 µs a prediction)."""

    labels: tuple[str, ...]
    index: dict[str, int]
    weights: np.ndarray
    _rows: dict[str, tuple[float, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rows = self.weights.tolist()
        object.__setattr__(self, "_rows", {f: tuple(rows[i]) for f, i in self.index.items()})

    def predict(self, features: Iterable[str]) -> tuple[str, float]:
        """The best label (the first in order on a tie) and its margin over the runner-up."""
        found = [row for f in features if (row := self._rows.get(f)) is not None]
        scores = [sum(column) for column in zip(*found, strict=True)] if found else []
        scores = scores or [0.0] * len(self.labels)
        best = max(range(len(scores)), key=scores.__getitem__)
        ranked = sorted(scores, reverse=True)
        return self.labels[best], ranked[0] - (ranked[1] if len(ranked) > 1 else 0.0)

    def arrays(self, name: str) -> dict[str, np.ndarray]:
        features = sorted(self.index, key=self.index.__getitem__)
        return {
            f"{name}_labels": np.array(self.labels),
            f"{name}_features": np.array(features),
            f"{name}_weights": self.weights,
        }

    @classmethod
    def from_arrays(cls, saved: Any, name: str) -> LinearModel:
        features = saved[f"{name}_features"].tolist()
        labels = tuple(saved[f"{name}_labels"].tolist())
        return cls(labels, {f: i for i, f in enumerate(features)}, saved[f"{name}_weights"])


@dataclass(frozen=True, slots=True)
class LabelledSentence:
    """One sentence of a training message, with the spans its claims name."""

    text: str
    spans: tuple[tuple[int, int, str, str], ...]  # start, end, relation (or `NONE`), why


@dataclass(frozen=True, slots=True)
class ReadSpan:
    """What the reader found: the words, where they are, their relation and how sure it is."""

    relation: str
    text: str
    start: int
    margin: float


def _tags_for(toks: Sequence[Token], spans: Iterable[tuple[int, int, str, str]]) -> list[str]:
    tags = [OUTSIDE] * len(toks)
    for start, end, relation, _ in spans:
        if relation == NONE:
            continue
        inside = [i for i, t in enumerate(toks) if t.start < end and t.end > start]
        if inside and all(tags[i] == OUTSIDE for i in inside):
            tags[inside[0]] = BEGIN
            for i in inside[1:]:
                tags[i] = INSIDE
    return tags


def _decode(tagger: LinearModel, toks: Sequence[Token], classes: Classes) -> list[tuple[int, int]]:
    """Spans (token start, end) the tagger marks, left to right on its own previous tag."""
    spans: list[tuple[int, int]] = []
    previous = OUTSIDE
    for i in range(len(toks)):
        tag, _ = tagger.predict(_tag_features(toks, classes, i, previous))
        if tag == INSIDE and previous == OUTSIDE:
            tag = BEGIN  # an inside tag after nothing opens a span
        if tag == BEGIN:
            spans.append((i, i + 1))
        elif tag == INSIDE:
            spans[-1] = (spans[-1][0], i + 1)
        previous = tag
    return spans


#: The reader's three models, by the names they are saved under.
_MODELS = ("tagger", "classifier", "stance")


@dataclass
class ClaimReader:
    """The trained tagger, relation classifier, stance classifier and word classes; `read` is
    all a caller needs."""

    tagger: LinearModel
    classifier: LinearModel
    stance: LinearModel  # whose and when: "stated" is the user's own, now
    classes: WordClasses

    def save(self, path: Path) -> None:
        """Weights and word classes in one `.npz` (no pickles), written whole or not at all."""
        arrays = {f"centroids{g}": c for g, c in enumerate(self.classes.centroids)}
        for name in _MODELS:
            arrays |= getattr(self, name).arrays(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.partial.npz")
        np.savez_compressed(partial, **arrays)
        partial.replace(path)

    @classmethod
    def load(cls, path: Path, vectors: WordVectors) -> ClaimReader:
        with np.load(path, allow_pickle=False) as saved:
            models = [LinearModel.from_arrays(saved, name) for name in _MODELS]
            centroids = [saved[f"centroids{g}"] for g in range(len(CLASS_SIZES))]
        return cls(*models, WordClasses(vectors, centroids))

    def read(self, sentence: str, min_margin: float = 0.0) -> list[ReadSpan]:
        """The claims the sentence names whose relation beats the runner-up (none included)
        by more than `min_margin` and which read as the user's own, now."""
        toks = tokens(sentence)
        classes = [self.classes.of(_class_word(t)) for t in toks]
        found = []
        for start, end in _decode(self.tagger, toks, classes):
            features = _span_features(toks, classes, start, end)
            relation, margin = self.classifier.predict(features)
            if relation == NONE or margin <= min_margin:
                continue
            if self.stance.predict(_stance_features(toks, classes, start, end))[0] == _STATED:
                begin, stop = toks[start].start, toks[end - 1].end
                found.append(ReadSpan(relation, sentence[begin:stop], begin, margin))
        return found


def _gold_token_spans(
    toks: Sequence[Token], spans: Iterable[tuple[int, int, str, str]]
) -> dict[tuple[int, int], tuple[str, str]]:
    gold = {}
    for start, end, relation, why in spans:
        inside = [i for i, t in enumerate(toks) if t.start < end and t.end > start]
        if inside:
            gold[(inside[0], inside[-1] + 1)] = (relation, why)
    return gold


def _with_other_objects(
    sentences: Sequence[LabelledSentence], copies: int, rng: random.Random
) -> list[LabelledSentence]:
    """Each sentence again with its claims' words swapped for another sentence's object of the
    same relation and script ("lost on {fractions}" → "lost on {the subjunctive}"): the frame,
    not the object, says what a claim is, so the tagger learns frames it can reuse."""
    pool: dict[tuple[str, bool], list[str]] = defaultdict(list)
    for sentence in sentences:
        for start, end, relation, _ in sentence.spans:
            words = sentence.text[start:end]
            pool[(relation, bool(_HAN.search(words)))].append(words)
    made = []
    for sentence in sentences:
        if not sentence.spans:
            continue
        for _ in range(copies):
            text, spans, shift = sentence.text, [], 0
            for start, end, relation, why in sorted(sentence.spans):
                words = text[start + shift : end + shift]
                other = rng.choice(pool[(relation, bool(_HAN.search(words)))])
                text = text[: start + shift] + other + text[end + shift :]
                spans.append((start + shift, start + shift + len(other), relation, why))
                shift += len(other) - len(words)
            made.append(LabelledSentence(text, tuple(spans)))
    return made


#: The grains words are grouped in: broad (a feeling, a place, a subject) and fine.
CLASS_SIZES = (48, 240)


def train(
    sentences: Sequence[LabelledSentence],
    vectors: WordVectors,
    epochs: int = 8,
    seed: int = 13,
    copies: int = 3,
) -> ClaimReader:
    """Both perceptrons, the classifier on gold spans and on the tagger's own false spans
    (labelled none), on the sentences and `copies` of each with other objects, with words
    classed by `vectors`; seeded, so the same data always gives the same reader."""
    rng = random.Random(seed)
    order = list(sentences) + _with_other_objects(sentences, copies, rng)
    tokenised = {s.text: tokens(s.text) for s in order}
    words = (_class_word(t) for toks in tokenised.values() for t in toks)
    word_classes = WordClasses.fit(vectors, words, CLASS_SIZES, seed)
    classed = {
        text: [word_classes.of(_class_word(t)) for t in toks] for text, toks in tokenised.items()
    }
    tagging = AveragedPerceptron()
    tagging.labels = {BEGIN, INSIDE, OUTSIDE}
    for _ in range(epochs):
        rng.shuffle(order)
        for sentence in order:
            toks, classes = tokenised[sentence.text], classed[sentence.text]
            previous = OUTSIDE
            for i, truth in enumerate(_tags_for(toks, sentence.spans)):
                features = _tag_features(toks, classes, i, previous)
                guess, _ = tagging.predict(features)
                tagging.update(truth, guess, features)
                previous = truth
    tagging.average()
    tagger = tagging.freeze()
    examples: list[tuple[list[str], str]] = []
    stances: list[tuple[list[str], str]] = []
    for sentence in order:
        toks, classes = tokenised[sentence.text], classed[sentence.text]
        gold = _gold_token_spans(toks, sentence.spans)
        for span in _decode(tagger, toks, classes):
            if span not in gold:
                examples.append((_span_features(toks, classes, *span), NONE))
        for span, (relation, why) in gold.items():
            examples.append((_span_features(toks, classes, *span), relation))
            stances.append((_stance_features(toks, classes, *span), why))
    classifier = _fitted({*RELATIONS, NONE}, examples, epochs, rng)
    stance = _fitted(set(_WHYS), stances, epochs, rng)
    return ClaimReader(tagger, classifier, stance, word_classes)


def _fitted(
    labels: set[str], examples: list[tuple[list[str], str]], epochs: int, rng: random.Random
) -> LinearModel:
    model = AveragedPerceptron()
    model.labels = labels
    for _ in range(epochs):
        rng.shuffle(examples)
        for features, truth in examples:
            guess, _ = model.predict(features)
            model.update(truth, guess, features)
    model.average()
    return model.freeze()


def _relation_of(claim: dict, where: str) -> str:
    relation, why = claim.get("relation"), claim.get("why", _STATED)
    if relation not in RELATIONS:
        raise TrainingDataError(f"{where}: relation {relation!r} is not one of {RELATIONS}")
    if why not in _WHYS:
        raise TrainingDataError(f"{where}: why {why!r} is not one of {sorted(_WHYS)}")
    return relation if why in _READ_BY_RULES else NONE


def labelled_sentences(
    text: str, claims: Sequence[dict], split: Callable[[str], list[str]], where: str
) -> list[LabelledSentence]:
    """A message's sentences (as `split` cuts them), each with the spans of the claims whose
    first surface form it contains; a claim whose form is in no sentence is refused."""
    sentences = split(text)
    spans: dict[int, list[tuple[int, int, str, str]]] = defaultdict(list)
    for index, claim in enumerate(claims):
        objects = claim.get("object")
        if not isinstance(objects, list) or not objects or not isinstance(objects[0], str):
            raise TrainingDataError(f"{where}: claims[{index}].object must list the span first")
        relation = _relation_of(claim, f"{where}: claims[{index}]")
        for number, sentence in enumerate(sentences):
            at = sentence.find(objects[0])
            if at >= 0:
                why = claim.get("why", _STATED)
                spans[number].append((at, at + len(objects[0]), relation, why))
                break
        else:
            raise TrainingDataError(
                f"{where}: claims[{index}].object[0] {objects[0]!r} is not in the text"
            )
    return [LabelledSentence(s, tuple(spans[n])) for n, s in enumerate(sentences)]


#: Bump when features or training change: a reader saved by older code is trained again.
READER_VERSION = "4"


def fingerprint(directory: Path) -> str:
    """What a trained reader depends on: the training files' bytes and the reader's version."""
    digest = hashlib.sha256(f"{READER_VERSION}|{CLASS_SIZES}".encode())
    for path in sorted(directory.glob("*.jsonl")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def load_training(
    directory: Path, split: Callable[[str], list[str]], prepare: Callable[[str], str]
) -> list[LabelledSentence]:
    """Every message of the directory's `.jsonl` files, as `prepare` normalises text the way
    the write path does, cut into labelled sentences as `split` cuts them."""
    sentences: list[LabelledSentence] = []
    for path in sorted(directory.glob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path.name}:{number}"
            try:
                message = json.loads(line)
            except json.JSONDecodeError as exc:
                raise TrainingDataError(f"{where}: not JSON ({exc.msg})") from None
            if not isinstance(message, dict) or not isinstance(message.get("text"), str):
                raise TrainingDataError(f"{where}: text must be a string")
            if not isinstance(message.get("claims", []), list):
                raise TrainingDataError(f"{where}: claims must be a list")
            claims = [
                {**c, "object": [prepare(c["object"][0]), *c["object"][1:]]}
                if isinstance(c.get("object"), list) and c["object"]
                else c
                for c in message.get("claims", [])
            ]
            sentences += labelled_sentences(prepare(message["text"]), claims, split, where)
    return sentences
