"""Secret keys kept under the data directory: created once, owner-readable only.

Several processes (API, stream workers, Dagster) may start at the same moment and all ask for
the same key; the key is written to a temporary file and linked into place, so exactly one
creation wins and every process reads the same bytes, never a half-written file.
"""

from __future__ import annotations

import os
import secrets
from contextlib import suppress
from pathlib import Path

KEY_BYTES = 32


def load_or_create_key(path: Path) -> bytes:
    """The key stored at `path`, created with `KEY_BYTES` random bytes if there is none yet."""
    if path.exists():
        return path.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(secrets.token_bytes(KEY_BYTES))
            handle.flush()
            os.fsync(handle.fileno())
        with suppress(FileExistsError):  # another process created the key first: use theirs
            os.link(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return path.read_bytes()
