"""Every rule in the table: its documented examples fire it, and hand-written zh/en cases
(positive with the extracted fields, negative for the traps each rule must avoid)."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

from jiyi.domain import EntityKind, EventAttr, EventType, Role, Turn
from jiyi.extraction import rules as rules_package
from jiyi.extraction.engine import extract_with_rules, normalise
from jiyi.extraction.rules import RULES, RULES_BY_NAME, normalise_age, normalise_name, rules_for
from jiyi.text import split_sentences

OBJ, VAL, POL, KIND = EventAttr.OBJECT, EventAttr.VALUE, EventAttr.POLARITY, EventAttr.OBJECT_KIND
E = EventType


def events_of(text: str, role: Role = Role.USER):
    turn = Turn(user_id="u1", session_id="s1", role=role, content=text, client_ts=1)
    return extract_with_rules(turn)


def types_of(text: str, role: Role = Role.USER) -> set[EventType]:
    return {e.event_type for e in events_of(text, role)}


def one(text: str, event_type: EventType, role: Role = Role.USER):
    found = [e for e in events_of(text, role) if e.event_type is event_type]
    assert found, f"{event_type} not extracted from {text!r}: {types_of(text, role)}"
    return found


# --- the table itself -------------------------------------------------------------------------


def test_rule_names_are_unique_and_follow_the_convention():
    assert len(RULES_BY_NAME) == len(RULES)
    for rule in RULES:
        assert re.fullmatch(r"[a-z]+_(zh|en)_[a-z_]+", rule.name), rule.name
        assert rule.lang == rule.name.split("_")[1]
        assert 0.0 < rule.confidence <= 1.0
        assert rule.description
        assert rule.examples


def test_the_table_holds_each_family_modules_rules_exactly_once():
    modules = (
        importlib.import_module(f"{rules_package.__name__}.{info.name}")
        for info in pkgutil.iter_modules(rules_package.__path__)
    )
    family_rules = [r.name for m in modules for r in getattr(m, "RULES", ())]
    assert sorted(family_rules) == sorted(r.name for r in RULES)


def test_every_event_type_has_a_rule_in_both_languages():
    for event_type in set(EventType) - {EventType.ASSISTANT_REPLY}:  # what no rule read, kept
        langs = {r.lang for r in RULES if r.event_type is event_type}
        assert langs == {"zh", "en"}, f"{event_type}: {langs}"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_every_documented_example_fires_its_rule(rule):
    for example in rule.examples:
        text = normalise(example)
        units = [text] if rule.whole_text else split_sentences(text)
        assert any(list(rule.matches(unit)) for unit in units), f"{rule.name}: {example!r}"


def test_assistant_turns_yield_only_plans_and_the_tutors_verdicts():
    user_rules = {r.event_type for r in rules_for(Role.USER)}
    assistant_rules = {r.event_type for r in rules_for(Role.ASSISTANT)}
    assert E.PLAN_GENERATED not in user_rules
    assert assistant_rules == {E.PLAN_GENERATED, E.CONCEPT_MASTERY, E.CONCEPT_CONFUSION}
    verdicts = [r for r in rules_for(Role.ASSISTANT) if r.event_type is not E.PLAN_GENERATED]
    assert {r.name.split("_")[0] for r in verdicts} == {"assessment"}
    assert rules_for(Role.SYSTEM) == ()


# --- positive cases with extracted fields -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("I'm 17 and I'm studying.", "17"),
        ("I just turned 30.", "30"),
        ("my age is 45", "45"),
        ("I am 9 years old.", "9"),
        ("我今年18岁。", "18"),
        ("我十七岁了", "17"),
        ("我今年二十五岁", "25"),
        ("我都一百零二岁了", "102"),
    ],
)
def test_age_declarations(text, age):
    assert one(text, E.AGE_DECLARATION)[0].attributes[VAL] == age


@pytest.mark.parametrize(
    "text",
    [
        "I'm 5 minutes away.",
        "I'm 200 years old",
        "Room 17 is mine.",
        "我家孩子3岁了",
        "我叫了3岁的孩子",
    ],
)
def test_not_age_declarations(text):
    assert E.AGE_DECLARATION not in types_of(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My name is Alice Chen.", "Alice Chen"),
        ("Just call me Sam.", "Sam"),
        ("Hi! I'm Alice, I'm 17.", "Alice"),
        ("你好,我叫张曼婷,很高兴认识你。", "张曼婷"),
        ("叫我小明就行", "小明"),
        ("我的名字是王峰", "王峰"),
    ],
)
def test_name_declarations(text, name):
    assert one(text, E.NAME_DECLARATION)[0].attributes[VAL] == name


@pytest.mark.parametrize(
    "text",
    ["I'm Fine, thanks.", "I'm American.", "call me later", "我叫了外卖", "我叫他过来"],
)
def test_not_name_declarations(text):
    assert E.NAME_DECLARATION not in types_of(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'm a high school teacher.", "high school teacher"),
        ("I work as a software engineer", "software engineer"),
        ("I'm in 10th grade.", "10th grade"),
        ("I'm a transgender woman.", "transgender woman"),
        ("I'm majoring in computer science.", "computer science"),
        ("我是一名高中生", "高中生"),
        ("我在读高二", "高二"),
        ("我是做设计的。", "设计"),
        ("我从事金融行业", "金融"),
    ],
)
def test_identity_declarations(text, value):
    assert one(text, E.IDENTITY_DECLARATION)[0].attributes[VAL] == value


@pytest.mark.parametrize("text", ["I'm a bit tired.", "I'm in the kitchen.", "我是说这个不对"])
def test_not_identity_declarations(text):
    assert E.IDENTITY_DECLARATION not in types_of(text)


@pytest.mark.parametrize(
    ("text", "obj", "kind"),
    [
        ("My sister just had a baby.", "sister", EntityKind.PERSON),
        ("I have a dog named Max.", "dog", EntityKind.OBJECT),
        ("I moved to Paris last year.", "Paris", EntityKind.PLACE),
        ("I went to a support group yesterday.", "support group", EntityKind.ACTIVITY),
        ("I'm volunteering at the youth center.", "volunteering at the youth center", None),
        ("I have a job interview next week.", "job interview", EntityKind.ACTIVITY),
        ("我养了一只猫", "猫", EntityKind.OBJECT),
        ("我住在上海。", "上海", EntityKind.PLACE),
        ("我在北京工作", "北京", EntityKind.PLACE),
        ("今天我去了公园散步", "公园散步", EntityKind.ACTIVITY),
        ("我妈妈最近身体不太好", "妈妈", EntityKind.PERSON),
    ],
)
def test_personal_facts(text, obj, kind):
    found = one(text, E.PERSONAL_FACT)
    objects = {e.attributes.get(OBJ) for e in found}
    assert obj in objects
    if kind is not None:
        match = next(e for e in found if e.attributes.get(OBJ) == obj)
        assert match.attributes[KIND] == kind.value


@pytest.mark.parametrize("text", ["我在思考换工作的问题", "I went to bed."])
def test_not_personal_facts_or_without_a_place(text):
    for event in events_of(text):
        if event.event_type is E.PERSONAL_FACT:
            assert event.attributes.get(KIND) != EntityKind.PLACE.value


@pytest.mark.parametrize(
    ("text", "objects"),
    [
        ("I love hiking and swimming.", {"hiking", "swimming"}),
        ("I'm a huge fan of Studio Ghibli", {"Studio Ghibli"}),
        ("My favorite book is Dune.", {"Dune"}),
        ("我很喜欢绘画、弹钢琴和品茶", {"绘画", "钢琴", "品茶"}),
        ("我对天文学很感兴趣", {"天文学"}),
        ("我最喜欢的书是《小王子》", {"《小王子》"}),
    ],
)
def test_preferences_one_event_per_object(text, objects):
    assert {e.attributes[OBJ] for e in one(text, E.PREFERENCE)} == objects


def test_a_liking_of_a_way_to_learn_is_a_learning_style_only():
    assert [e.attributes[OBJ] for e in one("我喜欢用动画学数学", E.LEARNING_STYLE)] == ["动画"]
    assert E.PREFERENCE not in types_of("我喜欢用动画学数学")


@pytest.mark.parametrize(
    "text",
    [
        "I don't like cilantro.",
        "I love it!",
        "I'd like a coffee.",
        "我不喜欢吃香菜",
        "我爱你",
        "我对足球不感兴趣",
    ],
)
def test_not_preferences(text):
    assert E.PREFERENCE not in types_of(text)


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I hate cilantro.", "cilantro"),
        ("I really don't like long lectures", "long lectures"),
        ("I'm not a fan of horror movies.", "horror movies"),
        ("我不喜欢吃香菜。", "吃香菜"),
        ("我特别讨厌背单词", "背单词"),
        ("我对足球不感兴趣", "足球"),
    ],
)
def test_dislikes(text, obj):
    assert one(text, E.DISLIKE)[0].attributes[OBJ] == obj


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I learn best with diagrams.", "visual diagrams"),
        ("I like animations better than formulas", "animations"),
        ("I'm a visual learner.", "visual learning"),
        ("我更喜欢看视频学", "视频"),
        ("用动画我更容易懂", "动画"),
        ("我是视觉型的学习者", "视觉型"),
    ],
)
def test_learning_styles(text, obj):
    found = one(text, E.LEARNING_STYLE)
    assert found[0].attributes[OBJ] == obj
    assert found[0].attributes[KIND] == EntityKind.STYLE.value


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I want to pass my physics exam.", "physics exam"),
        ("My goal is to run a marathon.", "run a marathon"),
        ("I'm studying for my physics exam.", "physics exam"),
        ("我想考上大学", "考上大学"),
        ("我的目标是考上985。", "考上985"),
        ("我在备战高考", "高考"),
    ],
)
def test_goals(text, obj):
    assert one(text, E.GOAL)[0].attributes[OBJ] == obj


@pytest.mark.parametrize(
    "text", ["I want to know why.", "我想问一下这个问题", "我想你了", "今天我想和你聊聊旅游"]
)
def test_not_goals(text):
    assert E.GOAL not in types_of(text)


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I keep mixing up velocity and acceleration.", "velocity and acceleration"),
        ("I always get sine and cosine mixed up.", "sine and cosine"),
        ("I don't understand derivatives.", "derivatives"),
        ("I'm confused about recursion.", "recursion"),
        ("The chain rule confuses me.", "chain rule"),
        ("我总把a和v搞混", "a和v"),
        ("我不太理解微积分的链式法则", "链式法则"),
        ("我分不清正弦和余弦", "正弦和余弦"),
        ("这个链式法则我还是不懂", "链式法则"),
    ],
)
def test_concept_confusion_names_the_concept(text, obj):
    found = one(text, E.CONCEPT_CONFUSION)
    assert [e.attributes.get(OBJ) for e in found] == [obj]
    assert found[0].attributes[KIND] == EntityKind.CONCEPT.value
    assert POL not in found[0].attributes  # a negative polarity would flip it to mastery


@pytest.mark.parametrize("text", ["I still don't get it", "我还是不懂"])
def test_concept_confusion_without_a_named_concept(text):
    assert OBJ not in one(text, E.CONCEPT_CONFUSION)[0].attributes


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I finally get derivatives!", "derivatives"),
        ("I've mastered long division.", "long division"),
        ("I can now solve quadratic equations.", "quadratic equations"),
        ("我懂了链式法则", "链式法则"),
        ("我会用勾股定理了", "勾股定理"),
        ("我终于搞懂了链式法则", "链式法则"),
    ],
)
def test_concept_mastery(text, obj):
    found = one(text, E.CONCEPT_MASTERY)
    assert found[0].attributes[OBJ] == obj
    assert found[0].attributes[POL] == "positive"


@pytest.mark.parametrize("text", ["你明白了吗?", "I get home at five.", "我不明白"])
def test_not_mastery(text):
    assert E.CONCEPT_MASTERY not in types_of(text)


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        ("What is the derivative of x squared?", E.QUESTION, E.TASK_REQUEST),
        ("how do I reset my password", E.QUESTION, None),
        ("导数是什么意思?", E.QUESTION, None),
        ("为什么天是蓝的", E.QUESTION, None),
        ("Can you explain with a car example?", E.TASK_REQUEST, E.QUESTION),
        ("Explain photosynthesis simply.", E.TASK_REQUEST, None),
        ("帮我做个复习计划", E.TASK_REQUEST, E.QUESTION),
        ("能不能教我解方程?", E.TASK_REQUEST, E.QUESTION),
        ("请解释一下光合作用", E.TASK_REQUEST, None),
    ],
)
def test_questions_and_task_requests(text, expected, absent):
    found = types_of(text)
    assert expected in found
    if absent is not None:
        assert absent not in found


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("The submit button doesn't work.", "submit button"),
        ("the video won't load on my phone", "video"),
        ("I get an error when I upload my file.", None),
        ("The app crashed again.", None),
        ("I can't log in since yesterday.", "log in"),
        ("点了没反应", None),
        ("提交按钮点不了", "提交按钮"),
        ("上传的时候显示错误代码500", None),
    ],
)
def test_operation_failures(text, obj):
    found = one(text, E.OPERATION_FAILURE)
    if obj is not None:
        assert found[0].attributes[OBJ] == obj
        assert found[0].attributes[KIND] == EntityKind.UI_ELEMENT.value


@pytest.mark.parametrize("text", ["我卡住了,这道题不会", "I'm stuck on question 3"])
def test_being_stuck_is_not_an_operation_failure(text):
    assert E.OPERATION_FAILURE not in types_of(text)


@pytest.mark.parametrize(
    "text",
    [
        "This app is so slow.",
        "I'm fed up with these ads.",
        "Honestly, this sucks.",
        "这个软件太卡了",
        "怎么又出错了",
    ],
)
def test_complaints(text):
    assert E.COMPLAINT in types_of(text)


@pytest.mark.parametrize("text", ["太麻烦你了,谢谢", "That's great news!"])
def test_not_complaints(text):
    assert E.COMPLAINT not in types_of(text)


@pytest.mark.parametrize(
    "text",
    [
        "Here's your study plan for calculus:\n1. Limits\n2. Derivatives",
        "Day 1: review limits.\nDay 2: practise derivatives.",
        "好的,计划如下:\n1. 复习函数\n2. 做练习题",
        "第一步:背公式。第二步:做题。",
    ],
)
def test_plans_from_the_assistant_only(text):
    assert E.PLAN_GENERATED in types_of(text, Role.ASSISTANT)
    assert E.PLAN_GENERATED not in types_of(text, Role.USER)


@pytest.mark.parametrize(
    ("text", "polarity", "value"),
    [
        ("That was really helpful, thanks!", "positive", None),
        ("Thank you for the recommendation.", "positive", None),
        ("That's not what I asked.", "negative", None),
        ("Please don't bring that up again.", "negative", "do_not_mention"),
        ("你讲得很清楚", "positive", None),
        ("谢谢你的推荐", "positive", None),
        ("你说得不对", "negative", None),
        ("别再提这个了", "negative", "do_not_mention"),
    ],
)
def test_feedback_polarity(text, polarity, value):
    found = one(text, E.FEEDBACK)
    assert {e.attributes[POL] for e in found} == {polarity}
    assert any(e.attributes.get(VAL) == value for e in found)


def test_good_advice_from_a_friend_is_not_feedback_on_the_agent():
    assert E.FEEDBACK not in types_of("I met some investors and got some good advice.")


@pytest.mark.parametrize(
    ("text", "emotion", "polarity"),
    [
        ("I'm so stressed about finals.", "stressed", "negative"),
        ("I've been feeling lonely lately", "lonely", "negative"),
        ("I'm so excited for the trip!", "excited", "positive"),
        ("我好难过", "难过", "negative"),
        ("最近压力好大", "压力大", "negative"),  # how much is no part of the name
        ("今天好开心!", "开心", "positive"),
        ("我不开心", "不开心", "negative"),
    ],
)
def test_emotions(text, emotion, polarity):
    found = one(text, E.EMOTION)
    assert found[0].attributes[OBJ] == emotion
    assert found[0].attributes[POL] == polarity
    assert found[0].attributes[KIND] == EntityKind.EMOTION.value


@pytest.mark.parametrize("text", ["I'm down to help.", "很高兴认识你"])
def test_not_emotions(text):
    assert E.EMOTION not in types_of(text)


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("Hey Mel! Good to see you!", E.GREETING),
        ("How have you been?", E.GREETING),
        ("Bye, talk soon!", E.GREETING),
        ("你好啊AI伴侣", E.GREETING),
        ("晚安,明天见", E.GREETING),
        ("Wow, that's awesome!", E.SMALL_TALK),
        ("The weather is lovely today.", E.SMALL_TALK),
        ("哈哈,好的", E.SMALL_TALK),
        ("今天天气真好", E.SMALL_TALK),
    ],
)
def test_greetings_and_small_talk(text, event_type):
    assert event_type in types_of(text)


@pytest.mark.parametrize("text", ["你好厉害", "Morning runs are great."])
def test_not_greetings(text):
    assert E.GREETING not in types_of(text)


def test_how_are_you_is_a_greeting_not_a_question():
    assert types_of("How are you?") == {E.GREETING}


# --- value normalisers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "age"),
    [("17", "17"), ("十七", "17"), ("二十", "20"), ("一百零五", "105"), ("0", None), ("nine", "9"),
     ("twenty-five", "25"), ("Thirty three", "33"), ("seventy", "70"), ("twenty twelve", None)],
)  # fmt: skip
def test_normalise_age(raw, age):
    assert normalise_age(raw) == age


def test_normalise_age_rejects_implausible_ages():
    assert normalise_age("131") is None
    assert normalise_age("abc") is None


def test_normalise_name_rejects_words_that_only_look_like_names():
    assert normalise_name("Fine") is None
    assert normalise_name("Priya") == "Priya"


# --- allergies said in passing, standing feelings, requests and reactions (zh + en) -----------


def _facts(text: str) -> dict[str, str | None]:
    return {e.attributes.get(OBJ): e.attributes.get(EventAttr.RELATION)
            for e in events_of(text) if e.event_type is E.PERSONAL_FACT}  # fmt: skip


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("hold on, making sure the cookies dont have almonds, allergic asf", "almonds"),
        ("does the pad thai have shrimp? im super allergic!!", "shrimp"),
        ("no sesame on mine pls cuz I'm allergic", "sesame"),
        ("penicillin gives me hives so they gave me something else", "penicillin"),
        ("strawberries make my lips swell up 😬", "strawberries"),
        ("i cant have dairy, so no latte for me", "dairy"),
        ("im allergic to bees lol", "bees"),
        ("im allergic to eggs. oops no, thats my brother. im the peanut one", "peanut"),
        ("我从小就不能吃芒果", "芒果"),
        ("我一吃虾就起疹子", "虾"),
        ("本人青霉素过敏，打针要注意", "青霉素"),
        ("我是花粉过敏体质", "花粉"),
        ("was off sick for a week, wheat allergy flare", "wheat"),
        ("I have a peanut allergy", "peanut"),
    ],
)
def test_allergies_said_in_passing(text, allergen):
    assert _facts(text).get(allergen) == "allergic_to", _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "peanuts? my sister is allergic",
        "shrimp?? are you allergic?",
        "eggs are fine, im not allergic",
        "this homework gives me hives lol",
        "does penicillin give you a rash?",
        "I can't eat pizza tonight, on a diet",
        "my son can't eat eggs",
        "他不能吃花生",
        "患者一吃海鲜就过敏",
        "你能吃海鲜吗",
        "my son's peanut allergy is bad",
        "no nut allergies here",
        "does he have a peanut allergy?",
    ],
)
def test_not_the_users_allergy(text):
    assert "allergic_to" not in _facts(text).values(), _facts(text)


def test_a_corrected_allergy_keeps_only_the_users_own():
    facts = _facts("lol im allergic to shellfish. wait no thats my sister. im the tree nut one")
    assert facts.get("tree nut") == "allergic_to"
    assert "shellfish" not in facts


@pytest.mark.parametrize(
    ("text", "emotion"),
    [
        ("so nervous about the interview tbh", "nervous"),
        ("been stressed since the semester started", "stressed"),
        ("ok FL #3 done!! still anxious about test day", "anxious"),
        ("ngl kinda overwhelmed lately", "overwhelmed"),
        ("每次上台都紧张得说不出话", "紧张"),
        ("一想到期末就焦虑", "焦虑"),
    ],
)
def test_feelings_said_without_i(text, emotion):
    assert emotion in {e.attributes.get(OBJ) for e in one(text, E.EMOTION)}


@pytest.mark.parametrize(
    "text",
    ["are you nervous?", "she's so stressed about it", "not anxious anymore", "他每次都紧张",
     "每次都不紧张", "the anxious kid in class"],
)  # fmt: skip
def test_not_the_users_feeling(text):
    assert E.EMOTION not in types_of(text)


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("以后多拿excel给我打比方", "类比"),
        ("能不能打个比方啊 太抽象了", "类比"),
        ("下次也用类比讲吧", "类比"),
        ("可以举个生活中的例子吗", "类比"),  # 生活例子 is a name of the analogies entry
        ("用日常生活的场景讲讲呗", "类比"),
        ("看书不如边写边练", "动手练习"),
        ("老师你出题我来做", "动手练习"),
        ("我喜欢边敲边学", "动手练习"),
        ("can u quiz me, flashcards style", "flashcards"),
        ("test me mnemonics style pls", "mnemonics"),
        ("can u do flashcards? like question, i try, then answer", "flashcards"),
        ("could you use analogies", "analogies"),
        ("能不能用图来讲", "图解"),
        ("也还是用视频讲吧", "视频"),
    ],
)
def test_learning_styles_from_requests(text, style):
    assert style in {e.attributes.get(OBJ) for e in one(text, E.LEARNING_STYLE)}


@pytest.mark.parametrize(
    "text",
    [
        "这个比喻不太对",
        "以后别打比方了",
        "边写边学太累了",
        "他总是打比方",
        "生活中的例子不好找",
        "can you do problems 3 and 4?",
    ],
)
def test_not_learning_style_requests(text):
    assert E.LEARNING_STYLE not in types_of(text)


def test_a_quiz_in_a_named_style_is_that_style_not_practice_problems():
    styles = {
        e.attributes.get(OBJ) for e in one("can you quiz me, mnemonics style", E.LEARNING_STYLE)
    }
    assert styles == {"mnemonics"}


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("想了想 还是学python吧", "python"),
        ("最后选Java了 工作机会多", "Java"),
        ("我换回纸质书了", "纸质书"),
        ("已经改用vscode了", "vscode"),
        ("pandas真香", "pandas"),
        ("越听越喜欢爵士乐了", "爵士乐"),
        ("越看越喜欢颜真卿的字", "颜体"),
    ],
)
def test_preferences_from_choices_and_reactions(text, obj):
    found = [e for e in one(text, E.PREFERENCE) if e.attributes.get(OBJ) == obj]
    assert found
    assert found[0].attributes.get(EventAttr.RELATION) == "prefers"


@pytest.mark.parametrize(
    "text", ["你还是学python吧", "我还是学不会", "这饭好香", "我决定学好数学", "他换成中文版了"]
)
def test_not_preferences_from_choices(text):
    rules = ("preference_zh_choose", "preference_zh_s")
    assert not [e for e in events_of(text) if e.event_type is E.PREFERENCE
                and e.rule and e.rule.startswith(rules)]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "obj"),
    [("但我看视频老走神", "视频"), ("一听网课就犯困", "讲座"), ("我看课本老犯困", "课本"),
     ("看直播课总是分心", "直播课")],
)  # fmt: skip
def test_a_wandering_mind_is_a_mild_dislike(text, obj):
    [event] = [e for e in one(text, E.DISLIKE) if e.rule == "dislike_zh_zone_out"]
    assert event.attributes[OBJ] == obj
    assert event.confidence < 0.7


@pytest.mark.parametrize("text", ["他看视频老走神", "看视频不走神", "我看视频学"])
def test_not_a_wandering_mind(text):
    assert not [e for e in events_of(text) if e.rule == "dislike_zh_zone_out"]


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("我自己还是喜欢拍街景", "街景"),
        ("我还是喜欢看纸质书", "看纸质书"),
        ("平时我还喜欢听京剧", "京剧"),
    ],
)
def test_a_liking_said_with_oneself_or_still_is_the_users(text, liked):
    assert liked in {e.attributes.get(OBJ) for e in events_of(text) if e.event_type is E.PREFERENCE}


def test_the_users_own_view_set_against_one_reported_is_the_users() -> None:
    text = "我老婆说我拍人像最好看 一直让我去学人像 我自己还是喜欢拍街景"
    [liking] = [e for e in events_of(text) if e.attributes.get(OBJ) == "街景"]
    assert EventAttr.HOLDER not in liking.attributes
    [reported] = [e for e in events_of("我妈说我自己喜欢数学") if e.attributes.get(OBJ) == "数学"]
    assert reported.attributes[EventAttr.HOLDER] == "other"


@pytest.mark.parametrize(
    ("text", "disliked"),
    [
        ("history bores me to death", "history"),
        ("honestly proofs are so tedious", "proofs"),
        ("背单词好无聊啊", "背单词"),
        ("文言文太枯燥了", "文言文"),
        ("i relly hate essays", "essays"),  # "really" as typed
    ],
)
def test_a_subject_said_to_bore_the_user_is_a_dislike(text, disliked):
    assert disliked in {e.attributes.get(OBJ) for e in events_of(text) if e.event_type is E.DISLIKE}


@pytest.mark.parametrize(
    "text",
    [
        "this is boring",
        "is history boring?",
        "这节课好无聊",
        "今天好无聊",
        "my sister thinks chemistry is boring",
    ],
)
def test_no_dislike_from_a_moment_a_question_or_someone_elses_view(text):
    assert E.DISLIKE not in types_of(text)
