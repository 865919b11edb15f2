"""Random sequences of valid and invalid requests against the API on real embedded stores.

After every step: no response is a 5xx, every acknowledged turn is in its session's recall (once:
a retried request adds nothing), and nothing from a refused request is anywhere a reader or the
turn log can see it. Each refused turn carries a marker word no valid turn ever uses.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jiyi.api.app import create_app
from jiyi.api.keys import ApiKeyStore
from jiyi.config import Settings
from jiyi.memory import Memory
from models.hashing import HashingEncoder

pytestmark = pytest.mark.integration

T0 = 1_793_520_000_000  # 2026-11-01
SESSIONS = ("s1", "s2")
WORDS = ("tea", "calculus", "hiking", "链式法则", "动画", "velocity")
# What makes a turn invalid, each as the fields it overrides.
BREAKAGES: dict[str, dict[str, Any]] = {
    "year 10000": {"client_ts": 253_402_300_800_000},
    "year 2150": {"client_ts": 5_680_281_600_000},
    "year 1990": {"client_ts": 631_152_000_000},
    "float clock": {"client_ts": 1e30},
    "bool clock": {"client_ts": True},
    "string clock": {"client_ts": "1793520000000"},
    "zero-width": {"content": "\u200b\u200d\ufeff"},
    "control": {"content": "\x00\x01"},
    "role": {"role": "narrator"},
    "session": {"session_id": "s 1"},
    "extra": {"mood": "sad"},
}


@dataclass
class Model:
    """What the API acknowledged, per session, and the markers of everything it refused."""

    acknowledged: dict[str, list[str]] = field(default_factory=lambda: {s: [] for s in SESSIONS})
    refused_markers: list[str] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)


counter = itertools.count()


@st.composite
def turn_batches(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[str]]:
    """1–3 turns, some perhaps broken; returns the turns and the markers of broken ones."""
    turns, markers = [], []
    for _ in range(draw(st.integers(1, 3))):
        n = next(counter)
        breakage = draw(st.none() | st.sampled_from(sorted(BREAKAGES)))
        marker = f"refusedmarker{n}"
        text = f"I like {draw(st.sampled_from(WORDS))} number {n}"
        turn = {
            "session_id": draw(st.sampled_from(SESSIONS)),
            "role": draw(st.sampled_from(["user", "assistant"])),
            "content": f"{text} {marker}" if breakage else text,
            "client_ts": T0 + n * 1000,
        }
        if breakage:
            turn.update(BREAKAGES[breakage])
            if "content" not in BREAKAGES[breakage]:
                markers.append(marker)
        turns.append(turn)
    return turns, markers


steps = st.one_of(
    st.tuples(st.just("add"), turn_batches()),
    st.tuples(st.just("retry"), st.integers(0, 50)),
    st.tuples(st.just("consent"), st.sampled_from([True, False, "yes", 1, None])),
    st.tuples(st.just("recall"), st.sampled_from(WORDS)),
)


def _check(client: TestClient, auth: dict[str, str], memory: Memory, model: Model) -> None:
    for session, acknowledged in model.acknowledged.items():
        query = {"query": "anything", "session_id": session, "budget_chars": 50_000}
        recalled = client.post("/v1/users/u1/recall", json=query, headers=auth)
        assert recalled.status_code == 200, recalled.text
        held = [t["content"] for t in recalled.json()["turns"]]
        assert sorted(held) == sorted(acknowledged)
        text = recalled.json()["text"]
        assert not any(m in text for m in model.refused_markers)
    logged = " ".join(
        r.payload for p in range(memory.turn_log.partitions) for r in memory.turn_log.read(p)
    )
    assert not any(m in logged for m in model.refused_markers)
    assert not any(m in logged for m in ("\u200b\u200d\ufeff",))


@given(script=st.lists(steps, min_size=1, max_size=8))
@settings(max_examples=25, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))  # fmt: skip
def test_random_requests_never_5xx_lose_or_leak_a_turn(
    tmp_path_factory: pytest.TempPathFactory, script: list[tuple[str, Any]]
) -> None:
    root: Path = tmp_path_factory.mktemp("props")
    memory = Memory(Settings(data_dir=root / "data"), encoder=HashingEncoder(64))
    keys = ApiKeyStore(root / "keys.sqlite3")
    client = TestClient(create_app(memory, keys), raise_server_exceptions=False)
    auth = {"Authorization": f"Bearer {keys.create('acme')}"}
    model = Model()
    try:
        for kind, arg in script:
            if kind == "add":
                turns, markers = arg
                response = client.post("/v1/users/u1/turns", json={"turns": turns}, headers=auth)
                if response.status_code == 200:
                    model.sent.append({"turns": turns})
                    for turn in turns:
                        model.acknowledged[turn["session_id"]].append(turn["content"])
                else:
                    model.refused_markers += markers
            elif kind == "retry" and model.sent:
                body = model.sent[arg % len(model.sent)]
                response = client.post("/v1/users/u1/turns", json=body, headers=auth)
                assert response.status_code == 200, response.text  # acknowledged before
            elif kind == "consent":
                response = client.put("/v1/users/u1/consent", json={"granted": arg}, headers=auth)
                assert (response.status_code == 200) == isinstance(arg, bool), response.text
            else:
                response = client.post("/v1/users/u1/recall", json={"query": arg}, headers=auth)
            assert response.status_code < 500, response.text
            _check(client, auth, memory, model)
    finally:
        memory.close()
        keys.close()
