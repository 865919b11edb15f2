"""Turning events into records: what is embedded for an event, its vector, its lexical terms.

The lexical terms always cover the whole turn (blinded, see `jiyi.episodic.terms`), then the
event's own words the turn lacks (a resolved "that button"), then the context terms.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import numpy as np

from jiyi.domain import Event, EventAttr, text_hash
from jiyi.domain.events import SUMMARY_MAX_CHARS
from jiyi.episodic.records import EpisodicInputError, IndexItem, StoredEvent
from jiyi.episodic.terms import IndexTerms, new_terms, with_context
from jiyi.text import split_sentences
from models.channels import TurnChannelEncoder, TurnVectors, carried_turn_part
from models.embedder import SpaceEncoder

_CONTENT_ATTRIBUTES = (EventAttr.OBJECT, EventAttr.VALUE)  # not labels such as lang or kind


def index_text(event: Event, raw_text: str | None = None) -> str:
    """What is embedded: the raw text when it is kept (it holds everything the summary, keywords
    and attributes were cut from), else summary + keywords + the object or value named. Only
    what is stored is embedded, so the nightly re-embedding reproduces the same kind of vector;
    labels ("zh", "concept", "positive") are left out: they are not what the event says and
    only lengthened the embedder's input."""
    if raw_text:
        return raw_text
    named = (event.attributes.get(key, "") for key in _CONTENT_ATTRIBUTES)
    return " ".join(p for p in (event.summary, *event.keywords, *named) if p)


def check_raw_text(event: Event, raw_text: str) -> None:
    if not isinstance(raw_text, str):
        raise EpisodicInputError(f"raw_text of event {event.event_id}: expected str")
    if text_hash(raw_text) != event.raw_hash:
        raise EpisodicInputError(
            f"raw_text of event {event.event_id}: its SHA-256 does not match event.raw_hash"
        )


def _embed(texts: Sequence[str], encoder: SpaceEncoder) -> np.ndarray:
    """One vector per text; a text repeated in the batch (the same short reply from many
    users, one event text per turn said twice) is encoded once."""
    unique = list(dict.fromkeys(texts))
    vectors = encoder.encode(unique)
    if vectors.shape != (len(unique), encoder.dimension):
        raise EpisodicInputError(
            f"encoder returned shape {vectors.shape}, expected {(len(unique), encoder.dimension)}"
        )
    if len(unique) == len(texts):
        return vectors
    row = {text: i for i, text in enumerate(unique)}
    return vectors[[row[text] for text in texts]]


def build_records(
    items: Sequence[IndexItem], encoder: SpaceEncoder, terms: IndexTerms, keep_raw_text: bool
) -> list[StoredEvent]:
    """Embed (in one batch) and index events; the raw text is stored only if it is to be kept.

    The lexical terms always cover the whole turn (blinded, see `jiyi.episodic.terms`), then
    the event's own words the turn lacks (a resolved "that button"), then the context terms.
    Every item is checked before anything is encoded, so a bad one rejects the whole batch.
    """
    for item in items:
        if item.raw_text is not None:
            check_raw_text(item.event, item.raw_text)
    kept = [item.raw_text if keep_raw_text else None for item in items]
    texts = [index_text(item.event, raw) for item, raw in zip(items, kept, strict=True)]
    empty = [i.event.event_id for i, t in zip(items, texts, strict=True) if not t.strip()]
    if empty:
        raise EpisodicInputError(f"events {empty}: nothing to index (no summary, keywords, text)")
    vectors, passages = _event_vectors(texts, [item.raw_text for item in items], encoder)
    turn_terms: dict[tuple[str, str], list[str]] = {}  # a turn's events share its terms
    return [
        StoredEvent(
            item.event,
            vector,
            encoder.space_id,
            _lexical_terms(item, terms, turn_terms),
            raw,
            held,
        )
        for item, vector, raw, held in zip(items, vectors, kept, passages, strict=True)
    ]


def _lexical_terms(
    item: IndexItem, terms: IndexTerms, turn_terms: dict[tuple[str, str], list[str]]
) -> tuple[str, ...]:
    user_id, raw = item.event.user_id, item.raw_text
    own: list[str] = []
    if raw:
        if (user_id, raw) not in turn_terms:
            turn_terms[(user_id, raw)] = terms.of(user_id, raw)
        own = turn_terms[(user_id, raw)]
    own = [*own, *new_terms(own, terms.of(user_id, index_text(item.event)))]
    return with_context(own, item.context)


def gets_turn_vector(encoder: TurnChannelEncoder, turn: str | None) -> bool:
    """Whether an event gets the vectors of the `turn` it came from: not for a turn no longer
    than a summary (its own vector holds it all), nor where the channel does not embed it
    (`embeds_turn`). An event that keeps its raw text gets them too: its own vector reads the
    whole turn at once, where a fact said in an aside is diluted, and its passages read the
    aside alone (LongMemEval-S dev, raw mode: turn any@10 0.946 → 0.989, cells below the better
    of BM25 and vector-only 12 → 2)."""
    if not turn:
        return False
    return len(turn) > SUMMARY_MAX_CHARS and encoder.embeds_turn(turn)


def turn_passages(turn: str, limit: int) -> list[str]:
    """A turn's passages: none for a turn of one sentence (the turn is its one passage), its
    sentences when it has at most `limit`, else `limit` runs of consecutive sentences of about
    the same length, so every sentence is in one passage and the passages stay short."""
    sentences = split_sentences(turn)
    if len(sentences) < 2 or limit < 2:
        return []
    if len(sentences) <= limit:
        return sentences
    ends = np.cumsum([len(sentence) for sentence in sentences])
    cuts = [0]
    for share in range(1, limit):
        cut = int(np.searchsorted(ends, ends[-1] * share / limit)) + 1
        cuts.append(min(max(cut, cuts[-1] + 1), len(sentences) - (limit - share)))
    cuts.append(len(sentences))
    return [" ".join(sentences[a:b]) for a, b in pairwise(cuts)]


def _event_vectors(
    texts: Sequence[str],
    turns: Sequence[str | None],
    encoder: SpaceEncoder,
    carried: Sequence[TurnVectors] | None = None,
) -> tuple[np.ndarray, list[np.ndarray | None]]:
    """Each event's row and passages: its `texts`' vector and, for a `TurnChannelEncoder`, the
    vectors of the turn it came from (`turns`) and of its passages where the channel embeds it
    (`gets_turn_vector`), else those `carried` over from its stored record (re-embedding:
    `carried_turn_part`), else none."""
    passages: list[np.ndarray | None] = [None] * len(texts)
    if not isinstance(encoder, TurnChannelEncoder):
        return _embed(texts, encoder), passages
    turn = np.zeros((len(texts), encoder.turn.dimension), dtype=np.float32)
    for i, held in enumerate(carried or ()):
        turn[i], passages[i] = held.turn, held.passages
    wanted = [i for i, said in enumerate(turns) if gets_turn_vector(encoder, said)]
    split = {i: turn_passages(turns[i] or "", encoder.passages) for i in wanted}
    whole = [i for i in wanted if not split[i]]
    if wanted:  # the turns of one sentence and the others' passages in one batch
        said = [turns[i] or "" for i in whole]
        said += [passage for cut in split.values() for passage in cut]
        vectors = _embed(said, encoder.turn)
        turn[whole] = vectors[: len(whole)]
        start = len(whole)
        for i, cut in split.items():
            if cut:
                passages[i] = vectors[start : start + len(cut)]
                turn[i] = pooled(passages[i], [len(passage) for passage in cut])
                start += len(cut)
    return encoder.rows(_embed(texts, encoder.inner), turn), passages


def pooled(vectors: np.ndarray, lengths: Sequence[int]) -> np.ndarray:
    """A turn's vector from its passages' (`lengths` long): their mean weighted by length, at
    unit length. The encoder mean-pools tokens, so this is close to encoding the turn whole,
    and the turn is read once instead of twice."""
    mean = np.average(vectors, axis=0, weights=np.asarray(lengths, dtype=np.float64))
    return (mean / max(float(np.linalg.norm(mean)), 1e-12)).astype(np.float32)


def reembedded(records: Sequence[StoredEvent], encoder: SpaceEncoder) -> list[StoredEvent]:
    """The same records with vectors from `encoder` (a new model or adapter); terms are kept.
    A turn's vectors (`TurnChannelEncoder`) stay when they are in the encoder's turn space: they
    were computed from the turn at write time, and minimised mode keeps no turn to compute them
    again. A raw event without them gets them from its kept turn."""
    texts = [index_text(r.event, r.raw_text) for r in records]
    carried = None
    turns: list[str | None] = [None] * len(records)
    if isinstance(encoder, TurnChannelEncoder):
        carried = [carried_turn_part(r.vector, r.space_id, r.passages, encoder) for r in records]
        # a raw event stored without its turn's vectors (before raw mode had them) reads its turn
        turns = [
            r.raw_text if not held.turn.any() else None
            for r, held in zip(records, carried, strict=True)
        ]
    vectors, passages = _event_vectors(texts, turns, encoder, carried)
    return [
        StoredEvent(r.event, vector, encoder.space_id, r.tokens, r.raw_text, held)
        for r, vector, held in zip(records, vectors, passages, strict=True)
    ]
