"""Erasure reaches the stream: the per-user state its recovery snapshots persist (the names a
user said, kept for resolving "that one") is dropped by the erasure record `Memory.erase`
appends, and the recovery files keep no bytes of it once the stream has run past the record.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from jiyi.composition import layout, open_turn_log
from jiyi.domain import Role, Turn
from jiyi.memory import Memory
from pipelines.run import StreamOptions, run_stream

from .conftest import settings_for

pytestmark = pytest.mark.integration

T0 = 1_790_000_000_000
SAID = {
    "gina": ["I love my zebrafinch named Pipkin.", "I keep mixing up glimmerwort and sparrowgrass.",
             "Please tell me about that zebrafinch again."],
    "hugo": ["I love my hedgehog named Quokkabell.", "Tell me more about that hedgehog."],
}  # fmt: skip
GINA_SAID = ("zebrafinch", "Pipkin", "glimmerwort", "sparrowgrass")


def _files_holding(root: Path, words: tuple[str, ...]) -> dict[str, list[str]]:
    """Every file under `root`, read as bytes (WAL and SHM files too), that holds a word."""
    found: dict[str, list[str]] = {}
    for path in root.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            if held := [w for w in words if w.encode() in data]:
                found[str(path.relative_to(root))] = held
    return found


def test_an_erased_user_leaves_nothing_in_the_streams_recovery_files(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)
    log = open_turn_log(settings)
    for user, said in SAID.items():
        for i, text in enumerate(said):
            log.append(Turn(user_id=user, session_id="s1", role=Role.USER, content=text,
                            client_ts=T0 + i * 1000))  # fmt: skip
    log.close()
    recovery = layout(settings).recovery
    options = StreamOptions(
        recovery_dir=recovery, tail=False, snapshot_interval=timedelta(milliseconds=10)
    )
    run_stream(settings, options)
    assert _files_holding(recovery, GINA_SAID)  # the snapshots do keep what gina said

    memory = Memory(settings)
    memory.erase("gina", operator="test")
    memory.close()
    run_stream(settings, options)  # reads the erasure record

    assert _files_holding(tmp_path, GINA_SAID) == {}
    assert _files_holding(recovery, ("Quokkabell",))  # hugo's state is kept
