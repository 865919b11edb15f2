"""Learning style: how the user learns best (a medium, a learner type, "用动画我更容易懂").

Apart from general preferences because tutoring adapts to it: the object is a `STYLE` entity,
not a topic.
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.fragments import EN_ADV, EN_MEDIA, ZH_ADV
from jiyi.extraction.rules.model import Rule, rule

RULES: tuple[Rule, ...] = (
    rule(
        "style_en_learn_best",
        EventType.LEARNING_STYLE,
        r"\bI\s+(?:learn|understand|study|remember(?:\s+things)?|get\s+it)(?:\s+things)?\s+"
        r"(?:best|better|faster|more\s+easily|most\s+effectively|easier)\s+(?:with|through|by|from"
        r"|when\s+(?:I\s+)?(?:see|use|have|watch|do)|via)\s+(?P<object>[^,.;:!?()\n]{1,60})",
        0.9,
        "How the user learns best: 'I learn best with diagrams'.",
        ("I learn best with diagrams.", "I understand things better through examples"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "style_en_medium",
        EventType.LEARNING_STYLE,
        rf"\bI\s+{EN_ADV}(?:like|prefer|love|need|want)\s+(?:to\s+(?:learn|study)\s+(?:with|through"
        rf"|from|by|using)\s+)?(?:more\s+)?(?P<object>{EN_MEDIA})\b",
        0.8,
        "A liked learning medium: 'I like animations better than formulas'.",
        ("I like animations better than formulas", "I prefer to learn with videos"),
        object_kind=EntityKind.STYLE,
        object_required=True,
    ),
    rule(
        "style_en_learner",
        EventType.LEARNING_STYLE,
        r"\b(?P<object>visual|auditory|hands-on|kinesthetic|reading|verbal|practical)\s+learner\b",
        0.9,
        "A learner type: 'I'm a visual learner'.",
        ("I'm a visual learner.",),
        object_kind=EntityKind.STYLE,
        object_required=True,
    ),
    rule(
        "style_zh_via",
        EventType.LEARNING_STYLE,
        rf"{ZH_ADV}(?:喜欢|习惯|适合|倾向于?|偏好|需要|想)(?:通过|用|看|听|靠|借助)"
        r"(?P<object>[^,.;:!?()。\n]{1,12}?)(?:来)?(?:学|理解|记|复习|背)",
        0.85,
        "学习方式：'我更喜欢看视频学'、'我习惯通过做题来理解'。",
        ("我更喜欢看视频学", "我习惯通过做题来理解"),
        object_kind=EntityKind.STYLE,
        object_required=True,
    ),
    rule(
        "style_zh_easier",
        EventType.LEARNING_STYLE,
        rf"(?:用|通过|看|有|配上)(?P<object>图解|图表|图片|画图|动画|视频|例子|实例|举例|类比|故事|"
        rf"练习|思维导图)(?:的话|来讲|讲解)?(?:我)?{ZH_ADV}(?:容易|好)(?:懂|理解|记住|记)",
        0.85,
        "某种方式更容易懂：'用动画我更容易懂'。",
        ("用动画我更容易懂", "有例子就好理解多了"),
        object_kind=EntityKind.STYLE,
        object_required=True,
    ),
    rule(
        "style_zh_learner",
        EventType.LEARNING_STYLE,
        r"我是(?P<object>视觉|听觉|动手|实践|阅读)(?:型|派)",
        0.9,
        "学习者类型：'我是视觉型的'。",
        ("我是视觉型的学习者",),
        object_kind=EntityKind.STYLE,
        object_required=True,
    ),
)
