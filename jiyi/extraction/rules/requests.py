"""Requests and reactions that show how the user learns: "could you sketch it as a timeline?",
"讲慢一点，一步一步问我", "walls of text make my eyes glaze over", "bullets > paragraphs".

A careful tutor reads a request for a picture as a learning style and a complaint about long
text as a dislike, though neither says "I learn best with". Objects are named by the vocabulary
(`jiyi.vocabulary`), so "draw it", "a diagram" and "画个图" are one style.
"""

from __future__ import annotations

import re
from dataclasses import replace

from jiyi import vocabulary
from jiyi.domain import EntityKind, EventType, RelationKind
from jiyi.extraction.rules.cleaning import clean_objects
from jiyi.extraction.rules.fragments import EN_MEDIA
from jiyi.extraction.rules.goals import composed
from jiyi.extraction.rules.model import Rule, rule
from jiyi.text import has_han

_EN_PLEASE = (
    r"(?:(?:(?:any\s+chance\s+)?(?:can|could|would|will))\s+(?:u|you|we)\s+(?:pls\s+|please\s+|maybe\s+|possibly\s+|"
    r"just\s+|like\s+)*|"
    r"pl(?:ea)?s\s+|please\s+)"
)
_EN_STYLE_NOUN = (
    rf"(?:{EN_MEDIA}|tables?|timelines?|bullets?|bullet\s+points|graphs?|charts?|mnemonics?|"
    r"analogies|comparisons|pictures?|drawings?|sketch(?:es)?|worked\s+(?:one|examples?)|"
    r"full\s+examples?|practice\s+(?:problems|questions)|problems|quiz(?:zes)?|anki|spaced\s+repetition|"
    # questions said short ("practice qs", "quickfire qs")
    r"(?:(?:quick[\s-]?fire|rapid[\s-]fire|quick|practice|exam[\s-]style)\s+)?qs|"
    r"(?:quick[\s-]?fire|rapid[\s-]fire|quick|exam[\s-]style)\s+questions|"
    r"colou?r[\s-]coding)"
)
_ZH_STYLE_NOUN = (
    r"图解|画图|图|图片|示意图|表格|时间线|时间轴|思维导图|例句|例题|例子|视频教程|教学视频|演示视频|视频|动画|类比|"
    r"比喻|口诀|顺口溜|清单|代码示例|示例代码|播客|音频|"
    r"做题|出题|练习|刷题|总结|笔记|卡片"
)

#: A request's opening, hedged or not: "can u", "pls", "just give", "next time", "i'd like".
_EN_ASK = (
    r"\b(?:(?:can|could|would|will)\s+(?:u|you|ya|we)|let'?s|lets|pl(?:ea)?s|please|plz|"
    r"just\s+(?:give|show|do|use|make)|how\s+about|what\s+about|next\s+time|from\s+now\s+on|"
    r"i\s+(?:want|need|wanna|would\s+like)|i'?d\s+(?:like|love|prefer))\b"
)
#: A request meant to last, not for this one answer: "always", "from now on", "like that again".
_EN_LASTING = (
    r"\b(?:always|every\s*time|each\s+time|from\s+now\s+on|going\s+forward|all\s+the\s+time|"
    r"more\s+often|again|instead|anymore|keep|usually|for\s+everything|(?:like|the\s+way)\s+(?:that|"
    r"this|before|last\s+time)|that\s+way|the\s+same\s+way|more)\b"
)
#: What it does for them: "helps", "sticks", "works better".
_EN_WORKS = r"\b(?:helps?|helped|works?|worked|sticks?|stuck|clicks?|clicked|better|easier)\b"
#: Being quizzed: "fire quick questions at me", "like a quiz", "rapid fire".
_EN_QUIZ = (
    r"(?:\b(?:fire|throw|shoot|hit\s+me\s+with)\s+(?:(?:some|a\s+few|quick|rapid|random|more|short|"
    r"lots\s+of|a\s+bunch\s+of|like)\s+)*(?:questions|qs|quiz(?:zes)?)\b|\blike\s+a\s+(?:pop\s+|"
    r"quick\s+|little\s+|mini\s+)?quiz\b|(?<!for\sthe\s)(?<!for\smy\s)(?<!for\sa\s)(?<!for\sour\s)"
    r"(?<!before\sthe\s)(?<!on\sthe\s)\b(?:pop|quick|mini|little|rapid[\s-]*fire)\s+quiz(?:zes)?\b|"
    r"\bquiz[\s-]+(?:style|format|mode)\b|\bask\s+me\s+(?:some\s+|a\s+few\s+|more\s+)?(?:quick|random|"
    r"rapid[\s-]*fire|short)\s+questions\b|\brapid[\s-]*fire\b)"
)
#: A few at a time, handed over: "give me 3 notes at a time", "quiz me two at a time".
_EN_BATCH = (
    r"\b(?:give|throw|send|fire|ask|quiz|test|hit)\s+me\s+(?:like\s+|just\s+|only\s+)?"
    r"(?:one|two|three|four|five|a\s+few|a\s+couple|couple|[1-5])\s+"
    r"(?!(?:days?|classes|courses|shifts|hours|weeks|jobs|people|kids|times|steps)\b)"
    r"(?:[\w/-]+\s+)?at\s+a\s+time\b"
)
#: Drilling asked for: "can we just drill those 4", "drill me on the modes".
_EN_DRILL = (
    r"(?:\b(?:can|could|should|shall)\s+(?:we|u|you)\s+(?:just\s+|maybe\s+|also\s+|pls\s+)?"
    r"(?:drill|practi[cs]e)\s+(?:me\s+on\s+)?(?:those|these|them|it|that|this|some|a\s+few|\d+)\b|"
    r"\b(?:let'?s|lets)\s+(?:just\s+)?drill\b|\bdrill\s+(?:me|those|these|them)\b|"
    r"\b(?:some|quick|short|little)\s+drills?\b(?!\s+(?:bits?|press)))"
)
#: Memory tricks: "a picture trick", "a rhyme or something to remember it", "mnemonics".
_EN_MNEMONIC = (
    r"\b(?:(?:picture|visual|image|memory|rhyme|rhyming|word|acronym|story|silly|mental)\s+"
    r"(?:tricks?|hacks?|hooks?|mnemonics?|devices?)|mnemonics?|(?:tricks?|hacks?|ways?|rhymes?|"
    r"acronyms?|songs?)(?:\s+or\s+something)?\s+(?:to|for)\s+(?:help\s+(?:me\s+)?)?"
    r"(?:remember(?:ing)?|memori[sz](?:e|ing)))\b"
)
#: Conventions of spelling and measure one may ask for ("British spelling", "metric").
_EN_CONVENTION = (
    r"(?:british|american|uk|us|canadian|australian)\s+(?:spelling|english)|metric(?:\s+units)?|"
    r"imperial(?:\s+units)?|celsius|fahrenheit"
)
_EN_CONVENTION_NAMES = {"metric": "metric units", "imperial": "imperial units"}
#: A routine named as a tutor would note it ("quiz me" → "quizzes").
_EN_ROUTINE_NAMES = {
    "quiz": "quizzes",
    "me": "quizzes",
    "quizzes": "quizzes",
    "summary": "summaries",
}
_EN_NOT_BATCH = (
    r"(?!(?:days?|classes|courses|shifts|hours|weeks|jobs|people|kids|times|steps|questions?)\b)"
)
#: Small doses: "one idea at a time", "in bite-sized chunks", "break it into smaller steps".
_EN_CHUNKS = (
    r"\b(?:(?<!me\s)(?<!me\slike\s)(?<!me\sjust\s)(?<!me\sonly\s)"
    r"(?:one|two|three|four|five|a\s+few|a\s+couple|couple|[1-5])\s+"
    rf"{_EN_NOT_BATCH}"
    r"(?:[\w/-]+\s+)?at\s+a\s+time|in\s+(?:small|smaller|little|tiny|bite[\s-]*sized?)\s+(?:chunks|"
    r"pieces|bits|steps|parts|doses)|(?:break|split|chop|cut)\s+(?:it|this|that|them|things)\s+"
    r"(?:up\s+|down\s+)?into\s+(?:small|smaller|little|tiny|bite[\s-]*sized?)\s+(?:chunks|pieces|"
    r"bits|steps|parts)|bite[\s-]*sized?\s+(?:chunks|pieces|bits|steps|lessons))\b"
)
#: Long text, as a learner calls it.
_EN_LONG_TEXT = (
    r"\b(?:(?:big|long|huge|massive|giant|dense|wordy|lengthy|endless)\s+(?:paragraphs?|"
    r"blocks?\s+of\s+text|chunks?\s+of\s+text|texts?|explanations?|answers?|messages?|replies|"
    r"responses|essays?)|walls?\s+of\s+text|text\s+walls?|paragraphs)\b"
)
#: What reading it does to them.
_EN_TUNE_OUT = (
    r"switch(?:es|ed)?\s+off|zone[sd]?\s+out|tune[sd]?\s+out|glaze[sd]?\s+over|skim|skip|"
    r"lose\s+(?:focus|interest|track)|give\s+up|stop\s+reading|can'?t\s+(?:focus|follow|read|"
    r"concentrate|take\s+(?:it|them)\s+in|deal)|get\s+(?:lost|overwhelmed|bored)|shut\s+down|"
    r"space\s+out|nod\s+off|fall\s+asleep"
)
_EN_REACTION = (
    r"(?:my\s+)?brain\s+(?:melts|dies|hurts|shuts\s+(?:off|down)|explodes|turns\s+off|"
    r"goes\s+(?:numb|blank))|lose[s]?\s+me|lost\s+me|kills?\s+me|puts?\s+me\s+to\s+sleep|"
    r"hurts?\s+my\s+(?:eyes|head|brain)|overwhelm\w*|(?:is|are)\s+(?:just\s+)?(?:too\s+much|"
    r"exhausting|hard\s+to\s+(?:read|follow))|i\s+(?:just\s+)?(?:skim|skip|zone\s+out|"
    r"tune\s+out|switch\s+off|give\s+up)"
)
#: Teaching formats and tools one may ask to be left out ("no romaji", "dont use jargon").
_EN_FORMAT = (
    r"romaji|furigana|kana|kanji|pinyin|hanzi|romani[sz]ation|transliterations?|translations?|"
    r"jargon|technical\s+(?:terms|words|jargon)|big\s+words|fancy\s+words|acronyms|"
    r"abbreviations|formulas?|equations|(?:math\s+)?notation|symbols|greek\s+letters|latex|"
    r"emojis?|lectures?|videos?|links|analogies|metaphors|definitions|proofs|terminology|"
    r"(?:grammar|medical|legal|science|math)\s+(?:terms|terminology|jargon)|"
    r"(?:(?:big|long|huge)\s+)?(?:verb\s+)?tables"
)
_EN_IN_YOUR = (
    r"in\s+(?:ur|your|the)\s+(?:examples|answers|explanations|replies|notes|messages|sentences)"
)
#: 不止这一次：'以后''每次''还是''继续'。
_ZH_LASTING = r"(?:以后|下次|之后|每次|总是|一直|老是|还是|继续|照这样|像这样|像上次|都这样)"
_ZH_TABLE = (
    r"(?:(?:列|做|画|整理|弄|出|制|整(?=个))(?:个|一个|一张|张|成|一下|出)(?:对比|比较|汇总|总结)?(?:表格|表)"
    r"(?![示达现明情演扬彰决态面哥姐弟妹])|(?:用|以|按|整理成|做成|列成|画成|弄成|变成)(?:一?个|一?张)?"
    r"(?:对比|比较|汇总)?表格)"
)
_ZH_FORMAT = (
    r"(?:拼音|罗马音|罗马字|术语|专业术语|语法术语|公式|符号|文言文?|繁体字?|大段文字|长篇大论|长段落|"
    r"大段|注音|翻译|长篇PDF|PDF|长文章)(?:的)?(?:解释|讲解|注释|例子|例句|说明|标注)?|"
    r"(?:英文|英语|中文|日文|日语)(?:的)?(?:解释|讲解|注释|翻译|例句|说明)"
)

#: How much of it is asked for: "like loads of", "a bunch of", "some more".
_EN_AMOUNT = (
    r"(?:some|more|a\s+few|a\s+couple(?:\s+of)?|a|an|with|like|loads\s+of|lots\s+of|tons\s+of|"
    r"heaps\s+of|a\s+bunch\s+of|a\s+lot\s+of|plenty\s+of|another|few|the|your)"
)
#: A short phrase a preference or a comparison names ("conversation", "grammar drills").
_EN_PHRASE = r"[\w'+#-]+(?:\s+[\w'+#-]+){0,2}?"
#: What ends a comparison said in passing ("… pls", "… any day", "… for me").
_EN_COMPARISON_END = (
    r"(?=\s*(?:$|[,.;!?)]|\b(?:pl(?:ea)?s|please|any\s*day|every\s*time|for\s+me|tbh|lol|honestly|"
    r"always)\b))"
)
#: A comparison: "conversation > grammar drills", "tabs over sheet music pls".
_EN_COMPARISON = (
    rf"(?:^|[,.;:!]\s*|\b(?:yes|yeah|pls|please|honestly|tbh|ngl|def(?:initely)?|always|so|i\s+prefer|"
    rf"i'?d\s+(?:much\s+)?(?:rather|prefer|pick|choose)(?:\s+(?:have|use|do|get|see))?)\s*,?\s+)"
    rf"(?P<object>{_EN_PHRASE})\s*"
    rf"(?:(?<![-=<])>+(?!=)|\bover\b)\s*(?P<other>{_EN_PHRASE})(?:\s+thing)?{_EN_COMPARISON_END}"
)
#: A request that names what it is not: "can u just send tabs not the dots thing".
_EN_NOT_THAT = (
    rf"\b{_EN_PLEASE}(?:just\s+)?(?:send|give|show|use|do|write|make|teach)\s+(?:me\s+|us\s+)?"
    rf"(?:(?:the|some|more|like)\s+)*(?P<object>{_EN_PHRASE})\s*,?\s+(?:not|instead\s+of|rather\s+than)"
    rf"\s+(?:the\s+|a\s+|an\s+|any\s+|with\s+)?(?P<other>{_EN_PHRASE})(?:\s+thing)?"
    rf"{_EN_COMPARISON_END}"
)


#: What learning by each sense is called ("用听的": by ear).
_ZH_SENSES = {"听": "听", "看": "视觉", "写": "写下来", "画": "画图", "做": "动手"}
#: What a domain an example is asked from may not be: a pointer, the book, the tutor's own.
_ZH_NOT_A_DOMAIN = (
    r"(?!上面|下面|前面|刚才|这个|那个|这种|那种|书上|书里|课本|老师|你|别的|其他|具体|实际|简单)"
)
#: A domain examples are asked from, in a word or two: "football", "my own data".
_EN_DOMAIN = r"(?:my\s+|our\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?"
#: Words that name no domain in "use X examples", "examples from X": amounts, kinds, pointers.
_EN_NOT_A_DOMAIN = re.compile(
    r"^(?:it|this|that|these|those|the|a|an|real|actual|concrete|simple|easy|easier|hard|harder|"
    r"more|some|any|few|couple|same|other|different|new|good|better|your|ur|worked|full|"
    r"real[\s-]life|everyday(?:\s+life)?|life|the\s+book|the\s+textbook|class|\d+\w*)$",
    re.IGNORECASE,
)


def _domain_examples(found: re.Match[str]) -> str | None:
    """Examples asked from a named domain, named as a tutor would note it: "football examples"
    of "use football examples", "bakery examples" of "examples from a bakery", "own data
    examples" of "that example with my own data", "比赛例子" of "讲比赛里的例子"."""
    groups = found.groupdict()
    named_as = ("domain", "domain_question", "domain_asked", "domain_after")
    domain = next(groups[g] for g in named_as if groups.get(g))
    if has_han(domain):
        return f"{domain}{groups['noun'] or groups['asked']}"
    bare = re.sub(r"^(?:my|our)\s+", "", domain.strip(), flags=re.IGNORECASE)
    cleaned = clean_objects(bare, "en", False)
    named = cleaned[0].lower() if cleaned else ""
    return None if not named or _EN_NOT_A_DOMAIN.match(named) else f"{named} examples"


_WORDY = re.compile(r"^(?=.*[A-Za-z]{3})[^\d]+$")


def _side(found: re.Match[str], group: str) -> str | None:
    """One side of a comparison, cleaned, if it is words ("P 4->5" compares numbers)."""
    cleaned = clean_objects(found[group], "en", False)
    return cleaned[0] if cleaned and _WORDY.match(cleaned[0]) else None


def _is_format(phrase: str | None) -> bool:
    """Whether a phrase names a way of being taught, by itself or by its head ("grammar drills")."""
    if not phrase:
        return False
    entry = vocabulary.lookup(phrase) or vocabulary.lookup(phrase.split()[-1])
    return entry is not None and entry.kind is EntityKind.STYLE


def _chosen_in_request(found: re.Match[str]) -> str | None:
    """What a request chooses over something else ("tabs" of "send tabs not the dots thing")."""
    return _side(found, "object") if _side(found, "other") else None


def _chosen(found: re.Match[str]) -> str | None:
    """What a comparison said in passing chooses, when it compares ways of being taught
    ("conversation" of "conversation > grammar drills"; "mom > dad" compares none)."""
    chosen, other = _side(found, "object"), _side(found, "other")
    return chosen if other and (_is_format(chosen) or _is_format(other)) else None


def _format_passed_over(found: re.Match[str]) -> str | None:
    """What a comparison passes over, when it is a way of being taught ("grammar drills",
    "paragraphs"): a dislike of it; "the dots thing" or "lunch" names no format."""
    other = _side(found, "other") if _side(found, "object") else None
    return other if _is_format(other) else None


def _comparison_rules() -> tuple[Rule, ...]:
    """Both halves of each way of saying "this, not that": a liking of what is chosen (a way
    of learning, by the engine's vocabulary, or a thing preferred: "tabs") and a dislike of
    what is passed over, when that is a way of being taught."""
    said = (
        (
            "comparison",
            _EN_COMPARISON,
            _chosen,
            r">|\bover\b",
            "conversation > grammar drills",
            None,
        ),
        (
            "not_that",
            _EN_NOT_THAT,
            _chosen_in_request,
            r"\bnot\b|instead|rather",
            "can u just send tabs not the dots thing",
            "can you do a table not long paragraphs pls",
        ),
    )
    return tuple(
        made
        for name, pattern, chosen, trigger, example, passed_over in said
        for made in (
            composed(
                f"preference_en_{name}",
                chosen,
                EventType.PREFERENCE,
                pattern,
                0.75,
                f"What a comparison chooses: '{example}'.",
                (example,),
                object_kind=EntityKind.TOPIC,
                relation=RelationKind.PREFERS,  # a choice between two, not a liking of one
                trigger=trigger,
            ),
            composed(
                f"dislike_en_{name}",
                _format_passed_over,
                EventType.DISLIKE,
                pattern,
                0.75,
                f"The way of being taught a comparison passes over: '{passed_over or example}'.",
                (passed_over or example,),
                object_kind=EntityKind.STYLE,
                trigger=trigger,
            ),
        )
    )


_RULES: tuple[Rule, ...] = (
    composed(
        "preference_en_convention_please",
        lambda found: _EN_CONVENTION_NAMES.get(
            (found["object"] or found["object2"]).lower(), found["object"] or found["object2"]
        ),
        EventType.PREFERENCE,
        rf"(?<!\bor\s)\b(?P<object>{_EN_CONVENTION})\s+(?:only\s+)?(?:pl(?:ea)?s|please|if\s+(?:you|u)\s+can)\b"
        r"(?![^.!?]*\?)|"
        rf"\b(?:pl(?:ea)?s|please|can\s+(?:you|u)|could\s+(?:you|u))\s+(?:just\s+)?(?:use|stick\s+to|write\s+in)\s+"
        rf"(?P<object2>{_EN_CONVENTION})\b",
        0.8,
        "A convention asked for: 'British spelling please', 'pls use metric'.",
        ("British spelling please, my teacher marks down 'color'", "pls use metric"),
        object_kind=EntityKind.STYLE,
        relation=RelationKind.PREFERS,
        trigger=r"spelling|metric|imperial|celsius|fahrenheit|units|english",
    ),
    rule(
        "preference_zh_bigger_text",
        EventType.PREFERENCE,
        r"(?<![这那个一])字(?:体)?(?:能不能|能|可以|可不可以|麻烦)?(?:再)?(?:大|放大|调大)(?:一?点|些)"
        r"(?=$|[\s,.!?~]|不|吗|呢|吧|呗|好吗|行吗)",
        0.8,
        "字要大点：'字能不能大一点'、'字能大点不'。",
        ("眼神不好 字能不能大一点", "俺今年五十八，眼神不好，字能大点不"),
        object_kind=EntityKind.STYLE,
        relation=RelationKind.PREFERS,
        fixed_object="大字",
        trigger=r"字",
    ),
    composed(
        "preference_en_after_each",
        lambda found: _EN_ROUTINE_NAMES.get(found["object"].lower().split()[-1], found["object"]),
        EventType.PREFERENCE,
        r"(?:\b(?:give|send|throw)\s+me\s+(?:some\s+|a\s+few\s+|more\s+|a\s+couple\s+(?:of\s+)?)?|"
        r"\bI\s+(?:really\s+)?(?:love|like|want|need)\s+(?:it\s+when\s+you\s+quiz\s+me|a\s+(?:quick\s+|short\s+|"
        r"little\s+)?(?=quiz))|\bI\s+(?:really\s+)?(?:love|like)\s+(?:it\s+)?when\s+(?:you|u)\s+(?=quiz\s+me))"
        r"(?P<object>practice\s+(?:questions|problems)|quiz(?:zes)?(?:\s+me)?|flashcards|exercises|"
        r"(?:a\s+)?summary|summaries)\s+(?:after|at\s+the\s+end(?:\s+of)?)(?:\s+(?:each|every)\b)?",
        0.8,
        "A routine asked for, at the end of each part: 'give me practice questions after each "
        "topic', 'I love a quiz at the end of each chapter', 'I like when you quiz me at the end'.",
        (
            "give me practice questions after each topic pls",
            "I love a quiz at the end of each chapter",
            "I like when you quiz me at the end, keep doing that",
        ),
        object_kind=EntityKind.STYLE,
        relation=RelationKind.PREFERS,
        trigger=r"after|at\s+the\s+end",
    ),
    composed(
        "preference_zh_after_each",
        lambda found: (
            found["object"].removeprefix("小") if found["object"] == "小测试" else found["object"]
        ),
        EventType.PREFERENCE,
        r"(?:每(?:讲完|学完|上完|做完)?(?:一个|一节|一章|一课|个)?[\u4e00-\u9fff]{0,4}?|最后|结束(?:的时候|前)?)"
        r"(?:都)?(?:给我|帮我)(?:出|来)(?:几道|个|一个|一些|点|几个|一套)?"
        r"(?P<object>练习题|小测验|测验|小测试|测试题|习题|小结|总结)",
        0.8,
        "每讲完一部分要的练习：'每讲完一个知识点给我出几道练习题吧'、'最后给我来个小测验'。",
        ("每讲完一个知识点给我出几道练习题吧", "最后给我来个小测验！每章都要"),
        object_kind=EntityKind.STYLE,
        relation=RelationKind.PREFERS,
        trigger=r"给我|帮我",
    ),
    rule(
        "preference_en_one_question_at_a_time",
        EventType.PREFERENCE,
        r"\b(?:can|could|would)\s+(?:you|u|we)\s+(?:just\s+|pls\s+|please\s+)?(?:ask\s+(?:me\s+)?|"
        r"do\s+(?:it\s+)?|go\s+|stick\s+to\s+)(?:one|1)\s+question\s+at\s+a\s+time\b|"
        r"(?:^|(?<=[,.;!])\s*|\b(?:just|only)\s+)(?:one|1)\s+question\s+at\s+a\s+time\b(?=\s*"
        r"(?:pl(?:ea)?s|please|$|,|[.!]\s*I\s+get\s+(?:lost|confused|overwhelmed)))",
        0.8,
        "Being asked one question at a time: 'one question at a time please'.",
        ("one question at a time please", "can you ask me one question at a time?"),
        object_kind=EntityKind.STYLE,
        relation=RelationKind.PREFERS,
        fixed_object="one question at a time",
        trigger=r"question\s+at\s+a\s+time",
    ),
    rule(
        "preference_zh_one_question_at_a_time",
        EventType.PREFERENCE,
        r"(?:(?:能不能|可不可以|可以|麻烦|请)(?:你)?(?P<asked>)|(?:^|(?<=[\s,.!~;])))(?:一次|每次)(?:只)?"
        r"(?:问我?|出|给我?|来)?(?:一个|一道|1个|1道)(?:问题|题)"
        r"(?(asked)|(?=(?:就)?(?:好吗|行吗|可以吗|吧|就好|就行|就够了)))",
        0.8,
        "一次只问一个问题：'一次只问我一个问题好吗'。",
        ("一次只问我一个问题好吗", "每次只出一道题就行"),
        object_kind=EntityKind.STYLE,
        relation=RelationKind.PREFERS,
        fixed_object="一次一个问题",
        trigger=r"一个|一道|1个|1道",
    ),
    rule(
        "style_en_draw_it",
        EventType.LEARNING_STYLE,
        rf"\b{_EN_PLEASE}(?:draw|sketch|diagram|visuali[sz]e)\b"
        r"(?![^.!?]*\b(?:as|in|into|on)\s+an?\s+(?:timeline|table|graph|chart|list|mind\s+map))",
        0.75,
        "A request for a picture: 'can u like draw it or smth??' (style: visual diagrams).",
        ("can u like draw it or smth??", "could you sketch it for me"),
        object_kind=EntityKind.STYLE,
        fixed_object="visual diagrams",
    ),
    rule(
        "style_en_as_a",
        EventType.LEARNING_STYLE,
        rf"\b(?:{_EN_PLEASE}(?:\w+\s+){{0,4}}?|\b)(?<!doing\s)(?:as|in|on|into|with)\s+(?:a\s+|an\s+|some\s+|little\s+)*"
        rf"(?:little\s+|quick\s+|simple\s+)?(?P<object>timeline|table|graph|chart|diagram|picture|"
        r"mind\s+map|list|bullet\s+points|bullets|flashcards?)s?\b(?=[^.!?]*(?:\?|pl(?:ea)?s|$))",
        0.75,
        "A request for a form: 'could you sketch it as a timeline??', 'In a table, please.'",
        ("could you sketch it as a timeline??", "In a table, please.", "can u show it on a graph"),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_en_works_for_me",
        EventType.LEARNING_STYLE,
        rf"(?P<object>(?:[\w-]+\s+){{0,2}}?{_EN_STYLE_NOUN})(?:\s*\+\s*[\w\s]{{1,30}})?\s+(?:is|are)\s+"
        r"(?:literally\s+|honestly\s+|really\s+)?(?:what|the\s+only\s+thing\s+(?:that(?:'s|\s+has)?|"
        r"thats))\s+(?:ever\s+)?work(?:s|ed)?\s+(?:best\s+)?for\s+(?:me|my\b)",
        0.85,
        "What works: 'diagrams + lots of problems is what works for me'.",
        (
            "diagrams + lots of problems is what works for me",
            "mnemonics are literally the only thing that works for me",
            "anki + spaced repetition is the only thing that's worked for my vocab",
        ),
        object_kind=EntityKind.STYLE,
        split_objects=True,
        trigger=r"work(?:s|ed)?\s+(?:best\s+)?for\s+(?:me|my)",
    ),
    rule(
        "style_en_helps",
        EventType.LEARNING_STYLE,
        rf"(?:seeing\s+|having\s+|with\s+)?(?:a\s+|the\s+)?(?P<object>(?:[\w-]+\s+){{0,2}}?"
        rf"{_EN_STYLE_NOUN})(?:\s+thing)?(?:\s+again)?(?:,?\s+(?:that|it|this))?\s+"
        r"(?:actually\s+|really\s+|totally\s+|def(?:initely)?\s+)?"
        r"(?:helps?|helped|made\s+it\s+click|(?:was|is|were|are)\s+(?:a\s+|such\s+a\s+)?"
        r"(?:game[\s-]?changers?|life[\s-]?savers?|godsend|huge\s+help|massive\s+help))\b",
        0.75,
        "A way of learning that helped: 'the box picture thing actually helped', 'the overhead "
        "video was a game changer'.",
        (
            "can u do the box picture thing again, that actually helped",
            "seeing a full example helps way more",
            "the overhead video was a game changer",
        ),
        object_kind=EntityKind.STYLE,
        trigger=r"\bhelp|\bclick|chang|saver|godsend",
    ),
    rule(
        "style_en_better_with",
        EventType.LEARNING_STYLE,
        rf"\b(?:I'?m|I\s+am|im)\s+(?:way\s+|much\s+|so\s+much\s+|a\s+lot\s+)?better\s+(?:w/?|with|at)\s+"
        rf"(?P<object>(?:[\w-]+\s+){{0,1}}?{_EN_STYLE_NOUN})\s+than\b",
        0.85,
        "'im way better w graphs than formulas'.",
        ("im way better w graphs than formulas",),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_en_a_over_b",
        EventType.LEARNING_STYLE,
        rf"(?P<object>{_EN_STYLE_NOUN})\s*>+\s*(?:long\s+)?(?:paragraphs|text|walls\s+of\s+text|"
        r"lectures?|videos?|essays?)\b",
        0.85,
        "A preference written as a comparison: 'bullets > paragraphs'.",
        ("bullets > paragraphs",),
        object_kind=EntityKind.STYLE,
        trigger=r">",
    ),
    rule(
        "style_en_keep_it_short",
        EventType.LEARNING_STYLE,
        r"\b(?:pl(?:ea)?s\s+|please\s+|can\s+(?:u|you)\s+)?keep\s+(?:it|them|things|answers|"
        r"explanations)\s+(?:short|brief|simple)\b|\b(?:short|shorter)\s+(?:answers|explanations)\s+pl(?:ea)?s\b",
        0.75,
        "'pls keep it short tho' (style: short explanations).",
        ("ok. pls keep it short tho, im reading this on my 3am break",),
        object_kind=EntityKind.STYLE,
        fixed_object="short explanations",
    ),
    rule(
        "style_en_step_by_step",
        EventType.LEARNING_STYLE,
        r"\b(?:one|1)\s+step\s+at\s+a\s+time\b|\bstep[\s-]+by[\s-]+step\b(?=[^.!?]*(?:\?|pl(?:ea)?s|"
        r"helps?|works?|better|$))|\b(?:go|explain)\s+(?:it\s+)?(?:more\s+|a\s+(?:bit|little)\s+)?slow(?:ly|er)\b",
        0.75,
        "'can we go one step at a time?', 'explain it slower pls' (style: step by step).",
        ("can we go one step at a time?", "explain it slower pls"),
        object_kind=EntityKind.STYLE,
        fixed_object="step by step",
    ),
    rule(
        "style_en_worked_first",
        EventType.LEARNING_STYLE,
        rf"\b{_EN_PLEASE}(?:do|show|walk\s+(?:me\s+)?through)\s+(?:another\s+|one\s+)?(?:full\s+)?"
        r"(?:worked\s+(?:one|example)|one\s+all\s+the\s+way\s+through|an?\s+example)",
        0.75,
        "A request to see it done first: 'can you do one all the way through first'.",
        (
            "can you do one all the way through first and then i try one?",
            "can u do another full worked one first",
        ),
        object_kind=EntityKind.STYLE,
        fixed_object="worked examples",
    ),
    rule(
        "style_en_quiz_me",
        EventType.LEARNING_STYLE,
        rf"\b{_EN_PLEASE}(?:just\s+)?(?:quiz|test)\s+me\b(?!\s*,?\s*(?:[\w-]+\s+){{0,2}}style\b)|"
        rf"\b{_EN_PLEASE}(?:just\s+)?give\s+me\s+"
        r"(?:like\s+)?(?:a\s+bunch\s+of|some|more|lots\s+of|a\s+few)\s+(?P<object>practice\s+"
        r"(?:problems|questions)|problems|exercises|questions)",
        0.75,
        "'can u just give me like a bunch of practice problems?', 'can you quiz me'.",
        ("can u just give me like a bunch of practice problems?", "can you quiz me"),
        object_kind=EntityKind.STYLE,
        fixed_object="practice problems",
    ),
    rule(
        "style_en_x_style",
        EventType.LEARNING_STYLE,
        rf"\b(?:quiz|test|teach|explain\s+(?:it|this|that)\s+to)\s+me\s*,?\s*(?:in\s+)?"
        rf"(?P<object>{_EN_STYLE_NOUN})[\s-]+style\b",
        0.75,
        "A request that names its form: 'can u quiz me, mnemonics style'.",
        ("can u quiz me, mnemonics style", "test me flashcards style pls"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"style",
    ),
    rule(
        "style_en_comparisons",
        EventType.LEARNING_STYLE,
        rf"\b{_EN_PLEASE}(?:explain|teach|do)\s+(?:stuff|things|it)\s+(?:like\s+that|that\s+way|"
        r"with\s+(?!(?:code|worked|full|more|some|real|actual|concrete|practice)\s)(?:\w+\s+)?(?:comparisons|"
        r"analogies|examples))|\b(?:\w+\s+)?(?:comparisons|analogies)\s+"
        r"(?:pl(?:ea)?s|help|work)\b",
        0.75,
        "'can u explain stuff like that? cooking comparisons' (style: analogies).",
        ("can u explain stuff like that? cooking comparisons",),
        object_kind=EntityKind.STYLE,
        fixed_object="analogies",
    ),
    rule(
        "dislike_en_glaze_over",
        EventType.DISLIKE,
        r"(?P<object>\b(?:long\s+|huge\s+|big\s+)?(?:walls?\s+of\s+text|paragraphs|text|lectures?|"
        r"videos?|reading\s+(?:the\s+)?docs|docs|textbooks?|formulas|essays?|explanations))\s+"
        r"(?:make[s]?\s+my\s+eyes\s+glaze(?:\s+over)?|put[s]?\s+me\s+to\s+sleep|(?:and\s+)?i\s+just\s+"
        r"(?:skim|zone\s+out|tune\s+out|scroll)|bore[s]?\s+me|(?:is|are)\s+(?:so\s+)?boring)",
        0.8,
        "A reaction that shows a dislike: 'walls of text make my eyes glaze over'.",
        (
            "walls of text make my eyes glaze over fr",
            "reading docs puts me to sleep",
            "long paragraphs and i just skim",
        ),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "dislike_en_no_more",
        EventType.DISLIKE,
        r"\b(?:pl(?:ea)?s|please)\s+no\s+(?:more\s+)?(?P<object>(?:huge\s+|long\s+|big\s+)?(?:paragraphs|"
        r"walls\s+of\s+text|essays|lectures|videos|jargon|formulas))\b",
        0.75,
        "'pls no huge paragraphs in feedback'.",
        ("pls no huge paragraphs in feedback",),
        object_kind=EntityKind.STYLE,
    ),
    # --- formats asked for, hedged and slangy ("can u do it with like an actual psych example?") --
    rule(
        "style_en_real_life_example",
        EventType.LEARNING_STYLE,
        r"\b(?:with|in|using|from|through)\s+(?:like\s+)?(?:an?\s+|some\s+|more\s+)?"
        r"(?:real[\s-]*life|real[\s-]*world|everyday|daily[\s-]*life)\s+(?:examples?|situations?|"
        r"stuff|scenarios?)\b",
        0.75,
        "Real-life examples asked for: 'explain it with real-world examples pls'.",
        ("explain it with real-world examples pls", "can u do it using everyday situations"),
        object_kind=EntityKind.STYLE,
        fixed_object="real-life examples",
        trigger=r"real|everyday|daily",
    ),
    rule(
        "style_en_memory_trick",
        EventType.LEARNING_STYLE,
        rf"(?:{_EN_ASK}[^.!?]{{0,40}}?{_EN_MNEMONIC}|{_EN_MNEMONIC}(?=[^.!?]{{0,30}}?(?:\?|"
        r"\bpl(?:ea)?s\b|\bplease\b|\b(?:helps?|helped|works?|worked|sticks?|stuck)\b)))",
        0.75,
        "A memory trick asked for: 'can u give me like a picture trick?' (mnemonics).",
        (
            "can u give me like a picture trick?",
            "is there a rhyme or something to remember it?",
            "a visual mnemonic would help",
        ),
        object_kind=EntityKind.STYLE,
        fixed_object="mnemonics",
        trigger=r"trick|hack|mnemonic|rhyme|acronym|hook|remember|memori",
    ),
    rule(
        "style_en_quick_quiz",
        EventType.LEARNING_STYLE,
        rf"(?:{_EN_LASTING}[^.!?]{{0,40}}?{_EN_QUIZ}|{_EN_QUIZ}(?=[^.!?]{{0,40}}?"
        rf"(?:{_EN_LASTING}|{_EN_WORKS})))",
        0.75,
        "Quizzing asked for to keep: 'can you always fire quick questions at me like a quiz?'.",
        (
            "can you always fire quick questions at me like a quiz?",
            "pls do a quick quiz again on the last two",
            "rapid fire helps me",
        ),
        object_kind=EntityKind.STYLE,
        fixed_object="quizzes",
        trigger=r"quiz|questions|\bqs\b|rapid",
    ),
    rule(
        "style_en_few_at_a_time",
        EventType.LEARNING_STYLE,
        rf"(?:{_EN_ASK}[^.!?]{{0,40}}?{_EN_CHUNKS}|{_EN_CHUNKS}(?=[^.!?]{{0,40}}?(?:\?|"
        r"\bpl(?:ea)?s\b|\bplease\b|\b(?:helps?|works?|better)\b|\band\s+(?:tell|check|quiz|"
        r"test|correct)\b)))",
        0.75,
        "Small chunks asked for: 'can we go one idea at a time?', 'in small chunks pls'.",
        (
            "can we go one idea at a time?",
            "can we do it in small chunks",
            "break it into smaller steps pls",
        ),
        object_kind=EntityKind.STYLE,
        fixed_object="small steps",
        trigger=r"at\s+a\s+time|chunks|bite|pieces|bits|smaller|small\s+steps",
    ),
    rule(
        "style_en_drill_batches",
        EventType.LEARNING_STYLE,
        rf"(?:{_EN_LASTING}[^.!?]{{0,40}}?{_EN_BATCH}|{_EN_BATCH}(?=[^.!?]{{0,40}}?"
        rf"(?:{_EN_LASTING}|{_EN_WORKS})))",
        0.75,
        "A few at a time, to keep: 'always give me 3 notes at a time and tell me right/wrong'.",
        (
            "just give me 3 notes at a time again and tell me right/wrong",
            "quiz me like two at a time, that works",
        ),
        object_kind=EntityKind.STYLE,
        fixed_object="short drills",
        trigger=r"at\s+a\s+time",
    ),
    rule(
        "style_en_drill",
        EventType.LEARNING_STYLE,
        rf"(?:{_EN_LASTING}[^.!?]{{0,40}}?{_EN_DRILL}|{_EN_DRILL}(?=[^.!?]{{0,40}}?"
        rf"(?:{_EN_LASTING}|{_EN_WORKS})))|\b(?:more|daily|regular|lots\s+of)\s+drills?\b"
        r"(?!\s+(?:bits?|press))|\bdrills?\s+(?:help|work)\b|\bdrilling\s+(?:helps|works)\b",
        0.75,
        "Drills asked for to keep: 'can we drill those 4 again', 'more drills pls' (drills).",
        (
            "can we just drill those 4 again",
            "more drills pls",
            "drill me on the modes every time",
        ),
        object_kind=EntityKind.STYLE,
        fixed_object="drills",
        trigger=r"drill|practi",
    ),
    rule(
        "style_en_shortcuts",
        EventType.LEARNING_STYLE,
        rf"{_EN_ASK}[^.!?]{{0,40}}?\b(?:short[\s-]?cuts?|(?:quick|easy|fast|neat|sneaky)\s+"
        r"(?:tricks?|hacks?|ways?)|tricks?\s+like\s+(?:that|this)|hacks?|the\s+trick)\b"
        r"(?!\s+(?:to|for)\s+(?:remember|memori))|\bshort[\s-]?cuts?\s+(?:like\s+(?:that|this)\s+)?"
        r"(?:help|work|are\s+(?:the\s+)?best)\b",
        0.7,
        "Shortcut methods asked for: 'can you always show me the shortcut like that?'.",
        ("can you always show me the shortcut like that?", "pls give me more quick tricks"),
        object_kind=EntityKind.STYLE,
        fixed_object="shortcut methods",
        trigger=r"short|trick|hack",
    ),
    rule(
        "style_en_make_me_a",
        EventType.LEARNING_STYLE,
        rf"\b{_EN_PLEASE}(?:just\s+)?(?:make|do|draw\s+up|put\s+together|whip\s+up|build|write\s+up)"
        r"\s+(?:me\s+|us\s+)?(?:a|an|some)\s+(?:quick\s+|little\s+|simple\s+|small\s+|short\s+|"
        r"comparison\s+)?(?P<object>table|chart|timeline|mind\s+map|diagram|flowchart|flow\s+chart|"
        r"cheat\s+sheet|flashcards)s?\b",
        0.75,
        "A form asked for by making it: 'can you make me a table of the tenses?'.",
        ("can you make me a table of the tenses?", "pls do a quick timeline"),
        object_kind=EntityKind.STYLE,
        object_required=True,
    ),
    # --- reactions that show a dislike of long text ---------------------------------------------
    rule(
        "dislike_en_long_text",
        EventType.DISLIKE,
        rf"\bi\s+(?:\w+\s+)?(?:{_EN_TUNE_OUT})\b[^.!?]{{0,25}}?\b(?:when|with|if|at|whenever|during|"
        rf"on)\b[^.!?]{{0,20}}?(?:{_EN_LONG_TEXT})|(?<!sorry\sfor\s)(?<!sorry\sabout\s)"
        rf"(?<!sorry\sfor\sthe\s)(?:{_EN_LONG_TEXT})[^.!?]{{0,30}}?\b(?:{_EN_TUNE_OUT}|{_EN_REACTION})|"
        r"(?<!sorry\s)(?<!sorry\sfor\s)\b(?:(?:way\s+|just\s+|kinda\s+)?too\s+much\s+(?:text|"
        r"writing|to\s+read)|(?:way\s+)?too\s+many\s+words|(?:way\s+|so\s+|too\s+)wordy)\b"
        r"(?!\s+(?:for\s+(?:an?\s+|the\s+|my\s+)?(?:essay|assignment|word\s+limit)))|"
        r"\b(?:your|ur|that|this|the)\s+(?:last\s+|previous\s+|first\s+)?(?:answer|explanation|reply|"
        r"message|response|text|paragraph)s?\s+(?:is|are|was|were|'s)\s+(?:way\s+|kinda\s+|a\s+bit\s+|"
        r"so\s+|really\s+|super\s+|just\s+)*(?:too\s+)?(?:long|wordy)\b",
        0.75,
        "Long text reacted to: 'i switch off when its big paragraphs', 'too much text honestly'.",
        (
            "i switch off when its big paragraphs",
            "too much text honestly, my brain melts",
            "ur explanation was kinda too long",
            "big blocks of text just lose me",
        ),
        object_kind=EntityKind.STYLE,
        fixed_object="long explanations",
        trigger=r"text|paragraph|words|wordy|explanation|answer|repl|message|response|essay",
    ),
    composed(
        "dislike_en_long_media",
        lambda found: f"long {found['medium'].lower().rstrip('s')}s",
        EventType.DISLIKE,
        # someone else's ("my dad's podcasts") are not what the user sits through
        r"(?<!'s\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)\b(?:the\s+|these\s+|those\s+|all\s+the\s+)?"
        r"(?:youtube\s+|video\s+|online\s+)?(?P<medium>videos?|lectures?|tutorials?|podcasts?|courses?)"
        r"\b[^.!?,]{0,20}?\b(?:are|is|were|was)\s+(?:like\s+|all\s+|literally\s+|almost\s+|over\s+)*"
        # a length said plainly is too long only when the turn says so ("…, j'ai pas le temps")
        r"(?:(?:[2-9]\d|\d{3})\s*-?\s*(?:min(?:ute)?s?|mins)\s+long(?=[^\n]{0,80}?(?:no\s+time|"
        r"(?:don'?t|do\s+not)\s+have\s+(?:the\s+)?time|pas\s+le\s+temps|too\s+long|short|can'?t|never|"
        r"ugh|boring|zone\s+out))|(?:way\s+|so\s+|too\s+)+long)\b",
        0.75,
        "Media too long for the user: 'the youtube videos on this are 40 min long, j'ai pas le "
        "temps' (long videos).",
        (
            "the youtube videos on this are 40 min long, j'ai pas le temps",
            "the lectures are way too long",
        ),
        object_kind=EntityKind.STYLE,
        trigger=r"long",
    ),
    # --- "no X please": a teaching format the user does not want ---------------------------------
    rule(
        "dislike_en_no_format",
        EventType.DISLIKE,
        r"(?:\b(?:pl(?:ea)?s|please|plz)\s+no\s+(?:more\s+)?|\b(?:don'?t|do\s+not|dont|stop|quit)\s+"
        r"(?:using|use|giving\s+me|give\s+me|send(?:ing)?\s+me|putting|adding|writing|throwing\s+in|"
        r"with\s+the)\s+(?:the\s+|any\s+|so\s+much\s+|all\s+the\s+|more\s+|those\s+|that\s+|them\s+)?|"
        # "cant be doing with tables", "keep the jargon to a minimum"
        r"\bcan'?t\s+be\s+doing\s+with\s+(?:the\s+|all\s+the\s+|them\s+)?|"
        rf"\bkeep\s+(?:the\s+)?(?=(?:{_EN_FORMAT})\s+to\s+a\s+minimum)|"
        rf"\bno\s+(?:more\s+)?(?=(?:{_EN_FORMAT})\s+(?:pl(?:ea)?s|please|plz|anymore|{_EN_IN_YOUR})\b)|"
        rf"\bwithout\s+(?:the\s+|any\s+|all\s+the\s+)?(?=(?:{_EN_FORMAT})\s+(?:pl(?:ea)?s|please)\b)|"
        # "explain without all those greek letters": what the explanation is asked to leave out
        r"\b(?:explain|teach|show|write|do)\s+(?:it\s+|this\s+|that\s+|things\s+|stuff\s+)?(?:to\s+me\s+)?"
        r"without\s+(?:the\s+|any\s+|all\s+(?:the\s+|those\s+|these\s+)?|those\s+|these\s+|so\s+many\s+)?)"
        rf"(?P<object>{_EN_FORMAT})\b",
        0.75,
        "A format not wanted: 'pls no romaji in ur examples', 'dont use so much jargon'.",
        (
            "pls no romaji in ur examples",
            "dont use so much jargon",
            "no formulas pls",
            "abeg explain without all those greek letters",
            "pls dont send me them big verb tables, cant be doing with tables",
            "Please do keep the jargon to a minimum, dear.",
        ),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"\bno\b|don'?t|dont|do\s+not|stop|quit|without|doing\s+with|minimum",
    ),
    rule(
        "dislike_en_no_in_examples",
        EventType.DISLIKE,
        r"\bno\s+(?:more\s+)?(?P<object>(?!(?:i|you|u|we|it|that|this|problem|worries|idea|clue|way|"
        r"rush|thanks|thank|pressure|need|one|more|sorry|offense|offence|kidding|joke|doubt|mistakes?|"
        r"errors?|typos?)\b)[\w-]+(?:\s+[\w-]+)?)\s+"
        rf"{_EN_IN_YOUR}\b",
        0.7,
        "Something kept out of the explanations: 'no kanji in your examples yet'.",
        ("no kanji in your examples yet", "no fractions in the examples pls"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"\bno\b",
    ),
    rule(
        "style_en_is_there_a",
        EventType.LEARNING_STYLE,
        r"\b(?:is\s+there|are\s+there|do\s+you\s+have|have\s+you\s+got|(?:you|u)\s+got)\s+"
        r"(?:an?\s+|any\s+)?(?:good\s+|short\s+|quick\s+)?(?P<object>videos?|diagrams?|pictures?|animations?|"
        r"clips?)\b[^.!?]*\?",
        0.75,
        "A medium asked for: 'Is there a video you could point me to?'.",
        ("I'd much rather watch someone do it. Is there a video you could point me to?",),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"\bvideo|diagram|picture|animation|clip",
    ),
    rule(
        "style_en_explain_only_when_wrong",
        EventType.LEARNING_STYLE,
        r"\b(?:no\s+|don'?t\s+(?:need\s+)?(?:the\s+)?|skip\s+the\s+)(?:explanations?|explaining|explain)\s+"
        r"(?:unless|until|except\s+(?:when|if))\s+I\s+(?:get|got|mess)\s+(?:one|it|something|them|any)?\s*"
        r"(?:wrong|up)|\bonly\s+explain\s+(?:it\s+|things\s+)?(?:when|if)\s+I(?:'m|\s+am|\s+get\s+\w+)\s+"
        r"wrong",
        0.8,
        "Explanations only for mistakes: 'give me 10 more as a quiz, no explanations unless i get "
        "one wrong', 'only explain when I'm wrong'.",
        ("can u give me like 10 more as a quiz, no explanations unless i get one wrong",),
        object_kind=EntityKind.STYLE,
        fixed_object="explanations only when wrong",
        trigger=r"wrong|\bup\b",
    ),
    rule(
        "dislike_zh_way_not_wanted",
        EventType.DISLIKE,
        rf"(?:^|(?<=[\s,，。!！~]))(?P<object>{_ZH_STYLE_NOUN})(?:就|真的|还是)?(?:不要|免了)"
        r"(?=$|[\s,，。!！~]|了|吧|啦)",
        0.75,
        "不要的讲法：'口诀不要 我就多做题'（口诀）。",
        ("口诀不要 我就多做题 做错了反而记得牢",),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"不要|免了",
    ),
    rule(
        "style_zh_format_said",
        EventType.LEARNING_STYLE,
        r"(?:能不能|能否|可以|可不可以|麻烦|请|你)(?:再)?(?:给我)?(?P<object>分点|分条|列要点|一条一条)"
        r"(?:地)?(?:说|讲|列|写|来|回答)",
        0.75,
        "要的回答格式：'能不能分点说'（分点）。",
        ("太长了 能不能分点说 我看长段落就犯困", "麻烦分条讲一下"),
        object_kind=EntityKind.STYLE,
        trigger=r"分点|分条|要点|一条一条",
    ),
    rule(
        "style_zh_explain_only_when_wrong",
        EventType.LEARNING_STYLE,
        r"(?:做)?错了(?:你)?再(?:给我)?(?:讲|解释)|(?:不用|别|不要)(?:每道|每题)?(?:都)?(?:讲|解释)"
        r"[^,，。!?\s]{0,4}(?:错了|做错)再",
        0.8,
        "只讲做错的：'直接出题 错了再讲'。",
        ("直接出题 错了再讲", "不用每道都讲 做错了再给我讲"),
        object_kind=EntityKind.STYLE,
        fixed_object="错了再讲",
        trigger=r"错了",
    ),
    rule(
        "style_en_do_it_with",
        EventType.LEARNING_STYLE,
        rf"\b{_EN_PLEASE}(?:just\s+)?(?:do(?:\s+me)?|use|try|give\s+me|show\s+me|send(?:\s+me)?|make\s+it|"
        r"(?:point|link|direct)\s+me\s+to|find\s+me|recommend|suggest|"
        # how the next ones come: "give me like 10 more as a quiz"
        r"(?:give|send)\s+me\s+(?:like\s+)?(?:\d+|a\s+few|some|a\s+couple)\s+(?:more\s+)?(?:as|in)|"
        r"(?:write|set|lay|break)\s+(?:(?:it|things|stuff|them|this|that|everything)\s+)?(?:(?:out|up|down)\s+)?"
        r"(?:in|as|into)|"
        r"put\s+(?:it|things|this|that|them|everything)\s+(?:in|into)|explain\s+(?:it|things|this|that|"
        r"stuff)\s+(?:with|in|using|through))\s+"
        rf"(?:{_EN_AMOUNT}\s+)*(?P<object>{_EN_STYLE_NOUN})\b(?!\s*(?:#|\d|on\s+page))",
        0.75,
        "A way of learning asked for: 'can u do flashcards?', 'can u just show me like loads of "
        "worked examples', 'Could you please write things out in numbered steps'.",
        (
            "can u do flashcards? like question, i try, then answer",
            "could you use analogies",
            "can u just show me like loads of worked examples, step by step",
            "Could you please write things out in numbered steps so I can print them off?",
            "Honestly can you send clips?",
            "Honestly could you point me to a video for shaping?",
            "can u just do me quickfire qs, like 5 in a row",
            "can we do practice qs",
            "YES. can u give me like 10 more as a quiz, no explanations unless i get one wrong",
        ),
        object_kind=EntityKind.STYLE,
        trigger=r"\b(?:can|could|would|will|pl(?:ea)?s|please)\b",
    ),
    # --- zh -------------------------------------------------------------------------------------
    rule(
        "style_zh_explain_with",
        EventType.LEARNING_STYLE,
        rf"(?:能不能|能否|可不可以|可以|能|麻烦|还是|就|多|也)*(?:你)?(?:多)?用(?P<object>{_ZH_STYLE_NOUN})"
        r"(?:来|给我|帮我)?(?:讲|解释|教|说明|演示|展示|讲解)",
        0.75,
        "要换个讲法：'能不能用图来讲'、'还是用视频讲吧'。",
        ("能不能用图来讲", "也还是用视频讲吧"),
        object_kind=EntityKind.STYLE,
        trigger=r"用",
    ),
    rule(
        "style_zh_draw",
        EventType.LEARNING_STYLE,
        r"(?:能不能|能否|可不可以|可以|能|帮我|给我|直接)(?:帮我|给我)?(?:画(?:个|一个|张|一张)?图|画(?:给我|出来)"
        r"(?:看)?|画一下)",
        0.75,
        "要图：'能不能画个图啊'、'直接画给我看吧'（图解）。",
        ("能不能画个图啊", "直接画给我看吧"),
        object_kind=EntityKind.STYLE,
        fixed_object="图解",
    ),
    rule(
        "style_zh_picture_asked",
        EventType.LEARNING_STYLE,
        # a kind of picture named is kept ("对比图", "流程图"); "我给你发张图" sends one, asks none
        r"(?:给我|帮我|来|配|附|发我)(?:一)?(?:张|个|幅)(?P<object>[\u4e00-\u9fff]{0,4}?图)(?![片书标])",
        0.75,
        "要一张图：'给我一张图对比一下'、'配张图吧'（图解）。",
        ("给我一张图对比一下 二度II型 vs 三度", "配张图吧"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"图",
    ),
    composed(
        "style_zh_by_sense",
        lambda found: _ZH_SENSES[found["sense"]],
        EventType.LEARNING_STYLE,
        r"(?:喜欢|习惯|适合|倾向于?|偏好|更爱)(?:用|靠)(?P<sense>听|看|写|画|做)的",
        0.8,
        "靠哪种感官学：'我比较喜欢用听的'（听）、'我习惯用写的'（写下来）。",
        ("我比较喜欢用听的 开车上班一个钟头", "我更习惯用看的"),
        object_kind=EntityKind.STYLE,
        trigger=r"用|靠",
    ),
    rule(
        "style_zh_shorter",
        EventType.LEARNING_STYLE,
        r"(?:说|讲|写|回)(?:得)?(?:再)?短(?:一)?点|(?:回复|回答|解释|讲解|打字)(?:能|可以|能不能|可不可以)?(?:再)?"
        r"短(?:一)?点|(?:简短|简洁)(?:一)?点",
        0.75,
        "要短：'你说短一点'、'回复能短一点吗'（简短讲解）。",
        ("你说短一点 我等单的时候看", "回复能短一点吗 太长了我看不完", "小老师 你打字能不能短点"),
        object_kind=EntityKind.STYLE,
        fixed_object="简短讲解",
        trigger=r"短|简洁",
    ),
    rule(
        "style_zh_step_by_step",
        EventType.LEARNING_STYLE,
        # "一步一步的练习计划": how a plan is laid out, not how to be taught
        r"(?:讲|说|来)?慢一点|(?:讲|说|写|教|解释)(?:得)?慢点|一步一步(?!的(?![来讲教问带]))"
        r"(?:来|[地的]?讲|[地的]?教|问我|带我)?|"
        r"一步步(?:来|讲|教)|分步(?:讲|骤讲)",
        0.75,
        "'讲慢一点，一步一步来'、'你说慢点'（一步一步）。",
        ("老师您讲慢一点，一步一步来", "一步一步问我", "你说慢点"),
        object_kind=EntityKind.STYLE,
        fixed_object="一步一步",
    ),
    rule(
        "style_zh_give_me",
        EventType.LEARNING_STYLE,
        r"(?:直接|多|先|就)?(?:给我|来|上)(?:几个|几道|一些|点|些|几句)?(?P<object>例句|例题|例子|练习题|题)"
        r"(?=[^。!?]*(?:就行|就好|吧|行吗|可以吗|$|我照着))",
        0.75,
        "'直接给我几个例句 我照着说就行'。",
        ("直接给我几个例句 我照着说就行", "多给我几道题吧"),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_zh_quiz_me",
        EventType.LEARNING_STYLE,
        r"(?:直接|还是|多)?(?:出题(?:考我|给我)?|考考我|自己做题)(?:吧|就行|!|$)|"
        # one question at a time: "你一题一题考我吧", "一道一道来", "逐题问我"
        r"(?:一题一题|一道(?:题)?一道(?:题)?|一个题一个题|逐题)(?:地)?(?:考|问|来|出|练|做)",
        0.75,
        "'你还是直接出题考我吧'、'还是自己做题吧'、'你一题一题考我吧'（做题练习）。",
        ("你还是直接出题考我吧", "还是自己做题吧", "你一题一题考我吧", "再来 一道一道来"),
        object_kind=EntityKind.STYLE,
        fixed_object="做题练习",
    ),
    rule(
        "style_zh_from_now_on",
        EventType.LEARNING_STYLE,
        rf"(?:以后|下次|之后)(?:都|也|还)?(?:用|按|画|来)(?P<object>{_ZH_STYLE_NOUN})(?:吧|来|讲|好|呗)",
        0.8,
        "'以后都用时间线吧'。",
        ("以后都用时间线吧",),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_zh_clearer",
        EventType.LEARNING_STYLE,
        rf"(?:用|画了?|有|看)(?P<object>{_ZH_STYLE_NOUN})(?:[^,.;!?。]{{0,12}}?)(?:清楚|好懂|好理解|明白)"
        r"(?:好多|多了|很多|一些)",
        0.8,
        "'我按你说的画了时间线 真的清楚好多'。",
        ("我按你说的画了时间线 真的清楚好多!!",),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_zh_analogy",
        EventType.LEARNING_STYLE,
        r"(?:以后|下次|之后|多|能不能|能否|可不可以|可以|还是|再)(?:(?!别|不要|不用|不想)[^,.;!?。]){0,12}?"
        r"(?:打(?:个|些)?比方|(?:用|拿|举)(?:个|些)?(?:类比|比喻))",
        0.8,
        "要打比方：'以后多拿excel给我打比方'、'能不能打个比方'（类比）。",
        ("以后多拿excel给我打比方", "能不能打个比方啊", "下次也用类比讲吧"),
        object_kind=EntityKind.STYLE,
        fixed_object="类比",
        trigger=r"比方|类比|比喻",
    ),
    rule(
        "style_zh_real_life",
        EventType.LEARNING_STYLE,
        r"(?:用|拿|举|结合)(?:个|几个|点|些|一些)?(?:日常)?生活(?:里|中|上)?的?(?:例子|实例|场景)|"
        r"生活(?:里|中)?的?例子[^,.;!?。]{0,6}?(?:就懂|好懂|就明白|就通|清楚多了|好理解)",
        0.8,
        "要生活里的例子：'能不能用生活里的例子讲'、'生活例子一来就懂了'（生活例子）。",
        ("能不能用生活里的例子讲", "生活例子一来就懂了", "举个日常生活的例子呗"),
        object_kind=EntityKind.STYLE,
        fixed_object="生活例子",
        trigger=r"生活",
    ),
    rule(
        "style_zh_by_doing",
        EventType.LEARNING_STYLE,
        r"边(?:写|做|练|敲)边(?:学|练|写|做)(?![^,.;!?。]{0,4}(?:太累|不行|没用|学不会))|"
        r"(?:你|老师)(?:给|出)(?:我)?(?:题|练习)[,\s]*(?:我|让我)(?:来)?(?:写|做|敲)",
        0.8,
        "边做边学：'看书不如边写边练'、'你给题我写代码'（边写边学）。",
        ("看书不如这样边写边练", "你给题我写代码", "我喜欢边敲边学"),
        object_kind=EntityKind.STYLE,
        fixed_object="边写边学",
    ),
    rule(
        "dislike_zh_zone_out",
        EventType.DISLIKE,
        r"(?<![他她你])(?:一)?(?:看|听|读|上)(?P<object>视频课?|网课|课本|书|直播课?|讲座|录播课?)"
        r"(?:就|老|总|总是|老是|容易|就会|会)+(?:走神|犯困|想睡|打瞌睡|分心|坐不住)",
        0.6,
        "注意力散：'我看视频老走神'、'一听网课就犯困'（视频）。",
        ("但我看视频老走神", "一听网课就犯困"),
        object_kind=EntityKind.STYLE,
        object_required=True,
    ),
    rule(
        "dislike_zh_too_much_text",
        EventType.DISLIKE,
        r"(?P<object>字太多|大段文字|长篇大论|一大段)(?:了)?(?:我)?(?:真的|实在)?(?:看不进去|看不下去|头疼|头大|不想看)",
        0.8,
        "'字太多我真的看不进去'（大段文字）。",
        ("字太多我真的看不进去",),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "dislike_zh_dizzy",
        EventType.DISLIKE,
        r"(?:一|(?<![他她它们])我)(?:讲|说|看|听|提|碰)(?:到|见)?(?P<object>[\u4e00-\u9fffA-Za-z]{2,6}?)我?就"
        r"(?:晕|懵|头大|头疼|想睡)",
        0.75,
        "'一讲语法术语我就晕'、'我看公式就头疼'。",
        ("一讲语法术语我就晕", "我看公式就头疼"),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "dislike_zh_dont_tell_me",
        EventType.DISLIKE,
        r"(?:别跟我(?:说|讲)|别给我(?:讲|灌|整)|不要(?:跟我)?讲|不要给我灌)(?P<object>[\u4e00-\u9fffA-Za-z]{2,6}?)"
        r"(?=hhh|了|吧|啊|$|[,!~\s])",
        0.75,
        "'别跟我说术语hhh'。",
        ("名字不重要 别跟我说术语hhh",),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_zh_table",
        EventType.LEARNING_STYLE,
        rf"(?:{_ZH_LASTING}|能不能|能(?=给我)|可以|可不可以|麻烦|能否|请|(?<=你)给我)[^,.;!?。]{{0,10}}?{_ZH_TABLE}|"
        rf"{_ZH_TABLE}(?=[^,.;!?。]{{0,10}}?(?:{_ZH_LASTING}|清楚|好懂|好记|一目了然))",
        0.75,
        "一直要表格：'以后都列个表格吧'、'整理成表格一目了然'（表格）。",
        (
            "以后都列个表格吧",
            "每次整理成对比表格",
            "用表格列一下清楚多了",
            "能不能用表格对比下这几个时态",
            "调完人脸都发绿 能给我整个表吗",
        ),
        object_kind=EntityKind.STYLE,
        fixed_object="表格",
        trigger=r"表",
    ),
    rule(
        "style_zh_small_steps",
        EventType.LEARNING_STYLE,
        r"一次(?:就|只)?(?:给|讲|来|出|问|教|说|练)(?:我)?(?:一|两|三|几|[1-5])(?:个|道|条|句|题|点|组)"
        r"(?=[^,.;!?。]{0,8}?(?:就行|就好|就够|吧|然后|告诉我|慢慢|$))|(?:拆|分)(?:开|成)?(?:小步|几小步|"
        r"小块|几小块|几块|几步|几部分)(?:来|讲|教|学|给我)",
        0.75,
        "一次一点：'一次给我三个就行'、'拆成小步讲'（一步一步）。",
        ("一次给我三个就行 然后告诉我对不对", "拆成小步讲吧"),
        object_kind=EntityKind.STYLE,
        fixed_object="一步一步",
        trigger=r"一次|拆|分",
    ),
    rule(
        "style_zh_quick_quiz",
        EventType.LEARNING_STYLE,
        r"快问快答|抽查我|抽考我|(?:随便|随机|多)问我几(?:个|道)(?:问题|题)?|出(?:几道|个|一套|套|几个)?"
        r"(?:小测|测验|小测验|小考)(?:题)?(?:给我|考我|吧)|像(?:考试|测验|小测)(?:一样|那样)(?:问|考)我",
        0.75,
        "要小测：'来个快问快答'、'出几道小测题考我'（做题练习）。",
        ("来个快问快答吧", "出几道小测题考我", "像考试一样问我"),
        object_kind=EntityKind.STYLE,
        fixed_object="做题练习",
        trigger=r"问|抽|测|考",
    ),
    rule(
        "style_zh_mnemonic",
        EventType.LEARNING_STYLE,
        r"(?:编|来|给我|有没有|能不能|可以|教我|想个|弄个|整个)(?:个|一个|些|一些|点|什么)?"
        # what it is for may come between ("编个宋朝的顺口溜")
        r"(?:[\u4e00-\u9fffA-Za-z0-9]{1,8}?的)?(?:好记的)?"
        r"(?:口诀|顺口溜|谐音梗?|记忆法|联想记忆|图像记忆|记忆技巧|记忆方法|记忆窍门|助记)",
        0.75,
        "要口诀：'有没有什么口诀'、'给我编个顺口溜'（口诀）。",
        ("有没有什么口诀啊", "给我编个顺口溜", "再给我编个宋朝的顺口溜"),
        object_kind=EntityKind.STYLE,
        fixed_object="口诀",
        trigger=r"口诀|顺口溜|谐音|记忆|助记",
    ),
    rule(
        "style_zh_drill",
        EventType.LEARNING_STYLE,
        r"(?:下次|以后|之后|能不能|可不可以|可以|我们|咱们)[^,.;!?。]{0,6}?(?:专项练习|专项训练|专门练|"
        r"反复练|集中练|多练练|练熟|操练|刷一刷|刷几道|练几道|练一练|练练)",
        0.75,
        "要专门练：'下次专门练这四个'、'能不能反复练几遍'（做题练习）。",
        ("下次专门练这四个", "能不能反复练几遍"),
        object_kind=EntityKind.STYLE,
        fixed_object="做题练习",
        trigger=r"练|刷",
    ),
    # --- formats asked for in passing, and reactions to one that worked or did not ------------
    rule(
        "style_en_hints_first",
        EventType.LEARNING_STYLE,
        r"\b(?:just\s+)?(?:a\s+|some\s+)?hints?\s+first\b|\b(?:just\s+)?(?:give|send)\s+me\s+(?:just\s+)?"
        r"(?:a\s+|some\s+)?hints?\b(?=[^.!?]*(?:\?|pl(?:ea)?s|please|first|instead|not\s+the\s+answer|"
        r"(?:don'?t|do\s+not)\s+(?:give|show|tell)))|\b(?:don'?t|do\s+not)\s+(?:give|show|tell)\s+me\s+the\s+"
        r"answer\s+(?:yet|first|right\s+away)\b",
        0.75,
        "Hints before the answer: 'just hints first?', 'don't give me the answer yet' (hints).",
        ("just hints first? I wanna try solving it myself", "don't give me the answer yet"),
        object_kind=EntityKind.STYLE,
        fixed_object="hints",
        trigger=r"hint|answer",
    ),
    rule(
        "style_zh_hints_first",
        EventType.LEARNING_STYLE,
        r"(?:给|来)(?:我)?(?:点|个|一点|一些)?提示(?:就好|就行|吧|先)|先别(?:给|告诉我|说)(?:我)?答案|"
        r"(?:别|不要)(?:直接)?(?:给|告诉)我答案",
        0.75,
        "先要提示：'先别给答案 给点提示就好'（提示）。",
        ("先别给答案 给点提示就好 我想自己再想想", "不要直接告诉我答案"),
        object_kind=EntityKind.STYLE,
        fixed_object="提示",
        trigger=r"提示|答案",
    ),
    rule(
        "style_en_named_please",
        EventType.LEARNING_STYLE,
        r"(?:^|[,.;:!?]\s*|\b(?:yes|yeah|yep|sure|ok|okay|and|so|sige)\s*,?\s*)(?:more\s+|some\s+)?"
        rf"(?P<object>{_EN_STYLE_NOUN}|questions|vignettes|maps)\b(?:\s*,?\s*less\s+[\w\s]{{1,20}}?)?"
        r"\s*,?\s*(?:yes\s+|again\s+)?(?:pl(?:ea)?s|please|keep\s+(?:them|'?em)\s+coming)\b",
        0.75,
        "A way of being taught named as the whole request: 'Diagrams, yes please, keep them "
        "coming', 'more practice questions, less theory pls'.",
        (
            "Diagrams, yes please, keep them coming.",
            "more practice questions, less theory pls",
            "sige, more questions pls, mix in renal",
        ),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"pl(?:ea)?s|please|coming",
    ),
    rule(
        "style_en_give_me_and_im_happy",
        EventType.LEARNING_STYLE,
        rf"\b(?:give|show)\s+me\s+(?:a|an|some)\s+(?P<object>{_EN_STYLE_NOUN}|maps?)\s+and\s+"
        r"(?:i'?m|im|i\s+am|i)\s+(?:happy|good|fine|sorted|set|get\s+it)\b",
        0.8,
        "What is all it takes: 'give me a map and I'm happy' (maps).",
        ("give me a map and I'm happy", "show me a diagram and i get it"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"and\s+i",
    ),
    rule(
        "style_zh_make_me_a",
        EventType.LEARNING_STYLE,
        r"(?:给我|帮我)(?:弄|做|列|整理|来|写|出|画)?(?:个|一个|份|一份|张|一张)(?P<object>清单|提纲|总结|小结|"
        r"要点|笔记|表格|时间线|思维导图)",
        0.75,
        "要某种形式的东西：'能不能给我弄个清单'、'给我列个提纲'（清单）。",
        ("能不能给我弄个清单 每天/每周要干嘛", "还是老规矩 给我个清单"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"给我|帮我",
    ),
    rule(
        "style_zh_only_with",
        EventType.LEARNING_STYLE,
        rf"(?:看|有|用|靠)(?P<object>{_ZH_STYLE_NOUN})(?:我)?才(?:能|会|懂|看得懂|记得住|学得会|明白|理解|执行)",
        0.85,
        "非某种形式不可：'我是看清单才能执行的人'、'得看图才懂'。",
        ("我是看清单才能执行的人 PM职业病", "我就是那种得看图才懂的人"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"才",
    ),
    composed(
        "preference_zh_domain_examples",
        _domain_examples,
        EventType.PREFERENCE,
        rf"(?:多?(?:讲|用|举|拿|来|给我?)|多)(?:个|几个|一些|点|些)?{_ZH_NOT_A_DOMAIN}"
        # "举做菜的例子别用虾": what to leave out of the examples, not a wish for them
        r"(?P<domain>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:里|中|上|方面)?的(?P<noun>例子|案例)(?!别|不要|不用)|"
        rf"(?P<asked>例子|案例)(?:能|可以|可不可以|能不能)(?:用|举|拿){_ZH_NOT_A_DOMAIN}"
        r"(?P<domain_after>[\u4e00-\u9fffA-Za-z]{2,6}?)的",
        0.75,
        "要某一领域的例子：'能不能直接讲比赛里的例子'（比赛例子）、'例子能用篮球的吗'（篮球例子）。",
        ("能不能直接讲比赛里的例子 比如哪场比赛被判了啥", "例子能用篮球的吗 我比较有感觉"),
        object_kind=EntityKind.STYLE,
        relation=RelationKind.PREFERS,
        trigger=r"例子|案例",
    ),
    composed(
        "preference_en_domain_examples",
        _domain_examples,
        EventType.PREFERENCE,
        r"\b(?:use|using|with|give\s+me|do)\s+(?:like\s+|some\s+|more\s+)?"
        rf"(?P<domain>{_EN_DOMAIN})\s+examples?\b(?=[^.!?]*\b(?:if\s+(?:u|you)\s+"
        r"can|pl(?:ea)?s|please|sticks?|helps?|better|always|again|instead)\b)|"
        # asked as a question: "can you use accounting examples?"
        r"\b(?:can|could|would)\s+(?:u|you)\s+(?:pl(?:ea)?s\s+|please\s+|maybe\s+)?(?:use|give\s+me|"
        rf"do)\s+(?:some\s+|more\s+)?(?P<domain_question>{_EN_DOMAIN})\s+examples?\b(?=\s*[?,.!]|\s*$)|"
        # "examples from X" asked for ("can you …"), or reacted to ("… is so much better")
        r"\b(?:can|could|would|will)\s+(?:u|you)\b[^.!?]{0,60}?\bexamples?\s+(?:from|with|using)\s+"
        rf"(?:a\s+|an\s+|the\s+)?(?P<domain_asked>{_EN_DOMAIN})(?=\s*(?:$|[,.;!?)]))|"
        r"\bexamples?\s+(?:from|with|using)\s+(?:a\s+|an\s+|the\s+)?"
        rf"(?P<domain_after>{_EN_DOMAIN})(?=\s+(?:is|are|was)\s+(?:so\s+)?(?:much\s+|way\s+)?"
        r"(?:better|clearer|easier)\b|\s*,?\s*(?:pl(?:ea)?s|please|always)\b)",
        0.75,
        "Examples asked from a domain: 'use football examples if u can' (football examples), 'with "
        "real examples from a bakery' (bakery examples), 'that example with my own data is so much "
        "better' (own data examples).",
        (
            "use football examples if u can, man utd ideally, it sticks better",
            "Can you use accounting examples? Invoices, GL entries, that kind of table.",
            "can you keep it short and with real examples from a bakery",
            "that example with my own data is so much better",
        ),
        object_kind=EntityKind.STYLE,
        relation=RelationKind.PREFERS,
        trigger=r"example",
    ),
    rule(
        "style_zh_concrete_example",
        EventType.LEARNING_STYLE,
        # examples from a named domain ("用心理学的例子讲") are `preference_zh_domain_examples`
        r"(?:用|举|拿|来|给我?|结合)(?:个|几个|一些|点|些|一个)?(?:实际|真实|具体|现实|实在)(?:的|点的|一点的)?"
        r"(?:例子|案例|场景|应用)",
        0.75,
        "要具体的例子：'能不能用实际的例子讲'、'举几个具体的例子'（具体例子）。",
        ("能不能用实际的例子讲", "举几个具体的例子吧"),
        object_kind=EntityKind.STYLE,
        fixed_object="具体例子",
        trigger=r"例子|案例|场景|应用",
    ),
    rule(
        "style_zh_works_better",
        EventType.LEARNING_STYLE,
        rf"(?:觉得|发现|感觉|还是)(?P<object>{_ZH_STYLE_NOUN}|看书|听课|背书|讲题)(?:才|还是)?(?:更|最|比较|挺|"
        r"真的)(?:有用|管用|有效|好用|适合我|靠谱|高效)",
        0.75,
        "管用的学法：'现在觉得刷题更有用'。",
        ("以前喜欢看视频课 现在觉得刷题更有用",),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"有用|管用|有效|好用|适合|靠谱|高效",
    ),
    rule(
        "dislike_zh_long_text",
        EventType.DISLIKE,
        r"(?<![数名汉写打生单错签识])(?:字|文字)(?:太|好|这么|那么|特别|超|有点|一)?多(?:了)?(?:的话)?"
        r"[^,.;!?。]{0,4}?(?:就|我就|我|真的|都|会)?(?:晕|头晕|头大|头疼|看不进去|看不下去|犯困|想睡|"
        r"不想看|眼花|懵|崩溃|劝退)|(?:一大段|大段|一长串|一大堆字|一堆字|长篇|长段落)(?:的)?(?:文字|话|解释|"
        r"内容|讲解)?[^,.;!?。]{0,6}?(?:太长|好长|看不下去|看不进去|看不完|头疼|头大|晕|劝退|不想看|"
        r"看着累|懒得看|犯困|想睡)|(?:你|老师)(?:刚才|刚刚|上面|这次)?(?:的)?(?:讲|说|写|回|解释|回答)(?:得|的)"
        r"(?:也|太|有点|好|特别|实在|真的|还是)+(?:长|啰嗦|繁琐)|(?:回复|解释|讲解|回答|那段|这段|上面那段)(?:话)?"
        r"(?:也|真的|实在|有点)*(?:太长|好长|长了点|太啰嗦)",
        0.75,
        "嫌字多：'我手机上看字多就晕'、'你刚才那一大段太长了'（大段文字）。",
        ("我手机上看字多就晕", "你刚才那一大段太长了", "你讲得有点太长了"),
        object_kind=EntityKind.STYLE,
        fixed_object="字太多",
        trigger=r"字|段|长|啰嗦|繁琐",
    ),
    rule(
        "dislike_zh_no_format",
        EventType.DISLIKE,
        r"(?:不要|别|不用|甭|少)(?:再)?(?:给我|跟我|帮我)?(?:用|写|加|带|放|讲|标|举|出|来|发|整|搞)?"
        rf"(?:那么多|这么多|太多|一堆)?(?P<object>{_ZH_FORMAT})(?=$|了|吧|啦|哈|呀|啊|呢|哦|嘛|[,.!~\s])",
        0.75,
        "不要某种讲法：'不要给我英文解释'、'别标拼音了'。",
        ("不要给我英文解释", "别标拼音了", "少用公式吧"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"不要|别|不用|甭|少",
    ),
    rule(
        "dislike_zh_rather_not",
        EventType.DISLIKE,
        r"(?:^|(?<=[\s,，。!！~]))(?!这|那|你|他|她|我|今天|昨天|最近|现在|老师|同学|爸|妈)(?P<object>[\u4e00-\u9fffA-Za-z]{2,6}?)(?:这件事|这种事|这种形式|"
        r"这个)?(?:(?:能不能|可不可以|可以|能)不(?:要|用)(?:了|啊|吗|吧)?(?=$|[\s,，。!！?？~])|(?:我)?(?:是)?"
        r"(?:真的?|挺|有点|特别|超|一直|很|最)+(?:烦|反感|抗拒|讨厌)(?:的|了)?(?=$|[\s,，。!！~]))",
        0.7,
        "先说事再说不想要：'计时做题能不能不要'、'做笔记这件事我是真的烦'、'每日打卡这种形式我有点抗拒'。",
        (
            "计时做题能不能不要 一计时就慌",
            "做笔记这件事我是真的烦",
            "每日打卡这种形式我有点抗拒 压力大",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"不要|不用|烦|反感|抗拒|讨厌",
    ),
    rule(
        "dislike_zh_no_language",
        EventType.DISLIKE,
        r"(?:不要|别|不用)(?:再)?(?:给我|跟我)?用(?:英文|英语)(?:来)?(?:讲|解释|说明|回答|回)",
        0.75,
        "不要英文讲：'别用英文讲了'（英文解释）。",
        ("别用英文讲了",),
        object_kind=EntityKind.STYLE,
        fixed_object="英文解释",
        trigger=r"英",
    ),
    *_comparison_rules(),
    rule(
        "dislike_en_cant_and_wont",
        EventType.DISLIKE,
        rf"\b(?:can'?t|cannot|don'?t|never)\s+(?:really\s+)?(?:read|do|use|play|stand|follow|learn)\s+"
        rf"(?P<object>{_EN_PHRASE})\s*,?\s+and\s+(?:(?:tbh|honestly|ngl|frankly|i)\s+)*(?:don'?t|do\s+not)"
        r"\s+(?:really\s+)?(?:want|wanna|care|plan)\s+to\b",
        0.75,
        "What the user cannot do and will not learn: 'i cant read sheet music and tbh dont want "
        "to'.",
        ("i cant read sheet music and tbh dont want to",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"want|wanna|care|plan",
    ),
    rule(
        "style_en_again",
        EventType.LEARNING_STYLE,
        rf"(?:^|[,.;:!]\s*|\b(?:yes|yeah|yep|ok|okay|sure|please|pls|and)\s+(?:please\s+|pls\s+)?)"
        rf"(?:(?:the|same|more|those|that|your)\s+)?(?P<object>{_EN_STYLE_NOUN})\s+again\b"
        r"(?=\s*(?:$|[.!]|pl(?:ea)?s\b|please\b|if\s+(?:you|u)\s+(?:would|can|could|don'?t\s+mind)\b|"
        r"if\s+possible\b|would\s+(?:be\s+(?:great|good|nice)|help)\b))",
        0.75,
        "A way of being taught asked for again: 'Numbered steps again if you would.'",
        ("Yes please. Numbered steps again if you would.", "ok flashcards again pls"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"again",
    ),
    rule(
        "style_en_code_first",
        EventType.LEARNING_STYLE,
        r"\b(?:just\s+)?(?:give|show|send)\s+me\s+(?:the\s+)?(?:(?:working|runnable|full|actual)\s+)?code"
        r"(?:\s+first)?\b(?=[^.!?]*(?:first|then|pl(?:ea)?s|please|$))|\bcode\s+first\b|"
        r"\bskip\s+the\s+(?:theory|explanation)[^.!?]{0,20}?\b(?:code|snippet)\b",
        0.8,
        "Code before the explanation: 'just give me the code first', 'skip the theory, code pls'.",
        ("just give me the code first, then i ask why", "skip the theory and show me the code"),
        object_kind=EntityKind.STYLE,
        fixed_object="code examples",
        trigger=r"code|snippet",
    ),
    rule(
        "dislike_en_skip_theory",
        EventType.DISLIKE,
        r"\b(?:skip|no\s+need\s+for|(?:don'?t|do\s+not)\s+(?:need|want)|spare\s+me)\s+(?:the\s+|all\s+the\s+)?"
        r"(?:theory|background|long\s+explanations?)\b",
        0.5,
        "Theory put off for now, held weakly: 'skip the theory, just show me'.",
        ("skip the theory, just show me",),
        object_kind=EntityKind.STYLE,
        fixed_object="theory",
        trigger=r"theory|background|explanation",
    ),
    rule(
        "style_zh_have_any",
        EventType.LEARNING_STYLE,
        r"(?:有没有|有木有|有没|能不能(?:给我)?(?:发|找|推荐)|可以(?:发|推荐)|(?:多|再)发(?:点|些|几个)?|求)"
        rf"(?:什么|那种|相关的?|一些|点|个|几个)?(?:讲解|教学|演示|示范|操作)?(?P<object>{_ZH_STYLE_NOUN})(?!了)",
        0.75,
        "要某种讲法：'有没有视频 我看字看不明白'、'以后多发视频'（视频）。",
        ("有没有视频 我看字看不明白", "以后能不能字少点 多发视频"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"有没|有木有|发|推荐|求",
    ),
    rule(
        "style_zh_something_to_hear",
        EventType.LEARNING_STYLE,
        r"(?:给我|来点|有没有|推荐点?|整点|发点)(?:一些|点|些)?(?:能|可以)(?:用耳朵)?听的(?:东西|内容|材料|资源)?",
        0.75,
        "要能听的东西：'眼睛得看路 能不能给我能听的东西'（音频）。",
        ("每天开车上下班 眼睛得看路 能不能给我能听的东西 耳朵闲着也是闲着",),
        object_kind=EntityKind.STYLE,
        fixed_object="音频",
        trigger=r"听的",
    ),
    composed(
        "preference_zh_just_give_me",
        lambda found: f"直接给{found['object']}",
        EventType.PREFERENCE,
        r"(?:(?:就|直接|先)(?:告诉我|给我?|发我?|上|贴)|直接甩我?)(?:一?(?:段|份|个|下))?(?:(?![讲说解分])[^,.;!?。\s]){0,8}?"
        r"(?P<object>代码|参数|公式|结论|步骤)",
        0.8,
        "先要能直接用的东西，原理后说：'直接给我能跑的代码'（直接给代码：一种学法）、"
        "'你就直接告诉我夜景参数填多少吧'（直接给参数）。",
        ("别讲原理了 直接给我能跑的代码", "还是老样子 先给代码", "你就直接告诉我夜景参数填多少吧"),
        object_kind=EntityKind.TOPIC,
        trigger=r"代码|参数|公式|结论|步骤",
    ),
    composed(
        "style_zh_works_for_me",
        lambda found: found["object"] or found["object2"],
        EventType.LEARNING_STYLE,
        rf"(?P<object>{_ZH_STYLE_NOUN})(?:真的|最|真|很|挺)?(?:好|管用|有用|好使)?[\s,]*(?:我)?(?:就|最|很|特别|真)?"
        rf"吃这套|(?:有|用|靠|看)(?P<object2>{_ZH_STYLE_NOUN})(?:的话)?(?:我)?(?:就|才|更|一下子)?(?:记得牢|记得住|"
        r"记住了|记得快|好记|学得快|就懂|懂了|明白了)",
        0.8,
        "管用的讲法：'顺口溜好 我就吃这套'、'有顺口溜我记得牢'（口诀）。",
        ("顺口溜好 我就吃这套", "有顺口溜我记得牢"),
        object_kind=EntityKind.STYLE,
        trigger=r"吃这套|记|懂|明白|学得快",
    ),
    rule(
        "dislike_zh_cant_keep_at",
        EventType.DISLIKE,
        r"(?:^|(?<=[\s,.!~;。，]))(?:纯|光|只)?(?P<object>(?!这|那)(?:(?![说觉认])[\u4e00-\u9fffA-Za-z]){2,4}?)"
        r"(?:我)?(?:是)?(?:真的?|实在|根本|完全|都)?"
        r"(?:坚持不下去|坚持不了|学不下去|啃不动|看不进去|看不下去|听不进去)",
        0.55,
        "学不下去的学法（弱）：'纯教材我真的坚持不下去'（教材）。",
        ("主要靠看番学的 纯教材我真的坚持不下去",),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"坚持不|学不下去|啃不动|看不进去|看不下去|听不进去",
    ),
    composed(
        "dislike_zh_skip_theory",
        lambda found: found["object"] or found["later"],
        EventType.DISLIKE,
        r"(?:别|不要|不用|先别|少)(?:跟我)?(?:讲|说|扯)(?:太多|那么多|什么)?(?P<object>原理|理论|概念|定义)|"
        r"(?P<later>原理|理论)(?:的东西)?(?:以后|后面|之后|回头|有空)再(?:说|讲|学|看)",
        0.5,
        "先不要讲原理（弱，更像先后顺序）：'别讲原理了 直接给我能跑的代码'、'原理以后再说'"
        "（原理）。",
        ("别讲原理了 直接给我能跑的代码", "我先抄作业 原理以后再说"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"原理|理论|概念|定义",
    ),
    rule(
        "preference_zh_ask_plan",
        EventType.PREFERENCE,
        r"(?:有没有|有木有|能不能(?:帮我|给我)?(?:做|定|排|出|列|制定)|(?:帮我|给我)(?:做|定|排|出|列|制定)|想要)"
        r"(?:个|一个|份|一份|套|一套)?(?:那种)?(?:[^,.;!?。]{0,16}?的)?\s*(?P<object>(?:练习|学习|复习|训练|备考|"
        r"背诵|阅读)(?:计划表?|安排|时间表))",
        0.75,
        "要练习计划：'有没有那种一步一步的 每天十五分钟的练习计划'（练习计划）。",
        ("有没有那种一步一步的 每天十五分钟的练习计划", "能不能帮我排个复习计划"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.PREFERS,
        trigger=r"计划|安排|时间表",
    ),
    rule(
        "preference_en_ask_plan",
        EventType.PREFERENCE,
        rf"(?:\b{_EN_PLEASE}(?:just\s+)?(?:make|give|write|draw\s+up|put\s+together|set)\s+(?:me\s+|us\s+)?|"
        r"\bis\s+there\s+(?:like\s+)?)(?:a|an|some)\s+(?:[\w'-]+\s+){0,4}?(?P<object>(?:study|practice|"
        r"revision|training|learning|reading)\s+(?:plan|schedule|routine|timetable))s?\b",
        0.75,
        "A practice plan asked for: 'could you make me a 15 minute daily practice plan?'.",
        ("could you make me a 15 minute daily practice plan?", "is there like a simple study plan"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.PREFERS,
        trigger=r"plan|schedule|routine|timetable",
    ),
    rule(
        "style_zh_in_chinese",
        EventType.LEARNING_STYLE,
        r"(?:能不能|可以|可不可以|麻烦|请|还是|最好)?(?:你)?用(?:中文|汉语|普通话)(?:给我|跟我|来)?(?:讲|解释|说明|讲解|说)",
        0.75,
        "用中文讲：'可以用中文给我讲思路 英文给例句吗'（中文讲解）。",
        ("可以用中文给我讲思路 英文给例句吗",),
        object_kind=EntityKind.STYLE,
        fixed_object="中文讲解",
        trigger=r"中文|汉语|普通话",
    ),
)
#: Every one a request, or a reaction said to the tutor: a question mark on it asks.
RULES: tuple[Rule, ...] = tuple(replace(r, request=True) for r in _RULES)
