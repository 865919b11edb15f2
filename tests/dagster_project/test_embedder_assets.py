"""The embedder group end to end on the packaged MiniLM: tiny pair set, one epoch (integration).

A zero learning rate yields an adapter identical to the base model: the blocking gate must refuse
it, so the store and the promoted pointer stay as they were. A real run must leave the system in
one consistent state: promoted + store re-embedded in the candidate's space, or neither.
"""

from __future__ import annotations

import json
from pathlib import Path

import dagster as dg
import pytest

from dagster_project.assets import embedder
from dagster_project.resources import JiyiResource, ModelsResource
from jiyi.bench.batch import synthetic_events
from jiyi.composition import open_adapter_encoder, open_turn_log
from jiyi.config import load_settings
from jiyi.domain import Role, Turn
from jiyi.episodic.indexing import build_records
from jiyi.episodic.lancedb_store import LanceEpisodicStore
from jiyi.episodic.terms import IndexTerms
from models.pairs import domain_pairs
from models.registry import AdapterRegistry, AdapterVersion

pytestmark = pytest.mark.integration
CONVERSATION = [
    "What did you cook for the party on Saturday?",
    "A big paella with saffron, prawns and a lot of lemon.",
    "Which museum did you visit with your sister?",
    "The natural history one, mostly for the whale skeleton.",
]


@pytest.fixture
def deployment(tmp_path: Path, terms: IndexTerms) -> Path:
    base = open_adapter_encoder(load_settings(data_dir=tmp_path / "data"), None)
    store = LanceEpisodicStore(tmp_path / "data" / "episodic", base.space_id, base.dimension)
    store.upsert(build_records(synthetic_events(2, 10, 1_800_000_000_000), base, terms, False))
    log = open_turn_log(load_settings(data_dir=tmp_path / "data"))
    for user in range(20):  # conversations: some sessions are held back and probe recall
        for i, text in enumerate(CONVERSATION):
            log.append(
                Turn(user_id=f"u{user}", session_id="s1", role=Role.USER, content=text,
                     client_ts=1_800_000_000_000 + 100 * user + i, turn_id=f"u{user}-t{i}")
            )  # fmt: skip
    log.close()
    pairs = domain_pairs()
    chosen = [p for p in pairs if p.lang == "zh"][:48] + [p for p in pairs if p.lang == "en"][:24]
    pair_dir = tmp_path / "pairs"
    pair_dir.mkdir()
    (pair_dir / "tiny.jsonl").write_text(
        "".join(
            json.dumps({"query": p.query, "positive": p.positive, "group": p.group},
                       ensure_ascii=False) + "\n"
            for p in chosen
        ),
        encoding="utf-8",
    )  # fmt: skip
    return tmp_path


def _run(root: Path, learning_rate: float) -> dg.ExecuteInProcessResult:
    jiyi = JiyiResource(data_dir=str(root / "data"))
    models = ModelsResource(
        jiyi=jiyi, epochs=1, batch_size=8, learning_rate=learning_rate,
        eval_fraction=0.3, pair_dir=str(root / "pairs"),
    )  # fmt: skip
    return dg.materialize(
        [*dg.load_assets_from_modules([embedder]), *dg.load_asset_checks_from_modules([embedder])],
        resources={"jiyi": jiyi, "models": models},
        raise_on_error=False,
    )


def _space(root: Path, adapter: AdapterVersion | None) -> str:
    """The space the deployment serves `adapter` in (its runtime and quantisation)."""
    return open_adapter_encoder(load_settings(data_dir=root / "data"), adapter).space_id


def _store_space(root: Path) -> str:
    import lancedb

    table = lancedb.connect(str(root / "data" / "episodic")).open_table("events")
    return table.schema.metadata[b"jiyi.space_id"].decode()


def test_the_gate_refuses_a_candidate_that_does_not_beat_the_current_model(deployment: Path):
    base_space = _store_space(deployment)
    result = _run(deployment, learning_rate=0.0)
    (gate,) = result.get_asset_check_evaluations()
    assert not gate.passed
    materialized = {e.asset_key.to_user_string() for e in result.get_asset_materialization_events()}
    assert {"training_pairs", "candidate_adapter", "adapter_evaluation"} <= materialized
    assert "promoted_adapter" not in materialized
    registry = AdapterRegistry(deployment / "data" / "adapters")
    assert len(registry.list()) == 1  # the candidate is kept for inspection
    assert registry.promoted() is None
    assert _store_space(deployment) == base_space


def test_a_trained_candidate_is_promoted_with_its_store_or_not_at_all(deployment: Path):
    result = _run(deployment, learning_rate=2e-3)
    (gate,) = result.get_asset_check_evaluations()
    registry = AdapterRegistry(deployment / "data" / "adapters")
    (candidate,) = registry.list()
    evaluation = json.loads(
        (deployment / "data" / "batch" / "evaluations" / f"{candidate.version}.json").read_text()
    )
    assert set(evaluation["metrics"]) == {"base", "current", "candidate"}
    assert set(evaluation["recall"]) == {"base", "current", "candidate"}  # held-back sessions
    assert evaluation["recall"]["base"]["n"] >= 1
    if gate.passed:
        assert result.success
        assert registry.promoted() == candidate
        assert _store_space(deployment) == _space(deployment, candidate)
        assert list((deployment / "data").glob("episodic.prev-*"))
    else:
        assert registry.promoted() is None
        assert _store_space(deployment) == _space(deployment, None)
