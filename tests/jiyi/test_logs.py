import json
import logging

from jiyi.logs import JsonFormatter, configure_logging


def test_json_lines_carry_extra_fields():
    record = logging.makeLogRecord(
        {"name": "jiyi.x", "levelname": "INFO", "msg": "stored %s", "args": (3,), "user_id": "u1"}
    )
    payload = json.loads(JsonFormatter().format(record))
    assert payload["msg"] == "stored 3"
    assert payload["logger"] == "jiyi.x"
    assert payload["user_id"] == "u1"


def test_configure_logging_is_idempotent_and_json_off_a_terminal(capsys):
    configure_logging("INFO", "json")
    configure_logging("INFO", "json")
    logger = logging.getLogger("jiyi.test")
    assert len(logging.getLogger("jiyi").handlers) == 1
    logger.info("hello", extra={"turns": 2})
    line = capsys.readouterr().err.strip().splitlines()[-1]
    assert json.loads(line)["turns"] == 2
