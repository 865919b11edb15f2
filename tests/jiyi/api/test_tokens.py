import base64
import hashlib
import hmac
import json

import pytest

from jiyi.api.keys import ApiKeyStore, key_id_of
from jiyi.api.tokens import TokenError, issue, link_tenant, new_link_id, verify
from jiyi.keyfile import load_or_create_key

SECRET = b"s" * 32


def test_a_link_names_its_user_until_it_expires(tmp_path):
    secret = load_or_create_key(tmp_path / "link.key")
    assert load_or_create_key(tmp_path / "link.key") == secret
    assert (tmp_path / "link.key").stat().st_mode & 0o077 == 0
    token = issue(secret, "acme:u1", new_link_id(secret, "k1"), ttl_seconds=60, now=1000)
    assert verify(secret, token, now=1059).scoped_user == "acme:u1"
    with pytest.raises(TokenError, match="expired"):
        verify(secret, token, now=1061)


@pytest.mark.parametrize("mangle", [lambda t: t + "x", lambda t: "x" + t, lambda t: t.split(".")[0],
                                    lambda t: "", lambda t: "...", lambda t: ".\u0080",
                                    lambda t: t + "é"])  # fmt: skip
def test_forged_or_malformed_links_are_refused(tmp_path, mangle):
    secret = load_or_create_key(tmp_path / "link.key")
    with pytest.raises(TokenError, match="not valid"):
        verify(secret, mangle(issue(secret, "acme:u1", new_link_id(secret, "k1"), 60)))


def test_a_link_signed_with_another_secret_is_refused():
    token = issue(b"a" * 32, "acme:u1", new_link_id(b"a" * 32, "k1"), 60)
    with pytest.raises(TokenError):
        verify(b"b" * 32, token)


def test_a_link_carries_the_key_that_issued_it_and_its_own_id():
    first, second = new_link_id(SECRET, "k1"), new_link_id(SECRET, "k1")
    assert first != second
    claims = verify(SECRET, issue(SECRET, "acme:u1", first, 60))
    assert (claims.scoped_user, claims.key_id, claims.link_id) == ("acme:u1", "k1", first)


def _signed(claims):
    """A token as a signer with the right secret would make it, claims of our choosing."""
    body = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
    digest = hmac.new(SECRET, body.encode(), hashlib.sha256).digest()
    return f"{body}.{base64.urlsafe_b64encode(digest).rstrip(b'=').decode()}"


@pytest.mark.parametrize("link_id", [None, "k1.nonce.tag", "k1"])
def test_a_link_without_a_link_id_minted_here_is_refused(link_id):
    """Links issued before they carried a link id (and so a key id) no longer open."""
    claims = {"u": "acme:u1", "exp": 2**40} | ({} if link_id is None else {"l": link_id})
    with pytest.raises(TokenError, match="not valid"):
        verify(SECRET, _signed(claims))


def test_a_link_id_names_its_tenant_only_when_minted_here_for_a_known_key(tmp_path):
    keys = ApiKeyStore(tmp_path / "keys.sqlite3")
    key_id = key_id_of(keys.create("acme"))
    link_id = new_link_id(SECRET, key_id)
    assert link_tenant(keys, SECRET, link_id) == "acme"
    body, _, tag = link_id.rpartition(".")
    for forged in (
        f"{body}.{tag[:-1]}",
        f"{body}x.{tag}",
        "",
        "..",
        new_link_id(b"o" * 32, key_id),
    ):
        assert link_tenant(keys, SECRET, forged) is None, forged
    assert link_tenant(keys, SECRET, new_link_id(SECRET, "never-issued")) is None
