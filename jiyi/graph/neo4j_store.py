"""The graph on Neo4j (or any Bolt server) through the official driver, in portable Cypher.

Portable means the subset that also runs on FalkorDB's Bolt server: MERGE/MATCH/SET, UNWIND,
parameters, variable-length paths; times as epoch integers; no `elementId()`, `datetime()` or
APOC. Relationship types are interpolated only from `RelationKind.cypher_type` (a closed enum);
every value travels as a parameter.

FalkorDB executes each statement at once and ignores ROLLBACK, so a transaction buffers its
writes and sends them only when the block exits cleanly: an exception (a refused input, a bug)
sends nothing. The buffered writes go as a few UNWIND statements (entities, one per relation
type, revisions): on Neo4j (`Capability.ROLLBACK`) they commit or roll back together and the
transaction first locks the user's node, so concurrent writers for one user queue up; on
FalkorDB each statement is atomic, and only a server failure between them could split a write.
(FalkorDB 4.16 crashes on one statement chaining three or more UNWIND…MERGE blocks, which is
why they are separate statements.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from neo4j import Driver, GraphDatabase, ManagedTransaction, Result, Session, Transaction
from neo4j.exceptions import Neo4jError

from jiyi.domain import Edge, Entity, EntityKind, RelationKind
from jiyi.graph.entities import alias_key
from jiyi.graph.model import EdgeChange, EdgeRevision
from jiyi.graph.store import Capability, Direction, GraphStore, GraphTx, check_hops, id_chunks
from jiyi.graph.updates import USER_ENTITY_ID
from jiyi.health import read_stored

T = TypeVar("T")
_EDGE_FIELDS = tuple(Edge.model_fields)
_REVISION_FIELDS = tuple(EdgeRevision.model_fields)
_INDEXES = (("Entity", ("user_id", "id")), ("Revision", ("user_id", "edge_id")))


def _escape(value: Any) -> Any:
    """Quote strings for a server that splices parameters into the query text as '...'."""
    if isinstance(value, str):
        return value.replace("\\", "\\\\").replace("'", "\\'")
    if isinstance(value, list):
        return [_escape(v) for v in value]
    if isinstance(value, dict):
        return {k: _escape(v) for k, v in value.items()}
    return value


class Runner:
    """Runs Cypher on a transaction, escaping parameters unless the server binds them itself.

    FalkorDB's Bolt server splices string parameters into the query text without quoting them
    (`it's` breaks the query, and a crafted value could change it), so there every string goes
    escaped; Neo4j (`Capability.TYPED_PARAMETERS`) gets the values untouched.
    """

    def __init__(self, tx: Session | Transaction | ManagedTransaction, escape: bool) -> None:
        self._tx = tx
        self._escape = escape

    def run(self, query: str, **params: Any) -> Result:
        return self._tx.run(query, _escape(params) if self._escape else params)


def _entity(node: dict[str, Any]) -> Entity:
    return Entity(
        entity_id=node["id"],
        kind=EntityKind(node["kind"]),
        name=node["name"],
        aliases=list(node.get("aliases") or []),
    )


def _edge(props: dict[str, Any]) -> Edge:
    return Edge.model_validate({k: props[k] for k in _EDGE_FIELDS if props.get(k) is not None})


def _revision(props: dict[str, Any]) -> EdgeRevision:
    return EdgeRevision.model_validate({k: props.get(k) for k in _REVISION_FIELDS})


def _edges_read(records: Result) -> list[Edge]:
    """The records' edges (`r`), less any that cannot be read (`read_stored`)."""
    return read_stored((r["r"] for r in records), _edge, "graph_edge", _edge_ids)


def _edge_ids(props: dict[str, Any]) -> dict[str, str]:
    edge = f"{props.get('src')} {props.get('relation')} {props.get('dst')}"
    return {"user_id": str(props.get("user_id")), "item_id": edge}


def _entity_read(record: Any) -> Entity | None:
    """The record's entity; None when there is none, or it cannot be read (`read_stored`): a
    write then puts a readable one in its place."""
    found = read_stored([record["n"]] if record else [], _entity, "graph_entity", _entity_ids)
    return found[0] if found else None


def _entity_ids(node: dict[str, Any]) -> dict[str, str]:
    return {"user_id": str(node.get("user_id")), "item_id": str(node.get("id"))}


def _revision_ids(props: dict[str, Any]) -> dict[str, str]:
    return {
        "user_id": str(props.get("user_id")),
        "item_id": f"{props.get('edge_id')} #{props.get('seq')}",
    }


def _entity_props(entity: Entity) -> dict[str, Any]:
    keys = sorted({alias_key(n) for n in (entity.name, *entity.aliases)})
    return {
        "id": entity.entity_id,
        "props": {
            "kind": entity.kind.value,
            "name": entity.name,
            "aliases": entity.aliases,
            "alias_keys": keys,
        },
    }


def _find_entity(run: Runner, user_id: str, entity_id: str) -> Entity | None:
    record = run.run(
        "MATCH (n:Entity {user_id: $u, id: $id}) RETURN properties(n) AS n", u=user_id, id=entity_id
    ).single()
    return _entity_read(record)


def _entity_nodes(run: Runner, user_id: str, entity_ids: list[str]) -> list[dict[str, Any]]:
    records = run.run(
        "MATCH (n:Entity {user_id: $u}) WHERE n.id IN $ids RETURN properties(n) AS n",
        u=user_id,
        ids=entity_ids,
    )
    return [record["n"] for record in records]


def _find_by_alias(run: Runner, user_id: str, key: str) -> Entity | None:
    record = run.run(
        "MATCH (n:Entity {user_id: $u}) WHERE $key IN n.alias_keys"
        " RETURN properties(n) AS n ORDER BY n.id LIMIT 1",
        u=user_id,
        key=key,
    ).single()
    return _entity_read(record)


def _find_edges(
    run: Runner,
    user_id: str,
    src: str | None,
    relation: RelationKind | None,
    dst: str | None,
    include_invalid: bool,
) -> list[Edge]:
    rel_type = f":{relation.cypher_type}" if relation else ""
    records = run.run(
        f"MATCH (a:Entity {{user_id: $u}})-[r{rel_type}]->(b:Entity {{user_id: $u}})"
        " WHERE ($src IS NULL OR a.id = $src) AND ($dst IS NULL OR b.id = $dst)"
        " AND ($all OR r.invalid_at IS NULL)"
        " RETURN properties(r) AS r",
        u=user_id,
        src=src,
        dst=dst,
        all=include_invalid,
    )
    return sorted(_edges_read(records), key=lambda e: (-e.updated_at, e.edge_id))


def _write_statements(
    user_id: str, entities: dict[str, Entity], changes: list[EdgeChange], seqs: dict[str, int]
) -> list[tuple[str, dict[str, Any]]]:
    """The Cypher that writes every buffered entity, edge and revision, one UNWIND per kind.

    One statement per relation type present (types cannot be parameters); `seqs` holds each
    edge's last revision number, read before the write.
    """
    by_type: dict[RelationKind, list[dict[str, Any]]] = {}
    revisions = []
    for change in changes:
        edge, rev = change.edge, change.revision
        props = edge.model_dump(mode="json") | {"edge_id": edge.edge_id}
        by_type.setdefault(edge.relation, []).append(
            {"src": edge.src, "dst": edge.dst, "edge_id": edge.edge_id, "props": props}
        )
        seqs[edge.edge_id] = seqs.get(edge.edge_id, 0) + 1
        revisions.append(rev.model_dump(mode="json") | {"seq": seqs[edge.edge_id]})
    statements = []
    if entities:
        statements.append(
            (
                "UNWIND $rows AS e MERGE (n:Entity {user_id: $u, id: e.id}) SET n += e.props",
                {"u": user_id, "rows": [_entity_props(e) for e in entities.values()]},
            )
        )
    for relation, rows in sorted(by_type.items()):
        statements.append(
            (
                "UNWIND $rows AS row"
                " MATCH (a:Entity {user_id: $u, id: row.src}),"
                " (b:Entity {user_id: $u, id: row.dst})"
                f" MERGE (a)-[r:{relation.cypher_type} {{edge_id: row.edge_id}}]->(b)"
                " SET r += row.props",
                {"u": user_id, "rows": rows},
            )
        )
    if revisions:
        statements.append(("UNWIND $rows AS v CREATE (x:Revision) SET x += v", {"rows": revisions}))
    return statements


class _BoltTx(GraphTx):
    """Reads go to the server at once; writes wait in a buffer for one statement at commit."""

    def __init__(self, tx: Runner, user_id: str) -> None:
        self.user_id = user_id
        self._tx = tx
        self._entities: dict[str, Entity] = {}
        self._changes: list[EdgeChange] = []

    def entity(self, entity_id: str) -> Entity | None:
        return _find_entity(self._tx, self.user_id, entity_id)

    def entity_by_alias(self, key: str) -> Entity | None:
        return _find_by_alias(self._tx, self.user_id, key)

    def edge(self, src: str, relation: RelationKind, dst: str) -> Edge | None:
        found = _find_edges(self._tx, self.user_id, src, relation, dst, include_invalid=True)
        return found[0] if found else None

    def put_entity(self, entity: Entity) -> None:
        self._entities[entity.entity_id] = entity

    def put_change(self, change: EdgeChange) -> None:
        if change.edge.user_id != self.user_id or change.revision.user_id != self.user_id:
            raise ValueError("user_id: a change must belong to the transaction's user")
        self._changes.append(change)

    def applied(self, edge_ids: Sequence[str], evidence: Sequence[str]) -> bool:
        [row] = self._tx.run(
            "MATCH (v:Revision {user_id: $u}) WHERE v.edge_id IN $ids"
            " AND any(e IN v.evidence WHERE e IN $evidence) RETURN count(v) AS c",
            u=self.user_id,
            ids=list(edge_ids),
            evidence=list(evidence),
        )
        return bool(row["c"])

    def flush(self) -> None:
        if not (self._entities or self._changes):
            return
        ids = sorted({c.edge.edge_id for c in self._changes})
        seqs = {
            r["id"]: r["seq"]
            for r in self._tx.run(
                "MATCH (v:Revision {user_id: $u}) WHERE v.edge_id IN $ids"
                " RETURN v.edge_id AS id, max(v.seq) AS seq",
                u=self.user_id,
                ids=ids,
            )
        }
        for statement, params in _write_statements(
            self.user_id, self._entities, self._changes, seqs
        ):
            self._tx.run(statement, **params).consume()


class Neo4jGraphStore(GraphStore):
    """`GraphStore` over Bolt: Neo4j in production, FalkorDB's Bolt server in the tests."""

    def __init__(
        self, uri: str, auth: tuple[str, str] | None = None, database: str | None = None
    ) -> None:
        self._driver: Driver = GraphDatabase.driver(uri, auth=auth)
        self._database = database
        self._driver.verify_connectivity()
        self.capabilities = self._probe_capabilities()
        self._ensure_schema()

    def _probe_capabilities(self) -> frozenset[Capability]:
        """Neo4j answers `dbms.components()`; Bolt look-alikes (FalkorDB) fail it."""
        try:
            with self._driver.session(database=self._database) as session:
                names = [r["name"] for r in session.run("CALL dbms.components() YIELD name")]
        except Neo4jError:
            return frozenset()
        if any(name.startswith("Neo4j") for name in names):
            return frozenset(
                {Capability.ROLLBACK, Capability.UNIQUE_CONSTRAINTS, Capability.TYPED_PARAMETERS}
            )
        return frozenset()

    def _ensure_schema(self) -> None:
        with self._driver.session(database=self._database) as session:
            if Capability.UNIQUE_CONSTRAINTS in self.capabilities:
                session.run(
                    "CREATE CONSTRAINT jiyi_entity IF NOT EXISTS"
                    " FOR (n:Entity) REQUIRE (n.user_id, n.id) IS UNIQUE"
                ).consume()
                session.run(
                    "CREATE INDEX jiyi_revision IF NOT EXISTS"
                    " FOR (n:Revision) ON (n.user_id, n.edge_id)"
                ).consume()
                return
            existing = {
                (r["label"], tuple(r["properties"]))
                for r in session.run("CALL db.indexes() YIELD label, properties")
            }
            for label, props in _INDEXES:
                if (label, props) not in existing:
                    on = ", ".join(f"n.{p}" for p in props)
                    session.run(f"CREATE INDEX FOR (n:{label}) ON ({on})").consume()

    @contextmanager
    def transaction(self, user_id: str) -> Iterator[_BoltTx]:
        with self._driver.session(database=self._database) as session:
            tx = session.begin_transaction()
            try:
                if Capability.ROLLBACK in self.capabilities:
                    Runner(tx, escape=False).run(
                        "MERGE (n:Entity {user_id: $u, id: 'user'})"
                        " ON CREATE SET n.kind = 'user', n.name = 'user', n.alias_keys = ['user']",
                        u=user_id,
                    ).consume()
                unit = _BoltTx(self._runner(tx), user_id)
                yield unit
                unit.flush()
            except BaseException:
                tx.rollback()
                raise
            tx.commit()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Transactions inside commit one by one, as outside: FalkorDB cannot undo one of them
        alone, so grouping them would weaken each one's all-or-nothing contract."""
        yield

    def _runner(self, tx: Session | Transaction | ManagedTransaction) -> Runner:
        return Runner(tx, escape=Capability.TYPED_PARAMETERS not in self.capabilities)

    def _read(self, work: Callable[[Runner], T]) -> T:
        with self._driver.session(database=self._database) as session:
            return session.execute_read(lambda tx: work(self._runner(tx)))

    def entity(self, user_id: str, entity_id: str) -> Entity | None:
        return self._read(lambda tx: _find_entity(tx, user_id, entity_id))

    def entities(self, user_id: str, entity_ids: Sequence[str]) -> dict[str, Entity]:
        nodes = self._read(
            lambda tx: [
                n for chunk in id_chunks(entity_ids) for n in _entity_nodes(tx, user_id, chunk)
            ]
        )
        found = read_stored(nodes, _entity, "graph_entity", _entity_ids)
        return {entity.entity_id: entity for entity in found}

    def entity_by_alias(self, user_id: str, key: str) -> Entity | None:
        return self._read(lambda tx: _find_by_alias(tx, user_id, key))

    def edges(
        self,
        user_id: str,
        *,
        src: str | None = None,
        relation: RelationKind | None = None,
        dst: str | None = None,
        include_invalid: bool = False,
    ) -> list[Edge]:
        return self._read(lambda tx: _find_edges(tx, user_id, src, relation, dst, include_invalid))

    def scan_edges(self) -> list[Edge]:
        def work(tx: Runner) -> list[Edge]:
            records = tx.run(
                "MATCH (:Entity)-[r]->(:Entity) WHERE r.edge_id IS NOT NULL"
                " AND r.invalid_at IS NULL RETURN properties(r) AS r"
            )
            return sorted(_edges_read(records), key=lambda e: (e.user_id, e.edge_id))

        return self._read(work)

    def revisions(self, user_id: str, edge_id: str) -> list[EdgeRevision]:
        def work(tx: Runner) -> list[EdgeRevision]:
            records = tx.run(
                "MATCH (v:Revision {user_id: $u, edge_id: $eid}) RETURN properties(v) AS v"
                " ORDER BY v.seq",
                u=user_id,
                eid=edge_id,
            )
            return read_stored(
                (r["v"] for r in records), _revision, "graph_revision", _revision_ids
            )

        return self._read(work)

    def neighbours(
        self,
        user_id: str,
        entity_id: str,
        relation: RelationKind,
        direction: Direction,
        max_hops: int,
    ) -> list[tuple[str, int]]:
        hops = check_hops(max_hops)
        arrow = (
            f"<-[:{relation.cypher_type}*1..{hops}]-"
            if direction is Direction.IN
            else f"-[:{relation.cypher_type}*1..{hops}]->"
        )
        query = (
            f"MATCH p = (a:Entity {{user_id: $u, id: $id}}){arrow}(b:Entity {{user_id: $u}})"
            " WHERE b.id <> $id AND all(r IN relationships(p) WHERE r.invalid_at IS NULL)"
            " RETURN b.id AS id, min(length(p)) AS hops ORDER BY hops, id"
        )
        records = self._read(lambda tx: list(tx.run(query, u=user_id, id=entity_id)))
        return [(r["id"], r["hops"]) for r in records]

    def erase_user(self, user_id: str) -> int:
        """Idempotent statements: on a server without rollback a rerun finishes the job."""
        with self._driver.session(database=self._database) as session:
            run = self._runner(session).run
            revisions = run(
                "MATCH (v:Revision {user_id: $u}) DELETE v RETURN count(v) AS c", u=user_id
            ).single(strict=True)["c"]
            edges = run(
                "MATCH (:Entity {user_id: $u})-[r]->(:Entity {user_id: $u}) DELETE r"
                " RETURN count(r) AS c",
                u=user_id,
            ).single(strict=True)["c"]
            entities = run(
                "MATCH (n:Entity {user_id: $u}) WHERE n.id <> $keep DETACH DELETE n"
                " RETURN count(n) AS c",
                u=user_id,
                keep=USER_ENTITY_ID,
            ).single(strict=True)["c"]
            users = run(
                "MATCH (n:Entity {user_id: $u, id: $keep})"
                " WHERE n.name <> n.id OR size(coalesce(n.aliases, [])) > 0"
                " OR size(coalesce(n.alias_keys, [])) > 0"  # a cleared tombstone: not again
                " SET n.name = n.id, n.aliases = [], n.alias_keys = [] RETURN count(n) AS c",
                u=user_id,
                keep=USER_ENTITY_ID,
            ).single(strict=True)["c"]
        return int(revisions + edges + entities + users)

    def close(self) -> None:
        self._driver.close()
