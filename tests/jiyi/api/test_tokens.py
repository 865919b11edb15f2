import pytest

from jiyi.api.tokens import TokenError, issue, verify
from jiyi.keyfile import load_or_create_key


def test_a_link_names_its_user_until_it_expires(tmp_path):
    secret = load_or_create_key(tmp_path / "link.key")
    assert load_or_create_key(tmp_path / "link.key") == secret
    assert (tmp_path / "link.key").stat().st_mode & 0o077 == 0
    token = issue(secret, "acme:u1", ttl_seconds=60, now=1000)
    assert verify(secret, token, now=1059) == "acme:u1"
    with pytest.raises(TokenError, match="expired"):
        verify(secret, token, now=1061)


@pytest.mark.parametrize("mangle", [lambda t: t + "x", lambda t: "x" + t, lambda t: t.split(".")[0],
                                    lambda t: "", lambda t: "...", lambda t: ".\u0080",
                                    lambda t: t + "é"])  # fmt: skip
def test_forged_or_malformed_links_are_refused(tmp_path, mangle):
    secret = load_or_create_key(tmp_path / "link.key")
    with pytest.raises(TokenError, match="not valid"):
        verify(secret, mangle(issue(secret, "acme:u1", 60)))


def test_a_link_signed_with_another_secret_is_refused(tmp_path):
    token = issue(b"a" * 32, "acme:u1", 60)
    with pytest.raises(TokenError):
        verify(b"b" * 32, token)
