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
LOCATION = "dagster_project.definitions"
DAGSTER = Path(sys.executable).with_name("dagster")
QUERY = """
{ assetNodes { assetKey { path } groupName dependencyKeys { path } } }
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def webserver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    tmp_path = tmp_path_factory.mktemp("dagster")
    home = tmp_path / "dagster_home"
    home.mkdir()
    env = {**os.environ, "DAGSTER_HOME": str(home), "JIYI_DATA_DIR": str(tmp_path / "data")}
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
    assert len(graph) == 11
    groups = {n["groupName"] for n in nodes}
    assert groups == {"embedder", "maintenance", "archive", "metrics"}


def test_each_group_lineage_page_renders_its_assets_in_a_browser(
    webserver: str, tmp_path: Path, chromium
):
    asset_graph = defs.get_repository_def().asset_graph
    by_group: dict[str, list[str]] = {}
    for key in asset_graph.get_all_asset_keys():
        by_group.setdefault(asset_graph.get(key).group_name, []).append(key.to_user_string())
    assert _asset_nodes(webserver)  # the code location is loaded
    page = chromium.new_page(viewport={"width": 1600, "height": 1000})
    for group, assets in sorted(by_group.items()):
        page.goto(f"{webserver}/locations/{LOCATION}/asset-groups/{group}", timeout=120_000)
        skip = page.get_by_role("button", name="Skip")  # the first-visit newsletter dialog
        for asset in assets:
            if skip.count():
                skip.click()
            page.get_by_text(asset, exact=True).first.wait_for(timeout=120_000)
        page.screenshot(path=str(tmp_path / f"dagster_lineage_{group}.png"))
    shots = sorted(tmp_path.glob("dagster_lineage_*.png"))
    assert len(shots) == 4
    assert all(shot.stat().st_size > 10_000 for shot in shots)
    artifacts = os.environ.get("JIYI_TEST_ARTIFACTS")
    if artifacts:  # where CI collects test artifacts
        Path(artifacts).mkdir(parents=True, exist_ok=True)
        for shot in shots:
            (Path(artifacts) / shot.name).write_bytes(shot.read_bytes())
