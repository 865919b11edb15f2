"""A request body limit enforced on the bytes received, not on what the client declares."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from jiyi.api.errors import error_response


class BodySizeLimit:
    """Refuse bodies over the limit with 413, whether or not Content-Length tells the truth."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.max_bytes:
                raise _BodyTooLargeError
            return message

        try:
            await self.app(scope, counted, send)
        except _BodyTooLargeError:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(
            413, "payload_too_large", f"request bodies are limited to {self.max_bytes} bytes"
        )
        await response(scope, receive, send)


class _BodyTooLargeError(Exception):
    """Raised inside the app's receive() once the body passes the limit; answered with 413."""
