from __future__ import annotations

import dagster as dg

from dagster_project.definitions import defs
from dagster_project.schedules import GROUPS

EXPECTED_DEPS = {
    "training_pairs": set(),
    "candidate_adapter": {"training_pairs"},
    "adapter_evaluation": {"training_pairs", "candidate_adapter"},
    "reembedded_episodic_store": {"adapter_evaluation", "candidate_adapter"},
    "promoted_adapter": {"reembedded_episodic_store"},
    "merged_events": set(),
    "archived_events": {"merged_events"},
    "noise_weights": {"archived_events"},
    "repacked_users": {"noise_weights"},
    "decayed_edges": set(),
    "product_metrics": {"noise_weights"},
}


def _graph() -> dict[str, set[str]]:
    repo = defs.get_repository_def()
    graph = repo.asset_graph
    return {
        key.to_user_string(): {p.to_user_string() for p in graph.get(key).parent_keys}
        for key in graph.get_all_asset_keys()
    }


def test_definitions_load_with_every_asset_and_its_lineage():
    assert _graph() == EXPECTED_DEPS


def test_assets_are_grouped_by_concern():
    repo = defs.get_repository_def()
    groups = {
        key.to_user_string(): repo.asset_graph.get(key).group_name
        for key in repo.asset_graph.get_all_asset_keys()
    }
    assert set(groups.values()) == set(GROUPS)
    assert groups["archived_events"] == "archive"
    assert groups["candidate_adapter"] == "embedder"


def test_jobs_per_group_and_a_nightly_schedule():
    repo = defs.get_repository_def()
    names = {job.name for job in repo.get_all_jobs()}
    assert {f"{g}_job" for g in GROUPS} | {"nightly_job"} <= names
    schedule = repo.get_schedule_def("nightly")
    assert schedule.cron_schedule == "0 2 * * *"
    assert schedule.job_name == "nightly_job"


def _assets_of(job: str) -> set[str]:
    keys = defs.get_repository_def().get_job(job).asset_layer.executable_asset_keys
    return {key.to_user_string() for key in keys}


def test_the_night_trains_and_judges_an_adapter_and_only_a_person_promotes_one():
    nightly = _assets_of("nightly_job")
    assert {"training_pairs", "candidate_adapter", "adapter_evaluation"} <= nightly
    assert not {"reembedded_episodic_store", "promoted_adapter"} & nightly
    assert {"reembedded_episodic_store", "promoted_adapter"} <= _assets_of("embedder_job")
    assert set(EXPECTED_DEPS) - nightly == {"reembedded_episodic_store", "promoted_adapter"}


def test_the_promotion_gate_is_a_blocking_check():
    repo = defs.get_repository_def()
    checks = {key.name: key.asset_key.to_user_string() for key in repo.asset_graph.asset_check_keys}
    assert checks["candidate_beats_current"] == "adapter_evaluation"
    gate = next(
        c
        for c in defs.asset_checks or []
        if isinstance(c, dg.AssetChecksDefinition)
        and any(k.name == "candidate_beats_current" for k in c.check_keys)
    )
    assert all(spec.blocking for spec in gate.check_specs)
