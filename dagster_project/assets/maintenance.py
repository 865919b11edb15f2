"""Maintenance group: similar-event merging, the noise rule, and the decay recompute."""

from __future__ import annotations

import dagster as dg
import polars as pl

from dagster_project.resources import JiyiResource
from jiyi.maintenance import DECAY_SNAPSHOT, run_decay, run_merging, run_noise

GROUP = "maintenance"


@dg.asset(group_name=GROUP, description="Per user, same-type events with high similarity merge.")
def merged_events(jiyi: JiyiResource) -> dg.MaterializeResult:
    settings = jiyi.settings()
    report = run_merging(jiyi.episodic(), settings.episodic)
    return dg.MaterializeResult(
        metadata={
            "users": report.users,
            "merged_written": report.merged_written,
            "removed": report.removed,
            "users_over_cap": len(report.over_cap),
            "over_cap": dg.MetadataValue.json(report.over_cap),
        }
    )


@dg.asset_check(asset=merged_events, description="No user holds more events than the cap.")
def users_within_cap(jiyi: JiyiResource) -> dg.AssetCheckResult:
    settings = jiyi.settings()
    counts = pl.from_arrow(jiyi.episodic().scan().select(["user_id"]))
    assert isinstance(counts, pl.DataFrame)
    over = (
        counts.group_by("user_id")
        .len()
        .filter(pl.col("len") > settings.episodic.max_events_per_user)
    )
    return dg.AssetCheckResult(
        passed=over.height == 0,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={"users_over_cap": over.height},
    )


@dg.asset(
    group_name=GROUP,
    deps=["archived_events"],
    description="Same event type ≥ 5 times in 7 days: retrieval weight ×0.3, once per event.",
)
def noise_weights(jiyi: JiyiResource) -> dg.MaterializeResult:
    settings = jiyi.settings()
    run = run_noise(jiyi.episodic(), settings, jiyi.now_ms())
    return dg.MaterializeResult(
        metadata={
            "events": run.events,
            "down_weighted": run.down_weighted,
            "ledger": str(run.ledger),
        }
    )


@dg.asset(
    group_name=GROUP,
    deps=["noise_weights"],
    description="Users read before whose rows the night rewrote: their packs written again.",
)
def repacked_users(jiyi: JiyiResource) -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={"users": jiyi.episodic().repack()})


@dg.asset(group_name=GROUP, description="Decayed confidence of every edge; what changed.")
def decayed_edges(jiyi: JiyiResource) -> dg.MaterializeResult:
    run = run_decay(jiyi.graph(), jiyi.settings(), jiyi.now_ms())
    return dg.MaterializeResult(
        metadata={
            "edges": run.edges,
            **{f"changed_{status}": count for status, count in run.changes.items()},
            "snapshot": str(run.snapshot),
        }
    )


@dg.asset_check(
    asset=decayed_edges, description="Decay never raises a belief or goes under the floor."
)
def decay_within_bounds(jiyi: JiyiResource) -> dg.AssetCheckResult:
    settings = jiyi.settings()
    snapshot = jiyi.layout().decay / DECAY_SNAPSHOT
    frame = pl.read_parquet(snapshot)
    floor = pl.min_horizontal(pl.col("confidence"), pl.lit(settings.graph.decay_floor))
    too_high = pl.col("decayed") > pl.col("confidence") + 1e-12
    bad = frame.filter(too_high | (pl.col("decayed") < floor - 1e-12))
    return dg.AssetCheckResult(
        passed=bad.height == 0, metadata={"edges": frame.height, "out_of_bounds": bad.height}
    )


__all__ = [
    "decay_within_bounds",
    "decayed_edges",
    "merged_events",
    "noise_weights",
    "repacked_users",
    "users_within_cap",
]
