"""The GraphStore contract, run on every backend (SQLite always, Bolt against FalkorDB)."""

from __future__ import annotations

import pytest

from jiyi.composition import open_graph_store
from jiyi.config import Settings
from jiyi.domain import Edge, EdgeSource, Entity, EntityKind, RelationClass, RelationKind
from jiyi.graph.entities import alias_key
from jiyi.graph.model import EdgeChange, EdgeRevision, RevisionAction
from jiyi.graph.sqlite_store import SqliteGraphStore
from jiyi.graph.store import ID_BYTES_PER_READ, Direction, GraphStore, check_hops, id_chunks
from jiyi.health import skipped_values

T = 1_770_000_000_000


def entity(entity_id: str, name: str, kind: EntityKind = EntityKind.CONCEPT, aliases=()) -> Entity:
    return Entity(entity_id=entity_id, kind=kind, name=name, aliases=list(aliases))


def change(
    user: str,
    src: str,
    relation: RelationKind,
    dst: str,
    confidence: float = 0.8,
    at: int = T,
    invalid_at: int | None = None,
    old: float | None = None,
    evidence: tuple[str, ...] = ("ev1",),
) -> EdgeChange:
    edge = Edge(
        user_id=user, src=src, relation=relation, dst=dst, confidence=confidence,
        source=EdgeSource.RULE, created_at=T, updated_at=at, valid_from=T, invalid_at=invalid_at,
        evidence=list(evidence),
    )  # fmt: skip
    revision = EdgeRevision(
        user_id=user, edge_id=edge.edge_id, src=src, relation=relation, dst=dst, at=at,
        action=RevisionAction.CREATE if old is None else RevisionAction.REINFORCE,
        source=EdgeSource.RULE, operator="test", old_confidence=old, new_confidence=confidence,
        evidence=list(evidence), valid=invalid_at is None,
    )  # fmt: skip
    return EdgeChange(edge, revision)


def seed(store: GraphStore, user: str = "u1") -> None:
    with store.transaction(user) as tx:
        tx.put_entity(entity("user", "user", EntityKind.USER))
        tx.put_entity(entity("trig", "三角函数", aliases=["Trigonometry"]))
        tx.put_entity(entity("jazz", "jazz", EntityKind.OBJECT))
        tx.put_change(change(user, "user", RelationKind.LEARNING_OBSTACLE, "trig"))
        tx.put_change(change(user, "user", RelationKind.PREFERS, "jazz", 0.9))


def test_a_transaction_writes_entities_edges_and_revisions(graph_store: GraphStore) -> None:
    seed(graph_store)

    trig = graph_store.entity("u1", "trig")
    assert trig == entity("trig", "三角函数", aliases=["Trigonometry"])
    edges = graph_store.edges("u1", src="user")
    assert {(e.relation, e.dst, e.confidence) for e in edges} == {
        (RelationKind.LEARNING_OBSTACLE, "trig", 0.8),
        (RelationKind.PREFERS, "jazz", 0.9),
    }
    obstacle = next(e for e in edges if e.dst == "trig")
    assert obstacle.evidence == ["ev1"]
    assert obstacle.invalid_at is None
    [revision] = graph_store.revisions("u1", obstacle.edge_id)
    assert (revision.seq, revision.action, revision.old_confidence) == (1, "create", None)


def test_revisions_are_numbered_in_order_and_the_edge_holds_the_latest(
    graph_store: GraphStore,
) -> None:
    seed(graph_store)
    for step, value in enumerate([0.5, 0.3], start=1):
        with graph_store.transaction("u1") as tx:
            tx.put_change(
                change("u1", "user", RelationKind.LEARNING_OBSTACLE, "trig", value,
                       at=T + step, old=0.8)
            )  # fmt: skip

    edge = graph_store.edges("u1", relation=RelationKind.LEARNING_OBSTACLE)[0]
    assert edge.confidence == 0.3
    revisions = graph_store.revisions("u1", edge.edge_id)
    assert [(r.seq, r.new_confidence) for r in revisions] == [(1, 0.8), (2, 0.5), (3, 0.3)]


def test_applied_finds_evidence_in_any_revision_of_the_edges_asked_about(
    graph_store: GraphStore,
) -> None:
    seed(graph_store)  # both edges carry "ev1"
    with graph_store.transaction("u1") as tx:
        tx.put_change(change("u1", "user", RelationKind.LEARNING_OBSTACLE, "trig", 0.5,
                             at=T + 1, old=0.8, evidence=("ev2",)))  # fmt: skip
    obstacle = graph_store.edges("u1", dst="trig")[0]
    jazz = graph_store.edges("u1", dst="jazz")[0]
    assert obstacle.evidence == ["ev2"]  # the edge no longer names ev1; its first revision does

    with graph_store.transaction("u1") as tx:
        assert tx.applied([obstacle.edge_id], ["ev1"])
        assert tx.applied([obstacle.edge_id], ["ev9", "ev2"])
        assert not tx.applied([obstacle.edge_id], ["ev9"])
        assert not tx.applied(["no-such-edge"], ["ev1"])
    with graph_store.transaction("u2") as tx:  # another user's evidence is not this user's
        assert not tx.applied([obstacle.edge_id, jazz.edge_id], ["ev1"])
    graph_store.erase_user("u1")
    with graph_store.transaction("u1") as tx:
        assert not tx.applied([obstacle.edge_id], ["ev1"])


def _write_then_fail(store: GraphStore) -> None:
    with store.transaction("u1") as tx:
        tx.put_entity(entity("piano", "piano", EntityKind.OBJECT))
        tx.put_change(change("u1", "user", RelationKind.PREFERS, "piano"))
        tx.put_change(change("u1", "user", RelationKind.PREFERS, "jazz", 0.2, at=T + 5, old=0.9))
        raise RuntimeError("boom")


def test_an_exception_inside_a_transaction_writes_nothing(graph_store: GraphStore) -> None:
    seed(graph_store)
    with pytest.raises(RuntimeError, match="boom"):
        _write_then_fail(graph_store)

    assert graph_store.entity("u1", "piano") is None
    assert graph_store.edges("u1", dst="piano", include_invalid=True) == []
    jazz = graph_store.edges("u1", dst="jazz")[0]
    assert jazz.confidence == 0.9
    assert len(graph_store.revisions("u1", jazz.edge_id)) == 1


def test_in_a_batch_each_transaction_sees_the_ones_before_and_a_failed_one_writes_nothing(
    graph_store: GraphStore,
) -> None:
    with graph_store.batch():
        seed(graph_store)
        seed(graph_store, "u2")
        with graph_store.transaction("u1") as tx:
            assert tx.edge("user", RelationKind.PREFERS, "jazz").confidence == 0.9
            tx.put_change(
                change("u1", "user", RelationKind.PREFERS, "jazz", 0.5, at=T + 1, old=0.9)
            )
        with pytest.raises(RuntimeError, match="boom"):
            _write_then_fail(graph_store)

    assert graph_store.entity("u1", "piano") is None
    jazz = graph_store.edges("u1", dst="jazz")[0]
    assert jazz.confidence == 0.5
    assert [r.seq for r in graph_store.revisions("u1", jazz.edge_id)] == [1, 2]
    assert graph_store.edges("u2", dst="jazz")[0].confidence == 0.9  # users stay apart


def test_reads_inside_a_transaction_see_committed_state(graph_store: GraphStore) -> None:
    seed(graph_store)
    with graph_store.transaction("u1") as tx:
        assert tx.entity("trig") == graph_store.entity("u1", "trig")
        assert tx.entity_by_alias(alias_key("trigonometry")).entity_id == "trig"
        edge = tx.edge("user", RelationKind.PREFERS, "jazz")
        assert edge is not None
        assert edge.confidence == 0.9
        assert tx.edge("user", RelationKind.DISLIKES, "jazz") is None


def test_entities_reads_many_at_once_of_one_user_only(graph_store: GraphStore) -> None:
    seed(graph_store)
    seed(graph_store, "u2")
    with graph_store.transaction("u2") as tx:
        tx.put_entity(entity("chess", "chess", EntityKind.OBJECT))

    found = graph_store.entities("u1", ["jazz", "trig", "chess", "jazz", "nowhere"])
    assert found == {"jazz": graph_store.entity("u1", "jazz"),
                     "trig": graph_store.entity("u1", "trig")}  # fmt: skip
    assert graph_store.entities("u1", []) == {}
    assert set(graph_store.entities("u2", ["chess", "trig"])) == {"chess", "trig"}
    many = [f"{'长名字' * 10}{i}" for i in range(300)] + ["jazz"]  # more than one read's ids
    assert set(graph_store.entities("u1", many)) == {"jazz"}


def test_id_chunks_bound_each_reads_bytes_and_drop_repeats() -> None:
    ids = [f"{'实体' * 20}{i:03d}" for i in range(200)]  # 123 bytes and a marker each
    chunks = id_chunks([*ids, *ids[:50]])
    assert [i for chunk in chunks for i in chunk] == ids
    assert all(sum(len(i.encode()) + 2 for i in chunk) <= ID_BYTES_PER_READ for chunk in chunks)
    assert len(chunks) == 17  # 12 ids a read
    assert id_chunks([]) == []
    assert id_chunks(["x" * 5000]) == [["x" * 5000]]  # an id longer than a read is read alone


def test_alias_keys_find_an_entity_by_any_of_its_names(graph_store: GraphStore) -> None:
    seed(graph_store)
    assert graph_store.entity_by_alias("u1", alias_key("三角函数")).entity_id == "trig"
    assert graph_store.entity_by_alias("u1", alias_key("  TRIGONOMETRY ")).entity_id == "trig"
    assert graph_store.entity_by_alias("u1", alias_key("algebra")) is None


def test_closed_edges_are_kept_and_hidden_unless_asked_for(graph_store: GraphStore) -> None:
    seed(graph_store)
    with graph_store.transaction("u1") as tx:
        tx.put_change(
            change("u1", "user", RelationKind.PREFERS, "jazz", 0.9, at=T + 9, invalid_at=T + 9,
                   old=0.9)
        )  # fmt: skip

    assert [e.dst for e in graph_store.edges("u1")] == ["trig"]
    closed = graph_store.edges("u1", dst="jazz", include_invalid=True)
    assert [(e.invalid_at, e.is_valid) for e in closed] == [(T + 9, False)]
    assert [r.valid for r in graph_store.revisions("u1", closed[0].edge_id)] == [True, False]


def test_filters_by_relation_src_and_dst(graph_store: GraphStore) -> None:
    seed(graph_store)
    assert [e.dst for e in graph_store.edges("u1", relation=RelationKind.PREFERS)] == ["jazz"]
    assert graph_store.edges("u1", src="trig") == []
    assert [e.relation for e in graph_store.edges("u1", dst="trig")] == [
        RelationKind.LEARNING_OBSTACLE
    ]


def test_one_users_graph_never_reaches_another_user(graph_store: GraphStore) -> None:
    seed(graph_store, "u1")
    seed(graph_store, "u2")
    with graph_store.transaction("u2") as tx:
        tx.put_entity(entity("piano", "piano", EntityKind.OBJECT))
        tx.put_change(change("u2", "user", RelationKind.PREFERS, "piano"))

    assert graph_store.entity("u1", "piano") is None
    assert graph_store.entity_by_alias("u1", "piano") is None
    assert {e.dst for e in graph_store.edges("u1", include_invalid=True)} == {"trig", "jazz"}
    assert all(e.user_id == "u1" for e in graph_store.edges("u1"))
    u2_edge = graph_store.edges("u2", dst="piano")[0]
    assert graph_store.revisions("u1", u2_edge.edge_id) == []


def test_a_change_for_another_user_is_refused(graph_store: GraphStore) -> None:
    seed(graph_store)
    with graph_store.transaction("u1") as tx, pytest.raises(ValueError, match="user_id"):
        tx.put_change(change("u2", "user", RelationKind.PREFERS, "jazz"))
    assert graph_store.edges("u2") == []


def _chain(store: GraphStore, user: str = "u1") -> None:
    """angle → unit_circle → trig → calculus (prerequisite_of), plus a closed shortcut."""
    with store.transaction(user) as tx:
        for eid in ("angle", "unit_circle", "trig", "calculus", "ratio"):
            tx.put_entity(entity(eid, eid))
        for src, dst in [("angle", "unit_circle"), ("unit_circle", "trig"), ("trig", "calculus")]:
            tx.put_change(change(user, src, RelationKind.PREREQUISITE_OF, dst, 1.0))
        tx.put_change(
            change(user, "ratio", RelationKind.PREREQUISITE_OF, "trig", 1.0, invalid_at=T + 1)
        )
        tx.put_change(change(user, "calculus", RelationKind.PREREQUISITE_OF, "angle", 1.0))


def test_neighbours_follow_valid_edges_over_several_hops(graph_store: GraphStore) -> None:
    _chain(graph_store)
    pre = RelationKind.PREREQUISITE_OF
    assert graph_store.neighbours("u1", "trig", pre, Direction.IN, 1) == [("unit_circle", 1)]
    assert graph_store.neighbours("u1", "trig", pre, Direction.IN, 3) == [
        ("unit_circle", 1),
        ("angle", 2),
        ("calculus", 3),
    ]
    assert graph_store.neighbours("u1", "angle", pre, Direction.OUT, 2) == [
        ("unit_circle", 1),
        ("trig", 2),
    ]
    assert graph_store.neighbours("u2", "trig", pre, Direction.IN, 3) == []


def test_hops_are_bounded() -> None:
    assert check_hops(3) == 3
    with pytest.raises(ValueError, match="max_hops"):
        check_hops(0)
    with pytest.raises(ValueError, match="max_hops"):
        check_hops(50)


def test_erase_user_keeps_a_tombstone_user_node_and_spares_others(
    graph_store: GraphStore,
) -> None:
    seed(graph_store, "u1")
    seed(graph_store, "u2")

    cleared = graph_store.erase_user("u1")

    assert cleared >= 2 + 2 + 2 + 1  # revisions, edges, entities removed, user node cleared
    assert graph_store.entity("u1", "user") == entity("user", "user", EntityKind.USER)
    assert graph_store.entity("u1", "trig") is None  # its id could spell what the user said
    assert graph_store.entity_by_alias("u1", alias_key("三角函数")) is None
    assert graph_store.edges("u1", include_invalid=True) == []
    assert len(graph_store.edges("u2")) == 2
    assert graph_store.entity("u2", "trig").name == "三角函数"


def test_a_second_erase_removes_nothing(graph_store: GraphStore) -> None:
    seed(graph_store, "u1")
    assert graph_store.erase_user("u1") > 0
    assert graph_store.erase_user("u1") == 0  # the tombstone is already cleared: not counted
    assert graph_store.entity("u1", "user") == entity("user", "user", EntityKind.USER)


@pytest.mark.parametrize(
    "name",
    ["Newton's laws", "x'}) DETACH DELETE n //`]->(", "三角'函数\\", 'say "hi" \\\' twice'],
)
def test_names_with_quotes_and_cypher_syntax_round_trip_as_data(
    graph_store: GraphStore, name: str
) -> None:
    seed(graph_store, "u2")
    with graph_store.transaction("u1") as tx:
        tx.put_entity(entity("weird", name, EntityKind.OBJECT, aliases=[name + "'"]))
    assert graph_store.entity("u1", "weird").name == name
    assert graph_store.entity_by_alias("u1", alias_key(name)).entity_id == "weird"
    assert len(graph_store.edges("u2")) == 2


def test_the_factory_opens_sqlite_under_the_data_dir(tmp_path) -> None:
    store = open_graph_store(Settings(data_dir=tmp_path))
    try:
        assert isinstance(store, SqliteGraphStore)
        assert (tmp_path / "graph.sqlite3").exists()
    finally:
        store.close()


def test_scan_edges_reads_every_users_valid_edges(graph_store: GraphStore) -> None:
    seed(graph_store, "u1")
    seed(graph_store, "u2")
    with graph_store.transaction("u2") as tx:  # u2's preference is closed: not scanned
        tx.put_change(change("u2", "user", RelationKind.PREFERS, "jazz", 0.9, invalid_at=T + 1))
    scanned = graph_store.scan_edges()
    assert sorted((e.user_id, e.relation.value) for e in scanned) == [
        ("u1", "learning_obstacle"), ("u1", "prefers"), ("u2", "learning_obstacle"),
    ]  # fmt: skip
    assert [(e.user_id, e.edge_id) for e in scanned] == sorted(
        (e.user_id, e.edge_id) for e in scanned
    )


def test_an_edges_own_decay_class_round_trips(graph_store: GraphStore) -> None:
    standing = change("u1", "user", RelationKind.FEELS, "anxious")
    standing = EdgeChange(
        standing.edge.model_copy(update={"decay_class": RelationClass.DEFAULT}), standing.revision
    )
    with graph_store.transaction("u1") as tx:
        tx.put_entity(entity("user", "user", EntityKind.USER))
        tx.put_entity(entity("anxious", "anxious", EntityKind.EMOTION))
        tx.put_entity(entity("calm", "calm", EntityKind.EMOTION))
        tx.put_change(standing)
        tx.put_change(change("u1", "user", RelationKind.FEELS, "calm"))
    by_dst = {e.dst: e.decay_class for e in graph_store.edges("u1")}
    assert by_dst == {"anxious": RelationClass.DEFAULT, "calm": None}


def _damage(store: GraphStore, sql: str, cypher: str) -> None:
    """Write a value no version of the code writes, as a damaged file or a restored backup
    could hold: `sql` on SQLite, `cypher` on a Bolt server."""
    if isinstance(store, SqliteGraphStore):
        with store._lock:
            store._db.execute(sql)
        return
    with store._driver.session() as session:  # type: ignore[attr-defined]
        session.run(cypher).consume()


def test_a_stored_edge_or_entity_that_cannot_be_read_is_left_out_and_counted(
    graph_store: GraphStore,
) -> None:
    seed(graph_store)
    before = skipped_values()
    _damage(
        graph_store,
        "UPDATE edges SET confidence = 7.5 WHERE dst = 'jazz'",
        "MATCH ()-[r]->(:Entity {id: 'jazz'}) SET r.confidence = 7.5",
    )
    _damage(
        graph_store,
        "UPDATE entities SET kind = 'martian' WHERE entity_id = 'trig'",
        "MATCH (n:Entity {id: 'trig'}) SET n.kind = 'martian'",
    )
    _damage(
        graph_store,
        "UPDATE revisions SET action = 'vanish' WHERE dst = 'trig'",
        "MATCH (v:Revision) WHERE v.dst = 'trig' SET v.action = 'vanish'",
    )

    [edge] = graph_store.edges("u1", src="user")  # the jazz edge is left out, the other read
    assert edge.dst == "trig"
    assert graph_store.entity("u1", "trig") is None
    assert graph_store.entity("u1", "jazz") == entity("jazz", "jazz", EntityKind.OBJECT)
    assert set(graph_store.entities("u1", ["trig", "jazz"])) == {"jazz"}
    assert graph_store.revisions("u1", edge.edge_id) == []
    assert [e.dst for e in graph_store.scan_edges()] == ["trig"]
    after = skipped_values()
    assert after["graph_edge"] - before.get("graph_edge", 0) == 2  # edges, then scan_edges
    assert after["graph_entity"] - before.get("graph_entity", 0) == 2  # entity, then entities
    assert after["graph_revision"] - before.get("graph_revision", 0) == 1

    with graph_store.transaction("u1") as tx:  # a write puts readable values back
        tx.put_entity(entity("trig", "三角函数"))
    assert graph_store.entity("u1", "trig") == entity("trig", "三角函数")
