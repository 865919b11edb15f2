"""Turning validation failures into messages a person can act on."""

from __future__ import annotations

from pydantic import ValidationError

_PYDANTIC_PREFIXES = ("Value error, ", "Assertion failed, ")


def field_errors(exc: ValidationError) -> list[tuple[str, str]]:
    """(dotted field, message) for each problem, without pydantic's internal prefixes."""
    problems = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error["loc"])
        message = error["msg"]
        for prefix in _PYDANTIC_PREFIXES:
            message = message.removeprefix(prefix)
        problems.append((where, message))
    return problems


def describe(exc: ValidationError, subject: str = "input") -> str:
    """`field: message; field: message` for a one-line rejection reason."""
    return "; ".join(f"{where or subject}: {message}" for where, message in field_errors(exc))
