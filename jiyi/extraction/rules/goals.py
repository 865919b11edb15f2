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
        "goal_en_aiming",
        EventType.GOAL,
        rf"\b(?:I'?m\s+|im\s+)?(?:aiming|shooting)\s+for\s+{EN_OBJ}",
        0.8,
        "A target: 'im aiming for 515+'.",
        ("im aiming for 515+",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_goal_is",
        EventType.GOAL,
        rf"(?:^|[,.;!]\s*|\b(?:cool|ok|so|and)\s+)(?:the\s+)?goal\s+(?:is|=)\s+(?:to\s+)?{EN_OBJ}",
        0.85,
        "A goal said without 'my': 'goal is a junior dev job by end of year'.",
        ("cool. goal is a junior dev job by end of year",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_still_want",
        EventType.GOAL,
        rf"(?:^|[,.;!]\s*)(?:still\s+|really\s+|def(?:initely)?\s+)?(?:want|wanna|need)\s+(?:to\s+)?"
        rf"(?=pass\b|get\b|ace\b|land\b|become\b|finish\b|score\b){EN_OBJ}",
        0.75,
        "A goal without its subject: 'still want to pass ccrn first try'.",
        ("back, feeling way better. still want to pass ccrn first try",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_target",
        EventType.GOAL,
        r"(?:目标|志愿)(?:是|就是|定在|:)?(?P<object>[\u4e00-\u9fffA-Za-z0-9.+]{2,12}?)(?=$|[,.!?;~\s]|了|吧|啊|呢)",
        0.8,
        "目标：'我现在目标华东师范历史系'。",
        ("我现在目标华东师范历史系",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_go_for",
        EventType.GOAL,
        r"(?:^|(?<=[,.!?~\s]))冲(?:一下|一波)?(?!一冲|刺|动)(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?=$|[,.!?~\s]|了|吧)",
        0.8,
        "'冲华师大！'。",
        ("好 冲华师大!",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_apply_for",
        EventType.GOAL,
        r"(?:改报|报考|想报|要报|准备报|决定报)(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?=$|[,.!?;~\s]|了|吧|啊|的)",
        0.85,
        "报考的目标：'我还是改报华中农大吧'（新的目标取代旧的）。",
        ("我还是改报华中农大吧 稳一点",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_score",
        EventType.GOAL,
        r"把(?P<object>[\u4e00-\u9fffA-Za-z]{2,6}?考到\d{1,3}(?:\.\d)?分?)",
        0.85,
        "分数目标：'我今年想把雅思考到6.5'（目标：雅思6.5）。",
        ("对了我今年想把雅思考到6.5",),
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
