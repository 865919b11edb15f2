"""Emotions: how the user feels, negative or positive, with the feeling word as the object.

Short because the work is in the vocabularies: the feeling words and what may lead up to them
("I'm so", "我好") live in `fragments`.
"""

from __future__ import annotations

import re

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.fragments import (
    EN_EMOTION_DEGREES,
    EN_EMOTION_LEAD,
    EN_EMOTIONS_NEGATIVE,
    EN_EMOTIONS_POSITIVE,
    ZH_EMOTION_LEAD,
    ZH_EMOTIONS_NEGATIVE,
    ZH_EMOTIONS_POSITIVE,
)
from jiyi.extraction.rules.model import NEGATIVE, POSITIVE, Rule, rule

#: A feeling said without "I" at the start of a clause, as chat drops it: "so nervous about this
#: exam", "been anxious since january", "still anxious about test day". The clause must start
#: there, so "are you nervous?" and "she's so stressed" are not the user's.
_EN_BARE_LEAD = (
    r"(?:^|[,;:!?~]+\s*|\s[-–]\s|[\U0001F300-\U0001FAFF\u2600-\u27BF]\s*)(?:(?:and|but|also|tbh|ngl|honestly|lowkey|ok|okay|lol|ugh|"
    r"man|tho)\s+)*(?:(?:been|still|always|getting|feeling)\s+)*(?:(?:so+|really|very|super|kinda|"
    r"kind\s+of|a\s+bit|a\s+little|pretty|lowkey|extremely|hella|rly|mega|sooo+|still)\s+)*"
)
#: What follows a bare feeling word when it is a statement about oneself.
_EN_BARE_TAIL = (
    r"(?=\s+(?:about|abt|since|for|lately|af|asf|rn|tbh|ngl|of|to|every|all|before|over|with|doing|"
    r"these|this|lol|lmao|haha\w*)\b|\s*(?:[,.!~😭😩😓😣😰😥🥲]|$))"
)
#: "每次都紧张", "一到考试就焦虑", "一直很焦虑": a feeling tied to a recurring situation.
_ZH_RECURRING_LEAD = (
    r"(?<![他她你])(?:(?:每次|每回)(?:[^,.;!?。\s]{0,6}?(?=都|会|就))?|一(?:到|开|上|考|见|碰到|想到|提到|坐|站|拿|摸|看到|听到)[^,.;!?。\s]{0,8}?就|总是|老是|经常|"
    r"一直)(?:都|会|就|很|好|特别|有点|超级?|非常|还是)*"
)

#: How much a Chinese feeling is said to be felt is no part of its name: "压力好大" is 压力大,
#: "好累" is 累.
_ZH_FEELING_DEGREE = re.compile(
    r"^(?:好|很|太|特别|超级?|挺|有点)(?=.)|(?<=压力)(?:好|很|太|特别|挺|山|超级?|有点)(?=大)"
)


def zh_feeling_name(said: str) -> str:
    """A Chinese feeling by its plain name ("压力好大" → 压力大)."""
    return _ZH_FEELING_DEGREE.sub("", said)


RULES: tuple[Rule, ...] = (
    rule(
        "emotion_en_bare",
        EventType.EMOTION,
        rf"{_EN_BARE_LEAD}(?P<object>{EN_EMOTIONS_NEGATIVE}){_EN_BARE_TAIL}",
        0.75,
        "A negative feeling said without 'I': 'so nervous about this exam tbh', 'been anxious "
        "since january'.",
        (
            "so nervous about this exam tbh",
            "been anxious about it since january",
            "test tmrw 😬 kinda nervous ngl",
        ),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
        trigger=EN_EMOTIONS_NEGATIVE,
    ),
    rule(
        "emotion_en_bare_positive",
        EventType.EMOTION,
        rf"{_EN_BARE_LEAD}(?P<object>{EN_EMOTIONS_POSITIVE}){_EN_BARE_TAIL}",
        0.75,
        "A good feeling said without 'I': 'SO excited to finally start guitar lessons', 'proud "
        "of myself ngl'.",
        ("SO excited to finally start guitar lessons!!!", "proud of myself ngl"),
        polarity=POSITIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
        trigger=EN_EMOTIONS_POSITIVE,
    ),
    rule(
        "emotion_en_stressing_me_out",
        EventType.EMOTION,
        r"\b(?:is|are|'s|'re|been|keeps?|always|really|so)\s+(?:(?:really|so|totally|kinda)\s+)?"
        r"stressing\s+me(?:\s+out)?\b|\bstress(?:es)?\s+me\s+out\b|"
        r"\bmy\s+stress(?:\s+levels?)?\s+(?:(?:is|are|'s)\s+)?(?:through\s+the\s+roof|off\s+the\s+charts|"
        r"at\s+an\s+all[\s-]time\s+high)",
        0.75,
        "Something that stresses the user: 'uni apps are stressing me out big time'.",
        ("uni apps are stressing me out big time", "exams always stress me out"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        fixed_object="stressed",
        trigger=r"stress",
    ),
    rule(
        "emotion_zh_bare",
        EventType.EMOTION,
        rf"(?:^|(?<=[\s,，~]))(?P<object>{ZH_EMOTIONS_NEGATIVE})"
        r"(?=$|[\s,.!~…。，！]|[了啊呀啦][\s,.!~…。，！]*$|[\u2600-\u27bf\U0001f000-\U0001faff])",
        0.75,
        "一个情绪词单独成句（聊天里常省掉'我'）：'高三了 压力山大'、'还剩200天 慌'。",
        ("开学了 高三了 压力山大 🥲", "离高考还剩200天 慌"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
    ),
    rule(
        "emotion_zh_recurring",
        EventType.EMOTION,
        rf"{_ZH_RECURRING_LEAD}(?P<object>{ZH_EMOTIONS_NEGATIVE})",
        0.75,
        "反复出现的情绪：'每次都紧张到手心冒汗'、'一到考试就焦虑'。",
        ("每次都紧张到手心冒汗", "一到考试就焦虑"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
    ),
    rule(
        "emotion_en_negative",
        EventType.EMOTION,
        rf"{EN_EMOTION_LEAD}(?P<object>{EN_EMOTIONS_NEGATIVE})\b",
        0.8,
        "A negative feeling: 'I'm so stressed', 'I've been feeling lonely'.",
        ("I'm so stressed about finals.", "I've been feeling lonely lately"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
    ),
    rule(
        "emotion_en_positive",
        EventType.EMOTION,
        rf"{EN_EMOTION_LEAD}(?P<object>{EN_EMOTIONS_POSITIVE})\b",
        0.8,
        "A positive feeling: 'I'm so excited', 'I feel proud'.",
        ("I'm so excited for the trip!", "I feel really proud of myself"),
        polarity=POSITIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
    ),
    rule(
        "emotion_zh_negative",
        EventType.EMOTION,
        rf"{ZH_EMOTION_LEAD}(?P<object>{ZH_EMOTIONS_NEGATIVE})",
        0.8,
        "负面情绪：'我好难过'、'最近压力好大'。",
        ("我好难过", "最近压力好大"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
    ),
    rule(
        "emotion_zh_to_death",
        EventType.EMOTION,
        r"(?:^|(?<=[\s,.!~;]))(?:我|真的|真是|简直|快|都|要)*(?:(?P<object>紧张|焦虑|慌)|急)死(?:我)?了",
        0.8,
        "说到'死了'的着急紧张：'急死了 还剩四个月'（着急）、'紧张死了'。",
        ("听力还是听不懂 急死了 还剩四个月", "紧张死了"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        fixed_object="着急",
        trigger=r"死",
    ),
    rule(
        "emotion_zh_positive",
        EventType.EMOTION,
        rf"{ZH_EMOTION_LEAD}(?<!不)(?<!没)(?P<object>{ZH_EMOTIONS_POSITIVE})",
        0.8,
        "正面情绪：'今天好开心'（'不开心'归负面）。",
        ("今天好开心!", "我特别兴奋"),
        polarity=POSITIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
    ),
    rule(
        "emotion_en_feel_lost",
        EventType.EMOTION,
        # "I feel" / "feeling" only: "I was so confused" is over, "I get lost halfway" an obstacle
        r"(?:\bi(?:\s+(?:(?:really|just|still|kinda|sometimes|always|honestly|totally)\s+)*feel|"
        r"(?:'m|\s+am)\s+feeling)|(?:^|[,;:!?]\s*)(?:(?:tbh|ngl|honestly|and|but)\s+)?(?:still\s+)?"
        rf"feeling)\s+{EN_EMOTION_DEGREES}(?P<object>lost|confused|unprepared|out\s+of\s+my\s+depth)\b",
        0.8,
        "Lost in the material, said as a feeling: 'tbh I feel kinda lost with all this', "
        "'feeling out of my depth'.",
        ("tbh I feel kinda lost with all this", "feeling totally out of my depth here"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
        trigger=r"lost|confused|unprepared|depth",
    ),
    rule(
        "emotion_zh_pressure",
        EventType.EMOTION,
        r"(?<![他她你])(?:^|(?<=[\s,.!~;。，我]))(?:最近|现在|今天|这阵子|这段时间|这学期|工作|学习|"
        r"考试|心理)*压力(?:真的|确实|实在|一直)?(?:有点|有些|蛮|超级?|巨|贼|非常|越来越|比较)大",
        0.8,
        "压力大，带程度词：'最近压力有点大'、'这学期压力超大'（物件记作'压力大'）。",
        ("最近压力有点大", "这学期压力超大"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        fixed_object="压力大",
        trigger=r"压力",
    ),
    rule(
        "emotion_zh_worn_out",
        EventType.EMOTION,
        r"(?<![他她你])(?:^|(?<=[\s,.!~;。，我]))(?:现在|今天|最近|这几天|真的|真是|实在|是真的|已经)*"
        r"(?:好|很|太|超级?|特别|巨|贼)?累(?:到不行|得不行|到爆|死了|得要命|趴了|瘫了|成狗)",
        0.8,
        "累到极点：'现在真的累到不行'、'今天累成狗'（物件记作'累'）。",
        ("连上三个夜班，现在真的累到不行", "今天累成狗"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        fixed_object="累",
        trigger=r"累",
    ),
    rule(
        "emotion_zh_cant_hold_on",
        EventType.EMOTION,
        r"(?<![他她你])(?:^|(?<=[\s,.!~;。，我]))(?:现在|最近|真的|已经|感觉|觉得|有点)*快要?撑不住了?",
        0.8,
        "快撑不住了：'工作孩子加上课程，感觉快撑不住了'。",
        ("工作孩子加上课程，感觉快撑不住了", "最近真的快撑不住了"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        fixed_object="撑不住",
        trigger=r"撑不住",
    ),
    rule(
        "emotion_zh_unsure",
        EventType.EMOTION,
        r"(?<![他她你])(?:心里|说实话|说真的|有点|有些|还是|真的|挺|很|实在)+没底(?![^。!?]*[吗?])",
        0.8,
        "心里没底：'这次考试说实话有点没底'。",
        ("这次考试说实话有点没底", "心里没底"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        fixed_object="没底",
        trigger=r"没底",
    ),
    rule(
        "emotion_en_making_me",
        EventType.EMOTION,
        rf"\b(?:is|are|'s|'re|been|keeps?)\s+(?:(?:really|so|kinda|honestly|lowkey|already)\s+)*"
        rf"making\s+me\s+(?:feel\s+)?{EN_EMOTION_DEGREES}(?P<object>{EN_EMOTIONS_NEGATIVE})\b(?![^.!]*\?)",
        0.75,
        "What is making the user feel bad: 'the fieldwork is making me nervous'.",
        ("the outdoor fieldwork is making me nervous", "this unit is making me so anxious"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
        trigger=r"making\s+me",
    ),
    rule(
        "emotion_zh_more_and_more",
        EventType.EMOTION,
        rf"(?<![他她你])(?<!同学)(?<!朋友)(?:^|(?<=[\s,.!~;。，我]))(?:[\u4e00-\u9fffA-Za-z]{{1,6}}?)?"
        rf"越(?:学|练|做|背|读|写|看|来|想)越(?P<object>{ZH_EMOTIONS_NEGATIVE})",
        0.8,
        "越学越没信心之类：'日语越学越没信心'、'越练越焦虑'。",
        ("日语越学越没信心 敬语那块总错", "越练越焦虑"),
        polarity=NEGATIVE,
        object_kind=EntityKind.EMOTION,
        object_required=True,
        trigger=r"越",
    ),
)
