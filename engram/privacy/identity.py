"""Cross-device identity: which user id a device, account or strong id stands for.

Memories live under one canonical user id. An agent may first know a person only by a device,
later by an account: `link` records that the weaker identity now resolves to the stronger one
(strong > account > device), so every later turn lands in one memory, and the caller merges the
two memories once (see `engram.privacy.merge`).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path

from engram.domain import Identity, IdentityKind
from engram.sqlite_util import connect, erase_rows, write_transaction

_RANK = {IdentityKind.DEVICE: 0, IdentityKind.ACCOUNT: 1, IdentityKind.STRONG: 2}

_SCHEMA = """
CREATE TABLE IF NOT EXISTS identity_links (
    identity TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    linked_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS identity_links_by_user ON identity_links (user_id);
"""


class IdentityError(ValueError):
    """A link that would lose or tangle memories (e.g. an account already linked elsewhere)."""


@dataclass(frozen=True, slots=True)
class Link:
    source_user: str
    target_user: str
    already_linked: bool


def user_id_of(identity: Identity) -> str:
    """The user id an identity has before any link: `kind:value` (e.g. `device:phone-1`)."""
    return identity.key


class IdentityStore:
    def __init__(self, path: Path) -> None:
        self._connection = connect(path)
        self._connection.executescript(_SCHEMA)
        self._lock = threading.Lock()

    def resolve(self, identity: Identity) -> str:
        """The canonical user id for an identity (itself when never linked)."""
        with self._lock:
            return self._resolve_key(identity.key)

    def link(self, weaker: Identity, stronger: Identity) -> Link:
        """Make `weaker` resolve to `stronger`'s user. Refuses to demote (account → device) and to
        move an identity already linked to a different user, rather than guess."""
        if _RANK[weaker.kind] > _RANK[stronger.kind]:
            raise IdentityError(
                f"cannot link {weaker.kind.value} {weaker.value!r} under the weaker "
                f"{stronger.kind.value} {stronger.value!r}; link the other way round"
            )
        with self._lock:
            source = self._resolve_key(weaker.key)
            target = self._resolve_key(stronger.key)
            if source == target:
                return Link(source, target, already_linked=True)
            if source != weaker.key:
                raise IdentityError(
                    f"{weaker.key} is already linked to {source}; unlink it before linking it to "
                    f"{target}"
                )
            now = time.time_ns() // 1_000_000
            with write_transaction(self._connection) as tx:
                tx.execute(
                    "INSERT INTO identity_links (identity, user_id, linked_at) VALUES (?, ?, ?)",
                    (weaker.key, target, now),
                )
                # identities that pointed at the weaker one follow it to the new user
                tx.execute(
                    "UPDATE identity_links SET user_id = ? WHERE user_id = ?", (target, source)
                )
        return Link(source, target, already_linked=False)

    def identities_of(self, user_id: str) -> list[str]:
        with self._lock:
            rows = self._connection.execute(
                "SELECT identity FROM identity_links WHERE user_id = ? ORDER BY identity",
                (user_id,),
            ).fetchall()
        return [row[0] for row in rows]

    def erase_user(self, user_id: str) -> int:
        with self._lock:
            return erase_rows(
                self._connection,
                (
                    "DELETE FROM identity_links WHERE user_id = ? OR identity = ?",
                    (user_id, user_id),
                ),
            )

    def close(self) -> None:
        self._connection.close()

    def _resolve_key(self, key: str) -> str:
        row = self._connection.execute(
            "SELECT user_id FROM identity_links WHERE identity = ?", (key,)
        ).fetchone()
        return row[0] if row else key
