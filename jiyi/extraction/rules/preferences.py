"""Preferences and dislikes: what the user likes and what they do not.

Kept together because each like pattern has a negated twin here, and the like patterns are
written not to fire on it ("I don't like", "我不喜欢"). Lists split into one event per item:
"I love hiking and swimming" is two preferences.
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType, RelationKind
from jiyi.extraction.rules.fragments import (
    EN_ADV,
    EN_I_AM,
    EN_OBJ,
    ZH_ADV,
    ZH_OBJ,
    ZH_OBJ_LAZY,
    ZH_SUBJECT,
)
from jiyi.extraction.rules.model import Rule, rule

RULES: tuple[Rule, ...] = (
    rule(
        "preference_en_like",
        EventType.PREFERENCE,
        rf"\b(?:I|we)\s+{EN_ADV}(?:love|loved|like|liked|enjoy|enjoyed|adore|prefer|fancy|dig)\s+"
        rf"(?!how\b|that\b|when\b|what\b|it\b|you\b|this\b|the\s+way\b){EN_OBJ}",
        0.8,
        "Something the user likes: 'I love hiking and swimming' (each item an object).",
        ("I love hiking and swimming.", "I really enjoy jazz"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_en_into",
        EventType.PREFERENCE,
        rf"\b{EN_I_AM}\s+{EN_ADV}(?:into|(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of|passionate\s+about|"
        rf"interested\s+in|obsessed\s+with|crazy\s+about|fond\s+of|keen\s+on)\s+{EN_OBJ}",
        0.8,
        "Interest phrased as a state: 'I'm really into painting', 'I'm a big fan of jazz'.",
        ("I'm really into painting.", "I'm a huge fan of Studio Ghibli"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
        relation=RelationKind.INTERESTED_IN,
    ),
    rule(
        "preference_en_favourite",
        EventType.PREFERENCE,
        rf"\bmy\s+(?:all-time\s+)?(?:favou?rite|fave)\s+(?:[\w-]+\s+){{0,3}}?(?:is|are|was)\s+"
        rf"{EN_OBJ}",
        0.85,
        "A favourite: 'my favorite book is Dune'.",
        ("My favorite book is Dune.", "my favourite subjects are math and art"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_zh_like",
        EventType.PREFERENCE,
        rf"{ZH_SUBJECT}{ZH_ADV}(?:喜欢|爱|热爱|喜爱|偏爱|钟爱|迷上了?|沉迷于?|爱上了?)(?![你他她死的])(?:上了)?"
        rf"{ZH_OBJ}",
        0.8,
        "喜好：'我很喜欢绘画、弹钢琴和品茶'（每一项一个对象）、'我喜欢用动画学数学'。",
        ("我很喜欢绘画、弹钢琴和品茶", "我喜欢用动画学数学"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_zh_interested",
        EventType.PREFERENCE,
        rf"我对{ZH_OBJ_LAZY}{ZH_ADV}(?<!不)(?<!没)感兴趣",
        0.8,
        "兴趣：'我对天文学很感兴趣'（'不感兴趣'不算）。",
        ("我对天文学很感兴趣",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
        relation=RelationKind.INTERESTED_IN,
    ),
    rule(
        "interest_en_fun_part",
        EventType.PREFERENCE,
        r"(?:^|[,.;!?]\s*|\b(?:tbh|ngl|honestly|but|and|also)\s+)(?:the\s+)?"
        r"(?P<object>[\w'-]+(?:\s+[\w'-]+){0,2}?(?:\s+(?:stuff|side))?)"
        r"(?:\s+(?:part|bit|lecture|class))?\s+(?:is|are|was|were)\s+(?:actually\s+|kinda\s+|really\s+|"
        r"so\s+|trop\s+|literally\s+)*(?:the\s+)?(?:fun|cool|interesting|fascinating|best|my\s+favou?rite)"
        r"(?:\s+(?:part|bit|stuff|one))?\b",
        0.7,
        "A topic found interesting: 'the patho stuff is the fun part', 'physics is kinda fun'.",
        ("tbh the patho stuff is the fun part", "physics is actually kinda fun when it clicks"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"fun|cool|interesting|fascinating|best|favou?rite",
    ),
    rule(
        "interest_en_find_interesting",
        EventType.PREFERENCE,
        r"\b(?:the\s+)?(?P<object>[\w'-]+(?:\s+[\w'-]+){0,2}?(?:\s+stuff)?)(?:\s+bit|\s+part)?\s+(?:is|are)\s+"
        r"(?:the\s+)?(?:only\s+)?(?:bit|part|thing|stuff)\s+i\s+(?:actually\s+|really\s+)?(?:find\s+"
        r"interesting|love|like|enjoy|care\s+about)\b",
        0.75,
        "'the spy stuff is the only bit i find interesting', 'neuro is the stuff i actually love'.",
        (
            "ngl the spy stuff is the only bit i find interesting",
            "neuro is the stuff i actually love",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"\bi\s+(?:actually\s+|really\s+)?(?:find|love|like|enjoy|care)",
    ),
    rule(
        "interest_zh_want_to_learn",
        EventType.PREFERENCE,
        r"我(?:其实|也|一直|还)?(?:挺|很|特别|有点|蛮)?想(?:学|学学|跟着学学?|学做)(?:一下|点)?"
        r"(?P<object>[\u4e00-\u9fffA-Za-z的]{2,12}?)(?:的)?(?=了|呢|吧|$|[,.!~\s])",
        0.6,
        "想学点什么：'我也有点想跟着学学国画'。",
        ("我也有点想跟着学学国画,以后再说吧",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
    ),
    rule(
        "preference_zh_favourite",
        EventType.PREFERENCE,
        rf"我(?:最)?(?:喜欢|感兴趣|爱)的(?:[\u4e00-\u9fff]{{1,6}}?)?是{ZH_OBJ}",
        0.85,
        "最喜欢的东西：'我最喜欢的书是《小王子》'。",
        ("我最喜欢的书是《小王子》",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_en_hate",
        EventType.DISLIKE,
        rf"\bI\s+{EN_ADV}(?:hate|hated|dislike|disliked|detest|loathe|can't\s+stand|"
        rf"cannot\s+stand|couldn't\s+stand|could\s+not\s+stand|"
        rf"(?:don't|do\s+not)\s+(?:really\s+|particularly\s+)?(?:like|enjoy|care\s+for|love))\s+"
        rf"{EN_OBJ}",
        0.8,
        "Something the user dislikes: 'I hate cilantro', 'I don't like long videos'.",
        ("I hate cilantro.", "I really don't like long lectures"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_en_not_a_fan",
        EventType.DISLIKE,
        rf"\b{EN_I_AM}\s+{EN_ADV}not\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into|interested\s+in|"
        rf"keen\s+on|fond\s+of)\s+{EN_OBJ}",
        0.8,
        "Dislike phrased as a state: 'I'm not a fan of horror movies'.",
        ("I'm not a fan of horror movies.", "I am not into sports"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_zh_hate",
        EventType.DISLIKE,
        rf"{ZH_SUBJECT}{ZH_ADV}(?:不(?:太|怎么|是很|大)?喜欢|不(?:太)?爱|讨厌|厌恶|受不了|反感|烦透了|恨死了|恨)"
        rf"{ZH_OBJ}",
        0.8,
        "厌恶：'我不喜欢吃香菜'、'我特别讨厌背单词'。",
        ("我不喜欢吃香菜。", "我特别讨厌背单词"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_zh_not_interested",
        EventType.DISLIKE,
        rf"我对{ZH_OBJ_LAZY}{ZH_ADV}(?:不感兴趣|没(?:什么|有|啥)?兴趣|很反感|反感)",
        0.8,
        "不感兴趣：'我对足球不感兴趣'。",
        ("我对足球不感兴趣",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
)
