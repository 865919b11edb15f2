"""`jiyi stream` as an operator runs it: tails the log, stops cleanly on SIGTERM, resumes;
`jiyi dead-letter list|replay` re-drives a turn once its cause is fixed."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jiyi.cli import app
from jiyi.composition import DataLayout, Stores, open_turn_log
from pipelines.sinks import read_progress

from .conftest import REPO, env_for, settings_for, turn_for, write_turn_log


def _finished(data_dir: Path) -> int:
    progress = read_progress(DataLayout(data_dir).stream_progress)
    return sum(p.processed + p.rejected for p in progress)


def _wait_until(condition, timeout: float = 120) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def _start_stream(data_dir: Path) -> subprocess.Popen[bytes]:
    log = (data_dir / "stream.log").open("ab")
    return subprocess.Popen(
        [sys.executable, "-m", "jiyi.cli", "stream"], cwd=REPO, env=env_for(data_dir),
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip


@pytest.mark.integration
def test_stream_tails_stops_on_sigterm_and_resumes(tmp_path: Path) -> None:
    first = write_turn_log(tmp_path, users=3, turns_per_user=4)
    stream = _start_stream(tmp_path)
    _wait_until(lambda: _finished(tmp_path) == first)

    settings = settings_for(tmp_path)
    log = open_turn_log(settings)
    log.append(turn_for(0, 100))  # a live turn, picked up while tailing
    _wait_until(lambda: _finished(tmp_path) == first + 1)

    stream.send_signal(signal.SIGTERM)
    assert stream.wait(timeout=60) == 0
    assert "stream stopped" in (tmp_path / "stream.log").read_text()

    log.append(turn_for(1, 101))
    log.close()
    stream = _start_stream(tmp_path)  # resumes from its snapshot: only the new turn is read
    _wait_until(lambda: _finished(tmp_path) == 1)
    stream.send_signal(signal.SIGTERM)
    assert stream.wait(timeout=60) == 0


def test_dead_letters_are_listed_and_replayed_after_a_fix(tmp_path: Path, monkeypatch) -> None:
    for key, value in env_for(tmp_path).items():
        if key.startswith("JIYI_"):
            monkeypatch.setenv(key, value)
    ctx = Stores.open(settings_for(tmp_path))
    payload = turn_for(0, 1).model_copy(update={"content": "长" * 12_000}).model_dump_json()
    ctx.dead_letters.put(payload, "parse", "content: is 36000 bytes, over the limit", "user0")
    runner = CliRunner()

    listed = runner.invoke(app, ["dead-letter", "list"])
    assert listed.exit_code == 0
    entry = json.loads(listed.stdout)
    assert (entry["stage"], entry["key"], entry["payload"]) == ("parse", "user0", payload)

    assert runner.invoke(app, ["dead-letter", "replay", "99"]).exit_code == 1  # unknown id
    replayed = runner.invoke(app, ["dead-letter", "replay", str(entry["id"])])
    assert replayed.exit_code == 0, replayed.output
    assert runner.invoke(app, ["dead-letter", "list"]).stdout == ""
    settings = settings_for(tmp_path)
    log = open_turn_log(settings)
    records = [r for p in range(log.partitions) for r in log.read(p)]
    assert [(r.key, r.payload) for r in records] == [("user0", payload)]
    ctx.close()
