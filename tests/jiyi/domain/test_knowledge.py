import pytest
from pydantic import ValidationError

from jiyi.domain import (
    Edge,
    EdgeSource,
    Entity,
    EntityKind,
    RelationClass,
    RelationKind,
    clamp_confidence,
)


def _edge(**overrides):
    raw = {
        "user_id": "u1",
        "src": "user",
        "relation": "learning_obstacle",
        "dst": "concept_chain_rule",
        "confidence": 0.8,
        "source": "rule",
        "created_at": 10,
        "updated_at": 20,
        "valid_from": 10,
    }
    raw.update(overrides)
    return Edge.model_validate(raw)


def test_edge_defaults_and_identity():
    edge = _edge()
    assert edge.is_valid
    assert edge.edge_id == _edge(confidence=0.3).edge_id
    assert edge.edge_id != _edge(user_id="u2").edge_id


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"confidence": 0.05}, "confidence"),
        ({"confidence": 1.01}, "confidence"),
        ({"relation": "hates_forever"}, "relation"),
        ({"source": "rumour"}, "source"),
        ({"dst": "Chain Rule"}, "dst"),
    ],
)
def test_edge_rejections_name_the_field(overrides, field):
    with pytest.raises(ValidationError) as caught:
        _edge(**overrides)
    assert caught.value.errors()[0]["loc"] == (field,)


def test_edge_times_must_be_ordered():
    with pytest.raises(ValidationError, match="updated_at"):
        _edge(updated_at=5)
    with pytest.raises(ValidationError, match="invalid_at"):
        _edge(invalid_at=1)


def test_relation_classes_fix_half_life_groups():
    assert RelationKind.PREFERS.relation_class is RelationClass.PREFERENCE
    assert RelationKind.FEELS.relation_class is RelationClass.EMOTION
    assert RelationKind.MASTERY.relation_class is RelationClass.SKILL
    assert RelationKind.LEARNING_OBSTACLE.relation_class is RelationClass.LEARNING
    assert RelationKind.KNOWS.relation_class is RelationClass.DEFAULT
    assert RelationKind.LEARNING_OBSTACLE.cypher_type == "LEARNING_OBSTACLE"


def test_human_source_outranks_the_rest():
    ranks = sorted(EdgeSource, key=lambda s: s.rank)
    assert ranks[-1] is EdgeSource.HUMAN
    assert ranks[0] is EdgeSource.COUNTER_EVIDENCE


def test_clamp_confidence():
    assert clamp_confidence(0.01) == 0.1
    assert clamp_confidence(3) == 1.0
    assert clamp_confidence(0.42) == 0.42


def test_entity_requires_a_valid_id_and_name():
    Entity(entity_id="button_payment_confirm_red", kind=EntityKind.UI_ELEMENT, name="确认按钮")
    with pytest.raises(ValidationError):
        Entity(entity_id="button", kind=EntityKind.UI_ELEMENT, name="")
