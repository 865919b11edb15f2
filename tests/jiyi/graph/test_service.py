"""GraphService on every backend: events, corrections, entities, privacy, bad input, audit."""

from __future__ import annotations

import pytest

from jiyi.audit import AuditOutcome
from jiyi.domain import EdgeSource, EventType, ExtractionSource, RelationKind
from jiyi.graph import GraphInputError, GraphService
from jiyi.graph.queries import relation_history
from jiyi.graph.sqlite_store import SqliteGraphStore
from jiyi.graph.updates import MAX_EDGE_EVIDENCE

OBSTACLE, MASTERY = RelationKind.LEARNING_OBSTACLE, RelationKind.MASTERY


def beliefs(service: GraphService, user: str = "u1", include_invalid: bool = False) -> dict:
    """(relation, entity name) → (confidence, source, valid) for every edge from the user."""
    out = {}
    for e in service.store.edges(user, src="user", include_invalid=include_invalid):
        name = service.store.entity(user, e.dst).name
        out[(e.relation, name)] = (e.confidence, e.source, e.is_valid)
    return out


def test_the_articles_case_confusion_then_a_correct_use_halves_the_obstacle(service, ev) -> None:
    service.apply_event(ev(0, EventType.CONCEPT_CONFUSION, "三角函数", 0.8))
    service.apply_event(ev(1, EventType.CONCEPT_CONFUSION, "三角函数", 0.8))
    changes = service.apply_event(ev(2, EventType.CONCEPT_MASTERY, "三角函数", 0.7))

    assert {c.revision.action for c in changes} == {"create", "counter_evidence"}
    assert beliefs(service) == {
        (OBSTACLE, "三角函数"): (0.4, EdgeSource.COUNTER_EVIDENCE, True),
        (MASTERY, "三角函数"): (0.7, EdgeSource.RULE, True),
    }
    history = relation_history(service.store, "u1", OBSTACLE, "三角函数")
    assert [(r.seq, r.action, r.old_confidence, r.new_confidence) for r in history] == [
        (1, "create", None, 0.8),
        (2, "reinforce", 0.8, 0.8),
        (3, "counter_evidence", 0.8, 0.4),
    ]


def test_replaying_an_event_changes_nothing(service, ev, audit_log) -> None:
    service.apply_event(ev(0, EventType.CONCEPT_CONFUSION, "指针", 0.8))
    mastery = ev(1, EventType.CONCEPT_MASTERY, "指针", 0.8)
    assert service.apply_event(mastery)
    before = beliefs(service)
    assert service.apply_event(mastery) == []
    assert beliefs(service) == before  # the obstacle was halved once, not twice
    assert len(audit_log.entries("u1")) == 3


def test_a_replay_is_recognised_after_more_reinforcements_than_the_edge_keeps(service, ev) -> None:
    """A stream replay can reach an event after dozens of later ones reinforced the same edge."""
    first = ev(0, EventType.PREFERENCE, "jazz", 0.9)
    service.apply_event(first)
    for day in range(1, MAX_EDGE_EVIDENCE + 5):
        service.apply_event(ev(day, EventType.PREFERENCE, "jazz", 0.5))
    before = beliefs(service)
    assert first.event_id not in service.store.edges("u1", src="user")[0].evidence

    assert service.apply_event(first) == []
    assert beliefs(service) == before


def test_every_write_is_audited_without_raw_text(service, ev, audit_log) -> None:
    event = ev(0, EventType.PREFERENCE, "jazz", 0.9)
    service.apply_event(event)
    [entry] = audit_log.entries("u1")
    assert (entry.action, entry.outcome, entry.source) == ("create", "applied", "rule")
    assert (entry.old_confidence, entry.new_confidence) == (None, 0.9)
    assert entry.evidence == [event.event_id]
    assert entry.operator == "jiyi.rules"
    assert "jazz" not in entry.model_dump_json()


@pytest.mark.parametrize("event_type", [EventType.GREETING, EventType.SMALL_TALK])
def test_greetings_and_small_talk_never_touch_the_graph(service, ev, audit_log, event_type):
    assert service.apply_event(ev(0, event_type, "你好呀")) == []
    assert service.store.edges("u1", include_invalid=True) == []
    assert audit_log.entries("u1") == []


def test_dislike_is_counter_evidence_for_a_preference_and_vice_versa(service, ev) -> None:
    service.apply_event(ev(0, EventType.PREFERENCE, "video lessons", 0.8))
    service.apply_event(ev(10, EventType.DISLIKE, "video lessons", 0.8))
    assert beliefs(service) == {
        (RelationKind.PREFERS, "video lessons"): (0.4, EdgeSource.COUNTER_EVIDENCE, True),
        (RelationKind.DISLIKES, "video lessons"): (0.8, EdgeSource.RULE, True),
    }


def test_a_human_correction_wins_over_later_rules(service, ev, at, audit_log) -> None:
    service.apply_event(ev(0, EventType.CONCEPT_CONFUSION, "recursion", 0.6))
    service.confirm("u1", "learning_obstacle", "recursion", operator="teacher_li", at=at(1))
    service.apply_event(ev(2, EventType.CONCEPT_CONFUSION, "recursion", 0.2))
    service.apply_event(ev(3, EventType.CONCEPT_MASTERY, "recursion", 0.9))

    obstacle = beliefs(service)[(OBSTACLE, "recursion")]
    assert obstacle == (1.0, EdgeSource.HUMAN, True)
    skipped = [e for e in audit_log.entries("u1") if e.outcome is AuditOutcome.SKIPPED]
    assert len(skipped) == 2
    assert all("human" in e.reason for e in skipped)


def test_correct_replaces_a_belief_and_keeps_the_old_one_closed(service, ev) -> None:
    service.apply_event(ev(0, EventType.PREFERENCE, "爵士乐", 0.8))
    changes = service.correct(
        "u1", "prefers", "爵士乐", operator="user_self", new_relation="dislikes"
    )

    assert [c.revision.action for c in changes] == ["correct", "create"]
    assert beliefs(service, include_invalid=True) == {
        (RelationKind.PREFERS, "爵士乐"): (0.8, EdgeSource.HUMAN, False),
        (RelationKind.DISLIKES, "爵士乐"): (1.0, EdgeSource.HUMAN, True),
    }
    history = relation_history(service.store, "u1", RelationKind.PREFERS, "爵士乐")
    assert [r.valid for r in history] == [True, False]


def test_correct_can_set_confidence_and_retract_closes_with_history(service, ev) -> None:
    service.apply_event(ev(0, EventType.GOAL, "pass the gaokao", 0.9))
    service.correct("u1", "goal", "pass the gaokao", operator="parent", confidence=0.5)
    assert beliefs(service)[(RelationKind.GOAL, "pass the gaokao")][0] == 0.5
    service.retract("u1", "goal", "pass the gaokao", operator="parent")
    assert beliefs(service) == {}
    history = relation_history(service.store, "u1", RelationKind.GOAL, "pass the gaokao")
    assert [r.action for r in history] == ["create", "correct", "retract"]
    assert service.apply_event(ev(5, EventType.GOAL, "pass the gaokao", 0.9)) == []  # human wins


def test_aliases_make_two_names_meet_at_one_node(service, ev) -> None:
    service.add_alias("u1", "三角函数", "trigonometric functions", operator="curriculum")
    service.apply_event(ev(0, EventType.CONCEPT_CONFUSION, "Trigonometric Functions", 0.8))
    service.apply_event(ev(1, EventType.CONCEPT_MASTERY, "三角函数", 0.7))
    assert beliefs(service)[(OBSTACLE, "三角函数")] == (0.4, EdgeSource.COUNTER_EVIDENCE, True)
    assert service.resolve("u1", "trigonometric functions").name == "三角函数"


def test_an_alias_already_naming_another_entity_is_refused(service, ev) -> None:
    service.add_alias("u1", "导数", "derivative", operator="curriculum")
    with pytest.raises(GraphInputError) as caught:
        service.add_alias("u1", "微分", "derivative", operator="curriculum")
    assert caught.value.field == "alias"


def test_one_users_events_never_reach_another_users_graph(service, ev) -> None:
    service.apply_event(ev(0, EventType.PREFERENCE, "jazz", user="alice"))
    service.apply_event(ev(0, EventType.PREFERENCE, "metal", user="bob"))
    assert set(beliefs(service, "alice")) == {(RelationKind.PREFERS, "jazz")}
    assert set(beliefs(service, "bob")) == {(RelationKind.PREFERS, "metal")}
    assert service.resolve("alice", "metal") is None


def test_erase_user_clears_the_graph_and_is_audited(service, ev, audit_log) -> None:
    service.apply_event(ev(0, EventType.PREFERENCE, "jazz", user="alice"))
    service.apply_event(ev(0, EventType.PREFERENCE, "jazz", user="bob"))
    assert service.erase_user("alice", operator="privacy") > 0
    assert beliefs(service, "alice", include_invalid=True) == {}
    assert set(beliefs(service, "bob")) == {(RelationKind.PREFERS, "jazz")}
    assert audit_log.entries("alice")[-1].action == "erase_user"


def test_a_model_claim_right_after_opposite_evidence_is_checked(service, ev) -> None:
    service.apply_event(ev(0, EventType.CONCEPT_MASTERY, "chain rule", 0.8))
    service.apply_event(
        ev(0.1, EventType.CONCEPT_CONFUSION, "chain rule", 0.8, source=ExtractionSource.LLM)
    )
    assert beliefs(service) == {  # the doubtful claim enters halved and counters nothing
        (MASTERY, "chain rule"): (0.8, EdgeSource.RULE, True),
        (OBSTACLE, "chain rule"): (0.4, EdgeSource.COUNTER_EVIDENCE, True),
    }


def test_structural_facts_can_be_asserted_between_concepts(service) -> None:
    service.assert_belief(
        "u1", "prerequisite_of", "三角函数", subject_name="单位圆", confidence=1.0,
        source="human", operator="curriculum",
    )  # fmt: skip
    [edge] = service.store.edges("u1", relation=RelationKind.PREREQUISITE_OF)
    assert service.store.entity("u1", edge.src).name == "单位圆"
    assert service.store.entity("u1", edge.dst).name == "三角函数"


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"relation": "hates_forever"}, "relation"),
        ({"relation": "PREFERS]->(x) DETACH DELETE x //"}, "relation"),
        ({"confidence": 1.5}, "confidence"),
        ({"confidence": 0.0}, "confidence"),
        ({"source": "oracle"}, "source"),
        ({"source": "counter_evidence"}, "source"),
        ({"object_kind": "galaxy"}, "object_kind"),
        ({"object_name": "   "}, "object_name"),
        ({"object_name": "x" * 201}, "object_name"),
        ({"object_name": "that button"}, "object_name"),  # name the thing, not a pointer to it
        ({"user_id": "../etc/passwd"}, "user_id"),
        ({"operator": ""}, "operator"),
        ({"evidence": [""]}, "evidence"),
    ],
)
def test_bad_proposals_are_refused_audited_and_write_nothing(
    service, audit_log, overrides, field
) -> None:
    proposal = dict(
        user_id="u1", relation="prefers", object_name="jazz", confidence=0.7, source="llm",
        operator="llm:gpt", object_kind="object",
    ) | overrides  # fmt: skip
    with pytest.raises(GraphInputError) as caught:
        service.assert_belief(**proposal)
    assert caught.value.field == field
    assert service.store.edges("u1", include_invalid=True) == []
    assert service.store.entity("u1", "jazz") is None
    [entry] = audit_log.entries()
    assert entry.outcome is AuditOutcome.REJECTED
    assert entry.reason.startswith(field)


def test_an_event_without_an_object_is_skipped_and_audited(service, ev, audit_log) -> None:
    assert service.apply_event(ev(0, EventType.CONCEPT_CONFUSION, None)) == []
    [entry] = audit_log.entries("u1")
    assert entry.outcome is AuditOutcome.SKIPPED
    assert "no object" in entry.reason
    assert service.store.edges("u1", include_invalid=True) == []


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda s: s.retract("u1", "prefers", "nothing here", operator="t"), "object_ref"),
        (lambda s: s.confirm("u1", "liked", "jazz", operator="t"), "relation"),
        (lambda s: s.correct("u1", "prefers", "jazz", operator="t"), "confidence"),
        (lambda s: s.correct("u1", "prefers", "jazz", operator="t", confidence=2.0), "confidence"),
        (lambda s: s.correct("u1", "prefers", "jazz", operator="t", new_relation="prefers"),
         "new_object"),
    ],
)  # fmt: skip
def test_bad_corrections_are_refused_and_change_nothing(service, ev, call, field) -> None:
    service.apply_event(ev(0, EventType.PREFERENCE, "jazz", 0.8))
    before = beliefs(service, include_invalid=True)
    with pytest.raises(GraphInputError) as caught:
        call(service)
    assert caught.value.field == field
    assert beliefs(service, include_invalid=True) == before


SECRET, NO_BELIEF = "Quillfeather Lane 42", "object_ref: no_matching_belief"


@pytest.mark.parametrize(
    ("call", "reason"),
    [
        (lambda s, ev: s.confirm("u1", "lives_in", SECRET, operator="t"), NO_BELIEF),
        (lambda s, ev: s.retract("u1", "prefers", SECRET, operator="t"), NO_BELIEF),
        (lambda s, ev: s.correct("u1", "prefers", SECRET, operator="t", confidence=0.5),
         NO_BELIEF),
        (lambda s, ev: s.correct("u1", SECRET, "jazz", operator="t", confidence=0.5),
         "relation: not_allowed"),
        (lambda s, ev: s.assert_belief("u1", "prefers", "jazz", confidence=0.5, source=SECRET,
                                       operator="t"), "source: not_allowed"),
        (lambda s, ev: s.apply_event(ev(1, EventType.PERSONAL_FACT, "Lyon", relation=SECRET)),
         "attributes.relation: invalid"),
    ],
    ids=["confirm", "retract", "correct", "correct_relation", "assert_source", "event_relation"],
)  # fmt: skip
def test_a_refused_input_is_named_to_the_caller_but_kept_out_of_the_audit(
    service, ev, audit_log, call, reason
) -> None:
    service.apply_event(ev(0, EventType.PREFERENCE, "jazz", 0.8))
    with pytest.raises(GraphInputError, match=SECRET):  # the caller sees what they sent
        call(service, ev)
    entry = audit_log.entries("u1")[-1]
    assert (entry.outcome, entry.reason) == (AuditOutcome.REJECTED, reason)
    assert all(SECRET not in e.model_dump_json() for e in audit_log.entries())


def test_a_batch_writes_as_one_by_one_would_and_audits_once_after_its_commit(
    service, ev, audit_log
) -> None:
    events = [
        ev(0, EventType.CONCEPT_CONFUSION, "指针"),
        ev(1, EventType.CONCEPT_MASTERY, "指针"),
        ev(2, EventType.PREFERENCE, "jazz", user="u2"),
    ]
    with service.batch():
        assert all(service.apply_event(e) for e in events)
        assert audit_log.entries() == []  # pending until the batch commits
    assert len(audit_log.entries("u1")) == 3  # obstacle, mastery, obstacle countered
    assert beliefs(service) == {
        (OBSTACLE, "指针"): (0.4, EdgeSource.COUNTER_EVIDENCE, True),
        (MASTERY, "指针"): (0.8, EdgeSource.RULE, True),
    }
    assert beliefs(service, "u2") == {(RelationKind.PREFERS, "jazz"): (0.8, EdgeSource.RULE, True)}

    with service.batch():  # the same batch again (a replay after a crash)
        assert [service.apply_event(e) for e in events] == [[], [], []]
    assert len(audit_log.entries()) == 4
    assert beliefs(service)[(OBSTACLE, "指针")][0] == 0.4  # halved once, not twice


def test_a_batch_that_raises_keeps_none_of_its_audit_entries(service, ev, audit_log) -> None:
    def crash() -> None:
        with service.batch():
            service.apply_event(ev(0, EventType.PREFERENCE, "jazz"))
            raise RuntimeError("crash")

    with pytest.raises(RuntimeError, match="crash"):
        crash()
    assert audit_log.entries() == []
    if isinstance(service.store, SqliteGraphStore):  # it can undo the batch's writes too
        assert beliefs(service) == {}


# --- claims as the reader marks them, single-valued facts, supersession, names ----------------


def test_someone_elses_view_and_a_past_state_make_no_belief(service, ev, audit_log) -> None:
    assert service.apply_event(ev(0, EventType.PREFERENCE, "flashcards", holder="other")) == []
    assert service.apply_event(ev(0, EventType.DISLIKE, "essays", tense="past")) == []
    assert service.apply_event(ev(0, EventType.DISLIKE, "math", durability="transient")) == []
    assert beliefs(service) == {}


def test_a_new_age_closes_the_old_one_and_a_human_set_age_stays(service, ev, audit_log) -> None:
    service.apply_event(ev(0, EventType.AGE_DECLARATION, None, value="34"))
    changes = service.apply_event(ev(0.01, EventType.AGE_DECLARATION, None, value="43"))
    assert {c.revision.action for c in changes} == {"create", "supersede"}
    assert beliefs(service, include_invalid=True) == {
        (RelationKind.AGE, "34"): (0.8, EdgeSource.RULE, False),
        (RelationKind.AGE, "43"): (0.8, EdgeSource.RULE, True),
    }
    service.confirm("u1", "age", "43", operator="parent")
    assert service.apply_event(ev(1, EventType.AGE_DECLARATION, None, value="12")) == []
    assert beliefs(service)[(RelationKind.AGE, "43")][1] is EdgeSource.HUMAN
    assert audit_log.entries("u1")[-1].reason == "a human-set belief is changed only by a human"


def test_a_change_of_mind_closes_the_contrary_belief(service, ev) -> None:
    service.apply_event(ev(0, EventType.PREFERENCE, "错题本"))
    changes = service.apply_event(ev(5, EventType.DISLIKE, "错题本", change="supersedes"))
    assert {c.revision.action for c in changes} == {"create", "supersede"}
    assert beliefs(service, include_invalid=True)[(RelationKind.PREFERS, "错题本")][2] is False


def test_a_personal_fact_names_its_relation_or_stays_episodic(service, ev) -> None:
    service.apply_event(ev(0, EventType.PERSONAL_FACT, "Lyon", relation="lives_in"))
    service.apply_event(ev(0, EventType.PERSONAL_FACT, "peanuts", relation="allergic_to"))
    assert service.apply_event(ev(0, EventType.PERSONAL_FACT, "my sister")) == []
    assert set(beliefs(service)) == {
        (RelationKind.LIVES_IN, "Lyon"),
        (RelationKind.ALLERGIC_TO, "peanuts"),
    }
    with pytest.raises(GraphInputError, match=r"attributes\.relation"):
        service.apply_event(ev(1, EventType.PERSONAL_FACT, "Lyon", relation="mastery"))


def test_a_clause_is_not_a_name_and_the_skip_is_audited(service, ev, audit_log) -> None:
    assert service.apply_event(ev(0, EventType.GOAL, "be able to order food and chat a")) == []
    assert service.apply_event(ev(0, EventType.GOAL, "把雅思考到6")) == []
    assert beliefs(service) == {}
    reasons = [e.reason for e in audit_log.entries("u1")]
    assert reasons == ["the object is a clause, not a short name of a thing"] * 2


def test_a_reference_nothing_resolved_is_skipped_not_guessed(service, ev, audit_log) -> None:
    """References are resolved by the ingest step alone; the graph never guesses one."""
    assert service.apply_event(ev(0, EventType.DISLIKE, "那个弹窗")) == []
    assert service.apply_event(ev(0, EventType.CONCEPT_CONFUSION, "that formula")) == []
    assert beliefs(service) == {}
    reasons = [e.reason for e in audit_log.entries("u1")]
    assert reasons == ["the object is a reference like 'that button' that nothing resolved"] * 2


def test_the_same_thing_in_two_languages_is_one_entity(service, ev) -> None:
    [first] = service.apply_event(ev(0, EventType.CONCEPT_CONFUSION, "chain rule"))
    [second] = service.apply_event(ev(3, EventType.CONCEPT_CONFUSION, "链式法则"))
    assert first.edge.dst == second.edge.dst
    entity = service.store.entity("u1", first.edge.dst)
    assert entity.name == "chain rule"
    assert "链式法则" in entity.aliases


def test_a_goal_given_up_is_closed_and_names_nothing_new(service, ev) -> None:
    service.apply_event(ev(0, EventType.GOAL, "finance job", 0.8))
    service.apply_event(ev(0, EventType.GOAL, "IELTS 7", 0.8))
    changes = service.apply_event(ev(1, EventType.GOAL, "finance", 0.8, polarity="negative"))
    assert [c.revision.action for c in changes] == ["supersede"]  # "scrap the finance thing"
    assert beliefs(service, include_invalid=True) == {
        (RelationKind.GOAL, "finance job"): (0.8, EdgeSource.RULE, False),
        (RelationKind.GOAL, "IELTS 7"): (0.8, EdgeSource.RULE, True),
    }
    assert service.apply_event(ev(2, EventType.GOAL, "MCAT", 0.8, polarity="negative")) == []
    assert (RelationKind.GOAL, "MCAT") not in beliefs(service, include_invalid=True)


def test_venting_or_a_person_set_goal_is_not_given_up_by_a_rule(service, ev, at) -> None:
    service.apply_event(ev(0, EventType.GOAL, "护考", 0.8))
    vented = ev(1, EventType.GOAL, "护考", 0.8, polarity="negative", durability="transient")
    assert service.apply_event(vented) == []
    service.confirm("u1", "goal", "护考", operator="teacher", at=at(2))
    assert service.apply_event(ev(3, EventType.GOAL, "护考", 0.8, polarity="negative")) == []
    assert beliefs(service)[(RelationKind.GOAL, "护考")] == (1.0, EdgeSource.HUMAN, True)


def test_a_place_said_in_either_language_is_one_entity(service, ev) -> None:
    fact = {"relation": "lives_in", "object_kind": "place"}
    service.apply_event(ev(0, EventType.PERSONAL_FACT, "Shanghai", 0.9, **fact))
    service.apply_event(ev(1, EventType.PERSONAL_FACT, "上海", 0.9, **fact))
    [home] = service.store.edges("u1", src="user", relation=RelationKind.LIVES_IN)
    assert home.confidence == 0.9  # reinforced, not replaced by a second "home"
    assert "上海" in service.store.entity("u1", home.dst).aliases


ROLE = EventType.IDENTITY_DECLARATION
ROLE_RELATION = RelationKind.HAS_ROLE


def role(ev, day: float, value: str, **attributes: str):
    return ev(day, ROLE, None, value=value, **attributes)


def test_roles_said_together_are_both_held(service, ev) -> None:
    service.apply_event(role(ev, 0, "nurse"))
    service.apply_event(role(ev, 1, "mom"))
    service.apply_event(role(ev, 2, "家教"))
    assert {name for _, name in beliefs(service)} == {"nurse", "mom", "家教"}


def test_a_role_said_as_a_change_closes_the_other_jobs_not_a_parent_or_a_person_set_one(
    service, ev
) -> None:
    service.apply_event(role(ev, 0, "文员"))
    service.apply_event(role(ev, 0, "妈妈"))
    service.apply_event(role(ev, 0, "student"))
    service.confirm("u1", "has_role", "student", operator="teacher")
    changes = service.apply_event(role(ev, 1, "出纳", change="supersedes"))
    assert sorted(c.revision.action for c in changes) == ["create", "supersede"]
    held = {name: valid for (_, name), (_, _, valid) in
            beliefs(service, include_invalid=True).items()}  # fmt: skip
    assert held == {"文员": False, "妈妈": True, "student": True, "出纳": True}


def test_a_parent_role_said_as_a_change_ends_no_job(service, ev) -> None:
    service.apply_event(role(ev, 0, "accountant"))
    service.apply_event(role(ev, 1, "dad", change="supersedes"))
    assert {name for _, name in beliefs(service)} == {"accountant", "dad"}


def test_a_role_given_up_is_closed_and_names_nothing_new(service, ev) -> None:
    service.apply_event(role(ev, 0, "math teacher"))
    service.apply_event(role(ev, 0, "mom"))
    changes = service.apply_event(role(ev, 1, "teacher", polarity="negative"))
    assert [c.revision.action for c in changes] == ["supersede"]
    assert {name for _, name in beliefs(service)} == {"mom"}
    assert service.apply_event(role(ev, 2, "barista", polarity="negative")) == []
    assert (RelationKind.HAS_ROLE, "barista") not in beliefs(service, include_invalid=True)


def test_a_job_given_up_naming_none_closes_the_jobs_not_a_study_or_a_parent(service, ev) -> None:
    service.apply_event(role(ev, 0, "barista"))
    service.apply_event(role(ev, 0, "会计"))
    service.apply_event(role(ev, 0, "nursing student"))
    service.apply_event(role(ev, 0, "mom"))
    quit_job = ev(1, ROLE, None, polarity="negative")  # "I quit my job", "我辞职了"
    changes = service.apply_event(quit_job)
    assert sorted(c.revision.action for c in changes) == ["supersede", "supersede"]
    assert {name for _, name in beliefs(service)} == {"nursing student", "mom"}
    service.apply_event(role(ev, 2, "paralegal"))
    assert service.apply_event(quit_job) == []  # a replay ends no job taken up since
    assert (RelationKind.HAS_ROLE, "paralegal") in beliefs(service)


def school_year(ev, day: float, value: str, **attributes: str):
    return role(ev, day, value, relation="school_year", **attributes)


def test_a_school_year_makes_a_student_unless_a_course_of_study_is_held(service, ev) -> None:
    year = school_year(ev, 0, "year 11")
    service.apply_event(year)
    assert beliefs(service) == {
        (RelationKind.SCHOOL_YEAR, "year 11"): (0.8, EdgeSource.RULE, True),
        (RelationKind.HAS_ROLE, "student"): (0.8, EdgeSource.RULE, True),
    }
    assert service.apply_event(year) == []  # a replay implies nothing again
    service.apply_event(school_year(ev, 1, "高二", user="u2"))
    assert (RelationKind.HAS_ROLE, "学生") in beliefs(service, "u2")
    service.apply_event(role(ev, 0, "nursing student", user="u3"))
    service.apply_event(school_year(ev, 1, "2nd year", user="u3"))
    assert {name for (relation, name) in beliefs(service, "u3") if relation is ROLE_RELATION} == {
        "nursing student"
    }
    service.apply_event(school_year(ev, 0, "大三", user="u4", holder="other"))  # a son's year
    assert beliefs(service, "u4") == {}


def test_a_course_of_study_said_after_a_school_year_ends_the_generic_student(service, ev) -> None:
    service.apply_event(school_year(ev, 0, "2nd year"))
    service.apply_event(role(ev, 1, "barista"))
    changes = service.apply_event(role(ev, 2, "nursing student"))
    assert sorted(c.revision.action for c in changes) == ["create", "supersede"]
    everything = beliefs(service, include_invalid=True).items()
    held = {
        name: valid for (relation, name), (_, _, valid) in everything if relation is ROLE_RELATION
    }
    assert held == {"student": False, "barista": True, "nursing student": True}
    service.apply_event(school_year(ev, 3, "3rd year"))  # a correction implies no student again
    assert (RelationKind.HAS_ROLE, "student") not in beliefs(service)


def test_a_new_job_naming_none_counts_against_the_jobs_and_ends_none(service, ev) -> None:
    service.apply_event(role(ev, 0, "backend developer"))
    service.apply_event(role(ev, 0, "nursing student"))
    service.apply_event(role(ev, 0, "mom"))
    new_job = ev(1, ROLE, None, change="succeeded")  # "new job here too", "换工作了"
    changes = service.apply_event(new_job)
    assert [c.revision.action for c in changes] == ["counter_evidence"]
    held = beliefs(service)
    assert held[(RelationKind.HAS_ROLE, "backend developer")] == (
        0.4,
        EdgeSource.COUNTER_EVIDENCE,
        True,
    )  # held weakly: probably over, but the user did not say so
    assert held[(RelationKind.HAS_ROLE, "nursing student")][0] == 0.8
    assert held[(RelationKind.HAS_ROLE, "mom")][0] == 0.8
    assert service.apply_event(new_job) == []  # a replay counts once


GOAL = EventType.GOAL


def test_a_goal_said_as_a_change_ends_the_goal_on_its_ladder_only(service, ev) -> None:
    service.apply_event(ev(0, GOAL, "A2"))  # "所以目标先A2"
    service.apply_event(ev(0, GOAL, "trip to Munich"))
    service.apply_event(ev(0, GOAL, "雅思6.5"))
    changes = service.apply_event(ev(1, GOAL, "B1", change="supersedes"))  # "目标改B1了"
    assert sorted(c.revision.action for c in changes) == ["create", "supersede"]
    held = {name: valid for (_, name), (_, _, valid) in
            beliefs(service, include_invalid=True).items()}  # fmt: skip
    assert held == {"A2": False, "trip to Munich": True, "雅思6.5": True, "B1": True}


def test_a_new_level_said_plainly_ends_no_goal(service, ev) -> None:
    """ "先考A2 再考B1": steps on one ladder, both held until a change is said."""
    service.apply_event(ev(0, GOAL, "A2"))
    service.apply_event(ev(1, GOAL, "B1"))
    assert {name for _, name in beliefs(service)} == {"A2", "B1"}


def test_a_goal_changed_ends_no_person_set_goal(service, ev) -> None:
    service.apply_event(ev(0, GOAL, "N2"))
    service.confirm("u1", "goal", "N2", operator="teacher")
    service.apply_event(ev(1, GOAL, "N1", change="supersedes"))
    assert {name for _, name in beliefs(service)} == {"N2", "N1"}
