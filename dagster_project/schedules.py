"""Jobs to run each group by hand, and the nightly schedule that runs everything."""

from __future__ import annotations

import dagster as dg

GROUPS = ("embedder", "maintenance", "archive", "metrics")

group_jobs = [
    dg.define_asset_job(f"{group}_job", selection=dg.AssetSelection.groups(group))
    for group in GROUPS
]
nightly_job = dg.define_asset_job("nightly_job", selection=dg.AssetSelection.all())
nightly_schedule = dg.ScheduleDefinition(
    name="nightly", job=nightly_job, cron_schedule="0 2 * * *", execution_timezone="UTC"
)
