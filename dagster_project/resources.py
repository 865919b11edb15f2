"""Resources: jiyi's settings, stores, archive and models, chosen per deployment by settings.

A deployment is an jiyi settings source: the local embedded default (LanceDB, SQLite, a local
archive directory under `data_dir`), or production backends named by `JIYI_*` variables or the
TOML file in `config_file` (Weaviate, Neo4j, S3 ...). Assets only call these factories.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import dagster as dg
import polars as pl
import pyarrow as pa

from jiyi.archive import Archive, open_archive
from jiyi.config import Settings, load_settings
from jiyi.domain import Turn
from jiyi.episodic.store import EpisodicStore, embedder_for, open_episodic_store
from jiyi.feedback import FeedbackLog
from jiyi.ingest.context import turn_log_dir
from jiyi.memory import feedback_path
from jiyi.metrics import TURN_SCHEMA, recall_frame
from jiyi.turnlog import LocalTurnLog
from models.embedder import SpaceEncoder
from models.registry import AdapterRegistry
from models.training import TrainingConfig


class JiyiResource(dg.ConfigurableResource):  # type: ignore[misc]
    """jiyi's settings (env / TOML / overrides) and the stores they name."""

    config_file: str | None = None
    data_dir: str | None = None
    embedder_model: str | None = None
    as_of_ms: int | None = None  # fixes "now" (tests, backfills); None = the wall clock

    def settings(self) -> Settings:
        overrides: dict[str, Any] = {}
        if self.data_dir:
            overrides["data_dir"] = Path(self.data_dir)
        settings = load_settings(Path(self.config_file) if self.config_file else None, **overrides)
        if self.embedder_model:
            embedder = settings.embedder.model_copy(update={"model": self.embedder_model})
            settings = settings.model_copy(update={"embedder": embedder})
        return settings

    def now_ms(self) -> int:
        return self.as_of_ms if self.as_of_ms is not None else time.time_ns() // 1_000_000

    def encoder(self) -> SpaceEncoder:
        return embedder_for(self.settings())

    def episodic(self, encoder: SpaceEncoder | None = None) -> EpisodicStore:
        return open_episodic_store(self.settings(), encoder)

    def turns(self) -> pl.DataFrame:
        """Every valid turn in the local turn log (malformed payloads are the stream's to
        dead-letter); a Kafka turn log has no history to read here, so it reads as empty."""
        settings = self.settings()
        directory = turn_log_dir(settings)
        rows: list[dict[str, object]] = []
        if settings.turn_log.backend == "local" and directory.is_dir():
            log = LocalTurnLog(directory, settings.turn_log.partitions)
            try:
                for partition in range(log.partitions):
                    after = 0
                    while batch := log.read(partition, after, limit=5000):
                        after = batch[-1].offset
                        rows.extend(_turn_row(r.payload) for r in batch)
            finally:
                log.close()
        valid = [r for r in rows if r]
        schema = {**TURN_SCHEMA, "turn_id": pl.String, "content": pl.String}
        return pl.DataFrame(valid, schema=schema)

    def recalls(self) -> pl.DataFrame:
        """Recalled items with session, query and outcome, from the feedback log + turn log."""
        log = FeedbackLog(feedback_path(self.settings()))
        try:
            recalls, feedback = log.frames()
        finally:
            log.close()
        return recall_frame(_frame(recalls), _frame(feedback), self.turns())


def _frame(table: pa.Table) -> pl.DataFrame:
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame


def _turn_row(payload: str) -> dict[str, object]:
    try:
        turn = Turn.model_validate(json.loads(payload))
    except ValueError:
        return {}
    return turn.model_dump(
        mode="json", include={"user_id", "session_id", "role", "client_ts", "turn_id", "content"}
    )


class ArchiveResource(dg.ConfigurableResource):  # type: ignore[misc]
    """The cold archive named by settings.archive (local directory or S3)."""

    jiyi: JiyiResource

    def open(self) -> Archive:
        return open_archive(self.jiyi.settings())


class ModelsResource(dg.ConfigurableResource):  # type: ignore[misc]
    """The adapter registry and how candidates are trained and judged."""

    jiyi: JiyiResource
    epochs: int = 8
    batch_size: int = 32
    learning_rate: float = 2e-3
    eval_fraction: float = 0.2
    pair_dir: str | None = None  # domain pair files; None = the repository's data/training

    def registry(self) -> AdapterRegistry:
        return AdapterRegistry(self.jiyi.settings().data_dir / "adapters")

    def training_config(self) -> TrainingConfig:
        return TrainingConfig(
            epochs=self.epochs, batch_size=self.batch_size, learning_rate=self.learning_rate
        )


def default_resources() -> dict[str, dg.ConfigurableResource]:
    """Settings come from the environment (`JIYI_*`, `JIYI_CONFIG_FILE`): the deployment."""
    jiyi = JiyiResource()
    return {
        "jiyi": jiyi,
        "archive": ArchiveResource(jiyi=jiyi),
        "models": ModelsResource(jiyi=jiyi),
    }
