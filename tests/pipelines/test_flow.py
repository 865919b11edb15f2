"""The dataflow itself, run in-process with `bytewax.testing.run_main` on real embedded stores."""

from __future__ import annotations

from pathlib import Path

from bytewax.testing import run_main

from jiyi.ingest import IngestContext, process_turns
from jiyi.ingest.references import SessionEntities
from pipelines.flow import build_flow, source_for
from pipelines.sinks import read_progress

from .conftest import BAD_PAYLOADS, dump_stores, settings_for, turn_for, write_turn_log

USERS, TURNS = 3, 12


def test_flow_stores_every_turn_and_dead_letters_every_bad_one(tmp_path: Path) -> None:
    appended = write_turn_log(tmp_path, USERS, TURNS)
    settings = settings_for(tmp_path)
    run_main(build_flow(settings, source_for(settings, tail=False)))

    stores = dump_stores(tmp_path, USERS)
    assert stores["stored_rows"] == len(stores["events"]) > USERS * TURNS  # some turns: 2 events
    assert {payload for _, payload in stores["dead_letters"]} == set(BAD_PAYLOADS)
    ctx = IngestContext.open(settings)
    reasons = {d.payload: d.reason for d in ctx.dead_letters.entries()}
    ctx.close()
    assert "malformed JSON" in reasons["{not json"]
    assert reasons[BAD_PAYLOADS[1]].startswith("role:")
    assert reasons[BAD_PAYLOADS[2]].startswith("user_id:")
    assert "session_id: Field required" in reasons[BAD_PAYLOADS[3]]
    assert "over the limit" in reasons[BAD_PAYLOADS[4]]

    (progress,) = read_progress(tmp_path)
    assert progress.processed + progress.rejected == appended
    assert progress.rejected == len(BAD_PAYLOADS)
    assert sum(progress.offsets.values()) == appended  # every record of every partition finished


def test_flow_and_library_path_write_the_same(tmp_path: Path) -> None:
    """Two wirings of the same steps: the stream and `process_turns` must agree exactly."""
    write_turn_log(tmp_path / "stream", USERS, TURNS)
    settings = settings_for(tmp_path / "stream")
    run_main(build_flow(settings, source_for(settings, tail=False)))

    ctx = IngestContext.open(settings_for(tmp_path / "library"))
    sessions: dict[str, SessionEntities] = {}
    for i in range(TURNS):
        process_turns([turn_for(u, i) for u in range(USERS)], ctx, sessions)
    for payload in BAD_PAYLOADS:
        ctx.dead_letters.put(payload, "parse", "-", "user0")  # only events and edges compared
    ctx.close()

    stream, library = (
        dump_stores(tmp_path / "stream", USERS),
        dump_stores(tmp_path / "library", USERS),
    )
    assert stream["edges"]
    assert stream["events"] == library["events"]
    assert stream["edges"] == library["edges"]
