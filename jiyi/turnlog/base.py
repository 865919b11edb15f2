"""What every turn log offers, whatever it is stored in."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from jiyi.domain import Turn


@dataclass(frozen=True, slots=True)
class LogRecord:
    """One entry of a partition: its offset and the payload exactly as it was appended."""

    partition: int
    offset: int
    key: str
    payload: str


def partition_for(key: str, partitions: int) -> int:
    """Stable partition of a key (a user id): one user's turns always land in one partition,
    so they are processed in order by one worker. Uses SHA-256, not `hash()`, which is salted."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % partitions


def key_for_payload(payload: str) -> str:
    """The user id of a raw payload when it has one, else "" (malformed payloads share a key).

    Keying raw payloads by user keeps a user's turns together and lets erasure find them.
    """
    try:
        user_id = json.loads(payload).get("user_id")
    except (ValueError, AttributeError):
        return ""
    return user_id if isinstance(user_id, str) else ""


ERASURE_FIELD = "erase_user"


def erasure_payload(user_id: str) -> str:
    """The record `Memory.erase` appends after a user's turns: it tells a running stream to
    drop what it holds for the user (the per-user state its recovery snapshots persist)."""
    return json.dumps({ERASURE_FIELD: user_id}, separators=(",", ":"))


def erased_user(payload: str) -> str | None:
    """The user an erasure record names, or None for any other payload."""
    if not payload.startswith('{"' + ERASURE_FIELD + '":'):
        return None
    try:
        user_id = json.loads(payload).get(ERASURE_FIELD)
    except ValueError:
        return None
    return user_id if isinstance(user_id, str) else None


class TurnLog(Protocol):
    partitions: int

    def append(self, turn: Turn) -> LogRecord:
        """Append a validated turn, keyed by its user. The local log holds a turn once (a
        retried request gets the first record back); Kafka cannot look back, so a retried
        turn may be logged twice there, and the stream's writes by deterministic id land it
        once either way."""
        ...

    def holds(self, turn_ids: Sequence[str]) -> set[str] | None:
        """Which of these turns the log holds (appended by `append`); None where the log
        cannot look back (Kafka)."""
        ...

    def append_raw(self, payload: str, key: str) -> LogRecord:
        """Append a payload as received (it may be malformed: the stream dead-letters it)."""
        ...

    def erase_user(self, user_id: str) -> int:
        """Remove every record of a user but erasure records (which hold nothing else and
        must reach the stream); returns how many were removed."""
        ...

    def close(self) -> None: ...
