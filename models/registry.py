"""A small file-based registry of LoRA adapter versions.

Layout under the root: `versions/<version>/` holds the adapter files (as peft saves them) plus
`jiyi_adapter.json` (base model, metrics, created time); `PROMOTED` names the version in use.
Every write lands in a temporary path first and is renamed into place, so a crash mid-way never
leaves a half-registered version or a pointer to nothing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

METADATA_FILE = "jiyi_adapter.json"
PROMOTED_FILE = "PROMOTED"
_VERSION = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


class RegistryError(ValueError):
    """A registry operation that cannot be done as asked; the message says which version and why."""


@dataclass(frozen=True)
class AdapterVersion:
    """One registered adapter: where its files are and what it was measured at."""

    version: str
    path: Path
    base_model: str
    created_at: float
    metrics: dict[str, float] = field(default_factory=dict)


def check_version(version: str) -> str:
    if not _VERSION.fullmatch(version):
        raise RegistryError(
            f"version {version!r}: must be 1-64 characters of letters, digits, '.', '_', '-' "
            "starting with a letter or digit"
        )
    return version


class AdapterRegistry:
    """register / list / get / promote / resolve adapter versions kept under one directory."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._versions = self.root / "versions"

    def register(
        self,
        version: str,
        adapter_dir: Path,
        base_model: str,
        metrics: dict[str, float] | None = None,
    ) -> AdapterVersion:
        """Copy a saved adapter directory in as `version`; an existing version is never replaced."""
        check_version(version)
        adapter_dir = Path(adapter_dir)
        if not (adapter_dir / "adapter_config.json").is_file():
            raise RegistryError(
                f"adapter_dir {adapter_dir}: no adapter_config.json (not a peft dir)"
            )
        target = self._versions / version
        if target.exists():
            raise RegistryError(f"version {version!r} is already registered")
        self._versions.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{version}.", dir=self._versions))
        try:
            shutil.copytree(adapter_dir, staging, dirs_exist_ok=True)
            meta = {
                "version": version,
                "base_model": base_model,
                "created_at": time.time(),
                "metrics": {k: float(v) for k, v in (metrics or {}).items()},
            }
            (staging / METADATA_FILE).write_text(json.dumps(meta, indent=2), encoding="utf-8")
            staging.rename(target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return self.get(version)

    def list(self) -> list[AdapterVersion]:
        """Every registered version, oldest first."""
        if not self._versions.is_dir():
            return []
        found = [self._read(p) for p in self._versions.iterdir() if (p / METADATA_FILE).is_file()]
        return sorted(found, key=lambda v: (v.created_at, v.version))

    def get(self, version: str) -> AdapterVersion:
        check_version(version)
        path = self._versions / version
        if not (path / METADATA_FILE).is_file():
            raise RegistryError(f"version {version!r} is not registered under {self.root}")
        return self._read(path)

    def promote(self, version: str) -> AdapterVersion:
        """Point `PROMOTED` at `version`, atomically (write a temporary file, then rename)."""
        adapter = self.get(version)
        self.root.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".promoted.", dir=self.root)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(version)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, self.root / PROMOTED_FILE)
        return adapter

    def promoted(self) -> AdapterVersion | None:
        pointer = self.root / PROMOTED_FILE
        if not pointer.is_file():
            return None
        return self.get(pointer.read_text(encoding="utf-8").strip())

    def resolve(self, version: str | None) -> AdapterVersion | None:
        """The adapter to load: the named version, else the promoted one, else none (base model)."""
        return self.get(version) if version is not None else self.promoted()

    @staticmethod
    def _read(path: Path) -> AdapterVersion:
        meta = json.loads((path / METADATA_FILE).read_text(encoding="utf-8"))
        return AdapterVersion(
            version=meta["version"],
            path=path,
            base_model=meta["base_model"],
            created_at=float(meta["created_at"]),
            metrics={k: float(v) for k, v in meta.get("metrics", {}).items()},
        )
