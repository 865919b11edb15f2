"""Emotions: how the user feels, negative or positive, with the feeling word as the object.

Short because the work is in the vocabularies: the feeling words and what may lead up to them
("I'm so", "我好") live in `fragments`.
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.fragments import (
    EN_EMOTION_LEAD,
    EN_EMOTIONS_NEGATIVE,
    EN_EMOTIONS_POSITIVE,
    ZH_EMOTION_LEAD,
    ZH_EMOTIONS_NEGATIVE,
    ZH_EMOTIONS_POSITIVE,
)
from jiyi.extraction.rules.model import NEGATIVE, POSITIVE, Rule, rule

RULES: tuple[Rule, ...] = (
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
)
