"""Routes for operators and load balancers: liveness and the running version, no key needed."""

from __future__ import annotations

from fastapi import APIRouter

from jiyi import __version__

router = APIRouter(tags=["ops"])


@router.get("/healthz")
def healthz() -> dict[str, str]:
    return {"status": "ok", "version": __version__}
