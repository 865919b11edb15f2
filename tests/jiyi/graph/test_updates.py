"""Update rules: event → claim mapping, weighted update, counter-evidence, source precedence."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jiyi.domain import (
    Edge,
    EdgeSource,
    EntityKind,
    EventAttr,
    EventType,
    ExtractionSource,
    RelationClass,
    RelationKind,
    recall_only,
)
from jiyi.graph.model import GraphInputError, RevisionAction
from jiyi.graph.updates import (
    RECENT_COUNTER_WINDOW_MS,
    Claim,
    EdgeChange,
    Skipped,
    checked_claim,
    claim_for,
    counter,
    human_set,
    implied_role,
    is_study_role,
    same_ladder,
    support,
    weighted,
)

T = 1_770_000_000_000
KEY = ("u1", "user", RelationKind.LEARNING_OBSTACLE, "trig")
confidences = st.floats(min_value=0.1, max_value=1.0, allow_nan=False)


def edge(confidence: float = 0.8, source: EdgeSource = EdgeSource.RULE, **update) -> Edge:
    values = dict(
        user_id="u1", src="user", relation=RelationKind.LEARNING_OBSTACLE, dst="trig",
        confidence=confidence, source=source, created_at=T, updated_at=T, valid_from=T,
        evidence=["e0"],
    )  # fmt: skip
    return Edge.model_validate(values | update)


def supported(existing: Edge | None, confidence: float, source=EdgeSource.RULE, at=T + 1):
    return support(existing, KEY, confidence, source, at, ["e1"], "test", 0.3)


@pytest.mark.parametrize(
    ("event_type", "obj", "relation", "kind", "counters"),
    [
        (EventType.CONCEPT_CONFUSION, "三角函数", RelationKind.LEARNING_OBSTACLE,
         EntityKind.CONCEPT, (RelationKind.MASTERY,)),
        (EventType.CONCEPT_MASTERY, "chain rule", RelationKind.MASTERY, EntityKind.CONCEPT,
         (RelationKind.LEARNING_OBSTACLE,)),
        (EventType.PREFERENCE, "爵士乐", RelationKind.PREFERS, EntityKind.OBJECT,
         (RelationKind.DISLIKES,)),
        (EventType.DISLIKE, "long videos", RelationKind.DISLIKES, EntityKind.OBJECT,
         (RelationKind.PREFERS, RelationKind.INTERESTED_IN, RelationKind.LEARNING_STYLE)),
        (EventType.LEARNING_STYLE, "图解", RelationKind.LEARNING_STYLE, EntityKind.STYLE,
         (RelationKind.DISLIKES,)),
        (EventType.AGE_DECLARATION, "17", RelationKind.AGE, EntityKind.VALUE, ()),
        (EventType.GOAL, "pass the gaokao", RelationKind.GOAL, EntityKind.ACTIVITY, ()),
        (EventType.EMOTION, "开心", RelationKind.FEELS, EntityKind.EMOTION, ()),
        (EventType.IDENTITY_DECLARATION, "teacher", RelationKind.HAS_ROLE, EntityKind.ROLE, ()),
    ],
)  # fmt: skip
def test_each_event_type_maps_to_its_relation(
    ev, event_type, obj, relation, kind, counters
) -> None:
    claim = claim_for(ev(0, event_type, obj, confidence=0.7))
    assert claim == Claim(relation, obj, kind, 0.7, EdgeSource.RULE, counters)


@pytest.mark.parametrize(
    "event_type",
    [EventType.GREETING, EventType.SMALL_TALK, EventType.QUESTION, EventType.TASK_REQUEST],
)
def test_types_without_lasting_meaning_make_no_claim(ev, event_type) -> None:
    assert claim_for(ev(0, event_type, "你好")) is None


def test_negative_polarity_flips_the_relation(ev) -> None:
    not_confused = ev(0, EventType.CONCEPT_CONFUSION, "导数", polarity="negative")
    assert claim_for(not_confused).relation is RelationKind.MASTERY
    not_liked = ev(0, EventType.PREFERENCE, "rap music", polarity="negative")
    assert claim_for(not_liked).relation is RelationKind.DISLIKES


def test_a_way_of_being_taught_named_a_format_is_held_as_a_preference(ev) -> None:
    bullets = ev(0, EventType.LEARNING_STYLE, "bullet points", relation="prefers")
    claim = claim_for(bullets)
    assert (claim.relation, claim.object_kind) == (RelationKind.PREFERS, EntityKind.STYLE)


def test_role_may_come_from_the_value_attribute(ev) -> None:
    event = ev(0, EventType.IDENTITY_DECLARATION, None, **{EventAttr.VALUE.value: "高三学生"})
    assert claim_for(event).object_name == "高三学生"


def test_a_learned_readers_claim_says_so_ranks_as_a_models_and_is_clamped(ev) -> None:
    read = ev(
        0, EventType.GOAL, "learn calculus", confidence=0.02, source=ExtractionSource.CLASSIFIER
    )
    claim = claim_for(read.model_copy(update={"rule": "learned_goal"}))
    assert (claim.source, claim.confidence) == (EdgeSource.CLASSIFIER, 0.1)
    assert EdgeSource.CLASSIFIER.rank == EdgeSource.LLM.rank < EdgeSource.RULE.rank


def test_the_residue_classifiers_pick_is_kept_for_recall_and_claims_nothing(ev) -> None:
    """A type by nearest exemplars, no rule named: even with an object filled in later."""
    pick = ev(0, EventType.GOAL, "learn calculus", source=ExtractionSource.CLASSIFIER)
    assert recall_only(pick)
    assert claim_for(pick) is None


@pytest.mark.parametrize(
    ("attrs", "retracts", "doubts"),
    [
        ({"polarity": "negative"}, True, False),  # "I quit my job": the jobs end
        ({"change": "succeeded"}, False, True),  # "new job here too": the jobs are in doubt
    ],
)
def test_a_job_change_naming_no_role_is_a_claim_about_the_users_jobs(
    ev, attrs, retracts, doubts
) -> None:
    claim = claim_for(ev(0, EventType.IDENTITY_DECLARATION, None, **attrs))
    assert claim is not None
    assert (claim.object_name, claim.retracts, claim.doubts) == ("", retracts, doubts)


def test_a_change_naming_no_goal_or_fact_makes_no_claim(ev) -> None:
    assert claim_for(ev(0, EventType.GOAL, None, change="succeeded")) is None


@pytest.mark.parametrize("attrs", [{}, {"object": "   "}])
def test_an_event_naming_no_object_makes_no_claim(ev, attrs) -> None:
    assert claim_for(ev(0, EventType.CONCEPT_CONFUSION, None, **attrs)) is None


@pytest.mark.parametrize(
    ("attrs", "field"),
    [
        ({"object": "x", "object_kind": "planet"}, "attributes.object_kind"),
        ({"object": "x", "object_kind": "user"}, "attributes.object_kind"),
    ],
)
def test_a_claim_without_a_usable_object_is_refused_naming_the_field(ev, attrs, field) -> None:
    event = ev(0, EventType.CONCEPT_CONFUSION, None, **attrs)
    with pytest.raises(GraphInputError) as caught:
        claim_for(event)
    assert caught.value.field == field


def test_weighted_update_is_three_tenths_old_seven_tenths_new() -> None:
    assert weighted(0.8, 0.6, 0.3) == pytest.approx(0.66)
    assert weighted(0.2, 1.0, 0.3) == pytest.approx(0.76)


def test_support_creates_then_reinforces_with_history() -> None:
    created = supported(None, 0.8)
    assert isinstance(created, EdgeChange)
    assert created.revision.action is RevisionAction.CREATE
    assert created.revision.old_confidence is None
    reinforced = supported(created.edge, 0.6, at=T + 5)
    assert reinforced.edge.confidence == pytest.approx(0.66)
    assert reinforced.edge.updated_at == T + 5
    assert reinforced.edge.created_at == T + 1
    assert reinforced.revision.old_confidence == 0.8
    assert reinforced.edge.evidence == ["e1"]


def test_a_human_set_belief_is_not_overwritten_by_rules_or_models() -> None:
    human = edge(0.9, EdgeSource.HUMAN)
    for source in (EdgeSource.RULE, EdgeSource.CLASSIFIER, EdgeSource.LLM):
        decision = supported(human, 0.2, source)
        assert isinstance(decision, Skipped)
        assert decision.edge == human
    assert isinstance(counter(human, T + 1, ["e1"], "test", 0.5), Skipped)
    by_human = supported(human, 0.4, EdgeSource.HUMAN)
    assert by_human.edge.confidence == 0.4  # a person states the value; no blending


def test_counter_evidence_halves_and_marks_its_source() -> None:
    result = counter(edge(0.8), T + 1, ["e9"], "test", 0.5)
    assert result.edge.confidence == 0.4
    assert result.edge.source is EdgeSource.COUNTER_EVIDENCE
    assert result.revision.action is RevisionAction.COUNTER_EVIDENCE
    assert result.edge.evidence == ["e0", "e9"]
    assert result.edge.is_valid


def test_repeated_counter_evidence_closes_the_edge_at_the_floor() -> None:
    current = edge(0.8)
    for step in range(1, 4):
        current = counter(current, T + step, [f"e{step}"], "test", 0.5).edge
    assert current.confidence == 0.1
    assert current.invalid_at == T + 3
    assert isinstance(counter(current, T + 4, ["e4"], "test", 0.5), Skipped)


def test_new_evidence_reopens_a_closed_edge_with_a_new_validity_interval() -> None:
    closed = edge(0.1, invalid_at=T + 10, updated_at=T + 10)
    reopened = supported(closed, 0.7, at=T + 20)
    assert reopened.revision.action is RevisionAction.REOPEN
    assert (reopened.edge.valid_from, reopened.edge.invalid_at) == (T + 20, None)
    assert reopened.edge.confidence == 0.7


def test_a_model_claim_against_recent_opposite_evidence_enters_halved() -> None:
    claim = Claim(RelationKind.LEARNING_OBSTACLE, "trig", EntityKind.CONCEPT, 0.8, EdgeSource.LLM)
    recent_mastery = edge(0.7, relation=RelationKind.MASTERY, updated_at=T)
    checked = checked_claim(claim, [recent_mastery], T + 3_600_000, 0.5)
    assert (checked.confidence, checked.source) == (0.4, EdgeSource.COUNTER_EVIDENCE)
    later = T + RECENT_COUNTER_WINDOW_MS + 1
    assert checked_claim(claim, [recent_mastery], later, 0.5) == claim
    as_rule = Claim(claim.relation, "trig", EntityKind.CONCEPT, 0.8, EdgeSource.RULE)
    assert checked_claim(as_rule, [recent_mastery], T + 1, 0.5) == as_rule
    by_classifier = Claim(claim.relation, "trig", EntityKind.CONCEPT, 0.8, EdgeSource.CLASSIFIER)
    assert checked_claim(by_classifier, [recent_mastery], T + 1, 0.5).confidence == 0.4


def test_human_confirm_correct_and_retract() -> None:
    confirmed = human_set(edge(0.4), RevisionAction.CONFIRM, T + 1, "teacher")
    assert (confirmed.edge.confidence, confirmed.edge.source) == (1.0, EdgeSource.HUMAN)
    corrected = human_set(edge(0.9), RevisionAction.CORRECT, T + 1, "teacher", confidence=0.3)
    assert corrected.edge.confidence == 0.3
    assert corrected.revision.old_confidence == 0.9
    retracted = human_set(edge(0.9), RevisionAction.RETRACT, T + 2, "teacher", close=True)
    assert retracted.edge.invalid_at == T + 2
    assert retracted.edge.confidence == 0.9
    assert not retracted.revision.valid
    reconfirmed = human_set(retracted.edge, RevisionAction.CONFIRM, T + 3, "teacher")
    assert reconfirmed.edge.is_valid
    assert reconfirmed.edge.valid_from == T + 3


@given(old=confidences, incoming=confidences, w=st.floats(0.0, 1.0))
def test_weighted_update_stays_between_its_inputs_and_in_range(old, incoming, w) -> None:
    value = weighted(old, incoming, w)
    assert 0.1 <= value <= 1.0
    assert min(old, incoming) - 1e-6 <= value <= max(old, incoming) + 1e-6


@given(
    steps=st.lists(
        st.tuples(st.sampled_from(["support", "counter", "human"]), confidences), max_size=30
    ),
    factor=st.floats(0.05, 0.95),
)
def test_any_sequence_of_updates_keeps_confidence_in_range(steps, factor) -> None:
    current: Edge | None = None
    for i, (kind, value) in enumerate(steps):
        at = T + i
        if kind == "support" or current is None:
            decision = supported(current, value, at=at)
        elif kind == "counter":
            decision = counter(current, at, [f"e{i}"], "test", factor)
        else:
            decision = human_set(current, RevisionAction.CORRECT, at, "t", confidence=value)
        if isinstance(decision, EdgeChange):
            previous = current.confidence if current else None
            if kind == "counter" and previous is not None:
                assert decision.edge.confidence <= previous
            current = decision.edge
        assert current is not None
        assert 0.1 <= current.confidence <= 1.0


def test_an_interest_starts_no_higher_than_its_kind_allows(ev) -> None:
    claim = claim_for(
        ev(0, EventType.PREFERENCE, "physics", confidence=0.8, relation="interested_in")
    )
    assert claim is not None
    assert (claim.relation, claim.confidence) == (RelationKind.INTERESTED_IN, 0.6)


def test_a_standing_feeling_fades_by_the_default_class_a_passing_mood_by_its_own(ev) -> None:
    standing = claim_for(ev(0, EventType.EMOTION, "anxious", durability="standing"))
    passing = claim_for(ev(0, EventType.EMOTION, "tired"))
    liking = claim_for(ev(0, EventType.PREFERENCE, "jazz", durability="standing"))
    assert standing.decay_class is RelationClass.DEFAULT
    assert passing.decay_class is None
    assert liking.decay_class is None


@pytest.mark.parametrize(
    "feeling",
    ["anxious", "nervous", "stressed out", "so stressed", "worried", "overwhelmed",
     "burnt out", "under pressure", "dreading it", "焦虑", "紧张", "压力山大", "压力好大",
     "担心", "心慌", "发愁", "慌", "有点慌"],
)  # fmt: skip
def test_a_worry_about_what_lies_ahead_fades_by_the_worry_class(ev, feeling: str) -> None:
    claim = claim_for(ev(0, EventType.EMOTION, feeling))
    assert claim is not None
    assert claim.decay_class is RelationClass.WORRY


@pytest.mark.parametrize(
    "feeling", ["tired", "bored", "happy", "excited", "annoyed", "累", "烦", "开心", "期待", "无聊"]
)
def test_a_mood_keeps_the_emotion_class(ev, feeling: str) -> None:
    claim = claim_for(ev(0, EventType.EMOTION, feeling))
    assert claim is not None
    assert claim.decay_class is None


def test_a_standing_feeling_is_not_cut_to_a_worry_by_a_later_plain_mention() -> None:
    lasting = support(None, KEY, 0.8, EdgeSource.RULE, T, ["e1"], "t", 0.3, RelationClass.DEFAULT)
    still = support(lasting.edge, KEY, 0.8, EdgeSource.RULE, T + 1, ["e2"], "t", 0.3,
                    RelationClass.WORRY)  # fmt: skip
    assert still.edge.decay_class is RelationClass.DEFAULT
    worry = support(None, KEY, 0.8, EdgeSource.RULE, T, ["e1"], "t", 0.3, RelationClass.WORRY)
    lasts = support(worry.edge, KEY, 0.8, EdgeSource.RULE, T + 1, ["e2"], "t", 0.3,
                    RelationClass.DEFAULT)  # fmt: skip
    assert lasts.edge.decay_class is RelationClass.DEFAULT


def test_a_standing_feeling_keeps_its_class_when_a_passing_mention_reinforces_it() -> None:
    created = support(None, KEY, 0.8, EdgeSource.RULE, T, ["e1"], "t", 0.3, RelationClass.DEFAULT)
    again = support(created.edge, KEY, 0.8, EdgeSource.RULE, T + 1, ["e2"], "t", 0.3)
    assert created.edge.decay_class is again.edge.decay_class is RelationClass.DEFAULT
    assert supported(None, 0.8).edge.decay_class is None


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        (["A2"], ["B1"]),  # "目标先A2" → "目标改B1了"
        (["德语A2"], ["B1"]),
        (["雅思6.5"], ["雅思7分"]),
        (["IELTS 6.5"], ["IELTS 7"]),
        (["JLPT N2", "N2", "日语N2"], ["N1"]),
        (["band 6.5"], ["band 7"]),
        (["HSK4"], ["HSK 5"]),
        (["二级裁判"], ["一级裁判"]),
        (["515+"], ["520"]),
    ],
)
def test_goals_on_one_ladder_of_levels(earlier: list[str], later: list[str]) -> None:
    assert same_ladder(later, earlier)


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        (["雅思6.5"], ["JLPT N2"]),  # two exams: both can be goals at once
        (["band 7"], ["grade 7"]),  # an IELTS band is no GCSE grade
        (["数一120+"], ["期末数学120分"]),  # two scores, of different things
        (["trip to Seville"], ["trip to Oaxaca"]),  # no rung: a change names what it ends
        (["CCRN"], ["考研"]),
        (["B1"], ["learn Python"]),
    ],
)
def test_goals_on_different_ladders_or_none(earlier: list[str], later: list[str]) -> None:
    assert not same_ladder(later, earlier)


def test_a_school_year_implies_a_student_in_the_language_it_was_said_in() -> None:
    def year(name: str, **update: object) -> Claim:
        values: dict = dict(
            relation=RelationKind.SCHOOL_YEAR,
            object_name=name,
            object_kind=EntityKind.ROLE,
            confidence=0.7,
            source=EdgeSource.RULE,
        )
        return Claim(**(values | update))

    assert implied_role(year("year 11")) == Claim(
        RelationKind.HAS_ROLE, "student", EntityKind.ROLE, 0.7, EdgeSource.RULE
    )
    assert implied_role(year("大三")).object_name == "学生"
    assert implied_role(year("大三", retracts=True)) is None
    assert implied_role(year("nurse", relation=RelationKind.HAS_ROLE)) is None


@pytest.mark.parametrize(
    ("names", "studies"),
    [(["nursing student"], True), (["高中生"], True), (["初中生"], True), (["考研生"], True),
     (["pre-med", "pre-med student"], True), (["nurse"], False), (["中医"], False)],
)  # fmt: skip
def test_a_course_of_study_is_told_by_any_of_its_names(names: list[str], studies: bool) -> None:
    assert is_study_role(names) is studies
