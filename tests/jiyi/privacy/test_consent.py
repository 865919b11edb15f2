import pytest
from pydantic import ValidationError

from jiyi.domain import ConsentState
from jiyi.health import skipped_values
from jiyi.privacy import ConsentStore


@pytest.fixture
def store(tmp_path):
    consent = ConsentStore(tmp_path / "privacy.sqlite", child_age_threshold=13)
    yield consent
    consent.close()


def test_unknown_users_have_not_consented(store):
    consent = store.get("u1")
    assert consent.state is ConsentState.UNKNOWN
    assert not consent.allows_graph


def test_grant_and_revoke_persist(store, tmp_path):
    store.set_state("u1", granted=True, at=5)
    assert ConsentStore(tmp_path / "privacy.sqlite").get("u1").state is ConsentState.GRANTED
    assert store.set_state("u1", granted=False).state is ConsentState.REVOKED


def test_a_declared_age_under_the_threshold_turns_child_mode_on_for_good(store):
    store.set_state("kid", granted=True)
    assert store.declare_age("kid", 11).child_mode
    assert store.declare_age("kid", 30).child_mode  # a later claim does not lift it
    assert not store.get("kid").allows_graph
    assert not store.set_child_mode("kid", False).child_mode
    assert not store.declare_age("adult", 17).child_mode


def test_erasure_forgets_consent(store):
    store.set_state("u1", granted=True)
    assert store.erase_user("u1") == 1
    assert store.get("u1").state is ConsentState.UNKNOWN


def test_invalid_user_ids_are_rejected(store):
    with pytest.raises(ValueError, match="may contain only"):
        store.get("bad id")
    with pytest.raises(ValidationError):
        store.declare_age("u1", -3)


@pytest.mark.parametrize(
    ("column", "value", "child"),
    [("state", "'maybe'", False), ("updated_at", "'soon'", False), ("child_mode", "'?'", True)],
)
def test_a_damaged_consent_row_reads_as_no_consent_and_keeps_child_mode(
    store, tmp_path, column, value, child
):
    store.set_state("u1", granted=True)
    before = skipped_values().get("consent", 0)
    store._connection.execute(f"UPDATE consent SET {column} = {value}")  # a damaged file

    consent = store.get("u1")
    assert consent.state is ConsentState.UNKNOWN
    assert not consent.allows_graph
    assert consent.child_mode is child  # a damaged child-mode flag reads as on
    assert skipped_values()["consent"] == before + 1
    assert store.set_state("u1", granted=True).allows_graph is not child  # and a write repairs it
