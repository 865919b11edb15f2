from dataclasses import replace

from jiyi.domain import (
    EdgeSource,
    Entity,
    EntityKind,
    Event,
    EventType,
    ExtractionSource,
    RelationKind,
    Role,
    text_hash,
)
from jiyi.episodic.retrieval import Hit, ScoreParts
from jiyi.graph.queries import Belief
from jiyi.prompt_context import assemble
from jiyi.working import WorkingTurn

T0 = 1_793_520_000_000


def _hit(summary, score):
    event = Event(
        event_id=f"e{abs(hash(summary)) % 10**8:08d}",
        user_id="u1",
        session_id="s1",
        turn_id="t1",
        ts=T0,
        event_type=EventType.CONCEPT_CONFUSION,
        summary=summary,
        raw_hash=text_hash(summary),
        confidence=0.8,
        source=ExtractionSource.RULE,
    )
    parts = ScoreParts(0.5, 2.0, 1, 1, 0.9, 0.8, 1.0, 0.99, 1.0, 1.0, score)
    return Hit(event=event, score=score, parts=parts)


def _belief(name, relation=RelationKind.PREFERS, confidence=0.9):
    entity = Entity(
        entity_id=f"object_{abs(hash(name)) % 10**6}", kind=EntityKind.OBJECT, name=name
    )
    return Belief(relation, entity, confidence, confidence, EdgeSource.RULE, ["e1"], T0, "x")


def _turn(content, ts, role=Role.USER):
    return WorkingTurn("s1", role, content, ts)


def test_sections_render_in_reading_order_with_provenance():
    context = assemble(
        "u1",
        "chain rule",
        [_turn("first", T0), _turn("second", T0 + 1, Role.ASSISTANT)],
        [_hit("总把链式法则搞混", 0.9)],
        [_belief("animations"), _belief("chain rule", RelationKind.LEARNING_OBSTACLE, 0.6)],
    )
    text = context.text
    assert text.index("What I believe") < text.index("Relevant memories") < text.index("Recent")
    assert text.endswith("user: first\nassistant: second")
    assert context.beliefs[0].object == "chain rule"  # the belief the query touches comes first
    assert context.beliefs[0].matches_query
    assert context.events[0].why["lexical"] == 2.0
    assert context.events[0].why["neighbours"] == context.events[0].why["asked"] == 0.0
    assert context.left_out == 0


def test_budget_drops_the_least_valuable_items_first():
    turns = [_turn("x" * 80, T0 + i) for i in range(5)]
    hits = [_hit(f"event number {i}", 1 - i / 10) for i in range(5)]
    context = assemble("u1", "event", turns, hits, [_belief("tea")], budget_chars=300)
    assert len(context.text) <= 300
    assert context.events  # events outrank recent turns
    assert context.left_out > 0
    assert len(context.turns) < 5


def test_an_empty_memory_renders_nothing():
    context = assemble("u1", "anything", [], [], [])
    assert context.text == ""
    assert context.left_out == 0


def test_a_stored_time_no_date_can_hold_costs_one_item_not_the_recall(caplog):
    """A year-10000 event that got in before validation did must not take the user offline."""
    from dataclasses import replace

    from jiyi.health import skipped_values

    poisoned = _hit("bad clock", 0.95)
    poisoned = replace(
        poisoned, event=poisoned.event.model_copy(update={"ts": 253_402_300_800_000})
    )
    stale = _belief("tea")
    stale = Belief(stale.relation, stale.entity, 0.9, 0.9, EdgeSource.RULE, [], 10**17, "y")
    before = skipped_values()
    context = assemble("u1", "chain rule", [], [poisoned, _hit("链式法则", 0.5)], [stale])
    assert [e.summary for e in context.events] == ["链式法则"]
    assert context.beliefs == []
    after = skipped_values()
    assert after["event_ts"] == before.get("event_ts", 0) + 1
    assert after["belief_ts"] == before.get("belief_ts", 0) + 1
    assert "skipped a stored value" in caplog.text


def test_an_events_cjk_turn_and_passage_channel_scores_are_part_of_why_when_it_has_them():
    english, chinese = _hit("mixing up affect and effect", 0.9), _hit("总把链式法则搞混", 0.8)
    scored = replace(chinese.parts, cjk_vector=0.61234, turn_vector=0.4, passage_vector=0.55)
    chinese = Hit(chinese.event, 0.8, scored)
    context = assemble("u1", "链式法则", [], [english, chinese], [])
    why = {e.summary: e.why for e in context.events}
    assert "cjk_vector" not in why["mixing up affect and effect"]
    assert why["总把链式法则搞混"]["cjk_vector"] == 0.612
    assert why["总把链式法则搞混"]["turn_vector"] == 0.4
    assert why["总把链式法则搞混"]["passage_vector"] == 0.55
    assert "turn_vector" not in why["mixing up affect and effect"]
    assert "passage_vector" not in why["mixing up affect and effect"]
