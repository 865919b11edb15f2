"""Goals: what the user wants to achieve or is preparing for ("I want to pass my exam",
"我在备战高考").

The patterns leave out what only sounds like a goal: "I want to know", "我想问一下", "我想你了".
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.fragments import EN_ADV, EN_I_AM, EN_OBJ, ZH_ADV, ZH_OBJ, ZH_SUBJECT
from jiyi.extraction.rules.model import Rule, rule

RULES: tuple[Rule, ...] = (
    rule(
        "goal_en_want_to",
        EventType.GOAL,
        rf"\b(?:I\s+{EN_ADV}(?:want|need|hope|plan|aim|intend|wish|would\s+(?:like|love)|"
        rf"am\s+(?:planning|hoping|trying|determined|aiming))|I(?:'m)\s+(?:planning|hoping|trying"
        rf"|determined|aiming)|I'd\s+(?:really\s+)?(?:like|love))\s+to\s+"
        rf"(?!know\b|ask\b|say\b|thank\b|talk\b){EN_OBJ}",
        0.75,
        "Something the user wants to achieve: 'I want to pass my exam'.",
        ("I want to pass my physics exam.", "I'm trying to lose weight"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_my_goal",
        EventType.GOAL,
        rf"\bmy\s+(?:main\s+|big\s+|ultimate\s+|long-term\s+|biggest\s+|new\s+|only\s+)?"
        rf"(?:goal|dream|aim|ambition|resolution)\s+(?:is|was)\s+(?:to\s+)?{EN_OBJ}",
        0.9,
        "A stated goal: 'my goal is to run a marathon'.",
        ("My goal is to run a marathon.", "my dream is becoming a counselor"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_preparing",
        EventType.GOAL,
        rf"\b{EN_I_AM}\s+(?:studying|preparing|training|practicing|practising|saving(?:\s+up)?|"
        rf"cramming|revising)\s+for\s+{EN_OBJ}",
        0.85,
        "Preparation for something: 'I'm studying for my physics exam'.",
        ("I'm studying for my physics exam.", "I am training for a half marathon"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_want",
        EventType.GOAL,
        rf"{ZH_SUBJECT}{ZH_ADV}(?:想要|想|希望|打算|计划|准备|决定|立志|梦想|渴望|争取)"
        rf"(?!问|知道|请|你|他|她|这|那|起|是|应该|可能|了解一下|说|想|着|(?:和|跟)(?:你)?(?:聊|说|分享|谈)|聊|分享)"
        rf"(?:能|可以|要)?{ZH_OBJ}",
        0.75,
        "目标：'我想考上大学'、'我打算明年去留学'。",
        ("我想考上大学", "我打算明年去留学。"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_my_goal",
        EventType.GOAL,
        rf"我的(?:目标|梦想|愿望|理想|心愿|新年愿望)(?:就)?是{ZH_OBJ}",
        0.9,
        "明确的目标：'我的目标是考上985'。",
        ("我的目标是考上985。",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_exam",
        EventType.GOAL,
        r"(?:为了|准备|备战|备考|复习)(?P<object>[^,.;:!?()。\n]{0,12}?(?:考试|高考|中考|考研|面试|"
        r"比赛|雅思|托福|四级|六级|期末考|期中考))",
        0.8,
        "备考：'我在备战高考'、'准备下周的期末考'。",
        ("我在备战高考", "准备下周的期末考"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
)
