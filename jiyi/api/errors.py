"""One error shape for every failure: `{"error": {"code", "message", "fields"}}`, never a trace.

Codes are stable strings clients can branch on; messages are for people.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from jiyi.errors import field_errors

log = logging.getLogger(__name__)


class ApiError(Exception):
    def __init__(
        self, status: int, code: str, message: str, fields: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields or {}


def error_body(code: str, message: str, fields: dict[str, str] | None = None) -> dict[str, Any]:
    """The one error shape, for REST responses and MCP tool errors (`jiyi.mcp_server`) alike."""
    return {"error": {"code": code, "message": message, "fields": fields or {}}}


def error_response(
    status: int, code: str, message: str, fields: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(status_code=status, content=error_body(code, message, fields))


def as_api_error(exc: Exception) -> ApiError:
    """The code for a failure past HTTP itself, so REST and MCP answer each exception alike;
    anything unforeseen is `internal`, its details kept out of the answer (the caller logs it)."""
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, ValidationError):  # before ValueError, which it subclasses
        return ApiError(422, "invalid_input", "the request is not valid", _fields(exc))
    if isinstance(exc, ValueError):
        return ApiError(422, "invalid_input", str(exc))
    return ApiError(500, "internal", "an internal error occurred; it has been logged")


def _respond(error: ApiError) -> JSONResponse:
    return error_response(error.status, error.code, error.message, error.fields)


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
}
# FastAPI reports malformed JSON as a 422 but wraps any other failure to decode the body in a
# bare 400; these causes mean the JSON itself is unusable, so they get the same 422
_UNDECODABLE_JSON = (RecursionError, UnicodeDecodeError)


def _fields(exc: ValidationError | RequestValidationError) -> dict[str, str]:
    if isinstance(exc, ValidationError):
        return dict(field_errors(exc))
    return {
        ".".join(str(p) for p in err["loc"] if p != "body") or "body": str(err["msg"])
        for err in exc.errors()
    }


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        return _respond(exc)

    @app.exception_handler(RequestValidationError)
    async def _request_invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(422, "invalid_input", "the request is not valid", _fields(exc))

    @app.exception_handler(ValueError)  # and pydantic's ValidationError, a ValueError
    async def _invalid(_: Request, exc: ValueError) -> JSONResponse:
        return _respond(as_api_error(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and isinstance(exc.__cause__, _UNDECODABLE_JSON):
            message = "the body is not valid UTF-8 JSON or is nested too deeply"
            return error_response(422, "invalid_input", message)
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        return error_response(exc.status_code, code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", extra={"path": request.url.path})
        return _respond(as_api_error(exc))
