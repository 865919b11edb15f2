import json

from typer.testing import CliRunner

from engram import __version__
from engram.cli import app

runner = CliRunner()


def test_help_lists_the_commands():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("version", "config", "demo", "bench"):
        assert command in result.output


def test_version():
    result = runner.invoke(app, ["version"])
    assert result.exit_code == 0
    assert result.output.strip() == __version__


def test_config_show_masks_secrets(monkeypatch):
    monkeypatch.setenv("ENGRAM_LLM__API_KEY", "sk-very-secret")
    result = runner.invoke(app, ["config", "show"])
    assert result.exit_code == 0
    shown = json.loads(result.output)
    assert shown["llm"]["api_key"] == "**********"
    assert "sk-very-secret" not in result.output


def test_config_check_fails_with_the_setting_named(monkeypatch):
    monkeypatch.setenv("ENGRAM_GRAPH__BACKEND", "kuzu")
    result = runner.invoke(app, ["config", "check"])
    assert result.exit_code == 2
    assert "ENGRAM_GRAPH__BACKEND" in result.output
    assert "'sqlite' or 'neo4j'" in result.output


def test_config_check_passes_on_defaults(monkeypatch):
    monkeypatch.delenv("ENGRAM_GRAPH__BACKEND", raising=False)
    result = runner.invoke(app, ["config", "check"])
    assert result.exit_code == 0
    assert "settings OK" in result.output


def test_demo_runs_on_the_sample_conversation():
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["accepted"] == 9
    assert len(report["rejected"]) == 4
    assert report["undo"]["turns_after"] < report["undo"]["turns_before"]
