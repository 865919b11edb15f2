import pytest
from pydantic import ValidationError

from jiyi.domain import Consent, ConsentState, Identity, IdentityKind


def test_graph_needs_granted_consent_and_no_child_mode():
    assert not Consent(user_id="u1").allows_graph
    assert Consent(user_id="u1", state=ConsentState.GRANTED).allows_graph
    assert not Consent(user_id="u1", state=ConsentState.GRANTED, child_mode=True).allows_graph
    assert not Consent(user_id="u1", state=ConsentState.REVOKED).allows_graph


def test_identity_values_follow_the_id_rules():
    assert Identity(kind=IdentityKind.DEVICE, value="phone-1").key == "device:phone-1"
    with pytest.raises(ValidationError) as caught:
        Identity(kind=IdentityKind.ACCOUNT, value="bad value")
    assert caught.value.errors()[0]["loc"] == ("value",)
