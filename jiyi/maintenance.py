"""Nightly maintenance of the hot tiers: decay recompute, the noise rule, similar-event merging.

Each step is a pure function over polars frames (testable without a store, fast at scale), plus a
thin `run_*` wrapper that reads the store, applies the step and records what changed under
the data directory's `batch/` (`DataLayout`):

- Decay is applied at read time (`jiyi.graph.decay`); the stored confidence is the belief at its
  last evidence and is never overwritten here (that would decay it twice). The nightly recompute
  writes the decayed view of every edge as a snapshot and records, against the previous snapshot,
  which beliefs moved, fell under the re-check threshold or reached the floor.
- Noise: the same thing said again and again. An event whose type and turn text (its hash) the
  user produced at least `noise_min_count` times within any `noise_window_days` window (a merged
  event counting as the sayings it stands for) is noise;
  its retrieval weight is multiplied by `noise_factor` once (a ledger of down-weighted ids makes
  re-runs change nothing). The design's rule keyed on the type alone: with so few, broad types most
  of a talkative user's week is "five of one type" (on LoCoMo dev 1,269 of 1,822 events), and
  one nightly run cut recall any@10 from 0.848 to 0.430. Keyed on the type and the events'
  subject (object, else keywords) it still cost 0.05: LoCoMo's keywords are mostly the
  speakers' names, and turns that open alike ("Thanks, Mel! …") go on differently.
- Merging: per user, same-type events at or above `merge_similarity` merge (episodic.merging's
  rules) until no pair is left, so a second run finds nothing; users still over the cap are named.
- Re-embedding for a new model: a staging store is filled from the live one (batched, resumable),
  then swapped in whole, so no search ever compares vectors from two models.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa

from jiyi.archive import Archive, archive_cold_events
from jiyi.composition import (
    layout,
    open_adapter_encoder,
    open_staging_episodic_store,
    open_stored_episodic_store,
)
from jiyi.config import EpisodicSettings, ForgettingSettings, GraphSettings, Settings
from jiyi.domain import RelationClass, RelationKind
from jiyi.episodic.indexing import reembedded
from jiyi.episodic.merging import merge_group, plan_merges
from jiyi.episodic.records import StoredEvent, from_row, from_table
from jiyi.episodic.store import EpisodicStore
from jiyi.graph.store import GraphStore
from models.embedder import SpaceEncoder
from models.registry import AdapterRegistry

MS_PER_DAY = 86_400_000
EDGE_SCHEMA = {
    "user_id": pl.String,
    "edge_id": pl.String,
    "relation": pl.String,
    "confidence": pl.Float64,
    "updated_at": pl.Int64,
    "invalid_at": pl.Int64,
    "decay_class": pl.String,  # the edge's own class when not its relation's (`Edge.decay_class`)
}
DECAY_CHANGE_STATUSES = ("new", "decayed", "below_threshold", "at_floor")
DECAY_SNAPSHOT = "latest.parquet"


# --- decay -------------------------------------------------------------------------------------


def half_lives(settings: GraphSettings) -> dict[str, float | None]:
    """Half-life in days per relation kind (None: no decay), from its class's setting."""
    table = settings.half_life_days
    default = table.get(RelationClass.DEFAULT)
    return {kind.value: table.get(kind.relation_class, default) for kind in RelationKind}


def check_edges(edges: pl.DataFrame) -> None:
    """Refuse a frame that lacks a column or names an unknown relation, naming what is wrong."""
    missing = [c for c in EDGE_SCHEMA if c not in edges.columns]
    if missing:
        raise ValueError(f"edges: missing columns {missing}")
    unknown = edges.filter(~pl.col("relation").is_in([k.value for k in RelationKind]))
    if unknown.height:
        raise ValueError(f"edges.relation: unknown kinds {unknown['relation'].unique().to_list()}")


def decay_edges(edges: pl.DataFrame, as_of_ms: int, settings: GraphSettings) -> pl.DataFrame:
    """Add `decayed`: c·0.5^(days/half-life), never above c, never under the floor.

    Vectorised twin of `jiyi.graph.decay.decayed_confidence` (a test holds them equal).
    """
    check_edges(edges)
    by_relation = {k: v for k, v in half_lives(settings).items() if v is not None}
    by_class = {c.value: v for c, v in settings.half_life_days.items() if v is not None}
    of_relation = pl.col("relation").replace_strict(
        by_relation, default=None, return_dtype=pl.Float64
    )
    of_class = pl.col("decay_class").replace_strict(by_class, default=None, return_dtype=pl.Float64)
    half_life = pl.when(pl.col("decay_class").is_null()).then(of_relation).otherwise(of_class)
    days = (pl.lit(as_of_ms) - pl.col("updated_at")).clip(lower_bound=0) / MS_PER_DAY
    value = pl.col("confidence") * pl.lit(0.5).pow(days / half_life)
    floored = pl.min_horizontal(
        pl.col("confidence"), pl.max_horizontal(settings.decay_floor, value)
    )
    decayed = pl.when(half_life.is_null()).then(pl.col("confidence")).otherwise(floored)
    return edges.with_columns(decayed.alias("decayed"))


def decay_changes(
    current: pl.DataFrame,
    previous: pl.DataFrame | None,
    settings: GraphSettings,
    min_delta: float = 0.01,
) -> pl.DataFrame:
    """What moved since the previous snapshot: new edges, drops of at least `min_delta`,
    beliefs that fell under the re-check threshold, and beliefs that reached the floor."""
    keys = ["user_id", "edge_id"]
    if previous is None:
        previous = pl.DataFrame(schema={**dict.fromkeys(keys, pl.String), "decayed": pl.Float64})
    before = previous.select(*keys, pl.col("decayed").alias("previous"))
    joined = current.select(*keys, "relation", "confidence", "decayed").join(
        before, on=keys, how="left"
    )
    low = settings.low_confidence_threshold
    status = (
        pl.when(pl.col("previous").is_null())
        .then(pl.lit("new"))
        .when(
            (pl.col("decayed") <= settings.decay_floor)
            & (pl.col("previous") > settings.decay_floor)
        )
        .then(pl.lit("at_floor"))
        .when((pl.col("decayed") < low) & (pl.col("previous") >= low))
        .then(pl.lit("below_threshold"))
        .when((pl.col("previous") - pl.col("decayed")).abs() >= min_delta)
        .then(pl.lit("decayed"))
    )
    return joined.with_columns(status.alias("status")).filter(pl.col("status").is_not_null())


def read_edges(store: GraphStore) -> pl.DataFrame:
    """Every valid edge of every user as a frame in `EDGE_SCHEMA`."""
    rows = [
        (
            e.user_id,
            e.edge_id,
            e.relation.value,
            e.confidence,
            e.updated_at,
            e.invalid_at,
            e.decay_class.value if e.decay_class else None,
        )
        for e in store.scan_edges()
    ]
    return pl.DataFrame(rows, schema=EDGE_SCHEMA, orient="row")


@dataclass(frozen=True)
class DecayRun:
    edges: int
    changes: dict[str, int]  # status → how many edges
    snapshot: Path


def run_decay(store: GraphStore, settings: Settings, as_of_ms: int) -> DecayRun:
    """Recompute every edge's decayed confidence; keep the snapshot and the changes on disk."""
    directory = layout(settings).decay
    directory.mkdir(parents=True, exist_ok=True)
    snapshot = directory / DECAY_SNAPSHOT
    current = decay_edges(read_edges(store), as_of_ms, settings.graph)
    previous = pl.read_parquet(snapshot) if snapshot.is_file() else None
    changes = decay_changes(current, previous, settings.graph)
    changes.with_columns(pl.lit(as_of_ms).alias("as_of")).write_parquet(
        directory / f"changes-{as_of_ms}.parquet"
    )
    staging = directory / ".latest.parquet"
    current.write_parquet(staging)
    staging.replace(snapshot)
    counts = dict(changes.group_by("status").len().iter_rows())
    return DecayRun(
        current.height, {s: int(counts.get(s, 0)) for s in DECAY_CHANGE_STATUSES}, snapshot
    )


# --- noise -------------------------------------------------------------------------------------


#: What makes two events the same for the noise rule: the user, the type, the turn's text.
NOISE_KEY = ("user_id", "event_type", "raw_hash")


def noise_mask(events: pl.DataFrame, settings: ForgettingSettings) -> np.ndarray:
    """True for each event inside a window of `noise_window_days` holding at least
    `noise_min_count` sayings of its user, type and text (`NOISE_KEY`; rows in the frame's
    order). An event counts as many sayings as it stands for (`count`, dated at its newest):
    merging runs first in the nightly and folds a repeat into one event."""
    if events.height == 0:
        return np.zeros(0, dtype=bool)
    window = int(settings.noise_window_days * MS_PER_DAY)
    ordered = events.select(*NOISE_KEY, "ts", "count").with_row_index("_row").sort(*NOISE_KEY, "ts")
    starts = pl.any_horizontal(pl.col(c) != pl.col(c).shift() for c in NOISE_KEY)
    group = ordered.select(starts.fill_null(True).cast(pl.Int64).cum_sum()).to_series()
    ts = ordered["ts"].to_numpy().astype(np.int64)
    # One sorted key for all groups: a gap of 2^42 ms (139 years) keeps windows inside a group.
    key = group.to_numpy().astype(np.int64) * (1 << 42) + (ts - ts.min())
    end = np.searchsorted(key, key + window, side="left")  # first event past each start's window
    sayings = np.concatenate([[0], np.cumsum(ordered["count"].to_numpy().astype(np.int64))])
    start_ok = (sayings[end] - sayings[: len(key)]) >= settings.noise_min_count
    cover = np.zeros(len(key) + 1, dtype=np.int64)
    np.add.at(cover, np.flatnonzero(start_ok), 1)
    np.add.at(cover, end[start_ok], -1)
    flagged_sorted = np.cumsum(cover[:-1]) > 0
    mask = np.zeros(events.height, dtype=bool)
    mask[ordered["_row"].to_numpy()] = flagged_sorted
    return mask


def noise_updates(
    events: pl.DataFrame, ledger: pl.DataFrame | None, settings: ForgettingSettings
) -> pl.DataFrame:
    """(user_id, event_id, old_weight, new_weight) for noise events not yet down-weighted."""
    flagged = events.filter(pl.Series(noise_mask(events, settings)))
    if ledger is not None and ledger.height:
        flagged = flagged.join(
            ledger.select("user_id", "event_id"), on=["user_id", "event_id"], how="anti"
        )
    return flagged.select(
        "user_id",
        "event_id",
        pl.col("retrieval_weight").alias("old_weight"),
        (pl.col("retrieval_weight") * settings.noise_factor).alias("new_weight"),
    )


def _reweighted(rows: pl.DataFrame, updates: pl.DataFrame) -> list[StoredEvent]:
    weights = dict(zip(updates["event_id"], updates["new_weight"], strict=True))
    chosen = rows.join(updates.select("user_id", "event_id"), on=["user_id", "event_id"])
    records = []
    for row in chosen.iter_rows(named=True):
        record = from_row(row)
        event = record.event.model_copy(update={"retrieval_weight": weights[record.event.event_id]})
        records.append(replace(record, event=event))
    return records


@dataclass(frozen=True)
class NoiseRun:
    events: int
    down_weighted: int
    ledger: Path


def run_noise(store: EpisodicStore, settings: Settings, as_of_ms: int) -> NoiseRun:
    """Apply the noise rule to the whole hot store, once per event (ledger under data_dir)."""
    ledger_path = layout(settings).noise_ledger
    ledger = pl.read_parquet(ledger_path) if ledger_path.is_file() else None
    rows = _frame(store)
    updates = noise_updates(rows, ledger, settings.forgetting)
    if updates.height:
        store.upsert(_reweighted(rows, updates))
        entries = updates.with_columns(pl.lit(as_of_ms).alias("applied_at"))
        merged = entries if ledger is None else pl.concat([ledger, entries])
        ledger_path.parent.mkdir(parents=True, exist_ok=True)
        staging = ledger_path.with_name(".noise_ledger.parquet")
        merged.write_parquet(staging)
        staging.replace(ledger_path)
    return NoiseRun(rows.height, updates.height, ledger_path)


# --- merging -----------------------------------------------------------------------------------


def merge_to_fixpoint(
    records: Sequence[StoredEvent], threshold: float
) -> tuple[list[StoredEvent], list[str]]:
    """Merge similar same-type records until none are left: (records to write, ids to delete)."""
    current = list(records)
    original = {r.event.event_id for r in records}
    while groups := plan_merges(current, threshold):
        members = {id(m) for g in groups for m in g}
        current = [r for r in current if id(r) not in members] + [merge_group(g) for g in groups]
    kept = {id(r) for r in records}
    written = [r for r in current if id(r) not in kept]
    remaining = {r.event.event_id for r in current}
    return written, sorted(original - remaining)


@dataclass(frozen=True)
class MergeRun:
    users: int
    merged_written: int
    removed: int
    over_cap: dict[str, int] = field(default_factory=dict)


def run_merging(
    store: EpisodicStore, settings: EpisodicSettings, batch_users: int = 500
) -> MergeRun:
    """Per user: merge similar events. Merged records are written (one upsert per batch of
    users) before their members are deleted, so a crash in between leaves duplicates, not loss."""
    rows = _frame(store)
    written = removed = 0
    over: dict[str, int] = {}
    users = list(rows.partition_by("user_id", as_dict=True, maintain_order=True).items())
    for start in range(0, len(users), batch_users):
        merged: list[StoredEvent] = []
        doomed: dict[str, list[str]] = {}
        for (user_id,), user_rows in users[start : start + batch_users]:
            records = from_table(user_rows.to_arrow())
            user_merged, user_doomed = merge_to_fixpoint(records, settings.merge_similarity)
            merged += user_merged
            if user_doomed:
                doomed[str(user_id)] = user_doomed
            held = len(records) - len(user_doomed)
            if held > settings.max_events_per_user:
                over[str(user_id)] = held - settings.max_events_per_user
        written += store.upsert(merged)
        for user_id, ids in doomed.items():
            removed += store.delete(user_id, event_ids=ids)
    return MergeRun(len(users), written, removed, over)


def nightly_for_user(
    store: EpisodicStore,
    archive: Archive,
    user_id: str,
    episodic: EpisodicSettings,
    forgetting: ForgettingSettings,
    now_ms: int,
) -> None:
    """What a nightly run at `now_ms` does to one user's events, in the nightly's order:
    merging, archiving cold small talk, the noise rule (without its ledger). The recall
    benches ask their questions again after it."""
    merged, doomed = merge_to_fixpoint(from_table(store.scan(user_id)), episodic.merge_similarity)
    store.upsert(merged)
    if doomed:
        store.delete(user_id, event_ids=doomed)
    archive_cold_events(store, archive, forgetting, now_ms, user_id=user_id)
    rows = pl.from_arrow(store.scan(user_id))
    assert isinstance(rows, pl.DataFrame)
    updates = noise_updates(rows, None, forgetting)
    if updates.height:
        store.upsert(_reweighted(rows, updates))


def _frame(store: EpisodicStore) -> pl.DataFrame:
    frame = pl.from_arrow(store.scan())
    assert isinstance(frame, pl.DataFrame)
    return frame


# --- re-embedding ------------------------------------------------------------------------------

_DERIVED_COLUMNS = ("vector", "passages", "space_id", "tokens")


@dataclass(frozen=True)
class ReembedRun:
    copied: int
    removed: int
    unchanged: int
    repacked: int  # users read in the live store, packed in the target too


def _fingerprints(table: pa.Table) -> pl.DataFrame:
    """(user_id, event_id, fp): a hash of everything but the vector-derived columns."""
    frame = pl.from_arrow(
        table.drop_columns([c for c in _DERIVED_COLUMNS if c in table.schema.names])
    )
    assert isinstance(frame, pl.DataFrame)
    return frame.select("user_id", "event_id", frame.hash_rows(seed=7).alias("fp"))


def reembed_sync(
    live: EpisodicStore, target: EpisodicStore, encoder: SpaceEncoder, batch_rows: int = 1024
) -> ReembedRun:
    """Make `target` hold every live event, embedded by `encoder`: batched and resumable (rows
    already copied unchanged are skipped), and rows gone from `live` are removed from `target`.
    `live` is only read, so searches keep using one space until the stores are swapped.
    Users read in `live` get their packs in `target` too: swapped in without them, every
    one would read the table at their first recall."""
    if target.space_id != encoder.space_id:
        raise ValueError(f"target store space {target.space_id!r} is not {encoder.space_id!r}")
    source = live.scan()
    keys = ["user_id", "event_id"]
    done = _fingerprints(target.scan())
    todo = _fingerprints(source).join(done, on=[*keys, "fp"], how="anti")
    stale = done.join(_fingerprints(source).select(keys), on=keys, how="anti")
    wanted = pl.from_arrow(source)
    assert isinstance(wanted, pl.DataFrame)
    wanted = wanted.join(todo.select(keys), on=keys, how="semi")
    for start in range(0, wanted.height, batch_rows):
        rows = wanted.slice(start, batch_rows).iter_rows(named=True)
        stored = [from_row(row) for row in rows]
        target.upsert(reembedded(stored, encoder))
    removed = 0
    for (user_id,), ids in stale.group_by("user_id", maintain_order=True):
        removed += target.delete(str(user_id), event_ids=ids["event_id"].to_list())
    repacked = target.repack(live.read_users())
    return ReembedRun(wanted.height, removed, source.num_rows - wanted.height, repacked)


def swap_directories(live: Path, staging: Path, backup: Path) -> None:
    """Put `staging` where `live` is; the old store is kept at `backup` (undo: swap back)."""
    if not staging.is_dir():
        raise FileNotFoundError(f"staging store {staging} does not exist")
    if live.exists():
        live.rename(backup)
    try:
        staging.rename(live)
    except BaseException:
        if backup.exists():
            backup.rename(live)
        raise


def sync_staging_store(
    settings: Settings, live: EpisodicStore, registry: AdapterRegistry, adapter_version: str
) -> ReembedRun:
    """Bring the staging store of `adapter_version` up to date with the live one (resumable:
    the first call re-embeds everything, a later one only what was written since)."""
    encoder = open_adapter_encoder(settings, registry.get(adapter_version))
    staging = open_staging_episodic_store(settings, adapter_version, encoder)
    try:
        return reembed_sync(live, staging, encoder)
    finally:
        staging.close()


#: The staging store of a re-embedding into the configured space (not an adapter's).
RESPACE_STAGING = "configured-space"


def reembed_into_configured_space(settings: Settings, encoder: SpaceEncoder) -> Path | None:
    """After embedder.model, runtime or quantisation changed: the live store re-embedded by
    `encoder` in a staging store, then swapped in (resumable; nothing else may write meanwhile).
    Returns where the previous store is kept, or None when it is already in that space."""
    live = open_stored_episodic_store(settings)
    if live is None or live.space_id == encoder.space_id:
        return None
    staging = open_staging_episodic_store(settings, RESPACE_STAGING, encoder)
    try:
        reembed_sync(live, staging, encoder)
    finally:
        staging.close()
        live.close()
    paths = layout(settings)
    backup = paths.episodic_backup(time.time_ns())
    swap_directories(paths.episodic, paths.episodic_staging(RESPACE_STAGING), backup)
    return backup


def promote_staging_store(
    settings: Settings, registry: AdapterRegistry, adapter_version: str
) -> Path:
    """Swap the re-embedded staging store in and promote its adapter, as one step: if the
    promotion fails, the old store goes back, so the live store always matches the promoted
    model. Returns where the previous store is kept."""
    paths = layout(settings)
    live, staging = paths.episodic, paths.episodic_staging(adapter_version)
    backup = paths.episodic_backup(time.time_ns())
    swap_directories(live, staging, backup)
    try:
        registry.promote(adapter_version)
    except BaseException:
        swap_directories(live, backup, staging)
        raise
    return backup
