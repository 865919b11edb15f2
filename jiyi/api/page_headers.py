"""Response headers for pages whose URL is their credential (the transparency page's `/me/...`).

Such a URL must not be cached, sent on as a referrer or framed by another site, and the page
must run nothing but its own code: its inline `<script>` and `<style>` are allowed by hash, so
the page works unchanged while an injected script or style would not run.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Mapping

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def _source_hashes(page: str, tag: str) -> str:
    """CSP sources for each inline `<tag>` block of the page; `'none'` when it has none."""
    blocks = re.findall(rf"<{tag}\b[^>]*>(.*?)</{tag}>", page, flags=re.DOTALL)
    digests = (base64.b64encode(hashlib.sha256(b.encode()).digest()).decode() for b in blocks)
    return " ".join(f"'sha256-{d}'" for d in digests) or "'none'"


def content_security_policy(page: str) -> str:
    """The page's own inline script and style, fetches to this origin, and nothing else: no
    other source, no `<base>`, no form posts, no framing."""
    return "; ".join(
        [
            "default-src 'none'",
            f"script-src {_source_hashes(page, 'script')}",
            f"style-src {_source_hashes(page, 'style')}",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )


def credential_page_headers(page: str) -> dict[str, str]:
    """Every header a response under a credential-bearing URL gets, for this page's CSP."""
    return {
        "Cache-Control": "no-store",
        "Content-Security-Policy": content_security_policy(page),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
    }


class PageHeaders:
    """Set `headers` on every response under `path_prefix`. As middleware (not a route
    dependency) it also covers the 403/404/413/422 answers, which are produced before or
    instead of the route."""

    def __init__(self, app: ASGIApp, path_prefix: str, headers: Mapping[str, str]) -> None:
        self.app = app
        self.path_prefix = path_prefix
        self.headers = dict(headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.path_prefix):
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).update(self.headers)
            await send(message)

        await self.app(scope, receive, send_with_headers)
