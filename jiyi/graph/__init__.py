"""Tier 3, semantic memory: the per-user knowledge graph with confidence, provenance and decay.

Pure rules (`updates`, `decay`, `entities`) decide; a `GraphStore` (SQLite or Bolt) keeps;
`GraphService` applies events and corrections in one transaction each and audits every write;
`queries` reads what the agent believes, decayed to an "as of" time.
"""

from jiyi.graph.model import EdgeChange, EdgeRevision, GraphInputError, RevisionAction
from jiyi.graph.service import GraphService
from jiyi.graph.store import Capability, GraphStore, GraphTx

__all__ = [
    "Capability",
    "EdgeChange",
    "EdgeRevision",
    "GraphInputError",
    "GraphService",
    "GraphStore",
    "GraphTx",
    "RevisionAction",
]
