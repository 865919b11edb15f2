"""One damaged stored value costs its user that value, never their memory: each column of each
SQLite file the library keeps is damaged in turn (a text where a number or a known word belongs,
a negative number where none can be), and the library must still recall, write, feed the
nightly metrics and erase.

The files are found in a written data directory, not listed here, so a store added later is
covered as soon as it holds a row."""

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from jiyi.config import Settings
from jiyi.domain import Identity, IdentityKind, Role, Turn
from jiyi.memory import Memory
from models.hashing import HashingEncoder

T0 = 1_793_520_000_000
DAMAGE = ("'∅ damaged'", "-7")
PHONE = Identity(kind=IdentityKind.DEVICE, value="phone-1")
ALICE = Identity(kind=IdentityKind.ACCOUNT, value="alice")
SAID = (
    "I keep mixing up velocity and acceleration.",
    "I love jazz and my sister lives in Berlin.",
    "我喜欢用动画学数学。",
)


def _open(path: Path) -> Memory:
    return Memory(Settings(data_dir=path), encoder=HashingEncoder(256))


def _turn(content: str, ts: int, session: str = "s1") -> Turn:
    return Turn(user_id="alice", session_id=session, role=Role.USER, content=content, client_ts=ts)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("written") / "data"
    memory = _open(path)
    memory.consent("alice", granted=True)
    memory.add_turns([_turn(text, T0 + i * 1000) for i, text in enumerate(SAID)])
    memory.recall("alice", "jazz", session_id="s1")  # feedback keeps what it recalled
    memory.link_identity(PHONE, ALICE, "test")  # the phone's later turns are alice's
    memory.close()
    return path


def _columns(data: Path) -> list[tuple[Path, str, str]]:
    """(file, table, column) for every column of every table holding a row."""
    found = []
    for file in sorted(p for p in data.rglob("*") if p.suffix in (".sqlite", ".sqlite3")):
        with closing(sqlite3.connect(file)) as db:
            tables = [
                row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            ]
            for table in tables:
                if db.execute(f"SELECT COUNT(*) FROM '{table}'").fetchone()[0]:
                    columns = [row[1] for row in db.execute(f"PRAGMA table_info('{table}')")]
                    found += [(file.relative_to(data), table, column) for column in columns]
    return found


def _damaged(file: Path, table: str, column: str, value: str) -> bool:
    """Whether the column could be damaged so (a constraint or a trigger may refuse it)."""
    with closing(sqlite3.connect(file)) as db:
        try:
            db.execute(f"UPDATE '{table}' SET \"{column}\" = {value}")
            db.commit()
        except sqlite3.DatabaseError:
            return False
    return True


def _failures(data: Path) -> dict[str, str]:
    memory = _open(data)
    calls = {
        "recall": lambda: memory.recall("alice", "jazz", session_id="s1"),
        "recall by a linked device": lambda: memory.recall("phone-1", "jazz"),
        "profile": lambda: memory.profile("alice"),
        "write": lambda: memory.add_turns([_turn("I also like hiking.", T0 + 99_000, "s2")]),
        "the nightly metrics' read": memory.feedback_log.frames,
        "erase": lambda: memory.erase("alice", "test"),
    }
    failed = {}
    for name, call in calls.items():
        try:
            call()
        except Exception as exc:  # any failure is what this test looks for
            failed[name] = f"{type(exc).__name__}: {exc}"[:160]
    memory.close()
    return failed


def test_a_damaged_value_in_any_store_never_stops_recall_writes_or_erasure(written, tmp_path):
    columns = _columns(written)
    files = {str(file) for file, _, _ in columns}
    assert files >= {"graph.sqlite3", "consent.sqlite3", "identity.sqlite3"}
    failures = []
    for file, table, column in columns:
        for value in DAMAGE:
            trial = tmp_path / "trial"
            shutil.rmtree(trial, ignore_errors=True)
            shutil.copytree(written, trial)
            if _damaged(trial / file, table, column, value) and (failed := _failures(trial)):
                failures.append(f"{file}:{table}.{column} = {value}: {failed}")
    assert not failures, "\n".join(failures)
