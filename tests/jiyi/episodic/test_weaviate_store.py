"""Weaviate specifics that need no server; the contract suite covers the rest when
JIYI_TEST_WEAVIATE_URL is set (no Weaviate server can run on the build machines)."""

from __future__ import annotations

import re

import pytest

from jiyi.config import EpisodicSettings
from jiyi.episodic.records import EpisodicInputError, arrow_schema
from jiyi.episodic.weaviate_store import WeaviateEpisodicStore, _properties, tenant_for


def test_tenant_names_are_valid_for_weaviate_and_distinct_per_user():
    names = {tenant_for(u) for u in ["alice", "Alice", "a.b@c:d", "x" * 128]}
    assert len(names) == 4
    assert all(re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,63}", n) for n in names)
    assert tenant_for("alice") == tenant_for("alice")
    with pytest.raises(EpisodicInputError, match="user_id"):
        tenant_for("' OR 1=1")


def test_every_stored_column_but_the_vector_is_a_weaviate_property():
    columns = set(arrow_schema(8, "s").names) - {"vector"}
    assert {p.name for p in _properties()} == columns | {"passage_count"}  # passages: flat


def test_connect_without_a_url_is_a_clear_error():
    with pytest.raises(EpisodicInputError, match="weaviate_url"):
        WeaviateEpisodicStore.connect(EpisodicSettings(), "s", 8)
