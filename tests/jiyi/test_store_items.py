"""The agent-framework items on SQLite: a damaged item costs itself, not the read."""

import sqlite3

from jiyi.health import skipped_values
from jiyi.store_items import ItemStore, StoredItem


def _item(key: str, value: dict) -> StoredItem:
    return StoredItem(("notes", "u1"), key, "u1", value, ("t1",), 1, 1)


def test_an_item_that_cannot_be_read_is_left_out_counted_and_replaced_by_a_put(tmp_path):
    store = ItemStore(tmp_path / "items.sqlite3")
    store.apply("acme", [_item("a", {"x": 1}), _item("b", {"y": 2})], [])
    with sqlite3.connect(tmp_path / "items.sqlite3") as db:  # a damaged file, a bad restore
        db.execute("UPDATE items SET value = '{not json' WHERE key = 'a'")
    before = skipped_values().get("store_item", 0)

    assert [item.key for item in store.under("acme", ("notes",))] == ["b"]
    assert store.get("acme", ("notes", "u1"), "a") is None
    assert skipped_values()["store_item"] == before + 2
    store.apply("acme", [_item("a", {"x": 3})], [])
    assert store.get("acme", ("notes", "u1"), "a") == _item("a", {"x": 3})
