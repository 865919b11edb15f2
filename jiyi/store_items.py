"""The values an agent framework's key-value store keeps in jiyi (the LangGraph store), on SQLite.

Jiyi's tiers keep what a text *means* (typed events, beliefs), never the caller's value itself,
yet a key-value store must give back exactly what was put. So each item is kept here as JSON,
with the jiyi user it belongs to (erasure reaches it by that) and the ids of the turns it was
indexed as (search maps recalled events back to items, delete removes what they left).

No framework is imported here: `Memory.erase` reaches this file without the agents extra.
Namespaces are stored as their labels joined by "." (LangGraph forbids "." inside a label), so
a prefix is a text prefix and no two namespaces share a stored form.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jiyi.health import read_stored
from jiyi.sqlite_util import connect, create_schema, erase_rows, write_transaction

NAMESPACE_SEPARATOR = "."

_SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    tenant TEXT NOT NULL,
    namespace TEXT NOT NULL,
    key TEXT NOT NULL,
    user_id TEXT NOT NULL,
    value TEXT NOT NULL,
    turn_ids TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (tenant, namespace, key)
);
CREATE INDEX IF NOT EXISTS items_by_user ON items (user_id);
"""
_COLUMNS = "namespace, key, user_id, value, turn_ids, created_at, updated_at"


@dataclass(frozen=True)
class StoredItem:
    """One item: its address, owner, exact value, the turns it was indexed as, and its times
    (epoch milliseconds)."""

    namespace: tuple[str, ...]
    key: str
    user_id: str
    value: dict[str, Any]
    turn_ids: tuple[str, ...]
    created_at: int
    updated_at: int


def namespace_text(namespace: Sequence[str]) -> str:
    return NAMESPACE_SEPARATOR.join(namespace)


def _item(row: tuple[Any, ...]) -> StoredItem:
    namespace, key, user_id, value, turn_ids, created_at, updated_at = row
    return StoredItem(
        namespace=tuple(namespace.split(NAMESPACE_SEPARATOR)),
        key=key,
        user_id=user_id,
        value=json.loads(value),
        turn_ids=tuple(json.loads(turn_ids)),
        created_at=created_at,
        updated_at=updated_at,
    )


def _items(rows: Sequence[tuple[Any, ...]]) -> list[StoredItem]:
    """The rows' items, less any that cannot be read (`read_stored`)."""
    return read_stored(rows, _item, "store_item", _item_ids)


def _item_ids(row: tuple[Any, ...]) -> dict[str, str]:
    return {"user_id": str(row[2]), "item_id": f"{row[0]}/{row[1]}"}


class ItemStore:
    """Items per tenant: every read and write names the tenant, so one never lists another's."""

    def __init__(self, path: Path) -> None:
        self._connection = connect(path)
        create_schema(self._connection, _SCHEMA)
        self._lock = threading.Lock()

    def get(self, tenant: str, namespace: Sequence[str], key: str) -> StoredItem | None:
        with self._lock:
            row = self._connection.execute(
                f"SELECT {_COLUMNS} FROM items WHERE tenant = ? AND namespace = ? AND key = ?",
                (tenant, namespace_text(namespace), key),
            ).fetchone()
        found = _items([row] if row is not None else [])
        return found[0] if found else None  # a damaged item reads as absent; a put replaces it

    def under(self, tenant: str, prefix: Sequence[str]) -> list[StoredItem]:
        """Items whose namespace starts with `prefix` (all of the tenant's for an empty one), in
        the order they were first put: an overwrite keeps an item's place, as InMemoryStore's."""
        text = namespace_text(prefix)
        with self._lock:
            rows = self._connection.execute(
                f"SELECT {_COLUMNS} FROM items WHERE tenant = ?"
                " AND (? = '' OR namespace = ? OR substr(namespace, 1, ?) = ?) ORDER BY rowid",
                (tenant, text, text, len(text) + 1, text + NAMESPACE_SEPARATOR),
            ).fetchall()
        return _items(rows)

    def namespaces(self, tenant: str) -> list[tuple[str, ...]]:
        """Every namespace that holds an item (one emptied by deletes is gone)."""
        with self._lock:
            rows = self._connection.execute(
                "SELECT DISTINCT namespace FROM items WHERE tenant = ?", (tenant,)
            ).fetchall()
        return [tuple(text.split(NAMESPACE_SEPARATOR)) for (text,) in rows]

    def apply(
        self,
        tenant: str,
        writes: Sequence[StoredItem],
        removals: Sequence[tuple[tuple[str, ...], str]],
    ) -> None:
        """Write and remove items in one transaction: all of it lands, or none."""
        with self._lock, write_transaction(self._connection) as connection:
            connection.executemany(
                f"INSERT INTO items (tenant, {_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (tenant, namespace, key) DO UPDATE SET user_id = excluded.user_id,"
                " value = excluded.value, turn_ids = excluded.turn_ids,"
                " created_at = excluded.created_at, updated_at = excluded.updated_at",
                [
                    (tenant, namespace_text(item.namespace), item.key, item.user_id,
                     json.dumps(item.value, ensure_ascii=False), json.dumps(item.turn_ids),
                     item.created_at, item.updated_at)
                    for item in writes
                ],
            )  # fmt: skip
            connection.executemany(
                "DELETE FROM items WHERE tenant = ? AND namespace = ? AND key = ?",
                [(tenant, namespace_text(namespace), key) for namespace, key in removals],
            )

    def erase_user(self, user_id: str) -> int:
        """Remove every item of a user, in every tenant; returns how many."""
        with self._lock:
            return erase_rows(self._connection, ("DELETE FROM items WHERE user_id = ?", (user_id,)))

    def close(self) -> None:
        self._connection.close()


def erase_user_items(path: Path, user_id: str) -> int:
    """Erasure's step for these items, whether or not a store has the file open: a deployment
    that never used one has no file, and none is created for it."""
    if not path.exists():
        return 0
    store = ItemStore(path)
    try:
        return store.erase_user(user_id)
    finally:
        store.close()
