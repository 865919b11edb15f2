"""Counters an operator watches: stored values a read had to skip because they cannot be shown.

Validation at every entry point keeps such values out; one that got in anyway (an older
version's write, a restored backup) must cost its user one item of a recall, not every recall.
Each skip is logged with the ids to find the value, and counted for `/healthz`.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

S = TypeVar("S")
T = TypeVar("T")
log = logging.getLogger(__name__)
_lock = threading.Lock()
_skipped: Counter[str] = Counter()


def skip_stored_value(kind: str, **ids: str | int) -> None:
    """Record that a read left out a stored value of `kind` ("event_ts", ...)."""
    log.warning("skipped a stored value that cannot be read", extra={"kind": kind, **ids})
    with _lock:
        _skipped[kind] += 1


def read_stored(
    items: Iterable[S],
    read: Callable[[S], T],
    kind: str,
    ids: Callable[[S], Mapping[str, str | int]],
) -> list[T]:
    """`read` of each stored item (a row, a node's properties), leaving out one it cannot read
    (a damaged value, or one no version of this code could have written) and counting it as a
    skipped `kind`, named by `ids`: it costs its user that item, not the read."""
    values = []
    for item in items:
        try:
            values.append(read(item))
        except (ValueError, TypeError, KeyError) as exc:  # pydantic's, json's: ValueErrors
            # the error's name only: its message may quote the value, a user's words
            skip_stored_value(kind, **ids(item), error=type(exc).__name__)
    return values


def skipped_values() -> dict[str, int]:
    """Skips per kind since the process started."""
    with _lock:
        return dict(_skipped)
