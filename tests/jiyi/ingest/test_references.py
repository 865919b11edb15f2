"""Entity resolution as a pure step: session state in, rewritten events out (no store needed)."""

from __future__ import annotations

from jiyi.domain import Entity, EntityKind, EventAttr, EventType
from jiyi.extraction.engine import extract
from jiyi.ingest import TurnWork
from jiyi.ingest.references import (
    RecentEntities,
    SessionEntities,
    as_reference,
    resolve_entities,
)
from jiyi.ingest.similar_names import SimilarNames
from models.hashing import HashingEncoder


def _work(make_turn, content: str, session: str = "s1") -> TurnWork:  # type: ignore[no-untyped-def]
    turn = make_turn(content, session=session)
    return TurnWork(source="t", payload="", turn=turn, events=tuple(extract(turn)))


def _unknown(user_id: str, name: str) -> Entity | None:
    return None


def _objects(work: TurnWork) -> list[str]:
    return [e.attributes.get(EventAttr.OBJECT, "") for e in work.events]


def test_kind_nouns_and_demonstratives_are_references() -> None:
    assert as_reference("button").kind is EntityKind.UI_ELEMENT  # type: ignore[union-attr]
    assert as_reference("那个公式").kind is EntityKind.CONCEPT  # type: ignore[union-attr]
    assert as_reference("that formula").kind is EntityKind.CONCEPT  # type: ignore[union-attr]
    assert as_reference("calculus") is None


def test_a_reference_becomes_the_sessions_last_entity_in_zh_and_en(make_turn) -> None:
    state = SessionEntities()
    resolve_entities(_work(make_turn, "我不太理解链式法则"), state, _unknown)
    resolve_entities(_work(make_turn, "I keep mixing up sine and cosine", "s2"), state, _unknown)
    zh = resolve_entities(_work(make_turn, "我还是不太理解那个公式"), state, _unknown)
    en = resolve_entities(
        _work(make_turn, "I don't understand that formula", "s2"), state, _unknown
    )
    assert _objects(zh) == ["链式法则"]
    assert _objects(en) == ["sine and cosine"]


def test_a_reference_with_nothing_recent_is_left_alone(make_turn) -> None:
    work = resolve_entities(_work(make_turn, "I don't understand that formula"), SessionEntities(),
                            _unknown)  # fmt: skip
    assert _objects(work) == ["formula"]


def test_a_known_entity_is_noted_by_its_stored_id(make_turn) -> None:
    stored = Entity(entity_id="calc", kind=EntityKind.CONCEPT, name="calculus")
    state = SessionEntities()
    resolve_entities(_work(make_turn, "I keep mixing up calculus"), state,
                     lambda user, name: stored)  # fmt: skip
    assert state.recent("s1").most_recent(EntityKind.CONCEPT) == "calc"
    assert state.names["calc"] == "calculus"


def test_a_reference_in_a_new_session_is_the_last_one_talked_about(make_turn) -> None:
    """The next day's "那个公式" with nothing named yet is the thread the user left off on."""
    state = SessionEntities()
    resolve_entities(_work(make_turn, "我不太理解链式法则", "monday"), state, _unknown)
    resolve_entities(_work(make_turn, "I keep mixing up sine and cosine", "tuesday"), state,
                     _unknown)  # fmt: skip
    work = resolve_entities(_work(make_turn, "我还是不太理解那个公式", "wednesday"), state,
                            _unknown)  # fmt: skip
    assert _objects(work) == ["sine and cosine"]


def test_recent_entities_are_bounded() -> None:
    recent = RecentEntities(capacity=2)
    for name in ("a", "b", "c"):
        recent.note(EntityKind.OBJECT, name)
    assert recent.most_recent(EntityKind.OBJECT) == "c"
    assert recent.most_recent(EntityKind.CONCEPT) is None
    assert len(recent._items) == 2


def test_that_button_is_the_last_button_talked_about_and_never_another_kind(make_turn) -> None:
    state = SessionEntities()
    resolve_entities(_work(make_turn, "我很讨厌支付按钮"), state, _unknown)
    resolve_entities(_work(make_turn, "我不太理解链式法则"), state, _unknown)
    same_session = resolve_entities(_work(make_turn, "I hate that button"), state, _unknown)
    next_day = resolve_entities(_work(make_turn, "I hate that button", "s2"), state, _unknown)
    assert _objects(same_session) == _objects(next_day) == ["支付按钮"]
    assert same_session.events[0].attributes[EventAttr.OBJECT_KIND] == "ui_element"
    other_user = resolve_entities(_work(make_turn, "I hate that button"), SessionEntities(),
                                  _unknown)  # fmt: skip
    assert _objects(other_user) == ["button"]


def _resolve_all(make_turn, state: SessionEntities, said: list[tuple[str, str, str]]) -> TurnWork:  # type: ignore[no-untyped-def]
    work = None
    for session, role, content in said:
        turn = make_turn(content, session=session, role=role)
        work = TurnWork(source="t", payload="", turn=turn, events=tuple(extract(turn)))
        work = resolve_entities(work, state, _unknown)
    assert work is not None
    return work


def test_the_tutors_again_is_the_slip_missed_before_not_a_passing_mention(make_turn) -> None:
    """A new session picks up the old thread: the tutor merely writing "derivative" does not
    move it, and "again" is about the concept missed before."""
    state = SessionEntities()
    last = _resolve_all(make_turn, state, [
        ("s1", "user", "I don't understand the chain rule"),
        ("s1", "assistant", "Close, but you missed the inner function's derivative."),
        ("s2", "assistant", "Let's warm up: write the derivative of each link first."),
        ("s2", "assistant", "Close, but you dropped the inner factor again."),
    ])  # fmt: skip
    [slip] = last.events
    assert slip.attributes[EventAttr.OBJECT] == "chain rule"


def test_a_users_confusion_is_about_what_the_same_turn_names(make_turn) -> None:
    state = SessionEntities()
    last = _resolve_all(make_turn, state, [
        ("s1", "user", "I don't understand derivatives"),
        ("s1", "user", "ugh, the chain rule again. I keep messing this part up"),
    ])  # fmt: skip
    assert _objects(last) == ["chain rule"]


def test_i_keep_doing_that_is_about_what_the_tutor_just_judged(make_turn) -> None:
    state = SessionEntities()
    last = _resolve_all(make_turn, state, [
        ("s1", "user", "I don't understand projectile motion"),
        ("s1", "assistant", "Close, but you forgot to split the velocity."),
        ("s2", "user", "free body diagrams are fine now"),
        ("s2", "assistant", "Close, but you forgot to split the velocity again."),
        ("s2", "user", "ugh, I keep messing this up"),
    ])  # fmt: skip
    assert _objects(last) == ["projectile motion"]


def test_an_abbreviation_lands_on_the_name_it_abbreviates(make_turn) -> None:
    state = SessionEntities()
    last = _resolve_all(make_turn, state, [
        ("s1", "user", "I don't understand free body diagrams"),
        ("s2", "user", "I finally understand FBDs"),
    ])  # fmt: skip
    assert _objects(last) == ["free body diagrams"]


def test_a_new_phrasing_of_an_earlier_name_is_rewritten_to_it(make_turn) -> None:
    similar = SimilarNames(HashingEncoder(1024), {"latin": 0.6})
    state = SessionEntities()
    for session, content in [("s1", "I don't understand ladder word problems"),
                             ("s2", "I finally understand the ladder word problem")]:  # fmt: skip
        last = resolve_entities(_work(make_turn, content, session), state, _unknown, similar)
    assert _objects(last) == ["ladder word problems"]


def test_an_object_that_only_points_is_the_sessions_concept(make_turn) -> None:
    state = SessionEntities()
    last = _resolve_all(make_turn, state, [
        ("s1", "user", "我不太理解链式法则"),
        ("s1", "user", "我就是这里一直搞混"),  # read as the "object" 就是
    ])  # fmt: skip
    brain = _resolve_all(make_turn, state, [("s1", "user", "脑子转不过来")])
    assert _objects(last) == _objects(brain) == ["链式法则"]  # never the user's brain


def test_a_one_letter_name_is_never_the_sessions_concept(make_turn) -> None:
    """ "F is impossible" names a chord the graph cannot name: not the concept just learned."""
    state = SessionEntities()
    last = _resolve_all(make_turn, state, [
        ("s1", "user", "I don't get the chain rule"),
        ("s1", "user", "F is impossible"),
    ])  # fmt: skip
    assert _objects(last) == ["F"]


def test_a_clause_object_gives_way_to_the_concept_the_turn_names(make_turn) -> None:
    state = SessionEntities()
    clause = _resolve_all(make_turn, state, [
        ("s1", "user", "我最头疼排列组合，什么时候乘什么时候加完全分不清"),
    ])  # fmt: skip
    tail = _resolve_all(
        make_turn, state, [("s1", "user", "还是有点绕。。。 斜率那个边际替代率也不懂")]
    )
    assert _objects(clause) == ["排列组合"]
    assert _objects(tail) == ["边际替代率"]  # the name after "那个"
    assert state.recent("s1").most_recent(EntityKind.CONCEPT) is not None


def test_a_confusion_said_beside_what_is_fine_is_not_about_that(make_turn) -> None:
    """ "X is fine, but it gets confusing" contrasts two things: the confusion is not about X."""
    state = SessionEntities()
    last = _resolve_all(make_turn, state, [
        ("s1", "user", "古代史都还行 一到近代就乱"),
    ])  # fmt: skip
    confused = [e for e in last.events if e.event_type is EventType.CONCEPT_CONFUSION]
    assert confused
    assert all(e.attributes.get(EventAttr.OBJECT) != "古代史" for e in confused)


def test_a_concept_the_user_calls_fine_is_not_what_a_later_slip_is_about(make_turn) -> None:
    state = SessionEntities()
    last = _resolve_all(make_turn, state, [
        ("s1", "user", "forks i'm fine with"),
        ("s2", "user", "ugh, I keep messing this up"),
    ])  # fmt: skip
    assert "forks" not in _objects(last)


def test_a_verdict_is_on_the_known_concept_the_tutors_last_question_asked_about(make_turn) -> None:
    """The user named the Krebs cycle as a struggle in an earlier session; the tutor asks about
    it by another name, and the verdict on the answer is about it, not about nothing."""
    state = SessionEntities()
    last = _resolve_all(make_turn, state, [
        ("s1", "user", "三羧酸循环我背了800遍了还是记不住"),
        ("s2", "user", "我还是改报华中农大吧"),
        ("s2", "assistant", "那我们继续：柠檬酸循环现在能默写全程了吗？"),
        ("s2", "user", "柠檬酸 异柠檬酸 α-酮戊二酸 琥珀酰CoA 琥珀酸 延胡索酸 苹果酸 草酰乙酸！！"),
        ("s2", "assistant", "完全正确，一步都没错 🎉"),
    ])  # fmt: skip
    [right] = last.events
    assert right.event_type is EventType.CONCEPT_MASTERY
    assert right.attributes[EventAttr.OBJECT] == "三羧酸循环"


def test_i_get_it_now_after_the_tutor_fixed_a_miss_in_the_session_moves_no_belief(
    make_turn,
) -> None:
    """The explanation worked: that says no more about mastery than a right answer straight
    after a hint. The next day, the same words are the user's claim."""
    state = SessionEntities()
    said = [
        ("s1", "user", "I don't understand indifference curves"),
        ("s1", "assistant", "Try this one: why can indifference curves never cross?"),
        ("s1", "user", "because they are parallel?"),
        ("s1", "assistant", "Close, but not quite: a crossing point would be liked two ways."),
    ]
    _resolve_all(make_turn, state, said)
    [same_session] = _resolve_all(
        make_turn, state, [("s1", "user", "ahh that makes sense now")]
    ).events
    assert same_session.event_type is EventType.CONCEPT_MASTERY
    assert EventAttr.OBJECT not in same_session.attributes
    [next_day] = _resolve_all(make_turn, state, [("s2", "user", "ahh that makes sense now")]).events
    assert next_day.attributes.get(EventAttr.OBJECT) == "indifference curves"


def test_i_get_it_now_after_saying_one_was_stuck_in_the_session_moves_no_belief(
    make_turn,
) -> None:
    """ "卡在F和弦" … "看视频一下就明白了": the video worked, the chord is not learned."""
    state = SessionEntities()
    said = [
        ("s1", "user", "三个月了 卡在F和弦 按不响"),
        ("s1", "assistant", "F和弦是入门最大的一道坎。试试把食指稍微侧过来压弦。"),
    ]
    _resolve_all(make_turn, state, said)
    [*_, understood] = _resolve_all(
        make_turn, state, [("s1", "user", "找到一个 看视频一下就明白了")]
    ).events
    assert understood.event_type is EventType.CONCEPT_MASTERY
    assert EventAttr.OBJECT not in understood.attributes
