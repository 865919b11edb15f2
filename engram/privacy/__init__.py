"""Privacy enforced in code: consent, child mode, identity links, erasure."""

from engram.privacy.consent import ConsentStore
from engram.privacy.policy import graph_allowed, minimise_for_child

__all__ = ["ConsentStore", "graph_allowed", "minimise_for_child"]
