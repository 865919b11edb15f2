"""Encoding on torch in bfloat16, where the CPU multiplies bfloat16 matrices natively: Intel AMX
tiles, or the AVX-512 BF16 instructions (AMD Zen 4, Intel Cooper Lake).

With AMX tiles, oneDNN runs MiniLM's matrix products in bfloat16 at about three times float32's
rate (one core, 1280 × 384 × 1536: 4.5–4.7 ms against 14.5). A text then costs a little over
half the CPU of ONNX Runtime's float graph: 512 LoCoMo turns at once, CPU ms per text, medians
of five interleaved rounds on a 2-core Sapphire Rapids: ONNX Runtime float 11.1, torch float32
16.1, this encoder 6.3 (wall 3.4 against 5.9 for ONNX Runtime). With AVX-512 BF16 alone (a
2-core AMD EPYC, Zen 4), three interleaved rounds: 512 LoCoMo turns 6.6–7.6 against ONNX
Runtime's 9.7–10.2, the stream bench's short texts 1.7–1.8 against 2.3–2.9. Without either,
torch emulates bfloat16, slower than float32, and ONNX Runtime's float graph stays.

Its vectors are not float32's to `models.onnx_runtime.TOLERANCE` per component, but their
cosine to float32's stays above 0.9999 (those 512 turns: lowest 0.99997, mean 0.999985, on
either CPU; the probes' lowest 0.99994, "ok"), far nearer than a recall's int8 query is to
either (mean 0.996). So they keep the float space: a store may hold both, and a deployment
moves between machines with and without bfloat16 without re-embedding. `MIN_COSINE` is checked
on the probes when the encoder is built; the recall benchmarks measure what it keeps
(BENCHMARKS.md).
"""

from __future__ import annotations

import copy
import warnings
from typing import Any

import numpy as np

from models.onnx_runtime import PROBES, ExportError
from models.passes import PassEncoder, input_names, merged, normalise

# The probes' lowest cosine to float32 that still counts as the float space (measured 0.99994;
# the whole model in bfloat16, without autocast, 0.99990); a broken conversion lands far below.
MIN_COSINE = 0.9995
# A torch pass costs more beyond its tokens than an ONNX Runtime one (Python drives each
# layer): 512 LoCoMo turns, the whole model in bfloat16, CPU ms per text, passes of 8 / 16 / 32
# texts: 5.5 / 4.6 / 4.4.
CHUNK = 16
PASS_TOKENS = 40


def native() -> bool:
    """Whether this CPU multiplies bfloat16 matrices itself (AMX tiles or AVX-512 BF16), the
    only places bfloat16 was measured to pay."""
    import torch

    probes = ("_is_amx_tile_supported", "_is_avx512_bf16_supported")
    return any(getattr(torch.cpu, probe, lambda: False)() for probe in probes)


class Bf16Encoder(PassEncoder):
    """A copy of a sentence-transformers model (its LoRA adapter merged) run under torch's
    bfloat16 autocast, as a traced graph (`traced`): matrix products in bfloat16;
    normalisations, softmax and the residual sums in float32, three times nearer float32 than
    the whole model in bfloat16 (512 LoCoMo turns, mean cosine 0.999985 against 0.999954).
    The matrices' weights are kept in bfloat16, so no pass casts them again (the same vectors,
    bit for bit; the stream bench's short texts 2.96 → 2.15 ms of CPU a text in batches of 128,
    ONNX Runtime 3.23). Passes run on one-thread workers: two side by side use two cores for
    less CPU than one pass on two threads (4.4–4.6 against 6.3–8.1 ms a text, the whole model
    in bfloat16)."""

    def __init__(self, model: Any, threads: int) -> None:
        import torch

        whole = merged(model)  # a copy already when it had an adapter to merge
        # training may change the original under a pass
        copied = (copy.deepcopy(model) if whole is model else whole).eval()
        for module in copied.modules():
            if isinstance(module, torch.nn.Linear):
                module.to(torch.bfloat16)  # the cast autocast would make on every pass, made once
        sample = model.preprocess(list(PROBES[:2]))
        inputs = input_names(sample)
        self._graph = traced(copied, inputs, sample)
        super().__init__(
            model.preprocess,
            inputs,
            self._run,
            threads,
            CHUNK,
            PASS_TOKENS,
            set_up_thread=lambda: torch.set_num_threads(1),
        )

    def _run(self, feed: dict[str, np.ndarray]) -> np.ndarray:
        import torch

        with torch.inference_mode():
            return self._graph(*(torch.from_numpy(feed[name]) for name in self._inputs)).numpy()


def traced(model: Any, inputs: list[str], sample: Any) -> Any:
    """`model` under bfloat16 autocast as a frozen TorchScript graph of its input tensors (in
    the order of `inputs`), the casts recorded in it.

    An eager pass takes Python's lock between its few hundred operators, so Python work on
    another thread (the stream's rules and graph beside its encoder) stalled it: 800 short texts,
    passes of 16 on one thread, took 1.2 s alone and 56–62 s beside a busy Python thread. The
    graph runs without the lock: 3.0 s beside the same thread, its vectors the eager pass's bit
    for bit. A trace replays the operators of its sample; a sentence encoder's forward takes no
    branch on a text's content or length, and the build checks a padded batch of texts of
    different lengths against the eager model (`build_bf16_encoder`)."""
    import torch

    class Pipeline(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, *tensors: torch.Tensor) -> torch.Tensor:
            features = dict(zip(inputs, tensors, strict=True))
            return self.model(features)["sentence_embedding"].float()

    example = tuple(sample[name] for name in inputs)
    with (
        warnings.catch_warnings(),
        torch.inference_mode(),
        torch.autocast("cpu", dtype=torch.bfloat16, cache_enabled=False),
    ):
        warnings.simplefilter("ignore", torch.jit.TracerWarning)
        graph = torch.jit.trace(Pipeline().eval(), example, strict=False, check_trace=False)
        return torch.jit.freeze(graph)


def build_bf16_encoder(model: Any, threads: int) -> Bf16Encoder:
    """`model` (a SentenceTransformer) in bfloat16, checked against its float32 vectors on the
    probes, one at a time and together (a pass of texts of different lengths, padded); raises
    `ExportError` when it cannot be had or strays from them."""
    import torch

    try:
        encoder = Bf16Encoder(model, threads)
        alone = np.concatenate([encoder.encode([probe]) for probe in PROBES])
        together = encoder.encode(list(PROBES))
    except Exception as exc:  # any failure of the conversion means "no bfloat16"
        raise ExportError(f"bfloat16 copy failed: {exc}") from exc
    with torch.no_grad():
        expected = model.encode(list(PROBES), convert_to_numpy=True, show_progress_bar=False)
    got = normalise(np.concatenate([alone, together]))
    lowest = float((got * normalise(np.concatenate([expected, expected]))).sum(axis=1).min())
    if lowest < MIN_COSINE:
        raise ExportError(f"bfloat16 copy strays from float32 (cosine {lowest:.5f})")
    return encoder
