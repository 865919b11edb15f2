"""Helpers for the dataflow tests: a realistic turn log, the flow as a real process, store dumps.

Stores are the embedded defaults on temporary directories and the encoder is the real hashing
encoder (`hashing:64`), so a whole flow runs in seconds; the worker processes are real
`python -m bytewax.run` processes, killed with real signals.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jiyi.composition import Stores, open_turn_log
from jiyi.config import Settings, load_settings
from jiyi.domain import Role, Turn
from jiyi.turnlog import TurnLog

REPO = Path(__file__).resolve().parents[2]
TEXTS = [
    "I love hiking",
    "I keep mixing up velocity and acceleration",
    "我不太理解链式法则",
    "I hate hiking",
    "我喜欢画画和唱歌",
    "I love hiking",
    "I finally understand velocity and acceleration",
    "你好",
    "what is a derivative?",
    "I don't understand that formula",
    "我还是不懂那个公式",
    "I want to pass the physics exam",
]
BAD_PAYLOADS = [
    "{not json",
    json.dumps({"user_id": "u1", "session_id": "s", "role": "narrator", "content": "x",
                "client_ts": 1}),
    json.dumps({"user_id": "bad id!", "session_id": "s", "role": "user", "content": "x",
                "client_ts": 1}),
    json.dumps({"user_id": "u1", "role": "user", "content": "hi"}),
    json.dumps({"user_id": "u1", "session_id": "s", "role": "user", "content": "x" * 40_000,
                "client_ts": 1}),
]  # fmt: skip


def env_for(data_dir: Path) -> dict[str, str]:
    return {
        **os.environ,
        "JIYI_DATA_DIR": str(data_dir),
        "JIYI_EMBEDDER__MODEL": "hashing:64",
        "JIYI_PRIVACY__REQUIRE_CONSENT_FOR_GRAPH": "false",
        "JIYI_LOG_FORMAT": "json",
        "PYTHONPATH": str(REPO),
    }


def settings_for(data_dir: Path, **overrides: object) -> Settings:
    return load_settings(
        data_dir=data_dir,
        embedder={"model": "hashing:64"},
        privacy={"require_consent_for_graph": False},
        **overrides,
    )


def turn_for(user: int, i: int) -> Turn:
    """The i-th turn of user N: sessions of six turns, the texts in a fixed cycle."""
    return Turn(
        user_id=f"user{user}",
        session_id=f"s{i // 6}",
        role=Role.USER,
        content=TEXTS[i % len(TEXTS)],
        client_ts=1_700_000_000_000 + i * 1000,
    )


def write_turns(log: TurnLog, users: int, turns_per_user: int, first: int = 0) -> int:
    """Append turns `first`.. of a mixed zh/en conversation per user, then the bad payloads;
    returns how many records were appended."""
    for i in range(first, turns_per_user):
        for u in range(users):
            log.append(turn_for(u, i))
    for payload in BAD_PAYLOADS:
        log.append_raw(payload, "user0")
    return users * (turns_per_user - first) + len(BAD_PAYLOADS)


def write_turn_log(data_dir: Path, users: int, turns_per_user: int, first: int = 0) -> int:
    settings = settings_for(data_dir)
    log = open_turn_log(settings)
    try:
        return write_turns(log, users, turns_per_user, first)
    finally:
        log.close()


def start_flow(data_dir: Path, *args: str, log_name: str = "flow") -> subprocess.Popen[bytes]:
    """`python -m bytewax.run pipelines.flow:get_flow(False) ARGS` as its own process group."""
    log = (data_dir / f"{log_name}.log").open("ab")
    return subprocess.Popen(
        [sys.executable, "-m", "bytewax.run", "pipelines.flow:get_flow(False)", *args],
        cwd=REPO, env=env_for(data_dir), stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip


def log_excerpt(path: Path, chars: int = 3000) -> str:
    """A flow's log for a failure message: its start (where the first traceback is, before a
    cluster's peers panic in turn) and its end."""
    text = path.read_text()
    return text if len(text) <= 2 * chars else f"{text[:chars]}\n[…]\n{text[-chars:]}"


def dump_stores(data_dir: Path, users: int) -> dict[str, object]:
    """Everything the write path leaves behind, in a comparable form."""
    ctx = Stores.open(settings_for(data_dir))
    try:
        events: list[tuple[str, str]] = []
        edges: dict[tuple[str, str, str], tuple[float, bool, tuple[str, ...], int]] = {}
        for u in range(users):
            user = f"user{u}"
            events += [
                (user, event_id) for event_id in ctx.episodic.scan(user)["event_id"].to_pylist()
            ]
            for edge in ctx.graph.store.edges(user, include_invalid=True):
                revisions = len(ctx.graph.store.revisions(user, edge.edge_id))
                key = (user, edge.relation.value, edge.dst)
                edges[key] = (edge.confidence, edge.is_valid, tuple(edge.evidence), revisions)
        return {
            "events": sorted(events),
            "stored_rows": ctx.episodic.count(),
            "edges": edges,
            "audit_applied": sum(e.outcome == "applied" for e in ctx.audit.entries()),
            "dead_letters": sorted(
                (d.stage, d.payload) for d in ctx.dead_letters.entries(include_replayed=True)
            ),
        }
    finally:
        ctx.close()


@pytest.fixture
def repo() -> Path:
    return REPO
