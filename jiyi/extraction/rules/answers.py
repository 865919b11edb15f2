"""A short answer read by the question it answers: "What part worries you most?" "Offside."

A careful reader takes "power chords mostly." after "What can you play so far?" as something
the learner can do, and "函数" after "哪部分最头疼？" as what is hard, though neither reply says
so in words. The tutor's closing question says what it asks for (`asked`); the next user turn,
when it opens with a bare name, is read by that question's rules (`BY_QUESTION`, outside the
rule table), and only then: the same words without the question claim nothing. The session
state that remembers the question is the ingest step's (`jiyi.ingest.answers`).
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any

from jiyi.domain import EntityKind, EventType, RelationKind
from jiyi.extraction.rules.cleaning import normalise_age
from jiyi.extraction.rules.fragments import EN_NUMBER_WORDS
from jiyi.extraction.rules.identity import (
    EN_ROLE,
    EN_ROLE_SUFFIX,
    EN_WORD_BEFORE_ROLE,
    ZH_ROLE,
    normalise_role,
)
from jiyi.extraction.rules.model import Rule, rule
from jiyi.extraction.rules.personal import EN_PLACE_TAIL, ZH_PLACE_TAIL, place_rule


class Asked(StrEnum):
    """What a tutor's question asks the learner to name."""

    OBSTACLE = "obstacle"  # "What part worries you most?", "哪部分最难？"
    MASTERY = "mastery"  # "What can you play so far?", "你现在会弹什么？"
    WAY = "way"  # how they want to be taught: "What do you want from me?", "你希望我怎么讲？"
    AGE = "age"  # "How old are you?", "你今年多大？"
    HOME = "home"  # "Where are you based?", "你在哪个城市？"
    JOB = "job"  # "What do you do for work?", "你是做什么工作的？"
    GOAL = "goal"  # "What score are you aiming for?", "你想减多少？"
    INTEREST = "interest"  # "What do you do for fun?", "你平时有什么爱好？"


_ASKS: tuple[tuple[Asked, re.Pattern[str]], ...] = (
    (
        Asked.OBSTACLE,
        re.compile(
            r"\b(?:what|which|where)\b[^?]{0,40}?\b(?:worr(?:y|ies|ied|ying)|hard(?:est)?|"
            r"difficult|tricky|trickiest|trouble|struggl\w*|stuck|confus\w*|scar(?:es|y|iest)|"
            r"challenging|weak(?:est)?|trips?\s+you\s+up|gets?\s+you|throws?\s+you|stresse?s?)\b"
            r"|(?:哪|什么|啥)[^？?]{0,10}?(?:最)?(?:难|不懂|不会|卡|头疼|头大|薄弱|搞不|弄不|困难|"
            r"担心|怕|吃力|费劲|容易错|老错)|(?:卡|难|错)在哪",
            re.IGNORECASE,
        ),
    ),
    (
        Asked.MASTERY,
        re.compile(
            r"\bwhat\b[^?]{0,30}?\bcan\s+you\s+(?:already\s+)?\w+(?:\s+\w+)?\s+(?:so\s+far|already|"
            r"now|comfortably|confidently|well)\b|\bwhat\s+(?:are\s+you|do\s+you\s+feel)\s+"
            r"(?:already\s+)?(?:good|confident|comfortable|solid)\s+(?:at|with|on)\b"
            r"|(?:现在|已经|目前)(?:能|会)[\u4e00-\u9fff]{0,2}?(?:什么|哪些|啥)|"
            r"(?:哪些|什么|啥)[^？?]{0,8}?(?:已经)?(?:会了|掌握了|没问题|比较熟|拿手)",
            re.IGNORECASE,
        ),
    ),
    (
        Asked.WAY,
        re.compile(
            r"\bwhat\s+(?:do|would)\s+you\s+(?:want|need|like)\s+from\s+me\b|"
            r"\bwhat\s+(?:kind|sort|type)\s+of\s+(?:help|feedback|explanations?|support|practice)\b"
            r"[^?]{0,30}?\b(?:want|like|prefer|need|useful|helps?)\b|"
            r"\bhow\s+(?:do|would)\s+you\s+(?:like|prefer|want)\s+(?:me\s+to\s+(?:explain|teach|"
            r"help|go\s+through)|to\s+(?:learn|be\s+taught|study|practi[cs]e))\b"
            r"|你(?:想|希望|喜欢|需要)我?(?:怎么|怎样|用什么方式|以什么方式|哪种方式)(?:讲|教|帮|学|练|来)"
            r"|你(?:想要|需要|希望)我(?:做什么|帮你什么|怎么帮)",
            re.IGNORECASE,
        ),
    ),
    (
        Asked.AGE,
        re.compile(
            r"\bhow\s+old\s+are\s+(?:you|u|ya)\b|\bwhat(?:'s|\s+is)\s+your\s+age\b|"
            r"(?:你|您)(?:今年)?(?:多大|几岁|多少岁)|(?:你|您)的?年龄|多大年纪",
            re.IGNORECASE,
        ),
    ),
    (
        Asked.HOME,
        re.compile(
            r"\bwhere\s+(?:do|d)\s+(?:you|u)\s+live\b|\bwhere\s+are\s+(?:you|u)\s+(?:based|living|"
            r"located|staying)\b|\bwhat\s+(?:city|town|country)\s+(?:do|are)\s+(?:you|u)\s+"
            r"(?:live|in|based)\b|(?:你|您)(?:现在)?(?:在|住在?)(?:哪|哪个城市|哪座城市|什么地方)"
            r"|(?:你|您)(?:现在)?住哪",
            re.IGNORECASE,
        ),
    ),
    (
        Asked.JOB,
        re.compile(
            r"\bwhat\s+do\s+(?:you|u)\s+do\s+(?:for\s+(?:work|a\s+living|a\s+job)|now)\b|"
            r"\bwhat(?:'s|\s+is)\s+your\s+(?:job|work|occupation|profession)\b|"
            r"\bwhat\s+do\s+(?:you|u)\s+work\s+as\b|\bwhat\s+(?:kind\s+of\s+)?work\s+do\s+(?:you|u)\s+do\b"
            r"|(?:你|您)(?:是)?(?:做|干)(?:什么|啥)(?:工作)?的|(?:你|您)(?:现在)?(?:做|从事)(?:什么|啥|哪)"
            r"(?:行|工作|职业)|(?:你|您)的(?:工作|职业)是",
            re.IGNORECASE,
        ),
    ),
    (
        Asked.INTEREST,
        re.compile(
            r"\bwhat\s+do\s+(?:you|u)\s+(?:like\s+to\s+)?do\s+(?:for\s+fun|in\s+your\s+(?:free|spare)\s+"
            r"time|outside\s+(?:of\s+)?(?:work|school|class))\b|\bwhat\s+are\s+(?:you|u)\s+into\b|"
            r"\b(?:any|what(?:'s|\s+are)\s+your)\s+(?:hobbies|interests)\b|\bwhat\s+(?:kind\s+of\s+)?"
            r"(?:music|books|games|shows|films|movies)\s+do\s+(?:you|u)\s+(?:like|enjoy|love)\b"
            r"|(?:有|有没有)(?:什么|啥)?(?:爱好|兴趣)|(?:你|您)?平时(?:喜欢|爱)(?:做|干|玩)?(?:什么|啥)|"
            r"(?:你|您)(?:喜欢|爱)(?:听|看|玩)?(?:什么|啥|哪些)",
            re.IGNORECASE,
        ),
    ),
    (
        Asked.GOAL,
        re.compile(
            r"\bwhat(?:'s|\s+is|\s+are)\s+your\s+(?:main\s+|big\s+)?(?:goals?|targets?|aims?)\b|"
            r"\bwhat\s+(?:score|grade|band|mark|level)\s+(?:do|are|would)\s+(?:you|u)\s+(?:need|aiming|"
            r"hoping|want|like)\b|\bwhat\s+are\s+(?:you|u)\s+aiming\s+for\b|"
            r"\bwhat\s+do\s+(?:you|u)\s+(?:want|hope)\s+to\s+(?:achieve|get\s+out\s+of)\b"
            r"|(?:你|您)的?(?:目标|目的)(?:是|呢)|目标(?:是)?(?:多少|什么|啥)|"
            r"(?:你|您)?(?:想|要|打算)(?:考|减|达到|拿|冲|练到|学到)(?:到)?(?:多少|什么(?:水平|程度|分)|几分)",
            re.IGNORECASE,
        ),
    ),
)


#: A turn's questions, each from its sentence's start to its mark.
_QUESTIONS = re.compile(r"[^。！!.:：;；\n?？]*[?？]")
#: A question that only lists the choices of the one before it: "哪块最难？阅读、长难句还是作文？",
#: "What's hardest? Reading, writing or speaking?".
_CHOICES = re.compile(r"还是|或者|、|\bor\b", re.IGNORECASE)


def asked(tutor_text: str) -> Asked | None:
    """What the tutor's closing question asks the learner to name, if it asks for one (an
    earlier question in the turn was answered by the turn itself: "Any idea? Try this: …"),
    or the question before it when the closing one only lists its choices."""
    questions = _QUESTIONS.findall(tutor_text)
    if not questions:
        return None
    kind = _kind_of(questions[-1])
    if kind is None and len(questions) > 1 and _CHOICES.search(questions[-1]):
        kind = _kind_of(questions[-2])
    return kind


def _kind_of(question: str) -> Asked | None:
    return next((kind for kind, pattern in _ASKS if pattern.search(question)), None)


#: Words that open an answer without being part of it: "um", "honestly", "mostly".
_EN_LEAD = (
    r"(?:(?:um+|uh+|hmm+|well|honestly|tbh|ngl|probably|prob|definitely|def|deffo|mostly|mainly|"
    r"oh|ah|haha|lol|i\s+(?:think|guess|(?:'d|would)\s+say))[,!]*\s+)*"
)
#: What may follow the name before its sentence ends: "Offside. Always offside.", "power
#: chords mostly."
_EN_TAIL = (
    r"(?:\s+(?:mostly|mainly|probably|for\s+sure|i\s+think|i\s+guess|tbh|honestly|lol|haha\w*))*"
)
#: Not a name however short: a yes or no, a shrug, a pronoun, a whole ("all of it").
_EN_NOT_AN_ANSWER = (
    r"(?!(?:yes|yeah|yep|yup|no|nope|nah|ok|okay|sure|not|idk|dunno|no\s+idea|i|i'm|im|you|it|"
    r"that|this|those|these|there|all|everything|anything|nothing|none|both|neither|either|"
    r"thanks|thank|hi|hey|hello|so|and|but|the\s+(?:one|thing|part|bit)|just|still|kinda|"
    r"hmm|um|uh|good|fine|great|nice|cool|lol|haha|what|why|how|when|where|who|which|can|could|"
    r"would|will|do|does|did|is|are|was|were|have|has|had|maybe|depends|same|more|less|help)\b)"
)
_EN_ANSWER = (
    rf"^\s*{_EN_LEAD}{_EN_NOT_AN_ANSWER}(?P<object>[A-Za-z][\w'+#/-]*(?:\s+[\w'+#/-]+){{0,3}}?)"
    rf"{_EN_TAIL}\s*(?=$|[.!,;:\n…]|\s+[-–—]\s)"
)
_ZH_LEAD = (
    r"(?:(?:嗯+|额+|呃+|唔+|emm+|主要是|应该是|可能是|大概是|感觉是|我觉得是?|就是)[，,\s]*)*"
)
#: Not a name: a shrug ("不知道", "都还行"), a pronoun, a yes or no, a whole ("全部").
_ZH_NOT_AN_ANSWER = (
    r"(?!不|没|都|我|你|他|她|它|这|那|还|好|对|是|嗯|哈|呵|谢|可以|什么|啥|怎么|为什么|哪|随便|"
    r"全部|所有|整个|一般|其实|反正|有点|有些|太|挺|很|感觉)"
)
_ZH_ANSWER = (
    rf"^\s*{_ZH_LEAD}{_ZH_NOT_AN_ANSWER}(?P<object>[\u4e00-\u9fffA-Za-z0-9]{{2,10}}?)"
    r"(?:吧|啊|呀|呢|哈|啦|叭)?\s*(?=$|[。！!，,？?…～~\s])"
)


def _named(
    what: str,
    event_type: EventType,
    en: tuple[str, tuple[str, ...]],
    zh: tuple[str, tuple[str, ...]],
    confidence: float = 0.7,
    zh_pattern: str = _ZH_ANSWER,
    **options: Any,
) -> tuple[Rule, ...]:
    """The en and zh rules of an answer that is a bare name (`en`, `zh`: the description and
    the examples of each): the turn opens with it, and it is required."""
    return tuple(
        rule(
            f"answer_{lang}_{what}",
            event_type,
            pattern,
            confidence,
            description,
            examples,
            object_required=True,
            whole_text=True,
            **options,
        )
        for lang, pattern, (description, examples) in (
            ("en", _EN_ANSWER, en),
            ("zh", zh_pattern, zh),
        )
    )


BY_QUESTION: dict[Asked, tuple[Rule, ...]] = {
    Asked.OBSTACLE: _named(
        "obstacle",
        EventType.CONCEPT_CONFUSION,
        (
            "The answer to 'what worries you / what's hardest?': 'Offside. Always offside.'",
            ("Offside. Always offside.", "fractions mostly, tbh"),
        ),
        ("回答'哪部分最难？'：'函数吧 一看就晕'。", ("函数吧 一看就晕", "主要是听力。")),
        object_kind=EntityKind.CONCEPT,
    ),
    Asked.MASTERY: _named(
        "mastery",
        EventType.CONCEPT_MASTERY,
        (
            "The answer to 'what can you play so far?': 'power chords mostly.'",
            ("power chords mostly. can do smoke on the water", "Basic scales."),
        ),
        ("回答'你现在会弹什么？'：'C和弦，其他的还不行'。", ("C和弦，其他的还不行", "五线谱吧")),
        object_kind=EntityKind.CONCEPT,
    ),
    Asked.WAY: _named(
        "way",
        EventType.LEARNING_STYLE,
        (
            "The answer to 'what do you want from me?': 'blunt feedback.' (a known way of "
            "learning keeps its own relation).",
            ("blunt feedback. my writing group sugar-coats everything", "diagrams mostly"),
        ),
        (
            "回答'你希望我怎么讲？'：'例题吧'、'画图。'（已知的学习方式归其关系）。",
            ("例题吧 看例题最快", "画图。"),
        ),
        object_kind=EntityKind.STYLE,
        relation=RelationKind.PREFERS,
    ),
    Asked.AGE: (
        rule(
            "answer_en_age",
            EventType.AGE_DECLARATION,
            rf"^\s*{_EN_LEAD}(?:(?:i'?m|i\s+am|im|me)\s+)?(?:only\s+|just\s+|almost\s+|nearly\s+)?"
            rf"(?P<value>\d{{1,2}}|{EN_NUMBER_WORDS})(?:\s*(?:years?|yrs?|yo|y/o)(?:\s+old)?)?"
            rf"{_EN_TAIL}\s*(?=$|[.!,;:?\n…)]|\s+(?:lol|haha\w*|btw|now|and|but|next|this|tho|rn)\b|"
            r"\s*[\U0001F300-\U0001FAFF])",
            0.85,
            "The answer to 'how old are you?': '9', 'twelve lol', 'im 15. why?'.",
            ("9", "twelve lol", "im 15. why?"),
            value_normaliser=normalise_age,
            whole_text=True,
        ),
        rule(
            "answer_zh_age",
            EventType.AGE_DECLARATION,
            rf"^\s*{_ZH_LEAD}我?(?:今年|现在)?(?P<value>\d{{1,3}}|[零一二两三四五六七八九十]{{1,3}})\s*"
            r"(?:周岁|岁)?(?:了|啦|呀|哦)?\s*(?=$|[。！!，,？?…～~\s])",
            0.85,
            "回答'你今年多大？'：'十岁'、'12'。",
            ("十岁", "12", "九岁啦"),
            value_normaliser=normalise_age,
            whole_text=True,
        ),
    ),
    Asked.HOME: (
        place_rule(
            "answer_en_home",
            rf"^\s*{_EN_LEAD}(?:(?:i\s+live\s+in|in|near|around|outside|just\s+outside|based\s+in)\s+)?"
            r"(?P<object>\w)",
            0.75,
            "The answer to 'where are you based?': 'Leeds', 'just outside Lyon' (a place the "
            "gazetteer knows).",
            ("Leeds", "just outside Lyon lol"),
            tail=EN_PLACE_TAIL,
            whole_text=True,
        ),
        place_rule(
            "answer_zh_home",
            rf"^\s*{_ZH_LEAD}我?(?:现在)?(?:在|住在?)?(?P<object>[\u4e00-\u9fffA-Za-z])",
            0.75,
            "回答'你在哪个城市？'：'杭州'、'在成都呢'（地名表里的地方）。",
            ("杭州", "在成都呢"),
            tail=ZH_PLACE_TAIL,
            whole_text=True,
        ),
    ),
    Asked.JOB: (
        rule(
            "answer_en_job",
            EventType.IDENTITY_DECLARATION,
            rf"^\s*{_EN_LEAD}(?:(?:i'?m|i\s+am|im)\s+)?(?:(?:just|only|currently|still)\s+)?"
            rf"(?:an?\s+)?(?!(?:nothing|none|no|not|between|unemployed|jobless)\b)"
            rf"(?P<value>{EN_WORD_BEFORE_ROLE}{{0,2}}?(?:{EN_ROLE}|{EN_ROLE_SUFFIX}))"
            r"(?=\s*(?:$|[.!,;:\n…)]|\s+(?:at|in|for|on|lol|haha\w*|by|here|now|atm|rn|mostly)\b))",
            0.8,
            "The answer to 'what do you do for work?': 'nurse, nights', 'a plumber lol'.",
            ("nurse, nights mostly", "a plumber lol"),
            value_normaliser=normalise_role,
            whole_text=True,
        ),
        rule(
            "answer_zh_job",
            EventType.IDENTITY_DECLARATION,
            rf"^\s*{_ZH_LEAD}我?(?:是|做|在做|当)?(?:一名|一个|个)?"
            rf"(?P<value>[\u4e00-\u9fff]{{0,4}}?(?:{ZH_ROLE}))的?(?:吧|啊|呀|呢|啦)?\s*"
            r"(?=$|[。！!，,？?…～~\s])",
            0.8,
            "回答'你是做什么工作的？'：'护士'、'做会计的'。",
            ("护士", "做会计的"),
            value_normaliser=normalise_role,
            whole_text=True,
        ),
    ),
    Asked.GOAL: _named(
        "goal",
        EventType.GOAL,
        (
            "The answer to 'what score are you aiming for?': 'band 7 overall'.",
            ("band 7 overall", "a 7 in maths lol"),
        ),
        ("回答'你想减多少？'：'年底前减20斤'（目标：减20斤）。", ("年底前减20斤", "雅思6.5吧")),
        confidence=0.75,
        # a goal says how much: "减20斤", "6.5"
        zh_pattern=rf"^\s*{_ZH_LEAD}(?P<object>[\u4e00-\u9fffA-Za-z0-9+.]{{2,12}}?)"
        r"(?:吧|啊|呀|呢|哈|啦)?\s*(?=$|[。！!，,？?…～~\s])",
        object_kind=EntityKind.ACTIVITY,
    ),
    Asked.INTEREST: _named(
        "interest",
        EventType.PREFERENCE,
        (
            "The answer to 'what do you do for fun?': 'gaming mostly lol'.",
            ("gaming mostly lol", "bouldering, and some chess"),
        ),
        ("回答'你平时有什么爱好？'：'钓鱼吧'。", ("钓鱼吧 周末都去", "追剧！")),
        object_kind=EntityKind.TOPIC,
        relation=RelationKind.INTERESTED_IN,
    ),
}
