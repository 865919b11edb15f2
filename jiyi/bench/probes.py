"""Recall probes from held-back conversations: what a LoRA candidate is judged by.

An adapter that ranks its held-out pairs better has not been shown to raise recall (BENCHMARKS.md,
session 17: one trained on the domain pairs won on pairs and lowered LoCoMo recall). So the
candidate is also judged by jiyi's own recall, the fused ranking of the deployment's mode, on
conversations it never trained on: the sessions `models.pairs.split_pairs` holds out of
training. In them, a turn that asks something and the turn that replies to it are a query and the
turn that answers it, taken from what the store holds, never from a benchmark. The asking turn is
left out of the conversation written for the probe, so the reply must be found by what it says,
not by sitting next to the question's own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import polars as pl

from jiyi.bench.recall import (
    BenchQuestion,
    BenchTurn,
    Haystack,
    RecallBenchResult,
    cached,
    extractor_for,
    run_recall_bench,
)
from jiyi.config import Settings
from jiyi.domain import Role
from jiyi.text import split_sentences
from models.embedder import SpaceEncoder
from models.pairs import PAIR_SALT, held_out, session_group

PROBE_CATEGORY = "probe"
MAX_PROBES = 300  # spread evenly over the held-back sessions: about a minute of recall per model
PROBE_KS = (5, 10)
Row = dict[str, Any]  # a turn log row: user_id, session_id, turn_id, role, client_ts, content
Probe = tuple[Row, Row]  # a turn that asks, and the reply to find


def asks(text: str) -> bool:
    """Whether a turn asks something: one of its sentences ends with a question mark."""
    return any(s.endswith(("?", "？")) for s in split_sentences(text))


def probe_haystacks(
    turns: pl.DataFrame, fraction: float, salt: str = PAIR_SALT, limit: int = MAX_PROBES
) -> list[Haystack]:
    """Each user's held-back sessions as one haystack, with at most `limit` probes in all: a
    turn that asks, followed in its session by a reply, is asked of the user's other turns (it
    is left out of them), and the reply is the turn to find. `turns`: user_id, session_id,
    turn_id, role, client_ts, content (the turn log)."""
    ordered = turns.filter(pl.col("content").str.strip_chars() != "").sort(
        ["user_id", "session_id", "client_ts"], maintain_order=True
    )
    rows = [
        row
        for row in ordered.iter_rows(named=True)
        if held_out(session_group(row["user_id"], row["session_id"]), fraction, salt)
    ]
    candidates: list[Probe] = []
    for question, reply in pairwise(rows):
        same = (question["user_id"], question["session_id"]) == (
            reply["user_id"],
            reply["session_id"],
        )
        if same and asks(question["content"]) and not asks(reply["content"]):
            candidates.append((question, reply))
    step = max(1, -(-len(candidates) // limit))
    chosen = candidates[::step][:limit]
    asked = {(question["user_id"], question["turn_id"]) for question, _ in chosen}
    by_user: dict[str, list[Probe]] = {}
    for probe in chosen:
        by_user.setdefault(probe[0]["user_id"], []).append(probe)
    kept: dict[str, list[Row]] = {user: [] for user in by_user}
    for row in rows:
        if row["user_id"] in kept and (row["user_id"], row["turn_id"]) not in asked:
            kept[row["user_id"]].append(row)
    return [_haystack(user, kept[user], probes) for user, probes in by_user.items()]


def _haystack(user_id: str, turns: list[Row], probes: list[Probe]) -> Haystack:
    last = max(t["client_ts"] for t in turns)
    return Haystack(
        user_id,
        [
            BenchTurn(t["turn_id"], t["session_id"], t["content"], t["client_ts"], Role(t["role"]))
            for t in turns
        ],
        [
            BenchQuestion(
                question["content"],
                PROBE_CATEGORY,
                frozenset({reply["turn_id"]}),
                frozenset({reply["session_id"]}),
                last,
            )
            for question, reply in probes
        ],
    )


def probe_recall(
    settings: Settings, haystacks: Sequence[Haystack], encoder: SpaceEncoder
) -> dict[str, float]:
    """jiyi's any@5 and any@10 on the probes (in the deployment's storage mode) with `encoder`
    (a candidate in the space it would serve in: `jiyi.composition.open_adapter_encoder`), the
    vector channel's alone beside them, and the probes' count `n`."""
    if not haystacks:
        raise ValueError("no held-back turn that asks and is replied to: nothing to probe")
    encoder = cached(encoder)
    extractor = extractor_for(settings, encoder)
    mode = "raw" if settings.episodic.keep_raw_text else "minimised"  # the deployment's alone
    result = run_recall_bench(
        "probes", haystacks, encoder, False, settings.episodic, extractor, modes=(mode,)
    )
    return probe_metrics(result, f"jiyi/{mode}")


def probe_metrics(result: RecallBenchResult, retriever: str) -> dict[str, float]:
    tally = result.tally
    metrics = {
        f"{name}any@{k}": tally.recall(source, "turn", k, "any", "all")
        for k in PROBE_KS
        for name, source in (("", retriever), ("vector ", "vector"))
    }
    return {**metrics, "n": float(tally.questions["all"])}
