"""uvicorn's HTTP protocol, answering requests it cannot parse with our error JSON.

A raw space or non-ASCII byte in the request line (or any other malformed HTTP) is refused by
the HTTP parser before the app runs, and uvicorn writes a plain-text 400: the one response that
would escape the `{"error": ...}` shape clients branch on. `jiyi serve` runs this protocol.
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from jiyi.api.errors import error_response

_BODY = error_response(
    400,
    "bad_request",
    "the request is not valid HTTP; percent-encode spaces and non-ASCII characters in the path",
).body
_HEADERS = (
    b"content-type: application/json\r\n"
    b"content-length: " + str(len(_BODY)).encode("ascii") + b"\r\n"
    b"connection: close\r\n"
)


class JsonErrorProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol (what `http="auto"` picks) with a JSON 400."""

    def send_400_response(self, msg: str) -> None:
        """`msg` is uvicorn's plain-text reason (already logged); the client gets our JSON."""
        defaults = b"".join(
            name + b": " + value + b"\r\n" for name, value in self.server_state.default_headers
        )
        self.transport.write(STATUS_LINE[400] + defaults + _HEADERS + b"\r\n" + _BODY)
        self.transport.close()
