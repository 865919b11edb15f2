"""The episodic store contract: one small Protocol, the record it keeps, and the factory.

A record is an `Event` plus what search needs: its vector (with the embedding space it lives in),
the blinded lexical terms of its turn (`jiyi.episodic.terms`), and the raw text only when the
deployment keeps it.
Every method that reads or deletes takes the user id first: there is no call that can reach
across users, so isolation holds at the storage boundary rather than in each caller.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import numpy as np
import pyarrow as pa

from jiyi.domain import (
    Event,
    EventAttr,
    EventType,
    ExtractionSource,
    check_external_id,
    text_hash,
)
from jiyi.episodic.terms import IndexTerms, new_terms, with_context
from models.embedder import SpaceEncoder, check_space

if TYPE_CHECKING:
    from jiyi.config import Settings

SPACE_METADATA_KEY = b"jiyi.space_id"
_EVENT_ID = re.compile(r"[0-9a-f]{8,64}")


class EpisodicInputError(ValueError):
    """Input the episodic tier refuses; the message names the field. Nothing was written."""


@dataclass(frozen=True, eq=False)
class StoredEvent:
    """An event as the episodic tier keeps it: the event, its vector and its lexical tokens."""

    event: Event
    vector: np.ndarray
    space_id: str
    tokens: tuple[str, ...]
    raw_text: str | None = None


class IndexItem(NamedTuple):
    """An event to store, with the turn text it came from (indexed; stored only when raw text is
    kept; None in child mode) and the context terms of the turn before it (`IndexTerms.context`)."""

    event: Event
    raw_text: str | None = None
    context: tuple[str, ...] = ()


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
    vectors = encoder.encode(texts)
    if vectors.shape != (len(texts), encoder.dimension):
        raise EpisodicInputError(
            f"encoder returned shape {vectors.shape}, expected {(len(texts), encoder.dimension)}"
        )
    return vectors


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
    vectors = _embed(texts, encoder)
    turn_terms: dict[tuple[str, str], list[str]] = {}  # a turn's events share its terms
    return [
        StoredEvent(
            item.event, vector, encoder.space_id, _lexical_terms(item, terms, turn_terms), raw
        )
        for item, vector, raw in zip(items, vectors, kept, strict=True)
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


def reembedded(records: Sequence[StoredEvent], encoder: SpaceEncoder) -> list[StoredEvent]:
    """The same records with vectors from `encoder` (a new model or adapter); terms are kept."""
    vectors = _embed([index_text(r.event, r.raw_text) for r in records], encoder)
    return [
        StoredEvent(r.event, vector, encoder.space_id, r.tokens, r.raw_text)
        for r, vector in zip(records, vectors, strict=True)
    ]


def check_user(user_id: str) -> str:
    """Validate a user id before it reaches a filter (ids use a safe alphabet, see domain.ids)."""
    try:
        return check_external_id(user_id)
    except ValueError as exc:
        raise EpisodicInputError(f"user_id {user_id!r}: {exc}") from None


def check_event_ids(event_ids: Iterable[str]) -> list[str]:
    ids = list(event_ids)
    for event_id in ids:
        if not isinstance(event_id, str) or not _EVENT_ID.fullmatch(event_id):
            raise EpisodicInputError(f"event_id {event_id!r}: expected 8-64 lowercase hex digits")
    return ids


def check_event_types(event_types: Iterable[EventType | str] | None) -> list[EventType] | None:
    if event_types is None:
        return None
    try:
        return [EventType(t) for t in event_types]
    except ValueError as exc:
        raise EpisodicInputError(f"event_types: {exc}") from None


def last_per_key(records: Sequence[StoredEvent]) -> list[StoredEvent]:
    """One record per (user_id, event_id), the last given: a batch may repeat a replayed turn."""
    return list({(r.event.user_id, r.event.event_id): r for r in records}.values())


def check_search(vector: np.ndarray, limit: int, dimension: int) -> np.ndarray:
    """A search's query vector as float32 of the store's dimension, and a positive limit."""
    vector = np.asarray(vector, dtype=np.float32)
    if vector.shape != (dimension,):
        raise EpisodicInputError(f"query vector: expected shape ({dimension},)")
    if limit < 1:
        raise EpisodicInputError(f"limit: must be >= 1, got {limit}")
    return vector


def check_records(records: Sequence[StoredEvent], space_id: str, dimension: int) -> None:
    """Refuse a batch with a vector from another space or of the wrong shape, before writing."""
    for record in records:
        check_user(record.event.user_id)
        check_space(space_id, record.space_id, f"event {record.event.event_id}")
        if record.vector.shape != (dimension,) or not np.isfinite(record.vector).all():
            raise EpisodicInputError(
                f"vector of event {record.event.event_id}: expected {dimension} finite floats"
            )


def arrow_schema(dimension: int, space_id: str) -> pa.Schema:
    """The columns every backend stores; the space is also kept in the schema's metadata."""
    return pa.schema(
        [
            pa.field("user_id", pa.string(), nullable=False),
            pa.field("event_id", pa.string(), nullable=False),
            pa.field("session_id", pa.string(), nullable=False),
            pa.field("turn_id", pa.string(), nullable=False),
            pa.field("ts", pa.int64(), nullable=False),
            pa.field("event_type", pa.string(), nullable=False),
            pa.field("confidence", pa.float64(), nullable=False),
            pa.field("source", pa.string(), nullable=False),
            pa.field("rule", pa.string()),
            pa.field("count", pa.int64(), nullable=False),
            pa.field("retrieval_weight", pa.float64(), nullable=False),
            pa.field("attributes", pa.string(), nullable=False),
            pa.field("keywords", pa.list_(pa.string()), nullable=False),
            pa.field("evidence_turn_ids", pa.list_(pa.string()), nullable=False),
            pa.field("summary", pa.string(), nullable=False),
            pa.field("raw_hash", pa.string(), nullable=False),
            pa.field("raw_text", pa.string()),
            pa.field("tokens", pa.string(), nullable=False),
            pa.field("space_id", pa.string(), nullable=False),
            pa.field("vector", pa.list_(pa.float32(), dimension), nullable=False),
        ],
        metadata={SPACE_METADATA_KEY: space_id.encode()},
    )


def to_row(record: StoredEvent) -> dict[str, Any]:
    event = record.event
    row = event.model_dump(mode="json")
    row["attributes"] = json.dumps(event.attributes, ensure_ascii=False, sort_keys=True)
    row.update(
        raw_text=record.raw_text,
        tokens=" ".join(record.tokens),
        space_id=record.space_id,
        vector=record.vector.astype(np.float32),
    )
    return row


def to_table(records: Sequence[StoredEvent], schema: pa.Schema) -> pa.Table:
    rows = [to_row(r) for r in records]
    return pa.Table.from_pylist(rows, schema=schema)


_EVENT_FIELDS = frozenset(Event.model_fields)


def from_row(row: dict[str, Any]) -> StoredEvent:
    fields = {k: v for k, v in row.items() if k in _EVENT_FIELDS}
    fields["attributes"] = json.loads(row["attributes"])
    return StoredEvent(
        event=Event.model_validate(fields),
        vector=np.asarray(row["vector"], dtype=np.float32),
        space_id=row["space_id"],
        tokens=tuple(row["tokens"].split()),
        raw_text=row.get("raw_text"),
    )


def from_table(table: pa.Table) -> list[StoredEvent]:
    """Records from rows in `arrow_schema`, column by column: the hot path of every recall.

    The rows were validated as `Event`s when written, so they are rebuilt without re-validating
    (`model_construct`, enums restored); vectors come out as one numpy block, not float objects.
    """
    if table.num_rows == 0:
        return []
    vectors = table.column("vector").combine_chunks()
    matrix = vectors.flatten().to_numpy().reshape(len(vectors), -1).astype(np.float32)
    columns = {name: table.column(name).to_pylist() for name in table.column_names}
    records = []
    for i in range(table.num_rows):
        fields = {name: columns[name][i] for name in _EVENT_FIELDS if name in columns}
        fields["attributes"] = json.loads(fields["attributes"])
        fields["event_type"] = EventType(fields["event_type"])
        fields["source"] = ExtractionSource(fields["source"])
        records.append(
            StoredEvent(
                event=Event.model_construct(**fields),
                vector=matrix[i],
                space_id=columns["space_id"][i],
                tokens=tuple(columns["tokens"][i].split()),
                raw_text=columns["raw_text"][i],
            )
        )
    return records


class EpisodicStore(Protocol):
    """Storage for episodic events, always scoped to one user per call (except `scan`)."""

    space_id: str
    dimension: int

    def upsert(self, records: Sequence[StoredEvent]) -> int:
        """Insert or replace by (user_id, event_id); returns how many records were written."""
        ...

    def get(self, user_id: str, event_id: str) -> StoredEvent | None: ...

    def search(
        self,
        user_id: str,
        vector: np.ndarray,
        limit: int,
        event_types: Sequence[EventType] | None = None,
    ) -> list[tuple[StoredEvent, float]]:
        """The user's nearest events by cosine similarity, highest first."""
        ...

    def delete(
        self,
        user_id: str,
        event_ids: Sequence[str] | None = None,
        event_types: Sequence[EventType] | None = None,
    ) -> int:
        """Delete the user's events by id and/or type (neither: all of them); returns how many."""
        ...

    def count(self, user_id: str | None = None) -> int: ...

    def scan(
        self, user_id: str | None = None, event_types: Sequence[EventType] | None = None
    ) -> pa.Table:
        """Rows in `arrow_schema`: one user's for ranking and merging (columnar, so recall builds
        events only for its hits), or every user's for batch jobs (re-embedding, archiving)."""
        ...

    def purge_deleted(self) -> None:
        """Make earlier deletions physical (no deleted row left in any file); erasure calls it."""
        ...

    def close(self) -> None: ...


def open_episodic_store(settings: Settings, embedder: SpaceEncoder | None = None) -> EpisodicStore:
    """The configured backend, bound to the embedder's space (loaded from settings if not given)."""
    embedder = embedder or embedder_for(settings)
    if settings.episodic.backend == "weaviate":
        from jiyi.episodic.weaviate_store import WeaviateEpisodicStore

        return WeaviateEpisodicStore.connect(
            settings.episodic, embedder.space_id, embedder.dimension
        )
    from jiyi.episodic.lancedb_store import LanceEpisodicStore

    return LanceEpisodicStore(settings.data_dir / "episodic", embedder.space_id, embedder.dimension)


INDEX_KEY_FILE = "index.key"


def index_terms_for(settings: Settings) -> IndexTerms:
    """The deployment's blind-index terms: keyed by `episodic.index_key` (set it, the same on
    every machine, when processes do not share a data directory), else by a key file created
    under the data directory on first use."""
    from jiyi.keyfile import load_or_create_key

    secret = settings.episodic.index_key
    if secret is not None:
        return IndexTerms(secret.get_secret_value().encode("utf-8"))
    return IndexTerms(load_or_create_key(settings.data_dir / INDEX_KEY_FILE))


def embedder_for(settings: Settings) -> SpaceEncoder:
    """The process-wide embedder for these settings: model + the named or promoted adapter."""
    from models.embedder import load_embedder
    from models.hashing import PREFIX, HashingEncoder
    from models.registry import AdapterRegistry

    if settings.embedder.model.startswith(PREFIX):
        return HashingEncoder.from_model_name(settings.embedder.model)
    adapter = AdapterRegistry(settings.data_dir / "adapters").resolve(
        settings.embedder.adapter_version
    )
    embedder = settings.embedder
    return load_embedder(
        embedder.model, adapter, embedder.batch_size, embedder.device, embedder.query_runtime
    )
