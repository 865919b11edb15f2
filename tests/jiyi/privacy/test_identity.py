import sqlite3

import pytest

from jiyi.domain import Identity, IdentityKind
from jiyi.health import skipped_values
from jiyi.privacy.identity import IdentityError, IdentityStore


def _id(kind, value):
    return Identity(kind=IdentityKind(kind), value=value)


@pytest.fixture
def store(tmp_path):
    identities = IdentityStore(tmp_path / "identity.sqlite")
    yield identities
    identities.close()


def test_unlinked_identities_are_their_own_user(store):
    assert store.resolve("phone-1") == "phone-1"


def test_a_link_without_a_valid_user_id_resolves_to_the_identity_itself(store, tmp_path):
    store.link(_id("device", "phone"), _id("account", "a1"))
    with sqlite3.connect(tmp_path / "identity.sqlite") as db:  # a damaged file
        db.execute("UPDATE identity_links SET user_id = '∅ not an id' WHERE identity = 'phone'")
    before = skipped_values().get("identity_link", 0)
    assert store.resolve("phone") == "phone"  # its own memory, never a user it cannot name
    assert skipped_values()["identity_link"] == before + 1


def test_linking_a_device_to_an_account(store):
    phone, laptop, account = _id("device", "phone"), _id("device", "laptop"), _id("account", "a1")
    link = store.link(phone, account)
    assert (link.source_user, link.target_user, link.already_linked) == ("phone", "a1", False)
    store.link(laptop, account)
    assert store.resolve("phone") == store.resolve("laptop") == "a1"
    assert store.link(phone, account).already_linked
    assert store.identities_of("a1") == ["laptop", "phone"]


def test_links_follow_when_an_account_is_tied_to_a_strong_id(store):
    phone, account, strong = _id("device", "p"), _id("account", "a"), _id("strong", "passport-9")
    store.link(phone, account)
    store.link(account, strong)
    assert store.resolve("p") == store.resolve("a") == "passport-9"


def test_no_demotion_and_no_silent_relinking(store):
    with pytest.raises(IdentityError, match="link the other way round"):
        store.link(_id("account", "a"), _id("device", "d"))
    store.link(_id("device", "d"), _id("account", "a"))
    with pytest.raises(IdentityError, match="already linked"):
        store.link(_id("device", "d"), _id("account", "b"))
    assert store.resolve("d") == "a"


def test_erasure_drops_the_links(store):
    store.link(_id("device", "d"), _id("account", "a"))
    assert store.erase_user("a") == 3  # the link and the two recorded kinds
    assert store.resolve("d") == "d"
    store.link(_id("account", "d"), _id("account", "a"))  # erased kinds are forgotten too


def test_kinds_come_from_the_records_not_the_caller(store):
    store.link(_id("device", "phone-7"), _id("account", "acct-7"))
    with pytest.raises(IdentityError) as demoted:
        store.link(_id("device", "acct-7"), _id("account", "acct-8"))
    message = str(demoted.value)
    assert "weaker identity is recorded as kind 'account', not 'device'" in message
    assert "acct" not in message
    assert "phone" not in message
    with pytest.raises(IdentityError, match="stronger identity is recorded as kind 'device'"):
        store.link(_id("device", "phone-8"), _id("strong", "phone-7"))
    with pytest.raises(IdentityError, match="stronger identity is recorded as kind 'device'"):
        store.link(_id("device", "same"), _id("account", "same"))
    assert store.resolve("acct-7") == "acct-7"
    assert store.resolve("phone-8") == "phone-8"


def test_refused_links_record_no_kinds(store):
    with pytest.raises(IdentityError, match="link the other way round"):
        store.link(_id("account", "x"), _id("device", "y"))
    assert store.link(_id("device", "x"), _id("account", "y")).target_user == "y"


def test_data_dirs_from_before_kinds_keep_their_links_and_kinds(tmp_path):
    path = tmp_path / "identity.sqlite"
    with sqlite3.connect(path) as old:
        old.execute(
            "CREATE TABLE identity_links (identity TEXT PRIMARY KEY, kind TEXT NOT NULL, "
            "user_id TEXT NOT NULL, linked_at INTEGER NOT NULL)"
        )
        old.execute("INSERT INTO identity_links VALUES ('d', 'device', 'a', 1)")
    old.close()
    store = IdentityStore(path)
    try:
        assert store.resolve("d") == "a"
        with pytest.raises(IdentityError, match="recorded as kind 'device', not 'account'"):
            store.link(_id("account", "d"), _id("strong", "s"))
        store.link(_id("account", "a"), _id("strong", "s"))
        assert store.resolve("d") == "s"
    finally:
        store.close()
