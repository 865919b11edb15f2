"""JiyiStore against LangGraph's own InMemoryStore, in a compiled graph and under LangMem's tools,
on a real `Memory` (hashing encoder and the lexical residue classifier: fast, every text an event).
"""

import asyncio
from datetime import UTC
from typing import TypedDict

import pytest
from langgraph.config import get_store
from langgraph.graph import END, START, StateGraph
from langgraph.store.base import GetOp, InvalidNamespaceError, Item, PutOp
from langgraph.store.memory import InMemoryStore
from langmem import create_manage_memory_tool, create_search_memory_tool

from jiyi import clock
from jiyi.config import Settings
from jiyi.domain import Role, Turn
from jiyi.episodic.records import from_table
from jiyi.extraction.residue import build_residue_stage
from jiyi.ingest.parse import TurnInputError
from jiyi.langgraph_store import JiyiStore
from jiyi.memory import Memory
from models.hashing import HashingEncoder

USERS = ("alice", "bob")
DAY_MS = 86_400_000
NOTES = ("alice", "notes")
PROFILE = ("alice", "profile")


@pytest.fixture
def memory(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    opened = Memory(settings, encoder=HashingEncoder(256), residue=build_residue_stage(settings))
    for user in USERS:
        opened.consent(user, granted=True)
    yield opened
    opened.close()


@pytest.fixture
def store(memory):
    opened = JiyiStore(memory)
    yield opened
    opened.close()


def _plain(result):
    """A result without its timestamps (and scores), which no two stores share."""
    if isinstance(result, list):
        return [_plain(r) for r in result]
    if isinstance(result, Item):
        return (result.namespace, result.key, result.value)
    return result


def _replay(store, calls):
    return [_plain(getattr(store, name)(*args, **kwargs)) for name, args, kwargs in calls]


def _turn_ids(memory, user):
    return {s.event.turn_id for s in from_table(memory.stores.episodic.scan(user))}


def _fill(store):
    """Items in two namespaces, each filled before the next (both stores then list alike)."""
    store.put(NOTES, "tea", {"content": "I love oolong tea.", "kind": "taste", "n": 1})
    store.put(NOTES, "spiders", {"content": "I am afraid of spiders.", "kind": "fear", "n": 2})
    store.put(NOTES, "chess", {"content": "I play chess on Sundays.", "kind": "habit", "n": 3})
    store.put(PROFILE, "lang", {"content": "I speak French.", "meta": {"lang": "fr"}, "n": 4})
    store.put(PROFILE, "city", {"content": "I live in Lyon.", "kind": "fact", "n": 5})


def test_put_get_overwrite_and_delete_match_the_in_memory_store(store):
    calls = [
        ("put", (NOTES, "a"), {"value": {"content": "I love oolong tea.", "tags": ["tea", 1]}}),
        ("get", (NOTES, "a"), {}),
        ("put", (NOTES, "a"), {"value": {"content": "I prefer green tea now.", "x": None}}),
        ("get", (NOTES, "a"), {}),
        ("put", (NOTES, "b"), {"value": {"n": 1.5, "nested": {"ok": True}}, "index": False}),
        ("get", (NOTES, "b"), {}),
        ("delete", (NOTES, "a"), {}),
        ("get", (NOTES, "a"), {}),
        ("delete", (NOTES, "never"), {}),
        ("get", (NOTES, "never"), {}),
    ]
    assert _replay(store, calls) == _replay(InMemoryStore(), calls)


def test_an_overwrite_keeps_created_at_and_moves_updated_at(store):
    store.put(NOTES, "a", {"content": "I love oolong tea."})
    first = store.get(NOTES, "a")
    store.put(NOTES, "a", {"content": "I love green tea."})
    second = store.get(NOTES, "a")
    assert first.created_at.tzinfo == UTC
    assert second.created_at == first.created_at
    assert second.updated_at >= first.updated_at >= first.created_at


def test_list_namespaces_matches_the_in_memory_store(store):
    namespaces = [
        ("alice", "notes"), ("alice", "notes", "2024"), ("alice", "notes", "2025"),
        ("alice", "profile"), ("bob", "notes"), ("bob", "notes", "2025"), ("bob", "archive"),
    ]  # fmt: skip
    calls = [
        ("put", (ns, "k"), {"value": {"content": f"I like {'-'.join(ns)}."}}) for ns in namespaces
    ]
    calls += [
        ("list_namespaces", (), {}),
        ("list_namespaces", (), {"prefix": ("alice",)}),
        ("list_namespaces", (), {"prefix": ("*", "notes")}),
        ("list_namespaces", (), {"suffix": ("2025",)}),
        ("list_namespaces", (), {"prefix": ("bob",), "suffix": ("notes",)}),
        ("list_namespaces", (), {"max_depth": 1}),
        ("list_namespaces", (), {"prefix": ("alice",), "max_depth": 2}),
        ("list_namespaces", (), {"limit": 2, "offset": 1}),
        ("list_namespaces", (), {"max_depth": 2, "limit": 3, "offset": 2}),
        ("delete", (("alice", "notes", "2024"), "k"), {}),
        ("put", (("alice", "notes", "2024"), "k"), {"value": {"content": "I like it again."}}),
        ("list_namespaces", (), {"prefix": ("alice", "notes")}),
    ]
    assert _replay(store, calls) == _replay(InMemoryStore(), calls)


def test_search_without_a_query_matches_filter_limit_and_offset(store):
    reference = InMemoryStore()
    _fill(store)
    _fill(reference)
    calls = [
        ("search", (("alice",),), {}),
        ("search", (NOTES,), {}),
        ("search", (("alice", "no"),), {}),
        ("search", ((),), {"limit": 2, "offset": 3}),
        ("search", (("alice",),), {"filter": {"kind": "fear"}}),
        ("search", (("alice",),), {"filter": {"n": {"$gt": 1, "$lte": 4}}, "offset": 1}),
        ("search", (("alice",),), {"filter": {"meta": {"lang": "fr"}}}),
        ("search", (("alice",),), {"filter": {"kind": {"$ne": "fear"}}, "limit": 2}),
        ("search", (("bob",),), {}),
    ]
    assert _replay(store, calls) == _replay(reference, calls)


def test_search_with_a_query_ranks_by_recall_and_keeps_the_membership(store, memory):
    reference = InMemoryStore()
    _fill(store)
    _fill(reference)
    said = Turn(user_id="alice", session_id="chat", role=Role.USER,
                content="I am afraid of spiders.", client_ts=clock.now_ms())  # fmt: skip
    memory.add_turn(said)  # a conversation's events are recalled too, and map to no item
    found = store.search(("alice",), query="afraid of spiders")
    assert found[0].key == "spiders"
    assert found[0].score > 0
    assert {i.key for i in found} == {i.key for i in reference.search(("alice",), query="x")}
    pages = [
        store.search(("alice",), query="afraid of spiders", limit=2, offset=o) for o in (0, 2, 4)
    ]
    assert [i.key for page in pages for i in page] == [i.key for i in found]
    filtered = store.search(("alice",), query="chess", filter={"kind": {"$ne": "habit"}})
    assert "chess" not in {i.key for i in filtered}
    assert len(filtered) == 4


def test_reputting_a_value_is_idempotent(store, memory):
    store.put(NOTES, "tea", {"content": "I love oolong tea."})
    as_of = int(store.get(NOTES, "tea").updated_at.timestamp() * 1000) + DAY_MS
    events, beliefs = memory.stores.episodic.count("alice"), memory.profile("alice", as_of=as_of)
    store.put(NOTES, "tea", {"content": "I love oolong tea."})
    assert memory.stores.episodic.count("alice") == events
    assert memory.profile("alice", as_of=as_of) == beliefs
    assert [b.relation for b in beliefs] == ["interested_in"]


def test_an_overwrite_takes_back_the_events_of_the_text_it_replaces(store, memory):
    store.put(NOTES, "a", {"content": "I love oolong tea.", "kind": "taste"})
    before = _turn_ids(memory, "alice")
    store.put(NOTES, "a", {"content": "I am afraid of spiders.", "kind": "taste"})
    after = _turn_ids(memory, "alice")
    assert len(before) == len(after) == 2
    assert len(before & after) == 1  # the unchanged "kind" field keeps its event


def test_delete_removes_the_value_and_its_events_and_beliefs_stay(store, memory):
    store.put(NOTES, "tea", {"content": "I love oolong tea."})
    store.put(NOTES, "chess", {"content": "I play chess on Sundays."})
    kept = _turn_ids(memory, "alice")
    store.delete(NOTES, "tea")
    assert store.get(NOTES, "tea") is None
    assert len(_turn_ids(memory, "alice")) == len(kept) - 1
    assert [i.key for i in store.search(NOTES, query="oolong tea")] == ["chess"]
    assert any(b.entity.name == "oolong tea" for b in memory.profile("alice"))


def test_a_text_jiyi_refuses_fails_the_whole_batch_and_stores_nothing(store, memory):
    too_big = "I like tea. " * (memory.settings.limits.max_content_bytes // 10)
    with pytest.raises(TurnInputError) as refused:
        store.batch(
            [
                PutOp(NOTES, "fine", {"content": "I love oolong tea."}),
                PutOp(NOTES, "big", {"body": {"text": too_big}}),
            ]
        )
    assert refused.value.field == "value.body.text"
    assert store.search(()) == []
    assert memory.stores.episodic.count("alice") == 0


@pytest.mark.parametrize(
    "namespace",
    [(), ("",), ("alice", ""), ("alice.smith",), ("alice", "a.b"), ("langgraph", "alice")],
)
def test_namespaces_langgraph_refuses_are_refused_alike_and_nothing_is_stored(
    store, memory, namespace
):
    for refusing in (InMemoryStore(), store):
        with pytest.raises(InvalidNamespaceError):
            refusing.put(namespace, "k", {"content": "I love oolong tea."})
    with pytest.raises(InvalidNamespaceError):  # an op given to batch directly, too
        store.batch([PutOp(NOTES, "k", {"content": "I love tea."}), PutOp(namespace, "k", {})])
    assert store.list_namespaces() == []
    assert memory.stores.episodic.count() == 0


@pytest.mark.parametrize("namespace", [("not a user",), ("-alice", "notes"), ("é",)])
def test_a_user_label_jiyi_cannot_use_is_refused_with_langgraphs_error(store, namespace):
    with pytest.raises(InvalidNamespaceError, match="not a jiyi user id"):
        store.put(namespace, "k", {"content": "I love oolong tea."})
    assert store.list_namespaces() == []


def test_ttl_is_not_supported(store):
    assert not store.supports_ttl
    with pytest.raises(NotImplementedError):
        store.put(NOTES, "k", {"content": "I love oolong tea."}, ttl=5)
    with pytest.raises(NotImplementedError):
        store.batch([PutOp(NOTES, "k", {"content": "I love oolong tea."}, ttl=5)])
    assert store.get(NOTES, "k") is None


def test_a_batch_reads_before_it_writes_and_the_last_put_wins(store):
    reference = InMemoryStore()
    for target in (store, reference):
        target.put(NOTES, "a", {"v": "one"})
    ops = [PutOp(NOTES, "a", {"v": "two"}), GetOp(NOTES, "a"), PutOp(NOTES, "a", {"v": "three"})]
    calls = [("batch", (ops,), {}), ("get", (NOTES, "a"), {})]
    results = _replay(store, calls)
    assert results == _replay(reference, calls)
    assert results == [[None, (NOTES, "a", {"v": "one"}), None], (NOTES, "a", {"v": "three"})]


def test_the_async_api_runs_the_same_operations(store):
    async def scenario():
        await store.aput(NOTES, "tea", {"content": "I love oolong tea."})
        item = await store.aget(NOTES, "tea")
        found = await store.asearch(("alice",), query="oolong tea")
        namespaces = await store.alist_namespaces()
        await store.adelete(NOTES, "tea")
        return item.value, [i.key for i in found], namespaces, await store.aget(NOTES, "tea")

    assert asyncio.run(scenario()) == ({"content": "I love oolong tea."}, ["tea"], [NOTES], None)


def test_tenants_share_a_memory_but_never_each_others_items(memory):
    acme, zen = JiyiStore(memory, tenant="acme"), JiyiStore(memory, tenant="zen")
    try:
        acme.put(NOTES, "tea", {"content": "I love oolong tea."})
        assert zen.get(NOTES, "tea") is None
        assert zen.list_namespaces() == []
        assert memory.stores.episodic.count("acme:alice") > 0
        assert memory.stores.episodic.count("alice") == 0
    finally:
        acme.close()
        zen.close()


class Note(TypedDict):
    user: str
    text: str
    recalled: list[str]


def _remember(state: Note) -> dict:
    store = get_store()
    store.put((state["user"], "notes"), "latest", {"text": state["text"]})
    found = store.search((state["user"],), query=state["text"])
    return {"recalled": [item.value["text"] for item in found]}


def test_a_compiled_graph_writes_and_reads_through_get_store(store, memory):
    graph = StateGraph(Note)
    graph.add_node("remember", _remember)
    graph.add_edge(START, "remember")
    graph.add_edge("remember", END)
    app = graph.compile(store=store)
    state = app.invoke({"user": "alice", "text": "I love oolong tea.", "recalled": []})
    assert state["recalled"] == ["I love oolong tea."]
    later = asyncio.run(app.ainvoke({"user": "bob", "text": "I play chess.", "recalled": []}))
    assert later["recalled"] == ["I play chess."]
    assert any(b.entity.name == "oolong tea" for b in memory.profile("alice"))


def test_langmem_tools_create_update_delete_and_search_memories(memory):
    store = JiyiStore(memory, user_label=1)  # LangMem's namespaces put the user second
    namespace = ("memories", "{langgraph_user_id}")
    manage = create_manage_memory_tool(namespace=namespace, store=store)
    search = create_search_memory_tool(
        namespace=namespace, store=store, response_format="content_and_artifact"
    )
    config = {"configurable": {"langgraph_user_id": "alice"}}

    def found(query):
        call = {"name": search.name, "args": {"query": query}, "id": "1", "type": "tool_call"}
        return search.invoke(call, config=config).artifact

    try:
        created = manage.invoke({"content": "I love oolong tea."}, config=config)
        memory_id = created.removeprefix("created memory ")
        manage.invoke({"content": "I play chess on Sundays."}, config=config)
        hits = found("oolong tea")
        assert hits[0].key == memory_id
        assert hits[0].namespace == ("memories", "alice")
        assert hits[0].score > 0
        update = {"content": "I am afraid of spiders.", "action": "update", "id": memory_id}
        assert manage.invoke(update, config=config) == f"updated memory {memory_id}"
        hits = found("afraid of spiders")
        assert (hits[0].key, hits[0].value) == (memory_id, {"content": "I am afraid of spiders."})
        assert len(hits) == 2
        manage.invoke({"action": "delete", "id": memory_id}, config=config)
        assert [h.value["content"] for h in found("spiders")] == ["I play chess on Sundays."]
        assert memory.stores.episodic.count("alice") > 0
        assert memory.stores.episodic.count("memories") == 0
    finally:
        store.close()


def test_erasing_the_user_removes_the_stores_values(store, memory):
    _fill(store)
    store.put(("bob", "notes"), "chess", {"content": "I play chess."})
    receipt = memory.erase("alice", operator="dpo")
    assert receipt.removed["store_items"] == 5
    assert store.search(("alice",)) == []
    assert store.get(NOTES, "tea") is None
    assert store.list_namespaces() == [("bob", "notes")]
    assert memory.erase("alice", operator="dpo").removed["store_items"] == 0
