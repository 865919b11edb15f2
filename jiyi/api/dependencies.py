"""What the routes need, as FastAPI dependencies read from `app.state` (filled by `create_app`).

Tenancy is enforced here, where data is addressed: the tenant comes from the key, never from the
request, and every user id is scoped as `<tenant>:<user>` before it reaches a store, so no
request can name another tenant's user.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import Depends, Header, Path, Request

from jiyi.api.errors import ApiError
from jiyi.api.keys import ApiKeyStore, key_id_of
from jiyi.api.schemas import API_USER_ID_PATTERN
from jiyi.graph.model import GraphInputError
from jiyi.ingest.parse import TurnInputError
from jiyi.ingest.work import Stage
from jiyi.memory import Memory, TurnsNotStoredError
from jiyi.privacy.identity import IdentityError
from jiyi.working import WorkingMemoryError

API_USER_ID = re.compile(API_USER_ID_PATTERN)
log = logging.getLogger(__name__)


class StoreGuard:
    """The only way a route reaches the stores, so every route gets the same rules and errors.

    Reads never wait for a write: every store stays consistent for a reader beside a writer
    (LanceDB reads a committed version, SQLite runs in WAL mode, working memory and the audit
    log take their own locks), so a recall does not queue behind an ingest. Writes take turns,
    one writer at a time through the embedded stores. Erasure and identity merges are
    exclusive: nothing reads a user while the user is being removed or moved."""

    def __init__(self) -> None:
        self._writes = threading.Lock()
        self._state = threading.Condition()
        self._active = 0  # reads and writes under way
        self._exclusive = False
        self._waiting = 0  # exclusive calls waiting: new calls queue behind them

    @contextmanager
    def __call__(self) -> Iterator[None]:
        """A write: serialised with other writes, beside reads."""
        with self._shared(), self._writes, _as_api_errors():
            yield

    @contextmanager
    def read(self) -> Iterator[None]:
        """A read: beside other reads and writes."""
        with self._shared(), _as_api_errors():
            yield

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """Erasure or an identity merge: alone, after every call under way has finished."""
        with self._state:
            self._waiting += 1
            while self._exclusive or self._active:
                self._state.wait()
            self._waiting -= 1
            self._exclusive = True
        try:
            with _as_api_errors():
                yield
        finally:
            with self._state:
                self._exclusive = False
                self._state.notify_all()

    @contextmanager
    def _shared(self) -> Iterator[None]:
        with self._state:
            while self._exclusive or self._waiting:
                self._state.wait()
            self._active += 1
        try:
            yield
        finally:
            with self._state:
                self._active -= 1
                if not self._active:
                    self._state.notify_all()


@contextmanager
def _as_api_errors() -> Iterator[None]:
    """Domain errors become 4xx with a stable code; nothing leaks."""
    try:
        yield
    except (GraphInputError, TurnInputError) as exc:
        raise ApiError(422, "invalid_input", str(exc), {exc.field: exc.message}) from None
    except TurnsNotStoredError as exc:
        raise _not_stored(exc) from None
    except IdentityError as exc:
        raise ApiError(409, "identity_conflict", str(exc)) from None
    except (KeyError, WorkingMemoryError) as exc:
        raise ApiError(404, "not_found", str(exc).strip("'\"")) from None


def _not_stored(exc: TurnsNotStoredError) -> ApiError:
    """422 when privacy refused the turns themselves (a declared age it cannot take: retrying
    cannot help), else 503: a store could not take them and a retry lands them once. Reasons
    are logged, not returned: they can name servers and files. (Parse problems never get
    here: `Memory.add_turns` refuses them first, as `TurnInputError`.)"""
    log.warning("turns not stored", extra={"reasons": str(exc)})
    stages = sorted({r.stage.value for r in exc.rejected})
    if stages == [Stage.PRIVACY.value]:
        return ApiError(422, "invalid_input", str(exc), {"turns": str(exc)})
    return ApiError(
        503,
        "not_stored",
        f"nothing was stored: the {' and '.join(stages)} stage could not take the turns; retry",
        {"stages": ", ".join(stages)},
    )


def scope_user(tenant: str, user_id: str) -> str:
    """The storage user id for a tenant's user: the only way an API user id reaches a store."""
    if not API_USER_ID.fullmatch(user_id):
        raise ApiError(
            422,
            "invalid_input",
            "the request is not valid",
            {"user_id": "1-64 characters: letters, digits and . _ @ -, starting alphanumeric"},
        )
    return f"{tenant}:{user_id}"


def unscope_user(tenant: str, scoped_user: str) -> str:
    """The user id as the tenant's app names it: responses never show the tenant prefix."""
    return scoped_user.removeprefix(f"{tenant}:")


def audit_operator(tenant: str, given: str | None = None) -> str:
    """Who the audit log records: the operator the app names, always within its tenant."""
    return f"{tenant}:{given or 'api'}"


# The dependencies are `async def`: each only reads `app.state` or does one indexed SQLite read,
# and FastAPI sends a plain `def` to a worker thread and back, six hops a recall (with two API
# workers, 4 % more requests/s without them; `BENCHMARKS.md`, session 36).
async def _memory(request: Request) -> Memory:
    return request.app.state.memory


async def _guard(request: Request) -> StoreGuard:
    return request.app.state.guard


async def _link_secret(request: Request) -> bytes:
    return request.app.state.link_secret


async def _keys(request: Request) -> ApiKeyStore:
    return request.app.state.keys


Keys = Annotated[ApiKeyStore, Depends(_keys)]


def presented_key(
    authorization: Annotated[str | None, Header()] = None,
    x_api_key: Annotated[str | None, Header()] = None,
) -> str:
    """The key as sent (`Authorization: Bearer` or `X-API-Key`); not yet checked. Also read by
    the MCP endpoint (`jiyi.mcp_server`), so both accept a key the same way."""
    return x_api_key or (authorization or "").removeprefix("Bearer ").strip()


async def _presented_key(
    authorization: Annotated[str | None, Header()] = None,
    x_api_key: Annotated[str | None, Header()] = None,
) -> str:
    return presented_key(authorization, x_api_key)


PresentedKey = Annotated[str, Depends(_presented_key)]


def key_tenant(keys: Keys, key: PresentedKey) -> str:
    """The tenant of the presented key, else 401 (for REST routes and the MCP endpoint alike)."""
    found = keys.tenant_for(key) if key else None
    if found is None:
        raise ApiError(401, "unauthorized", "a valid API key is required")
    return found


AppMemory = Annotated[Memory, Depends(_memory)]
Guard = Annotated[StoreGuard, Depends(_guard)]
LinkSecret = Annotated[bytes, Depends(_link_secret)]


async def _tenant(keys: Keys, key: PresentedKey) -> str:
    return key_tenant(keys, key)


Tenant = Annotated[str, Depends(_tenant)]


async def _key_id(_: Tenant, key: PresentedKey) -> str:
    """The id of the presented key, once `key_tenant` has accepted it: a link records its issuer."""
    return key_id_of(key)


KeyId = Annotated[str, Depends(_key_id)]


async def _user(tenant: Tenant, user_id: Annotated[str, Path(pattern=API_USER_ID_PATTERN)]) -> str:
    return scope_user(tenant, user_id)


User = Annotated[str, Depends(_user)]
