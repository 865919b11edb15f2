"""Plans the assistant produced for the user: the only family that reads assistant turns.

They match the whole turn (`whole_text`), since a plan spans several lines: "Here's your study
plan:", "Day 1: … Day 2: …", "计划如下".
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.model import ASSISTANT_ROLES, Rule, rule

RULES: tuple[Rule, ...] = (
    rule(
        "plan_en_heres_your_plan",
        EventType.PLAN_GENERATED,
        r"\b(?:here(?:'s|\s+is)\s+(?:a|an|your|the|my)\s+(?:[\w-]+\s+){0,3}?(?:plan|schedule|"
        r"roadmap|routine|itinerary|checklist|outline|timetable)(?:\s+for\s+(?P<object>[^,.;:!?()"
        r"\n]{1,40}))?|(?:your|the)\s+(?:[\w-]+\s+){0,2}?(?:plan|schedule|roadmap)\s+(?:is|looks\s+"
        r"like|for\s+(?:the|this|next)\s+(?:week|month))|I(?:'ve|\s+have)\s+(?:put\s+together|made|"
        r"created|drawn\s+up|prepared)\s+(?:a|an|your)\s+(?:[\w-]+\s+){0,3}?(?:plan|schedule|"
        r"roadmap|routine))",
        0.9,
        "An assistant turn that hands the user a plan: 'Here's your study plan for calculus:'.",
        ("Here's your study plan for calculus:\n1. Limits\n2. Derivatives",),
        roles=ASSISTANT_ROLES,
        whole_text=True,
        object_kind=EntityKind.TOPIC,
    ),
    rule(
        "plan_en_steps",
        EventType.PLAN_GENERATED,
        r"(?ims)^\s*(?:step|day|week|phase)\s*1\s*[:.)-].*^\s*(?:step|day|week|phase)\s*2\s*[:.)-]",
        0.8,
        "An assistant turn laid out as numbered steps, days or weeks.",
        ("Day 1: review limits.\nDay 2: practise derivatives.",),
        roles=ASSISTANT_ROLES,
        whole_text=True,
    ),
    rule(
        "plan_zh_as_follows",
        EventType.PLAN_GENERATED,
        r"(?s)(?:计划如下|安排如下|方案如下|步骤如下|以下是(?:你的|为你制定的|给你的)?[^,。\n]{0,10}"
        r"(?:计划|安排|方案|步骤|日程)|(?:为你|给你)(?:制定|安排|规划|做)了?(?:一个|一份|如下的?)?"
        r"[^,。\n]{0,10}(?:计划|安排|方案|日程|路线)|第[一1](?:步|天|周|阶段)\s*[:,]?.*"
        r"第[二2](?:步|天|周|阶段))",
        0.9,
        "助手给出的计划：'计划如下'、'为你制定了一份复习计划'、'第一步…第二步…'。",
        ("好的,计划如下:\n1. 复习函数\n2. 做练习题", "第一步:背公式。第二步:做题。"),
        roles=ASSISTANT_ROLES,
        whole_text=True,
    ),
)
