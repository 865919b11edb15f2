"""Running the stream as a service: `engram stream` starts it, SIGTERM stops it cleanly.

On SIGTERM or SIGINT the sources stop polling, everything already read is finished and
written, a last recovery snapshot is taken, and the process exits 0. The same flow runs under
`python -m bytewax.run` for deployments that prefer Bytewax's own launcher.
"""

from __future__ import annotations

import logging
import signal
import threading
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from types import FrameType

from bytewax.recovery import RecoveryConfig
from bytewax.run import cli_main

from engram.config import Settings
from pipelines.flow import build_flow, source_for

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class StreamOptions:
    workers: int = 1
    process_id: int | None = None
    addresses: list[str] | None = None
    recovery_dir: Path | None = None
    snapshot_interval: timedelta = timedelta(seconds=1)
    tail: bool = True


def run_stream(settings: Settings, options: StreamOptions) -> None:
    """Run until the log ends (`tail=False`) or a SIGTERM/SIGINT arrives."""
    stop = threading.Event()

    def request_stop(signum: int, frame: FrameType | None) -> None:
        log.info("stopping the stream", extra={"signal": signal.Signals(signum).name})
        stop.set()

    previous = {s: signal.signal(s, request_stop) for s in (signal.SIGTERM, signal.SIGINT)}
    origin = "kafka" if settings.turn_log.backend == "kafka" else "turnlog"
    flow = build_flow(settings, source_for(settings, options.tail, stop), origin=origin)
    recovery = (
        RecoveryConfig(str(options.recovery_dir), backup_interval=timedelta(0))
        if options.recovery_dir
        else None
    )
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
    log.info("stream stopped")
