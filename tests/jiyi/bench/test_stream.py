from collections.abc import Sequence

import numpy as np
import pytest

from jiyi.bench import stream
from jiyi.config import LimitsSettings
from jiyi.episodic.terms import IndexTerms
from jiyi.extraction.engine import extract
from jiyi.ingest.episodic import embed_batch
from jiyi.ingest.parse import parse_record
from models.channels import TurnChannelEncoder
from models.hashing import HashingEncoder


def test_the_workload_mixes_languages_and_users() -> None:
    turns = stream.workload(200, users=10)
    assert len({t.user_id for t in turns}) == 10
    assert len({t.turn_id for t in turns}) == 200
    assert any("我" in t.content for t in turns)
    assert any(t.content.startswith("I ") for t in turns)


@pytest.mark.integration
def test_the_benchmark_runs_end_to_end_with_one_and_two_workers() -> None:
    result = stream.run(turns=120, users=6, model="hashing:64", workers=(1, 2))
    assert [r.workers for r in result.results] == [1, 2]
    for r in result.results:  # every turn was drained and measured; no timing is asserted
        assert r.turns == 120
        assert 0 < r.p50_ms <= r.p99_ms
    lines = stream.report(result).splitlines()
    assert len(lines) == 4


class _Recording(HashingEncoder):
    """A real (model-free) encoder that keeps every text it was asked to encode."""

    def __init__(self) -> None:
        super().__init__(64)
        self.texts: list[str] = []

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.texts += texts
        return super().encode(texts)


@pytest.mark.parametrize(("turn_channel", "passages"), [(False, 0), (True, 0), (True, 4)])
def test_the_second_baseline_encodes_exactly_what_the_stream_embeds(
    turn_channel: bool, passages: int
) -> None:
    turns = stream.workload(60, users=6)
    longer = "I don't understand photosynthesis. The light reactions lose me every time!"
    turns[0] = turns[0].model_copy(update={"content": longer})  # the workload's are short
    own, beside = _Recording(), _Recording()
    encoder = TurnChannelEncoder(own, beside, passages) if turn_channel else own
    works = []
    for turn in turns:
        work = parse_record(turn.model_dump_json(), key=turn.user_id, source="t",
                            limits=LimitsSettings(max_content_bytes=40_000))  # fmt: skip
        works.append(work.with_events(extract(turn)))
    embed_batch(works, encoder, IndexTerms(b"a key of sixteen bytes"), keep_raw_text=False)

    measured = stream.embedded_texts(turns, encoder)
    for recorded in (own, beside):
        texts = [text for called, batch in measured if called is recorded for text in batch]
        assert sorted(texts) == sorted(recorded.texts)
    read = longer.replace(". ", ".|").split("|") if passages else [longer]  # pooled passages
    assert beside.texts == (read if turn_channel else [])
    assert all(extract(turn) for turn in turns)  # every workload turn yields an event


def test_the_breakdown_times_every_step_within_the_runs_total() -> None:
    result = stream.breakdown(turns=48, users=4, model="hashing:64", runs=1)
    assert list(result.rows_ms) == list(stream.BREAKDOWN_ROWS)
    assert all(ms > 0 for ms in result.rows_ms.values())  # every step ran and was timed
    assert sum(result.rows_ms.values()) <= result.total_ms  # the steps run inside the total
    assert result.bytewax_ms >= 0
    assert result.encoder_turns_ms > 0
    assert result.encoder_events_ms > 0
    lines = stream.report_breakdown(result).splitlines()
    assert len(lines) == 2 + len(stream.BREAKDOWN_ROWS) + 5


def test_the_breakdown_under_light_load_writes_a_turn_at_a_time_beside_stored_users(
    monkeypatch,
) -> None:
    """`batch` 1: one upsert per turn; `stored_users`: rows in the store before the drain."""
    upserts: list[int] = []
    counts: list[int] = []
    original = stream.TimedSteps.upsert

    def counting(self, embedded):  # type: ignore[no-untyped-def]
        upserts.append(len(embedded[0].works))
        counts.append(self.stores.episodic.count())
        return original(self, embedded)

    monkeypatch.setattr(stream.TimedSteps, "upsert", counting)
    result = stream.breakdown(turns=12, users=3, model="hashing:64", runs=1, batch=1,
                              stored_users=2)  # fmt: skip
    assert result.batch == 1
    assert result.stored_rows == 2 * 12  # an event per distinct text, 12 of them, per user
    assert set(upserts) == {1}  # the warm-up drain included
    measured = counts[-12:]  # the measured drain's turns, after the warm-up's
    assert min(measured) >= result.stored_rows  # the stored users were there throughout
    report = stream.report_breakdown(result)
    assert "(1 turns at most)" in report
    assert "held 24 rows of other users" in report
