"""Structured logging: JSON lines when stderr is not a terminal, readable text when it is.

Modules log through `logging.getLogger(__name__)` as usual; extra fields passed with
`extra={...}` land as JSON keys, so log shippers need no parsing rules.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Literal

LogFormat = Literal["auto", "json", "text"]
PROJECT_LOGGERS = ("jiyi", "pipelines", "dagster_project", "models")

# Attributes every LogRecord has; anything else on a record came from `extra=` and is kept.
_STANDARD_ATTRS = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


def _extras(record: logging.LogRecord) -> dict[str, object]:
    return {
        key: value
        for key, value in vars(record).items()
        if key not in _STANDARD_ATTRS and not key.startswith("_")
    }


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        payload: dict[str, object] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        payload.update(_extras(record))
        if record.exc_info:
            payload["exc"] = self.formatException(record.exc_info)
        return json.dumps(payload, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)-7s %(name)s: %(message)s", "%H:%M:%S")

    def format(self, record: logging.LogRecord) -> str:
        extras = _extras(record)
        line = super().format(record)
        return line + ("  " + " ".join(f"{k}={v}" for k, v in extras.items()) if extras else "")


def configure_logging(level: str = "INFO", log_format: LogFormat = "auto") -> None:
    """Install one handler on each of the project's logger trees (idempotent)."""
    use_json = log_format == "json" or (log_format == "auto" and not sys.stderr.isatty())
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if use_json else TextFormatter())
    for name in PROJECT_LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False
