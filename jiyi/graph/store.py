"""The storage contract every graph backend meets, and the factory that picks one from settings.

The graph is per user: every call names the user and every node, edge and revision carries
`user_id`, so one user's beliefs never reach another's results. Writes go through a transaction
per user; relationship types only ever come from `RelationKind.cypher_type`.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from enum import StrEnum
from typing import Protocol

from jiyi.domain import Edge, Entity, RelationKind
from jiyi.graph.model import EdgeChange, EdgeRevision

MAX_HOPS = 6


class Capability(StrEnum):
    """Backend features beyond the portable subset; callers check before relying on them."""

    ROLLBACK = "rollback"  # the server isolates an open transaction and can undo it
    UNIQUE_CONSTRAINTS = "unique_constraints"  # the server enforces one node per (user, id)
    TYPED_PARAMETERS = "typed_parameters"  # parameters are bound, not spliced into the text


class Direction(StrEnum):
    IN = "in"  # follow edges that point at the start node (e.g. prerequisites of a concept)
    OUT = "out"


# What one read of `GraphStore.entities` looks up, in UTF-8 bytes of ids: FalkorDB's Bolt server
# (the tests' graph server) closed its connection on a list of about 3 KB (500 ids of 6 bytes;
# 400 were read), where a profile's 50 entities take about 1 KB.
ID_BYTES_PER_READ = 1500


def id_chunks(ids: Sequence[str]) -> list[list[str]]:
    """`ids` without repeats, in lists of at most `ID_BYTES_PER_READ` bytes (one id at least)."""
    chunks: list[list[str]] = [[]]
    size = 0
    for entity_id in dict.fromkeys(ids):
        cost = len(entity_id.encode("utf-8")) + 2  # and Bolt's string marker
        if chunks[-1] and size + cost > ID_BYTES_PER_READ:
            chunks.append([])
            size = 0
        chunks[-1].append(entity_id)
        size += cost
    return chunks if chunks[-1] else []


class GraphTx(Protocol):
    """One user's unit of work. Reads see committed state; do not rely on reading own writes.

    Writes land together when the block exits cleanly and not at all when it raises.
    """

    user_id: str

    def entity(self, entity_id: str) -> Entity | None: ...

    def entity_by_alias(self, key: str) -> Entity | None: ...

    def edge(self, src: str, relation: RelationKind, dst: str) -> Edge | None: ...

    def put_entity(self, entity: Entity) -> None: ...

    def put_change(self, change: EdgeChange) -> None: ...

    def applied(self, edge_ids: Sequence[str], evidence: Sequence[str]) -> bool:
        """Whether any of `evidence` already moved one of these edges, in any revision: the
        edge itself keeps only its latest ids, and a replayed event must change nothing however
        many others reinforced the edge since."""
        ...


class GraphStore(Protocol):
    capabilities: frozenset[Capability]

    def transaction(self, user_id: str) -> AbstractContextManager[GraphTx]: ...

    def batch(self) -> AbstractContextManager[None]:
        """Group the transactions opened inside (by this thread) into one unit of work where
        the backend can, so a stream batch pays one commit instead of one per belief change.

        Each transaction inside keeps its own all-or-nothing contract and sees those before it.
        Where the backend can group them (SQLite) they commit when the batch exits cleanly and
        are all undone if it raises; where it cannot (Bolt) each commits as it exits.
        """
        ...

    def entity(self, user_id: str, entity_id: str) -> Entity | None: ...

    def entities(self, user_id: str, entity_ids: Sequence[str]) -> dict[str, Entity]:
        """Those of these entities that exist (and can be read), by id: one read per
        `ID_BYTES_PER_READ` of ids (`id_chunks`), where a profile, which names an entity per
        belief, cost a recall 0.4 ms reading them one at a time."""
        ...

    def entity_by_alias(self, user_id: str, key: str) -> Entity | None:
        """The entity one of whose names has this `entities.alias_key`."""
        ...

    def edges(
        self,
        user_id: str,
        *,
        src: str | None = None,
        relation: RelationKind | None = None,
        dst: str | None = None,
        include_invalid: bool = False,
    ) -> list[Edge]: ...

    def revisions(self, user_id: str, edge_id: str) -> list[EdgeRevision]:
        """Every change of one edge, oldest first."""
        ...

    def scan_edges(self) -> list[Edge]:
        """Every user's valid edges, for batch jobs (the nightly decay recompute)."""
        ...

    def neighbours(
        self,
        user_id: str,
        entity_id: str,
        relation: RelationKind,
        direction: Direction,
        max_hops: int,
    ) -> list[tuple[str, int]]:
        """Entities reachable over valid `relation` edges as (id, fewest hops), nearest first."""
        ...

    def erase_user(self, user_id: str) -> int:
        """Soft delete: the user node stays as a tombstone (id kept, properties cleared); every
        other entity, edge, alias and revision of the user goes, since entity ids can spell the
        names the user said ("zebrafinch"). Returns how many records were removed or cleared.
        """
        ...

    def close(self) -> None: ...


def check_hops(max_hops: int) -> int:
    if not 1 <= max_hops <= MAX_HOPS:
        raise ValueError(f"max_hops must be between 1 and {MAX_HOPS}, got {max_hops}")
    return max_hops
