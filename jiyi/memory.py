"""`Memory`: the one object an agent developer needs, the same operations as the HTTP API.

It runs the write path's steps synchronously (no stream needed), or, with `process_inline=False`,
only appends turns to the turn log for a running `jiyi stream` to process. Every operation is
scoped by user id at the store boundary.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from jiyi import clock
from jiyi.archive import Archive
from jiyi.audit import AuditEntry, AuditOutcome
from jiyi.composition import (
    Stores,
    layout,
    open_archive,
    open_feedback_log,
    open_identity_store,
    open_turn_log,
)
from jiyi.config import Settings, load_settings, usable_cores
from jiyi.domain import Consent, EventType, Identity, Turn, check_external_id
from jiyi.domain.privacy import ErasureReceipt
from jiyi.episodic.records import from_table
from jiyi.episodic.retrieval import config_for
from jiyi.episodic.retrieval import recall as episodic_recall
from jiyi.extraction.engine import ResidueStage
from jiyi.feedback import FeedbackKind
from jiyi.graph.merge import Contradiction, merge_users
from jiyi.graph.model import EdgeChange
from jiyi.graph.queries import Belief, profile
from jiyi.ingest.parse import TurnInputError, check_turn, cleaned_work
from jiyi.ingest.pipeline import LIBRARY_SOURCE, IngestReport, process_admitted
from jiyi.ingest.references import SessionEntities
from jiyi.ingest.work import Rejected, TurnWork
from jiyi.privacy.identity import Link
from jiyi.prompt_context import DEFAULT_BUDGET_CHARS, RecallContext, assemble
from jiyi.store_items import erase_user_items
from jiyi.text import query_terms
from jiyi.turnlog import erasure_payload
from jiyi.working import WorkingMemory
from models.embedder import SpaceEncoder, encode_queries

DEFAULT_RECALL_EVENTS = 8
DEFAULT_PROFILE_LIMIT = 20
RECALL_MIN_CONFIDENCE = 0.2
WARM_UP = {"en": "warm-up", "zh": "预热"}  # one text per script the read path treats apart


@dataclass
class AddResult:
    """What one `add_turns` call did: working-memory versions, and the write path's report
    (None when a stream worker processes the turn log instead)."""

    versions: list[int] = field(default_factory=list)
    report: IngestReport | None = None


class TurnsNotStoredError(RuntimeError):
    """A write path stage refused some of a call's turns, so none was kept: `rejected` says
    which and why (a store that stayed down, content the episodic store refused)."""

    def __init__(self, rejected: Sequence[Rejected]) -> None:
        self.rejected = list(rejected)
        super().__init__("; ".join(f"{r.stage.value}: {r.reason}" for r in self.rejected))


@dataclass
class LinkReport:
    link: Link
    moved_events: int
    adopted_beliefs: int
    contradictions: list[Contradiction]


class WorkingMemoryPeers(Protocol):
    """Other processes that may hold working memory for the same users (the other workers of
    `jiyi serve --workers N`, `jiyi.api.peers`): erasure and identity merges reach them too."""

    def forget_user(self, user_id: str) -> int: ...


class Memory:
    def __init__(
        self,
        settings: Settings | None = None,
        *,
        encoder: SpaceEncoder | None = None,
        residue: ResidueStage | None = None,
        process_inline: bool = True,
        peers: WorkingMemoryPeers | None = None,
    ) -> None:
        self.settings = settings or load_settings()
        self.stores = Stores.open(self.settings, encoder, residue)
        self.working = WorkingMemory(self.settings.working_memory)
        self.turn_log = open_turn_log(self.settings)
        self.identities = open_identity_store(self.settings)
        self.feedback_log = open_feedback_log(self.settings)
        self.archive: Archive = open_archive(self.settings)
        self.process_inline = process_inline
        self.peers = peers
        self._sessions: dict[str, SessionEntities] = {}
        self._recall_slots = threading.BoundedSemaphore(
            self.settings.episodic.concurrent_recalls or usable_cores()
        )

    # ---- writing --------------------------------------------------------------------------

    def add_turn(self, turn: Turn) -> AddResult:
        return self.add_turns([turn])

    def add_turns(self, turns: Sequence[Turn]) -> AddResult:
        """All or nothing: every turn is checked before anything is written (`TurnInputError`
        names the first bad one, `turns.<i>.<field>`); inline, the write path (extraction,
        episodic store, graph) runs next and a turn it cannot store fails the whole call
        (`TurnsNotStoredError`) with its events taken back; only then the durable turn log
        (or, with a stream, the log alone) and working memory. Every stage is keyed by
        deterministic ids, so retrying the same turns after any failure lands them once."""
        routed = [self._route(turn) for turn in turns]
        works = self._admit(routed)
        result = AddResult()
        if self.process_inline:
            report = process_admitted(works, self.stores, self._sessions, all_or_nothing=True)
            if report.rejected:
                self._take_back(report.stored_unfinished)
                raise TurnsNotStoredError(report.rejected)
            result.report = report
        for turn in routed:
            self.turn_log.append(turn)
        result.versions = [self.working.add(turn) for turn in routed]
        return result

    def _take_back(self, works: Sequence[TurnWork]) -> None:
        """Delete the events of turns a failed call stored, except turns an earlier call was
        acknowledged for (the turn log holds them): those stay as that success left them. A
        log that cannot say (Kafka) keeps them all; the retry converges either way."""
        acknowledged = self.turn_log.holds([w.turn.turn_id for w in works])
        if acknowledged is None:
            return
        taken_back: dict[str, list[str]] = {}
        for work in works:
            if work.turn.turn_id not in acknowledged:
                events = taken_back.setdefault(work.turn.user_id, [])
                events += [e.event_id for e in work.events]
        for user_id, event_ids in taken_back.items():  # one delete per user, not per turn
            self.stores.episodic.delete(user_id, event_ids=event_ids)

    def _admit(self, turns: Sequence[Turn]) -> list[TurnWork]:
        """Every turn checked (the first bad one refused, named by its index), then cleaned."""
        now = clock.now_ms()
        for index, turn in enumerate(turns):
            try:
                check_turn(turn, self.settings.limits, now)
            except TurnInputError as exc:
                raise TurnInputError(f"turns.{index}.{exc.field}", exc.message) from None
        return [cleaned_work(t, payload=t.model_dump_json(), source=LIBRARY_SOURCE) for t in turns]

    def _route(self, turn: Turn) -> Turn:
        """A turn from a linked device goes to the memory of the account it is linked to."""
        user_id = self.identities.resolve(turn.user_id)
        return turn if user_id == turn.user_id else turn.model_copy(update={"user_id": user_id})

    def _user(self, user_id: str) -> str:
        return self.identities.resolve(check_external_id(user_id))

    def undo_last(self, user_id: str, session_id: str) -> int:
        """Undo the user's last message in working memory (long-term tiers keep history)."""
        return self.working.undo_last(self._user(user_id), session_id)

    # ---- reading --------------------------------------------------------------------------

    def warm_up(self) -> None:
        """Pay what a process pays once before its first request does: the embedder's ONNX
        exports, for texts and for queries, and jieba's dictionary (≈ 0.9 s, the first Chinese
        query's otherwise), with the CJK channel called once too."""
        self.stores.encoder.encode([WARM_UP["en"], WARM_UP["zh"]])
        encode_queries(self.stores.encoder, [WARM_UP["en"], WARM_UP["zh"]])
        query_terms(WARM_UP["zh"])

    def recall(
        self,
        user_id: str,
        query: str,
        *,
        session_id: str | None = None,
        budget_chars: int = DEFAULT_BUDGET_CHARS,
        k: int = DEFAULT_RECALL_EVENTS,
        event_types: Sequence[EventType] | None = None,
        now_ms: int | None = None,
    ) -> RecallContext:
        """Everything the agent should know for its next turn, within `budget_chars`; `now_ms`
        is when the query is asked on the client's clock (default: now), which "two weeks ago"
        and "last Saturday" are read against."""
        user_id = self._user(user_id)
        with self._recall_slots:
            return self._recall(user_id, query, session_id, budget_chars, k, event_types, now_ms)

    def _recall(
        self,
        user_id: str,
        query: str,
        session_id: str | None,
        budget_chars: int,
        k: int,
        event_types: Sequence[EventType] | None,
        now_ms: int | None,
    ) -> RecallContext:
        turns = self.working.get(user_id, session_id) if session_id else []
        hits = episodic_recall(
            self.stores.episodic,
            self.stores.encoder,
            self.stores.terms,
            user_id,
            query,
            k=k,
            event_types=event_types,
            now_ms=now_ms,
            config=config_for(self.settings.episodic),
        )
        beliefs = self.profile(user_id, min_confidence=RECALL_MIN_CONFIDENCE)
        context = assemble(user_id, query, turns, hits, beliefs, budget_chars)
        self.feedback_log.recalled(user_id, [e.event_id for e in context.events])
        return context

    def profile(
        self,
        user_id: str,
        *,
        as_of: int | None = None,
        min_confidence: float = 0.0,
        limit: int | None = DEFAULT_PROFILE_LIMIT,
    ) -> list[Belief]:
        """What the agent believes about the user, decayed to `as_of` (default: now)."""
        return profile(
            self.stores.graph.store,
            self._user(user_id),
            self.settings.graph,
            as_of or clock.now_ms(),
            min_confidence,
            limit,
        )

    def memory_counts(self, user_id: str) -> dict[str, int]:
        """How many memories of each kind the user has, most first: what `forget` would remove
        kind by kind (the transparency page shows it). Counts one column, builds no events."""
        kinds = self.stores.episodic.scan(self._user(user_id)).column("event_type").to_pylist()
        return dict(Counter(kinds).most_common())

    # ---- corrections and feedback -------------------------------------------------------------

    def confirm(self, user_id: str, relation: str, obj: str, operator: str) -> list[EdgeChange]:
        return self.stores.graph.confirm(self._user(user_id), relation, obj, operator)

    def correct(
        self,
        user_id: str,
        relation: str,
        obj: str,
        operator: str,
        *,
        confidence: float | None = None,
        new_relation: str | None = None,
        new_object: str | None = None,
    ) -> list[EdgeChange]:
        return self.stores.graph.correct(
            self._user(user_id), relation, obj, operator,
            confidence=confidence, new_relation=new_relation, new_object=new_object,
        )  # fmt: skip

    def retract(self, user_id: str, relation: str, obj: str, operator: str) -> list[EdgeChange]:
        return self.stores.graph.retract(self._user(user_id), relation, obj, operator)

    def feedback(self, user_id: str, event_id: str, kind: FeedbackKind) -> float:
        """Record feedback on a recalled event; "don't bring that up" lowers its retrieval weight.
        Returns the event's retrieval weight afterwards."""
        user_id = self._user(user_id)
        store = self.stores.episodic
        stored = store.get(user_id, event_id)
        if stored is None:
            raise KeyError(f"event_id: no event {event_id} for this user")
        self.feedback_log.record(user_id, event_id, kind)
        weight = stored.event.retrieval_weight
        if kind is FeedbackKind.DONT_BRING_UP:
            weight *= self.settings.forgetting.dont_bring_up_factor
            event = stored.event.model_copy(update={"retrieval_weight": weight})
            store.upsert([dataclasses.replace(stored, event=event)])
        return weight

    # ---- privacy ----------------------------------------------------------------------------

    def consent(self, user_id: str, granted: bool) -> Consent:
        if not isinstance(granted, bool):  # "no" is truthy: a privacy choice is never coerced
            raise TypeError(f"granted: expected True or False, got {type(granted).__name__}")
        return self.stores.consent.set_state(self._user(user_id), granted)

    def forget(self, user_id: str, event_type: EventType) -> int:
        """Clear one kind of memory (e.g. every small_talk event) for a user."""
        return self.stores.episodic.delete(self._user(user_id), event_types=[event_type])

    def forget_turns(self, user_id: str, turn_ids: Sequence[str]) -> int:
        """Delete the episodic events derived from these turns, an event merged from one of them
        too (it may carry its words); returns how many. Beliefs stay: only a person withdraws
        one (`retract`, which rule evidence cannot overturn later), so they decay unless
        reinforced. What a key-value store's delete takes back (`jiyi.langgraph_store`)."""
        user_id, wanted = self._user(user_id), set(turn_ids)
        table = self.stores.episodic.scan(user_id)
        rows = zip(
            table.column("event_id").to_pylist(),
            table.column("turn_id").to_pylist(),
            table.column("evidence_turn_ids").to_pylist(),
            strict=True,
        )
        event_ids = [event for event, turn, merged in rows if wanted & {turn, *merged}]
        if not event_ids:
            return 0
        return self.stores.episodic.delete(user_id, event_ids=event_ids)

    def erase(self, user_id: str, operator: str) -> ErasureReceipt:
        """Erase a user from every store: working memory, turn log, episodic, graph (soft delete:
        ids kept, properties cleared), archive, dead letters, feedback, consent, identity links,
        agent-framework store items (`jiyi.store_items`), and the user's audit entries (all but
        earlier erasure records); an erasure record in the turn log tells a running stream to
        drop what it keeps for the user. Audited by who and when, without content; a second
        erasure removes nothing."""
        user_id = self._user(user_id)
        stores = self.stores
        removed = {
            "working_memory": self._forget_working_memory(user_id),
            "turn_log": self.turn_log.erase_user(user_id),
            "episodic": stores.episodic.delete(user_id),
            "graph": stores.graph.erase_user(user_id, operator),
            "archive": self.archive.erase_user(user_id),
            "dead_letters": stores.dead_letters.erase_user(user_id),
            "feedback": self.feedback_log.erase_user(user_id),
            "consent": stores.consent.erase_user(user_id),
            "identity": self.identities.erase_user(user_id),
            "store_items": erase_user_items(layout(self.settings).store_items, user_id),
            "audit": stores.audit.erase_user(user_id),  # last: the steps above append entries
        }
        stores.episodic.purge_deleted()  # deleted rows must not linger in older table versions
        self._sessions.pop(user_id, None)
        self.turn_log.append_raw(erasure_payload(user_id), user_id)  # a stream drops its state
        at = clock.now_ms()
        stores.audit.append(
            [AuditEntry(at=at, operator=operator, action="erase", outcome=AuditOutcome.APPLIED,
                        user_id=user_id)]
        )  # fmt: skip
        return ErasureReceipt(user_id, at, removed)

    def link_identity(self, weaker: Identity, stronger: Identity, operator: str) -> LinkReport:
        """`weaker` (e.g. a device) is the same person as `stronger` (an account): later turns of
        either land in one memory, and what the weaker one remembered moves over now. Opposite
        beliefs are reported (and audited) with the default arbitration, never merged silently."""
        link = self.identities.link(weaker, stronger)
        if link.already_linked:
            return LinkReport(link, moved_events=0, adopted_beliefs=0, contradictions=[])
        moved = self._merge_episodic(link.source_user, link.target_user)
        graph = merge_users(
            self.stores.graph, link.source_user, link.target_user, operator, clock.now_ms()
        )
        self._forget_working_memory(link.source_user)
        return LinkReport(link, moved, graph.adopted, graph.contradictions)

    def _forget_working_memory(self, user_id: str) -> int:
        """The user's sessions dropped here and in every peer process: how many."""
        forgotten = self.working.forget_user(user_id)
        return forgotten + (self.peers.forget_user(user_id) if self.peers else 0)

    def _merge_episodic(self, source: str, target: str) -> int:
        store = self.stores.episodic
        moved = [
            dataclasses.replace(r, event=r.event.model_copy(update={"user_id": target}))
            for r in from_table(store.scan(source))
        ]
        store.upsert(moved)
        store.delete(source, event_ids=[r.event.event_id for r in moved])
        return len(moved)

    def close(self) -> None:
        self.stores.close()
        self.identities.close()
        self.feedback_log.close()
        self.turn_log.close()
