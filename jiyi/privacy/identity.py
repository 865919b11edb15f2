"""Cross-device identity: which user's memory a device, account or strong id belongs to.

An identity's value is a user id: an agent may first know a person only by a device id, later by
an account id. `link` records that the weaker identity (device < account < strong) now resolves
to the stronger one's user, so every later turn lands in one memory; the caller merges the two
memories once (`Memory.link_identity`).

An identity's kind is the server's record, not the caller's word: it is recorded the first time
the identity is linked, and a request that declares another kind is refused, so an account
cannot be demoted (and merged away) by calling it a device.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from jiyi import clock
from jiyi.domain import Identity, IdentityKind, check_external_id
from jiyi.health import skip_stored_value
from jiyi.sqlite_util import connect, create_schema, erase_rows, write_transaction

_RANK = {IdentityKind.DEVICE: 0, IdentityKind.ACCOUNT: 1, IdentityKind.STRONG: 2}

_SCHEMA = """
CREATE TABLE IF NOT EXISTS identity_links (
    identity TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    user_id TEXT NOT NULL,
    linked_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS identity_links_by_user ON identity_links (user_id);
CREATE TABLE IF NOT EXISTS identity_kinds (
    identity TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    recorded_at INTEGER NOT NULL
);
-- data dirs from before kinds were recorded: each weaker identity's kind is on its link
INSERT OR IGNORE INTO identity_kinds (identity, kind, recorded_at)
    SELECT identity, kind, linked_at FROM identity_links;
"""


class IdentityError(ValueError):
    """A link that would lose or tangle memories (e.g. an account already linked elsewhere)."""


@dataclass(frozen=True, slots=True)
class Link:
    source_user: str
    target_user: str
    already_linked: bool


class IdentityStore:
    def __init__(self, path: Path) -> None:
        self._connection = connect(path)
        create_schema(self._connection, _SCHEMA)
        self._lock = threading.Lock()

    def resolve(self, user_id: str) -> str:
        """The user whose memory `user_id` belongs to (itself when never linked)."""
        with self._lock:
            return self._resolve_key(user_id)

    def link(self, weaker: Identity, stronger: Identity) -> Link:
        """Make `weaker` resolve to `stronger`'s user. Refuses a kind other than the recorded one,
        to demote (account → device) and to move an identity already linked to a different user,
        rather than guess. Errors name kinds only: values are storage ids."""
        with self._lock, write_transaction(self._connection) as tx:
            self._check_kinds(weaker=weaker, stronger=stronger)
            if _RANK[weaker.kind] > _RANK[stronger.kind]:
                raise IdentityError(
                    f"cannot link kind {weaker.kind.value!r} under the weaker kind "
                    f"{stronger.kind.value!r}; link the other way round"
                )
            source = self._resolve_key(weaker.value)
            target = self._resolve_key(stronger.value)
            if source != target and source != weaker.value:
                raise IdentityError("the weaker identity is already linked to another user")
            now = clock.now_ms()
            tx.executemany(
                "INSERT OR IGNORE INTO identity_kinds (identity, kind, recorded_at) "
                "VALUES (?, ?, ?)",
                [
                    (weaker.value, weaker.kind.value, now),
                    (stronger.value, stronger.kind.value, now),
                ],
            )
            if source == target:
                return Link(source, target, already_linked=True)
            tx.execute(
                "INSERT INTO identity_links (identity, kind, user_id, linked_at) "
                "VALUES (?, ?, ?, ?)",
                (weaker.value, weaker.kind.value, target, now),
            )
            # identities that pointed at the weaker one follow it to the new user
            tx.execute("UPDATE identity_links SET user_id = ? WHERE user_id = ?", (target, source))
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
                    "DELETE FROM identity_kinds WHERE identity = ? OR identity IN "
                    "(SELECT identity FROM identity_links WHERE user_id = ?)",
                    (user_id, user_id),
                ),
                (
                    "DELETE FROM identity_links WHERE user_id = ? OR identity = ?",
                    (user_id, user_id),
                ),
            )

    def close(self) -> None:
        self._connection.close()

    def _check_kinds(self, **identities: Identity) -> None:
        """Each identity must be of its recorded kind (or, never seen, of one kind in this call)."""
        known: dict[str, str] = {}
        for role, identity in identities.items():
            row = self._connection.execute(
                "SELECT kind FROM identity_kinds WHERE identity = ?", (identity.value,)
            ).fetchone()
            recorded = known.setdefault(identity.value, row[0] if row else identity.kind.value)
            if recorded != identity.kind.value:
                raise IdentityError(
                    f"the {role} identity is recorded as kind {recorded!r}, not "
                    f"{identity.kind.value!r}; an identity's kind never changes"
                )

    def _resolve_key(self, key: str) -> str:
        """The user `key` is linked to; `key` itself when never linked, or when the link holds
        no valid user id (a damaged file: counted, and the memory stays the caller's own)."""
        row = self._connection.execute(
            "SELECT user_id FROM identity_links WHERE identity = ?", (key,)
        ).fetchone()
        if row is None:
            return key
        try:
            return check_external_id(row[0])
        except (ValueError, TypeError):
            skip_stored_value("identity_link", item_id=key)
            return key
