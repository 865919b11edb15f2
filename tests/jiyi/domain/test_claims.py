"""The claim schema rules and the LLM share."""

from __future__ import annotations

from jiyi.domain import EventAttr, EventType, RelationKind
from jiyi.domain.claims import NAMEABLE_RELATIONS, READINGS, RELATION_CHOICES


def test_a_fact_may_name_only_relations_of_its_type():
    assert set(RELATION_CHOICES[EventType.PERSONAL_FACT]) == {
        RelationKind.LIVES_IN, RelationKind.ALLERGIC_TO
    }  # fmt: skip
    assert RelationKind.MASTERY not in NAMEABLE_RELATIONS


def test_each_reading_has_one_value():
    assert READINGS == {
        EventAttr.HOLDER: "other",
        EventAttr.TENSE: "past",
        EventAttr.DURABILITY: "transient",
        EventAttr.CHANGE: "supersedes",
    }


def test_the_people_facts_are_single_valued_and_do_not_fade():
    for relation in (RelationKind.AGE, RelationKind.SCHOOL_YEAR, RelationKind.LIVES_IN):
        assert relation.single_valued
        assert relation.relation_class.value == "structural"
    assert not RelationKind.HAS_ROLE.single_valued  # a nurse may also be a student
