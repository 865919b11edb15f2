"""The wall clock in the unit every store and event uses: integer milliseconds since the epoch."""

from __future__ import annotations

import time


def now_ms() -> int:
    return time.time_ns() // 1_000_000
