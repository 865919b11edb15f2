"""`dagster dev` on the workspace serves every asset with its lineage (checked over GraphQL)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from dagster_project.definitions import defs

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
DAGSTER = Path(sys.executable).with_name("dagster")
QUERY = """
{ assetNodes { assetKey { path } groupName dependencyKeys { path } } }
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def webserver(tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    home = tmp_path / "dagster_home"
    home.mkdir()
    env = {**os.environ, "DAGSTER_HOME": str(home), "ENGRAM_DATA_DIR": str(tmp_path / "data")}
    process = subprocess.Popen(
        [str(DAGSTER), "dev", "-w", "workspace.yaml", "-h", "127.0.0.1", "-p", str(port)],
        cwd=ROOT,
        env=env,
        start_new_session=True,  # its own process group, with default signal handlers
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{url}/server_info", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert process.poll() is None, "dagster dev exited early"
            time.sleep(1)
        else:
            pytest.fail("dagster dev did not answer /server_info")
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _asset_nodes(url: str) -> list[dict[str, object]]:
    deadline = time.monotonic() + 120
    while True:  # the code location loads after the webserver is up
        body = httpx.post(f"{url}/graphql", json={"query": QUERY}, timeout=30).json()
        nodes = (body.get("data") or {}).get("assetNodes") or []
        if nodes or time.monotonic() > deadline:
            return nodes
        time.sleep(2)


def test_the_ui_lists_every_asset_with_its_dependencies(webserver: str):
    nodes = _asset_nodes(webserver)
    graph = {
        "/".join(n["assetKey"]["path"]): {"/".join(d["path"]) for d in n["dependencyKeys"]}
        for n in nodes
    }
    asset_graph = defs.get_repository_def().asset_graph
    expected = {
        key.to_user_string(): {p.to_user_string() for p in asset_graph.get(key).parent_keys}
        for key in asset_graph.get_all_asset_keys()
    }
    assert graph == expected
    assert len(graph) == 10
    groups = {n["groupName"] for n in nodes}
    assert groups == {"embedder", "maintenance", "archive", "metrics"}
