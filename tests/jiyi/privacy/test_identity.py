import pytest

from jiyi.domain import Identity, IdentityKind
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
    assert store.erase_user("a") == 1
    assert store.resolve("d") == "d"
