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
    # --- requests and asides that reveal a way of learning (fixed objects: nothing to cut) ----
    rule(
        "style_en_by_doing",
        EventType.LEARNING_STYLE,
        r"\b(?:learn|get\s+it|remember\s+(?:it|things|stuff))\s+(?:\w+\s+)?(?:best|better|more|faster)?"
        r"\s*by\s+(?:actually\s+)?doing\b",
        0.85,
        "Learning by doing: 'I learn best by doing'.",
        ("I learn best by doing", "i honestly get it faster by actually doing"),
        object_kind=EntityKind.STYLE,
        fixed_object="hands-on practice",
        trigger=r"\bdoing\b",
    ),
    rule(
        "style_en_medium_works",
        EventType.LEARNING_STYLE,
        rf"\b(?P<object>{EN_MEDIA})\s+(?:really\s+|actually\s+|always\s+|just\s+)?(?:works?|helps?)\s+"
        r"(?:best\s+|so\s+much\s+|a\s+lot\s+|the\s+most\s+)?(?:for\s+me|me\s+(?:learn|remember|focus|"
        r"understand|get\s+it))\b",
        0.8,
        "A medium that works for the user: 'flashcards work for me'.",
        ("flashcards work for me", "diagrams really help me remember"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"\bworks?\b|\bhelps?\b",
    ),
    rule(
        "style_en_is_how_i_learn",
        EventType.LEARNING_STYLE,
        rf"\b(?P<object>{EN_MEDIA})\b[^.!?]{{0,30}}\b(?:is|are)\s+how\s+i\s+(?:learn|study|remember|revise)\b",
        0.8,
        "A medium that is how the user studies: 'podcasts on my commute are how i study'.",
        ("podcasts on my commute are how i study",),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"how\s+i\b",
    ),
    rule(
        "style_en_plain_language",
        EventType.LEARNING_STYLE,
        r"\b(?:explain\s+(?:it\s+|this\s+)?(?:to\s+me\s+)?like\s+i'?m\s+(?:five|5|a\s+kid|twelve)|eli5|"
        r"in\s+plain\s+(?:english|words|language)|no\s+jargon|without\s+(?:all\s+)?(?:the\s+)?jargon|"
        r"in\s+simple\s+(?:terms|words))\b",
        0.75,
        "Plain words asked for: 'explain it like I'm five', 'no jargon please'.",
        ("explain it like I'm five", "no jargon please", "in plain english pls"),
        object_kind=EntityKind.STYLE,
        fixed_object="plain language",
        trigger=r"like\s+i|eli5|plain|jargon|simple",
    ),
    rule(
        "style_en_see_it",
        EventType.LEARNING_STYLE,
        r"\bI\s+(?:really\s+)?(?:need\s+to|have\s+to|gotta|got\s+to)\s+see\s+it\b(?![^.!?]*\?)",
        0.75,
        "Needing to see it: 'I need to see it drawn out'.",
        ("I need to see it drawn out", "i gotta see it to get it"),
        object_kind=EntityKind.STYLE,
        fixed_object="visual diagrams",
        trigger=r"see\s+it",
    ),
    rule(
        "style_en_write_down",
        EventType.LEARNING_STYLE,
        r"\bI\s+(?:remember|learn|get)\s+(?:things\s+|stuff\s+|it\s+)?(?:better|best|more)\s+(?:when|if)\s+I\s+"
        r"(?:write|jot|copy)\s+(?:it|them|things|stuff)\s+(?:down|out)\b",
        0.8,
        "Writing it down to learn: 'i remember things better when i write them down'.",
        ("i remember things better when i write them down",),
        object_kind=EntityKind.STYLE,
        fixed_object="note-taking",
        trigger=r"write|jot|copy",
    ),
    rule(
        "style_zh_ask_example",
        EventType.LEARNING_STYLE,
        r"(?:能|可以|可不可以|能不能|麻烦)?(?:再)?(?:举|给我?|来)(?:个|几个|一个|两个)(?:具体的?|简单的?)?例子",
        0.7,
        "要例子：'能举个例子吗'、'再给我举两个例子'。",
        ("能举个例子吗", "再给我举两个例子"),
        object_kind=EntityKind.STYLE,
        fixed_object="例子",
        trigger=r"例子",
    ),
    rule(
        "style_zh_more_practice",
        EventType.LEARNING_STYLE,
        r"多(?:给|出|来|做)(?:我)?(?:点|些|几道|一些|几个)?(?:练习题?|题目?|习题)",
        0.75,
        "要多练：'多给点练习题吧'、'多出几道题'。",
        ("多给点练习题吧", "多出几道题"),
        object_kind=EntityKind.STYLE,
        fixed_object="做题练习",
        trigger=r"多",
    ),
    rule(
        "style_zh_draw_named",
        EventType.LEARNING_STYLE,
        r"(?:给我|帮我|能不能|可以|麻烦)?画(?:个|一个|一张|张)(?P<object>思维导图|示意图|流程图|时间线|表格|图)",
        0.75,
        "要画出来：'给我画个思维导图'、'能不能画个示意图'。",
        ("给我画个思维导图", "能不能画个示意图"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"画",
    ),
    rule(
        "style_zh_plain_language",
        EventType.LEARNING_STYLE,
        r"大白话|通俗易懂|说人话|通俗(?:一点|点|地)|(?:别|不要|少)(?:用|说|讲)(?:太多|那么多)?(?:专业)?术语",
        0.75,
        "要通俗：'用大白话讲讲'、'小白求通俗易懂'、'别用术语'。",
        ("用大白话讲讲", "小白求通俗易懂的讲法", "别用太多术语"),
        object_kind=EntityKind.STYLE,
        fixed_object="通俗易懂",
        trigger=r"大白话|通俗|人话|术语",
    ),
    rule(
        "style_zh_story",
        EventType.LEARNING_STYLE,
        r"(?:讲|用|举)(?:个|一个)?(?:小)?故事(?:我)?(?:就|才|更|一下子)?(?:记住|记得住|懂|明白|理解)",
        0.75,
        "故事最好记：'讲个故事我就记住了'。",
        ("讲个故事我就记住了",),
        object_kind=EntityKind.STYLE,
        fixed_object="故事",
        trigger=r"故事",
    ),
)
