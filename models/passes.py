"""A batch of texts encoded in passes of texts of like length, on whichever runtime runs a pass.

A forward pass computes its longest text's width for every text in it, plus a cost of its own,
so a batch is tokenised once, sorted by count of tokens and cut into the passes that cost least
(`cuts`); passes run side by side on a pool of threads. ONNX Runtime (`models.onnx_runtime`)
and torch in bfloat16 (`models.bf16`) differ only in how one pass runs and in its costs.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

# Texts per forward pass (at most), sorted by their count of tokens, on ONNX Runtime: 8–16 texts
# ran fastest per text on this machine (int8, CPU time per text on the stream bench's texts: 16
# → 1.8 ms, 64 → 3.1 ms, 256 → 4.2 ms; LoCoMo turns 3.4 / 6.5 / 13.9 ms; float the same shape),
# bigger batches only cost cache. Float, 512 LoCoMo turns (38.4 tokens each): passes of 16 texts
# sorted by characters, 44.7 tokens a text with the padding, 4.8–5.0 ms; sorted by tokens, each
# pass as wide as its longest text, 16 → 39.8 tokens, 4.4 ms; 8 → 39.1, 4.1–4.2 ms; 4 → 4.4; 1 →
# 5.9.
CHUNK = 8
# What a pass costs beyond its tokens, in tokens (from 1 text a pass 5.9 ms, 8 texts 4.1 ms each,
# about 0.1 ms a token): a batch is cut where padding would cost more. 10, 20 and 40 measured the
# same within noise; a pass per 8 texts of a random batch of 8 LoCoMo turns cost 7.4 ms a text,
# cut like this 5.3–6.0 ms (Chinese turns 10.2–10.5 → 6.3–6.9 ms).
PASS_TOKENS = 20

RunPass = Callable[[dict[str, np.ndarray]], np.ndarray]


class PassEncoder:
    """A model's pipeline run pass by pass by `run_pass` (the model's inputs as arrays → one
    output row per text), tokenised by the model's own code (`preprocess`).

    Passes run side by side on `threads` threads. With `set_up_thread`, every pass runs on the
    pool, each of whose threads calls it once first (torch: one intra-op thread per pass, which
    only a thread of one's own can be given); without, a batch of one pass runs on the caller's
    thread."""

    def __init__(
        self,
        preprocess: Any,
        inputs: Sequence[str],
        run_pass: RunPass,
        threads: int,
        chunk: int = CHUNK,
        pass_tokens: int = PASS_TOKENS,
        set_up_thread: Callable[[], object] | None = None,
    ) -> None:
        self._preprocess = preprocess
        self._inputs = tuple(inputs)
        self._run_pass = run_pass
        self._chunk = chunk
        self._pass_tokens = pass_tokens
        self._always_pooled = set_up_thread is not None
        pooled = threads > 1 or self._always_pooled
        self._pool = (
            ThreadPoolExecutor(threads, "jiyi-encode", initializer=set_up_thread)
            if pooled
            else None
        )

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unnormalised pipeline output, one row per text, in the order given. The batch is
        tokenised once, then run in passes of texts of about the same count of tokens, each
        cut to the width of its longest text (no pass spends time on padding alone)."""
        features = self._preprocess(list(texts))
        arrays = {name: features[name].numpy() for name in self._inputs}
        lengths, trim = token_counts(arrays)
        order = np.argsort(lengths, kind="stable")
        passes = [order[a:b] for a, b in cuts(lengths[order], self._chunk, self._pass_tokens)]

        def run(chunk: np.ndarray) -> np.ndarray:
            width = int(lengths[chunk].max()) if trim else None
            return self._run_pass({name: array[chunk, :width] for name, array in arrays.items()})

        pooled = self._pool is not None and (len(passes) > 1 or self._always_pooled)
        outputs = self._pool.map(run, passes) if pooled else map(run, passes)  # type: ignore[union-attr]
        rows: list[np.ndarray] = [np.empty(0)] * len(texts)
        for chunk, output in zip(passes, outputs, strict=True):
            for i, row in zip(chunk, output, strict=True):
                rows[i] = row
        return np.asarray(rows, dtype=np.float32)


def normalise(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.maximum(norms, 1e-12)


def cuts(
    lengths: np.ndarray, chunk: int = CHUNK, pass_tokens: int = PASS_TOKENS
) -> list[tuple[int, int]]:
    """Runs of texts (`lengths` in tokens, ascending) for one pass each, at most `chunk`, that
    cost least: a pass computes its longest text's width for every text, plus `pass_tokens`."""
    best, start = [0.0], [0]
    for end in range(1, len(lengths) + 1):
        options = (
            (best[a] + pass_tokens + (end - a) * float(lengths[end - 1]), a)
            for a in range(max(0, end - chunk), end)
        )
        cost, a = min(options)
        best.append(cost)
        start.append(a)
    runs, end = [], len(lengths)
    while end:
        runs.append((start[end], end))
        end = start[end]
    return runs[::-1]


def token_counts(arrays: dict[str, np.ndarray]) -> tuple[np.ndarray, bool]:
    """Each text's count of tokens, and whether its padding is all on the right, so that the
    columns past a pass's longest text can be cut away (a model padding on the left, or one
    without an attention mask, is run at the batch's full width)."""
    mask = arrays.get("attention_mask")
    if mask is None:
        rows, width = next(iter(arrays.values())).shape
        return np.full(rows, width), False
    lengths = mask.sum(axis=1)
    right_padded = np.array_equal(mask != 0, np.arange(mask.shape[1]) < lengths[:, None])
    return lengths, right_padded


def merged(model: Any) -> Any:
    """A copy of `model` with its LoRA layers merged into the base weights: a pass then runs one
    matrix product per layer, not three (the in-process model stays unmerged, for training)."""
    from peft.tuners.tuners_utils import BaseTunerLayer

    layers = [m for m in model.modules() if isinstance(m, BaseTunerLayer)]
    if not layers:
        return model
    copied = copy.deepcopy(model)
    for module in copied.modules():
        if isinstance(module, BaseTunerLayer):
            module.merge()
    return copied


def input_names(sample: Any) -> list[str]:
    """The names of the tensors a model's tokeniser gives (`sample`: its output for a text)."""
    import torch

    return [name for name, value in sample.items() if isinstance(value, torch.Tensor)]
