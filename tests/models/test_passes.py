"""How a batch is cut into passes, and how the passes run, whatever the runtime."""

from __future__ import annotations

import threading

import numpy as np

from models import passes


def test_a_batch_is_cut_where_padding_would_cost_more_than_another_pass():
    cuts = passes.cuts
    assert cuts(np.array([5] * 8)) == [(0, 8)]
    assert cuts(np.array([5] * 9)) == [(0, 1), (1, 9)]  # at most CHUNK texts a pass
    assert cuts(np.array([5, 5, 5, 5, 90, 90, 90, 90])) == [(0, 4), (4, 8)]
    assert cuts(np.array([5, 6, 7, 8])) == [(0, 4)]  # a few tokens of padding: one pass
    assert cuts(np.array([], dtype=int)) == []


def test_only_padding_on_the_right_is_cut_away():
    right = np.array([[1, 1, 1], [1, 0, 0]])
    left = np.array([[1, 1, 1], [0, 0, 1]])
    lengths, trim = passes.token_counts({"attention_mask": right})
    assert lengths.tolist() == [3, 1]
    assert trim
    assert not passes.token_counts({"attention_mask": left})[1]
    lengths, trim = passes.token_counts({"input_ids": np.zeros((20, 7), dtype=np.int64)})
    assert lengths.tolist() == [7] * 20
    assert not trim


class _Preprocess:
    """Token rows for texts, right-padded: a text of n words is n tokens."""

    def __call__(self, texts: list[str]) -> dict[str, object]:
        import torch

        width = max(len(t.split()) for t in texts)
        mask = np.array([[1] * len(t.split()) + [0] * (width - len(t.split())) for t in texts])
        return {"attention_mask": torch.from_numpy(mask)}


def test_passes_run_on_set_up_pool_threads_and_rows_come_back_in_order():
    seen: list[str] = []
    set_up: list[str] = []

    def run_pass(feed: dict[str, np.ndarray]) -> np.ndarray:
        seen.append(threading.current_thread().name)
        return feed["attention_mask"].sum(axis=1, keepdims=True).astype(np.float32)

    encoder = passes.PassEncoder(
        _Preprocess(), ["attention_mask"], run_pass, 2, chunk=2,
        set_up_thread=lambda: set_up.append(threading.current_thread().name),
    )  # fmt: skip
    texts = ["a b c", "a", "a b c d e f g h", "a b", "a b c d"]
    assert encoder.encode(texts)[:, 0].tolist() == [3, 1, 8, 2, 4]
    assert encoder.encode(["a b"])[:, 0].tolist() == [2]  # one pass: on the pool too
    assert seen
    assert all(name.startswith("jiyi-encode") for name in seen)
    assert set(seen) <= set(set_up)  # each pool thread set up once, before any pass
    assert len(set_up) == len(set(set_up))
    alone = passes.PassEncoder(_Preprocess(), ["attention_mask"], run_pass, 2)
    seen.clear()
    alone.encode(["a b"])  # without a set-up, one pass runs on the caller's thread
    assert seen == [threading.current_thread().name]
