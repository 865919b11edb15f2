"""Exactly-once effect: SIGKILL the worker at random points, restart it, compare with a clean run.

Bytewax recovery (`-r DIR -s 1 -b 0`) resumes from the last snapshot, so turns processed after it
run again. The log grows in two parts: the first is processed by a run that ends normally, so
the killed runs resume from the middle of the log (not from its start). Deterministic event ids,
idempotent upserts, the evidence check before a graph update and once-only dead letters must
make the end state identical to a run that was never killed.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bytewax.testing import run_main

from jiyi.composition import DataLayout, open_turn_source
from pipelines.flow import build_flow

from .conftest import REPO, dump_stores, log_excerpt, settings_for, start_flow, write_turn_log

USERS, TURNS, FIRST_PART = 40, 96, 6
KILLS = 3


def _processed_so_far(data_dir: Path) -> int:
    total = 0
    for path in DataLayout(data_dir).stream_progress.glob("metrics-*.json"):
        try:
            progress = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        total += progress["processed"] + progress["rejected"]
    return total


def _wait_for_progress(data_dir: Path, process: subprocess.Popen[bytes], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        if _processed_so_far(data_dir) > 0:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.integration
def test_sigkill_at_random_points_leaves_every_turn_processed_once(tmp_path: Path) -> None:
    reference, crashed = tmp_path / "reference", tmp_path / "crashed"
    write_turn_log(reference, USERS, FIRST_PART)
    write_turn_log(reference, USERS, TURNS, first=FIRST_PART)
    settings = settings_for(reference)
    run_main(build_flow(settings, open_turn_source(settings, tail=False)))

    recovery = crashed / "recovery"
    recovery.mkdir(parents=True)
    subprocess.run([sys.executable, "-m", "bytewax.recovery", str(recovery), "2"], check=True,
                   cwd=REPO)  # fmt: skip
    recovering = ("-r", str(recovery), "-s", "1", "-b", "0")
    first = write_turn_log(crashed, USERS, FIRST_PART)
    assert start_flow(crashed, *recovering).wait(timeout=300) == 0
    after_first = len(dump_stores(crashed, USERS)["events"])
    second = write_turn_log(crashed, USERS, TURNS, first=FIRST_PART)

    rng = random.Random(5)
    killed_mid_run, written_before_kills = 0, []
    for _ in range(KILLS):
        for progress_file in DataLayout(crashed).stream_progress.glob("metrics-*.json"):
            progress_file.unlink()  # so "progress" below means progress of this run
        worker = start_flow(crashed, *recovering)
        if _wait_for_progress(crashed, worker, timeout=120):
            time.sleep(rng.uniform(0.0, 1.0))  # batches are large: kill before the log drains
        worker.send_signal(signal.SIGKILL)
        worker.wait()
        if worker.returncode == -signal.SIGKILL:
            killed_mid_run += 1
        # every kill must leave the stores readable, whatever it interrupted
        written_before_kills.append(len(dump_stores(crashed, USERS)["events"]) - after_first)
    assert killed_mid_run >= 2, "the worker finished before it could be killed: add turns"
    assert max(written_before_kills) > 0  # the kills interrupted runs that had written effects

    final = start_flow(crashed, *recovering)
    assert final.wait(timeout=300) == 0, log_excerpt(crashed / "flow.log")
    final_run = json.loads((DataLayout(crashed).stream_progress / "metrics-0.json").read_text())
    assert final_run["processed"] + final_run["rejected"] <= second  # resumed after part one

    expected, got = dump_stores(reference, USERS), dump_stores(crashed, USERS)
    assert got["stored_rows"] == len(got["events"])  # no duplicate rows
    assert got["events"] == expected["events"]  # no lost or extra events
    assert got["edges"] == expected["edges"]  # same confidence, evidence and revision count
    assert got["audit_applied"] == expected["audit_applied"]
    assert got["dead_letters"] == expected["dead_letters"]  # each bad turn dead-lettered once
    assert len(expected["events"]) >= first + second - 10
