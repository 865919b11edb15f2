"""The stream's rule extraction in a process of its own, beside the worker.

A worker's steps are Python, and Python runs one thread at a time in a process: with the
encoder running beside them without the lock (`pipelines.ahead`), that lock was what bounded a
one-worker stream. The rules are the largest piece of it and pure, and a batch of turns is
cheap to hand over: a turn and its events pickle both ways in about 0.02 ms, against 0.45 ms
of rules for a short turn and 2 ms for a LoCoMo one. So a child process reads them while the
worker's thread goes on with the steps before and after.

The child is a plain `python -m pipelines.rules_process` over two pipes, not a
`multiprocessing` pool: a spawned pool re-runs the parent's main script, which would break
any script that builds a flow without an `if __name__ == "__main__"` guard.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import threading
from typing import IO, Any, TypeVar

from jiyi.composition import one_blas_thread
from jiyi.config import Settings
from jiyi.ingest.extract import Extractor, RuleSettings, extract_among, rule_extractor
from jiyi.ingest.work import Rejected, TurnWork

T = TypeVar("T")


class RulesProcessError(RuntimeError):
    """The child failed or exited: the flow stops, and the next batch starts a new child."""


class RulesProcess:
    """One child that reads the rules with these settings; one batch at a time, from any
    thread (the caller waits on the pipe without Python's lock)."""

    def __init__(self, rules: RuleSettings) -> None:
        path = os.pathsep.join(entry for entry in sys.path if entry)  # the parent's modules
        self._child = subprocess.Popen(
            [sys.executable, "-m", "pipelines.rules_process"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": path},
        )
        self._lock = threading.Lock()
        self._send(rules)

    @property
    def alive(self) -> bool:
        return self._child.poll() is None

    def read_rules(self, items: list[T | TurnWork]) -> list[T | TurnWork | Rejected]:
        """`extract_among` by the rules alone, in the child."""
        with self._lock:
            self._send(items)
            try:
                ok, result = pickle.load(self._child.stdout)  # type: ignore[arg-type]
            except EOFError:
                raise self._exited() from None
        if not ok:
            raise RulesProcessError(result)
        return result  # type: ignore[no-any-return]

    def _send(self, message: Any) -> None:
        try:
            pickle.dump(message, self._child.stdin, pickle.HIGHEST_PROTOCOL)  # type: ignore[arg-type]
            self._child.stdin.flush()  # type: ignore[union-attr]
        except OSError:  # a broken pipe: the child is gone
            raise self._exited() from None

    def _exited(self) -> RulesProcessError:
        return RulesProcessError(f"the rules process exited with {self._child.wait()}")


_children: dict[RuleSettings, RulesProcess] = {}
_children_lock = threading.Lock()


def read_rules(settings: Settings, items: list[T | TurnWork]) -> list[T | TurnWork | Rejected]:
    """`RulesProcess.read_rules` in the child for `settings`, started by the first call (a
    stream makes it before reading the log: `pipelines.flow.warm_up`)."""
    return rules_process(settings).read_rules(items)


def rules_process(settings: Settings) -> RulesProcess:
    """The child for these settings' rules, shared by every flow and worker of this process;
    one that exited is replaced by the next batch."""
    rules = RuleSettings.of(settings)
    with _children_lock:
        child = _children.get(rules)
        if child is None or not child.alive:
            child = _children[rules] = RulesProcess(rules)
        return child


def serve(requests: IO[bytes], replies: IO[bytes]) -> None:
    """The child's loop: the rule settings, then batches until the pipe closes."""
    settings: RuleSettings = pickle.load(requests)
    one_blas_thread()
    rules: Extractor = rule_extractor(settings)
    while True:
        try:
            items = pickle.load(requests)
        except EOFError:
            return
        try:
            reply: tuple[bool, Any] = (True, extract_among(items, rules))
        except Exception as exc:  # extraction's own failures are dead letters already
            reply = (False, f"{type(exc).__name__}: {exc}")
        pickle.dump(reply, replies, pickle.HIGHEST_PROTOCOL)
        replies.flush()


if __name__ == "__main__":
    protocol = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # a stray print goes to stderr, not into the replies
    serve(sys.stdin.buffer, protocol)
