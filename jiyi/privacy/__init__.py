"""Privacy enforced in code: consent, child mode, identity links, erasure."""

from jiyi.privacy.consent import ConsentStore
from jiyi.privacy.policy import graph_allowed, implied_age, minimise_for_child

__all__ = ["ConsentStore", "graph_allowed", "implied_age", "minimise_for_child"]
