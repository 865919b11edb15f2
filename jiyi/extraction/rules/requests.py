"""Requests and reactions that show how the user learns: "could you sketch it as a timeline?",
"讲慢一点，一步一步问我", "walls of text make my eyes glaze over", "bullets > paragraphs".

A careful tutor reads a request for a picture as a learning style and a complaint about long
text as a dislike, though neither says "I learn best with". Objects are named by the vocabulary
(`jiyi.vocabulary`), so "draw it", "a diagram" and "画个图" are one style.
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.fragments import EN_MEDIA
from jiyi.extraction.rules.model import Rule, rule

_EN_PLEASE = (
    r"(?:(?:can|could|would|will)\s+(?:u|you)\s+(?:pls\s+|please\s+|maybe\s+|just\s+|like\s+)*|"
    r"pl(?:ea)?s\s+|please\s+)"
)
_EN_STYLE_NOUN = (
    rf"(?:{EN_MEDIA}|tables?|timelines?|bullets?|bullet\s+points|graphs?|charts?|mnemonics?|"
    r"analogies|comparisons|pictures?|drawings?|sketch(?:es)?|worked\s+(?:one|examples?)|"
    r"full\s+examples?|practice\s+(?:problems|questions)|problems|quizzes)"
)
_ZH_STYLE_NOUN = (
    r"图解|画图|图|图片|示意图|表格|时间线|时间轴|思维导图|例句|例题|例子|视频|动画|类比|比喻|口诀|"
    r"做题|出题|练习|刷题|总结|笔记|卡片"
)

RULES: tuple[Rule, ...] = (
    rule(
        "style_en_draw_it",
        EventType.LEARNING_STYLE,
        rf"\b{_EN_PLEASE}(?:draw|sketch|diagram|visuali[sz]e)\b"
        r"(?![^.!?]*\b(?:as|in|into|on)\s+an?\s+(?:timeline|table|graph|chart|list|mind\s+map))",
        0.75,
        "A request for a picture: 'can u like draw it or smth??' (style: visual diagrams).",
        ("can u like draw it or smth??", "could you sketch it for me"),
        object_kind=EntityKind.STYLE,
        fixed_object="visual diagrams",
    ),
    rule(
        "style_en_as_a",
        EventType.LEARNING_STYLE,
        rf"\b(?:{_EN_PLEASE}(?:\w+\s+){{0,4}}?|\b)(?:as|in|on|into|with)\s+(?:a\s+|an\s+|some\s+|little\s+)*"
        rf"(?:little\s+|quick\s+|simple\s+)?(?P<object>timeline|table|graph|chart|diagram|picture|"
        r"mind\s+map|list|bullet\s+points|bullets|flashcards?)s?\b(?=[^.!?]*(?:\?|pl(?:ea)?s|$))",
        0.75,
        "A request for a form: 'could you sketch it as a timeline??', 'In a table, please.'",
        ("could you sketch it as a timeline??", "In a table, please.", "can u show it on a graph"),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_en_works_for_me",
        EventType.LEARNING_STYLE,
        rf"(?P<object>(?:[\w-]+\s+){{0,2}}?{_EN_STYLE_NOUN})(?:\s*\+\s*[\w\s]{{1,30}})?\s+(?:is|are)\s+"
        r"(?:literally\s+|honestly\s+|really\s+)?(?:what|the\s+only\s+thing\s+that)\s+works?\s+"
        r"(?:best\s+)?for\s+me",
        0.85,
        "What works: 'diagrams + lots of problems is what works for me'.",
        (
            "diagrams + lots of problems is what works for me",
            "mnemonics are literally the only thing that works for me",
        ),
        object_kind=EntityKind.STYLE,
        split_objects=True,
        trigger=r"works?\s+(?:best\s+)?for\s+me",
    ),
    rule(
        "style_en_helps",
        EventType.LEARNING_STYLE,
        rf"(?:seeing\s+|having\s+|with\s+)?(?:a\s+|the\s+)?(?P<object>(?:[\w-]+\s+){{0,2}}?"
        rf"{_EN_STYLE_NOUN})(?:\s+thing)?(?:\s+again)?(?:,?\s+(?:that|it|this))?\s+"
        r"(?:actually\s+|really\s+|totally\s+|def(?:initely)?\s+)?"
        r"(?:helps?|helped)\b",
        0.75,
        "A way of learning that helped: 'the box picture thing actually helped'.",
        (
            "can u do the box picture thing again, that actually helped",
            "seeing a full example helps way more",
        ),
        object_kind=EntityKind.STYLE,
        trigger=r"\bhelp",
    ),
    rule(
        "style_en_better_with",
        EventType.LEARNING_STYLE,
        rf"\b(?:I'?m|I\s+am|im)\s+(?:way\s+|much\s+|so\s+much\s+|a\s+lot\s+)?better\s+(?:w/?|with|at)\s+"
        rf"(?P<object>(?:[\w-]+\s+){{0,1}}?{_EN_STYLE_NOUN})\s+than\b",
        0.85,
        "'im way better w graphs than formulas'.",
        ("im way better w graphs than formulas",),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_en_a_over_b",
        EventType.LEARNING_STYLE,
        rf"(?P<object>{_EN_STYLE_NOUN})\s*>+\s*(?:long\s+)?(?:paragraphs|text|walls\s+of\s+text|"
        r"lectures?|videos?|essays?)\b",
        0.85,
        "A preference written as a comparison: 'bullets > paragraphs'.",
        ("bullets > paragraphs",),
        object_kind=EntityKind.STYLE,
        trigger=r">",
    ),
    rule(
        "style_en_keep_it_short",
        EventType.LEARNING_STYLE,
        r"\b(?:pl(?:ea)?s\s+|please\s+|can\s+(?:u|you)\s+)?keep\s+(?:it|them|things|answers|"
        r"explanations)\s+(?:short|brief|simple)\b|\b(?:short|shorter)\s+(?:answers|explanations)\s+pl(?:ea)?s\b",
        0.75,
        "'pls keep it short tho' (style: short explanations).",
        ("ok. pls keep it short tho, im reading this on my 3am break",),
        object_kind=EntityKind.STYLE,
        fixed_object="short explanations",
    ),
    rule(
        "style_en_step_by_step",
        EventType.LEARNING_STYLE,
        r"\b(?:one|1)\s+step\s+at\s+a\s+time\b|\bstep[\s-]+by[\s-]+step\b(?=[^.!?]*(?:\?|pl(?:ea)?s|"
        r"helps?|works?|better|$))|\b(?:go|explain)\s+(?:it\s+)?(?:more\s+)?slow(?:ly|er)\b",
        0.75,
        "'can we go one step at a time?', 'explain it slower pls' (style: step by step).",
        ("can we go one step at a time?", "explain it slower pls"),
        object_kind=EntityKind.STYLE,
        fixed_object="step by step",
    ),
    rule(
        "style_en_worked_first",
        EventType.LEARNING_STYLE,
        rf"\b{_EN_PLEASE}(?:do|show|walk\s+(?:me\s+)?through)\s+(?:another\s+|one\s+)?(?:full\s+)?"
        r"(?:worked\s+(?:one|example)|one\s+all\s+the\s+way\s+through|an?\s+example)",
        0.75,
        "A request to see it done first: 'can you do one all the way through first'.",
        (
            "can you do one all the way through first and then i try one?",
            "can u do another full worked one first",
        ),
        object_kind=EntityKind.STYLE,
        fixed_object="worked examples",
    ),
    rule(
        "style_en_quiz_me",
        EventType.LEARNING_STYLE,
        rf"\b{_EN_PLEASE}(?:just\s+)?(?:quiz|test)\s+me\b(?!\s*,?\s*(?:[\w-]+\s+){{0,2}}style\b)|"
        rf"\b{_EN_PLEASE}(?:just\s+)?give\s+me\s+"
        r"(?:like\s+)?(?:a\s+bunch\s+of|some|more|lots\s+of|a\s+few)\s+(?P<object>practice\s+"
        r"(?:problems|questions)|problems|exercises|questions)",
        0.75,
        "'can u just give me like a bunch of practice problems?', 'can you quiz me'.",
        ("can u just give me like a bunch of practice problems?", "can you quiz me"),
        object_kind=EntityKind.STYLE,
        fixed_object="practice problems",
    ),
    rule(
        "style_en_x_style",
        EventType.LEARNING_STYLE,
        rf"\b(?:quiz|test|teach|explain\s+(?:it|this|that)\s+to)\s+me\s*,?\s*(?:in\s+)?"
        rf"(?P<object>{_EN_STYLE_NOUN})[\s-]+style\b",
        0.75,
        "A request that names its form: 'can u quiz me, mnemonics style'.",
        ("can u quiz me, mnemonics style", "test me flashcards style pls"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"style",
    ),
    rule(
        "style_en_comparisons",
        EventType.LEARNING_STYLE,
        rf"\b{_EN_PLEASE}(?:explain|teach|do)\s+(?:stuff|things|it)\s+(?:like\s+that|that\s+way|"
        r"with\s+(?:\w+\s+)?(?:comparisons|analogies|examples))|\b(?:\w+\s+)?(?:comparisons|analogies)\s+"
        r"(?:pl(?:ea)?s|help|work)\b",
        0.75,
        "'can u explain stuff like that? cooking comparisons' (style: analogies).",
        ("can u explain stuff like that? cooking comparisons",),
        object_kind=EntityKind.STYLE,
        fixed_object="analogies",
    ),
    rule(
        "dislike_en_glaze_over",
        EventType.DISLIKE,
        r"(?P<object>\b(?:long\s+|huge\s+|big\s+)?(?:walls?\s+of\s+text|paragraphs|text|lectures?|"
        r"videos?|reading\s+(?:the\s+)?docs|docs|textbooks?|formulas|essays?|explanations))\s+"
        r"(?:make[s]?\s+my\s+eyes\s+glaze(?:\s+over)?|put[s]?\s+me\s+to\s+sleep|(?:and\s+)?i\s+just\s+"
        r"(?:skim|zone\s+out|tune\s+out|scroll)|bore[s]?\s+me|(?:is|are)\s+(?:so\s+)?boring)",
        0.8,
        "A reaction that shows a dislike: 'walls of text make my eyes glaze over'.",
        (
            "walls of text make my eyes glaze over fr",
            "reading docs puts me to sleep",
            "long paragraphs and i just skim",
        ),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "dislike_en_no_more",
        EventType.DISLIKE,
        r"\b(?:pl(?:ea)?s|please)\s+no\s+(?:more\s+)?(?P<object>(?:huge\s+|long\s+|big\s+)?(?:paragraphs|"
        r"walls\s+of\s+text|essays|lectures|videos|jargon|formulas))\b",
        0.75,
        "'pls no huge paragraphs in feedback'.",
        ("pls no huge paragraphs in feedback",),
        object_kind=EntityKind.STYLE,
    ),
    # --- zh -------------------------------------------------------------------------------------
    rule(
        "style_zh_draw",
        EventType.LEARNING_STYLE,
        r"(?:能不能|能否|可不可以|可以|能|帮我|给我|直接)(?:帮我|给我)?(?:画(?:个|一个|张|一张)?图|画(?:给我|出来)"
        r"(?:看)?|画一下)",
        0.75,
        "要图：'能不能画个图啊'、'直接画给我看吧'（图解）。",
        ("能不能画个图啊", "直接画给我看吧"),
        object_kind=EntityKind.STYLE,
        fixed_object="图解",
    ),
    rule(
        "style_zh_step_by_step",
        EventType.LEARNING_STYLE,
        r"(?:讲|说|来)?慢一点|一步一步(?:来|地?讲|地?教|问我|带我)?|一步步(?:来|讲|教)|分步(?:讲|骤讲)",
        0.75,
        "'讲慢一点，一步一步来'（一步一步）。",
        ("老师您讲慢一点，一步一步来", "一步一步问我"),
        object_kind=EntityKind.STYLE,
        fixed_object="一步一步",
    ),
    rule(
        "style_zh_give_me",
        EventType.LEARNING_STYLE,
        r"(?:直接|多|先|就)?(?:给我|来|上)(?:几个|几道|一些|点|些|几句)?(?P<object>例句|例题|例子|练习题|题)"
        r"(?=[^。!?]*(?:就行|就好|吧|行吗|可以吗|$|我照着))",
        0.75,
        "'直接给我几个例句 我照着说就行'。",
        ("直接给我几个例句 我照着说就行", "多给我几道题吧"),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_zh_quiz_me",
        EventType.LEARNING_STYLE,
        r"(?:直接|还是|多)?(?:出题(?:考我|给我)?|考考我|自己做题)(?:吧|就行|!|$)",
        0.75,
        "'你还是直接出题考我吧'、'还是自己做题吧'（做题练习）。",
        ("你还是直接出题考我吧", "还是自己做题吧"),
        object_kind=EntityKind.STYLE,
        fixed_object="做题练习",
    ),
    rule(
        "style_zh_from_now_on",
        EventType.LEARNING_STYLE,
        rf"(?:以后|下次|之后)(?:都|也|还)?(?:用|按|画|来)(?P<object>{_ZH_STYLE_NOUN})(?:吧|来|讲|好|呗)",
        0.8,
        "'以后都用时间线吧'。",
        ("以后都用时间线吧",),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_zh_clearer",
        EventType.LEARNING_STYLE,
        rf"(?:用|画了?|有|看)(?P<object>{_ZH_STYLE_NOUN})(?:[^,.;!?。]{{0,12}}?)(?:清楚|好懂|好理解|明白)"
        r"(?:好多|多了|很多|一些)",
        0.8,
        "'我按你说的画了时间线 真的清楚好多'。",
        ("我按你说的画了时间线 真的清楚好多!!",),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "style_zh_analogy",
        EventType.LEARNING_STYLE,
        r"(?:以后|下次|之后|多|能不能|能否|可不可以|可以|还是|再)(?:(?!别|不要|不用|不想)[^,.;!?。]){0,12}?"
        r"(?:打(?:个|些)?比方|(?:用|拿|举)(?:个|些)?(?:类比|比喻))",
        0.8,
        "要打比方：'以后多拿excel给我打比方'、'能不能打个比方'（类比）。",
        ("以后多拿excel给我打比方", "能不能打个比方啊", "下次也用类比讲吧"),
        object_kind=EntityKind.STYLE,
        fixed_object="类比",
        trigger=r"比方|类比|比喻",
    ),
    rule(
        "style_zh_real_life",
        EventType.LEARNING_STYLE,
        r"(?:用|拿|举|结合)(?:个|几个|点|些|一些)?(?:日常)?生活(?:里|中|上)?的?(?:例子|实例|场景)|"
        r"生活(?:里|中)?的?例子[^,.;!?。]{0,6}?(?:就懂|好懂|就明白|就通|清楚多了|好理解)",
        0.8,
        "要生活里的例子：'能不能用生活里的例子讲'、'生活例子一来就懂了'（生活例子）。",
        ("能不能用生活里的例子讲", "生活例子一来就懂了", "举个日常生活的例子呗"),
        object_kind=EntityKind.STYLE,
        fixed_object="生活例子",
        trigger=r"生活",
    ),
    rule(
        "style_zh_by_doing",
        EventType.LEARNING_STYLE,
        r"边(?:写|做|练|敲)边(?:学|练|写|做)(?![^,.;!?。]{0,4}(?:太累|不行|没用|学不会))|"
        r"(?:你|老师)(?:给|出)(?:我)?(?:题|练习)[,\s]*(?:我|让我)(?:来)?(?:写|做|敲)",
        0.8,
        "边做边学：'看书不如边写边练'、'你给题我写代码'（边写边学）。",
        ("看书不如这样边写边练", "你给题我写代码", "我喜欢边敲边学"),
        object_kind=EntityKind.STYLE,
        fixed_object="边写边学",
    ),
    rule(
        "dislike_zh_zone_out",
        EventType.DISLIKE,
        r"(?<![他她你])(?:一)?(?:看|听|读|上)(?P<object>视频课?|网课|课本|书|直播课?|讲座|录播课?)"
        r"(?:就|老|总|总是|老是|容易|就会|会)+(?:走神|犯困|想睡|打瞌睡|分心|坐不住)",
        0.6,
        "注意力散：'我看视频老走神'、'一听网课就犯困'（视频）。",
        ("但我看视频老走神", "一听网课就犯困"),
        object_kind=EntityKind.STYLE,
        object_required=True,
    ),
    rule(
        "dislike_zh_too_much_text",
        EventType.DISLIKE,
        r"(?P<object>字太多|大段文字|长篇大论|一大段)(?:了)?(?:我)?(?:真的|实在)?(?:看不进去|看不下去|头疼|头大|不想看)",
        0.8,
        "'字太多我真的看不进去'（大段文字）。",
        ("字太多我真的看不进去",),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "dislike_zh_dizzy",
        EventType.DISLIKE,
        r"一(?:讲|说|看|听)(?P<object>[\u4e00-\u9fffA-Za-z]{2,6}?)我?就(?:晕|懵|头大|头疼|想睡)",
        0.75,
        "'一讲语法术语我就晕'。",
        ("一讲语法术语我就晕",),
        object_kind=EntityKind.STYLE,
    ),
    rule(
        "dislike_zh_dont_tell_me",
        EventType.DISLIKE,
        r"(?:别跟我(?:说|讲)|别给我讲|不要(?:跟我)?讲)(?P<object>[\u4e00-\u9fffA-Za-z]{2,6}?)(?=hhh|了|吧|$|[,!~\s])",
        0.75,
        "'别跟我说术语hhh'。",
        ("名字不重要 别跟我说术语hhh",),
        object_kind=EntityKind.STYLE,
    ),
)
