"""The store guard: reads beside writes, writes one at a time, erasure alone."""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest

from jiyi.api.dependencies import StoreGuard
from jiyi.api.errors import ApiError
from jiyi.privacy.identity import IdentityError


def _enters(hold: Callable[[], AbstractContextManager[None]]) -> threading.Event:
    """Start a call that enters `hold` from another thread; set once it got in."""
    entered = threading.Event()

    def call() -> None:
        with hold():
            entered.set()

    threading.Thread(target=call, daemon=True).start()
    return entered


def test_a_read_never_waits_for_a_write_but_a_write_waits_for_a_write() -> None:
    guard = StoreGuard()
    with guard():
        assert _enters(guard.read).wait(2)
        second_write = _enters(guard)
        assert not second_write.wait(0.3)
    assert second_write.wait(2)


def test_erasure_waits_for_every_call_under_way_and_holds_new_ones_back() -> None:
    guard = StoreGuard()
    with guard.read():
        erasure = _enters(guard.exclusive)
        assert not erasure.wait(0.3)
    assert erasure.wait(2)

    release = threading.Event()

    def erase() -> None:
        with guard.exclusive():
            release.wait(5)

    eraser = threading.Thread(target=erase)
    eraser.start()
    reads, writes = _enters(guard.read), _enters(guard)
    assert not reads.wait(0.3)
    assert not writes.wait(0.01)
    release.set()
    eraser.join()
    assert reads.wait(2)
    assert writes.wait(2)


@pytest.mark.parametrize("mode", ["__call__", "read", "exclusive"])
def test_every_mode_turns_domain_errors_into_api_errors_and_is_released(mode: str) -> None:
    guard = StoreGuard()
    with pytest.raises(ApiError) as raised, getattr(guard, mode)():
        raise IdentityError("u1 is already linked")
    assert raised.value.status == 409
    assert _enters(guard.exclusive).wait(2)  # nothing left held
