"""The streaming write path: turn log → events in the episodic store and beliefs in the graph.

Reads top to bottom as the steps a turn goes through; every step is one `jiyi.ingest`
function (via `pipelines.steps`). Keyed by user from entity resolution on, so one user's turns
stay in order on one worker; the embed step batches turns of many users (by size and a short
time window) because the encoder is fastest on many texts at once. A turn that fails any step
leaves the main line for the dead-letter store, with the stage and the reason, and the flow
keeps running. An erasure record (`Memory.erase` appends one) drops the user's per-user state.

Run it:
    jiyi stream                                   # embedded turn log, settings from env/TOML
    python -m bytewax.run "pipelines.flow:get_flow()" -w 2
    python -m bytewax.recovery .jiyi/recovery 4   # once, then add -r .jiyi/recovery -s 1 -b 0
    # several machines: the same command on each, with -i <n> -a "host0:2101;host1:2101"
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from functools import partial
from typing import TypeVar

import bytewax.operators as op
from bytewax.dataflow import Dataflow, Stream
from bytewax.inputs import Source
from bytewax.outputs import Sink

from jiyi.composition import layout, open_turn_source, turn_log_origin
from jiyi.config import Settings, load_settings
from jiyi.ingest import Erasure, Processed, Rejected, TurnWork
from jiyi.logs import configure_logging
from jiyi.turnlog import LogRecord, partition_for
from models.embedder import SpaceEncoder
from pipelines import batching
from pipelines.ahead import ahead, each
from pipelines.rules_process import read_rules
from pipelines.sinks import DeadLetterSink, ProgressSink
from pipelines.status import stream_status
from pipelines.steps import Steps

T = TypeVar("T")

log = logging.getLogger(__name__)

# Large batches: the encoder sorts a batch by length before padding it (less padding), and the
# episodic upsert and the graph commit cost about the same for 256 turns as for 64. Under light
# load a batch closes `stream.batch_window_ms` after its first turn: LoCoMo turns cost a lone
# worker 24 ms of CPU a turn in batches of 8 and 18 in batches of 24 or 64 (`BENCHMARKS.md`,
# session 51); a session's latest turns are in its working memory meanwhile.
EMBED_BATCH_SIZE = 256
EMBED_LANES = 4  # keys the batching step spreads over; Bytewax places lanes on workers


def embed_lanes(workers: int) -> int:
    """Lanes for a dataflow of `workers` workers in all: one for a lone worker, whose turns then
    batch together; else two a worker, so Bytewax's placement by key reaches every worker."""
    return 1 if workers == 1 else 2 * workers


def build_flow(
    settings: Settings,
    source: Source[LogRecord],
    *,
    origin: str = "turnlog",
    progress: Sink[Processed | Rejected | Erasure] | None = None,
    open_encoder: Callable[[], SpaceEncoder] | None = None,
    batch_size: int = EMBED_BATCH_SIZE,
    lanes: int = EMBED_LANES,
    steps: Steps | None = None,
    run_ahead: bool = True,
) -> Dataflow:
    """The flow; `run_ahead=False` runs the rules and the embed step on the worker's own thread,
    in turn with the others, so that `bench stream --breakdown` can time each step alone."""
    window = timedelta(milliseconds=settings.stream.batch_window_ms)
    steps = steps or Steps(settings, origin, open_encoder)  # `bench stream --breakdown` times them
    flow = Dataflow("jiyi_ingest")
    encoding = ThreadPoolExecutor(1, "jiyi-embed")  # shared by the process's workers

    records = op.input("turn_log", flow, source)
    parsed, bad_input = _split("parse_validate_clean", op.map, records, steps.parse)
    # an erasure goes through with its user's turns, so it cannot overtake those in flight
    if run_ahead:
        laned = op.key_on("key_by_rules_lane", parsed, partial(_lane, lanes=lanes))
        rules = partial(read_rules, settings)  # in a child process, beside the worker
        ruled = ahead("extract_rules", laned, rules, ThreadPoolExecutor(1, "jiyi-rules"))
        ruled = op.key_rm("unkey_rules_lane", ruled)
    else:
        ruled = op.flat_map_batch("extract_rules", parsed, steps.read_rules)
    ruled, bad_rules = _route("extract_rules_route", ruled)
    erasures, turns = _erasures("erasure_route", ruled)
    # a batch at a time: the residue classifier encodes its turns together
    turns, bad_residue = _split("add_residue", op.flat_map_batch, turns, steps.add_residue)
    turns, bad_privacy = _split("apply_privacy", op.map, turns, steps.privacy)

    # an erasure joins its user's turns here, so it drops the per-user state below in order
    keyed = op.merge("turns_and_erasures", turns, erasures)
    by_user = op.key_on("key_by_user", keyed, lambda item: item.key)
    resolved = op.key_rm("unkey_user", op.stateful_map("resolve_entities", by_user, steps.resolve))
    erased, resolved = _erasures("erased_route", resolved)
    resolved, bad_answer = _route("answered_route", resolved)  # an answered age refused

    laned = op.key_on("key_by_embed_lane", resolved, partial(_lane, lanes=lanes))
    batches = batching.batches("batch_for_embedding", laned, window, batch_size)
    if run_ahead:  # the encoder on a thread of its own, beside the steps before and after it
        embedded = op.key_rm("unkey_lane", ahead("embed", batches, each(steps.embed), encoding))
    else:
        embedded = op.map("embed", op.key_rm("unkey_lane", batches), steps.embed)
    stored = op.map("upsert_episodic", embedded, steps.upsert)
    finished = op.flat_map("apply_graph_and_audit", stored, steps.graph_and_audit)
    done, bad_store = _route("stored_route", finished)

    rejected = op.merge(
        "all_rejected", bad_input, bad_rules, bad_residue, bad_privacy, bad_answer, bad_store
    )
    op.output("dead_letters", rejected, DeadLetterSink(lambda r: steps.stores.dead_letter(r)))
    progress = progress or ProgressSink(
        layout(settings).stream_progress, lambda own: stream_status(settings, own).lag
    )
    op.output("progress", op.merge("all_finished", done, rejected, erased), progress)
    return flow


def _split(step_id: str, operator: Callable, up: Stream, step: Callable) -> tuple[Stream, Stream]:  # type: ignore[type-arg]
    """Run a step, then route its results: on down the main line, or off to the dead letters."""
    return _route(f"{step_id}_route", operator(step_id, up, step))


def _route(step_id: str, up: Stream) -> tuple[Stream, Stream]:  # type: ignore[type-arg]
    """On down the main line, or off to the dead letters."""
    routed = op.branch(step_id, up, lambda item: not isinstance(item, Rejected))
    return routed.trues, routed.falses


def _erasures(step_id: str, up: Stream) -> tuple[Stream, Stream]:  # type: ignore[type-arg]
    """Erasures one way, turns on down the line."""
    routed = op.branch(step_id, up, lambda item: isinstance(item, Erasure))
    return routed.trues, routed.falses


def _lane(item: TurnWork | Erasure, lanes: int) -> str:
    """A user's lane: fixed, so their turns stay in order through the steps keyed by lane."""
    return f"lane-{partition_for(item.key, lanes)}"


def warm_up(settings: Settings, steps: Steps) -> None:
    """Open, before the first turn is read, what that turn would open: the stores, the
    encoder's batch copy (`Steps.warm_up`) and the rules' child process, loaded (an empty batch
    waits for it). A turn appended to an idle, freshly started stream was processed after
    18.6–21.8 s, now 1.5–1.7 s (`BENCHMARKS.md`, session 54)."""
    started = time.perf_counter()
    steps.warm_up()
    read_rules(settings, [])
    log.info("stream warmed up", extra={"seconds": round(time.perf_counter() - started, 1)})


def get_flow(tail: bool = True) -> Dataflow:
    """For `python -m bytewax.run "pipelines.flow:get_flow()"`: settings from env / jiyi.toml,
    logging and a warm-up before Bytewax reads the log, as under `jiyi stream`."""
    settings = load_settings()
    configure_logging(settings.log_level, settings.log_format)
    origin = turn_log_origin(settings)
    steps = Steps(settings, origin, open_encoder=None)
    warm_up(settings, steps)
    return build_flow(settings, open_turn_source(settings, tail), origin=origin, steps=steps)
