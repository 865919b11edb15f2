"""Embedding models: the sentence-transformers embedder and the registry of LoRA adapter versions.

Knows nothing of users or stores: `jiyi/` imports from here, never the other way round.
"""

from models.embedder import (
    DEFAULT_MODEL,
    Embedder,
    Encoder,
    SpaceEncoder,
    SpaceMismatchError,
    load_embedder,
)
from models.registry import AdapterRegistry, AdapterVersion, RegistryError

__all__ = [
    "DEFAULT_MODEL",
    "AdapterRegistry",
    "AdapterVersion",
    "Embedder",
    "Encoder",
    "RegistryError",
    "SpaceEncoder",
    "SpaceMismatchError",
    "load_embedder",
]
