"""Each user's consent to long-term memory and their child-mode flag, on SQLite.

Consent is off until the user grants it: `get` of an unknown user says UNKNOWN, which no policy
treats as a yes. A row that cannot be read (a damaged file, a restored backup) reads the same way,
with child mode on unless its own column plainly says off, and is counted (`jiyi.health`): the
user's memory keeps working, and nothing they did not grant is assumed.
"""

from __future__ import annotations

import threading
from pathlib import Path

from jiyi import clock
from jiyi.domain import Consent, ConsentState, check_external_id
from jiyi.health import skip_stored_value
from jiyi.sqlite_util import connect, create_schema, erase_rows

_SCHEMA = """
CREATE TABLE IF NOT EXISTS consent (
    user_id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    declared_age INTEGER,
    child_mode INTEGER NOT NULL DEFAULT 0
);
"""


def _readable(
    user_id: str, state: object, updated_at: object, age: object, child: object
) -> Consent | None:
    """A stored row as a `Consent`; None when a value is not one this code writes."""
    if child not in (0, 1):
        return None
    try:
        return Consent(
            user_id=user_id,
            state=ConsentState(state),
            updated_at=updated_at,
            declared_age=age,
            child_mode=bool(child),
        )
    except ValueError:  # pydantic's errors are ValueErrors
        return None


class ConsentStore:
    def __init__(self, path: Path, child_age_threshold: int = 13) -> None:
        self._connection = connect(path)
        create_schema(self._connection, _SCHEMA)
        self._threshold = child_age_threshold
        self._lock = threading.Lock()

    def get(self, user_id: str) -> Consent:
        check_external_id(user_id)
        with self._lock:
            row = self._connection.execute(
                "SELECT state, updated_at, declared_age, child_mode FROM consent WHERE user_id = ?",
                (user_id,),
            ).fetchone()
        if row is None:
            return Consent(user_id=user_id)
        consent = _readable(user_id, *row)
        if consent is None:  # a damaged row: read the safe way
            skip_stored_value("consent", user_id=user_id)
            consent = Consent(user_id=user_id, child_mode=row[3] != 0)
        return consent

    def set_state(self, user_id: str, granted: bool, at: int | None = None) -> Consent:
        current = self.get(user_id)
        state = ConsentState.GRANTED if granted else ConsentState.REVOKED
        return self._put(current, state=state, updated_at=at or clock.now_ms())

    def declare_age(self, user_id: str, age: int, at: int | None = None) -> Consent:
        """Record a declared age; under the threshold turns child mode on (never off again by a
        later claim: only `set_child_mode` by an operator or guardian can lift it)."""
        current = self.get(user_id)
        child = current.child_mode or age < self._threshold
        when = at or clock.now_ms()
        return self._put(current, declared_age=age, child_mode=child, updated_at=when)

    def set_child_mode(self, user_id: str, on: bool, at: int | None = None) -> Consent:
        current = self.get(user_id)
        return self._put(
            current.model_copy(update={"child_mode": on, "updated_at": at or clock.now_ms()})
        )

    def erase_user(self, user_id: str) -> int:
        with self._lock:
            return erase_rows(
                self._connection, ("DELETE FROM consent WHERE user_id = ?", (user_id,))
            )

    def close(self) -> None:
        self._connection.close()

    def _put(self, current: Consent, **changes: object) -> Consent:
        """Validate the changed record (an age of -3 is refused here) and store it."""
        consent = Consent.model_validate({**current.model_dump(), **changes})
        with self._lock:
            self._connection.execute(
                "INSERT INTO consent (user_id, state, updated_at, declared_age, child_mode) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET state = excluded.state, "
                "updated_at = excluded.updated_at, declared_age = excluded.declared_age, "
                "child_mode = excluded.child_mode",
                (
                    consent.user_id,
                    consent.state.value,
                    consent.updated_at,
                    consent.declared_age,
                    int(consent.child_mode),
                ),
            )
        return consent
