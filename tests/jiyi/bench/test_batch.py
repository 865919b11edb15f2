from __future__ import annotations

from typer.testing import CliRunner

from jiyi.bench import batch
from jiyi.cli import app


def test_a_small_batch_bench_reports_every_step_and_the_decay_goal():
    report = batch.run(edges=20_000, events=400, lora=False, baseline_edges=2_000)
    names = [t.name for t in report.timings]
    assert len(names) == 6
    assert all(t.items > 0 and t.seconds > 0 for t in report.timings)
    text = batch.report_text(report)
    assert "x the Python loop" in text
    assert "goal < 60 s" in text


def test_synthetic_events_mix_languages_and_low_value_types():
    items = batch.synthetic_events(2, 50, 1_800_000_000_000)
    types = {item.event.event_type.value for item in items}
    assert {"greeting", "small_talk"} <= types
    texts = " ".join(item.raw_text for item in items)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in texts)
    assert any(ch.isascii() and ch.isalpha() for ch in texts)


def test_cli_runs_the_batch_bench():
    result = CliRunner().invoke(
        app, ["bench", "batch", "--edges", "5000", "--events", "200", "--no-lora"]
    )
    assert result.exit_code == 0, result.output
    assert "decay (polars, vectorised)" in result.output
