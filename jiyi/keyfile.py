"""Secret keys, and other files made once, kept under the data directory.

Several processes (API, stream workers, Dagster) may start at the same moment and all ask for
the same file; it is written to a temporary file and linked into place, so exactly one
creation wins and every process reads the same bytes, never a half-written file. Keys are
owner-readable only.
"""

from __future__ import annotations

import os
import secrets
from contextlib import suppress
from pathlib import Path

KEY_BYTES = 32


def load_or_create_key(path: Path) -> bytes:
    """The key stored at `path`, created with `KEY_BYTES` random bytes if there is none yet."""
    return create_once(path, secrets.token_bytes(KEY_BYTES))


def create_once(path: Path, content: bytes, mode: int = 0o600) -> bytes:
    """The bytes at `path`, which get `content` if the file does not exist yet. Of processes
    creating it at once exactly one wins, and every one of them reads the winner's bytes."""
    if path.exists():
        return path.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        with suppress(FileExistsError):  # another process created it first: use theirs
            os.link(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return path.read_bytes()
