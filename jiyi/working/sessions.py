"""Tier 1: per-session working memory, in-process, bounded, with versioned snapshots.

Holds only what the article says it should: session, role, cleaned content and the client's
timestamp (turns with equal timestamps keep their arrival order). No inferred emotions, no
metadata blobs. Every change produces a new snapshot version; `rollback` and `undo_last` restore
a whole snapshot, which stays correct when a user sends several messages in quick succession.
"""

from __future__ import annotations

import threading
import time
from bisect import insort
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

from jiyi.config import WorkingMemorySettings
from jiyi.domain import Role, Turn
from jiyi.working.cleaning import clean_content, truncate_assistant

SessionKey = tuple[str, str]


class WorkingMemoryError(LookupError):
    """A session or snapshot that the caller asked for is not (or no longer) held."""


@dataclass(frozen=True, slots=True)
class WorkingTurn:
    """A cleaned turn as working memory keeps it."""

    session_id: str
    role: Role
    content: str
    client_ts: int
    truncated: bool = False
    turn_id: str = ""  # the turn's deterministic id: the same turn sent twice is held once


def _client_ts(turn: WorkingTurn) -> int:
    return turn.client_ts


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole state of one session at one version, and the change that produced it."""

    version: int
    turns: tuple[WorkingTurn, ...]
    change: str
    content_bytes: int
    added: WorkingTurn | None = None


class _Session:
    __slots__ = ("history", "last_access", "version")

    def __init__(self, now: float, max_snapshots: int) -> None:
        self.version = 0
        self.history: deque[Snapshot] = deque([Snapshot(0, (), "create", 0)], maxlen=max_snapshots)
        self.last_access = now

    @property
    def turns(self) -> tuple[WorkingTurn, ...]:
        return self.history[-1].turns

    @property
    def content_bytes(self) -> int:
        return self.history[-1].content_bytes

    def commit(
        self,
        turns: tuple[WorkingTurn, ...],
        change: str,
        content_bytes: int,
        added: WorkingTurn | None,
    ) -> int:
        self.version += 1
        self.history.append(Snapshot(self.version, turns, change, content_bytes, added))
        return self.version

    def snapshot(self, version: int) -> Snapshot:
        for snap in self.history:
            if snap.version == version:
                return snap
        held = [s.version for s in self.history]
        raise WorkingMemoryError(f"snapshot version {version} is not held (held: {held})")


def _content_bytes(turn: WorkingTurn) -> int:
    return len(turn.content.encode("utf-8"))


@dataclass(frozen=True, slots=True)
class WorkingMemoryStats:
    sessions: int
    turns: int
    content_bytes: int


class WorkingMemory:
    """LRU-bounded working memory for all sessions of one process; safe across threads."""

    def __init__(
        self,
        settings: WorkingMemorySettings | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._settings = settings or WorkingMemorySettings()
        self._clock = clock
        self._sessions: OrderedDict[SessionKey, _Session] = OrderedDict()
        self._total_bytes = 0
        self._lock = threading.Lock()

    # -- writes -------------------------------------------------------------------------------

    def add(self, turn: Turn) -> int:
        """Clean and store a turn; return the session's new snapshot version (its current one
        when the session already holds this turn: a retried request adds nothing)."""
        settings = self._settings
        content = clean_content(turn.content)
        truncated = False
        if turn.role is Role.ASSISTANT:
            content, truncated = truncate_assistant(
                content, settings.assistant_max_chars, settings.truncation_marker
            )
        if not content:
            raise ValueError("content: nothing left after cleaning")
        with self._lock:
            now = self._clock()
            self._expire_idle(now)
            key = (turn.user_id, turn.session_id)
            session = self._touch_or_create(key, now)
            if any(held.turn_id == turn.turn_id for held in session.turns):
                return session.version
            stored = WorkingTurn(
                turn.session_id, turn.role, content, turn.client_ts, truncated, turn.turn_id
            )
            turns = list(session.turns)
            insort(turns, stored, key=_client_ts)  # after equal timestamps: arrival order
            overflow = max(0, len(turns) - settings.max_turns_per_session)
            content_bytes = session.content_bytes + _content_bytes(stored)
            content_bytes -= sum(_content_bytes(t) for t in turns[:overflow])
            del turns[:overflow]
            version = self._commit(
                session, tuple(turns), f"add:{turn.role.value}", content_bytes, stored
            )
            self._evict()
            return version

    def rollback(self, user_id: str, session_id: str, version: int) -> int:
        """Restore the whole snapshot `version`; the rollback is itself a new version."""
        with self._lock:
            session = self._require(user_id, session_id)
            target = session.snapshot(version)
            return self._commit(
                session, target.turns, f"rollback:{version}", target.content_bytes, None
            )

    def undo_last(self, user_id: str, session_id: str) -> int:
        """Undo the user's last message: restore the snapshot from just before it was added
        (so the reply to it goes too)."""
        with self._lock:
            session = self._require(user_id, session_id)
            current = set(map(id, session.turns))
            for snap in reversed(session.history):
                is_user_add = snap.change == "add:user" and snap.added is not None
                if is_user_add and id(snap.added) in current:
                    before = session.snapshot(snap.version - 1)
                    return self._commit(
                        session, before.turns, f"undo:{snap.version}", before.content_bytes, None
                    )
            raise WorkingMemoryError(f"session {session_id} has no user message to undo")

    def drop_session(self, user_id: str, session_id: str) -> bool:
        with self._lock:
            return self._drop((user_id, session_id))

    def forget_user(self, user_id: str) -> int:
        """Erase every session of a user; returns how many were held."""
        with self._lock:
            keys = [key for key in self._sessions if key[0] == user_id]
            for key in keys:
                self._drop(key)
            return len(keys)

    def expire_idle(self) -> int:
        with self._lock:
            return self._expire_idle(self._clock())

    # -- reads --------------------------------------------------------------------------------

    def get(self, user_id: str, session_id: str, limit: int | None = None) -> list[WorkingTurn]:
        """The session's turns in client-timestamp order (most recent `limit` if given)."""
        with self._lock:
            now = self._clock()
            self._expire_idle(now)
            session = self._sessions.get((user_id, session_id))
            if session is None:
                return []
            self._mark_used((user_id, session_id), session, now)
            turns = session.turns
            return list(turns if limit is None else turns[max(0, len(turns) - limit) :])

    def version(self, user_id: str, session_id: str) -> int:
        with self._lock:
            return self._require(user_id, session_id).version

    def history(self, user_id: str, session_id: str) -> list[tuple[int, str]]:
        """Held snapshot versions with the change that produced each, oldest first."""
        with self._lock:
            return [(s.version, s.change) for s in self._require(user_id, session_id).history]

    def session_keys(self, user_id: str | None = None) -> list[SessionKey]:
        """(user_id, session_id) of held sessions, least recently used first."""
        with self._lock:
            return [key for key in self._sessions if user_id is None or key[0] == user_id]

    def stats(self) -> WorkingMemoryStats:
        with self._lock:
            turns = sum(len(s.turns) for s in self._sessions.values())
            return WorkingMemoryStats(len(self._sessions), turns, self._total_bytes)

    # -- internals (lock held) ------------------------------------------------------------------

    def _commit(
        self,
        session: _Session,
        turns: tuple[WorkingTurn, ...],
        change: str,
        content_bytes: int,
        added: WorkingTurn | None,
    ) -> int:
        before = session.content_bytes
        version = session.commit(turns, change, content_bytes, added)
        self._total_bytes += session.content_bytes - before
        return version

    def _require(self, user_id: str, session_id: str) -> _Session:
        session = self._sessions.get((user_id, session_id))
        if session is None:
            raise WorkingMemoryError(f"no working memory for session {session_id}")
        self._mark_used((user_id, session_id), session, self._clock())
        return session

    def _touch_or_create(self, key: SessionKey, now: float) -> _Session:
        session = self._sessions.get(key)
        if session is None:
            session = _Session(now, self._settings.max_snapshots)
            self._sessions[key] = session
        else:
            self._mark_used(key, session, now)
        return session

    def _mark_used(self, key: SessionKey, session: _Session, now: float) -> None:
        session.last_access = now
        self._sessions.move_to_end(key)

    def _drop(self, key: SessionKey) -> bool:
        session = self._sessions.pop(key, None)
        if session is None:
            return False
        self._total_bytes -= session.content_bytes
        return True

    def _expire_idle(self, now: float) -> int:
        # The dict is in last-access order, so idle sessions are all at the front.
        deadline = now - self._settings.idle_ttl_seconds
        expired = 0
        while self._sessions:
            key, session = next(iter(self._sessions.items()))
            if session.last_access > deadline:
                break
            self._drop(key)
            expired += 1
        return expired

    def _evict(self) -> None:
        # The session just written is the most recent, so it is evicted last (never, if alone).
        settings = self._settings
        while len(self._sessions) > 1 and (
            len(self._sessions) > settings.max_sessions or self._total_bytes > settings.max_bytes
        ):
            self._drop(next(iter(self._sessions)))
