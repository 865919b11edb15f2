"""The episodic store contract: one small Protocol every backend implements.

Every method that reads or deletes takes the user id first: there is no call that can reach
across users, so isolation holds at the storage boundary rather than in each caller. Records
and their Arrow schema are in `jiyi.episodic.records`; backends are opened by
`jiyi.composition`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

import numpy as np
import pyarrow as pa

from jiyi.domain import EventType
from jiyi.episodic.records import StoredEvent


class EpisodicStore(Protocol):
    """Storage for episodic events, always scoped to one user per call (except `scan`)."""

    space_id: str
    dimension: int

    def upsert(self, records: Sequence[StoredEvent]) -> int:
        """Insert or replace by (user_id, event_id); returns how many records were written."""
        ...

    def append_rows(self, rows: pa.Table) -> int:
        """Bulk-load rows in `arrow_schema` known to be new (imports, benchmarks); returns how
        many. The caller vouches that no (user_id, event_id) among them is stored yet."""
        ...

    def get(self, user_id: str, event_id: str) -> StoredEvent | None: ...

    def search(
        self,
        user_id: str,
        vector: np.ndarray,
        limit: int,
        event_types: Sequence[EventType] | None = None,
    ) -> list[tuple[StoredEvent, float]]:
        """The user's nearest events by cosine similarity, highest first."""
        ...

    def delete(
        self,
        user_id: str,
        event_ids: Sequence[str] | None = None,
        event_types: Sequence[EventType] | None = None,
    ) -> int:
        """Delete the user's events by id and/or type (neither: all of them); returns how many."""
        ...

    def count(self, user_id: str | None = None) -> int: ...

    def scan(
        self, user_id: str | None = None, event_types: Sequence[EventType] | None = None
    ) -> pa.Table:
        """Rows in `arrow_schema`: one user's for ranking and merging (columnar, so recall builds
        events only for its hits), or every user's for batch jobs (re-embedding, archiving)."""
        ...

    def optimize(self) -> None:
        """Compact and index after bulk loads and nightly (a no-op where the server does it)."""
        ...

    def repack(self, users: Iterable[str] = ()) -> int:
        """Rebuild the per-user copies that reads take instead of the table where writes
        dropped them (the nightly batch, after rewriting users' rows), and build them for
        `users` who have none; returns how many users it rebuilt (0 where the backend keeps
        none)."""
        ...

    def read_users(self) -> list[str]:
        """Users who have such a copy, or are due one: what a re-embedded copy of the store
        should build again before it is swapped in ([] where the backend keeps none)."""
        ...

    def purge_deleted(self) -> None:
        """Make earlier deletions physical (no deleted row left in any file); erasure calls it."""
        ...

    def close(self) -> None: ...
