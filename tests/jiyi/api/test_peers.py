"""Erasure and identity merges reach working memory in every worker of `jiyi serve --workers`."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from jiyi.api.app import create_app
from jiyi.api.keys import ApiKeyStore
from jiyi.api.peers import FORGET_PATH, PeerWorkers
from jiyi.config import Settings
from jiyi.domain import Identity, IdentityKind, Role, Turn
from jiyi.memory import Memory
from models.hashing import HashingEncoder
from tests.jiyi.serving import serving_on_socket

T0 = 1_793_520_000_000


class RecordingPeers:
    """Peers that hold `held` sessions of every user they are asked to forget."""

    def __init__(self, held: int) -> None:
        self.held = held
        self.asked: list[str] = []

    def forget_user(self, user_id: str) -> int:
        self.asked.append(user_id)
        return self.held


def _memory(tmp_path: Path, peers: RecordingPeers | PeerWorkers | None = None) -> Memory:
    return Memory(Settings(data_dir=tmp_path / "data"), encoder=HashingEncoder(64), peers=peers)


def _turn(user: str, session: str = "s1") -> Turn:
    return Turn(user_id=user, session_id=session, role=Role.USER, content="I love tea.",
                client_ts=T0)  # fmt: skip


def test_erasure_asks_every_peer_and_counts_what_they_held(tmp_path: Path) -> None:
    peers = RecordingPeers(held=2)
    memory = _memory(tmp_path, peers)
    memory.add_turns([_turn("u1", "s1"), _turn("u1", "s2")])
    receipt = memory.erase("u1", operator="test")
    assert peers.asked == ["u1"]
    assert receipt.removed["working_memory"] == 2 + 2
    memory.close()


def test_linking_a_device_makes_the_peers_forget_the_device(tmp_path: Path) -> None:
    peers = RecordingPeers(held=0)
    memory = _memory(tmp_path, peers)
    device = Identity(kind=IdentityKind.DEVICE, value="phone-1")
    memory.link_identity(device, Identity(kind=IdentityKind.ACCOUNT, value="acct-1"), "test")
    assert peers.asked == ["phone-1"]
    memory.close()


def test_only_a_worker_answers_its_peers(tmp_path: Path) -> None:
    memory = _memory(tmp_path)
    memory.add_turns([_turn("acme:u1")])
    keys = ApiKeyStore(tmp_path / "keys.sqlite3")
    public = TestClient(create_app(memory, keys))
    assert public.post(FORGET_PATH, json={"user_id": "acme:u1"}).status_code == 404
    assert memory.working.get("acme:u1", "s1")
    worker = TestClient(create_app(memory, keys, worker=True))
    assert worker.post(FORGET_PATH, json={"user_id": "acme:u1"}).json() == {"forgotten": 1}
    assert memory.working.get("acme:u1", "s1") == []
    memory.close()


@pytest.fixture
def peer_worker(tmp_path: Path) -> Iterator[tuple[Memory, str]]:
    """A worker app on a Unix socket, as `jiyi serve --uds` runs it: its memory and socket."""
    memory = _memory(tmp_path / "peer")
    run_dir = Path(tempfile.mkdtemp(prefix="jiyi-peer-"))  # a socket's path must be short
    path = str(run_dir / "w.sock")
    app = create_app(memory, ApiKeyStore(tmp_path / "keys.sqlite3"), worker=True)
    server = serving_on_socket(app, path)
    yield memory, path
    server.should_exit = True
    memory.close()
    shutil.rmtree(run_dir, ignore_errors=True)


@pytest.mark.integration
def test_a_peer_over_its_socket_forgets_and_a_gone_one_counts_nothing(
    peer_worker: tuple[Memory, str], tmp_path: Path
) -> None:
    held, path = peer_worker
    held.add_turns([_turn("acme:u1", "s1"), _turn("acme:u1", "s2"), _turn("acme:u2")])
    peers = PeerWorkers([path, str(tmp_path / "gone.sock")])
    memory = _memory(tmp_path, peers)
    receipt = memory.erase("acme:u1", operator="test")
    assert receipt.removed["working_memory"] == 2
    assert held.working.get("acme:u1", "s1") == []
    assert held.working.get("acme:u2", "s1")
    peers.close()
    memory.close()
