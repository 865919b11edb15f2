"""The engine: deterministic ids, limits, the hash instead of the text, the residue hand-off,
bad input, and (hypothesis) that no text whatsoever crashes it or yields an invalid event."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jiyi.domain import (
    LOW_VALUE_EVENT_TYPES,
    WHOLE_TURN_RULE,
    Event,
    EventAttr,
    EventType,
    ExtractionSource,
    RelationKind,
    Role,
    Turn,
    event_id_for,
    recall_only,
    text_hash,
)
from jiyi.domain.events import MAX_KEYWORDS, SUMMARY_MAX_CHARS
from jiyi.extraction.engine import (
    MAX_EVENTS_PER_TURN,
    build_event,
    extract,
    extract_all,
    extract_with_rules,
    keywords_for,
    news_in,
    normalise,
    summarise,
    with_apostrophes,
)
from jiyi.extraction.validation import ExtractionInputError, RejectReason


def turn(content: str, role: Role = Role.USER, ts: int = 1_700_000_000_000) -> Turn:
    return Turn(user_id="u-1", session_id="s-1", role=role, content=content, client_ts=ts)


class RecordingResidue:
    """A residue stage that records what it was asked (to test the hand-off, not a classifier)."""

    def __init__(self) -> None:
        self.seen: list[Turn] = []
        self.calls = 0

    def extract_all(self, turns: Sequence[Turn]) -> list[Event]:
        self.seen += turns
        self.calls += 1
        return [
            build_event(
                t,
                EventType.SMALL_TALK,
                source=ExtractionSource.CLASSIFIER,
                confidence=0.3,
                summary=summarise(t.content),
                keywords=keywords_for(t.content),
            )
            for t in turns
        ]


def test_same_turn_same_events_same_ids():
    text = "Hi! I'm Alice, I'm 17 and I keep mixing up velocity and acceleration."
    first, second = extract(turn(text)), extract(turn(text))
    assert [e.model_dump() for e in first] == [e.model_dump() for e in second]
    assert len({e.event_id for e in first}) == len(first)


def test_event_ids_follow_user_turn_type_and_object():
    t = turn("I love hiking and swimming.")
    events = extract(t)
    assert {e.event_id for e in events} == {
        event_id_for("u-1", t.turn_id, EventType.PREFERENCE, "hiking"),
        event_id_for("u-1", t.turn_id, EventType.PREFERENCE, "swimming"),
    }


def test_events_carry_the_turn_identity_and_time():
    t = turn("我今年18岁。", ts=1_234)
    (event,) = extract(t)
    assert (event.user_id, event.session_id, event.turn_id, event.ts) == (
        "u-1",
        "s-1",
        t.turn_id,
        1_234,
    )
    assert event.source is ExtractionSource.RULE
    assert event.rule == "age_zh_declared"
    assert event.attributes[EventAttr.LANG] == "zh"


def test_raw_text_is_hashed_not_kept():
    secret = (
        "My name is Alice Chen and I keep mixing up velocity and acceleration whenever the "
        "teacher draws graphs on the board in a hurry, which happens every single Tuesday."
    )
    events = extract(turn(secret))
    assert events
    for event in events:
        assert event.raw_hash == text_hash(secret)
        assert secret not in event.model_dump_json()
        assert len(event.summary) <= SUMMARY_MAX_CHARS
        assert len(event.keywords) <= MAX_KEYWORDS


def test_long_sentence_summary_starts_where_the_rule_matched():
    text = (
        "After a very long day at school with three tests and a club meeting I realised "
        "I keep mixing up velocity and acceleration"
    )
    (event,) = [e for e in extract(turn(text)) if e.event_type is EventType.CONCEPT_CONFUSION]
    assert event.summary == "I keep mixing up velocity and acceleration"


def test_a_whole_text_rule_matching_from_a_blank_line_still_summarises_its_text():
    text = (
        "Sure! Let me explain special relativity in two steps:\n\n"
        "Step 1: the laws of physics are the same in every inertial frame.\n\n"
        "Step 2: light has the same speed for every observer."
    )
    (plan,) = [
        e for e in extract(turn(text, Role.ASSISTANT)) if e.event_type is EventType.PLAN_GENERATED
    ]
    assert plan.summary.startswith("Step 1: the laws of physics")
    assert plan.keywords


def test_over_long_summary_is_cut_with_an_ellipsis():
    text = "I keep mixing up velocity and acceleration and momentum and force and energy and work"
    (event,) = [e for e in extract(turn(text)) if e.event_type is EventType.CONCEPT_CONFUSION]
    assert event.summary.startswith("I keep mixing up")
    assert event.summary.endswith("…")
    assert len(event.summary) == SUMMARY_MAX_CHARS


def test_keywords_start_with_the_object():
    (event,) = extract(turn("我不太理解微积分的链式法则"))
    assert event.keywords[:2] == ["微积分", "链式法则"]


def test_one_event_per_type_and_object_and_at_most_the_cap():
    text = " ".join(f"I love topic{i}." for i in range(20))
    events = extract(turn(text))
    assert len(events) == MAX_EVENTS_PER_TURN
    assert len({(e.event_type, e.attributes.get(EventAttr.OBJECT)) for e in events}) == len(events)


def test_a_bare_event_yields_to_a_named_one_of_the_same_type():
    events = extract(turn("我不懂三角函数"))
    confusion = [e for e in events if e.event_type is EventType.CONCEPT_CONFUSION]
    assert [e.attributes.get(EventAttr.OBJECT) for e in confusion] == ["三角函数"]


def test_system_turns_yield_nothing_and_assistant_turns_only_plans():
    assert extract(turn("I love hiking.", Role.SYSTEM)) == []
    plan = "Here's your study plan for calculus:\n1. Limits\n2. Derivatives"
    assert [e.event_type for e in extract(turn(plan, Role.ASSISTANT))] == [EventType.PLAN_GENERATED]
    assert extract(turn("I love hiking.", Role.ASSISTANT)) == []


def test_an_event_from_an_assistant_turn_names_its_speaker():
    plan = "Here's your study plan for calculus:\n1. Limits\n2. Derivatives"
    (event,) = extract(turn(plan, Role.ASSISTANT))
    assert event.attributes[EventAttr.SPEAKER] == "assistant"
    (own,) = extract(turn("I love hiking."))
    assert EventAttr.SPEAKER not in own.attributes


def test_residue_gets_only_uncovered_user_turns():
    residue = RecordingResidue()
    covered = turn("I love hiking.")
    uncovered = turn("Purple elephants dance quietly.")
    assistant = turn("Purple elephants dance quietly.", Role.ASSISTANT)
    assert extract(covered, residue)[0].source is ExtractionSource.RULE
    assert extract(uncovered, residue)[0].source is ExtractionSource.CLASSIFIER
    (kept,) = extract(assistant, residue)
    assert kept.rule == WHOLE_TURN_RULE
    assert extract(turn("Purple elephants dance quietly.", Role.SYSTEM), residue) == []
    assert residue.seen == [uncovered]


def test_a_batch_gives_each_turn_what_it_gives_alone_with_the_residue_asked_once():
    said = [
        turn("I love hiking.", ts=1),
        turn("Purple elephants dance quietly.", ts=2),
        turn("Purple elephants dance quietly.", Role.ASSISTANT, ts=3),
        turn("Green owls hum at dawn.", ts=4),
        turn("早上好！我上周去杭州出差，顺便看了西湖的断桥。", ts=5),  # a greeting, and news
        turn("周末在图书馆待了一下午", ts=6),
        turn("Purple elephants dance quietly.", Role.SYSTEM, ts=7),
    ]
    alone = [extract(t, RecordingResidue()) for t in said]
    residue = RecordingResidue()
    assert extract_all(said, residue) == alone
    assert residue.calls == 1
    assert residue.seen == [said[1], said[3], said[5]]
    assert extract_all([], residue) == []
    assert residue.calls == 1


def test_a_batch_with_one_turn_extraction_cannot_trust_yields_nothing():
    residue = RecordingResidue()
    with pytest.raises(ExtractionInputError):
        extract_all([turn("Purple elephants dance quietly."), turn("ok\x00")], residue)
    assert residue.seen == []


def test_an_assistant_turn_no_rule_covers_is_kept_whole_for_recall_alone():
    reply = "For the Thai green curry, simmer coconut milk with lemongrass and galangal first."
    (event,) = extract(turn(reply, Role.ASSISTANT), RecordingResidue())
    assert event.event_type is EventType.ASSISTANT_REPLY  # a kind of its own
    assert recall_only(event)
    assert event.attributes[EventAttr.SPEAKER] == "assistant"
    assert event.summary == summarise(reply)
    assert event.keywords == ["lemongrass", "galangal", "coconut"]
    assert event.raw_hash == text_hash(reply)
    # no residue stage (extraction.residue = none): nothing of it is kept, as before
    assert extract(turn(reply, Role.ASSISTANT)) == []


@pytest.mark.parametrize(
    ("text", "news"),
    [
        ("Hey Gina! Lost my job as a banker yesterday, so I'm gonna take a shot at it.", True),
        ("早上好！上周公司裁员，我被调到了杭州分部做数据分析。", True),
        ("Hi there, how are you doing today?", False),
        ("Bye! Talk to you later!", False),
        ("你好呀！好久不见！", False),
    ],
)
def test_a_turn_read_as_small_talk_with_news_in_it_is_also_kept_from_its_news(text, news):
    residue = RecordingResidue()  # types what no rule covers as small talk
    events = extract(turn(text), residue)
    assert all(e.event_type in LOW_VALUE_EVENT_TYPES for e in events[:1])
    kept = [e for e in events if e.rule == WHOLE_TURN_RULE]
    assert len(kept) == news
    assert (news_in(turn(text)) is not None) == news
    if news:  # typed as the fact it states: it stays when small talk is archived
        assert kept[0].event_type is EventType.PERSONAL_FACT
        assert not kept[0].summary.startswith(("Hey", "早上好"))  # the news, not the greeting
        assert recall_only(kept[0])
        assert EventAttr.SPEAKER not in kept[0].attributes


def test_a_turn_with_news_a_rule_read_needs_no_whole_turn_event():
    events = extract(turn("早上好！我上周去杭州出差，顺便看了西湖的断桥。"), RecordingResidue())
    assert EventType.PERSONAL_FACT in {e.event_type for e in events}
    assert all(e.rule != WHOLE_TURN_RULE for e in events)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("hello\x00world", RejectReason.CONTROL_CHARACTERS),
        ("\x89PNG\r\n\x1a\n\x00\x00", RejectReason.CONTROL_CHARACTERS),
        ("broken \ufffd text", RejectReason.REPLACEMENT_CHARACTERS),
        ("ä½\xa0å¥½ I love this", RejectReason.MOJIBAKE),
    ],
)
def test_bad_content_is_rejected_with_a_reason_and_no_event(content, reason):
    """(Lone surrogates never get this far: the `Turn` boundary refuses them.)"""
    residue = RecordingResidue()
    with pytest.raises(ExtractionInputError) as caught:
        extract(turn(content), residue)
    assert caught.value.reason is reason
    assert caught.value.field == "content"
    assert str(caught.value).startswith("content: ")
    assert residue.seen == []


def test_oversized_content_is_rejected_by_the_configured_limit():
    text = "I love hiking. " * 40
    assert extract(turn(text), max_content_bytes=10_000)
    with pytest.raises(ExtractionInputError) as caught:
        extract(turn(text), max_content_bytes=300)
    assert caught.value.reason is RejectReason.OVERSIZED


def test_normalise_turns_full_width_punctuation_and_curly_quotes_ascii():
    assert normalise("你好！我叫　小明？ I’m “ok”") == '你好!我叫 小明? I\'m "ok"'


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(min_size=1, max_size=400), st.sampled_from(list(Role)))
def test_arbitrary_text_never_crashes_and_never_yields_an_invalid_event(text, role):
    if not text.strip():
        return
    try:
        t = turn(text, role)
    except ValueError:
        return  # the Turn boundary refused it: nothing reaches extraction
    try:
        events = extract_with_rules(t) if role is Role.SYSTEM else extract(t)
    except ExtractionInputError as exc:
        reason = exc.reason
        events = []
    else:
        reason = None
    assert reason is None or reason in set(RejectReason)
    for event in events:
        again = Event.model_validate(event.model_dump())
        assert again == event
        assert len(event.summary) <= SUMMARY_MAX_CHARS
        assert event.raw_hash == text_hash(text)
        assert event.event_type in set(EventType)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "我喜欢",
                "I love ",
                "我总把",
                "搞混",
                "I'm ",
                "17",
                "岁",
                "?",
                "。",
                ",",
                "and ",
                "my sister",
                "帮我",
                "不懂",
                "\n",
                "Here's your plan",
                "😀",
                "  ",
            ]
        ),
        min_size=1,
        max_size=30,
    ).map("".join)
)
def test_rule_fragment_soup_never_crashes(text):
    if not text.strip():
        return
    for role in (Role.USER, Role.ASSISTANT):
        for event in extract(turn(text, role)):
            assert Event.model_validate(event.model_dump()) == event


def _objects(text: str, event_type: EventType) -> list[str | None]:
    turn = Turn(user_id="u", session_id="s", role=Role.USER, content=text, client_ts=1)
    return [e.attributes.get(EventAttr.OBJECT) for e in extract_with_rules(turn)
            if e.event_type is event_type]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "event_type", "named"),
    [
        ("我今年12月考研 目标是今年12月考研", EventType.GOAL, "考研"),  # the date is not the goal
        ("物理电磁感应我还是不懂", EventType.CONCEPT_CONFUSION, "电磁感应"),  # nor the subject
        ("有机化学那块我总是搞混", EventType.CONCEPT_CONFUSION, "有机化学"),  # nor "that part"
        ("I want to pass my physics exam by the end of the year", EventType.GOAL, "physics exam"),
        ("I learn best with pictures", EventType.LEARNING_STYLE, "visual diagrams"),
    ],
)
def test_objects_are_named_by_what_they_name(text, event_type, named):
    assert named in _objects(text, event_type)


def test_a_way_of_learning_is_never_an_obstacles_object():
    assert _objects("例题我还是不懂", EventType.CONCEPT_CONFUSION) in ([], [None])


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("我现在懂了加速度和速度的区别了。", "加速度和速度"),  # the pair compared, not "区别"
        ("我不太懂化学平衡", "化学平衡"),  # a known name is whole, not "平衡"
        ("我不太理解微积分的链式法则", "链式法则"),  # the head of X的Y
        ("I live in NYC", "New York City"),  # a place by its gazetteer name
    ],
)
def test_objects_are_named_by_what_the_phrase_names(text, named):
    objects = [e.attributes.get(EventAttr.OBJECT) for e in extract_with_rules(turn(text))]
    assert named in objects


@pytest.mark.parametrize(
    ("text", "current"),
    [
        ("我家在成都 现在在杭州读书", "杭州"),
        ("I'm living in Bristol now, I live in Leeds originally", "Bristol"),
    ],
)
def test_of_two_homes_in_a_sentence_the_one_said_as_current_is_written_last(text, current):
    homes = [
        e.attributes[EventAttr.OBJECT]
        for e in extract_with_rules(turn(text))
        if e.attributes.get(EventAttr.RELATION) == RelationKind.LIVES_IN.value
    ]
    assert len(homes) == 2, homes
    assert homes[-1] == current, homes


def _claims(text: str) -> set[tuple[str, str]]:
    """(relation or event type, object) of every named claim a user turn makes."""
    return {
        (e.attributes.get(EventAttr.RELATION, e.event_type.value), e.attributes[EventAttr.OBJECT])
        for e in extract_with_rules(turn(text))
        if EventAttr.OBJECT in e.attributes
    }


@pytest.mark.parametrize(
    ("text", "named", "not_named"),
    [
        # a Chinese capture stops at a clause break (a space between Han characters)
        ("不懂。。。能画画吗 字我看不懂", ("concept_confusion", "字"), "能画画吗 字"),
        ("这个能再讲一遍吗 函数我不懂", ("concept_confusion", "函数"), "能再讲一遍吗 函数"),
        ("我喜欢数学 讨厌英语", ("interested_in", "数学"), "讨厌英语"),
        # the result of learning is not what is learned; a wish is a goal, not a mastery
        ("我想学好英语", ("goal", "英语"), "好英语"),
        ("我想学会游泳", ("goal", "游泳"), "会游泳"),
        ("我其实挺想学学游泳的", ("interested_in", "游泳"), "学游泳"),  # softened: an interest
        ("我一看到英语就头疼", ("dislike", "英语"), "到英语"),
        # chat fillers and vague heads are not part of a name
        ("I'm obsessed with k-pop rn", ("interested_in", "k-pop"), "k-pop rn"),
        ("i'm terrible at anything with fractions tbh", ("concept_confusion", "fractions"),
         "anything with fractions tbh"),
    ],
)  # fmt: skip
def test_objects_name_the_thing_not_the_clause_around_it(text, named, not_named):
    claims = _claims(text)
    assert named in claims, claims
    assert not_named not in {obj for _, obj in claims}


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("好的 链式法则我还是不懂", ("concept_confusion", "链式法则")),
        ("我喜欢数学", ("interested_in", "数学")),
        ("我想学会计", ("goal", "会计")),  # 学会 + 计: not the result 会
        ("我终于学会了游泳", ("concept_mastery", "游泳")),
        ("I'm into true crime podcasts", ("interested_in", "true crime podcasts")),
        ("I like yoga", ("interested_in", "yoga")),  # a pastime liked, no way of learning
    ],
)
def test_near_misses_still_name_their_object(text, named):
    assert named in _claims(text)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("我想学会游泳", "concept_mastery"),  # a wish: learnt nothing yet
        ("我希望搞懂了再说", "concept_mastery"),
        ("我想学完这本书", "interested_in"),  # a task, not a subject
        ("I like your explanation", "preference"),  # a word to the tutor
        ("我不太喜欢这样", "dislike"),  # a pointer names nothing
    ],
)
def test_a_wish_a_task_a_word_to_the_tutor_or_a_pointer_names_no_belief(text, kind):
    assert kind not in {k for k, _ in _claims(text)}, _claims(text)


@pytest.mark.parametrize(
    ("text", "event_type", "obj"),
    [
        (
            "my freind says i should learn python but i dont like coding",
            EventType.DISLIKE,
            "programming",
        ),
        ("i cant stand essays", EventType.DISLIKE, "essays"),
        ("i didnt understand recursion", EventType.CONCEPT_CONFUSION, "recursion"),
    ],
)
def test_a_negation_typed_without_its_apostrophe_reads_as_one(text, event_type, obj):
    turn = Turn(user_id="u", session_id="s", role=Role.USER, content=text, client_ts=1)
    found = {e.attributes.get(EventAttr.OBJECT) for e in extract_with_rules(turn)
             if e.event_type is event_type}  # fmt: skip
    assert obj in found


def test_words_that_end_like_a_bare_negation_are_left_alone():
    assert with_apostrophes("Cantonese is hard, i dont know") == "Cantonese is hard, i don't know"


def test_chinese_rules_read_a_latin_term_and_the_chinese_after_it_as_one_clause() -> None:
    """ "merge 你已经掌握了" is what "merge你已经掌握了" is; after a number the space still ends
    the clause ("我14 在读初三" is an age and a school year)."""
    from jiyi.domain import Role, Turn
    from jiyi.extraction.engine import extract_with_rules

    def objects(text: str, role: Role) -> set[str | None]:
        turn = Turn(user_id="u1", session_id="s1", role=role, content=text, client_ts=1)
        return {e.attributes.get("object") for e in extract_with_rules(turn)}

    assert "merge" in objects("merge 你已经掌握了。", Role.ASSISTANT)
    found = extract_with_rules(
        Turn(user_id="u1", session_id="s1", role=Role.USER, content="我14 在读初三", client_ts=1)
    )
    assert {e.event_type.value for e in found} >= {"age_declaration", "identity_declaration"}


@pytest.mark.parametrize(
    ("typed", "read"),
    [("tbh im bored", "tbh I'm bored"), ("Im so tired", "I'm so tired"),
     ("im 8 my mom said", "im 8 my mom said"), ("das ist im Haus", "das ist im Haus")],
)  # fmt: skip
def test_im_typed_without_its_apostrophe_is_read_as_i_am_before_a_word(typed, read):
    assert with_apostrophes(typed) == read
