"""How the LanceDB backend keeps `arrow_schema`'s two list columns on disk.

Lance (file format 2.1) takes a user's rows of a list column far more slowly than of a string or
binary one. One user's 200 rows among 2 million took 8.5–9.1 ms to read with every column and
3.4–3.6 ms without `evidence_turn_ids` (lists of strings, nearly always empty) and `passages`
(lists of half-precision vectors); kept as a string and a binary value they add about 0.1 ms
(BENCHMARKS.md, session 43). So the store keeps them that way, under names of their own, and
every read turns them back into `arrow_schema`'s types: nothing above the store sees the
difference.

- `evidence_turn_ids` is kept as `evidence_turn_ids_json`: a JSON array, or "" for none (most
  rows).
- `passages` is kept as `passages_f16`: per row, the passages' width as two little-endian bytes,
  then their half-precision values, row by row; empty for none.

A table written before keeps the list columns until the store upgrades it (`missing_columns`,
`stored_columns`). Another process may read or write it midway, so both directions work with
either form.
"""

from __future__ import annotations

import json

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from jiyi.episodic.records import PASSAGES_COLUMN, EpisodicInputError, skip_stored_row

EVIDENCE_COLUMN = "evidence_turn_ids"
#: Each list column of `arrow_schema`, the column it is kept in, and that column's type.
KEPT_AS = {
    EVIDENCE_COLUMN: pa.field("evidence_turn_ids_json", pa.string()),
    # Large values, each read whole: never in a dictionary. Lance chose one for a store with
    # repeated turns (a benchmark's), and a read of 200 rows then loaded the dictionary of every
    # page they were on: 2.9–3.1 ms, against about 0.1 without.
    PASSAGES_COLUMN: pa.field(
        "passages_f16",
        pa.large_binary(),
        metadata={
            "lance-encoding:dict-divisor": str(2**32),
            "lance-encoding:structural-encoding": "fullzip",
        },
    ),
}
_WIDTH_BYTES = 2


def stored_schema(schema: pa.Schema) -> pa.Schema:
    """`schema` (`arrow_schema`) with its list columns in their kept form, in place."""
    for name, kept in KEPT_AS.items():
        schema = schema.set(schema.get_field_index(name), kept)
    return schema


def missing_columns(stored: pa.Schema) -> list[pa.Field]:
    """The kept forms a table of schema `stored` lacks (one written before them)."""
    return [kept for kept in KEPT_AS.values() if kept.name not in stored.names]


def stored_columns(rows: pa.RecordBatch, kept: list[pa.Field]) -> pa.RecordBatch:
    """The `kept` columns of `rows` of a table written before them, from its list columns
    (none where it predates those too: no passages)."""
    columns = {}
    for name, field in KEPT_AS.items():
        if field in kept:
            if name in rows.column_names:
                columns[field.name] = _encode(name, rows.column(name)).combine_chunks()
            else:
                columns[field.name] = pa.nulls(rows.num_rows, field.type)
    return pa.RecordBatch.from_pydict(columns, schema=pa.schema(kept))


def to_stored(rows: pa.Table, stored: pa.Schema) -> pa.Table:
    """Rows in `arrow_schema` as a table of schema `stored` keeps them: in the kept form where
    it has that, else as they are."""
    fields, columns, given = [], [], set(rows.schema.names)
    for field in stored:
        if field.name in given:
            fields.append(rows.schema.field(field.name))
            columns.append(rows.column(field.name))
            continue
        name = next((n for n, kept in KEPT_AS.items() if kept.name == field.name), None)
        if name is None or name not in given:
            raise EpisodicInputError(f"rows: no column {field.name!r}")
        fields.append(KEPT_AS[name])
        columns.append(_encode(name, rows.column(name)))
    return pa.Table.from_arrays(columns, schema=pa.schema(fields, metadata=rows.schema.metadata))


def from_stored(table: pa.Table, schema: pa.Schema) -> pa.Table:
    """A read of the store as rows of `schema` (`arrow_schema`), with Lance's own columns
    (`_distance`, `_rowid`) kept at the end. A list column kept in either form is read; a
    table from before float16 vectors keeps its float32 ones."""
    fields, columns, stored = [], [], table.schema
    names = set(stored.names)
    for field in schema:
        kept = KEPT_AS.get(field.name)
        if kept is not None and kept.name in names:  # the kept form wins where both are
            fields.append(field)
            columns.append(_decode(field.name, table.column(kept.name), table))
        elif field.name in names:
            fields.append(field.with_type(stored.field(field.name).type))
            columns.append(table.column(field.name))
        else:  # a table from before the column
            fields.append(field)
            columns.append(pa.chunked_array([pa.nulls(table.num_rows, field.type)]))
    for field in stored:
        if field.name.startswith("_"):
            fields.append(field)
            columns.append(table.column(field.name))
    return pa.Table.from_arrays(columns, schema=pa.schema(fields, metadata=schema.metadata))


def _encode(name: str, column: pa.ChunkedArray | pa.Array) -> pa.ChunkedArray:
    chunks = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
    encode = _evidence_json if name == EVIDENCE_COLUMN else _passage_bytes
    return pa.chunked_array([encode(c) for c in chunks], KEPT_AS[name].type)


def _decode(name: str, kept: pa.ChunkedArray, table: pa.Table) -> pa.ChunkedArray:
    if name == EVIDENCE_COLUMN:
        chunks = [_evidence_lists(c, table) for c in kept.chunks]
        return pa.chunked_array(chunks, pa.list_(pa.string()))
    offset, chunks = 0, []
    for chunk in kept.chunks:
        chunks.append(_passage_lists(chunk, table, offset))
        offset += len(chunk)
    return pa.chunked_array(chunks, pa.list_(pa.list_(pa.float16())))


def _evidence_json(lists: pa.Array) -> pa.Array:
    held = lists.value_lengths().fill_null(0).to_numpy(zero_copy_only=False) > 0
    texts = np.full(len(lists), "", dtype=object)
    for i in np.flatnonzero(held):
        texts[i] = json.dumps(lists[int(i)].as_py(), ensure_ascii=False)
    return pa.array(texts, pa.string())


def _evidence_lists(texts: pa.Array, table: pa.Table) -> pa.Array:
    held = pc.fill_null(pc.not_equal(texts, ""), False).to_numpy(zero_copy_only=False)
    if not held.any():  # the usual read: no row was merged from others
        return pa.ListArray.from_arrays(
            np.zeros(len(texts) + 1, np.int32), pa.array([], pa.string())
        )
    values: list[list[str]] = [[] for _ in range(len(texts))]
    for i in np.flatnonzero(held):
        try:
            value = json.loads(texts[int(i)].as_py())
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError("not a list of strings")
        except ValueError:
            skip_stored_row(table, "event_evidence", int(i))
            continue
        values[i] = value
    return pa.array(values, pa.list_(pa.string()))


def _passage_bytes(lists: pa.Array) -> pa.Array:
    """Lists of vectors → one binary value a row (see the module's docstring)."""
    counts = lists.value_lengths().fill_null(0).to_numpy(zero_copy_only=False).astype(np.int64)
    passages = lists.flatten()
    widths = passages.value_lengths().fill_null(0).to_numpy(zero_copy_only=False)
    held = counts > 0
    firsts = (np.cumsum(counts) - counts)[held]
    row_width = np.zeros(len(counts), dtype=np.int64)
    row_width[held] = widths[firsts]
    if np.any(np.repeat(row_width, counts) != widths) or np.any(row_width[held] == 0):
        raise EpisodicInputError("passages: a row's vectors differ in width, or are empty")
    if row_width.max(initial=0) >= 1 << (8 * _WIDTH_BYTES):
        raise EpisodicInputError("passages: a vector is too wide")
    values = passages.flatten().cast(pa.float16()).to_numpy(zero_copy_only=False)
    lengths = np.where(held, _WIDTH_BYTES + 2 * counts * row_width, 0)
    offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    data = np.empty(int(offsets[-1]), dtype=np.uint8)
    header = _width_bytes(offsets[:-1][held])
    data[header] = row_width[held].astype("<u2").view(np.uint8)
    vector_bytes = np.ones(len(data), dtype=bool)
    vector_bytes[header] = False
    data[vector_bytes] = np.ascontiguousarray(values, dtype=np.float16).view(np.uint8)
    return pa.Array.from_buffers(
        pa.large_binary(), len(counts), [None, pa.py_buffer(offsets), pa.py_buffer(data)]
    )


def _passage_lists(kept: pa.Array, table: pa.Table, first_row: int) -> pa.Array:
    """Binary values → lists of vectors; a value that cannot be one (cut short, width 0) is
    counted (`jiyi.health`) and read as none: it costs its event its passages, not the read."""
    kept = kept.cast(pa.large_binary())
    rows = len(kept)
    offsets = np.frombuffer(kept.buffers()[1], dtype=np.int64)[kept.offset : kept.offset + rows + 1]
    buffer = kept.buffers()[2]
    base = int(offsets[0])
    body = np.frombuffer(buffer if buffer is not None else b"", dtype=np.uint8)
    body = body[base : int(offsets[-1])]
    starts, lengths = offsets[:-1] - base, np.diff(offsets)
    valid = ~kept.is_null().to_numpy(zero_copy_only=False)
    width = np.zeros(rows, dtype=np.int64)
    long_enough = (lengths >= _WIDTH_BYTES) & valid
    width[long_enough] = body[_width_bytes(starts[long_enough])].view("<u2")
    payload = lengths - _WIDTH_BYTES
    good = long_enough & (width > 0) & (payload > 0)
    good[good] = payload[good] % (2 * width[good]) == 0
    vector_bytes = np.ones(len(body), dtype=bool)
    vector_bytes[_width_bytes(starts[good])] = False
    for row in np.flatnonzero((lengths > 0) & ~good):
        vector_bytes[starts[row] : starts[row] + lengths[row]] = False
        if valid[row]:
            skip_stored_row(table, "event_passages", first_row + int(row))
    values = body[vector_bytes].view(np.float16)
    counts = np.where(good, payload // np.maximum(2 * width, 1), 0)
    inner = np.concatenate([[0], np.cumsum(np.repeat(width, counts))]).astype(np.int32)
    outer = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
    vectors = pa.ListArray.from_arrays(pa.array(inner), pa.array(values, pa.float16()))
    return pa.ListArray.from_arrays(pa.array(outer), vectors, mask=pa.array(counts == 0))


def _width_bytes(starts: np.ndarray) -> np.ndarray:
    """The positions of the width bytes of values starting at `starts`, value by value."""
    return (starts[:, None] + np.arange(_WIDTH_BYTES)).ravel()
