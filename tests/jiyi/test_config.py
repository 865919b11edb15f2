from pathlib import Path

import pytest
from pydantic import ValidationError

from jiyi.config import ConfigError, Settings, load_settings, public_view
from jiyi.domain import RelationClass


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch, tmp_path):
    """Run each test in an empty directory with no JIYI_* variables from the developer's shell."""
    for name in [n for n in __import__("os").environ if n.startswith("JIYI_")]:
        monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)


def test_defaults_are_the_design_rules():
    settings = load_settings()
    assert settings.data_dir == Path(".jiyi")
    assert settings.working_memory.max_turns_per_session == 50
    assert settings.working_memory.assistant_max_chars == 500
    assert settings.episodic.backend == "lancedb"
    assert settings.episodic.max_events_per_user == 200
    assert settings.graph.backend == "sqlite"
    assert settings.graph.old_weight == 0.3
    assert settings.graph.counter_evidence_factor == 0.5
    assert settings.graph.half_life_days[RelationClass.PREFERENCE] == 90
    assert settings.graph.half_life_days[RelationClass.EMOTION] == 1
    assert settings.forgetting.noise_min_count == 5
    assert settings.forgetting.noise_factor == 0.3
    assert settings.privacy.child_age_threshold == 13
    assert settings.limits.max_content_bytes == 32 * 1024


def test_environment_variables_override(monkeypatch):
    monkeypatch.setenv("JIYI_DATA_DIR", "/tmp/jiyi-x")
    monkeypatch.setenv("JIYI_WORKING_MEMORY__MAX_TURNS_PER_SESSION", "20")
    monkeypatch.setenv("JIYI_GRAPH__HALF_LIFE_DAYS", '{"default": 10, "emotion": 0.5}')
    settings = load_settings()
    assert settings.data_dir == Path("/tmp/jiyi-x")
    assert settings.working_memory.max_turns_per_session == 20
    assert settings.graph.half_life_days[RelationClass.DEFAULT] == 10


def test_toml_file_is_read_and_env_wins(monkeypatch, tmp_path):
    config = tmp_path / "custom.toml"
    config.write_text(
        '[episodic]\nbackend = "weaviate"\nweaviate_url = "http://localhost:8080"\n'
        "[working_memory]\nmax_sessions = 7\n"
    )
    settings = load_settings(config)
    assert settings.episodic.backend == "weaviate"
    assert settings.working_memory.max_sessions == 7
    monkeypatch.setenv("JIYI_WORKING_MEMORY__MAX_SESSIONS", "9")
    assert load_settings(config).working_memory.max_sessions == 9


def test_jiyi_toml_in_the_working_directory_is_picked_up(tmp_path):
    (tmp_path / "jiyi.toml").write_text('log_level = "DEBUG"\n')
    assert load_settings().log_level == "DEBUG"


def test_config_file_from_environment(monkeypatch, tmp_path):
    config = tmp_path / "elsewhere.toml"
    config.write_text("[turn_log]\npartitions = 8\n")
    monkeypatch.setenv("JIYI_CONFIG_FILE", str(config))
    assert load_settings().turn_log.partitions == 8


def test_missing_config_file_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings(tmp_path / "nope.toml")


@pytest.mark.parametrize(
    ("env", "value", "expected"),
    [
        ("JIYI_EPISODIC__BACKEND", "mongo", "'lancedb' or 'weaviate'"),
        ("JIYI_GRAPH__BACKEND", "kuzu", "'sqlite' or 'neo4j'"),
        ("JIYI_ARCHIVE__BACKEND", "gcs", "'local' or 's3'"),
        ("JIYI_TURN_LOG__BACKEND", "redis", "'local' or 'kafka'"),
        ("JIYI_GRAPH__OLD_WEIGHT", "1.5", "less than or equal to 1"),
        ("JIYI_STREAM__BATCH_WINDOW_MS", "0", "greater than or equal to 1"),
    ],
)
def test_wrong_settings_name_the_setting_and_allowed_values(monkeypatch, env, value, expected):
    monkeypatch.setenv(env, value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert env in message
    assert expected in message
    assert repr(value) in message


def test_one_passage_per_turn_is_refused_none_or_several_are_fine():
    with pytest.raises(ConfigError, match="turn_passages"):
        load_settings(embedder={"turn_passages": 1})
    assert load_settings(embedder={"turn_passages": 0}).embedder.turn_passages == 0
    assert load_settings(embedder={"turn_passages": 2}).embedder.turn_passages == 2


def test_backends_that_need_a_server_need_its_address():
    with pytest.raises(ConfigError, match="neo4j_uri"):
        load_settings(graph={"backend": "neo4j"})
    with pytest.raises(ConfigError, match="s3_bucket"):
        load_settings(archive={"backend": "s3"})
    with pytest.raises(ConfigError, match="kafka_bootstrap_servers"):
        load_settings(turn_log={"backend": "kafka"})


def test_unknown_settings_are_rejected(tmp_path):
    config = tmp_path / "typo.toml"
    config.write_text("[working_memory]\nmax_turn = 3\n")
    with pytest.raises(ConfigError, match=r"working_memory\.max_turn"):
        load_settings(config)


def test_public_view_masks_secrets():
    settings = Settings(
        graph={"backend": "neo4j", "neo4j_uri": "bolt://x", "neo4j_password": "hunter2"},
        llm={"api_key": "sk-secret"},
    )
    shown = str(public_view(settings))
    assert "hunter2" not in shown
    assert "sk-secret" not in shown
    assert "**********" in shown


def test_recall_weights_come_from_settings_and_cannot_both_be_zero():
    settings = Settings(episodic={"lexical_weight": 0.4, "vector_weight": 0.6})
    assert (settings.episodic.lexical_weight, settings.episodic.vector_weight) == (0.4, 0.6)
    with pytest.raises(ValidationError, match="must not both be 0"):
        Settings(episodic={"lexical_weight": 0, "vector_weight": 0})


def test_a_data_directory_written_under_the_old_name_is_refused_not_read(tmp_path):
    old = tmp_path / ".engram"
    (old / "episodic").mkdir(parents=True)
    (old / "graph.sqlite3").write_bytes(b"")
    with pytest.raises(ConfigError, match=r"\.engram.*old name.*mkdir"):
        load_settings()
    with pytest.raises(ConfigError, match="old name"):
        load_settings(data_dir=old)
    assert sorted(p.name for p in old.iterdir()) == ["episodic", "graph.sqlite3"]  # untouched
    (tmp_path / ".jiyi").mkdir()  # the documented way to start afresh beside it
    assert load_settings().data_dir == Path(".jiyi")


def test_an_unrelated_dot_engram_directory_is_left_alone(tmp_path):
    (tmp_path / ".engram" / "notes").mkdir(parents=True)  # not our layout: someone else's tool
    assert load_settings().data_dir == Path(".jiyi")
