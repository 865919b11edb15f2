"""Steps 5 and 6: embed a batch of turns' events in one encoder call, then upsert them.

Batching is where throughput comes from (the encoder is most efficient on many texts at once);
isolation is where robustness comes from: if one turn's events are refused, the batch is split
so only that turn is dead-lettered. Upserts are by deterministic event id, so a replayed batch
rewrites the same rows instead of adding new ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from jiyi.config import EpisodicSettings
from jiyi.episodic import EpisodicStore, WriteReport
from jiyi.episodic.indexing import build_records
from jiyi.episodic.merging import enforce_cap
from jiyi.episodic.records import EpisodicInputError, IndexItem, StoredEvent
from jiyi.episodic.terms import IndexTerms
from jiyi.ingest.retry import StoreUnavailableError, with_retry
from jiyi.ingest.work import Rejected, Stage, TurnWork
from models.embedder import SpaceEncoder, SpaceMismatchError


@dataclass(frozen=True)
class EmbeddedBatch:
    """Turns whose events are embedded, and the records to store (in the turns' order)."""

    works: tuple[TurnWork, ...]
    records: tuple[StoredEvent, ...]


def _items(work: TurnWork) -> list[IndexItem]:
    raw = None if work.child_mode else work.turn.content
    return [IndexItem(event, raw, work.context) for event in work.events]


def embed_batch(
    works: Sequence[TurnWork], encoder: SpaceEncoder, terms: IndexTerms, keep_raw_text: bool
) -> tuple[EmbeddedBatch, list[Rejected]]:
    """Embed every event of the batch at once; a refused batch is retried turn by turn."""
    items = [item for work in works for item in _items(work)]
    try:
        records = build_records(items, encoder, terms, keep_raw_text) if items else []
        return EmbeddedBatch(tuple(works), tuple(records)), []
    except EpisodicInputError as exc:
        if len(works) == 1:
            return EmbeddedBatch((), ()), [works[0].reject(Stage.EPISODIC, str(exc))]
    kept: list[TurnWork] = []
    records = []
    rejected: list[Rejected] = []
    for work in works:
        batch, bad = embed_batch([work], encoder, terms, keep_raw_text)
        kept += batch.works
        records += batch.records
        rejected += bad
    return EmbeddedBatch(tuple(kept), tuple(records)), rejected


class HeldCounts:
    """An upper bound on how many events each user holds, so the cap check can skip the
    store's count (a query per user per batch) while a user is clearly under the cap.

    The bound is the last exact count plus every record upserted since (an upsert may replace
    a row, never add more than one); a user is owned by one worker, so no two threads race on it.
    """

    def __init__(self) -> None:
        self._bound: dict[str, int] = {}

    def may_exceed(self, user_id: str, added: int, cap: int) -> bool:
        bound = self._bound.get(user_id)
        if bound is None or bound + added > cap:
            return True
        self._bound[user_id] = bound + added
        return False

    def set(self, user_id: str, held: int) -> None:
        self._bound[user_id] = held


def upsert_records(
    store: EpisodicStore,
    records: Sequence[StoredEvent],
    settings: EpisodicSettings,
    held: HeldCounts,
) -> WriteReport:
    """Upsert by (user, event id), then merge similar events of any user now over the cap."""
    written = store.upsert(records)
    reports = []
    for user_id, added in Counter(r.event.user_id for r in records).items():
        if held.may_exceed(user_id, added, settings.max_events_per_user):
            cap = settings.max_events_per_user
            reports.append(enforce_cap(store, user_id, cap, settings.merge_similarity))
            held.set(user_id, store.count(user_id))
    return WriteReport(
        written=written,
        merged_groups=sum(r.merged_groups for r in reports),
        removed=sum(r.removed for r in reports),
        over_cap={user: n for r in reports for user, n in r.over_cap.items()},
    )


def upsert_batch(
    batch: EmbeddedBatch, store: EpisodicStore, settings: EpisodicSettings, held: HeldCounts
) -> tuple[list[TurnWork], list[Rejected]]:
    """Store a batch, retrying transient failures; a store that stays down dead-letters it."""
    if not batch.records:
        return list(batch.works), []
    try:
        with_retry(lambda: upsert_records(store, batch.records, settings, held), "episodic upsert")
    except (StoreUnavailableError, EpisodicInputError, SpaceMismatchError) as exc:
        return [], [work.reject(Stage.EPISODIC, str(exc)) for work in batch.works]
    return list(batch.works), []
