from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from models.evaluation import compare, promotion_gate, recall_gate, retrieval_metrics
from models.hashing import HashingEncoder
from models.pairs import make_pair

PAIRS = [
    make_pair("分不清楞次定律和右手定则", "学生混淆楞次定律与右手定则", "domain", "a"),
    make_pair("电磁感应复习计划", "目标是复习电磁感应", "domain", "b"),
    make_pair("confused about velocity", "mixes up velocity and acceleration", "domain", "c"),
    make_pair("animations please", "prefers animations", "domain", "d"),
]


class Constant:
    """Every text maps to one vector: nothing can be told apart."""

    dimension = 8

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return np.tile(np.eye(1, 8, dtype=np.float32), (len(texts), 1))


class Oracle:
    """Maps each pair's query and positive to the same one-hot vector."""

    dimension = len(PAIRS)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        index = {t: i for i, p in enumerate(PAIRS) for t in (p.query, p.positive)}
        return np.eye(self.dimension, dtype=np.float32)[[index[t] for t in texts]]


def test_an_oracle_scores_perfectly():
    assert retrieval_metrics(Oracle(), PAIRS) == {
        "recall@1": 1.0, "recall@5": 1.0, "mrr": 1.0, "n": 4.0
    }  # fmt: skip


def test_ties_and_wrong_rankings_count_against_a_model():
    tied = retrieval_metrics(Constant(), PAIRS)
    assert tied["recall@1"] == 0.0
    assert tied["mrr"] == pytest.approx(1 / len(PAIRS))
    reversed_pairs = [make_pair(p.query, PAIRS[-1 - i].positive, "domain", "x")
                      for i, p in enumerate(PAIRS)]  # fmt: skip
    metrics = retrieval_metrics(Oracle(), reversed_pairs)
    assert metrics["recall@1"] == 0.0
    assert metrics["mrr"] < 1.0


def test_a_real_encoder_scores_between_zero_and_one_per_language():
    result = compare({"hashing": HashingEncoder(256)}, PAIRS)["hashing"]
    assert 0.0 < result["recall@1"] <= 1.0
    assert result["n/zh"] == 2.0
    assert result["n/en"] == 2.0
    assert set(result) >= {"recall@5/zh", "mrr/en"}


def test_gate_requires_a_strict_gain_and_no_mrr_loss():
    current = {"recall@1": 0.5, "mrr": 0.6}
    assert promotion_gate({"recall@1": 0.6, "mrr": 0.7}, current).passed
    assert not promotion_gate({"recall@1": 0.5, "mrr": 0.9}, current).passed
    worse = promotion_gate({"recall@1": 0.4, "mrr": 0.5}, current)
    assert not worse.passed
    assert "does not beat" in worse.reason
    assert not promotion_gate({"recall@1": 0.6, "mrr": 0.5}, current).passed
    with pytest.raises(ValueError, match="candidate metrics"):
        promotion_gate({"mrr": 1.0}, current)


def test_no_pairs_is_an_error():
    with pytest.raises(ValueError, match="pairs"):
        retrieval_metrics(Oracle(), [])


RECALL = ("any@5", "any@10")


@pytest.mark.parametrize(
    ("candidate", "passed", "reason"),
    [
        ({"any@5": 0.5, "any@10": 0.7}, True, "any@10 0.600 → 0.700"),
        ({"any@5": 0.5, "any@10": 0.6}, False, "no higher"),  # a tie is not worth re-embedding
        ({"any@5": 0.6, "any@10": 0.5}, False, "any@10 0.500 below current 0.600"),
    ],
)
def test_the_recall_gate_wants_a_gain_and_no_loss(candidate, passed, reason):
    decision = recall_gate(candidate, {"any@5": 0.5, "any@10": 0.6}, RECALL)
    assert decision.passed is passed
    assert reason in decision.reason


def test_the_recall_gate_names_a_missing_metric():
    with pytest.raises(ValueError, match="any@10"):
        recall_gate({"any@5": 0.5}, {"any@5": 0.5, "any@10": 0.6}, RECALL)
