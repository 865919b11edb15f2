"""`JiyiStore`: LangGraph's long-term memory store (`BaseStore`) backed by jiyi.

A graph compiled with `store=JiyiStore(memory)` (and LangMem's memory tools) reads and writes
jiyi: what an agent saves becomes episodic memory and beliefs, and search uses jiyi's recall.

Namespaces. `namespace[user_label]` (the first label by default; 1 suits LangMem's
`("memories", "{langgraph_user_id}")`) names the user, scoped by the store's tenant the way the
HTTP API scopes it (`<tenant>:<user>`); the other labels are a sub-space of that user's memory,
and the whole namespace names the session its texts are said in. A namespace LangGraph refuses
(empty, an empty label or one with ".", root "langgraph") is refused with LangGraph's
`InvalidNamespaceError`, and so is a put whose user label is not a jiyi user id; nothing is
stored then.

put keeps the value exactly (`jiyi.store_items`) and sends each indexed text (every string
field by default, or the `index` paths) through jiyi's write path as one user turn
(`Memory.add_turns`), whose id is derived from the user, namespace, key, field and text: putting
the same value again writes nothing new, and a batch's puts are stored all or nothing. search
with a query ranks items by the best recall score of their events, then lists, unscored, the
items none of whose events was recalled (as InMemoryStore lists unembedded ones); without a
query it lists items in the order they were first put. Filters are InMemoryStore's. delete (and
an overwrite, for the texts it drops) removes the item's events (`Memory.forget_turns`) and its
working-memory session; beliefs stay and decay (only a person retracts a belief), and the turn
log keeps the turns until the user is erased. Items carry no TTL: jiyi forgets by its own
policies, not per item.

Reads in a batch see the store as it was before the batch's writes, and the last write to a
key wins, as in InMemoryStore. `created_at` stays as first put, like LangGraph's database
stores (InMemoryStore resets it on every put).
"""

from __future__ import annotations

import asyncio
import json
import math
import threading
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

# `_validate_namespace`, `_compare_values` and `_does_match` are LangGraph's own rules (private
# names, pinned by the agents extra): this store refuses, filters and lists as its stores do.
from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    _validate_namespace,
    get_text_at_path,
    validate_op_namespace,
)
from langgraph.store.memory import _compare_values, _does_match
from pydantic import ValidationError

from jiyi import clock
from jiyi.composition import layout
from jiyi.domain import Role, Turn, check_external_id
from jiyi.domain.ids import stable_id
from jiyi.domain.turns import has_visible_text
from jiyi.episodic.retrieval import config_for
from jiyi.episodic.retrieval import recall as episodic_recall
from jiyi.errors import field_errors
from jiyi.ingest.parse import TurnInputError, check_turn
from jiyi.memory import Memory
from jiyi.store_items import ItemStore, StoredItem, namespace_text

_SESSION_PREFIX = "langgraph-"
_EPOCH = datetime.fromtimestamp(0, UTC)

Address = tuple[tuple[str, ...], str]


def _session_for(namespace: Sequence[str]) -> str:
    """The session a namespace's texts are said in: one per namespace, a valid session id
    whatever its labels hold."""
    return _SESSION_PREFIX + stable_id("langgraph", namespace_text(namespace))


def _string_fields(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string in a JSON value with its path in LangGraph's syntax (`a.b`, `a[0]`)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for name, inner in value.items():
            yield from _string_fields(inner, f"{path}.{name}" if path else str(name))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _string_fields(inner, f"{path}[{index}]")


def _texts_at(value: dict[str, Any], paths: Sequence[str]) -> Iterator[tuple[str, str]]:
    """The texts at LangGraph index paths; several at one path are numbered as InMemoryStore
    numbers their vectors."""
    for path in paths:
        texts = get_text_at_path(value, path)
        for index, text in enumerate(texts):
            yield (f"{path}.{index}" if len(texts) > 1 else path), text


def _matches(value: dict[str, Any], wanted: dict[str, Any] | None) -> bool:
    """InMemoryStore's filter: exact matches, nested objects, `$eq`, `$gt` and the like."""
    return all(_compare_values(value.get(name), rule) for name, rule in (wanted or {}).items())


def _datetime(ms: int) -> datetime:
    return _EPOCH + timedelta(milliseconds=ms)


def _address(item: StoredItem) -> Address:
    return item.namespace, item.key


def _item_fields(item: StoredItem) -> dict[str, Any]:
    """What LangGraph's `Item` and `SearchItem` are built from."""
    return {
        "namespace": item.namespace,
        "key": item.key,
        "value": item.value,
        "created_at": _datetime(item.created_at),
        "updated_at": _datetime(item.updated_at),
    }


class JiyiStore(BaseStore):
    """A LangGraph store whose items live in jiyi (the module docstring says how they map)."""

    supports_ttl = False

    def __init__(
        self,
        memory: Memory,
        *,
        tenant: str | None = None,
        user_label: int = 0,
        index_fields: Sequence[str] | None = None,
    ) -> None:
        """`tenant` scopes every user as the HTTP API does; `user_label` is the position of the
        label that names the user; `index_fields` are the paths put indexes when its `index`
        is None (default: every string field; `["$"]` indexes the whole value as JSON)."""
        if tenant is not None:
            check_external_id(tenant)
        if user_label < 0:
            raise ValueError(f"user_label: expected a label position >= 0, got {user_label}")
        self.memory = memory
        self.tenant = tenant
        self.user_label = user_label
        self.index_fields = None if index_fields is None else list(index_fields)
        self._scope = tenant or ""
        self._items = ItemStore(layout(memory.settings).store_items)
        self._lock = threading.Lock()  # one batch at a time through the embedded stores

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Every op is checked before any runs; reads see the store before the writes."""
        ops = list(ops)
        for op in ops:
            self._check(op)
        with self._lock:
            results = [self._read(op) for op in ops]
            self._write([op for op in ops if isinstance(op, PutOp)])
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """`batch` in a worker thread: jiyi's stores block, the event loop must not."""
        return await asyncio.to_thread(self.batch, list(ops))

    def close(self) -> None:
        self._items.close()

    # ---- checks -----------------------------------------------------------------------------

    def _check(self, op: Op) -> None:
        """LangGraph's namespace rules for ops passed to `batch` directly (its methods check
        before batching), and jiyi's: a put names a user and carries a JSON object."""
        if not isinstance(op, GetOp | SearchOp | PutOp | ListNamespacesOp):
            raise ValueError(f"Unknown operation type: {type(op)}")
        validate_op_namespace(op)
        if not isinstance(op, PutOp):
            return
        if op.ttl is not None:
            raise NotImplementedError(f"TTL is not supported by {type(self).__name__}")
        if op.value is not None:
            _validate_namespace(op.namespace)
            self._user(op.namespace)
            if not isinstance(op.value, Mapping):
                raise TypeError(f"value: expected a mapping, got {type(op.value).__name__}")

    def _user(self, namespace: tuple[str, ...]) -> str:
        """The jiyi user a namespace belongs to (a linked device's account, once linked)."""
        if len(namespace) <= self.user_label:
            raise InvalidNamespaceError(
                f"Namespace {namespace} has no user label at position {self.user_label}."
            )
        label = namespace[self.user_label]
        scoped = f"{self.tenant}:{label}" if self.tenant else label
        try:
            check_external_id(scoped)
        except ValueError as exc:
            raise InvalidNamespaceError(
                f"Namespace label {label!r} in {namespace} is not a jiyi user id: {exc}"
            ) from None
        return self.memory.identities.resolve(scoped)

    # ---- reads ------------------------------------------------------------------------------

    def _read(self, op: Op) -> Result:
        if isinstance(op, GetOp):
            held = self._items.get(self._scope, op.namespace, op.key)
            return None if held is None else Item(**_item_fields(held))
        if isinstance(op, SearchOp):
            return self._search(op)
        if isinstance(op, ListNamespacesOp):
            return self._list_namespaces(op)
        return None  # a put's result

    def _search(self, op: SearchOp) -> list[SearchItem]:
        found = [
            item
            for item in self._items.under(self._scope, op.namespace_prefix)
            if _matches(item.value, op.filter)
        ]
        scores = self._scores(found, op.query) if op.query and op.query.strip() else {}
        ranked = sorted(found, key=lambda item: -scores.get(_address(item), -math.inf))
        page = ranked[op.offset : op.offset + op.limit]
        return [SearchItem(**_item_fields(item), score=scores.get(_address(item))) for item in page]

    def _scores(self, items: Sequence[StoredItem], query: str) -> dict[Address, float]:
        """Each item's best recall score over its events, per user (a prefix may span users).
        Recall ranks all of the user's events, so conversation events cannot crowd out items."""
        owners: dict[str, dict[str, Address]] = defaultdict(dict)
        for item in items:
            for turn_id in item.turn_ids:
                owners[item.user_id][turn_id] = _address(item)
        stores, scores = self.memory.stores, {}
        config = config_for(self.memory.settings.episodic)
        for user_id, owner in owners.items():
            k = max(1, stores.episodic.count(user_id))
            hits = episodic_recall(
                stores.episodic, stores.encoder, stores.terms, user_id, query, k=k, config=config
            )
            for hit in hits:
                for turn_id in (hit.event.turn_id, *hit.event.evidence_turn_ids):
                    if (address := owner.get(turn_id)) is not None:
                        scores[address] = max(hit.score, scores.get(address, hit.score))
        return scores

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        """InMemoryStore's listing: matched, cut to `max_depth`, sorted, then paged."""
        namespaces = [
            namespace
            for namespace in self._items.namespaces(self._scope)
            if all(_does_match(condition, namespace) for condition in op.match_conditions or ())
        ]
        if op.max_depth is not None:
            namespaces = list({namespace[: op.max_depth] for namespace in namespaces})
        return sorted(namespaces)[op.offset : op.offset + op.limit]

    # ---- writes -----------------------------------------------------------------------------

    def _write(self, puts: Sequence[PutOp]) -> None:
        """Turns first (all or nothing), then the values, then what overwrites and deletes
        leave behind: a failure before the values land leaves every item as it was."""
        latest = {(op.namespace, op.key): op for op in puts}
        now = clock.now_ms()
        writes: list[StoredItem] = []
        removals: list[Address] = []
        turns: list[Turn] = []
        dropped: dict[tuple[str, tuple[str, ...]], set[str]] = defaultdict(set)
        for (namespace, key), op in latest.items():
            held = self._items.get(self._scope, namespace, key)
            kept = set(held.turn_ids) if held else set()
            if op.value is None:
                if held is not None:
                    removals.append((namespace, key))
                    dropped[(held.user_id, namespace)] |= kept
                continue
            user_id = self._user(namespace)
            value = json.loads(json.dumps(dict(op.value)))  # not JSON: refused before any write
            indexed = self._turns(user_id, namespace, key, value, op.index, now)
            turn_ids = tuple(turn.turn_id for turn in indexed)
            turns += [turn for turn in indexed if turn.turn_id not in kept]
            if held is not None:
                dropped[(held.user_id, namespace)] |= kept - set(turn_ids)
            created_at = held.created_at if held else now
            writes.append(StoredItem(namespace, key, user_id, value, turn_ids, created_at, now))
        if turns:
            self.memory.add_turns(turns)
        self._items.apply(self._scope, writes, removals)
        for (user_id, namespace), turn_ids in dropped.items():
            if turn_ids:
                self.memory.forget_turns(user_id, sorted(turn_ids))
                self.memory.working.drop_session(user_id, _session_for(namespace))

    def _turns(
        self,
        user_id: str,
        namespace: tuple[str, ...],
        key: str,
        value: dict[str, Any],
        index: Literal[False] | list[str] | None,
        now: int,
    ) -> list[Turn]:
        """The user turns a value is indexed as: one per visible text at the indexed paths
        (a path named twice gives one)."""
        if index is False:
            return []
        paths = self.index_fields if index is None else index
        texts = _string_fields(value) if paths is None else _texts_at(value, paths)
        session_id = _session_for(namespace)
        limits = self.memory.settings.limits
        turns = []
        for path, text in texts:
            if not has_visible_text(text):
                continue
            where = json.dumps([list(namespace), key, path, text], ensure_ascii=False)
            fields = {
                "user_id": user_id, "session_id": session_id, "role": Role.USER, "content": text,
                "client_ts": now, "turn_id": stable_id("langgraph", user_id, where),
            }  # fmt: skip
            try:
                turn = Turn.model_validate(fields)
                check_turn(turn, limits, now)
            except ValidationError as exc:
                reasons = "; ".join(message for _, message in field_errors(exc))
                raise TurnInputError(f"value.{path}", reasons) from None
            except TurnInputError as exc:
                raise TurnInputError(f"value.{path}", exc.message) from None
            turns.append(turn)
        return list({turn.turn_id: turn for turn in turns}.values())
