"""Fixtures for the write path: real stores on a temporary data dir, the real hashing encoder.

`models.hashing.HashingEncoder` is a real (model-free) vector space, so these tests need no model
load; the stores are the embedded defaults (LanceDB, SQLite) exactly as the stream opens them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from jiyi.composition import Stores
from jiyi.config import Settings, load_settings
from jiyi.domain import Role, Turn

MakeTurn = Callable[..., Turn]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return load_settings(data_dir=tmp_path / "data", embedder={"model": "hashing:64"})


@pytest.fixture
def ctx(settings: Settings) -> Iterator[Stores]:
    context = Stores.open(settings)
    yield context
    context.close()


@pytest.fixture
def make_turn() -> MakeTurn:
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 1000))

    def make(content: str, user: str = "u1", session: str = "s1", role: str = "user") -> Turn:
        return Turn(
            user_id=user, session_id=session, role=Role(role), content=content,
            client_ts=next(clock),
        )  # fmt: skip

    return make


@pytest.fixture
def rules_ctx(settings: Settings) -> Iterator[Stores]:
    """The write path with the rule table alone: the tutor's verdicts as evidence, without the
    learned reader's own claims on the user's words (measured by `jiyi bench beliefs`)."""
    extraction = settings.extraction.model_copy(update={"learned_reader": False})
    context = Stores.open(settings.model_copy(update={"extraction": extraction}))
    yield context
    context.close()
