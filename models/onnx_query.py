"""Queries through ONNX Runtime: torch's vectors, about 2.5 times faster for one short text.

A recall embeds one query, and on torch most of the ~20 ms that takes is per-call overhead,
not arithmetic (MiniLM, one thread: 21 ms on torch, 8 ms on ONNX Runtime). The whole
sentence-transformers pipeline (transformer, adapter, pooling, normalisation) is exported once
per process to an in-memory ONNX graph, and the export is used only if it reproduces torch's
vectors on probe sentences: a query can never land in another space than the stored vectors.
Batches stay on torch, which is faster there (it sorts texts by length and uses every core).
"""

from __future__ import annotations

import io
import logging
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

# English, Chinese, one word, and a text longer than the model's window (truncation must match).
PROBES = (
    "What did I tell you about my sister's wedding in June?",
    "我上周去医院看了牙医，医生说要拔智齿。",
    "ok",
    "memory " * 600,
)
TOLERANCE = 1e-4  # max absolute difference per vector component (float32 export: ~1e-7)


class OnnxQueryEncoder:
    """Runs an exported sentence-transformers pipeline; tokenises with the model's own code."""

    def __init__(self, session: Any, preprocess: Any, inputs: Sequence[str]) -> None:
        self._session = session
        self._preprocess = preprocess
        self._inputs = tuple(inputs)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        features = self._preprocess(list(texts))
        feed = {name: features[name].numpy() for name in self._inputs}
        return np.asarray(self._session.run(None, feed)[0], dtype=np.float32)


def export_query_encoder(model: Any) -> OnnxQueryEncoder | None:
    """`model` (a SentenceTransformer) as an ONNX Runtime encoder on one thread, or None when
    the export fails or does not reproduce the model's vectors (then queries stay on torch)."""
    import onnxruntime as ort
    import torch

    sample = model.preprocess(list(PROBES[:2]))
    inputs = [name for name, value in sample.items() if isinstance(value, torch.Tensor)]

    class Pipeline(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, *tensors: torch.Tensor) -> torch.Tensor:
            return self.model(dict(zip(inputs, tensors, strict=True)))["sentence_embedding"]

    graph = io.BytesIO()
    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the tracer's notes on Python control flow
            torch.onnx.export(
                Pipeline(),
                tuple(sample[name] for name in inputs),
                graph,
                input_names=inputs,
                output_names=["embedding"],
                dynamic_axes={name: {0: "batch", 1: "tokens"} for name in inputs}
                | {"embedding": {0: "batch"}},
                opset_version=17,
                dynamo=False,
            )
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1  # two threads fight the store read recall overlaps
        options.inter_op_num_threads = 1
        session = ort.InferenceSession(
            graph.getvalue(), options, providers=["CPUExecutionProvider"]
        )
    except Exception as exc:  # any failure only means "stay on torch"
        log.warning("onnx query export failed; queries stay on torch", extra={"error": str(exc)})
        return None
    encoder = OnnxQueryEncoder(session, model.preprocess, inputs)
    with torch.no_grad():
        expected = model.encode(list(PROBES), convert_to_numpy=True, show_progress_bar=False)
    got = np.concatenate([encoder.encode([probe]) for probe in PROBES])
    difference = float(np.abs(got - expected).max())
    if difference > TOLERANCE:
        log.warning("onnx query export differs from torch; queries stay on torch",
                    extra={"max_difference": difference})  # fmt: skip
        return None
    return encoder
