"""Archive group: cold low-value events move from the hot store to Parquet (local or S3)."""

from __future__ import annotations

import dagster as dg

from dagster_project.resources import ArchiveResource, JiyiResource
from jiyi.archive import archive_cold_events, select_cold

GROUP = "archive"


@dg.asset(
    group_name=GROUP,
    deps=["merged_events"],
    description="greeting / small_talk events older than forgetting.archive_after_days, archived "
    "and confirmed before they leave the hot store.",
)
def archived_events(jiyi: JiyiResource, archive: ArchiveResource) -> dg.MaterializeResult:
    settings = jiyi.settings()
    report = archive_cold_events(
        jiyi.episodic(), archive.open(), settings.forgetting, jiyi.now_ms()
    )
    return dg.MaterializeResult(
        metadata={
            "selected": report.selected,
            "archived": report.archived,
            "deleted_from_hot_store": report.deleted,
            "files": report.files,
            "backend": settings.archive.backend,
        }
    )


@dg.asset_check(
    asset=archived_events,
    description="Nothing archivable is left hot, and every archived event is readable.",
)
def cold_events_archived(jiyi: JiyiResource, archive: ArchiveResource) -> dg.AssetCheckResult:
    settings = jiyi.settings()
    still_hot = select_cold(jiyi.episodic().scan(), jiyi.now_ms(), settings.forgetting)
    archived = archive.open().read()
    return dg.AssetCheckResult(
        passed=still_hot.num_rows == 0,
        metadata={"still_hot": still_hot.num_rows, "archived_total": archived.num_rows},
    )


__all__ = ["archived_events", "cold_events_archived"]
