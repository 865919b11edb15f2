"""Facts about the user an agent should never ask twice: where they live, what they are
allergic to. Each names its relation (`lives_in`, `allergic_to`), so it reaches the graph;
the broader life facts in `personal` stay episodic.
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType, RelationKind
from jiyi.extraction.rules.fragments import EN_I_AM
from jiyi.extraction.rules.model import Rule, rule

_EN_PLACE = (
    r"(?P<object>(?!the\b|a\b|my\b|here\b|there\b)[^\W\d_][\w'.-]*(?:[ -][^\W\d_][\w'.-]*){0,2}?)"
    # a word after the place is a word of its own: "Berlin would" is not "Berl" + "in"
    r"(?=\s*(?:$|[,.;:!?)]|\d)|\s+(?:for|since|with|and|but|so|now|last|this|next|a|in|about|around|"
    r"because|lol|by|btw|tho|ago)\b)"
)
#: (not what is said not to be one: "allergic to not peanuts" is a correction's tail)
_EN_ALLERGEN = r"(?!not\b|nothing\b)(?P<object>[^,.;:!?()\n]{2,40}?)"

RULES: tuple[Rule, ...] = (
    rule(
        "lives_en_in",
        EventType.PERSONAL_FACT,
        rf"\b(?:I\s+(?:currently\s+|now\s+|still\s+|actually\s+)?live\s+in|"
        rf"I(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+to|"
        rf"{EN_I_AM}\s+(?:based|living)\s+in|we\s+(?:currently\s+|now\s+)?live\s+in|"
        rf"(?:i|we)\s+(?:just\s+)?moved\s+to|(?:^|(?<=,\s))moved\s+to|"
        rf"(?:^|(?<=[,.;!?]\s))(?:currently\s+|now\s+)?live\s+in)\s+{_EN_PLACE}",
        0.9,
        "Where the user lives now: 'I live in Lyon', 'moved to montréal 2 yrs ago', "
        "'live in leeds, 2 kids'.",
        (
            "I live in Lyon.",
            "we just moved, I moved to Leeds in May",
            "We live in Tucson, btw",
            "Live in Osaka, teach English at a juku",
        ),
        object_kind=EntityKind.PLACE,
        relation=RelationKind.LIVES_IN,
        object_required=True,
    ),
    rule(
        "lives_zh_in",
        EventType.PERSONAL_FACT,
        r"我(?:家)?(?:其实)?(?:现在|目前|一直|平时|也)?(?:住在|生活在|定居在?|搬到了?|搬去了?|人(?:现在)?在|"
        r"在(?=[\u4e00-\u9fff]{2,6}(?:住|生活)))"
        r"(?P<object>[\u4e00-\u9fff]{2,6}?|[A-Za-z][\w -]{1,20}?)"
        r"(?=$|[,.!?;。\s]|了|啦|呢|住|生活|这边|那边|市|的|，|哦|啊)",
        0.9,
        "住在哪：'我住在上海'、'我家在杭州住'（地名）。",
        ("我住在上海。", "我现在住在成都,挺好的"),
        object_kind=EntityKind.PLACE,
        relation=RelationKind.LIVES_IN,
        object_required=True,
    ),
    rule(
        "allergy_en_allergic",
        EventType.PERSONAL_FACT,
        rf"\b(?:{EN_I_AM}|I've\s+been|I\s+get)\s+(?:(?:very|really|super|severely|deathly|a\s+bit|"
        rf"kinda|slightly|also)\s+)*allergic\s+to\s+{_EN_ALLERGEN}"
        r"(?=\s*(?:$|[,.;:!?)]|and\b|so\b|but\b|lol|haha))",
        0.9,
        "An allergy: 'I'm allergic to peanuts' (each item an object).",
        ("I'm allergic to peanuts.", "i'm super allergic to cats, so no"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "allergy_en_have",
        EventType.PERSONAL_FACT,
        r"\bI\s+(?:have|got)\s+(?:an?\s+|a\s+(?:bad|severe|mild)\s+)?"
        r"(?P<object>[a-z][\w -]{1,30}?)\s+allerg(?:y|ies)\b",
        0.9,
        "An allergy named first: 'I have a peanut allergy'.",
        ("I have a peanut allergy.", "i got a bad shellfish allergy"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
    ),
    rule(
        "allergy_zh_allergic",
        EventType.PERSONAL_FACT,
        r"我(?:自己)?(?:就|也|还)?(?:是)?(?:对)?(?!妹|姐|哥|弟|妈|爸|老公|老婆|女儿|儿子|孩子|家|朋友|同学|室友|没|不)"
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:严重|有点|有些|很|特别|也)?过敏",
        0.9,
        "过敏：'我对花生过敏'、'我花粉过敏'。",
        ("我对花生过敏", "我花粉过敏,春天很难受"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
    ),
)
