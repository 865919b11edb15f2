"""The dataflow itself, run in-process with `bytewax.testing.run_main` on real embedded stores."""

from __future__ import annotations

import copy
import logging
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

import numpy as np
import pytest
from bytewax.testing import run_main

from jiyi.composition import DataLayout, Stores, open_encoder, open_turn_log, open_turn_source
from jiyi.domain import Role, Turn
from jiyi.ingest import Stage, process_turns
from jiyi.ingest.extract import RuleSettings
from jiyi.ingest.references import SessionEntities
from jiyi.logs import PROJECT_LOGGERS
from jiyi.memory import WARM_UP
from models.embedder import SpaceEncoder
from pipelines import batching, flow
from pipelines.flow import build_flow, get_flow, warm_up
from pipelines.rules_process import _children
from pipelines.sinks import read_progress
from pipelines.steps import Steps

from .conftest import (
    BAD_PAYLOADS,
    dump_stores,
    env_for,
    settings_for,
    turn_for,
    write_turn_log,
)

USERS, TURNS = 3, 12


def test_flow_stores_every_turn_and_dead_letters_every_bad_one(tmp_path: Path) -> None:
    appended = write_turn_log(tmp_path, USERS, TURNS)
    settings = settings_for(tmp_path)
    run_main(build_flow(settings, open_turn_source(settings, tail=False)))

    stores = dump_stores(tmp_path, USERS)
    assert stores["stored_rows"] == len(stores["events"]) > USERS * TURNS  # some turns: 2 events
    assert {payload for _, payload in stores["dead_letters"]} == set(BAD_PAYLOADS)
    ctx = Stores.open(settings)
    reasons = {d.payload: d.reason for d in ctx.dead_letters.entries()}
    ctx.close()
    assert "malformed JSON" in reasons["{not json"]
    assert reasons[BAD_PAYLOADS[1]].startswith("role:")
    assert reasons[BAD_PAYLOADS[2]].startswith("user_id:")
    assert "session_id: Field required" in reasons[BAD_PAYLOADS[3]]
    assert "over the limit" in reasons[BAD_PAYLOADS[4]]

    (progress,) = read_progress(DataLayout(tmp_path).stream_progress)
    assert progress.processed + progress.rejected == appended
    assert progress.rejected == len(BAD_PAYLOADS)
    assert sum(progress.offsets.values()) == appended  # every record of every partition finished


def _rejected_turns() -> list[Turn]:
    """Turns a client can build (they pass `Turn`'s own checks) that a later step sets aside."""
    return [
        turn_for(0, 0).model_copy(update={"content": "ring the bell \x07 now", "turn_id": "bell"}),
        turn_for(1, 0).model_copy(update={"content": "x" * 4_000, "turn_id": "long"}),
    ]


def _dead_letters(data_dir: Path) -> set[tuple[str, str, str, str]]:
    stores = Stores.open(settings_for(data_dir))
    try:
        return {(d.stage, d.reason, d.key, d.payload) for d in stores.dead_letters.entries()}
    finally:
        stores.close()


def test_flow_and_library_path_write_the_same(tmp_path: Path) -> None:
    """Two wirings of the same steps: the stream and `process_turns` must agree exactly, on
    good turns and on the turns they set aside (same stage, same reason, same payload)."""
    write_turn_log(tmp_path / "stream", USERS, TURNS)
    settings = settings_for(tmp_path / "stream", limits={"max_content_bytes": 2_000})
    log = open_turn_log(settings)
    for turn in _rejected_turns():
        log.append(turn)
    log.close()
    run_main(build_flow(settings, open_turn_source(settings, tail=False)))

    ctx = Stores.open(settings_for(tmp_path / "library", limits={"max_content_bytes": 2_000}))
    sessions: dict[str, SessionEntities] = {}
    for i in range(TURNS):
        process_turns([turn_for(u, i) for u in range(USERS)], ctx, sessions)
    report = process_turns(_rejected_turns(), ctx, sessions)
    ctx.close()

    assert [r.stage for r in report.rejected] == [Stage.PARSE, Stage.PARSE]
    stream_letters = {d for d in _dead_letters(tmp_path / "stream") if d[3] not in BAD_PAYLOADS}
    assert stream_letters == _dead_letters(tmp_path / "library")
    assert {reason.split(":")[0] for _, reason, _, _ in stream_letters} == {"content"}
    stream, library = (
        dump_stores(tmp_path / "stream", USERS),
        dump_stores(tmp_path / "library", USERS),
    )
    assert stream["edges"]
    assert stream["events"] == library["events"]
    assert stream["edges"] == library["edges"]


def test_an_age_given_as_the_answer_to_how_old_switches_child_mode(tmp_path: Path) -> None:
    """ "9" after "How old are you?" is a declared age in the stream as in the library."""
    settings = settings_for(tmp_path)
    log = open_turn_log(settings)
    for i, (role, content) in enumerate(
        [("user", "hi can u help with fractions"), ("assistant", "Sure! How old are you?"),
         ("user", "9"), ("user", "12")]  # the second reply answers nothing
    ):  # fmt: skip
        log.append(
            Turn(user_id="kid", session_id="s1", role=Role(role), content=content,
                 client_ts=1_700_000_000_000 + i * 1000)
        )  # fmt: skip
    log.close()
    run_main(build_flow(settings, open_turn_source(settings, tail=False)))
    ctx = Stores.open(settings)
    try:
        state = ctx.consent.get("kid")
        assert state.child_mode
        assert state.declared_age == 9
    finally:
        ctx.close()


def test_embed_batches_close_after_the_configured_window(tmp_path: Path, monkeypatch) -> None:
    windows: list[timedelta] = []
    real = batching.batches

    def recording(step_id, up, window, max_size):  # type: ignore[no-untyped-def]
        windows.append(window)
        return real(step_id, up, window, max_size)

    monkeypatch.setattr(batching, "batches", recording)
    settings = settings_for(tmp_path, stream={"batch_window_ms": 40})
    build_flow(settings, open_turn_source(settings, tail=False))
    assert windows == [timedelta(milliseconds=40)]


class _Recording:
    """The settings' encoder, remembering what it was asked to encode."""

    def __init__(self, inner: SpaceEncoder) -> None:
        self.inner = inner
        self.asked: list[list[str]] = []
        self.dimension, self.space_id = inner.dimension, inner.space_id

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.asked.append(list(texts))
        return self.inner.encode(texts)


def _no_rules_child(rules: RuleSettings) -> None:
    if (earlier := _children.pop(rules, None)) is not None:  # another test's child
        earlier._child.kill()


@pytest.mark.integration
def test_warm_up_opens_the_stores_and_starts_the_rules_child_before_any_turn(
    tmp_path: Path,
) -> None:
    settings = settings_for(tmp_path)
    encoder = _Recording(open_encoder(settings))
    steps = Steps(settings, "turnlog", open_encoder=lambda: encoder)
    rules = RuleSettings.of(settings)
    _no_rules_child(rules)
    warm_up(settings, steps)
    assert encoder.asked[-1] == [WARM_UP["en"], WARM_UP["zh"]]  # after the stores' own
    assert steps.stores.encoder is encoder  # opened once, with it
    assert _children[rules].alive
    steps.stores.close()


@pytest.mark.integration
def test_get_flow_warms_up_before_bytewax_reads_the_log(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """`python -m bytewax.run "pipelines.flow:get_flow()"` starts as warm as `jiyi stream`,
    and logs as it does."""
    for key, value in env_for(tmp_path).items():
        if key.startswith("JIYI_"):
            monkeypatch.setenv(key, value)
    for name in PROJECT_LOGGERS:  # the other tests' logging back as it was, after
        logger = logging.getLogger(name)
        for attribute in ("handlers", "propagate", "level"):
            monkeypatch.setattr(logger, attribute, copy.copy(getattr(logger, attribute)))
    made: list[Steps] = []

    class Recorded(Steps):
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(flow, "Steps", Recorded)
    rules = RuleSettings.of(settings_for(tmp_path))
    _no_rules_child(rules)
    get_flow(tail=False)
    (steps,) = made
    assert steps._stores is not None  # opened before any turn
    assert _children[rules].alive
    steps.stores.close()
    assert "stream warmed up" in capsys.readouterr().err
