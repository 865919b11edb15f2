import pytest
from pydantic import BaseModel, ValidationError

from jiyi.domain.ids import EntityId, UserId, check_entity_id, stable_id, text_hash


class _Holder(BaseModel):
    user_id: UserId
    entity_id: EntityId = "user"


@pytest.mark.parametrize("value", ["u1", "alice@example.com", "device:abc-123", "A.b_c", "x" * 128])
def test_external_ids_accept_safe_values(value):
    assert _Holder(user_id=value).user_id == value


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("", "must not be empty"),
        ("x" * 129, "at most 128"),
        ("has space", "may contain only"),
        ("-leading", "must start with a letter or digit"),
        ("drop';--", "may contain only"),
        ("用户", "may contain only"),
    ],
)
def test_external_ids_reject_with_field_and_reason(value, reason):
    with pytest.raises(ValidationError) as caught:
        _Holder(user_id=value)
    error = caught.value.errors()[0]
    assert error["loc"] == ("user_id",)
    assert reason in error["msg"]


@pytest.mark.parametrize("value", ["a", "concept_chain_rule", "x1_2", "a" * 32])
def test_entity_ids_accept_the_article_rule(value):
    assert check_entity_id(value) == value


@pytest.mark.parametrize("value", ["A", "1abc", "_x", "a-b", "a" * 33, "", "链式法则"])
def test_entity_ids_reject_everything_else(value):
    with pytest.raises(ValidationError) as caught:
        _Holder(user_id="u1", entity_id=value)
    assert caught.value.errors()[0]["loc"] == ("entity_id",)


def test_stable_id_is_deterministic_and_separates_parts():
    assert stable_id("a", 1) == stable_id("a", 1)
    assert stable_id("ab", "c") != stable_id("a", "bc")
    assert len(stable_id("x")) == 24


def test_text_hash_is_sha256_hex():
    digest = text_hash("我总把a和v搞混")
    assert len(digest) == 64
    assert digest == text_hash("我总把a和v搞混")
