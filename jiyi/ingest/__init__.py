"""The write path: a logged turn → validated, extracted, private, resolved, embedded, stored.

Each step is a plain function over `TurnWork` (or a batch of them) that returns the next
`TurnWork` or a `Rejected` with the stage and the reason. The Bytewax dataflow
(`pipelines/flow.py`) and the synchronous `process_turns` are two wirings of the same steps.
"""

from jiyi.ingest.pipeline import IngestReport, process_turns
from jiyi.ingest.work import Erasure, Processed, Rejected, Stage, TurnWork

__all__ = [
    "Erasure",
    "IngestReport",
    "Processed",
    "Rejected",
    "Stage",
    "TurnWork",
    "process_turns",
]
