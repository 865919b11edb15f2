"""The residue stage: a local classifier for user turns no rule covers.

No LLM on the write path by default: the turn is embedded and compared with labelled exemplars
of every `EventType` (zh and en, under `data/exemplars/`); the type whose nearest exemplars are
closest wins. Any encoder with the `Encoder` shape works: the real sentence-transformers
embedder, or `models.hashing.HashingEncoder` when no model can be loaded at all.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np

from jiyi.domain import Event, EventAttr, EventType, ExtractionSource, Turn
from jiyi.extraction.engine import (
    ResidueStage,
    build_event,
    keywords_for,
    normalise,
    summarise,
)
from jiyi.text import has_han, split_sentences
from models.channels import primary_encoder

if TYPE_CHECKING:
    from jiyi.config import Settings

DEFAULT_EXEMPLARS = Path(__file__).resolve().parents[2] / "data" / "exemplars"
#: Only the assistant produces plans; a user turn is never classified as one.
USER_EVENT_TYPES = frozenset(EventType) - {EventType.PLAN_GENERATED, EventType.ASSISTANT_REPLY}
#: A classifier's guess is never trusted as much as a rule's match.
MAX_CLASSIFIER_CONFIDENCE = 0.75
LEXICAL_DIMENSION = 1024
#: Exemplar vectors by encoder space and texts: the same space gives the same vectors.
_EXEMPLAR_VECTORS: dict[tuple[str, tuple[str, ...]], np.ndarray] = {}


class Encoder(Protocol):
    """What the classifier needs from an embedder: L2-normalised float32 rows."""

    dimension: int

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


class ExemplarError(ValueError):
    """An exemplar file that cannot be used; the message names the file, line and field."""


@dataclass(frozen=True, slots=True)
class Exemplar:
    event_type: EventType
    text: str
    lang: str


@dataclass(frozen=True, slots=True)
class Classification:
    """The chosen type, how sure the classifier is, and every type's score (for inspection)."""

    event_type: EventType
    confidence: float
    scores: dict[EventType, float]


def load_exemplars(directory: Path = DEFAULT_EXEMPLARS) -> list[Exemplar]:
    """Every `<lang>.jsonl` file in `directory`: one `{"event_type", "text"}` object a line."""
    exemplars: list[Exemplar] = []
    for path in sorted(directory.glob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                item = json.loads(line)
                event_type = EventType(item["event_type"])
                text = item["text"]
            except json.JSONDecodeError as exc:
                raise ExemplarError(f"{where}: not JSON ({exc.msg})") from None
            except KeyError as exc:
                raise ExemplarError(f"{where}: missing field {exc.args[0]!r}") from None
            except ValueError:
                raise ExemplarError(
                    f"{where}: event_type {item.get('event_type')!r} is not one of "
                    f"{', '.join(t.value for t in EventType)}"
                ) from None
            if not isinstance(text, str) or not text.strip():
                raise ExemplarError(f"{where}: text must be a non-empty string")
            exemplars.append(Exemplar(event_type, text.strip(), path.stem))
    if not exemplars:
        raise ExemplarError(f"{directory}: no exemplars found in *.jsonl files")
    return exemplars


class ResidueClassifier:
    """Nearest labelled exemplars per event type, in the encoder's vector space.

    A type's score is the mean cosine similarity of its `k` closest exemplars (so one odd
    exemplar cannot decide alone); a softmax over type scores at `temperature` gives the
    probability of the winner, capped at `MAX_CLASSIFIER_CONFIDENCE`.
    """

    def __init__(
        self,
        encoder: Encoder,
        exemplars: Sequence[Exemplar],
        k: int = 5,
        temperature: float = 0.05,
    ) -> None:
        if not exemplars:
            raise ExemplarError("exemplars: at least one is needed")
        if k < 1 or temperature <= 0:
            raise ValueError("k must be >= 1 and temperature > 0")
        self._encoder = encoder
        self._k = k
        self._temperature = temperature
        self._types = np.array([e.event_type.value for e in exemplars])
        texts = tuple(normalise(e.text) for e in exemplars)
        space = getattr(encoder, "space_id", None)
        if space is None:
            self._matrix = self._encode(texts)
        else:  # every store a process opens (each `Memory`) shares one encoding of them
            key = (space, texts)
            if key not in _EXEMPLAR_VECTORS:
                _EXEMPLAR_VECTORS[key] = self._encode(texts)
            self._matrix = _EXEMPLAR_VECTORS[key]

    def _encode(self, texts: Sequence[str]) -> np.ndarray:
        vectors = np.asarray(self._encoder.encode(list(texts)), dtype=np.float32)
        expected = (len(texts), self._encoder.dimension)
        if vectors.shape != expected:
            raise ValueError(f"encoder returned shape {vectors.shape}, expected {expected}")
        return vectors

    def classify(
        self, text: str, allowed: frozenset[EventType] = USER_EVENT_TYPES
    ) -> Classification:
        return self._classified(self._encode([normalise(text)])[0], allowed)

    def _classified(
        self, vector: np.ndarray, allowed: frozenset[EventType] = USER_EVENT_TYPES
    ) -> Classification:
        similarities = self._matrix @ vector
        scores: dict[EventType, float] = {}
        for event_type in allowed:
            own = similarities[self._types == event_type.value]
            if own.size:
                top = np.sort(own)[-self._k :]
                scores[event_type] = float(top.mean())
        if not scores:
            raise ExemplarError(f"no exemplars for any of {sorted(t.value for t in allowed)}")
        names = list(scores)
        values = np.array([scores[n] for n in names])
        weights = np.exp((values - values.max()) / self._temperature)
        best = int(values.argmax())
        probability = float(weights[best] / weights.sum())
        return Classification(
            names[best], round(MAX_CLASSIFIER_CONFIDENCE * probability, 4), scores
        )

    def extract_all(self, turns: Sequence[Turn]) -> list[Event]:
        """Each turn as one classified event: type, confidence, 3 keywords, a short summary.
        The turns are encoded together."""
        texts = [normalise(turn.content) for turn in turns]
        vectors = self._encode(texts) if texts else []
        return [
            _classified_event(turn, text, self._classified(vector))
            for turn, text, vector in zip(turns, texts, vectors, strict=True)
        ]


def _classified_event(turn: Turn, text: str, result: Classification) -> Event:
    first = (split_sentences(text) or [text])[0]
    return build_event(
        turn,
        result.event_type,
        source=ExtractionSource.CLASSIFIER,
        confidence=result.confidence,
        summary=summarise(first if len(text) > len(first) else text),
        keywords=keywords_for(text),
        attributes={EventAttr.LANG.value: "zh" if has_han(text) else "en"},
    )


class ConcatEncoder:
    """Several encoders side by side: the cosine of two rows is the mean of their cosines.

    Pairs the English-trained MiniLM with the lexical encoder: better than either alone on the
    English exemplars (see the tests' leave-one-out check).
    """

    def __init__(self, *encoders: Encoder) -> None:
        if not encoders:
            raise ValueError("encoders: at least one is needed")
        self._encoders = encoders
        self.dimension = sum(e.dimension for e in encoders)
        spaces = [getattr(e, "space_id", None) for e in encoders]
        self.space_id = None if None in spaces else " | ".join(str(s) for s in spaces)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        parts = [np.asarray(e.encode(texts), dtype=np.float32) for e in self._encoders]
        return np.hstack(parts) / np.float32(np.sqrt(len(parts)))


def lexical_encoder() -> Encoder:
    """The model-free fallback: hashed words and character n-grams (works for zh and en)."""
    from models.hashing import HashingEncoder

    return HashingEncoder(LEXICAL_DIMENSION)


class ByScript:
    """Han text to one stage, all other text to another.

    The packaged model is English-trained: paired with the lexical encoder it helps on English
    turns, but on real Chinese chat it adds noise (agreeing with the rules' types on 37% of
    MemoryBank's rule-covered turns against 57% for the lexical space alone).
    """

    def __init__(self, han: ResidueStage, other: ResidueStage) -> None:
        self._han = han
        self._other = other

    def extract_all(self, turns: Sequence[Turn]) -> list[Event]:
        on_han = [has_han(turn.content) for turn in turns]
        events: dict[int, Event] = {}
        for stage, side in ((self._han, True), (self._other, False)):
            if chosen := [i for i, han in enumerate(on_han) if han is side]:
                events |= zip(chosen, stage.extract_all([turns[i] for i in chosen]), strict=True)
        return [events[i] for i in range(len(turns))]


def build_residue_stage(settings: Settings, encoder: Encoder | None = None) -> ResidueStage:
    """The local classifier (lexical; for non-Han text also `encoder` when given), behind the
    LLM extractor when one is configured (the classifier then catches the LLM's failures)."""
    exemplars = load_exemplars()
    classifier: ResidueStage = ResidueClassifier(lexical_encoder(), exemplars)
    if encoder is not None:
        # the model alone, not a recall-side CJK channel beside it (`models.channels`)
        paired = ResidueClassifier(
            ConcatEncoder(primary_encoder(encoder), lexical_encoder()), exemplars
        )
        classifier = ByScript(han=classifier, other=paired)
    if settings.llm.base_url is None:
        return classifier
    from jiyi.extraction.llm import LLMExtractor

    return LLMExtractor(settings.llm, fallback=classifier)
