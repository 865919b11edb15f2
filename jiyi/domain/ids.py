"""Identifier rules shared by every boundary: user, session and device ids, entity ids.

Ids travel into file names, Cypher parameters, LanceDB filters and URLs, so they are restricted
to a small, safe alphabet and a bounded length; every rejection names the rule it broke.
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated

from pydantic import AfterValidator, WithJsonSchema

MAX_ID_LENGTH = 128
MAX_ENTITY_ID_LENGTH = 32
#: The external id rule as one regular expression, for OpenAPI and MCP tool schemas.
EXTERNAL_ID_PATTERN = rf"^[A-Za-z0-9][A-Za-z0-9._:@-]{{0,{MAX_ID_LENGTH - 1}}}$"

_EXTERNAL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@-]*")
_ENTITY_ID = re.compile(r"[a-z][a-z0-9_]*")


def check_external_id(value: str) -> str:
    """Validate a caller-supplied id (user, session, device, account)."""
    if not value:
        raise ValueError("must not be empty")
    if len(value) > MAX_ID_LENGTH:
        raise ValueError(f"must be at most {MAX_ID_LENGTH} characters, got {len(value)}")
    if not _EXTERNAL_ID.fullmatch(value):
        raise ValueError(
            "may contain only letters, digits and . _ : @ - and must start with a letter or digit"
        )
    return value


def check_entity_id(value: str) -> str:
    """Validate a graph entity id: at most 32 characters of `[a-z][a-z0-9_]*`."""
    if len(value) > MAX_ENTITY_ID_LENGTH:
        raise ValueError(f"must be at most {MAX_ENTITY_ID_LENGTH} characters, got {len(value)}")
    if not _ENTITY_ID.fullmatch(value):
        raise ValueError("must match [a-z][a-z0-9_]* (lowercase letter first, then a-z, 0-9, _)")
    return value


_EXTERNAL_ID_SCHEMA = WithJsonSchema({"type": "string", "pattern": EXTERNAL_ID_PATTERN})
ExternalId = Annotated[str, AfterValidator(check_external_id), _EXTERNAL_ID_SCHEMA]
UserId = ExternalId
SessionId = ExternalId
DeviceId = ExternalId
EntityId = Annotated[str, AfterValidator(check_entity_id)]


def stable_id(*parts: str | int, length: int = 24) -> str:
    """A deterministic id from its parts, so replays and retries write the same record."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8"))
    return digest.hexdigest()[:length]


def text_hash(text: str) -> str:
    """SHA-256 of raw text: what the episodic tier keeps instead of the text itself."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
