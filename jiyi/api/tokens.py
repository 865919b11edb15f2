"""Signed, expiring links that let an end user open their own transparency page.

The agent's application (holding an API key) asks for a link for one of its users; the link
carries `tenant:user`, an expiry and a link id, signed with HMAC-SHA256. The page can only ever
address that user, and nothing in the link can be changed without breaking the signature.

The link id is `<issuing key id>.<nonce>.<tag>`: it names the key that issued the link (a link
dies with its key) and its tag, keyed by the same secret, proves the server minted it. So an app
can revoke one link by id, and the server can tell whose it is, without a record of every link
ever issued: only revoked ids are stored (`ApiKeyStore.revoke_link`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jiyi.api.keys import ApiKeyStore

# keeps a link id's tag from ever doubling as a token signature under the same secret
_LINK_ID_DOMAIN = b"jiyi-link-id:"


class TokenError(ValueError):
    """A link that is malformed, forged or expired."""


@dataclass(frozen=True, slots=True)
class LinkClaims:
    """What a genuine, unexpired link says: whose page it opens, who issued it, its own id."""

    scoped_user: str
    key_id: str
    link_id: str


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _sign(secret: bytes, data: bytes) -> str:
    return _b64(hmac.new(secret, data, hashlib.sha256).digest())


def _same(given: str, expected: str) -> bool:
    # compare bytes: compare_digest refuses non-ASCII str, and a link is untrusted input
    return hmac.compare_digest(given.encode(), expected.encode())


def new_link_id(secret: bytes, key_id: str) -> str:
    """A fresh id for a link issued by `key_id`."""
    body = f"{key_id}.{secrets.token_urlsafe(12)}"
    return f"{body}.{_sign(secret, _LINK_ID_DOMAIN + body.encode())}"


def _issuing_key(secret: bytes, link_id: str) -> str | None:
    """The key id inside a link id this server minted; None for any other string."""
    body, _, tag = link_id.rpartition(".")
    key_id, _, nonce = body.partition(".")
    if not key_id or not nonce or not _same(tag, _sign(secret, _LINK_ID_DOMAIN + body.encode())):
        return None
    return key_id


def link_tenant(keys: ApiKeyStore, secret: bytes, link_id: str) -> str | None:
    """The tenant whose key issued the link `link_id`; None for an id no key here issued."""
    key_id = _issuing_key(secret, link_id)
    return None if key_id is None else keys.tenant_of(key_id)


def issue(
    secret: bytes, scoped_user: str, link_id: str, ttl_seconds: int, now: float | None = None
) -> str:
    expires = int((now if now is not None else time.time()) + ttl_seconds)
    claims = {"u": scoped_user, "exp": expires, "l": link_id}
    body = _b64(json.dumps(claims, separators=(",", ":")).encode())
    return f"{body}.{_sign(secret, body.encode())}"


def verify(secret: bytes, token: str, now: float | None = None) -> LinkClaims:
    """What a token says; `TokenError` if forged, malformed or expired. Links issued before
    they carried a link id name no key, so they are refused as not valid. Whether the key or
    the link has since been revoked is the caller's check (`ApiKeyStore`)."""
    body, _, signature = token.partition(".")
    if not signature or not _same(signature, _sign(secret, body.encode())):
        raise TokenError("this link is not valid")
    try:
        claims = json.loads(_unb64(body))
        user, expires, link_id = str(claims["u"]), int(claims["exp"]), str(claims["l"])
    except (ValueError, KeyError, TypeError):
        raise TokenError("this link is not valid") from None
    key_id = _issuing_key(secret, link_id)
    if key_id is None:
        raise TokenError("this link is not valid")
    if (now if now is not None else time.time()) > expires:
        raise TokenError("this link has expired; ask the app for a new one")
    return LinkClaims(user, key_id, link_id)
