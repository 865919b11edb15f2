"""What the workers of `jiyi serve --workers N` tell each other: forget a user's working memory.

The front sends each user id to one worker, but one person can reach more than one: a linked
device's requests name the device's id and are routed by it, while its turns are kept under the
account's id. Erasure and identity merges must reach working memory wherever it is, so the
worker that runs one asks every other worker to drop the user's sessions too. Workers listen on
Unix sockets in a directory only this user can open, and the front never relays `/internal/…`,
so this route (which takes no key: the caller already checked one) is reachable by workers only.
"""

from __future__ import annotations

from collections.abc import Sequence

import httpx
from fastapi import APIRouter
from pydantic import BaseModel

from jiyi.api.dependencies import AppMemory

FORGET_PATH = "/internal/working-memory/forget"
PEER_TIMEOUT_S = 10.0

router = APIRouter(include_in_schema=False)


class ForgetIn(BaseModel):
    user_id: str  # scoped and resolved, as the stores hold it


class ForgetOut(BaseModel):
    forgotten: int


@router.post(FORGET_PATH)
def forget_working_memory(body: ForgetIn, memory: AppMemory) -> ForgetOut:
    return ForgetOut(forgotten=memory.working.forget_user(body.user_id))


class PeerWorkers:
    """The other workers, by socket: `forget_user` is `Memory`'s `WorkingMemoryPeers`."""

    def __init__(self, sockets: Sequence[str]) -> None:
        self._clients = [
            httpx.Client(
                transport=httpx.HTTPTransport(uds=socket),
                base_url="http://worker",
                timeout=PEER_TIMEOUT_S,
            )
            for socket in sockets
        ]

    def forget_user(self, user_id: str) -> int:
        """Sessions dropped across the other workers. A worker that cannot be reached has
        exited, and its working memory with it; any other failure raises, so the erasure
        reports an error and can be retried (it removes nothing twice)."""
        forgotten = 0
        for client in self._clients:
            try:
                response = client.post(FORGET_PATH, json={"user_id": user_id})
            except httpx.ConnectError:
                continue
            response.raise_for_status()
            forgotten += ForgetOut.model_validate_json(response.content).forgotten
        return forgotten

    def close(self) -> None:
        for client in self._clients:
            client.close()
