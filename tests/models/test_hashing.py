from __future__ import annotations

import numpy as np
import pytest

from models.embedder import Encoder, SpaceEncoder
from models.hashing import HashingEncoder


def test_vectors_are_normalised_deterministic_and_follow_shared_words():
    encoder = HashingEncoder(256)
    assert isinstance(encoder, Encoder)
    assert isinstance(encoder, SpaceEncoder)
    rows = encoder.encode(
        ["I love green tea", "I love green tea!", "打开设置页面报错", "设置页面报错"]
    )
    assert rows.dtype == np.float32
    assert rows.shape == (4, 256)
    np.testing.assert_allclose(np.linalg.norm(rows, axis=1), 1.0, rtol=1e-5)
    np.testing.assert_array_equal(
        rows,
        HashingEncoder(256).encode(
            ["I love green tea", "I love green tea!", "打开设置页面报错", "设置页面报错"]
        ),
    )
    assert rows[0] @ rows[1] > 0.9
    assert rows[2] @ rows[3] > rows[0] @ rows[3]


def test_bad_input_and_settings_are_named():
    with pytest.raises(TypeError, match="texts"):
        HashingEncoder().encode("a single string")
    with pytest.raises(TypeError, match=r"texts\[1\]"):
        HashingEncoder().encode(["ok", b"bytes"])
    with pytest.raises(ValueError, match=r"embedder\.model"):
        HashingEncoder.from_model_name("hashing:lots")
    assert HashingEncoder.from_model_name("hashing:64").space_id == "hashing:64/64"
    assert HashingEncoder().encode([]).shape == (0, 256)
