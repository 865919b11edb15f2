from jiyi.domain import Edge, EdgeSource, Entity, EntityKind, RelationKind
from jiyi.graph.merge import plan_merge


def _belief(user, name, relation, confidence, at, source=EdgeSource.RULE):
    entity = Entity(
        entity_id=f"object_{abs(hash(name)) % 10**6}", kind=EntityKind.OBJECT, name=name
    )
    edge = Edge(
        user_id=user, src="user", relation=relation, dst=entity.entity_id, confidence=confidence,
        source=source, created_at=at, updated_at=at, valid_from=at,
    )  # fmt: skip
    return entity, edge


def test_same_belief_keeps_the_higher_confidence():
    source = [_belief("d", "Jazz", RelationKind.PREFERS, 0.9, 5)]
    weaker = [_belief("a", "jazz", RelationKind.PREFERS, 0.6, 9)]
    stronger = [_belief("a", "jazz", RelationKind.PREFERS, 0.95, 9)]
    assert [e.name for e, _ in plan_merge(source, weaker).adopt] == ["Jazz"]
    assert plan_merge(source, stronger).adopt == []


def test_new_beliefs_are_adopted():
    plan = plan_merge([_belief("d", "tea", RelationKind.PREFERS, 0.5, 1)], [])
    assert len(plan.adopt) == 1
    assert plan.contradictions == []


def test_opposites_are_reported_and_arbitrated():
    newer_like = [_belief("d", "cilantro", RelationKind.PREFERS, 0.6, 10)]
    older_hate = [_belief("a", "cilantro", RelationKind.DISLIKES, 0.9, 5)]
    plan = plan_merge(newer_like, older_hate)
    [c] = plan.contradictions
    assert (c.kept.relation, c.dropped.relation, c.reason) == (
        RelationKind.PREFERS, RelationKind.DISLIKES, "more recent",
    )  # fmt: skip
    assert len(plan.adopt) == 1


def test_a_human_set_belief_wins_over_recency():
    newer = [_belief("d", "math", RelationKind.LEARNING_OBSTACLE, 0.8, 10)]
    human = [_belief("a", "math", RelationKind.MASTERY, 1.0, 1, EdgeSource.HUMAN)]
    plan = plan_merge(newer, human)
    [c] = plan.contradictions
    assert c.kept.source is EdgeSource.HUMAN
    assert c.reason == "set by a person"
    assert plan.adopt == []
