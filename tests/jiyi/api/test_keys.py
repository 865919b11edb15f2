import sqlite3

import pytest

from jiyi.api.keys import ApiKeyStore
from jiyi.health import skipped_values


def test_keys_map_to_their_tenant_and_only_hashes_are_stored(tmp_path):
    store = ApiKeyStore(tmp_path / "keys.sqlite")
    key_a = store.create("tenant-a", "agent one")
    key_b = store.create("tenant-b")
    assert store.tenant_for(key_a) == "tenant-a"
    assert store.tenant_for(key_b) == "tenant-b"
    dump = "\n".join(sqlite3.connect(tmp_path / "keys.sqlite").iterdump())
    assert key_a.split("_", 2)[2] not in dump
    assert key_b.split("_", 2)[2] not in dump


def test_wrong_malformed_and_revoked_keys_are_refused(tmp_path):
    store = ApiKeyStore(tmp_path / "keys.sqlite")
    key = store.create("tenant-a")
    _, key_id, secret = key.split("_", 2)
    assert store.tenant_for(f"jiyi_{key_id}_{secret}x") is None
    assert store.tenant_for("jiyi_nothing") is None
    assert store.tenant_for("") is None
    assert store.tenant_for(f"xyz_{key_id}_{secret}") is None
    assert store.revoke(key_id)
    assert store.tenant_for(key) is None
    assert not store.revoke(key_id)
    assert [k.revoked_at is not None for k in store.list("tenant-a")] == [True]


@pytest.mark.parametrize(
    ("column", "value"), [("secret_sha256", "'∅ not a hash'"), ("tenant", "'∅ not a tenant'")]
)
def test_a_damaged_key_row_refuses_the_key_and_is_counted(tmp_path, column, value):
    store = ApiKeyStore(tmp_path / "keys.sqlite")
    key, other = store.create("tenant-a"), store.create("tenant-b")
    key_id = key.split("_", 2)[1]
    with sqlite3.connect(tmp_path / "keys.sqlite") as db:  # a damaged file, a bad restore
        db.execute(f"UPDATE api_keys SET {column} = {value} WHERE key_id = ?", (key_id,))
    before = skipped_values().get("api_key", 0)

    assert store.tenant_for(key) is None  # refused as any unusable key is (401), not a 500
    assert store.tenant_for(other) == "tenant-b"
    assert skipped_values().get("api_key", 0) == before + (column == "tenant")
