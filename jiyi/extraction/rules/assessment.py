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

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.model import ASSISTANT_ROLES, POSITIVE, Rule, rule

_EN_NO_BUT = r"(?![^.!?]*\b(?:but|almost|not\s+quite|except|however|careful|close)\b)"
_ZH_NO_BUT = r"(?![^.!?。]*(?:但是|不过|可是|差一点|还差|只是|注意))"

RULES: tuple[Rule, ...] = (
    rule(
        "assessment_en_correct",
        EventType.CONCEPT_MASTERY,
        rf"^{_EN_NO_BUT}(?:(?:yes|yep|yup|yeah|oh)[,!]*\s+)?(?:(?:that's|that\s+is|you're|you\s+are)\s+"
        r"(?:exactly\s+|totally\s+|absolutely\s+|completely\s+|100%\s+)?(?:right|correct|spot\s+on)"
        r"|exactly|correct|perfect|spot\s+on|nailed\s+it|you\s+nailed\s+it|bingo|well\s+done|"
        r"great\s+job|nice\s+work|good\s+job|you\s+got\s+it|that's\s+it)\b",
        0.2,
        "The tutor confirms the user's attempt: 'Exactly, that's right!' (concept: the session's).",
        ("Exactly! That's right.", "Yes, that's correct: 6x."),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
    ),
    rule(
        "assessment_zh_correct",
        EventType.CONCEPT_MASTERY,
        rf"^{_ZH_NO_BUT}(?:对了|对的|没错|完全正确|答对了|正确|完全对|太棒了|漂亮|bingo|非常好|很好)"
        r"(?=[!,.~]|$|[\u4e00-\u9fff])",
        0.2,
        "老师确认答对：'对了！完全正确'（概念：本次会话讨论的）。",
        ("对了!完全正确。", "没错,就是6x"),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
    ),
    rule(
        "assessment_en_solid",
        EventType.CONCEPT_MASTERY,
        r"\b(?:(?P<object>[\w'+#-]+(?:\s+[\w'+#-]+){0,2}?)\s+(?:look|looks|are|is)\s+(?:really\s+|very\s+)?"
        r"(?:solid|automatic|mastered|second\s+nature)(?:\s+now)?|you(?:'ve|\s+have)\s+(?:really\s+)?"
        r"(?:got\s+(?:it|this)\s+down|mastered\s+(?:it|this))|you\s+(?:clearly\s+)?know\s+(?:it|this)\s+"
        r"(?:cold|well))\b",
        0.8,
        "The tutor judges it learned: 'ABGs look solid now', 'you've got it down'.",
        ("Correct, three in a row. ABGs look solid now.", "you've got it down!"),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"solid|automatic|mastered|second\s+nature|down|know",
    ),
    rule(
        "assessment_zh_solid",
        EventType.CONCEPT_MASTERY,
        r"(?:(?P<object>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:你)?(?:已经|现在)?(?:完全|基本)?(?:掌握(?:得很好|了)|没问题了|很熟练了|"
        r"熟练了|过关了)|你(?:已经)?(?:完全|基本)?(?:掌握|会)了)",
        0.8,
        "老师判断已掌握：'配平你已经完全掌握了'。",
        ("配平你已经完全掌握了!", "这个你已经掌握了"),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"掌握|没问题了|熟练|过关|会了",
    ),
    rule(
        "assessment_en_same_mistake",
        EventType.CONCEPT_CONFUSION,
        r"\b(?:you\s+(?:forgot|missed|dropped|skipped|left\s+out|mixed\s+up|flipped)\b[^.!?]{0,60}"
        r"\bagain\b|\bagain,?\s+you\s+(?:forgot|missed|dropped|skipped)\b|same\s+(?:mistake|slip|"
        r"error|thing)\s+as\s+(?:before|last\s+time)|you(?:'re|\s+are)\s+still\s+(?:missing|"
        r"forgetting|dropping|mixing\s+up)\b)",
        0.7,
        "The tutor points out the same missed step again: 'you forgot the inner derivative again'.",
        ("Close, but you forgot to multiply by the inner derivative again.",),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
    ),
    rule(
        "assessment_zh_same_mistake",
        EventType.CONCEPT_CONFUSION,
        r"又(?:漏|忘|丢|错|搞混|弄混|混|写错|算错)了|还是(?:漏|忘|丢)了|同样的错误|跟上次一样(?:的错|错|的问题)|"
        r"老问题(?:又|还)",
        0.7,
        "老师指出同一个错误又出现：'你又漏了内层函数的导数'。",
        ("差一点,你又漏了内层函数的导数。",),
        roles=ASSISTANT_ROLES,
        object_kind=EntityKind.CONCEPT,
    ),
)
