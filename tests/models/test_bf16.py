"""The bfloat16 copy of the real packaged all-MiniLM-L6-v2 (on a CPU without AMX or AVX-512 BF16,
torch emulates bfloat16: slower, the same arithmetic)."""

from __future__ import annotations

import logging

import numpy as np
import pytest

from models import bf16
from models.embedder import DEFAULT_MODEL, Embedder
from models.onnx_runtime import ExportError

TEXTS = [
    "What did I tell you about my sister's wedding in June?",
    "I switched from nursing to data science last spring and I still miss the night shifts.",
    "ok",
    "我上周去医院看了牙医，医生说要拔智齿。",
    "周末打算在家看电影，你有什么推荐吗？",
]


@pytest.fixture(scope="module")
def float32() -> np.ndarray:
    return Embedder(DEFAULT_MODEL, runtime="torch").encode(TEXTS)


@pytest.mark.integration
def test_bfloat16_keeps_the_float_space_near_float32_in_one_thread_passes(float32):
    import torch

    embedder = Embedder(DEFAULT_MODEL, runtime="torch-bf16")
    copy = embedder._batches()
    assert isinstance(copy, bf16.Bf16Encoder)
    threads: list[int] = []
    run = copy._run_pass
    copy._run_pass = lambda feed: (threads.append(torch.get_num_threads()), run(feed))[1]
    rows = embedder.encode(TEXTS)
    assert threads
    assert set(threads) == {1}
    assert embedder.space_id == Embedder(DEFAULT_MODEL, runtime="onnx").space_id
    assert embedder.vectors_id == embedder.space_id + "/bf16-mixed"
    np.testing.assert_allclose(np.linalg.norm(rows, axis=1), 1.0, rtol=1e-5)
    assert (rows * float32).sum(axis=1).min() > bf16.MIN_COSINE
    assert not np.allclose(rows, float32, atol=1e-4)  # bfloat16 arithmetic, not float32's


@pytest.mark.integration
def test_the_traced_graph_gives_the_eager_passes_vectors_at_every_width():
    import copy as copies

    import torch

    embedder = Embedder(DEFAULT_MODEL, runtime="torch-bf16")
    traced = embedder._batches()
    assert isinstance(traced._graph, torch.jit.ScriptModule)  # runs without Python's lock
    model = copies.deepcopy(embedder.transformer).eval()
    for module in model.modules():
        if isinstance(module, torch.nn.Linear):
            module.to(torch.bfloat16)

    def eager(feed: dict[str, np.ndarray]) -> np.ndarray:
        with torch.inference_mode(), torch.autocast("cpu", dtype=torch.bfloat16):
            features = {name: torch.from_numpy(array) for name, array in feed.items()}
            return model(features)["sentence_embedding"].float().numpy()

    texts = [*TEXTS, "memory " * 300]  # passes of one and of several widths, padded
    feed = model.preprocess(texts)
    arrays = {name: feed[name].numpy() for name in traced._inputs}
    np.testing.assert_allclose(traced._run(arrays), eager(arrays), atol=1e-6)
    one = {name: array[2:3, :3] for name, array in arrays.items()}  # "ok": 3 tokens
    np.testing.assert_allclose(traced._run(one), eager(one), atol=1e-6)


@pytest.mark.integration
def test_a_traced_graph_that_strays_on_a_padded_pass_is_refused(monkeypatch):
    import torch

    real = bf16.traced

    def right_only_alone(*args: object) -> object:
        graph = real(*args)
        return lambda *t: graph(*t) if len(t[0]) == 1 else torch.ones(len(t[0]), 384)

    monkeypatch.setattr(bf16, "traced", right_only_alone)
    with pytest.raises(ExportError, match="strays"):
        bf16.build_bf16_encoder(Embedder(DEFAULT_MODEL, runtime="torch").transformer, 1)


@pytest.mark.integration
def test_a_bfloat16_copy_that_strays_gives_way_to_onnx_runtime(monkeypatch, caplog, float32):
    monkeypatch.setattr(bf16, "MIN_COSINE", 1.01)  # no bfloat16 copy is near enough
    embedder = Embedder(DEFAULT_MODEL, runtime="torch-bf16")
    with caplog.at_level(logging.WARNING):
        rows = embedder.encode(TEXTS)
    assert "bfloat16 copy unusable" in caplog.text
    assert embedder.runtime == "onnx"
    assert embedder.vectors_id == embedder.space_id
    np.testing.assert_allclose(rows, float32, atol=1e-5)


@pytest.mark.integration
@pytest.mark.parametrize(("native", "quantisation", "runtime"), [
    (True, "none", "torch-bf16"), (False, "none", "onnx"), (True, "int8", "onnx"),
])  # fmt: skip
def test_auto_takes_bfloat16_only_where_the_cpu_multiplies_it(
    monkeypatch, native, quantisation, runtime
):
    monkeypatch.setattr(bf16, "native", lambda: native)
    assert Embedder(DEFAULT_MODEL, quantisation=quantisation).runtime == runtime


@pytest.mark.parametrize(("amx", "avx512_bf16", "native"), [
    (True, False, True), (False, True, True), (False, False, False),
])  # fmt: skip
def test_bfloat16_is_native_with_amx_tiles_or_avx512_bf16(monkeypatch, amx, avx512_bf16, native):
    import torch

    monkeypatch.setattr(torch.cpu, "_is_amx_tile_supported", lambda: amx)
    monkeypatch.setattr(torch.cpu, "_is_avx512_bf16_supported", lambda: avx512_bf16)
    assert bf16.native() is native


@pytest.mark.integration
def test_bfloat16_neither_quantises_nor_runs_off_the_cpu():
    with pytest.raises(ValueError, match="ONNX Runtime"):
        Embedder(DEFAULT_MODEL, runtime="torch-bf16", quantisation="int8")
    with pytest.raises(ValueError, match="CPU only"):
        Embedder(DEFAULT_MODEL, runtime="torch-bf16", device="meta")
