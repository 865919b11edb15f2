"""Metrics group: the product metrics per day, kept as a history a data engineer can plot."""

from __future__ import annotations

import dagster as dg
import polars as pl

from dagster_project.resources import JiyiResource
from jiyi.metrics import EVENT_SCHEMA, all_metrics, update_history

GROUP = "metrics"
HISTORY = "history.parquet"


@dg.asset(
    group_name=GROUP,
    deps=["noise_weights"],
    description="Session depth, 7-day cross-session retention, task success rate and memory "
    "interference rate per UTC day (definitions: jiyi.metrics).",
)
def product_metrics(jiyi: JiyiResource) -> dg.MaterializeResult:
    events = pl.from_arrow(jiyi.episodic().scan().select(list(EVENT_SCHEMA)))
    assert isinstance(events, pl.DataFrame)
    latest = all_metrics(jiyi.turns(), events, jiyi.recalls(), jiyi.now_ms())
    directory = jiyi.layout().metrics
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / HISTORY
    history = update_history(pl.read_parquet(path) if path.is_file() else None, latest)
    staging = directory / f".{HISTORY}"
    history.write_parquet(staging)
    staging.replace(path)
    newest = latest.sort("day").group_by("metric").last()
    # Numeric metadata is plotted by the UI across materializations: one point per nightly run.
    values = {row["metric"]: float(row["value"]) for row in newest.iter_rows(named=True)}
    return dg.MaterializeResult(
        metadata={
            **values,
            "days": history["day"].n_unique(),
            "history": str(path),
        }
    )


@dg.asset_check(asset=product_metrics, description="Rates lie in [0, 1] and nothing is NaN.")
def metrics_in_range(jiyi: JiyiResource) -> dg.AssetCheckResult:
    path = jiyi.layout().metrics / HISTORY
    history = pl.read_parquet(path)
    rates = history.filter(pl.col("metric") != "session_depth")
    bad = (
        rates.filter(~pl.col("value").is_between(0.0, 1.0)).height
        + history.filter(pl.col("value").is_nan()).height
    )
    return dg.AssetCheckResult(passed=bad == 0, metadata={"rows": history.height, "bad": bad})


__all__ = ["metrics_in_range", "product_metrics"]
