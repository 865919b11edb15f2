"""The maintenance, archive and metrics assets run in-process on a real embedded deployment:
LanceDB events (hashing encoder), a local turn log, a SQLite graph, the feedback log."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import polars as pl
import pytest

from dagster_project.assets import archive, maintenance, metrics
from dagster_project.resources import ArchiveResource, JiyiResource, ModelsResource
from jiyi.audit import AuditLog
from jiyi.bench.batch import DAY_MS, synthetic_events
from jiyi.composition import open_encoder, open_feedback_log, open_index_terms
from jiyi.config import load_settings
from jiyi.domain import Role, Turn
from jiyi.episodic.indexing import build_records
from jiyi.episodic.lancedb_store import MARKS_FILE, LanceEpisodicStore
from jiyi.episodic.records import arrow_schema
from jiyi.episodic.user_rows import UserMarks
from jiyi.feedback import FeedbackKind
from jiyi.graph.service import GraphService
from jiyi.graph.sqlite_store import SqliteGraphStore
from jiyi.turnlog.local import LocalTurnLog
from models.embedder import SpaceEncoder

NOW = 1_800_000_000_000
MODEL = "hashing:64"


def _encoder() -> SpaceEncoder:
    """The deployment's encoder for `MODEL` (with its turn channel)."""
    return open_encoder(load_settings(embedder={"model": MODEL}))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    encoder = _encoder()
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    items = synthetic_events(5, 60, NOW, days=45)
    terms = open_index_terms(load_settings(data_dir=tmp_path))  # the deployment's own key
    store.upsert(build_records(items, encoder, terms, False))
    log = LocalTurnLog(tmp_path / "turnlog", 4)
    for event, text, _ in items[:120]:
        log.append(Turn(user_id=event.user_id, session_id=event.session_id, role=Role.USER,
                        content=text, client_ts=event.ts))  # fmt: skip
    log.close()
    settings = load_settings(data_dir=tmp_path)
    graph = SqliteGraphStore(tmp_path / "graph.sqlite3")
    service = GraphService(graph, AuditLog(tmp_path / "audit.sqlite3"), settings.graph)
    for user, concept in [("u000000", "楞次定律"), ("u000001", "velocity")]:
        service.assert_belief(
            user, "learning_obstacle", concept, confidence=0.8, source="rule", operator="t",
            at=NOW - 20 * DAY_MS,
        )  # fmt: skip
    graph.close()
    feedback = open_feedback_log(settings)
    recalled = [item.event for item in items[:4]]  # one user's events
    at = max(e.ts for e in recalled) + 1
    feedback.recalled(recalled[0].user_id, [e.event_id for e in recalled], at=at)
    for event, kind in zip(recalled, ["useful", "dont_bring_up", None, "useful"], strict=True):
        if kind:
            feedback.record(event.user_id, event.event_id, FeedbackKind(kind), at=at + 5)
    feedback.close()
    return tmp_path


def _resources(data_dir: Path) -> dict[str, dg.ConfigurableResource]:
    jiyi = JiyiResource(data_dir=str(data_dir), embedder_model=MODEL, as_of_ms=NOW)
    return {
        "jiyi": jiyi,
        "archive": ArchiveResource(jiyi=jiyi),
        "models": ModelsResource(jiyi=jiyi),
    }


def _materialize(data_dir: Path) -> dg.ExecuteInProcessResult:
    defs = [
        dg.load_assets_from_modules([maintenance, archive, metrics]),
        dg.load_asset_checks_from_modules([maintenance, archive, metrics]),
    ]
    return dg.materialize(
        [d for group in defs for d in group], resources=_resources(data_dir), raise_on_error=True
    )


def _metadata(result: dg.ExecuteInProcessResult, asset: str) -> dict[str, object]:
    (event,) = result.asset_materializations_for_node(asset)
    return {k: v.value for k, v in event.metadata.items()}


def test_nightly_maintenance_archive_and_metrics_materialise(data_dir: Path):
    encoder = _encoder()
    before = LanceEpisodicStore(data_dir / "episodic", encoder.space_id, encoder.dimension).count()
    result = _materialize(data_dir)
    assert result.success
    merged = _metadata(result, "merged_events")
    archived = _metadata(result, "archived_events")
    assert merged["removed"] > 0
    assert archived["archived"] == archived["deleted_from_hot_store"] > 0
    after = LanceEpisodicStore(data_dir / "episodic", encoder.space_id, encoder.dimension).count()
    assert after == before - merged["removed"] - archived["deleted_from_hot_store"]
    assert _metadata(result, "decayed_edges")["edges"] == 2
    metrics_meta = _metadata(result, "product_metrics")
    assert metrics_meta["memory_interference_rate"] == pytest.approx(0.25)
    history = pl.read_parquet(data_dir / "batch" / "metrics" / "history.parquet")
    assert set(history["metric"]) >= {"session_depth", "memory_interference_rate"}
    checks = {c.check_name: c.passed for c in result.get_asset_check_evaluations()}
    assert checks == {
        "users_within_cap": True,
        "cold_events_archived": True,
        "decay_within_bounds": True,
        "metrics_in_range": True,
    }


def test_the_night_writes_again_the_packs_of_the_users_read_before_that_it_rewrote(
    data_dir: Path,
):
    encoder = _encoder()
    path = data_dir / "episodic"
    reader = LanceEpisodicStore(path, encoder.space_id, encoder.dimension)
    read = sorted(set(reader.scan().column("user_id").to_pylist()))[:2]
    for user in read:
        reader.scan(user)
    reader.close()  # writes their packs
    result = _materialize(data_dir)
    assert _metadata(result, "merged_events")["removed"] > 0
    assert _metadata(result, "repacked_users")["users"] == len(read)
    marks = UserMarks(path / MARKS_FILE, arrow_schema(encoder.dimension, encoder.space_id))
    assert marks.unpacked() == []
    for user in read:
        assert marks.packed(user, marks.of(user)) is not None


def test_a_second_night_changes_nothing_already_done(data_dir: Path):
    _materialize(data_dir)
    again = _materialize(data_dir)
    assert _metadata(again, "merged_events")["removed"] == 0
    assert _metadata(again, "archived_events")["archived"] == 0
    assert _metadata(again, "noise_weights")["down_weighted"] == 0


def test_an_adapter_learns_from_each_turn_and_the_next_but_never_a_childs_words(data_dir: Path):
    from dagster_project.assets.embedder import training_pairs
    from jiyi.composition import open_consent_store

    settings = load_settings(data_dir=data_dir)
    before = _resources(data_dir)["jiyi"]
    turns = before.turns()  # type: ignore[attr-defined]
    accepted = before.recalls().filter(pl.col("outcome") == "accepted")  # type: ignore[attr-defined]
    (child,) = set(accepted["user_id"])  # the fixture's one user with recalls is the child
    consent = open_consent_store(settings)
    consent.set_child_mode(child, True)
    consent.close()
    resources = _resources(data_dir)
    jiyi = resources["jiyi"]
    assert child not in set(jiyi.training_turns()["user_id"])  # type: ignore[attr-defined]
    split = training_pairs(jiyi=jiyi, models=resources["models"]).value
    pairs = split.train + split.held_out
    others = set(turns.filter(pl.col("user_id") != child)["content"])
    childs_words = set(turns.filter(pl.col("user_id") == child)["content"]) - others
    assert childs_words  # said by the child alone
    assert not any(p.query in childs_words or p.positive in childs_words for p in pairs)
    conversation = [p for p in pairs if p.source == "conversation"]
    assert conversation
    assert all(not p.group.startswith(f"{child}/") for p in conversation)
    assert not [p for p in pairs if p.source == "recall"]  # the child's queries are their words
