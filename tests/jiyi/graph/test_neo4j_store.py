"""Bolt specifics: what goes into Cypher text, parameter escaping, capabilities, the factory."""

from __future__ import annotations

import pytest

from jiyi.composition import open_graph_store
from jiyi.config import Settings
from jiyi.domain import Edge, EdgeSource, Entity, EntityKind, RelationKind
from jiyi.graph.model import EdgeChange, EdgeRevision, RevisionAction
from jiyi.graph.neo4j_store import Neo4jGraphStore, _escape, _write_statements
from jiyi.graph.store import Capability

T = 1_770_000_000_000
HOSTILE = "x`]->(n) DETACH DELETE n //'"


def _change(relation: RelationKind) -> EdgeChange:
    edge = Edge(
        user_id="u1", src="user", relation=relation, dst="thing", confidence=0.5,
        source=EdgeSource.LLM, created_at=T, updated_at=T, valid_from=T, evidence=[HOSTILE],
    )  # fmt: skip
    revision = EdgeRevision(
        user_id="u1", edge_id=edge.edge_id, src="user", relation=relation, dst="thing", at=T,
        action=RevisionAction.CREATE, source=EdgeSource.LLM, operator=HOSTILE,
        new_confidence=0.5, evidence=[HOSTILE], valid=True,
    )  # fmt: skip
    return EdgeChange(edge, revision)


def test_cypher_text_holds_only_enum_relationship_types_never_values() -> None:
    entities = {"thing": Entity(entity_id="thing", kind=EntityKind.OBJECT, name=HOSTILE)}
    changes = [_change(RelationKind.PREFERS), _change(RelationKind.DISLIKES)]
    statements = _write_statements("u1", entities, changes, {})
    text = "\n".join(statement for statement, _ in statements)
    assert HOSTILE not in text
    assert ":PREFERS " in text
    assert ":DISLIKES " in text
    assert len(statements) == 4  # entities, one per relation type, revisions
    revisions = statements[-1][1]["rows"]
    assert [r["seq"] for r in revisions] == [1, 1]


def test_revision_numbers_continue_from_what_is_stored() -> None:
    change = _change(RelationKind.PREFERS)
    statements = _write_statements("u1", {}, [change, change], {change.edge.edge_id: 4})
    assert [r["seq"] for r in statements[-1][1]["rows"]] == [5, 6]


def test_escaping_quotes_strings_at_every_depth() -> None:
    value = {"a": "it's", "b": ["c:\\d", 3, None], "c": {"d": "'"}}
    assert _escape(value) == {"a": "it\\'s", "b": ["c:\\\\d", 3, None], "c": {"d": "\\'"}}


@pytest.mark.integration
def test_falkordb_gets_the_portable_subset_only(bolt_store: Neo4jGraphStore) -> None:
    assert bolt_store.capabilities == frozenset()
    assert Capability.TYPED_PARAMETERS not in bolt_store.capabilities


@pytest.mark.integration
def test_the_factory_opens_the_bolt_backend_from_settings(bolt_server_store, bolt_uri) -> None:
    # One extra connection is fine; FalkorDB only stalls the first handshake after a close.
    settings = Settings(graph={"backend": "neo4j", "neo4j_uri": bolt_uri})
    store = open_graph_store(settings)
    assert isinstance(store, Neo4jGraphStore)
    with store.transaction("u1") as tx:
        assert tx.entity("nothing") is None
