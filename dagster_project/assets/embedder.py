"""Embedder group, the ML engineers' loop: pairs, LoRA candidate, evaluation, gate, promotion.

The candidate is only promoted when its blocking check passes: it beats the current model on the
held-out pairs, and it raises jiyi's own recall on conversations it never trained on (the sessions
held out of training, probed by their questions and replies: `jiyi.bench.probes`). The episodic
store is re-embedded into a staging store first and swapped in whole right before the registry's
pointer moves, so a search never mixes two models' vectors. The nightly job stops before the
re-embedding (`schedules.PROMOTION`): a person promotes.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

import dagster as dg
import polars as pl

from dagster_project.resources import JiyiResource, ModelsResource
from jiyi.bench.probes import probe_haystacks, probe_recall
from jiyi.composition import open_adapter_encoder
from jiyi.domain import stable_id
from jiyi.maintenance import promote_staging_store, sync_staging_store
from models.channels import own_vector_encoder
from models.embedder import Encoder, resolve_model_path
from models.evaluation import GateDecision, compare, promotion_gate, recall_gate
from models.pairs import (
    DEFAULT_DATA_DIR,
    Pair,
    conversation_pairs,
    dedupe,
    domain_pairs,
    event_pairs,
    recall_pairs,
    split_pairs,
)
from models.registry import AdapterVersion
from models.training import train_and_register

GROUP = "embedder"
RECALL_METRICS = ("any@5", "any@10")  # jiyi's, on the held-back conversations' probes


@dataclass(frozen=True)
class PairSplit:
    train: list[Pair]
    held_out: list[Pair]


def _counts(pairs: list[Pair]) -> dict[str, int]:
    return dict(Counter(f"{p.source}/{p.lang}" for p in pairs))


@dg.asset(group_name=GROUP, description="(query, memory) pairs, zh + en, split by group.")
def training_pairs(jiyi: JiyiResource, models: ModelsResource) -> dg.Output[PairSplit]:
    events = pl.from_arrow(
        jiyi.episodic().scan().select(["event_id", "turn_id", "summary", "keywords"])
    )
    assert isinstance(events, pl.DataFrame)
    turns = jiyi.training_turns()
    # a recall's query is its user's turn: only those of users an adapter may learn from
    recalls = jiyi.recalls().filter(pl.col("user_id").is_in(turns["user_id"].unique()))
    pairs = dedupe(
        [
            *domain_pairs(Path(models.pair_dir) if models.pair_dir else DEFAULT_DATA_DIR),
            *event_pairs(events, turns),
            *conversation_pairs(turns),
            *recall_pairs(recalls, events),
        ]
    )
    train, held_out = split_pairs(pairs, models.eval_fraction)
    return dg.Output(
        PairSplit(train, held_out),
        metadata={
            "train": len(train),
            "held_out": len(held_out),
            "train_by_source_lang": dg.MetadataValue.json(_counts(train)),
            "held_out_by_source_lang": dg.MetadataValue.json(_counts(held_out)),
        },
    )


def _base_model(jiyi: JiyiResource) -> str:
    model = jiyi.settings().embedder.model
    try:
        resolve_model_path(model)  # refuses USE and hashing: LoRA needs sentence-transformers
    except ValueError as exc:
        raise dg.Failure(str(exc)) from None
    return model


@dg.asset(group_name=GROUP, description="A LoRA adapter trained on the pairs, registered.")
def candidate_adapter(
    jiyi: JiyiResource, models: ModelsResource, training_pairs: PairSplit
) -> dg.Output[str]:
    base_model = _base_model(jiyi)
    digest = stable_id(*(f"{p.query}\x1e{p.positive}" for p in training_pairs.train), length=8)
    version = f"lora-{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-{digest}"
    adapter = train_and_register(
        models.registry(),
        version,
        base_model,
        training_pairs.train,
        models.training_config(),
        {"train_digest": digest, "held_out_pairs": len(training_pairs.held_out)},
    )
    return dg.Output(
        adapter.version,
        metadata={
            "version": adapter.version,
            "train_seconds": adapter.metrics["train_seconds"],
            "train_loss": adapter.metrics["train_loss"],
        },
    )


@dg.asset(
    group_name=GROUP,
    description="recall@1/@5 and MRR on held-out pairs, and jiyi's recall on held-back "
    "conversations: base vs current vs candidate.",
)
def adapter_evaluation(
    jiyi: JiyiResource,
    models: ModelsResource,
    training_pairs: PairSplit,
    candidate_adapter: str,
) -> dg.Output[dict[str, object]]:
    _base_model(jiyi)  # a model that takes adapters, or a clear failure
    registry = models.registry()
    try:
        current = registry.promoted()
    except (ValueError, KeyError, OSError) as exc:
        message = f"adapter registry {registry.root}: promoted entry unreadable: {exc!r}"
        raise dg.Failure(message) from exc
    settings = jiyi.settings()  # each encoder in the space it serves in (runtime, quantisation)

    def own_vectors(adapter: AdapterVersion | None) -> Encoder:
        # judged on what an adapter changes: the event's own vector, not the base model's turn
        return own_vector_encoder(open_adapter_encoder(settings, adapter))

    base, candidate = own_vectors(None), registry.get(candidate_adapter)
    encoders: dict[str, Encoder] = {
        "base": base,
        "current": own_vectors(current) if current else base,
        "candidate": own_vectors(candidate),
    }
    metrics = compare(encoders, training_pairs.held_out)
    adapters = {"base": None, "current": current, "candidate": candidate}
    result: dict[str, object] = {
        "candidate": candidate_adapter,
        "current": current.version if current else None,
        "metrics": metrics,
        "recall": _probe_recall(jiyi, models, adapters),
    }
    directory = jiyi.layout().evaluations
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{candidate_adapter}.json").write_text(json.dumps(result, indent=2))
    flat = {
        f"{name}/{key}": value
        for name, values in metrics.items()
        for key, value in values.items()
        if not key.startswith("n")
    } | {
        f"{name}/recall {key}": value
        for name, values in result["recall"].items()  # type: ignore[attr-defined]
        for key, value in values.items()
        if key != "n"
    }
    return dg.Output(result, metadata=flat)


def _probe_recall(
    jiyi: JiyiResource, models: ModelsResource, adapters: dict[str, AdapterVersion | None]
) -> dict[str, dict[str, float]]:
    """Recall on the held-back conversations' probes (`jiyi.bench.probes`) per named adapter,
    each adapter measured once; none when the held-back sessions hold no question and reply."""
    probes = probe_haystacks(jiyi.training_turns(), models.eval_fraction)
    if not probes:
        return {}
    measured: dict[str | None, dict[str, float]] = {}
    for adapter in adapters.values():
        key = adapter.version if adapter else None
        if key not in measured:
            encoder = open_adapter_encoder(jiyi.settings(), adapter)
            measured[key] = probe_recall(jiyi.settings(), probes, encoder)
    return {name: measured[a.version if a else None] for name, a in adapters.items()}


@dg.asset_check(
    asset=adapter_evaluation,
    blocking=True,
    description="Promotion gate: the candidate must beat the current model on held-out pairs "
    "and raise jiyi's recall on held-back conversations.",
)
def candidate_beats_current(adapter_evaluation: dict[str, object]) -> dg.AssetCheckResult:
    metrics, recall = adapter_evaluation["metrics"], adapter_evaluation.get("recall")
    assert isinstance(metrics, dict)
    decisions = [promotion_gate(metrics["candidate"], metrics["current"])]
    if recall:
        assert isinstance(recall, dict)
        decisions.append(recall_gate(recall["candidate"], recall["current"], RECALL_METRICS))
    else:
        decisions.append(GateDecision(False, "no held-back question and reply to probe recall"))
    passed = all(d.passed for d in decisions)
    return dg.AssetCheckResult(
        passed=passed, metadata={"reason": "; ".join(d.reason for d in decisions)}
    )


def _sync_staging(jiyi: JiyiResource, models: ModelsResource, version: str) -> dict[str, int]:
    try:
        run = sync_staging_store(jiyi.settings(), jiyi.episodic(), models.registry(), version)
    except NotImplementedError as exc:
        raise dg.Failure(str(exc)) from exc
    return asdict(run)


@dg.asset(
    group_name=GROUP,
    deps=["adapter_evaluation"],  # runs only once the blocking promotion gate has passed
    description="The episodic store re-embedded with the candidate into a staging store "
    "(batched, resumable).",
)
def reembedded_episodic_store(
    jiyi: JiyiResource, models: ModelsResource, candidate_adapter: str
) -> dg.Output[str]:
    counts = _sync_staging(jiyi, models, candidate_adapter)
    return dg.Output(candidate_adapter, metadata=counts)


@dg.asset(group_name=GROUP, description="Catch up, swap the staging store in, move PROMOTED.")
def promoted_adapter(
    jiyi: JiyiResource, models: ModelsResource, reembedded_episodic_store: str
) -> dg.Output[str]:
    version = reembedded_episodic_store
    counts = _sync_staging(jiyi, models, version)  # events written since the re-embed
    jiyi.reopen()  # the live store is about to move, and the promoted model to change
    backup = promote_staging_store(jiyi.settings(), models.registry(), version)
    return dg.Output(version, metadata={**counts, "previous_store": str(backup)})


__all__ = [
    "adapter_evaluation",
    "candidate_adapter",
    "candidate_beats_current",
    "promoted_adapter",
    "reembedded_episodic_store",
    "training_pairs",
]
