"""The tutor's verdict on the user's attempt: evidence about the user from the assistant's turn.

"Exactly, that's right!" after the user's attempt is evidence of mastery (weak: one right
answer, often after a hint, is not mastery) and counter-evidence against the obstacle; "ABGs
look solid now" is the tutor's judgement that it is learned; "you forgot the inner derivative
again" is evidence for the obstacle. Neither names
the concept: it is the one the session is about, which the reference step fills in
(`jiyi.ingest.references`). An explanation by the assistant is never the user's mastery, so
nothing else in an assistant turn is read as evidence.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from jiyi import vocabulary
from jiyi.domain import MISSED, MISSED_AGAIN, RIGHT, EntityKind, EventType
from jiyi.extraction.rules.cleaning import clean_objects
from jiyi.extraction.rules.model import ASSISTANT_ROLES, POSITIVE, Rule, rule

#: Where a verdict opens its turn: after any emoji or mark it starts with ("✅ 对。", "👍 Correct").
_OPENING = r"^[^\w]*"
_EN_NO_BUT = r"(?![^.!?]*\b(?:but|almost|not\s+quite|except|however|careful|close)\b)"
_ZH_NO_BUT = r"(?![^.!?。]*(?:但是|不过|可是|差一点|还差|只是|注意))"
#: "A 5 is doable once the chain rule is automatic": a condition, not a judgement.
_EN_NOT_YET = r"(?![^.!?]*\b(?:once|until|unless|if|as\s+soon\s+as|when)\b)"

RULES: tuple[Rule, ...] = (
    rule(
        "assessment_en_correct",
        EventType.CONCEPT_MASTERY,
        rf"{_OPENING}{_EN_NO_BUT}(?:(?:yes|yep|yup|yeah|oh)[,!]*\s+)?(?:(?:that's|that\s+is|you're|you\s+are)\s+"
        r"(?:exactly\s+|totally\s+|absolutely\s+|completely\s+|100%\s+)?(?:right|correct|spot\s+on)"
        r"|exactly|correct|perfect|spot\s+on|nailed\s+it|you\s+nailed\s+it|bingo|well\s+done|"
        r"all\s+(?:\w+\s+)?(?:correct|right)|right(?=\s*[!.])|"
        r"great\s+job|nice\s+work|good\s+job|you\s+got\s+it|that's\s+it)\b",
        0.2,
        "The tutor confirms the user's attempt: 'Exactly, that's right!' (concept: the session's).",
        ("Exactly! That's right.", "Yes, that's correct: 6x."),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        verdict=RIGHT,
    ),
    rule(
        "assessment_zh_correct",
        EventType.CONCEPT_MASTERY,
        rf"{_OPENING}{_ZH_NO_BUT}(?:[用写答算做画译]得(?:很|非常)?)?(?:对(?=[。！!.]|\s*$)|对了|对的|没错|完全正确|答对了|正确|完全对|太棒了|漂亮|bingo|非常好|很好)"
        r"(?=[!,.~。！，\s]|$|[\u4e00-\u9fff])",
        0.2,
        "老师确认答对：'对了！完全正确'（概念：本次会话讨论的）。",
        ("对了!完全正确。", "没错,就是6x", "用得完全正确 👍"),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        verdict=RIGHT,
    ),
    rule(
        "assessment_en_solid",
        EventType.CONCEPT_MASTERY,
        rf"^{_EN_NOT_YET}.*?\b(?:(?P<object>[\w'+#-]+(?:\s+[\w'+#-]+){{0,2}}?)\s+(?:look|looks|are|is)(?:\s+looking)?\s+(?:really\s+|very\s+|clearly\s+|definitely\s+)?"
        r"(?:solid|automatic|mastered|second\s+nature|in\s+(?:good|great)\s+shape|"
        r"(?:a\s+|your\s+)?(?:real\s+)?(?:strength|strong\s+(?:point|suit)))(?:\s+now)?|"
        r"you(?:'ve|\s+have)\s+(?:really\s+)?"
        r"(?:got\s+(?:it|this)\s+down|mastered\s+(?:it|this)|got\s+(?:it|that(?:\s+one)?)(?=\s*(?:[.!]|$)))|"
        r"you\s+(?:clearly\s+)?know\s+(?:it|this)\s+(?:cold|well))\b",
        0.8,
        "The tutor judges it learned: 'ABGs look solid now', 'you've got it down'.",
        (
            "Correct, three in a row. ABGs look solid now.",
            "you've got it down!",
            "That's exactly right, a proper bowline. You've got that one.",
        ),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"solid|automatic|mastered|second\s+nature|shape|down|know|strength|strong|got\s+(?:it|that)",
    ),
    rule(
        "assessment_en_clean_one",
        EventType.CONCEPT_MASTERY,
        rf"^{_EN_NOT_YET}(?:[^.!?]*?[.!?]\s+)?(?:(?:congrat(?:ulation)?s|well\s+done|nice\s+(?:work|job)|"
        r"great\s+(?:work|job))\s+on\s+(?:a|an|the|your)|that(?:'s|\s+is|\s+was)\s+an?)\s+(?:clean|solid|"
        r"perfect|flawless|textbook|spot-on|proper|tidy)\s+(?!(?:start|try|effort|attempt|answer|job|one|"
        r"example|question|point|idea|beginning|improvement|progress|work|session)\b)"
        r"(?P<object>[A-Za-z][\w'+#-]*(?:\s+[\w'+#-]+){0,2})"
        r"(?=\s*(?:[,.;!—–-]|$))",
        0.8,
        "The tutor praises a clean attempt by name: 'Congratulations on a clean A major — that's "
        "the first real milestone.', 'That was a textbook bowline.'",
        (
            "Congratulations on a clean A major — that's the first real milestone.",
            "That was a textbook bowline!",
        ),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"clean|solid|perfect|flawless|textbook|spot-on|proper|tidy",
    ),
    rule(
        "assessment_zh_solid",
        EventType.CONCEPT_MASTERY,
        r"(?:(?:你|您)?(?P<object>(?:(?![你您])[\u4e00-\u9fffA-Za-z]){2,8}?)(?:那章|这章|这块|那块|这部分|"
        r"那部分|这[两几]步|这些)?(?:你|您)?(?:都|也|已经|现在|确实|真的)*(?:完全|基本)?(?<![不没未])"
        r"(?:掌握(?:得(?:很|非常|相当|挺)?(?:好|扎实|牢|不错)|了)|没问题了|很熟练了|熟练了|过关了|"
        r"(?:很|非常|相当)?到位了?|很稳了|(?:很|非常|挺|相当)?清楚了|搞定了|(?:很|挺|非常|相当)熟了|"
        r"(?<=确实|真的|非常)(?:很|挺)?(?:稳|熟|扎实)(?![悉练吗么])|很扎实|上手(?:得)?(?:很快|挺快|真快)|"
        r"学得(?:很快|挺快))|你(?:已经)?(?:完全|基本)?(?:掌握|会)了)",
        0.8,
        "老师判断已掌握：'配平你已经完全掌握了'、'行程问题你上手很快'。",
        (
            "配平你已经完全掌握了!",
            "这个你已经掌握了",
            "起笔藏锋已经很到位了",
            "透视你上手很快",
            "全对，唐朝你确实熟。",
            "你折旧那章确实稳",
            "全对，心梗定位你掌握得很扎实。",
            "完全正确，计分您已经很清楚了。",
            "完全对！数字你已经搞定了。",
        ),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        split_objects=True,
        trigger=r"掌握|没问题了|熟练|过关|会了|到位|稳|熟|扎实|上手|学得|清楚了|搞定了",
    ),
    rule(
        "assessment_en_come_a_long_way",
        EventType.CONCEPT_MASTERY,
        r"\byour\s+(?P<object>[\w'+#-]+(?:\s+[\w'+#-]+){0,3}?)(?:\s+(?:reading|skills?|work|game))?\s+"
        r"(?:has|have)\s+(?:really\s+)?(?:come\s+a\s+long\s+way|improved\s+(?:a\s+lot|so\s+much|hugely))",
        0.8,
        "The tutor judges it learned: 'your bass clef reading has come a long way'.",
        ("Exactly right. Your bass clef reading has come a long way.",),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"long\s+way|improved",
    ),
    rule(
        "assessment_en_got_it_down",
        EventType.CONCEPT_MASTERY,
        rf"^{_EN_NOT_YET}.*?\byou(?:'ve|\s+have)\s+(?:really\s+|totally\s+)?(?:got\s+)?"
        r"(?P<object>(?:the\s+)?[\w'+#-]+(?:\s+[\w'+#-]+){0,3}?)\s+(?:down(?:\s+pat)?|nailed)"
        r"(?=\s*(?:$|[,.;:!)]|\s(?:now|already|cold|too|there)\b))",
        0.8,
        "The tutor judges it learned: 'You've got the independent t-test down.'",
        (
            "Right again. You've got the independent t-test down.",
            "Nice, you have Apgar scoring down.",
        ),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"down|nailed",
    ),
    rule(
        "assessment_en_picked_up",
        EventType.CONCEPT_MASTERY,
        rf"^{_EN_NOT_YET}.*?\byou(?:'ve|\s+have|'re|\s+are)\s+(?:really\s+|totally\s+|clearly\s+)?"
        r"(?:got(?:ten)?\s+the\s+hang\s+of|getting\s+the\s+hang\s+of|nailed|picked\s+up|picking\s+up)\s+"
        r"(?P<object>[\w'+#-]+(?:\s+[\w'+#-]+){0,3}?)(?=\s*(?:$|[,.;!?]|\s+(?:fast|quickly|now|already|"
        r"really|well|there|too)\b))",
        0.8,
        "The tutor judges it learned: 'you've got the hang of ratios', 'picking up chords fast'.",
        ("Nice, you've got the hang of ratios now.", "you're picking up the shell sort fast!"),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"hang\s+of|nailed|picked\s+up|picking\s+up",
    ),
    rule(
        "assessment_en_close_but",
        EventType.CONCEPT_CONFUSION,
        rf"{_OPENING}(?:(?:(?:so\s+|very\s+)?close|almost|nearly)(?=\s*[,!.…—–-]|\s+but\b|\s*$)|not\s+quite\b|"
        r"(?:that's|that\s+is|it's)\s+not\s+(?:quite\s+)?(?:right|correct|it)\b|hmm,?\s+not\s+quite\b|"
        r"(?:good|nice)\s+try\b)",
        0.3,
        "The tutor says the attempt missed: 'Close, but…', 'Not quite.' (weak alone; the exchange "
        "step counts the sessions it recurs in).",
        ("Close, but you forgot the inside.", "Not quite: the 6th is raised."),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        verdict=MISSED,
    ),
    rule(
        "assessment_zh_close_but",
        EventType.CONCEPT_CONFUSION,
        rf"{_OPENING}(?:差一点|还差一点|差一步|接近了|不太对|不对|不完全对|还不对|可惜|有点小问题|"
        r"[\u4e00-\u9fff]{0,4}?(?:搞|弄|记|写)?反了(?=[：:，,。!！～~]))",
        0.3,
        "老师指出答错：'差一点'、'不太对'（单独一次是弱证据；跨会话反复出现才算障碍）。",
        ("差一点。pH 低是酸中毒没错,但…", "不太对,再想想"),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        verdict=MISSED,
    ),
    rule(
        "assessment_zh_weak_spot",
        EventType.CONCEPT_CONFUSION,
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{2,10}?)(?:问题)?(?:是|就是)你(?:现在|目前)?(?:最需要(?:练|补|加强)的|"
        r"最薄弱的|的薄弱(?:点|环节)|的弱项|(?:要|需要)重点(?:补|练|突破)的)",
        0.7,
        "老师点出薄弱点：'借贷方向是你现在最需要练的'。",
        ("借贷方向是你现在最需要练的，之后每次都先热身。",),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        trigger=r"最需要|薄弱|弱项|重点",
    ),
    rule(
        "assessment_en_weak_spot",
        EventType.CONCEPT_CONFUSION,
        r"\b(?P<object>[\w'+#-]+(?:\s+[\w'+#-]+){0,3}?)\s+(?:is|are)\s+(?:still\s+)?(?:your|the)\s+"
        r"(?:(?:biggest|main|real)\s+)?(?:weak\s+(?:spot|point|area)|gap|sticking\s+point|"
        r"(?:thing|part|area|bit|one)\s+to\s+(?:work\s+on|grind|drill|practi[cs]e|focus\s+on))\b",
        0.7,
        "The tutor names the weak spot: 'stopping distances are your weak spot'.",
        (
            "Signs are fine; stopping distances are your weak spot.",
            "Fingerspelling is still the part to grind, but you're getting there.",
        ),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        trigger=r"weak\s+(?:spot|point|area)|gap|sticking\s+point|\bto\s+(?:work|grind|drill|practi|focus)",
    ),
    rule(
        "assessment_en_trips_you_up",
        EventType.CONCEPT_CONFUSION,
        r"\bthe\s+(?:only\s+|one\s+|main\s+|real\s+)?(?:thing|part|bit|step)\s+(?:that\s+)?"
        r"(?:(?:still\s+|always\s+)?(?:keeps\s+tripping|trips)\s+you\s+up|(?:still\s+)?(?:catches|throws)"
        r"\s+you(?:\s+out|\s+off)?|you\s+(?:still\s+|always\s+|keep\s+)?(?:get|getting)\s+wrong)\s+is\s+"
        r"(?P<object>[^.,;:!?()]{2,40}?)(?=\s*(?:$|[.,;:!?()]))",
        0.7,
        "The tutor names what keeps going wrong: 'the only thing that keeps tripping you up is "
        "where range stops'.",
        (
            "You've got the loop down; the only thing that keeps tripping you up is where range "
            "stops.",
        ),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        trigger=r"trip|catches|throws|wrong",
    ),
    rule(
        "assessment_en_same_mistake",
        EventType.CONCEPT_CONFUSION,
        r"\b(?:you\s+(?:forgot|missed|dropped|skipped|left\s+out|mixed\s+up|flipped)\b[^.!?]{0,60}"
        r"\bagain\b|\bagain,?\s+you\s+(?:forgot|missed|dropped|skipped)\b|same\s+(?:missed\s+)?"
        r"(?:mistake|slip|error|thing|step|spot|trap|problem)\s+(?:again|as\s+(?:before|last\s+time))|"
        r"you(?:'re|\s+are)\s+still\s+(?:missing|forgetting|dropping|mixing\s+up)\b|"
        r"you\s+(?:slipped|fell|went)\s+back\s+(?:into|to)\b[^.!?]{0,40}\bagain\b|"
        r"\bsame\s+as\s+(?:last\s+time|before|yesterday|last\s+week)\b)",
        0.7,
        "The tutor points out the same missed step again: 'you forgot the inner derivative again'.",
        ("Close, but you forgot to multiply by the inner derivative again.",),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        verdict=MISSED_AGAIN,
    ),
    rule(
        "assessment_zh_same_mistake",
        EventType.CONCEPT_CONFUSION,
        r"又(?:是[\u4e00-\u9fff]{0,4}?)?(?:漏|忘|丢|错|搞混|弄混|混|写错|算错|反|搞反|弄反|记反|写反)了|"
        r"还是(?:漏|忘|丢|反)了|同样的错误|跟上次一样(?:的错|错|的问题)|"
        r"老问题(?:又|还)|(?:和|跟)上次(?:漏|错|犯)的是同一个|同一个(?:坑|错|问题|步骤)",
        0.7,
        "老师指出同一个错误又出现：'你又漏了内层函数的导数'。",
        ("差一点,你又漏了内层函数的导数。",),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        verdict=MISSED_AGAIN,
    ),
)


# --- what the exchange is about --------------------------------------------------------------

#: The tutor naming the concept: "That's the chain rule: …", "This is called completing the
#: square", "这叫链式法则", "这就是配平：…".
_EN_NAMING = re.compile(
    r"\b(?:(?:that's|that\s+is|this\s+is|it's|it\s+is|these\s+are|those\s+are)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<named>[A-Za-z][\w'/+-]*(?:\s+[\w'/+-]+){0,4}?)\s*[:—–]|(?:is\s+)?(?:called|known\s+as)\s+"
    r"(?:the\s+)?(?P<called>[A-Za-z][\w'/+-]*(?:\s+[\w'/+-]+){0,4}?)(?=\s*[,.;:!?)—–]|\s*$)|"
    # the attempt judged by name: "That's a clean bank reconciliation", "…right, a proper bowline"
    r"\b(?:that's|that\s+is|it's|it\s+is|right|correct)[,\s]+(?:a|an)\s+(?:proper|clean|correct|perfect|"
    r"textbook|flawless|solid|spot-on)\s+(?P<judged>[A-Za-z][\w'/+-]*(?:\s+[\w'/+-]+){0,3}?)"
    r"(?=\s*[,.;:!?)—–]|\s*$))",
    re.IGNORECASE,
)
#: What the attempt was, said by name at the end of a sentence ("That's exactly right — that's A
#: major.", "Exactly. That's Pythagoras, done cleanly."): a proper name or a known concept only,
#: since "that's great." ends a sentence the same way.
_EN_NAMED_LAST = re.compile(
    r"\b(?:that's|that\s+is|this\s+is)\s+(?:(?-i:the|a|an)\s+)?"
    r"(?P<named>[A-Za-z][\w'/+-]*(?:\s+[\w'/+-]+){0,3}?)(?=\s*(?:[.,;!)]|$))",
    re.IGNORECASE,
)
#: Not a name said last: a sentence that goes on ("that's Chinese for hello"), a day or a month.
_NOT_A_NAME_LAST = re.compile(
    r"\b(?:for|then|now|too|again|though|there|here|anyway|indeed|instead|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|"
    r"august|september|october|november|december)\b",
    re.IGNORECASE,
)
_ZH_NAMING = re.compile(
    r"(?:这|这个|这种|它)(?:就)?(?:叫(?:做)?|称为)(?P<called>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)"
    r"(?=[,.;:!?，。：；！？、(（]|$)"
    r"|(?:这|这个|那|那个)就?是(?P<named>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)[:：（(]"
)
#: "用得完全正确 👍 那就是列表推导式，…": named in passing, so a known concept only.
_ZH_NAMED_KNOWN = re.compile(
    r"(?:这|这个|那|那个)就是(?P<named>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?=[,.;!，。；！]|$)"
)
#: The slip named as a repeat: "the same sign error again", "又是那个介词" (known concepts only).
_EN_AGAIN = re.compile(
    r"\b(?:same|the)\s+(?P<again>[A-Za-z][\w'/+-]*(?:\s+[\w'/+-]+){0,3}?)\s+(?:again|as\s+(?:before|"
    r"last\s+time))\b",
    re.IGNORECASE,
)
_ZH_AGAIN = re.compile(
    r"又是(?:那个|这个)?(?P<again>[\u4e00-\u9fffA-Za-z]{2,8}?)(?=[,.;:!?，。：；！？、]|$)"
)
#: The tutor posing the next exercise on a named concept: "Try a related rates one:",
#: "换一题：静脉补钾的原则有哪些？", "再来一道配平题", or on the way to solve it: "Use the midpoint
#: method."
_EN_POSING = re.compile(
    r"\b(?:try|here's|next|now|let's\s+do)\b[^.?!:]{0,20}?\b(?:a|an|one|this|another)\s+"
    r"(?P<posed>[A-Za-z][\w'/+-]*(?:\s+[\w'/+-]+){0,3}?)\s+(?:problem|question|example|exercise)s?\b"
    r"|(?:^|[.!:]\s+)(?:now\s+)?use\s+(?:the\s+)?(?P<way>[A-Za-z][\w'/+-]*(?:\s+[\w'/+-]+){0,2}?\s+"
    r"(?:method|formula|rule|theorem|trick))\b",
    re.IGNORECASE,
)
#: A question headed by its topic: "Hemodynamics: normal CVP and normal PCWP?", "酸碱平衡：…？"
#: (only a head the vocabulary knows as a concept: "Sure: …?", "那我们继续：…？" are no topics).
_TOPIC_HEADED_QUESTION = re.compile(
    r"(?:^|(?<=[.!?。！？\n]))\s*(?P<posed>[A-Za-z][\w'/+-]*(?:\s+[\w'/+-]+){0,3}|[\u4e00-\u9fff]{2,8})"
    r"\s*[:：]\s*[^:：\n]*[?？]"
)
_LEAD_IN = re.compile(
    r"^(?:(?:and|so|now|next|then|ok(?:ay)?|alright|right|good|great)[,!]?\s+)+", re.I
)
#: Words that frame a question rather than name its topic.
_FRAMING_WORDS = frozenset(
    {
        "let's",
        "lets",
        "let",
        "test",
        "try",
        "do",
        "again",
        "one",
        "ones",
        "another",
        "next",
        "quick",
        "some",
        "this",
        "that",
        "these",
        "those",
        "a",
        "an",
        "the",
        "now",
        "ok",
        "okay",
        "so",
        "here",
        "your",
        "my",
        "our",
        "turn",
        "question",
        "questions",
        "check",
        "quiz",
        "round",
        "practice",
        "example",
        "examples",
        "problem",
        "problems",
        "exercise",
        "review",
        "recap",
        "hint",
        "tip",
        "note",
        "sure",
        "great",
        "good",
        "nice",
        "right",
        "well",
        "alright",
        "answer",
        "step",
        "part",
        "warm",
        "up",
        "bonus",
        "challenge",
        "first",
        "second",
        "third",
        "last",
        "final",
        "remember",
        "careful",
        "important",
        "also",
        "plus",
        "then",
        "and",
        "or",
        "yes",
        "no",
        "basic",
        "basics",
        "simple",
        "easy",
        "hard",
        "harder",
        "tricky",
        "real",
        "fun",
        "quickie",
        "recall",
        "prompt",
        "scenario",
        "case",
        "task",
        "level",
        "today",
        "homework",
    }
)
_ZH_POSING = re.compile(
    r"(?:换一题|再来一(?:道|题|个)|下一(?:题|道|个)|来一(?:道|题)|考考你|出一题|再考你|"
    r"(?<![\u4e00-\u9fff])题\s?[0-9一二三四五六七八九]?(?=[：:]))[：:，,]?\s*"
    r"(?P<posed>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:的|题|[：:，,？?])"
)

#: "That's a good question: …", "That is the key step:" name no concept.
_NOT_A_CONCEPT = re.compile(
    r"(?:^|\s)(?:question|point|idea|try|start|thing|step|mistake|trick|part|answer|one|catch|"
    r"plan|deal|spirit|way|example|check|quiz|round|challenge|problem|exercise|task|practice|"
    r"warm-up|bonus|recap|hint|tip|note|reminder|turn|go|shot|q\d*)$|"
    # a verdict, however strong: "That's exactly right —" names nothing
    r"^(?:(?:exactly|absolutely|totally|completely|perfectly|quite|all|so|dead|almost|nearly)\s+)?"
    r"(?:right|correct|it|true|why|how|what|spot\s+on|perfect|wrong|close|"
    r"fine|ok|okay|next|now|so|then|also|and|but|remember|careful|again|here|first|second|last|"
    r"finally)$|^(?:try|let's|lets|quick|your|my|our|this|that)\b|[题练习例]$|^(?:下一|第[一二三四五六七八九十\d]+|再来|最后|注意|提示|复习|练习)",
    re.IGNORECASE,
)
#: A clause, not a name: "That's where people get stuck:", "This is called being stuck:".
_CLAUSE_WORDS = re.compile(
    r"\b(?:where|when|what|why|how|who|which|that|people|everyone|everybody|someone|you|your|i|"
    r"we|they|he|she|it|get|gets|got|getting|is|are|was|were|be|being|been|called|known|do|does|"
    r"did|most|lot|lots|really|just|very)\b",
    re.IGNORECASE,
)


def _names_in(
    text: str,
    patterns: tuple[tuple[re.Pattern[str], str], ...],
    said: Callable[[str], bool] = bool,
) -> list[tuple[int, str]]:
    """The names the patterns capture, cleaned; `said` screens each capture as typed."""
    return [
        (match.start(group), name)
        for pattern, lang in patterns
        for match in pattern.finditer(text)
        for group, raw in match.groupdict().items()
        if raw and said(raw)
        for name in clean_objects(raw, lang, False)
        if not _NOT_A_CONCEPT.search(name) and not _CLAUSE_WORDS.search(name)
    ]


def _known_concepts(found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return [
        (at, name)
        for at, name in found
        if (entry := vocabulary.lookup(name)) is not None and entry.kind is EntityKind.CONCEPT
    ]


def _named_last(text: str) -> list[tuple[int, str]]:
    """`_EN_NAMED_LAST`'s names: a proper name as typed ("A major", "Pythagoras"; not "OK", a
    day or a month) or a known concept ("the chain rule")."""
    last = ((_EN_NAMED_LAST, "en"),)

    def proper(raw: str) -> bool:
        return not _NOT_A_NAME_LAST.search(raw) and raw[:1].isupper() and not raw.isupper()

    def common(raw: str) -> bool:
        return not _NOT_A_NAME_LAST.search(raw) and not raw[:1].isupper()

    return _names_in(text, last, proper) + _known_concepts(_names_in(text, last, common))


def concepts_named(text: str) -> list[str]:
    """The concepts a tutor's turn names what was said as, in order ("That's the chain rule:
    …", "那个就是现在完成时（present perfect）", "that's A major.", a known one it calls the same
    slip again: "又是那个介词"): a verdict in the same turn is about them."""
    found = _names_in(text, ((_EN_NAMING, "en"), (_ZH_NAMING, "zh")))
    again = ((_EN_AGAIN, "en"), (_ZH_AGAIN, "zh"), (_ZH_NAMED_KNOWN, "zh"))
    found += _known_concepts(_names_in(text, again))
    found += _named_last(text)
    return list(dict.fromkeys(name for _, name in sorted(found)))


def _names_a_topic(head: str) -> bool:
    """An English head of one to three plain words, none of which frames the question
    ("Bass clef: …?" is a topic; "Quick check: …?", "Let's test dorian again: …?" are not).
    A Chinese head must be known: without word boundaries "先做个小测试" looks like a name."""
    words = head.casefold().split()
    return 0 < len(words) <= 3 and all(
        w.isascii() and w.isalpha() and w not in _FRAMING_WORDS for w in words
    )


def concepts_posed(text: str) -> list[str]:
    """The concepts a tutor's turn poses the next exercise on, in order ("Try a related rates
    problem", "换一题：静脉补钾的原则有哪些？", "Hemodynamics: normal CVP?"): the verdict on the
    next attempt is about these, not about what the user named last."""
    found = _names_in(text, ((_EN_POSING, "en"), (_ZH_POSING, "zh")))
    for match in _TOPIC_HEADED_QUESTION.finditer(text):
        head = _LEAD_IN.sub("", match["posed"].strip())  # "Now bass clef: …?"
        entry = vocabulary.lookup(head)
        if (entry is not None and entry.kind is EntityKind.CONCEPT) or _names_a_topic(head):
            found.append((match.start("posed"), head))
    return list(dict.fromkeys(name for _, name in sorted(found)))


#: A tutor's last question, up to its mark: what follows it ("（按 NADH=2.5）") is a hint.
_LAST_QUESTION = re.compile(r"(?:^|[。！!.:：;；\n])(?P<asked>[^。！!.:：;；\n?？]*[?？])[^?？]*$")


def concepts_asked(text: str) -> list[str]:
    """The known concepts a tutor's closing question mentions ("柠檬酸循环现在能默写全程了吗？",
    "Do you know the circle of fifths?"), when no pattern says what the next exercise is on:
    the answer that follows is about them."""
    asked = _LAST_QUESTION.search(text)
    return vocabulary.mentions(asked["asked"], EntityKind.CONCEPT) if asked else []
