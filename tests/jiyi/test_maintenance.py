from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jiyi.archive.local import local_archive
from jiyi.audit import AuditLog
from jiyi.bench.batch import DAY_MS
from jiyi.config import EpisodicSettings, ForgettingSettings, GraphSettings, load_settings
from jiyi.domain import (
    Event,
    EventType,
    ExtractionSource,
    RelationClass,
    RelationKind,
    event_id_for,
    text_hash,
)
from jiyi.episodic.indexing import build_records
from jiyi.episodic.lancedb_store import LanceEpisodicStore
from jiyi.episodic.records import IndexItem, StoredEvent, from_table
from jiyi.episodic.terms import IndexTerms
from jiyi.graph.decay import decayed_confidence
from jiyi.graph.service import GraphService
from jiyi.graph.sqlite_store import SqliteGraphStore
from jiyi.maintenance import (
    decay_changes,
    decay_edges,
    merge_to_fixpoint,
    nightly_for_user,
    noise_mask,
    read_edges,
    reembed_sync,
    run_decay,
    run_merging,
    run_noise,
    swap_directories,
)
from models.channels import TurnChannelEncoder
from models.hashing import HashingEncoder

NOW = 1_800_000_000_000
GRAPH = GraphSettings()


def _edges(n: int, seed: int = 1) -> pl.DataFrame:
    rng = random.Random(seed)
    kinds = [k.value for k in RelationKind]
    classes = [c.value for c in RelationClass]
    return pl.DataFrame(
        {
            "user_id": [f"u{i % 7}" for i in range(n)],
            "edge_id": [f"e{i:06d}" for i in range(n)],
            "relation": [rng.choice(kinds) for _ in range(n)],
            "confidence": [rng.uniform(0.1, 1.0) for _ in range(n)],
            "updated_at": [NOW - rng.randrange(400 * DAY_MS) for _ in range(n)],
            "invalid_at": [None] * n,
            "decay_class": [rng.choice([None, *classes]) for _ in range(n)],
        },
        schema_overrides={"invalid_at": pl.Int64, "decay_class": pl.String},
    )


def test_vectorised_decay_equals_the_read_path_function():
    edges = _edges(2000)
    out = decay_edges(edges, NOW, GRAPH)
    for row in out.iter_rows(named=True):
        own = RelationClass(row["decay_class"]) if row["decay_class"] else None
        expected = decayed_confidence(
            row["confidence"], row["updated_at"], NOW, RelationKind(row["relation"]), GRAPH, own
        )
        assert row["decayed"] == pytest.approx(expected, abs=1e-12)


@settings(max_examples=50, deadline=None)
@given(
    confidence=st.floats(0.1, 1.0),
    age_days=st.floats(0, 3000),
    relation=st.sampled_from(list(RelationKind)),
)
def test_decay_stays_between_floor_and_stored_value(confidence, age_days, relation):
    edges = pl.DataFrame(
        {
            "user_id": ["u"],
            "edge_id": ["e"],
            "relation": [relation.value],
            "confidence": [confidence],
            "updated_at": [NOW - int(age_days * DAY_MS)],
            "invalid_at": [None],
            "decay_class": [None],
        },
        schema_overrides={"invalid_at": pl.Int64, "decay_class": pl.String},
    )
    (value,) = decay_edges(edges, NOW, GRAPH)["decayed"]
    assert min(confidence, GRAPH.decay_floor) <= value <= confidence


def test_half_lives_follow_settings():
    edges = _edges(1).with_columns(
        pl.lit("prefers").alias("relation"),
        pl.lit(0.8).alias("confidence"),
        pl.lit(NOW - 90 * DAY_MS).alias("updated_at"),
        pl.lit(None, dtype=pl.String).alias("decay_class"),
    )
    assert decay_edges(edges, NOW, GRAPH)["decayed"][0] == pytest.approx(0.4)
    structural = edges.with_columns(pl.lit("prerequisite_of").alias("relation"))
    assert decay_edges(structural, NOW, GRAPH)["decayed"][0] == pytest.approx(0.8)
    standing = edges.with_columns(  # a standing feeling fades by its own class, not the emotion's
        pl.lit("feels").alias("relation"), pl.lit("default").alias("decay_class")
    )
    assert decay_edges(standing, NOW, GRAPH)["decayed"][0] == pytest.approx(0.8 * 0.5**3)


def test_bad_edges_are_refused_naming_the_field():
    with pytest.raises(ValueError, match=r"edges\.relation"):
        decay_edges(_edges(3).with_columns(pl.lit("hates").alias("relation")), NOW, GRAPH)
    with pytest.raises(ValueError, match="missing columns"):
        decay_edges(_edges(3).drop("updated_at"), NOW, GRAPH)


def test_decay_changes_name_what_moved():
    base = _edges(1).with_columns(
        pl.lit("knows").alias("relation"),  # the default class: 30 days
        pl.lit(0.9).alias("confidence"),
        pl.lit(NOW).alias("updated_at"),
        pl.lit(None, dtype=pl.String).alias("decay_class"),
    )
    first = decay_edges(base, NOW, GRAPH)
    assert decay_changes(first, None, GRAPH)["status"].to_list() == ["new"]
    assert decay_changes(first, first, GRAPH).height == 0
    later = decay_edges(base, NOW + 30 * DAY_MS, GRAPH)  # 0.9 → 0.45: under the 0.5 threshold
    assert decay_changes(later, first, GRAPH)["status"].to_list() == ["below_threshold"]
    much_later = decay_edges(base, NOW + 400 * DAY_MS, GRAPH)
    assert decay_changes(much_later, later, GRAPH)["status"].to_list() == ["at_floor"]
    slightly = decay_edges(base, NOW + 3 * DAY_MS, GRAPH)
    assert decay_changes(slightly, first, GRAPH)["status"].to_list() == ["decayed"]


def test_run_decay_reads_every_users_edges_and_records_changes(tmp_path: Path):
    settings = load_settings(data_dir=tmp_path)
    store = SqliteGraphStore(tmp_path / "graph.sqlite3")
    service = GraphService(store, AuditLog(tmp_path / "audit.sqlite3"), settings.graph)
    for user, concept in [("u-zh", "电磁感应"), ("u-en", "velocity")]:
        service.assert_belief(
            user, "mastery", concept, confidence=0.9, source="human", operator="t", at=NOW
        )
    edges = read_edges(store)
    assert sorted(edges["user_id"].to_list()) == ["u-en", "u-zh"]
    first = run_decay(store, settings, NOW)
    assert first.edges == 2
    assert first.changes["new"] == 2
    second = run_decay(store, settings, NOW + 180 * DAY_MS)  # mastery: the skill class, 180 d
    assert second.changes["below_threshold"] == 2
    snapshot = pl.read_parquet(second.snapshot)
    assert snapshot["decayed"].to_list() == pytest.approx([0.45, 0.45])
    assert len(list((tmp_path / "batch" / "decay").glob("changes-*.parquet"))) == 2
    store.close()


def _brute_noise(frame: pl.DataFrame, s: ForgettingSettings) -> list[bool]:
    window = s.noise_window_days * DAY_MS
    rows = frame.to_dicts()
    flags = [False] * len(rows)
    for a in rows:
        same = [
            j
            for j, b in enumerate(rows)
            if (b["user_id"], b["event_type"], b["raw_hash"])
            == (a["user_id"], a["event_type"], a["raw_hash"])
            and a["ts"] <= b["ts"] < a["ts"] + window
        ]
        if sum(rows[j]["count"] for j in same) >= s.noise_min_count:
            for j in same:
                flags[j] = True
    return flags


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["u1", "u2"]),
            st.sampled_from(["greeting", "goal"]),
            st.sampled_from(["h1", "h2"]),
            st.integers(0, 20 * DAY_MS),
            st.sampled_from([1, 1, 1, 3]),
        ),
        max_size=40,
    )
)
def test_noise_mask_matches_a_brute_force_window_count(rows):
    schema = ["user_id", "event_type", "raw_hash", "ts", "count"]
    frame = pl.DataFrame(rows, schema=schema, orient="row")
    s = ForgettingSettings()
    assert noise_mask(frame, s).tolist() == _brute_noise(frame, s)


def test_noise_needs_the_same_thing_five_times_within_seven_days():
    s = ForgettingSettings()
    day = DAY_MS
    frame = pl.DataFrame(
        {
            "user_id": ["a"] * 5 + ["b"] * 5 + ["c"] * 4 + ["d"] * 5 + ["e"] * 5,
            "event_type": ["question"] * 5
            + ["question"] * 5
            + ["question"] * 4
            + ["question", "goal", "question", "goal", "question"]
            + ["question"] * 5,
            "raw_hash": ["same"] * 19 + ["one", "two", "three", "four", "five"],
            "ts": [i * day for i in range(5)]
            + [i * 2 * day for i in range(5)]
            + [0] * 4
            + [0] * 5
            + [0] * 5,
            "count": [1] * 24,
        }
    )
    mask = noise_mask(frame, s)
    assert mask[:5].all()  # five in five days
    # spread over eight days, four only, mixed types, or five different questions in a day
    # (talk, not noise: keyed on the type alone, one nightly run halved LoCoMo's recall)
    assert not mask[5:].any()
    merged = frame.with_columns(pl.Series("count", [1] * 10 + [2] + [1] * 13))
    assert noise_mask(merged, s)[10:14].all()  # c's four events, one merged of two: five sayings


def _event(user: str, text: str, event_type: EventType, ts: int, turn: str) -> IndexItem:
    return IndexItem(
        Event(
            event_id=event_id_for(user, turn, event_type),
            user_id=user,
            session_id="s1",
            turn_id=turn,
            ts=ts,
            event_type=event_type,
            keywords=[],
            summary=text[:50],
            raw_hash=text_hash(text),
            confidence=0.6,
            source=ExtractionSource.RULE,
        ),
        text,
    )


def _events(store: LanceEpisodicStore, user_id: str) -> list[StoredEvent]:
    return from_table(store.scan(user_id))


@pytest.fixture
def store(tmp_path: Path, terms: IndexTerms) -> LanceEpisodicStore:
    encoder = HashingEncoder(64)
    store = LanceEpisodicStore(tmp_path / "episodic", encoder.space_id, encoder.dimension)
    items = [
        _event("u-zh", "我搞不懂楞次定律", EventType.CONCEPT_CONFUSION, NOW + i * DAY_MS, f"z{i}")
        for i in range(5)
    ] + [
        _event("u-en", "confused about Lenz's law", EventType.CONCEPT_CONFUSION, NOW, "e1"),
        _event("u-en", "confused about Lenz's law", EventType.QUESTION, NOW, "e2"),
        _event("u-en", "likes animations", EventType.PREFERENCE, NOW, "e3"),
    ]
    store.upsert(build_records(items, encoder, terms, False))
    return store


def test_noise_run_down_weights_once(store: LanceEpisodicStore, tmp_path: Path):
    settings = load_settings(data_dir=tmp_path)
    first = run_noise(store, settings, NOW)
    assert first.down_weighted == 5
    weights = [e.event.retrieval_weight for e in _events(store, "u-zh")]
    assert weights == pytest.approx([0.3] * 5)
    assert {e.event.retrieval_weight for e in _events(store, "u-en")} == {1.0}
    assert run_noise(store, settings, NOW).down_weighted == 0
    again = [e.event.retrieval_weight for e in _events(store, "u-zh")]
    assert again == pytest.approx([0.3] * 5)


def test_merging_merges_similar_same_type_events_per_user_and_is_idempotent(
    store: LanceEpisodicStore,
):
    settings = EpisodicSettings(merge_similarity=0.9)
    report = run_merging(store, settings)
    (merged,) = _events(store, "u-zh")
    assert merged.event.count == 5
    assert merged.event.confidence == pytest.approx(1 - 0.4**5)
    assert len({merged.event.turn_id, *merged.event.evidence_turn_ids}) == 5
    assert len(_events(store, "u-en")) == 3  # same text, different types: kept apart
    assert report.removed == 4
    assert run_merging(store, settings) == type(report)(2, 0, 0, {})


def test_a_nightly_for_one_user_merges_archives_down_weights_and_leaves_others_alone(
    store: LanceEpisodicStore, tmp_path: Path
):
    archive = local_archive(tmp_path / "archive")
    store.upsert(
        build_records(
            [_event("u-zh", "你好", EventType.GREETING, NOW - 40 * DAY_MS, "g1")],
            HashingEncoder(64),
            IndexTerms(b"k" * 32),
            False,
        )
    )
    episodic, forgetting = EpisodicSettings(merge_similarity=0.9), ForgettingSettings()
    nightly_for_user(store, archive, "u-zh", episodic, forgetting, NOW + 5 * DAY_MS)
    (merged,) = _events(store, "u-zh")  # five times the same text: one event, and noise
    assert (merged.event.count, merged.event.retrieval_weight) == (5, pytest.approx(0.3))
    assert archive.read("u-zh")["event_id"].to_pylist() == [
        event_id_for("u-zh", "g1", EventType.GREETING)
    ]
    assert [e.event.retrieval_weight for e in _events(store, "u-en")] == [1.0] * 3


def test_merging_reports_users_still_over_the_cap(store: LanceEpisodicStore):
    report = run_merging(store, EpisodicSettings(max_events_per_user=2))
    assert report.over_cap == {"u-en": 1}


def test_merge_to_fixpoint_leaves_no_mergeable_pair(store: LanceEpisodicStore):
    records = _events(store, "u-zh")
    written, doomed = merge_to_fixpoint(records, 0.9)
    assert len(written) == 1
    assert len(doomed) == 4
    assert merge_to_fixpoint(written, 0.9) == ([], [])
    assert np.isclose(np.linalg.norm(written[0].vector), 1.0)


def test_reembed_sync_is_batched_resumable_and_follows_the_live_store(
    store: LanceEpisodicStore, tmp_path: Path
):
    new = HashingEncoder(48)
    staging = LanceEpisodicStore(tmp_path / "episodic.next", new.space_id, new.dimension)
    first = reembed_sync(store, staging, new, batch_rows=3)
    assert (first.copied, first.removed, first.unchanged) == (8, 0, 0)
    assert staging.count() == store.count()
    assert {r.space_id for r in _events(staging, "u-zh")} == {new.space_id}
    again = reembed_sync(store, staging, new)
    assert (again.copied, again.unchanged) == (0, 8)  # resumable: nothing done twice
    victim = _events(store, "u-en")[0]
    store.delete("u-en", event_ids=[victim.event.event_id])
    changed = _events(store, "u-zh")[0]
    reweighted = changed.event.model_copy(update={"retrieval_weight": 0.5})
    store.upsert([type(changed)(reweighted, changed.vector, changed.space_id, changed.tokens)])
    catch_up = reembed_sync(store, staging, new)
    assert (catch_up.copied, catch_up.removed) == (1, 1)
    weights = {r.event.event_id: r.event.retrieval_weight for r in _events(staging, "u-zh")}
    assert weights[changed.event.event_id] == 0.5


def test_reembed_sync_packs_in_the_target_the_users_read_in_the_live_store(
    store: LanceEpisodicStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    reader = LanceEpisodicStore(tmp_path / "episodic", store.space_id, store.dimension)
    reader.scan("u-en")  # a recall's read: its pack is written behind it
    reader.close()
    new = HashingEncoder(48)
    staging = LanceEpisodicStore(tmp_path / "episodic.next", new.space_id, new.dimension)
    assert reembed_sync(store, staging, new).repacked == 1
    assert staging.read_users() == ["u-en"]
    assert reembed_sync(store, staging, new).repacked == 0  # its pack still serves
    staging.close()
    swapped = LanceEpisodicStore(tmp_path / "episodic.next", new.space_id, new.dimension)
    monkeypatch.setattr(swapped, "_query", lambda where: pytest.fail(f"read the table: {where}"))
    assert {r.space_id for r in _events(swapped, "u-en")} == {new.space_id}


def test_a_store_with_passages_inside_its_rows_is_reembedded_into_their_column(tmp_path: Path):
    """Session 22 wrote `[own | turn | passage 1 … k]` rows in a `…|passages:k` space; the
    re-embedding keeps the turn vector and the passages, which no kept text could give again."""
    own, base = HashingEncoder(32), HashingEncoder(16)
    encoder = TurnChannelEncoder(own, base, passages=2)
    said = base.encode(["the whole turn. and more", "the whole turn.", "and more"])
    wide_space = encoder.space_id + "|passages:2"
    old = LanceEpisodicStore(tmp_path / "old", wide_space, 32 + 16 * 3)
    terms = IndexTerms(b"k" * 32)
    item = _event("u1", "the whole turn. and more", EventType.PERSONAL_FACT, NOW, "t1")
    (record,) = build_records([item], own, terms, False)
    wide = np.hstack([record.vector, said.ravel()]) / 2.0
    old.upsert([StoredEvent(record.event, wide.astype(np.float32), wide_space, record.tokens)])
    new = LanceEpisodicStore(tmp_path / "new", encoder.space_id, encoder.dimension)
    assert reembed_sync(old, new, encoder).copied == 1
    (moved,) = _events(new, "u1")
    np.testing.assert_allclose(moved.vector[32:] * np.sqrt(2), said[0], atol=1e-3)  # half precision
    assert moved.passages is not None
    np.testing.assert_allclose(moved.passages, said[1:], atol=1e-3)  # half precision


def test_reembed_refuses_a_target_in_another_space(store: LanceEpisodicStore, tmp_path: Path):
    other = HashingEncoder(48)
    staging = LanceEpisodicStore(tmp_path / "x", other.space_id, other.dimension)
    with pytest.raises(ValueError, match="space"):
        reembed_sync(store, staging, HashingEncoder(40))


def test_swap_directories_keeps_the_old_store_as_backup(tmp_path: Path):
    live, staging, backup = tmp_path / "live", tmp_path / "next", tmp_path / "prev"
    live.mkdir()
    (live / "old").write_text("old")
    staging.mkdir()
    (staging / "new").write_text("new")
    swap_directories(live, staging, backup)
    assert (live / "new").is_file()
    assert (backup / "old").is_file()
    with pytest.raises(FileNotFoundError, match="staging"):
        swap_directories(live, tmp_path / "missing", tmp_path / "prev2")
    assert (live / "new").is_file()


def test_a_store_from_another_embedder_is_reembedded_into_the_configured_space(tmp_path: Path):
    from jiyi.composition import open_encoder
    from jiyi.domain import Role, Turn
    from jiyi.maintenance import reembed_into_configured_space
    from jiyi.memory import Memory
    from models.embedder import SpaceMismatchError

    before = load_settings(data_dir=tmp_path, embedder={"model": "hashing:32"})
    memory = Memory(before)
    memory.add_turns([Turn(user_id="u1", session_id="s1", role=Role.USER,
                           content="I keep mixing up velocity and acceleration",
                           client_ts=1_790_000_000_000)])  # fmt: skip
    memory.close()
    after = load_settings(data_dir=tmp_path, embedder={"model": "hashing:48"})
    with pytest.raises(SpaceMismatchError, match="jiyi reembed"):
        Memory(after)
    encoder = open_encoder(after)
    backup = reembed_into_configured_space(after, encoder)
    assert backup is not None
    assert backup.is_dir()  # the old store is kept, to swap back
    assert reembed_into_configured_space(after, encoder) is None  # already there
    memory = Memory(after)
    hits = memory.recall("u1", "velocity acceleration").events
    memory.close()
    assert hits


def test_a_store_from_before_the_cjk_channel_is_reembedded_into_it(tmp_path: Path, monkeypatch):
    """Upgrading to the default CJK channel: the MiniLM-only store stops with an error naming
    `jiyi reembed`, which moves it into the new space (models stand in for MiniLM and USE)."""
    import models.embedder
    from jiyi.composition import open_encoder
    from jiyi.domain import Role, Turn
    from jiyi.maintenance import reembed_into_configured_space
    from jiyi.memory import Memory
    from models.embedder import SpaceMismatchError

    fakes = {"usem3": HashingEncoder(16)}

    def load(model: str, *args: object, **kwargs: object) -> HashingEncoder:
        return fakes.setdefault(model, HashingEncoder(32))

    monkeypatch.setattr(models.embedder, "load_embedder", load)
    before = load_settings(data_dir=tmp_path, embedder={"cjk_model": "none"})
    memory = Memory(before)
    said = "我总把速度和加速度搞混"
    memory.add_turns([Turn(user_id="u1", session_id="s1", role=Role.USER, content=said,
                           client_ts=1_790_000_000_000)])  # fmt: skip
    memory.close()
    after = load_settings(data_dir=tmp_path)
    with pytest.raises(SpaceMismatchError, match="jiyi reembed"):
        Memory(after)
    assert reembed_into_configured_space(after, open_encoder(after)) is not None
    memory = Memory(after)
    hits = memory.recall("u1", "速度和加速度").events
    memory.close()
    assert "cjk_vector" in hits[0].why


def test_a_store_from_before_the_turn_channel_is_reembedded_into_it(tmp_path: Path):
    """Upgrading to the default turn channel: `jiyi reembed` moves the store into the new space;
    past events have no turn vector (minimised mode kept no turn), new ones do."""
    from jiyi.composition import open_encoder
    from jiyi.domain import Role, Turn
    from jiyi.maintenance import reembed_into_configured_space
    from jiyi.memory import Memory
    from models.embedder import SpaceMismatchError

    said = "We finally went to the aquarium on Saturday, and the jellyfish tank was the best part"

    def turn(at: int) -> Turn:
        return Turn(user_id="u1", session_id="s1", role=Role.USER, content=said, client_ts=at)

    before = load_settings(data_dir=tmp_path, embedder={"model": "hashing:32",
                                                        "turn_channel": False})  # fmt: skip
    memory = Memory(before)
    memory.add_turns([turn(1_790_000_000_000)])
    memory.close()
    after = load_settings(data_dir=tmp_path, embedder={"model": "hashing:32"})
    with pytest.raises(SpaceMismatchError, match="turn_channel"):
        Memory(after)
    assert reembed_into_configured_space(after, open_encoder(after)) is not None
    memory = Memory(after)
    assert "turn_vector" not in memory.recall("u1", "jellyfish tank").events[0].why
    memory.add_turns([turn(1_790_000_100_000)])
    assert any("turn_vector" in e.why for e in memory.recall("u1", "jellyfish tank").events)
    memory.close()
