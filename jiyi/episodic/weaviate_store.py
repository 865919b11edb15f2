"""The Weaviate backend (v4 client): one collection, one tenant per user, vectors we provide.

Multi-tenancy makes isolation physical: each user's events live in their own shard, every call
goes through `_tenant(user_id)`, and deleting a user drops the whole tenant. Tenant names are a
hash of the user id (Weaviate allows fewer characters than our ids). The collection's
description records the embedding space; opening it with another space raises.
UNVERIFIED against a live server: none can run on the build machines; the contract suite runs
against it when `JIYI_TEST_WEAVIATE_URL` is set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import urlparse

import numpy as np
import pyarrow as pa
import weaviate
from weaviate.classes.config import Configure, DataType, Property, Tokenization, VectorDistances
from weaviate.classes.data import DataObject
from weaviate.classes.query import Filter, MetadataQuery
from weaviate.collections import Collection
from weaviate.util import generate_uuid5

from jiyi.config import EpisodicSettings
from jiyi.domain import EventType, stable_id
from jiyi.episodic.records import (
    PASSAGES_COLUMN,
    EpisodicInputError,
    StoredEvent,
    arrow_schema,
    check_event_ids,
    check_event_types,
    check_records,
    check_search,
    check_user,
    from_row,
    from_table,
    last_per_key,
    to_row,
    to_table,
)
from jiyi.episodic.store import EpisodicStore
from models.embedder import check_space

_SPACE_PREFIX = "jiyi episodic events; space="
_FETCH_LIMIT = 10_000  # Weaviate's default QUERY_MAXIMUM_RESULTS; the per-user cap is far below

_TEXT = {"user_id", "session_id", "turn_id", "source", "rule", "summary", "raw_text", "space_id"}
_EXACT = {"event_id", "event_type", "raw_hash"}
_PASSAGE_COUNT = "passage_count"
_PASSAGE_PROPERTIES = (
    Property(name=PASSAGES_COLUMN, data_type=DataType.NUMBER_ARRAY),
    Property(name=_PASSAGE_COUNT, data_type=DataType.INT),
)


def _properties() -> list[Property]:
    def text(name: str, tokenization: Tokenization = Tokenization.WORD) -> Property:
        return Property(name=name, data_type=DataType.TEXT, tokenization=tokenization)

    return [
        *(text(n) for n in sorted(_TEXT)),
        *(text(n, Tokenization.FIELD) for n in sorted(_EXACT)),
        text("tokens", Tokenization.WHITESPACE),  # pre-tokenised by jiyi.text (zh and en)
        text("attributes", Tokenization.FIELD),
        Property(name="ts", data_type=DataType.INT),
        Property(name="count", data_type=DataType.INT),
        Property(name="confidence", data_type=DataType.NUMBER),
        Property(name="retrieval_weight", data_type=DataType.NUMBER),
        Property(name="keywords", data_type=DataType.TEXT_ARRAY),
        Property(name="evidence_turn_ids", data_type=DataType.TEXT_ARRAY),
        *_PASSAGE_PROPERTIES,
    ]


def tenant_for(user_id: str) -> str:
    return "u" + stable_id("tenant", check_user(user_id), length=32)


class WeaviateEpisodicStore(EpisodicStore):
    """`EpisodicStore` over a multi-tenant Weaviate collection."""

    def __init__(
        self, client: weaviate.WeaviateClient, name: str, space_id: str, dimension: int
    ) -> None:
        self.space_id = space_id
        self.dimension = dimension
        self._client = client
        self._schema = arrow_schema(dimension, space_id)
        if not client.collections.exists(name):
            client.collections.create(
                name,
                description=_SPACE_PREFIX + space_id,
                properties=_properties(),
                vector_config=Configure.Vectors.self_provided(
                    vector_index_config=Configure.VectorIndex.hnsw(
                        distance_metric=VectorDistances.COSINE
                    )
                ),
                multi_tenancy_config=Configure.multi_tenancy(
                    enabled=True, auto_tenant_creation=True
                ),
            )
        self._collection: Collection = client.collections.get(name)
        config = self._collection.config.get()
        check_space(
            space_id,
            (config.description or "").removeprefix(_SPACE_PREFIX),
            f"Weaviate collection {name}",
        )
        held = {p.name for p in config.properties}
        for missing in (p for p in _PASSAGE_PROPERTIES if p.name not in held):
            self._collection.config.add_property(missing)  # a collection from before passages

    @classmethod
    def connect(
        cls, settings: EpisodicSettings, space_id: str, dimension: int
    ) -> WeaviateEpisodicStore:
        if not settings.weaviate_url:
            raise EpisodicInputError("episodic.weaviate_url: required for the Weaviate backend")
        url = urlparse(settings.weaviate_url)
        secure = url.scheme == "https"
        key = settings.weaviate_api_key
        client = weaviate.connect_to_custom(
            http_host=url.hostname or "localhost",
            http_port=url.port or (443 if secure else 80),
            http_secure=secure,
            grpc_host=url.hostname or "localhost",
            grpc_port=settings.weaviate_grpc_port,
            grpc_secure=secure,
            auth_credentials=weaviate.auth.AuthApiKey(key.get_secret_value()) if key else None,
        )
        return cls(client, settings.weaviate_collection, space_id, dimension)

    def _tenant(self, user_id: str) -> Collection:
        return self._collection.with_tenant(tenant_for(user_id))

    def _has_tenant(self, user_id: str) -> bool:
        return self._collection.tenants.exists(tenant_for(user_id))

    @staticmethod
    def _filters(event_types: Sequence[EventType] | None) -> Any:
        types = check_event_types(event_types)
        if types is None:
            return None
        return Filter.by_property("event_type").contains_any([t.value for t in types] or ["-"])

    def upsert(self, records: Sequence[StoredEvent]) -> int:
        if not records:
            return 0
        check_records(records, self.space_id, self.dimension)
        records = last_per_key(records)
        by_user: dict[str, list[DataObject]] = {}
        for record in records:
            row = {k: v for k, v in to_row(record).items() if v is not None}  # unset, not null
            vector = row.pop("vector").tolist()
            if record.passages is not None:  # Weaviate has no nested arrays: flat, and a count
                row[PASSAGES_COLUMN] = record.passages.astype(np.float32).ravel().tolist()
                row[_PASSAGE_COUNT] = len(record.passages)
            uid = generate_uuid5(f"{record.event.user_id}/{record.event.event_id}")
            by_user.setdefault(check_user(record.event.user_id), []).append(
                DataObject(properties=row, uuid=uid, vector=vector)
            )
        for user_id, objects in by_user.items():
            result = self._tenant(user_id).data.insert_many(objects)
            if result.has_errors:
                raise RuntimeError(f"Weaviate upsert for {user_id}: {result.errors}")
        return len(records)

    def get(self, user_id: str, event_id: str) -> StoredEvent | None:
        (event_id,) = check_event_ids([event_id])
        if not self._has_tenant(user_id):
            return None
        obj = self._tenant(user_id).query.fetch_object_by_id(
            generate_uuid5(f"{user_id}/{event_id}"), include_vector=True
        )
        return self._record(obj) if obj is not None else None

    def search(
        self,
        user_id: str,
        vector: np.ndarray,
        limit: int,
        event_types: Sequence[EventType] | None = None,
    ) -> list[tuple[StoredEvent, float]]:
        vector = check_search(vector, limit, self.dimension)
        filters = self._filters(event_types)
        if not self._has_tenant(user_id):
            return []
        result = self._tenant(user_id).query.near_vector(
            near_vector=vector.tolist(),
            limit=limit,
            filters=filters,
            include_vector=True,
            return_metadata=MetadataQuery(distance=True),
        )
        return [(self._record(o), 1.0 - float(o.metadata.distance)) for o in result.objects]

    def delete(
        self,
        user_id: str,
        event_ids: Sequence[str] | None = None,
        event_types: Sequence[EventType] | None = None,
    ) -> int:
        types_filter = self._filters(event_types)
        ids = check_event_ids(event_ids) if event_ids is not None else None
        if not self._has_tenant(user_id) or ids == []:
            return 0
        if ids is None and types_filter is None:
            held = self.count(user_id)
            self._collection.tenants.remove([tenant_for(user_id)])
            return held
        clauses = [f for f in (types_filter,) if f is not None]
        if ids is not None:
            clauses.append(Filter.by_property("event_id").contains_any(ids))
        where = clauses[0] if len(clauses) == 1 else Filter.all_of(clauses)
        return int(self._tenant(user_id).data.delete_many(where=where).successful)

    def count(self, user_id: str | None = None) -> int:
        if user_id is not None:
            if not self._has_tenant(user_id):
                return 0
            total = self._tenant(user_id).aggregate.over_all(total_count=True).total_count
            return int(total or 0)
        tenants = self._collection.tenants.get()
        return sum(
            int(self._collection.with_tenant(t).aggregate.over_all(total_count=True).total_count)
            for t in tenants
        )

    def scan(
        self, user_id: str | None = None, event_types: Sequence[EventType] | None = None
    ) -> pa.Table:
        filters = self._filters(event_types)
        if user_id is not None:
            objects = (
                self._tenant(user_id)
                .query.fetch_objects(filters=filters, limit=_FETCH_LIMIT, include_vector=True)
                .objects
                if self._has_tenant(user_id)
                else []
            )
        else:  # batch jobs: every tenant, streamed; the iterator takes no filter
            types = check_event_types(event_types)
            wanted = {t.value for t in (EventType if types is None else types)}
            objects = [
                obj
                for tenant in self._collection.tenants.get()
                for obj in self._collection.with_tenant(tenant).iterator(include_vector=True)
                if obj.properties["event_type"] in wanted
            ]
        return to_table([self._record(obj) for obj in objects], self._schema)

    def append_rows(self, rows: pa.Table) -> int:
        """Bulk-load rows as built by `to_table`. Weaviate's batch insert is already keyed by
        (user, event), so rows go through the upsert and its checks; there is no cheaper path."""
        if not rows.schema.equals(self._schema):
            raise EpisodicInputError("rows: schema differs from the episodic collection's")
        return self.upsert(from_table(rows))

    def optimize(self) -> None:
        """Weaviate compacts and indexes on the server; nothing to do here."""

    def repack(self, users: Iterable[str] = ()) -> int:
        """Reads go to the server, which keeps no per-user copy here: nothing to rebuild."""
        return 0

    def read_users(self) -> list[str]:
        """No user has a copy here to build again in a re-embedded collection."""
        return []

    def drop(self) -> None:
        """Delete the whole collection (tests and decommissioning only)."""
        self._client.collections.delete(self._collection.name)

    def purge_deleted(self) -> None:
        """Weaviate removes deleted objects itself (tombstones are compacted by the server)."""

    def close(self) -> None:
        self._client.close()

    @staticmethod
    def _record(obj: Any) -> StoredEvent:
        row = dict(obj.properties)
        for name in ("keywords", "evidence_turn_ids"):  # Weaviate returns empty arrays as null
            row[name] = row.get(name) or []
        row["vector"] = obj.vector["default"]
        flat, count = row.pop(PASSAGES_COLUMN, None), row.pop(_PASSAGE_COUNT, None)
        if flat and count:
            row[PASSAGES_COLUMN] = np.asarray(flat, dtype=np.float32).reshape(count, -1)
        return from_row(row)
