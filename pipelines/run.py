"""Running the stream as a service: `jiyi stream` starts it, SIGTERM stops it cleanly.

Recovery is on by default (`<data_dir>/recovery`): a restarted stream resumes from its last
snapshot instead of re-reading the whole log (which would be correct, writes are idempotent,
but slow). In a multi-machine cluster, give every process the same `-a` list, its own `-i`, and
a recovery directory on storage all of them reach.

On SIGTERM or SIGINT the sources stop polling, everything already read is finished and
written, a last recovery snapshot is taken, and the process exits 0. A lone process scrubs the
recovery files before and after it runs, so what an erasure dropped leaves no bytes behind.
The same flow runs under `python -m bytewax.run` for deployments that prefer Bytewax's own
launcher (which does not scrub).
"""

from __future__ import annotations

import logging
import signal
import sqlite3
import threading
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from types import FrameType

from bytewax.recovery import RecoveryConfig, init_db_dir
from bytewax.run import cli_main

from jiyi.composition import layout, open_turn_source, turn_log_origin
from jiyi.config import Settings
from pipelines.flow import build_flow, embed_lanes, warm_up
from pipelines.steps import Steps

log = logging.getLogger(__name__)

RECOVERY_PARTITIONS = 4


def default_recovery_dir(settings: Settings) -> Path:
    return layout(settings).recovery


def recovery_config(directory: Path) -> RecoveryConfig:
    """Bytewax recovery in `directory`, created on first use; snapshots are kept only until
    the next one is committed (-b 0), since the stores themselves are the durable state."""
    if not directory.exists():
        directory.mkdir(parents=True)
        init_db_dir(directory, RECOVERY_PARTITIONS)
    return RecoveryConfig(str(directory), backup_interval=timedelta(0))


def scrub_recovery(directory: Path) -> None:
    """Rebuild each recovery partition from its live rows. Bytewax drops a superseded snapshot
    without zeroing it, so the state an erasure dropped (names a user said) could linger as
    free-page bytes; run only while no worker has the files open."""
    for part in sorted(directory.glob("*.sqlite3")):
        connection = sqlite3.connect(part)
        try:
            connection.execute("VACUUM")
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            connection.close()


@dataclass(frozen=True)
class StreamOptions:
    workers: int = 1
    process_id: int | None = None
    addresses: list[str] | None = None
    recovery_dir: Path | None = None  # None: no recovery (the whole log is read again)
    snapshot_interval: timedelta = timedelta(seconds=1)
    tail: bool = True


def run_stream(settings: Settings, options: StreamOptions) -> None:
    """Run until the log ends (`tail=False`) or a SIGTERM/SIGINT arrives."""
    stop = threading.Event()

    def request_stop(signum: int, frame: FrameType | None) -> None:
        log.info("stopping the stream", extra={"signal": signal.Signals(signum).name})
        stop.set()

    previous = {s: signal.signal(s, request_stop) for s in (signal.SIGTERM, signal.SIGINT)}
    origin = turn_log_origin(settings)
    steps = Steps(settings, origin, open_encoder=None)
    warm_up(settings, steps)
    source = open_turn_source(settings, options.tail, stop)
    workers = options.workers * len(options.addresses or [None])
    flow = build_flow(settings, source, origin=origin, lanes=embed_lanes(workers), steps=steps)
    recovery = recovery_config(options.recovery_dir) if options.recovery_dir else None
    # a cluster's other processes may hold the shared recovery files: only a lone one scrubs
    scrubbing = recovery is not None and not options.addresses
    if scrubbing:
        scrub_recovery(options.recovery_dir)
    log.info(
        "stream starting",
        extra={"workers": options.workers, "process_id": options.process_id,
               "turn_log": settings.turn_log.backend, "recovery": str(options.recovery_dir)},
    )  # fmt: skip
    try:
        cli_main(
            flow,
            workers_per_process=options.workers,
            process_id=options.process_id,
            addresses=options.addresses,
            epoch_interval=options.snapshot_interval,
            recovery_config=recovery,
        )
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if scrubbing:
        scrub_recovery(options.recovery_dir)
    log.info("stream stopped")
