"""Retrying a store call that failed for a reason that passes (a lock, a restart, a network blip).

Only errors that can go away by themselves are retried, with exponential backoff; bad input is
never retried (it would fail the same way) and goes to the dead-letter store at once.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable
from functools import cache
from typing import TypeVar

T = TypeVar("T")
log = logging.getLogger(__name__)

DEFAULT_ATTEMPTS = 4
DEFAULT_BASE_DELAY_S = 0.1
DEFAULT_BUDGET_S = 10.0  # no new attempt after this long (a Bolt driver retries 30 s itself)


class StoreUnavailableError(RuntimeError):
    """A store kept failing with transient errors; the turn is dead-lettered for a later replay."""


@cache
def transient_errors() -> tuple[type[BaseException], ...]:
    """Errors a retry can cure: I/O and lock errors, and the Bolt driver's connection errors."""
    from neo4j.exceptions import ServiceUnavailable, SessionExpired, TransientError

    return (OSError, sqlite3.OperationalError, ServiceUnavailable, SessionExpired, TransientError)


def with_retry(
    call: Callable[[], T],
    what: str,
    attempts: int = DEFAULT_ATTEMPTS,
    base_delay_s: float = DEFAULT_BASE_DELAY_S,
    budget_s: float = DEFAULT_BUDGET_S,
) -> T:
    """`call()`, retried on transient errors after 0.1 s, 0.2 s, 0.4 s …; then a clear error."""
    start = time.monotonic()
    for attempt in range(1, attempts + 1):
        try:
            return call()
        except transient_errors() as exc:
            if attempt == attempts or time.monotonic() - start > budget_s:
                raise StoreUnavailableError(
                    f"{what}: still failing after {attempt} attempts: {type(exc).__name__}: {exc}"
                ) from exc
            delay = base_delay_s * 2 ** (attempt - 1)
            log.warning(
                "transient store error, retrying",
                extra={"what": what, "attempt": attempt, "delay_s": delay, "error": str(exc)},
            )
            time.sleep(delay)
    raise AssertionError("unreachable")  # pragma: no cover
