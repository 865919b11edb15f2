import json
import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest

from jiyi.supervisor import Service, run_services

T0 = 1_793_520_000_000


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _listening(port):
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_a_dying_service_stops_the_others():
    lines = []
    services = [
        Service("sleeper", [sys.executable, "-c", "import time; time.sleep(60)"]),
        Service("crasher", [sys.executable, "-c", "import sys, time; time.sleep(1); sys.exit(3)"]),
    ]
    started = time.monotonic()
    assert run_services(services, dict(os.environ), lines.append) == 3
    assert time.monotonic() - started < 30
    assert any("crasher exited with code 3" in line for line in lines)


@pytest.mark.integration
def test_jiyi_up_runs_api_stream_and_dagster_together(tmp_path):
    api_port, dagster_port = _free_port(), _free_port()
    env = {
        **os.environ,
        "JIYI_DATA_DIR": str(tmp_path / "data"),
        "JIYI_EMBEDDER__MODEL": "hashing:64",
        "DAGSTER_HOME": str(tmp_path / "dagster"),
    }
    up = subprocess.Popen(
        [sys.executable, "-m", "jiyi.cli", "up", "--api-port", str(api_port),
         "--dagster-port", str(dagster_port)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        ready = set()
        deadline = time.monotonic() + 240
        while len(ready) < 3:
            assert time.monotonic() < deadline, f"not ready: {ready}"
            line = up.stdout.readline()
            assert line, "jiyi up exited early"
            if " ready" in line:
                ready.add(line.split()[0])
        assert ready == {"api", "stream", "dagster"}
        key = subprocess.run(
            [sys.executable, "-m", "jiyi.cli", "keys", "create", "acme"],
            env=env, capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
        api = f"http://127.0.0.1:{api_port}"
        auth = {"Authorization": f"Bearer {key}"}
        httpx.put(f"{api}/v1/users/u1/consent", json={"granted": True}, headers=auth)
        turn = {"session_id": "s1", "role": "user", "content": "I love jazz piano.",
                "client_ts": T0}  # fmt: skip
        added = httpx.post(f"{api}/v1/users/u1/turns", json={"turns": [turn]}, headers=auth)
        assert added.json()["events"] is None  # the stream worker does the rest
        deadline = time.monotonic() + 120
        while True:
            recall = httpx.post(f"{api}/v1/users/u1/recall", json={"query": "jazz"}, headers=auth)
            if "jazz" in recall.json()["text"]:
                break
            assert time.monotonic() < deadline, json.dumps(recall.json())
            time.sleep(0.5)
        assert httpx.get(f"http://127.0.0.1:{dagster_port}/server_info").status_code == 200
    finally:
        os.killpg(up.pid, signal.SIGINT)
        code = up.wait(timeout=90)
    assert code == 0
    assert not _listening(api_port)
    assert not _listening(dagster_port)
