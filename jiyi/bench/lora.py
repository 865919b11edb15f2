"""`jiyi bench lora`: what a LoRA adapter trained on conversations does to recall.

The adapter learns from what a store holds, never from a benchmark's questions: each turn and
the next one in its session (`models.pairs.conversation_pairs`). It is trained on one set of
conversations (by default the ones it is measured on, as the nightly job trains on the store it
serves; `--train` holds them back) and every retriever is run with the base model and with the
adapter in the same run, the adapter's rows marked "lora/".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

import polars as pl

from jiyi.bench.recall import (
    CEILING,
    CJK_BASELINE,
    Haystack,
    RecallBenchResult,
    Tally,
    open_bench_tools,
    run_recall_bench,
)
from jiyi.composition import adapter_registry
from jiyi.config import Settings
from jiyi.domain import stable_id
from models.pairs import Pair, conversation_pairs, dedupe
from models.registry import AdapterVersion
from models.training import TrainingConfig, train_and_register

#: Retrievers an adapter cannot change: BM25 reads words, the CJK baseline is USE.
_UNCHANGED = frozenset({"bm25", CJK_BASELINE, CEILING})
ADAPTED_PREFIX = "lora/"
_TURN_COLUMNS = {"user_id": pl.String, "session_id": pl.String, "client_ts": pl.Int64,
                 "content": pl.String}  # fmt: skip


def conversation_frame(haystacks: Sequence[Haystack]) -> pl.DataFrame:
    """The haystacks' turns as the turn log holds them (user, session, time, text)."""
    rows = [(h.user_id, t.session_id, t.ts, t.text) for h in haystacks for t in h.turns if t.text]
    return pl.DataFrame(rows, schema=_TURN_COLUMNS, orient="row")


def training_pairs(haystacks: Sequence[Haystack], limit: int) -> list[Pair]:
    """At most `limit` conversation pairs, spread evenly over the conversations' sessions."""
    pairs = dedupe(conversation_pairs(conversation_frame(haystacks)))
    step = max(1, -(-len(pairs) // limit))
    return pairs[::step][:limit]


def adapter_for(
    settings: Settings, pairs: Sequence[Pair], config: TrainingConfig
) -> AdapterVersion:
    """The adapter trained on `pairs` with `config`, from the data directory's registry when
    one was already trained on the same pairs, else trained and registered (not promoted)."""
    digest = stable_id(repr(config), *(f"{p.query}\x1e{p.positive}" for p in pairs), length=10)
    version = f"bench-{digest}"
    registry = adapter_registry(settings)
    if version in {v.version for v in registry.list()}:
        return registry.get(version)
    return train_and_register(registry, version, settings.embedder.model, pairs, config)


def with_adapter_rows(base: RecallBenchResult, adapted: RecallBenchResult) -> RecallBenchResult:
    """`base` with `adapted`'s retrievers beside its own as "lora/…" rows (those an adapter
    changes), over the same questions."""
    if base.tally.questions != adapted.tally.questions:
        raise ValueError("the base and adapter runs must answer the same questions")
    renamed = {r: ADAPTED_PREFIX + r.removeprefix("jiyi/") for r in adapted.retrievers}
    tally = Tally(base.tally.hits.copy(), base.tally.questions)
    for (retriever, *rest), hits in adapted.tally.hits.items():
        if retriever not in _UNCHANGED:
            tally.hits[(renamed[retriever], *rest)] = hits  # type: ignore[index]
    added = [renamed[r] for r in adapted.retrievers if r not in _UNCHANGED]
    stats = base.index_stats | {
        f"{mode}, {ADAPTED_PREFIX.rstrip('/')}": s for mode, s in adapted.index_stats.items()
    }
    return replace(
        base,
        tally=tally,
        retrievers=[*base.retrievers, *added],
        index_stats=stats,
        seconds=base.seconds + adapted.seconds,
    )


@dataclass(frozen=True)
class AdapterBench:
    adapter: AdapterVersion
    pairs: int
    result: RecallBenchResult  # base rows and "lora/…" rows


def run(
    name: str,
    haystacks: Sequence[Haystack],
    train_on: Sequence[Haystack],
    session_level: bool,
    settings: Settings,
    config: TrainingConfig,
    max_pairs: int,
    workers: int = 1,
) -> AdapterBench:
    """Train (or reuse) the adapter on `train_on`'s conversation pairs, then every retriever on
    `haystacks` with the base model and with the adapter."""
    pairs = training_pairs(train_on, max_pairs)
    adapter = adapter_for(settings, pairs, config)
    embedder = settings.embedder.model_copy(update={"adapter_version": adapter.version})
    adapted = settings.model_copy(update={"embedder": embedder})
    base_run, adapter_run = (
        run_recall_bench(
            name,
            haystacks,
            None,
            session_level,
            s.episodic,
            None,
            workers,
            partial(open_bench_tools, s),
        )
        for s in (settings, adapted)
    )
    return AdapterBench(adapter, len(pairs), with_adapter_rows(base_run, adapter_run))
