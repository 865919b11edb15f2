"""Routes for operators and load balancers: liveness and the running version, no key needed."""

from __future__ import annotations

from fastapi import APIRouter

from jiyi import __version__
from jiyi.api.schemas import HealthOut
from jiyi.health import skipped_values

router = APIRouter(tags=["ops"])


@router.get("/healthz")
def healthz() -> HealthOut:
    """Liveness, and how many unreadable stored values reads have skipped (0 is healthy)."""
    return HealthOut(status="ok", version=__version__, skipped_stored_values=skipped_values())
