"""Signed, expiring links that let an end user open their own transparency page.

The agent's application (holding an API key) asks for a link for one of its users; the link
carries `tenant:user` and an expiry, signed with HMAC-SHA256. The page can only ever address
that user, and nothing in the link can be changed without breaking the signature.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time


class TokenError(ValueError):
    """A link that is malformed, forged or expired."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def issue(secret: bytes, scoped_user: str, ttl_seconds: int, now: float | None = None) -> str:
    expires = int((now if now is not None else time.time()) + ttl_seconds)
    body = _b64(json.dumps({"u": scoped_user, "exp": expires}, separators=(",", ":")).encode())
    signature = _b64(hmac.new(secret, body.encode(), hashlib.sha256).digest())
    return f"{body}.{signature}"


def verify(secret: bytes, token: str, now: float | None = None) -> str:
    """The scoped user id a token was issued for; `TokenError` if forged, malformed or expired."""
    body, _, signature = token.partition(".")
    expected = _b64(hmac.new(secret, body.encode(), hashlib.sha256).digest())
    # compare bytes: compare_digest refuses non-ASCII str, and a link is untrusted input
    if not signature or not hmac.compare_digest(signature.encode(), expected.encode()):
        raise TokenError("this link is not valid")
    try:
        claims = json.loads(_unb64(body))
        user, expires = str(claims["u"]), int(claims["exp"])
    except (ValueError, KeyError, TypeError):
        raise TokenError("this link is not valid") from None
    if (now if now is not None else time.time()) > expires:
        raise TokenError("this link has expired; ask the app for a new one")
    return user
