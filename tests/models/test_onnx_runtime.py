"""The int8 export's smoothing, on the real packaged all-MiniLM-L6-v2."""

from __future__ import annotations

import numpy as np
import pytest

from models import onnx_runtime, passes
from models.embedder import DEFAULT_MODEL, resolve_model_path

# none of these is a calibration text
TEXTS = [
    "What did I tell you about my sister's wedding in June?",
    "I switched from nursing to data science last spring and I still miss the night shifts.",
    "Can you remind me which paint colour we picked for the hallway?",
    "My daughter is allergic to peanuts, so the party snacks have to be nut free.",
    "ok",
    "We drove to the coast on Saturday and the kids built a huge sand castle.",
    "I have been learning the cello for two years, mostly Bach suites.",
    "The meeting moved to Thursday at 3 pm because the client was travelling.",
    "我上周去医院看了牙医，医生说要拔智齿。",
    "今天我和朋友去爬山了，风景特别美。",
    "我最近在学做川菜，麻婆豆腐已经做得不错了。",
    "周末打算在家看电影，你有什么推荐吗？",
]


@pytest.fixture(scope="module")
def model():
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(resolve_model_path(DEFAULT_MODEL), device="cpu")


def _int8(model, texts: list[str]) -> np.ndarray:
    sample = model.preprocess(TEXTS[:2])
    inputs = [name for name in ("input_ids", "attention_mask", "token_type_ids") if name in sample]
    graph = onnx_runtime.quantise_int8(onnx_runtime._export(model, inputs, sample))
    rows = onnx_runtime.OnnxEncoder(graph, model.preprocess, inputs, 1).encode(texts)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


@pytest.mark.integration
def test_smoothing_keeps_the_models_vectors_and_brings_int8_nearer_them(model):
    exact = model.encode(TEXTS, normalize_embeddings=True)
    smoothed = onnx_runtime._smoothed(model)
    np.testing.assert_allclose(
        smoothed.encode(TEXTS, normalize_embeddings=True), exact, atol=1e-5
    )  # the same function: the inputs' division cancels the weights' multiplication
    np.testing.assert_array_equal(model.encode(TEXTS, normalize_embeddings=True), exact)
    plain = (_int8(model, TEXTS) * exact).sum(axis=1)
    smooth = (_int8(smoothed, TEXTS) * exact).sum(axis=1)
    assert smooth.mean() > plain.mean() + 0.002
    assert smooth.min() > plain.min()


@pytest.mark.integration
def test_a_batch_runs_in_chunks_of_like_length_each_cut_to_its_longest_text(model):
    sample = model.preprocess(TEXTS[:2])
    inputs = [name for name in ("input_ids", "attention_mask", "token_type_ids") if name in sample]
    encoder = onnx_runtime.OnnxEncoder(
        onnx_runtime._export(model, inputs, sample), model.preprocess, inputs, 2
    )
    session, fed = encoder._session, []

    class Spy:
        def run(self, outputs, feed):
            fed.append(feed["attention_mask"])
            return session.run(outputs, feed)

    encoder._session = Spy()
    texts = TEXTS * 2
    rows = encoder.encode(texts)
    assert all(len(mask) <= passes.CHUNK for mask in fed)
    assert all(mask[:, -1].any() for mask in fed)  # no column of padding alone
    # each pass a run of texts of like length in tokens, not characters (a Han character is a
    # token, an English word of several characters one)
    lengths = sorted(int(mask.sum()) for mask in model.preprocess(texts)["attention_mask"])
    runs = sorted(sorted(int(row.sum()) for row in mask) for mask in fed)
    assert [n for run in runs for n in run] == lengths
    alone = np.concatenate([encoder.encode([text]) for text in texts])
    np.testing.assert_allclose(rows, alone, atol=1e-5)


def _inputs(model) -> tuple[list[str], object]:
    sample = model.preprocess(TEXTS[:2])
    return [
        name for name in ("input_ids", "attention_mask", "token_type_ids") if name in sample
    ], sample


@pytest.mark.integration
def test_fused_attention_is_one_node_a_layer_and_computes_the_same_vectors(model):
    import onnx

    inputs, sample = _inputs(model)
    plain = onnx_runtime._export(model, inputs, sample)
    fused = onnx_runtime._export(model, inputs, sample, fuse=True)
    ops = [node.op_type for node in onnx.load_from_string(fused).graph.node]
    layers = model[0].auto_model.config.num_hidden_layers
    assert ops.count("MultiHeadAttention") == layers
    assert len(ops) < len(onnx.load_from_string(plain).graph.node) / 2
    assert "forward" not in vars(model[0].auto_model.encoder.layer[0].attention.self)  # restored
    rows = {
        name: onnx_runtime.OnnxEncoder(graph, model.preprocess, inputs, 2).encode(TEXTS)
        for name, graph in (("plain", plain), ("fused", fused))
    }  # padded passes of like length, and the fused graph's padding mask at work
    np.testing.assert_allclose(rows["fused"], rows["plain"], atol=1e-5)
    alone = np.concatenate(
        [onnx_runtime.OnnxEncoder(fused, model.preprocess, inputs, 1).encode([t]) for t in TEXTS]
    )
    np.testing.assert_allclose(rows["fused"], alone, atol=1e-5)


@pytest.mark.integration
def test_only_stored_int8_vectors_keep_the_unfused_graph(model, monkeypatch):
    fused: list[bool] = []
    export = onnx_runtime._export

    def spy(model, inputs, sample, fuse=False):
        fused.append(fuse)
        return export(model, inputs, sample, fuse)

    monkeypatch.setattr(onnx_runtime, "_export", spy)
    onnx_runtime.build_onnx_encoder(model, "none", 1)
    onnx_runtime.build_onnx_encoder(model, "int8", 1)
    onnx_runtime.build_onnx_encoder(model, "int8", 1, queries=True)
    assert fused == [True, False, True]
