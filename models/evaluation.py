"""Retrieval quality on held-out pairs: recall@1, recall@5 and MRR, and the promotion gates.

The corpus is every distinct positive among the pairs; each query must rank its own positive
first. The same pairs score every model (base, current, candidate), so the numbers compare.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from models.embedder import Encoder
from models.pairs import Pair

GATE_METRIC = "recall@1"


def retrieval_metrics(encoder: Encoder, pairs: Sequence[Pair]) -> dict[str, float]:
    """recall@1, recall@5 and MRR of `encoder` on `pairs`, plus their count `n`."""
    if not pairs:
        raise ValueError("pairs: need at least one held-out pair to evaluate")
    corpus = list(dict.fromkeys(p.positive for p in pairs))
    index = {text: i for i, text in enumerate(corpus)}
    target = np.array([index[p.positive] for p in pairs])
    docs = encoder.encode(corpus)
    queries = encoder.encode([p.query for p in pairs])
    scores = queries @ docs.T
    own = scores[np.arange(len(pairs)), target]
    # Ties count against the model: an encoder that maps everything alike ranks last, not first.
    rank = (scores >= own[:, None]).sum(axis=1)
    return {
        "recall@1": float((rank <= 1).mean()),
        "recall@5": float((rank <= 5).mean()),
        "mrr": float((1.0 / rank).mean()),
        "n": float(len(pairs)),
    }


def compare(encoders: Mapping[str, Encoder], pairs: Sequence[Pair]) -> dict[str, dict[str, float]]:
    """Metrics per named model, overall and per language (`<metric>/<lang>`)."""
    result = {}
    for name, encoder in encoders.items():
        metrics = retrieval_metrics(encoder, pairs)
        for lang in sorted({p.lang for p in pairs}):
            subset = [p for p in pairs if p.lang == lang]
            metrics |= {f"{k}/{lang}": v for k, v in retrieval_metrics(encoder, subset).items()}
        result[name] = metrics
    return result


@dataclass(frozen=True)
class GateDecision:
    passed: bool
    reason: str


def promotion_gate(
    candidate: Mapping[str, float], current: Mapping[str, float], metric: str = GATE_METRIC
) -> GateDecision:
    """The candidate must beat the current model on `metric` and not lose on MRR."""
    for name, metrics in (("candidate", candidate), ("current", current)):
        if metric not in metrics or "mrr" not in metrics:
            raise ValueError(f"{name} metrics: need {metric!r} and 'mrr', got {sorted(metrics)}")
    gain = candidate[metric] - current[metric]
    if gain <= 0:
        return GateDecision(
            False, f"{metric} {candidate[metric]:.3f} does not beat current {current[metric]:.3f}"
        )
    if candidate["mrr"] < current["mrr"]:
        return GateDecision(False, f"mrr {candidate['mrr']:.3f} below current {current['mrr']:.3f}")
    return GateDecision(
        True, f"{metric} {current[metric]:.3f} → {candidate[metric]:.3f} (+{gain:.3f})"
    )


def recall_gate(
    candidate: Mapping[str, float], current: Mapping[str, float], metrics: Sequence[str]
) -> GateDecision:
    """The candidate must raise recall on the held-back conversations' probes
    (`jiyi.bench.probes`): higher on one of `metrics`, lower on none. An adapter that only
    matches the current model is not worth re-embedding the store for."""
    for name, values in (("candidate", candidate), ("current", current)):
        missing = [m for m in metrics if m not in values]
        if missing:
            raise ValueError(f"{name} recall: need {missing}, got {sorted(values)}")
    lower = [m for m in metrics if candidate[m] < current[m]]
    if lower:
        worst = lower[0]
        return GateDecision(
            False, f"recall {worst} {candidate[worst]:.3f} below current {current[worst]:.3f}"
        )
    higher = [m for m in metrics if candidate[m] > current[m]]
    if not higher:
        shown = ", ".join(f"{m} {candidate[m]:.3f}" for m in metrics)
        return GateDecision(False, f"recall no higher than the current model's ({shown})")
    gains = ", ".join(f"{m} {current[m]:.3f} → {candidate[m]:.3f}" for m in higher)
    return GateDecision(True, f"recall {gains}")
