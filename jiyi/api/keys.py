"""API keys per client application, each confined to one tenant; only hashes are stored.

A key is `jiyi_<id>_<secret>`: the id finds the row, the secret is checked against its SHA-256
(keys are 256-bit random tokens, so a fast hash is enough; there is nothing to brute-force) with a
constant-time comparison. The plaintext is shown once, at creation.

The same database keeps the ids of revoked transparency links (`jiyi.api.tokens`): a link names
the key that issued it, so both are checked together whenever a link is opened.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path

from jiyi import clock
from jiyi.domain import check_external_id
from jiyi.health import skip_stored_value
from jiyi.sqlite_util import connect, create_schema

KEY_PREFIX = "jiyi"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS api_keys (
    key_id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    name TEXT NOT NULL,
    secret_sha256 TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
);
CREATE TABLE IF NOT EXISTS revoked_links (
    link_id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    revoked_at INTEGER NOT NULL
);
"""


@dataclass(frozen=True, slots=True)
class ApiKeyInfo:
    key_id: str
    tenant: str
    name: str
    created_at: int
    revoked_at: int | None


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _parts(key: str) -> tuple[str, str, str]:
    """`jiyi_<id>_<secret>` as (prefix, id, secret); parts are empty where the key is malformed."""
    prefix, _, rest = key.partition("_")
    key_id, _, secret = rest.partition("_")
    return prefix, key_id, secret


def key_id_of(key: str) -> str:
    """The id inside a key: what links record as their issuer, never the secret part."""
    return _parts(key)[1]


class ApiKeyStore:
    def __init__(self, path: Path) -> None:
        self._connection = connect(path)
        create_schema(self._connection, _SCHEMA)
        self._lock = threading.Lock()

    def create(self, tenant: str, name: str = "default") -> str:
        """Create a key for `tenant`; returns the plaintext key (the only time it exists)."""
        check_external_id(tenant)
        key_id = secrets.token_hex(8)
        secret = secrets.token_urlsafe(32)
        with self._lock:
            self._connection.execute(
                "INSERT INTO api_keys (key_id, tenant, name, secret_sha256, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (key_id, tenant, name, _digest(secret), clock.now_ms()),
            )
        return f"{KEY_PREFIX}_{key_id}_{secret}"

    def tenant_for(self, key: str) -> str | None:
        """The tenant a key belongs to; None for an unknown, malformed or revoked key."""
        prefix, key_id, secret = _parts(key)
        if prefix != KEY_PREFIX or not key_id or not secret:
            return None
        with self._lock:
            row = self._connection.execute(
                "SELECT tenant, secret_sha256, revoked_at FROM api_keys WHERE key_id = ?",
                (key_id,),
            ).fetchone()
        if row is None or row[2] is not None:
            return None
        tenant, expected, _ = row
        if not hmac.compare_digest(str(expected).encode(), _digest(secret).encode()):
            return None
        try:
            return check_external_id(tenant)
        except (ValueError, TypeError):  # a damaged row: the key cannot be used, and says so
            skip_stored_value("api_key", item_id=key_id)
            return None

    def tenant_of(self, key_id: str) -> str | None:
        """The tenant a key id belongs to, revoked or not; None for an id never issued."""
        with self._lock:
            row = self._connection.execute(
                "SELECT tenant FROM api_keys WHERE key_id = ?", (key_id,)
            ).fetchone()
        return None if row is None else row[0]

    def is_active(self, key_id: str) -> bool:
        """Whether the key with this id exists and is not revoked: what its links live on."""
        with self._lock:
            row = self._connection.execute(
                "SELECT 1 FROM api_keys WHERE key_id = ? AND revoked_at IS NULL", (key_id,)
            ).fetchone()
        return row is not None

    def revoke(self, key_id: str) -> bool:
        with self._lock:
            cursor = self._connection.execute(
                "UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL",
                (clock.now_ms(), key_id),
            )
        return cursor.rowcount == 1

    def list(self, tenant: str | None = None) -> list[ApiKeyInfo]:
        query = "SELECT key_id, tenant, name, created_at, revoked_at FROM api_keys"
        args: tuple[str, ...] = ()
        if tenant is not None:
            query += " WHERE tenant = ?"
            args = (tenant,)
        with self._lock:
            rows = self._connection.execute(query + " ORDER BY created_at", args).fetchall()
        return [ApiKeyInfo(*row) for row in rows]

    def revoke_link(self, link_id: str, tenant: str) -> None:
        """Refuse one transparency link from now on (again: no change). The row holds the link
        id and its tenant, nothing about the user the link was for."""
        with self._lock:
            self._connection.execute(
                "INSERT OR IGNORE INTO revoked_links (link_id, tenant, revoked_at) "
                "VALUES (?, ?, ?)",
                (link_id, tenant, clock.now_ms()),
            )

    def is_link_revoked(self, link_id: str) -> bool:
        with self._lock:
            row = self._connection.execute(
                "SELECT 1 FROM revoked_links WHERE link_id = ?", (link_id,)
            ).fetchone()
        return row is not None

    def close(self) -> None:
        self._connection.close()
