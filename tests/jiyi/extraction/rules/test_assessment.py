"""The tutor's verdicts (`jiyi.extraction.rules.assessment`) and what a tutor's turn names for
the exchange (`concepts_posed`), zh and en."""

from __future__ import annotations

import pytest

from jiyi.domain import MISSED, MISSED_AGAIN, RIGHT, Event, EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_with_rules
from jiyi.extraction.rules.assessment import concepts_asked, concepts_named, concepts_posed


def tutor_events(text: str) -> list[Event]:
    turn = Turn(user_id="u1", session_id="s1", role=Role.ASSISTANT, content=text, client_ts=1)
    return extract_with_rules(turn)


def verdicts_in(text: str) -> list[str]:
    return [
        e.attributes[EventAttr.VERDICT]
        for e in tutor_events(text)
        if EventAttr.VERDICT in e.attributes
    ]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("That's right! 3cos(3x).", RIGHT),
        ("Exactly right.", RIGHT),
        ("对了！完全正确 🎉", RIGHT),
        ("Close, but the inside has a derivative too.", MISSED),
        ("Not quite: the 6th is raised in dorian.", MISSED),
        ("Nice try, the sign flips.", MISSED),
        ("差一点！FADH2 要按 1.5 算。", MISSED),
        ("不太对，再想想分母。", MISSED),
        ("Close, but you dropped the inner derivative again.", MISSED_AGAIN),
        ("Line 3 is D. You slipped back into treble again.", MISSED_AGAIN),
        ("Not the top one, same as last time.", MISSED_AGAIN),
        ("All three correct!", RIGHT),
        ("方向反了：资产增加记借方。", MISSED),
        ("又是方向反了～库存现金增加记借方。", MISSED_AGAIN),
        ("Right! Now the next one.", RIGHT),
        ("Almost, but it's the same step again: the inner box.", MISSED_AGAIN),
        ("和上次漏的是同一个判断步骤。", MISSED_AGAIN),
        ("你又漏了乘内层导数。", MISSED_AGAIN),
        # opened by an emoji, or a bare 对 that ends its sentence
        ("✅ 完全正确，外面那层子查询也没忘。", RIGHT),
        ("✅ 对。下一个：三相电，线电压多少？", RIGHT),
        ("👍 Correct — filter then map again.", RIGHT),
        ("❌ 不对，不是乘2。", MISSED),
        ("用得完全正确 👍", RIGHT),  # how it was done, judged
        ("写得很好！", RIGHT),
    ],
)
def test_each_verdict_is_read_as_what_it_says(text, verdict) -> None:
    assert verdicts_in(text) == [verdict]


@pytest.mark.parametrize(
    "text",
    [
        "Close to the end now, two more to go.",  # "close" not as a verdict on an attempt
        "A 5 is very doable once the chain rule is automatic.",  # a condition, not a judgement
        "Let's try another one.",
        "下面我们来看第二种情况。",
    ],
)
def test_turns_that_judge_no_attempt_give_no_verdict(text) -> None:
    turn = Turn(user_id="u1", session_id="s1", role=Role.ASSISTANT, content=text, client_ts=1)
    assert [e for e in extract_with_rules(turn) if e.attributes.get("speaker")] == []


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Hey! That's the chain rule: outside first, then the inside.", ["chain rule"]),
        ("This is called completing the square.", ["completing the square"]),
        ("It's called the midpoint method, and it goes like this", ["midpoint method"]),
        ("Try a related rates problem: a ladder slides down a wall", ["related rates"]),
        ("好，那就以出题为主。换一题：静脉补钾的原则有哪些？", ["静脉补钾"]),
        ("这叫链式法则，先外后内。", ["链式法则"]),
        ("这就是配平：左右原子数相等。", ["配平"]),
        ("再来一道配平题：Fe + O2 → Fe3O4", ["配平"]),
        ("题1：停电检修的正确顺序？\nA 验电→停电→挂接地线", ["停电检修"]),
        ("✅ 对。下一个：三相电，相电压 220V，线电压多少？", ["三相电"]),
        # said by name at a sentence's end: a proper name as typed, or a known concept
        ("That's exactly right — that's A major. Crammed is normal.", ["A major"]),
        ("Exactly — 13\". That's Pythagoras, done cleanly.", ["Pythagoras"]),
        ("Correct — that's the quadratic formula.", ["quadratic formula"]),
        # named with its English name in brackets, or in passing when the concept is known
        ("这可以写成一行，这叫列表推导式（list comprehension）。", ["列表推导式"]),
        ("用得完全正确 👍 那就是列表推导式，你已经能用在工作里了。", ["列表推导式"]),
        # the way to solve the exercise
        ("Try it: price goes from $10 to $12. Use the midpoint method.", ["midpoint method"]),
    ],
)
def test_the_concept_a_tutor_names_for_the_exchange(text, named) -> None:
    assert concepts_named(text) + concepts_posed(text) == named


@pytest.mark.parametrize(
    "text",
    [
        "That's right!",
        "That is a good question: why does it flip?",
        "That's the key step: multiply by the inside.",
        "Now try this one: d/dx sin(5x)",
        "Now an angled one: 10 m/s at 37°",
        "That's where people get stuck: the units.",
        "It's the step everyone gets stuck on: the carry.",
        "This is called being stuck: it happens to everyone.",
        "这是对的。",
        "That's exactly right — crammed is normal for that chord.",  # a verdict, however strong
        "That's spot on: keep going.",
        "That's great.",
        "That's OK.",
        "That's Monday then.",
        "题：220V 接一个 44Ω 的电热丝，电流多少？",  # a numbered exercise with no topic
        "That's right, that's Chinese for hello.",
        "That's a lovely sound.",  # not known, not a proper name
        "那就是问题所在，我们再看一遍。",  # named in passing, and not known
        "You can use the same method for the next one.",  # no sentence of its own
    ],
)
def test_praise_and_pointers_name_no_concept(text) -> None:
    assert concepts_named(text) + concepts_posed(text) == []


def test_a_concept_named_is_what_the_turn_judged_and_one_posed_is_the_next() -> None:
    text = "太棒了！那个就是现在完成时（present perfect）👏 考考你：「我们已经沟通过了」？"
    assert concepts_named(text) == ["现在完成时"]
    assert concepts_posed("That's right! Now try a related rates problem: …") == ["related rates"]


def judged(text: str) -> list[str]:
    turn = Turn(user_id="u1", session_id="s1", role=Role.ASSISTANT, content=text, client_ts=1)
    return [
        e.attributes.get(EventAttr.OBJECT, "")
        for e in extract_with_rules(turn)
        if e.rule and e.rule.endswith("_solid")
    ]


@pytest.mark.parametrize(
    ("text", "judged_learned"),
    [
        ("Your FBDs are looking solid.", ["FBDs"]),
        ("Correct, three in a row. ABGs look solid now.", ["ABGs"]),
        ("起笔藏锋已经很到位了，继续保持", ["起笔藏锋"]),
        ("配平你已经完全掌握了!", ["配平"]),
        ("A 5 is doable once the chain rule is automatic.", []),
        ("这一笔还不到位，再压一下。", []),
        ("配平你还没掌握。", []),
    ],
)
def test_the_tutors_judgement_that_a_concept_is_learned(text, judged_learned) -> None:
    assert judged(text) == judged_learned


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("ABGs look solid now. Hemodynamics: normal CVP and normal PCWP?", ["Hemodynamics"]),
        ("酸碱平衡：pH 7.30，PaCO2 60，这是哪种？", ["酸碱平衡"]),
        ("Quick check: what is 2+2?", []),
        ("Your turn: what is it?", []),
        ("Try it: price goes from $10 to $12?", []),
        ("计算题：500 ml 液体 4 小时输完，每分钟多少滴？", []),
        ("第二题：这个是什么？", []),
        ("All correct. Now bass clef: line 1 and space 2?", ["bass clef"]),  # a plain head
        ("Let's test dorian again: what's G dorian?", []),  # framing words, not a topic
        ("Okay, one more: 3 + 4?", []),
        ("先做个小测试：这个怎么读？", []),  # a Chinese head must be known
    ],
)
def test_a_question_headed_by_its_topic_poses_that_topic(text, named) -> None:
    assert concepts_posed(text) == named


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("那我们继续：柠檬酸循环现在能默写全程了吗？", ["三羧酸循环"]),
        ("Let's start with keys. Do you know the circle of fifths?", ["circle of fifths"]),
        ("完全正确 🎉 那再算一下：一圈循环一共产生多少 ATP？（按 NADH=2.5）", ["atp"]),
        ("The chain rule is key here. Ready?", []),  # the question mentions nothing known
        ("That's the chain rule.", []),  # no question
    ],
)
def test_the_known_concept_a_closing_question_mentions_is_asked_about(text, asked) -> None:
    assert concepts_asked(text) == asked


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        ("Nice, you've got the hang of ratios now.", "ratio and proportion"),
        ("you're picking up the shell sort fast!", "shell sort"),
        ("透视你上手很快，下次练光影。", "透视"),
        ("All correct, treble clef is in good shape.", "treble clef"),
        ("Exactly. Your bass clef reading has come a long way.", "bass clef"),
        ("Right again. You've got the independent t-test down.", "independent t-test"),
    ],
)
def test_the_tutor_judging_a_concept_learned_is_mastery(text: str, concept: str) -> None:
    [event] = [e for e in tutor_events(text) if e.event_type is EventType.CONCEPT_MASTERY]
    assert event.attributes[EventAttr.OBJECT] == concept


@pytest.mark.parametrize("text", ["Once you've got the hang of ratios, try this.", "你还没上手"])
def test_a_conditional_or_negated_judgement_is_not_mastery(text: str) -> None:
    assert not [e for e in tutor_events(text) if e.event_type is EventType.CONCEPT_MASTERY]


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        ("很正常。借贷方向是你现在最需要练的，之后每次先热身。", "借贷方向"),
        ("Signs are fine; stopping distances are your weak spot.", "stopping distances"),
    ],
)
def test_the_tutor_naming_the_weak_spot_is_an_obstacle(text: str, concept: str) -> None:
    [event] = [e for e in tutor_events(text) if e.event_type is EventType.CONCEPT_CONFUSION]
    assert event.attributes[EventAttr.OBJECT] == concept


@pytest.mark.parametrize(
    ("text", "objects"),
    [
        ("Ports are clearly a strength.", {"Ports"}),
        ("Your chord changes are a real strength now.", {"chord changes"}),
        ("很棒，这个参数很多人都不知道。merge 你已经掌握了。", {"merge"}),
        ("全对，唐朝你确实熟。", {"唐朝"}),
        ("你折旧那章确实稳。", {"折旧"}),
        ("太棒了！蛋白打发和倒扣这两步您都掌握了。", {"蛋白打发", "倒扣"}),
    ],
)
def test_the_tutor_judges_a_named_topic_learned(text, objects) -> None:
    named = {
        e.attributes.get(EventAttr.OBJECT)
        for e in tutor_events(text)
        if e.event_type is EventType.CONCEPT_MASTERY
    }
    assert objects <= named, named


@pytest.mark.parametrize(
    ("text", "objects"),
    [
        ("全对，配平你掌握得很扎实。", {"配平"}),
        ("没错，导数您已经很清楚了。", {"导数"}),
        ("完全对！音标你已经搞定了。", {"音标"}),
        ("好，透视你已经很熟了，那我们练光影。", {"透视"}),
        ("Spot on. You have the passive voice down.", {"passive voice"}),
        ("Congratulations on a clean A major — that's the first real milestone.", {"A major"}),
        ("That was a textbook bowline!", {"bowline"}),
    ],
)
def test_more_ways_a_tutor_judges_a_named_topic_learned(text, objects) -> None:
    named = {
        e.attributes.get(EventAttr.OBJECT)
        for e in tutor_events(text)
        if e.event_type is EventType.CONCEPT_MASTERY
    }
    assert objects <= named


@pytest.mark.parametrize(
    "text",
    [
        "You've got this! Good luck tomorrow.",
        "you have time to review it down the line",
        "你清楚了吗？",
        "Good. That's a solid start.",  # praise of an attempt that names nothing
        "A clean kitchen helps, honestly.",
        "Your proper nouns need capitals.",
    ],
)
def test_encouragement_and_time_are_no_judgement(text) -> None:
    assert not [e for e in tutor_events(text) if e.event_type is EventType.CONCEPT_MASTERY]


def test_you_have_got_that_one_judges_the_attempt_named_in_the_turn() -> None:
    text = "Correct, a textbook clove hitch. You've got that one."
    assert [e.rule for e in tutor_events(text) if e.event_type is EventType.CONCEPT_MASTERY] == [
        "assessment_en_solid"
    ]
    assert concepts_named(text) == ["clove hitch"]
    assert concepts_named("That's a clean trial balance, you've got it.") == ["trial balance"]
    assert concepts_named("That's a good question.") == []


def test_the_part_still_to_work_on_is_the_tutors_weak_spot() -> None:
    [event] = [
        e
        for e in tutor_events("Good progress. Sight-reading is still the part to drill.")
        if e.event_type is EventType.CONCEPT_CONFUSION
    ]
    assert event.attributes[EventAttr.OBJECT] in {"sight-reading", "sight reading"}


@pytest.mark.parametrize(
    ("text", "obstacle"),
    [
        (
            "You've got the loop down; the only thing that keeps tripping you up is where range "
            "stops.",
            "where range stops",
        ),
        (
            "The part you keep getting wrong is the sign of the inner derivative.",
            "sign of the inner derivative",
        ),
    ],
)
def test_the_tutor_naming_what_keeps_going_wrong_is_an_obstacle(text, obstacle) -> None:
    named = [
        e.attributes.get(EventAttr.OBJECT)
        for e in tutor_events(text)
        if e.event_type is EventType.CONCEPT_CONFUSION
    ]
    assert named == [obstacle]
