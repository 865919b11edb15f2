"""API keys per client application, each confined to one tenant; only hashes are stored.

A key is `jiyi_<id>_<secret>`: the id finds the row, the secret is checked against its SHA-256
(keys are 256-bit random tokens, so a fast hash is enough; there is nothing to brute-force) with a
constant-time comparison. The plaintext is shown once, at creation.
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
from jiyi.sqlite_util import connect

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


class ApiKeyStore:
    def __init__(self, path: Path) -> None:
        self._connection = connect(path)
        self._connection.executescript(_SCHEMA)
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
        prefix, _, rest = key.partition("_")
        key_id, _, secret = rest.partition("_")
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
        return tenant if hmac.compare_digest(expected, _digest(secret)) else None

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

    def close(self) -> None:
        self._connection.close()
