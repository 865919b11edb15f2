"""Assembles the Dagster definitions; everything is defined in the modules it imports."""

from __future__ import annotations

import dagster as dg

from dagster_project.assets import archive, embedder, maintenance, metrics
from dagster_project.resources import default_resources
from dagster_project.schedules import group_jobs, nightly_job, nightly_schedule

_modules = [embedder, maintenance, archive, metrics]

defs = dg.Definitions(
    assets=dg.load_assets_from_modules(_modules),
    asset_checks=dg.load_asset_checks_from_modules(_modules),
    jobs=[*group_jobs, nightly_job],
    schedules=[nightly_schedule],
    resources=default_resources(),
)
