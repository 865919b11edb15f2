"""Resources: jiyi's settings, stores, archive and models, chosen per deployment by settings.

A deployment is an jiyi settings source: the local embedded default (LanceDB, SQLite, a local
archive directory under `data_dir`), or production backends named by `JIYI_*` variables or the
TOML file in `config_file` (Weaviate, Neo4j, S3 ...). Assets only call these factories.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import dagster as dg
import polars as pl
import pyarrow as pa
from pydantic import PrivateAttr

from jiyi import clock
from jiyi.archive import Archive
from jiyi.composition import (
    DataLayout,
    adapter_registry,
    layout,
    open_archive,
    open_consent_store,
    open_encoder,
    open_episodic_store,
    open_feedback_log,
    open_graph_store,
    turn_history,
)
from jiyi.config import Settings, load_settings
from jiyi.domain import Turn
from jiyi.episodic.store import EpisodicStore
from jiyi.graph.store import GraphStore
from jiyi.metrics import TURN_SCHEMA, recall_frame
from models.embedder import SpaceEncoder
from models.registry import AdapterRegistry
from models.training import TrainingConfig

T = TypeVar("T")


class JiyiResource(dg.ConfigurableResource):  # type: ignore[misc]
    """jiyi's settings (env / TOML / overrides) and the stores they name.

    Settings, the encoder and the episodic store are opened once per run and shared by every
    asset and check of it (loading the model is the expensive part); `reopen` drops them after
    the live store or the promoted model changed underneath.
    """

    config_file: str | None = None
    data_dir: str | None = None
    embedder_model: str | None = None
    as_of_ms: int | None = None  # fixes "now" (tests, backfills); None = the wall clock

    _opened: dict[str, Any] = PrivateAttr(default_factory=dict)

    def _once(self, name: str, make: Callable[[], T]) -> T:
        if name not in self._opened:
            self._opened[name] = make()
        return cast(T, self._opened[name])

    def settings(self) -> Settings:
        return self._once("settings", self._load_settings)

    def _load_settings(self) -> Settings:
        overrides: dict[str, Any] = {}
        if self.data_dir:
            overrides["data_dir"] = Path(self.data_dir)
        settings = load_settings(Path(self.config_file) if self.config_file else None, **overrides)
        if self.embedder_model:
            embedder = settings.embedder.model_copy(update={"model": self.embedder_model})
            settings = settings.model_copy(update={"embedder": embedder})
        return settings

    def layout(self) -> DataLayout:
        return layout(self.settings())

    def now_ms(self) -> int:
        return self.as_of_ms if self.as_of_ms is not None else clock.now_ms()

    def encoder(self) -> SpaceEncoder:
        return self._once("encoder", lambda: open_encoder(self.settings()))

    def episodic(self) -> EpisodicStore:
        return self._once("episodic", lambda: open_episodic_store(self.settings(), self.encoder()))

    def graph(self) -> GraphStore:
        return self._once("graph", lambda: open_graph_store(self.settings()))

    def reopen(self) -> None:
        """Close what this run opened; the next call opens it afresh."""
        for name in ("episodic", "graph"):
            if name in self._opened:
                self._opened.pop(name).close()
        self._opened.clear()

    def teardown_after_execution(self, context: dg.InitResourceContext) -> None:
        self.reopen()

    def turns(self) -> pl.DataFrame:
        """Every valid turn in the local turn log (malformed payloads are the stream's to
        dead-letter); a Kafka turn log has no history to read here, so it reads as empty."""
        rows = [_turn_row(record.payload) for record in turn_history(self.settings())]
        valid = [r for r in rows if r]
        schema = {**TURN_SCHEMA, "turn_id": pl.String, "content": pl.String}
        return pl.DataFrame(valid, schema=schema)

    def training_turns(self) -> pl.DataFrame:
        """The turns an adapter may learn from: none of a user in child mode, whose words no
        store keeps (`jiyi.privacy.policy.minimise_for_child`) and no adapter may either."""
        turns = self.turns()
        consent = open_consent_store(self.settings())
        try:
            children = [u for u in turns["user_id"].unique() if consent.get(u).child_mode]
        finally:
            consent.close()
        return turns.filter(~pl.col("user_id").is_in(children))

    def recalls(self) -> pl.DataFrame:
        """Recalled items with session, query and outcome, from the feedback log + turn log."""
        log = open_feedback_log(self.settings())
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
        return adapter_registry(self.jiyi.settings())

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
