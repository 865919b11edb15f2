"""What the episodic tier keeps and how it travels: the record, its Arrow schema, the row codec
and the checks every backend runs on input before it writes.

Every backend stores the same columns (`arrow_schema`), so a batch job can read any of them as a
table and the row codec is written once.
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import pyarrow as pa

from jiyi.domain import Event, EventType, ExtractionSource, check_external_id
from jiyi.health import skip_stored_value
from models.embedder import check_space

SPACE_METADATA_KEY = b"jiyi.space_id"
#: A turn's passage vectors (`StoredEvent.passages`): as many as the turn has, often none. Half
#: precision: a cosine moves by about 1e-4, and every recall reads half the bytes.
PASSAGES_COLUMN = "passages"
PASSAGES_TYPE = pa.list_(pa.list_(pa.float16()))
#: An event's vector, in half precision too: a cosine moves by about 1e-4, a row of the default
#: encoder (1,280 components) keeps 2.5 KiB instead of 5, and a store of 10,000 users × 200
#: events fits in this machine's page cache (10 GB, not 15). Tables written before keep float32.
VECTOR_TYPE = pa.float16()
_EVENT_ID = re.compile(r"[0-9a-f]{8,64}")


class EpisodicInputError(ValueError):
    """Input the episodic tier refuses; the message names the field. Nothing was written."""


@dataclass(frozen=True, eq=False)
class StoredEvent:
    """An event as the episodic tier keeps it: the event, its vector and its lexical tokens,
    and the vectors of its turn's passages where it has some (`TurnChannelEncoder`)."""

    event: Event
    vector: np.ndarray
    space_id: str
    tokens: tuple[str, ...]
    raw_text: str | None = None
    passages: np.ndarray | None = None  # (count, dimension); None: none


class IndexItem(NamedTuple):
    """An event to store, with the turn text it came from (indexed; stored only when raw text is
    kept; None in child mode) and the context terms of the turn before it (`IndexTerms.context`)."""

    event: Event
    raw_text: str | None = None
    context: tuple[str, ...] = ()


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
        held = record.passages
        if held is not None and (held.ndim != 2 or not len(held) or not np.isfinite(held).all()):
            raise EpisodicInputError(
                f"passages of event {record.event.event_id}: expected rows of finite floats"
            )


def arrow_schema(
    dimension: int, space_id: str, vector_type: pa.DataType = VECTOR_TYPE
) -> pa.Schema:
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
            pa.field("vector", pa.list_(vector_type, dimension), nullable=False),
            pa.field(PASSAGES_COLUMN, PASSAGES_TYPE),
        ],
        metadata={SPACE_METADATA_KEY: space_id.encode()},
    )


def to_row(record: StoredEvent, vector_dtype: type[np.floating] = np.float32) -> dict[str, Any]:
    event = record.event
    row = event.model_dump(mode="json")
    row["attributes"] = json.dumps(event.attributes, ensure_ascii=False, sort_keys=True)
    row.update(
        raw_text=record.raw_text,
        tokens=" ".join(record.tokens),
        space_id=record.space_id,
        vector=record.vector.astype(vector_dtype),
        passages=None if record.passages is None else list(record.passages.astype(np.float16)),
    )
    return row


def to_table(records: Sequence[StoredEvent], schema: pa.Schema) -> pa.Table:
    dtype = schema.field("vector").type.value_type.to_pandas_dtype()
    rows = [to_row(r, dtype) for r in records]
    return pa.Table.from_pylist(rows, schema=schema)


# The columns `indexed_events` reads: a recall takes only these (and `raw_text`) of its hits.
EVENT_COLUMNS = tuple(Event.model_fields)
_EVENT_FIELDS = frozenset(EVENT_COLUMNS)


def from_row(row: dict[str, Any]) -> StoredEvent:
    fields = {k: v for k, v in row.items() if k in _EVENT_FIELDS}
    fields["attributes"] = json.loads(row["attributes"])
    return StoredEvent(
        event=Event.model_validate(fields),
        vector=np.asarray(row["vector"], dtype=np.float32),
        space_id=row["space_id"],
        tokens=tuple(row["tokens"].split()),
        raw_text=row.get("raw_text"),
        passages=passages_of(row.get(PASSAGES_COLUMN)),
    )


def passages_of(value: Sequence[Sequence[float]] | None) -> np.ndarray | None:
    """A stored passages value as (count, dimension) float32 (None: none, or a table from
    before the column)."""
    return None if value is None or len(value) == 0 else np.asarray(value, dtype=np.float32)


@dataclass(frozen=True)
class PassageBlock:
    """A table's passages as one block: how many each row holds, and their vectors in order."""

    counts: np.ndarray  # (rows,)
    vectors: np.ndarray  # (counts.sum(), dimension)

    def per_row(self) -> list[np.ndarray | None]:
        ends = np.cumsum(self.counts)
        return [
            self.vectors[end - count : end] if count else None
            for count, end in zip(self.counts, ends, strict=True)
        ]


def skip_stored_row(table: pa.Table, kind: str, row: int) -> None:
    """Count a stored value of `kind` in `table`'s `row` that a read leaves out (`jiyi.health`),
    naming its user and event."""
    ids = {name: str(table.column(name)[row]) for name in ("user_id", "event_id")}
    skip_stored_value(kind, user_id=ids["user_id"], item_id=ids["event_id"])


def float32_values(values: pa.Array) -> np.ndarray:
    """A flat Arrow array of stored floats (half precision, or float32 in older tables) as float32
    numpy. Widened by torch (already loaded by the embedder), whose vectorised conversion takes
    0.02 ms for one user's 200 × 1,280 components where numpy's takes 0.44 ms."""
    array = values.to_numpy(zero_copy_only=False)
    if array.dtype == np.float32:
        return array
    import torch

    with warnings.catch_warnings():  # Arrow's buffer is read-only; torch only reads it here
        warnings.simplefilter("ignore", UserWarning)
        return torch.from_numpy(np.ascontiguousarray(array)).float().numpy()


def passage_block(table: pa.Table, dimension: int | None = None) -> PassageBlock | None:
    """The `PASSAGES_COLUMN` of rows in `arrow_schema`, decoded once as numpy (None: no row
    holds a passage, or the table is from before the column). A row holding a passage of
    another width than `dimension` (default: the first passage's) has its passages left out
    and counted (`jiyi.health`): it costs that event its passages, not the read."""
    if PASSAGES_COLUMN not in table.column_names:
        return None
    column = table.column(PASSAGES_COLUMN).combine_chunks()
    counts = column.value_lengths().fill_null(0).to_numpy(zero_copy_only=False).copy()
    if not counts.any():
        return None
    passages = column.flatten()
    widths = passages.value_lengths().fill_null(0).to_numpy(zero_copy_only=False)
    odd = widths != (dimension or widths[0])
    if odd.any():
        row_of = np.repeat(np.arange(len(counts)), counts)
        for row in np.unique(row_of[odd]):
            skip_stored_row(table, "event_passages", int(row))
            counts[row] = 0
        passages = passages.filter(pa.array(counts[row_of] > 0))
        if not counts.any():
            return None
    flat = float32_values(passages.flatten())
    return PassageBlock(counts, flat.reshape(int(counts.sum()), -1))


def from_table(table: pa.Table) -> list[StoredEvent]:
    """Records from rows in `arrow_schema` (`indexed_records`, without the row numbers)."""
    return [record for _, record in indexed_records(table)]


def indexed_records(table: pa.Table) -> list[tuple[int, StoredEvent]]:
    """(row number, record) for each readable row (`indexed_events`), with its vector (all rows'
    as one numpy block, not float objects), tokens, raw text and passages."""
    events = indexed_events(table)
    if not events:
        return []
    vectors = table.column("vector").combine_chunks()
    matrix = float32_values(vectors.flatten()).reshape(len(vectors), -1)
    space_ids, tokens, raw_texts = (
        table.column(name).to_pylist() for name in ("space_id", "tokens", "raw_text")
    )
    block = passage_block(table)
    passages = [None] * table.num_rows if block is None else block.per_row()
    return [
        (
            i,
            StoredEvent(
                event=event,
                vector=matrix[i],
                space_id=space_ids[i],
                tokens=tuple(tokens[i].split()),
                raw_text=raw_texts[i],
                passages=passages[i],
            ),
        )
        for i, event in events
    ]


def indexed_events(table: pa.Table) -> list[tuple[int, Event]]:
    """(row number, event) for each readable row of a table in `arrow_schema`, or of as many of
    its columns as an `Event` has (`EVENT_COLUMNS`): the hot path of every recall, which shows
    its hits' events and no vectors.

    The rows were validated as `Event`s when written, so they are rebuilt without re-validating
    (`model_construct`, enums restored). A row no version of this code could have written
    (unknown type, broken attributes) is skipped and counted (`jiyi.health`), so it costs its
    user one event, not the read.
    """
    columns = {n: table.column(n).to_pylist() for n in table.column_names if n in _EVENT_FIELDS}
    events = []
    for i in range(table.num_rows):
        fields = {name: values[i] for name, values in columns.items()}
        try:
            fields["attributes"] = json.loads(fields["attributes"])
            fields["event_type"] = EventType(fields["event_type"])
            fields["source"] = ExtractionSource(fields["source"])
        except (ValueError, TypeError):
            skip_stored_value("event_row", user_id=fields["user_id"], item_id=fields["event_id"])
            continue
        events.append((i, Event.model_construct(**fields)))
    return events
