"""Embedding on ONNX Runtime: torch's vectors, faster for one query and for a batch.

On torch most of the ~20 ms a single short query takes is per-call overhead, not arithmetic
(MiniLM, one thread: 21 ms on torch, 8 ms on ONNX Runtime), and ONNX Runtime's calls are safe
from several threads at once, so a recall never waits for a write's batch to release a lock. The
whole sentence-transformers pipeline (transformer, merged adapter, pooling) is exported once per
process to an in-memory graph, used only if it reproduces torch's vectors on probe sentences:
a float export is the same embedding space as torch.

`int8` quantises the weights of every matrix product per output channel (dynamic
quantisation), about twice as fast again on a CPU, after smoothing its inputs (`_smoothed`). Its
vectors are not torch's (cosine ≈ 0.997 to them), so they get a space of their own
(`QUANTISED_SUFFIX`) and are never mixed with float vectors; `jiyi bench stream` and the recall
benchmarks measure what it costs and keeps.
"""

from __future__ import annotations

import contextlib
import copy
import io
import logging
import os
import tempfile
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np

from models.passes import PassEncoder, input_names, merged

log = logging.getLogger(__name__)

Quantisation = Literal["none", "int8"]
# The smoothing's strength and its calibration texts fix the int8 vectors: a change to either
# needs a new suffix, so that stores of the old vectors ask to be re-embedded.
QUANTISED_SUFFIX = {"none": "", "int8": "/int8-smooth0.75"}
# English, Chinese, one word, and a text longer than the model's window (truncation must match).
PROBES = (
    "What did I tell you about my sister's wedding in June?",
    "我上周去医院看了牙医，医生说要拔智齿。",
    "ok",
    "memory " * 600,
)
TOLERANCE = 1e-4  # max absolute difference per vector component (float32 export: ~1e-7)
# int8 must stay in torch's neighbourhood on every probe (measured on 600 LoCoMo turns: mean
# cosine 0.997, lowest 0.99); a broken quantisation lands far below.
INT8_MIN_COSINE = 0.95
# SmoothQuant's α (Xiao et al., 2023): input channel j of a matrix product is divided by
# s_j = max|x_j|^α / max|w_j|^(1 − α), and the weights it meets multiplied by s_j. On 600 LoCoMo
# turns, mean / lowest cosine to torch: no smoothing 0.992 / 0.976, α 0.5 0.983 / 0.956, 0.7
# 0.997 / 0.992, 0.8 0.997 / 0.983, 0.9 0.997 / 0.989 (calibrated on other texts than these).
SMOOTHING = 0.75
# Texts the inputs' ranges are measured on: user and tutor turns, English and Chinese, from
# the project's own belief scenarios (`data/belief_scenarios`), none from a benchmark.
CALIBRATION = Path(__file__).with_name("int8_calibration.txt")


class ExportError(RuntimeError):
    """The pipeline could not be exported, or the export does not reproduce the model."""


class OnnxEncoder(PassEncoder):
    """An exported pipeline on ONNX Runtime. The session runs each pass on its caller's thread
    (one intra-op thread: a query is too small to split, and concurrent calls are safe)."""

    def __init__(self, graph: bytes, preprocess: Any, inputs: Sequence[str], threads: int) -> None:
        self._session = session(graph)
        super().__init__(preprocess, inputs, self._run, threads)

    def _run(self, feed: dict[str, np.ndarray]) -> np.ndarray:
        return self._session.run(None, feed)[0]


def build_onnx_encoder(
    model: Any, quantisation: Quantisation, threads: int | None = None, queries: bool = False
) -> OnnxEncoder:
    """`model` (a SentenceTransformer, with its adapter if any) on ONNX Runtime, checked against
    the model's own vectors on the probes; raises `ExportError` when it cannot be had.

    Attention is fused (`_fused_attention`) wherever the vectors stay those of the unfused
    graph: in float (torch's to 2e-7), and for `queries`, which are encoded one at a time, so
    never padded, and never stored. An int8 batch of padded texts shares one quantisation scale
    with its padding rows, which the fused graph computes differently (cosine 0.9997 to the
    unfused graph's, 600 turns), so stored int8 vectors keep the graph their space names."""
    import torch

    sample = model.preprocess(list(PROBES[:2]))
    inputs = input_names(sample)
    fuse = queries or quantisation == "none"
    try:
        whole = merged(model)
        if quantisation == "int8":
            graph = quantise_int8(_export(_smoothed(whole), inputs, sample, fuse))
        else:
            graph = _export(whole, inputs, sample, fuse)
        encoder = OnnxEncoder(graph, model.preprocess, inputs, threads or os.cpu_count() or 1)
    except Exception as exc:  # every failure of the toolchain means "no export"
        raise ExportError(f"ONNX export failed: {exc}") from exc
    with torch.no_grad():
        expected = model.encode(list(PROBES), convert_to_numpy=True, show_progress_bar=False)
    got = np.concatenate([encoder.encode([probe]) for probe in PROBES])
    check_reproduces(got, expected, quantisation, "ONNX export", "torch")
    return encoder


def check_reproduces(
    got: np.ndarray, expected: np.ndarray, quantisation: Quantisation, what: str, reference: str
) -> None:
    """Raise `ExportError` unless `what`'s rows for the probes stay beside `reference`'s
    (`expected`, unit rows): a float graph within `TOLERANCE` per component (the same space),
    an int8 one at cosine `INT8_MIN_COSINE` or more (its neighbourhood)."""
    if quantisation == "none":
        difference = float(np.abs(got - expected).max())
        if difference > TOLERANCE:
            raise ExportError(f"{what} differs from {reference} by {difference:.2e} per component")
        return
    unit = got / np.linalg.norm(got, axis=1, keepdims=True)
    lowest = float((unit * expected).sum(axis=1).min())
    if lowest < INT8_MIN_COSINE:
        raise ExportError(f"int8 {what} strays from {reference} (cosine {lowest:.3f})")


def _smoothed(model: Any) -> Any:
    """A copy of `model` computing the same function, ready for dynamic int8: quantisation at
    run time takes one scale for a matrix product's whole input, so the few input channels with
    large values (BERT's outlier dimensions) set it and the others keep few levels. Each input
    channel is divided by its `SMOOTHING` factor, measured on the `CALIBRATION` texts, and the
    weights' matching column multiplied by it, so part of the range moves into the weights,
    which are quantised per output channel (the division runs in float before the product)."""
    import torch

    smoothed = copy.deepcopy(model)
    linears = {n: m for n, m in smoothed.named_modules() if isinstance(m, torch.nn.Linear)}
    peaks: dict[str, torch.Tensor] = {}

    def record(name: str) -> Any:
        def hook(_module: Any, args: tuple[torch.Tensor, ...]) -> None:
            peak = args[0].detach().abs().reshape(-1, args[0].shape[-1]).amax(0)
            peaks[name] = torch.maximum(peaks[name], peak) if name in peaks else peak

        return hook

    handles = [linear.register_forward_pre_hook(record(n)) for n, linear in linears.items()]
    texts = CALIBRATION.read_text(encoding="utf-8").splitlines()
    with torch.no_grad():
        smoothed.encode(texts, batch_size=32, show_progress_bar=False)
    for handle in handles:
        handle.remove()
    for name, peak in peaks.items():  # a layer never run (a merged adapter's own) stays as is
        linear = linears[name]
        weights = linear.weight.detach().abs().amax(0).clamp(min=1e-5)
        factor = (peak.clamp(min=1e-5) ** SMOOTHING / weights ** (1 - SMOOTHING)).clamp(min=1e-5)
        with torch.no_grad():
            linear.weight.mul_(factor)
        linear.register_forward_pre_hook(
            lambda _m, args, inverse=1.0 / factor: (args[0] * inverse,)
        )
    return smoothed


def _export(model: Any, inputs: Sequence[str], sample: Any, fuse: bool = False) -> bytes:
    """The pipeline as an ONNX graph; with `fuse`, each encoder self-attention it recognises
    as one node (`_fused_attention`)."""
    import torch

    padding: dict[str, torch.Tensor] = {}
    fusing = fuse and "attention_mask" in inputs

    class Pipeline(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, *tensors: torch.Tensor) -> torch.Tensor:
            features = dict(zip(inputs, tensors, strict=True))
            if fusing:  # the fused nodes' padding mask, cast once for all layers
                padding["mask"] = features["attention_mask"].to(torch.int32)
            return self.model(features)["sentence_embedding"]

    graph = io.BytesIO()
    with (
        _fused_attention(model, padding) if fusing else contextlib.nullcontext(),
        torch.no_grad(),
        warnings.catch_warnings(),
    ):
        warnings.simplefilter("ignore")  # the tracer's notes on Python control flow
        torch.onnx.export(
            Pipeline(),
            tuple(sample[name] for name in inputs),
            graph,
            input_names=list(inputs),
            output_names=["embedding"],
            dynamic_axes={name: {0: "batch", 1: "tokens"} for name in inputs}
            | {"embedding": {0: "batch"}},
            opset_version=17,
            dynamo=False,
            custom_opsets={"com.microsoft": 1},
        )
    return graph.getvalue()


@contextlib.contextmanager
def _fused_attention(model: Any, padding: dict[str, Any]) -> Iterator[None]:
    """While exporting, each BERT-style encoder self-attention of `model` (query, key and value
    projections, no cache, no causal mask) is recorded as one ONNX Runtime
    `com.microsoft.MultiHeadAttention` node fed the texts' padding mask (`padding["mask"]`, set
    by the pipeline), instead of about 40 nodes of reshapes, transposes, products and the
    mask's arithmetic. Per-node overhead dominates a short text: MiniLM int8, 300 LoCoMo
    questions one at a time, 2.0–2.4 → 1.6–1.8 ms of CPU; turns cut to 200 characters
    4.4–5.0 → 4.3–4.8 ms. Modules it does not recognise are exported as they are."""
    import torch

    class Attention(torch.autograd.Function):
        @staticmethod
        def forward(  # type: ignore[override]
            ctx: Any, q: Any, k: Any, v: Any, mask: Any, heads: int, scale: float
        ) -> Any:
            batch, tokens, width = q.shape

            def split(x: Any) -> Any:
                return x.view(batch, tokens, heads, width // heads).transpose(1, 2)

            keep = mask[:, None, None, :].bool()
            out = torch.nn.functional.scaled_dot_product_attention(
                split(q), split(k), split(v), attn_mask=keep, scale=scale
            )
            return out.transpose(1, 2).reshape(batch, tokens, width)

        @staticmethod
        def symbolic(g: Any, q: Any, k: Any, v: Any, mask: Any, heads: int, scale: float) -> Any:
            from torch.onnx.symbolic_helper import _optional_input_placeholder_tensor

            no_bias = _optional_input_placeholder_tensor(g)  # the op's optional bias, left out
            out = g.op(
                "com.microsoft::MultiHeadAttention", q, k, v, no_bias, mask,
                num_heads_i=heads, scale_f=scale,
            )  # fmt: skip
            out.setType(q.type())
            return out

    def fusable(module: Any) -> bool:
        projections = (getattr(module, name, None) for name in ("query", "key", "value"))
        return (
            all(isinstance(p, torch.nn.Linear) for p in projections)
            and isinstance(getattr(module, "num_attention_heads", None), int)
            and isinstance(getattr(module, "scaling", None), float)
            and not getattr(module, "is_decoder", True)
            and not getattr(module, "is_causal", True)
        )

    def fused_forward(module: Any) -> Any:
        def forward(hidden_states: Any, *_args: Any, **_kwargs: Any) -> tuple[Any, None]:
            out = Attention.apply(
                module.query(hidden_states),
                module.key(hidden_states),
                module.value(hidden_states),
                padding["mask"],
                module.num_attention_heads,
                module.scaling,
            )
            return out, None

        return forward

    patched = [module for module in model.modules() if fusable(module)]
    for module in patched:
        module.forward = fused_forward(module)
    try:
        yield
    finally:
        for module in patched:
            del module.forward  # the class's own again


def quantise_int8(graph: bytes) -> bytes:
    """Weights of every matrix product to int8 per output channel (per-tensor int8 measured
    worse: mean cosine 0.951 against 0.992), activations quantised on the fly."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    with tempfile.TemporaryDirectory() as folder:
        source, target = Path(folder, "float.onnx"), Path(folder, "int8.onnx")
        source.write_bytes(graph)
        logging.getLogger().disabled, was = True, logging.getLogger().disabled
        try:  # the quantiser logs a pre-processing hint to the root logger on every call
            quantize_dynamic(source, target, weight_type=QuantType.QInt8, per_channel=True)
        finally:
            logging.getLogger().disabled = was
        return target.read_bytes()


def session(graph: bytes) -> Any:
    """A session with one intra-op thread: each call runs on its caller's thread, with no pool
    of its own spinning beside the API and the stream worker that share the cores."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    return ort.InferenceSession(graph, options, providers=["CPUExecutionProvider"])
