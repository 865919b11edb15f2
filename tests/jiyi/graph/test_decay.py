"""Read-time decay: per-class half-lives, floors, `as_of`, monotone in time."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jiyi.config import GraphSettings
from jiyi.domain import RelationClass, RelationKind
from jiyi.graph.decay import MS_PER_DAY, decayed_confidence

T = 1_770_000_000_000
SETTINGS = GraphSettings()


def after(days: float, relation: RelationKind, confidence: float = 0.8, settings=SETTINGS):
    return decayed_confidence(confidence, T, T + int(days * MS_PER_DAY), relation, settings)


@pytest.mark.parametrize(
    ("relation", "half_life"),
    [
        (RelationKind.MASTERY, 180),  # the skill class: shown mastery lasts past a term
        (RelationKind.LEARNING_OBSTACLE, 90),  # the learning class: a stumble fades over a term
        (RelationKind.GOAL, 180),  # held until reached or given up
        (RelationKind.KNOWS, 30),  # the article's default
        (RelationKind.PREFERS, 90),
        (RelationKind.LEARNING_STYLE, 90),
        (RelationKind.FEELS, 1),
    ],
)
def test_confidence_halves_after_one_half_life(relation, half_life) -> None:
    assert after(half_life, relation) == pytest.approx(0.4)
    assert after(2 * half_life, relation) == pytest.approx(0.2)


def test_structural_relations_do_not_decay() -> None:
    assert after(3650, RelationKind.PREREQUISITE_OF) == 0.8


def test_decay_stops_at_the_floor_and_never_raises_a_value() -> None:
    assert after(30, RelationKind.FEELS) == 0.1
    floored = GraphSettings(decay_floor=0.3)
    assert after(365, RelationKind.MASTERY, settings=floored) == 0.3
    assert after(365, RelationKind.MASTERY, confidence=0.2, settings=floored) == 0.2


def test_as_of_before_the_last_update_reads_the_stored_value() -> None:
    assert decayed_confidence(0.8, T, T - MS_PER_DAY, RelationKind.MASTERY, SETTINGS) == 0.8


def test_a_class_missing_from_settings_uses_the_default_half_life() -> None:
    settings = GraphSettings(half_life_days={RelationClass.DEFAULT: 10.0})
    assert after(10, RelationKind.PREFERS, settings=settings) == pytest.approx(0.4)


@given(
    confidence=st.floats(0.1, 1.0),
    first=st.integers(0, 3650 * MS_PER_DAY),
    extra=st.integers(0, 3650 * MS_PER_DAY),
    relation=st.sampled_from(list(RelationKind)),
)
def test_decay_is_monotone_in_time_and_bounded(confidence, first, extra, relation) -> None:
    earlier = decayed_confidence(confidence, T, T + first, relation, SETTINGS)
    later = decayed_confidence(confidence, T, T + first + extra, relation, SETTINGS)
    assert later <= earlier <= confidence
    assert later >= min(confidence, SETTINGS.decay_floor)


def test_an_edge_of_its_own_class_fades_by_that_class() -> None:
    month = 30 * MS_PER_DAY
    standing = decayed_confidence(0.8, T, T + month, RelationKind.FEELS, SETTINGS,
                                  RelationClass.DEFAULT)  # fmt: skip
    passing = decayed_confidence(0.8, T, T + month, RelationKind.FEELS, SETTINGS)
    assert standing == pytest.approx(0.4)
    assert passing == SETTINGS.decay_floor


def test_a_tutor_still_holds_a_skill_and_a_goal_said_once_three_months_ago_firmly() -> None:
    """A confirmed skill ("右手定则你掌握得很好") and a goal ("想考同济建筑") said once a term ago
    still read firm (≥ 0.5); a stumble said as long ago reads weak."""
    term = 95
    assert after(term, RelationKind.MASTERY) >= 0.5
    assert after(term, RelationKind.GOAL, 0.75) >= 0.5
    assert 0.2 <= after(term, RelationKind.LEARNING_OBSTACLE) < 0.5


def test_a_worry_lasts_days_where_a_mood_lasts_one() -> None:
    def feeling(days: float, decay_class: RelationClass | None) -> float:
        at = T + int(days * MS_PER_DAY)
        return decayed_confidence(0.75, T, at, RelationKind.FEELS, SETTINGS, decay_class)

    assert feeling(2, RelationClass.WORRY) >= 0.5  # "pretty nervous tbh", two days on: firm
    assert feeling(8, RelationClass.WORRY) >= 0.5  # "worried abt the clips", a week on: firm
    assert 0.2 <= feeling(20, RelationClass.WORRY) < 0.5  # "压力山大" three weeks on: weak
    assert feeling(45, RelationClass.WORRY) < 0.2  # six weeks on, with nothing since: gone
    assert feeling(2, None) < 0.2  # "好累" two days on: a mood, over
