"""Ways of learning revealed by requests and asides (`jiyi.extraction.rules.learning_style`),
zh and en: each family names a canonical style, near-misses name none."""

from __future__ import annotations

import pytest

from jiyi.domain import EntityKind, EventAttr, EventType, Role, Turn
from jiyi.extraction.engine import extract_with_rules


def styles_in(text: str) -> list[str]:
    """The ways of being taught a user turn names, in whichever relation the graph holds them:
    learning styles, formats preferred, and likings of what the vocabulary knows as a way of
    being taught ("先给代码")."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[EventAttr.OBJECT]
        for e in extract_with_rules(turn)
        if (
            e.event_type is EventType.LEARNING_STYLE
            or e.attributes.get(EventAttr.OBJECT_KIND) == EntityKind.STYLE.value
        )
        and EventAttr.OBJECT in e.attributes
        and e.attributes.get(EventAttr.HOLDER) is None
    ]


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("I learn best by doing", "hands-on practice"),
        ("i just learn better hearing it, got any podcasts?", "audio"),
        ("I figure stuff out by trying it on the keys, that's how I learn", "hands-on practice"),
        ("对 我就是得自己讲出来才记得住 光听没用", "复述"),  # teaching it back
        ("honestly i get it faster by actually doing", "hands-on practice"),
        ("I need to see it drawn out", "visual diagrams"),
        ("I need to SEE it. Youtube clips, anything", "visual learning"),
        ("explain it like I'm five pls", "plain language"),
        ("no jargon please, im new", "plain language"),
        ("i remember things better when i write them down", "note-taking"),
        ("flashcards work for me", "flashcards"),
        ("diagrams really help me remember", "visual diagrams"),
        ("podcasts on my commute are how i study", "audio"),
        ("能举个例子吗", "例题"),
        ("再给我举两个例子", "例题"),
        ("多给点练习题吧", "做题练习"),
        ("多出几道题", "做题练习"),
        ("给我画个思维导图", "思维导图"),
        ("用大白话讲讲", "通俗易懂"),
        ("小白求通俗易懂的讲法", "通俗易懂"),
        ("别用太多术语", "通俗易懂"),
        ("讲个故事我就记住了", "类比"),
    ],
)
def test_a_request_or_aside_names_the_way_of_learning(text, style) -> None:
    assert style in styles_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "my dad says flashcards work for him",
        "my son learns by doing, that's how he learns",
        "does this work for me?",
        "多吃点",
        "I learn to cook by watching my mom",
        "what's the best way to write it down?",
        "今天讲的故事很长",
    ],
)
def test_near_misses_name_no_way_of_learning(text) -> None:
    assert styles_in(text) == []


def dislikes_in(text: str) -> list[str]:
    """The styles a user turn says it does not want (its own view, not venting)."""
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return [
        e.attributes[EventAttr.OBJECT]
        for e in extract_with_rules(turn)
        if e.event_type is EventType.DISLIKE
        and EventAttr.OBJECT in e.attributes
        and e.attributes.get(EventAttr.HOLDER) is None
    ]


# --- requests for a format, hedged and slangy (`jiyi.extraction.rules.requests`) ---------------


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("can u give me a memory trick for the cranial nerves?", "mnemonics"),
        ("is there like a rhyme or something to remember it?", "mnemonics"),
        ("a picture mnemonic would really help", "mnemonics"),
        ("can you always fire quick questions at me like a quiz?", "practice problems"),
        ("pls do a quick quiz again on chapter 2", "practice problems"),
        ("rapid fire helps me so much", "practice problems"),
        ("quiz me like two at a time, that works", "practice problems"),
        ("can we drill those verbs again tomorrow", "practice problems"),
        ("more drills pls", "practice problems"),
        ("can we go one idea at a time?", "step by step"),
        ("break it into smaller steps pls", "step by step"),
        ("can you make me a table of the tenses?", "tables"),
        ("could you do a quick timeline for this", "timelines"),
        ("explain it with real-world examples pls", "analogies"),
        ("can you always show me the shortcut like that?", "shortcut methods"),
        ("你讲慢点", "一步一步"),
        ("一次给我两道就行 然后告诉我对不对", "一步一步"),
        ("拆成小步讲吧", "一步一步"),
        ("以后都列个表格吧", "表格"),
        ("每次都整理成对比表格", "表格"),
        ("来个快问快答吧", "做题练习"),
        ("出几道小测题考我", "做题练习"),
        ("有没有什么好记的口诀", "口诀"),
        ("给我编个顺口溜", "口诀"),
        ("下次专门练这几个", "做题练习"),
        ("能不能用实际的例子讲", "例题"),
        ("我觉得做题还是最管用", "做题练习"),
    ],
)
def test_a_request_for_a_format_names_the_style(text, style) -> None:
    assert style in styles_in(text), styles_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "can you give me a minute",
        "the example in the book is wrong",
        "for example, the mitochondria makes atp",
        "can you explain example 3",
        "we have a pop quiz tomorrow",
        "can you help me study for the pop quiz?",
        "i take two classes at a time",
        "one day at a time lol",
        "the fire drill went off during class",
        "can you drill down into the details",
        "i have a rhyme stuck in my head",
        "这个表示什么意思",
        "列表推导式怎么写",
        "一次就过了",
        "我都被套路了",
        "做个表情包",
    ],
)
def test_look_alikes_of_a_format_request_name_no_style(text) -> None:
    assert styles_in(text) == []


# --- reactions that reveal a dislike of long text ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("i zone out when you send long paragraphs", "long explanations"),
        ("too much text honestly", "long explanations"),
        ("walls of text and i just skim", "long explanations"),
        ("ur last answer was way too long", "long explanations"),
        ("big blocks of text lose me", "long explanations"),
        ("字太多了 看着头疼", "长篇讲解"),
        ("手机上字一多我就晕", "长篇讲解"),
        ("你刚才那一大段我看不下去", "长篇讲解"),
        ("你讲得太长了", "长篇讲解"),
        ("这段解释太长了", "长篇讲解"),
    ],
)
def test_a_reaction_to_long_text_is_a_dislike_of_it(text, style) -> None:
    assert style in dislikes_in(text), dislikes_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "sorry for the wall of text",
        "sorry for the long message lol",
        "the essay has too many words for the word limit",
        "my essay is too long",
        "太长了 这道题",
        "这道题太长了",
        "数字太多我就晕",
        "名字太多了记不住",
    ],
)
def test_look_alikes_of_a_long_text_reaction_name_no_dislike(text) -> None:
    assert dislikes_in(text) == []


# --- "no X please": a teaching format left out -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("please no romaji, i wanna learn kana", "romaji"),
        ("no kanji in your examples yet", "kanji"),
        ("dont use so much jargon", "jargon"),
        ("stop using acronyms pls", "acronyms"),
        ("no formulas pls", "formulas"),
        ("别标拼音了", "拼音"),
        ("不要给我英文解释", "英文解释"),
        ("别用英文讲了", "英文解释"),
        ("少用公式吧", "公式"),
        ("不要用专业术语", "术语"),
        ("口诀不要 我就多做题", "口诀"),
        ("行 你直接出题 别讲那么多理论", "理论讲解"),
        ("太长了 能不能分点说 我看长段落就犯困", "长篇讲解"),
        ("另外别给我灌鸡汤啊", "鸡汤"),
        ("oh and pls dont send me them big verb tables, cant be doing with tables", "tables"),
        ("Please do keep the jargon to a minimum, dear.", "jargon"),
    ],
)
def test_a_format_asked_to_be_left_out_is_a_dislike(text, style) -> None:
    assert style in dislikes_in(text), dislikes_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "no thanks",
        "no I meant the other one",
        "no problem",
        "no worries",
        "no idea tbh",
        "no rush",
        "no more questions, thanks",
        "no mistakes in your answers this time!",
        "不要给我答案",
        "我不想学英语",
        "视频不用了 谢谢",  # not needed now, no standing dislike
        "他看书就犯困",
    ],
)
def test_look_alikes_of_no_x_please_name_no_dislike(text) -> None:
    assert dislikes_in(text) == []


def test_a_way_of_learning_that_replaced_another_supersedes_it() -> None:
    turn = Turn(
        user_id="u1",
        session_id="s1",
        role=Role.USER,
        content="以前喜欢看视频课 现在觉得刷题更有用",
        client_ts=1,
    )
    found = [e for e in extract_with_rules(turn) if e.event_type is EventType.LEARNING_STYLE]
    assert [e.attributes[EventAttr.OBJECT] for e in found] == ["做题练习"]
    assert found[0].attributes.get(EventAttr.CHANGE) == "supersedes"


# --- ways of learning said in requests and asides, in everyday words ------------------------


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("could you give me a bunch of worked examples pls", "worked examples"),
        ("can u send me some youtube clips of it", "videos"),
        ("can you just show me loads of practice questions", "practice problems"),
        ("pls write it out as a checklist", "checklists"),
        ("can you put it in bullet points", "short explanations"),
        ("Could you set it out in numbered steps? I print them", "numbered steps"),
        ("bullet points again please", "short explanations"),
        ("ok flashcards again if you don't mind", "flashcards"),
        ("worked examples are how i actually learn", "worked examples"),
        ("i pick stuff up faster watching videos", "videos"),
        ("honestly i remember things way better doing past papers tho", "practice problems"),
        ("just give me the code first, then i'll ask why", "code examples"),
        ("I really need to see it, words don't stick", "visual learning"),
        ("有没有讲解视频啊", "视频"),
        ("以后多发点视频吧", "视频"),
        ("能不能多发点例题", "例题"),
        ("我主要靠刷题记的", "做题练习"),
        ("基本上是靠死记硬背的", "死记硬背"),  # the name the verb ends, whole
        ("平时都是靠看美剧学的", "看美剧"),
        ("有口诀我就记得住", "口诀"),
        ("思维导图好 我吃这套", "思维导图"),
        ("再帮我编个元素周期表的口诀", "口诀"),
        ("还是老样子 先给代码", "直接给代码"),
        ("麻烦用中文解释一下", "中文讲解"),
        ("一步一步的来吧", "一步一步"),
        ("找到一个 看视频一下就明白了", "视频"),
        ("最近Anki也换成N2单词了 闪卡真的好用", "闪卡"),
        ("honestly the video was a game changer", "videos"),
        ("Honestly could you point me to a video for shaping?", "videos"),
        ("can u just do me quickfire qs, like 5 in a row", "practice problems"),
        ("can we do practice qs", "practice problems"),
        ("Oh I do like these little sayings", "mnemonics"),
        ("tbh it helps when i draw it out myself, not just reading it", "drawing it out"),
        (
            "can u give me like 10 more as a quiz, no explanations unless i get one wrong",
            "explanations only when wrong",
        ),
        ("can u give me like 10 more as a quiz", "practice problems"),
        ("直接出题 错了再讲", "错了再讲"),
        ("太长了 能不能分点说", "简短讲解"),
        ("分点真的好读", "简短讲解"),
        ("小老师 你打字能不能短点", "简短讲解"),
        ("上班摸鱼没法开声音 你给我整理成表格就行", "表格"),
        ("我都是看抖音视频学的", "抖音视频"),
        ("Is there a video you could point me to?", "videos"),
    ],
)
def test_a_way_of_learning_said_in_everyday_words(text, style) -> None:
    assert style in styles_in(text), styles_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "my brother is a visual learner",
        "can you send me the answer",
        "有没有那种一步一步的 每天半小时的学习计划",  # how the plan is laid out
        "我靠 这也太难了",  # an exclamation, not relying on anything
        "can you explain it with code examples",  # code, not an analogy
        "i need to see it to believe it lol",
        "都是靠自己学的",
        "全靠蒙的",
        "视频有用吗",
        "can we do the chain rule next",
        "我错了再说吧",
    ],
)
def test_what_only_looks_like_a_way_of_learning_names_none_or_the_right_one(text) -> None:
    assert not {"visual learning", "一步一步", "analogies"} & set(styles_in(text))


def style_confidences(text: str) -> dict[str, float]:
    turn = Turn(user_id="u1", session_id="s1", role=Role.USER, content=text, client_ts=1)
    return {
        e.attributes[EventAttr.OBJECT]: e.confidence
        for e in extract_with_rules(turn)
        if e.event_type is EventType.LEARNING_STYLE and EventAttr.OBJECT in e.attributes
    }


@pytest.mark.parametrize(
    ("text", "style", "firm"),
    [
        ("I'm a visual learner", "visual learning", True),
        ("im definitely a hands-on person", "hands-on practice", True),
        ("i think im maybe more of a visual person? idk", "visual learning", False),
        ("im probably more of a hands-on person", "hands-on practice", False),
    ],
)
def test_a_learner_type_said_with_a_shrug_is_held_weakly(text, style, firm) -> None:
    assert (style_confidences(text)[style] >= 0.5) is firm


@pytest.mark.parametrize(
    ("text", "style"),
    [
        # a way of learning that is the user's own, said thing first
        ("flashcards are my thing, I make a deck per unit", "flashcards"),
        ("honestly mnemonics are my secret weapon", "mnemonics"),
        ("Timelines are a lifesaver for me in history", "Timelines"),
        ("错题本对我很有用", "错题本"),
        ("口诀对我来说特别管用", "口诀"),
        ("思维导图最好用了", "思维导图"),
        # what makes it stick, in the user's hands or voice
        ("I only learn it if I write it down by hand", "handwriting notes"),
        ("I remember things once I say them out loud", "talking it through"),
        ("I have to actually do it with my own hands", "hands-on practice"),
        ("explaining it out loud to my cat is how it clicks", "talking it through"),
        ("teaching it back to my study group helps me", "teaching back"),
        ("我要手写几遍才能记住", "手写"),
        ("必须读出来才记得住", "大声朗读"),
        ("讲给别人听一遍才算真懂", "复述"),
        ("听比读记得住多了", "听觉"),
        ("手写比看有用", "手写"),
        # by ear
        ("I learn tunes best by ear", "audio"),
        ("i mostly play by ear", "audio"),
        ("I picked it up by ear as a kid", "audio"),
        # "when there's a diagram"
        ("I get it faster when there's a chart", "visual diagrams"),
    ],
)
def test_a_way_of_learning_said_as_the_users_own(text, style):
    assert style in styles_in(text)


@pytest.mark.parametrize(
    "text",
    [
        "my brother says flashcards are his thing",
        "are flashcards a lifesaver for you too?",
        "我同学说错题本对他特别有用",
        "这个对我很有用",
        "how do you say 'mind maps are my thing' in French?",
        "if I ever write it out by hand I'll tell you",
        "my sister picks songs up by ear",
        "我哥说手写一遍才记得住",
    ],
)
def test_not_a_way_of_learning_said_as_the_users_own(text):
    assert not [s for s in styles_in(text) if s not in {"语言学习"}]
