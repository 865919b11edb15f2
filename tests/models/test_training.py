"""Real LoRA training on the packaged MiniLM: tiny (a few dozen pairs, one epoch)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from models.embedder import DEFAULT_MODEL, Embedder
from models.pairs import domain_pairs, make_pair
from models.registry import AdapterRegistry
from models.training import TrainingConfig, TrainingError, train_and_register, training_metadata

pytestmark = pytest.mark.integration

TINY = TrainingConfig(epochs=1, batch_size=8, learning_rate=2e-3)


def _pairs() -> list:
    pairs = domain_pairs()
    return [p for p in pairs if p.lang == "zh"][:24] + [p for p in pairs if p.lang == "en"][:12]


def test_training_registers_a_real_adapter_that_changes_the_vectors(tmp_path: Path):
    registry = AdapterRegistry(tmp_path / "adapters")
    adapter = train_and_register(registry, "v1", DEFAULT_MODEL, _pairs(), TINY, {"note": "t"})
    files = {p.name for p in adapter.path.iterdir()}
    assert {"adapter_config.json", "adapter_model.safetensors", "training.json"} <= files
    meta = training_metadata(adapter)
    assert meta["pairs"] == 36
    assert meta["pairs_by_lang"] == {"en": 12, "zh": 24}
    assert meta["note"] == "t"
    assert meta["steps"] >= 4
    assert adapter.metrics["train_loss"] > 0
    base = Embedder(DEFAULT_MODEL)
    tuned = Embedder(DEFAULT_MODEL, adapter)
    texts = ["学生混淆了楞次定律和右手定则", "likes diagrams for Ohm's law"]
    assert tuned.space_id != base.space_id
    difference = np.abs(base.encode(texts) - tuned.encode(texts)).max()
    assert difference > 1e-4
    assert registry.promoted() is None  # training never promotes


def test_a_failed_run_registers_nothing_and_keeps_the_promoted_version(tmp_path: Path):
    registry = AdapterRegistry(tmp_path / "adapters")
    with pytest.raises(TrainingError, match="at least 2"):
        train_and_register(
            registry, "v1", DEFAULT_MODEL, [make_pair("a", "b", "domain", "g")], TINY
        )
    with pytest.raises((OSError, ValueError)):
        train_and_register(registry, "v2", str(tmp_path / "no-such-model"), _pairs(), TINY)
    assert registry.list() == []
    assert registry.promoted() is None
