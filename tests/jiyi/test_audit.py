"""The audit log is append-only, per user, and keeps ids and numbers, never text."""

from __future__ import annotations

import sqlite3

import pytest

from jiyi.audit import AuditEntry, AuditLog, AuditOutcome
from jiyi.composition import DataLayout, open_audit_log
from jiyi.config import Settings
from jiyi.health import skipped_values


def entry(user: str = "u1", edge: str | None = "e1", **update) -> AuditEntry:
    values = dict(
        at=1, operator="jiyi.rules", action="create", outcome=AuditOutcome.APPLIED,
        source="rule", user_id=user, edge_id=edge, relation="prefers", old_confidence=None,
        new_confidence=0.8, evidence=["ev1", "ev2"],
    )  # fmt: skip
    return AuditEntry.model_validate(values | update)


def test_entries_come_back_in_order_filtered_by_user_and_edge(tmp_path) -> None:
    log = AuditLog(tmp_path / "audit.sqlite3")
    log.append([entry(), entry("u2"), entry(edge="e2", at=2, old_confidence=0.8)])
    assert log.entries("u1") == [entry(), entry(edge="e2", at=2, old_confidence=0.8)]
    assert log.entries("u1", edge_id="e2")[0].old_confidence == 0.8
    assert [e.user_id for e in log.entries()] == ["u1", "u2", "u1"]
    log.append([])
    assert len(log.entries()) == 3


def test_an_entry_that_cannot_be_read_is_left_out_and_counted(tmp_path) -> None:
    log = AuditLog(tmp_path / "audit.sqlite3")
    log.append([entry(), entry(edge="e2", at=2)])
    with sqlite3.connect(tmp_path / "audit.sqlite3") as db:  # an older version's row, say
        db.execute(
            "INSERT INTO audit (at, operator, action, outcome, user_id, evidence)"
            " VALUES (3, 'x', 'create', 'exploded', 'u1', '[]')"
        )
    before = skipped_values().get("audit_entry", 0)
    assert log.entries("u1") == [entry(), entry(edge="e2", at=2)]
    assert skipped_values()["audit_entry"] == before + 1


@pytest.mark.parametrize(
    "sql", ["UPDATE audit SET new_confidence = 1.0", "DELETE FROM audit WHERE user_id = 'u1'"]
)
def test_the_log_cannot_be_rewritten(tmp_path, sql) -> None:
    path = tmp_path / "audit.sqlite3"
    AuditLog(path).append([entry()])
    raw = sqlite3.connect(path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute(sql)
    raw.close()
    assert AuditLog(path).entries() == [entry()]


def test_it_lives_under_the_data_dir_and_survives_reopening(tmp_path) -> None:
    log = open_audit_log(Settings(data_dir=tmp_path))
    log.append([entry(outcome=AuditOutcome.REJECTED, reason="relation: unknown")])
    log.close()
    assert DataLayout(tmp_path).audit.exists()
    reopened = open_audit_log(Settings(data_dir=tmp_path))
    assert reopened.entries()[0].reason == "relation: unknown"


def test_an_entry_has_no_field_for_raw_text() -> None:
    assert not {"text", "content", "raw", "raw_text"} & set(AuditEntry.model_fields)


def test_erasing_a_user_removes_their_entries_but_keeps_erasure_records(tmp_path) -> None:
    log = AuditLog(tmp_path / "audit.sqlite3")
    erasures = [entry(edge=None, action=action) for action in ("erase_user", "erase")]
    log.append([entry(), entry("u2"), entry(reason="object_ref: no_matching_belief"), *erasures])

    assert log.erase_user("u1") == 2
    assert log.entries("u1") == erasures  # the proof of erasure stays, and holds no content
    assert log.entries("u2") == [entry("u2")]
    assert log.erase_user("u1") == 0  # a second erasure removes nothing
    log.append([entry()])  # appending goes on, and the log is append-only again
    raw = sqlite3.connect(tmp_path / "audit.sqlite3")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute("DELETE FROM audit")
    raw.close()
    log.close()


def test_erased_entries_leave_no_copy_in_the_database_files(tmp_path) -> None:
    log = AuditLog(tmp_path / "audit.sqlite3")
    log.append([entry(edge="edge-zebrafinch", reason="reason-zebrafinch") for _ in range(50)])
    assert any(b"zebrafinch" in p.read_bytes() for p in tmp_path.iterdir())

    log.erase_user("u1")

    assert [p.name for p in tmp_path.iterdir() if b"zebrafinch" in p.read_bytes()] == []
    log.close()
