"""Scale-out: the same log through 2 workers in one process, and through 2 processes (-i/-a).

The end state must equal a single-worker run's: keying by user keeps each user's turns in order
on one worker, so the result does not depend on how the work was spread.
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from bytewax.testing import run_main

from jiyi.composition import DataLayout, open_turn_source
from pipelines.flow import build_flow
from pipelines.sinks import read_progress

from .conftest import dump_stores, log_excerpt, settings_for, start_flow, write_turn_log

USERS, TURNS = 12, 12


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def reference(tmp_path: Path) -> dict[str, object]:
    write_turn_log(tmp_path / "reference", USERS, TURNS)
    settings = settings_for(tmp_path / "reference")
    run_main(build_flow(settings, open_turn_source(settings, tail=False)))
    return dump_stores(tmp_path / "reference", USERS)


@pytest.mark.integration
def test_two_workers_in_one_process(tmp_path: Path, reference: dict[str, object]) -> None:
    data = tmp_path / "w2"
    appended = write_turn_log(data, USERS, TURNS)
    worker = start_flow(data, "-w", "2")
    assert worker.wait(timeout=300) == 0, log_excerpt(data / "flow.log")
    progress = read_progress(DataLayout(data).stream_progress)
    assert sorted(p.worker for p in progress) == [0, 1]
    assert sum(p.processed + p.rejected for p in progress) == appended
    assert all(p.processed > 0 for p in progress)  # both workers did a share of the work
    assert dump_stores(data, USERS) == reference


@pytest.mark.integration
def test_two_processes_as_a_cluster(tmp_path: Path, reference: dict[str, object]) -> None:
    data = tmp_path / "p2"
    appended = write_turn_log(data, USERS, TURNS)
    addresses = f"127.0.0.1:{_free_port()};127.0.0.1:{_free_port()}"
    processes = [
        start_flow(data, "-i", str(i), "-a", addresses, log_name=f"proc{i}") for i in range(2)
    ]
    codes = [process.wait(timeout=300) for process in processes]
    logs = "\n".join(log_excerpt(data / f"proc{i}.log") for i in range(2))
    assert codes == [0, 0], logs
    progress = read_progress(DataLayout(data).stream_progress)
    assert sum(p.processed + p.rejected for p in progress) == appended
    assert dump_stores(data, USERS) == reference
