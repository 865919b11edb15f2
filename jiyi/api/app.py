"""The HTTP API: every `Memory` operation, behind API keys that each belong to one tenant.

`create_app` only assembles it: what routes need goes on `app.state`, where the dependencies in
`jiyi.api.dependencies` (which also enforce tenancy) find it; then the error handlers, the body
limit, the transparency page's headers and one router per concern. Errors share one JSON shape
(`jiyi.api.errors`).
"""

from __future__ import annotations

from fastapi import FastAPI

from jiyi import __version__
from jiyi.api import (
    belief_routes,
    memory_routes,
    ops_routes,
    peers,
    privacy_routes,
    transparency_routes,
)
from jiyi.api.body_limit import BodySizeLimit
from jiyi.api.dependencies import StoreGuard
from jiyi.api.errors import install_error_handlers
from jiyi.api.keys import ApiKeyStore
from jiyi.api.page_headers import PageHeaders
from jiyi.api.schemas import ERROR_RESPONSES
from jiyi.composition import link_secret
from jiyi.memory import Memory

DEFAULT_MAX_BODY_BYTES = 256 * 1024
# no two routers have overlapping paths, so the order only shows in /docs: tags as first seen
ROUTERS = (
    transparency_routes.router,
    ops_routes.router,
    memory_routes.router,
    belief_routes.router,
    privacy_routes.router,
)


def create_app(
    memory: Memory,
    keys: ApiKeyStore,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
    *,
    worker: bool = False,
) -> FastAPI:
    """The app for one `Memory`: its parts live on `app.state`, not in module globals, so two
    apps (a server and a test, say) never share a key store, a lock or a link secret. A
    `worker` (of `jiyi serve --workers N`, on a private socket) also answers its peers."""
    app = FastAPI(
        responses=ERROR_RESPONSES,
        title="jiyi",
        version=__version__,
        description="Long-term memory for AI agents. Authenticate with `Authorization: Bearer "
        "<key>`; every user id is scoped to the key's tenant.",
    )
    app.state.memory = memory
    app.state.keys = keys
    app.state.guard = StoreGuard()
    app.state.link_secret = link_secret(memory.settings)
    install_error_handlers(app)
    app.add_middleware(BodySizeLimit, max_bytes=max_body_bytes)
    # added last, so outermost: its headers also go on the body limit's 413
    app.add_middleware(
        PageHeaders,
        path_prefix=transparency_routes.PATH_PREFIX,
        headers=transparency_routes.PAGE_HEADERS,
    )
    for router in (*ROUTERS, peers.router) if worker else ROUTERS:
        app.include_router(router)
    return app
