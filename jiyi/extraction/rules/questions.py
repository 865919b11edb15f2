"""Questions and task requests: what the user asks of the agent.

Together because they must not overlap: "can you …?" and "能不能帮我…?" are task requests, so
the question patterns leave request phrasings (and "how are you?") out.
"""

from __future__ import annotations

from jiyi.domain import EventType
from jiyi.extraction.rules.fragments import ZH_OBJ
from jiyi.extraction.rules.model import Rule, rule

RULES: tuple[Rule, ...] = (
    # --- questions ----------------------------------------------------------------------------
    rule(
        "question_en_mark",
        EventType.QUESTION,
        r"^(?!\s*(?:please\s+)?(?:can|could|would|will)\s+you\b)(?!.*\bhow\s+(?:are\s+you|have\s+"
        r"you\s+been|is\s+it\s+going|'s\s+it\s+going)\b)(?=.*[A-Za-z]).*\?\s*$",
        0.7,
        "A question to the assistant or partner (requests like 'can you …?' are task requests).",
        ("What is the derivative of x squared?", "Did you ever go camping?"),
    ),
    rule(
        "question_en_wh",
        EventType.QUESTION,
        r"^\s*(?:so\s+|and\s+|but\s+)?(?:what|why|how|when|where|which|who)(?:'s|\s+(?:is|are|was|"
        r"were|do|does|did|can|could|should|would|will|to))\b[^!?]*$",
        0.65,
        "A wh-question without a question mark: 'how do I reset my password'.",
        ("how do I reset my password", "What is a prime number"),
    ),
    rule(
        "question_en_wonder",
        EventType.QUESTION,
        r"\bI\s+(?:wonder|was\s+wondering|want\s+to\s+know|'d\s+like\s+to\s+know|would\s+like\s+to"
        r"\s+know|am\s+curious|'m\s+curious)\b",
        0.7,
        "An indirect question: 'I was wondering whether …'.",
        ("I was wondering whether photosynthesis happens at night.",),
    ),
    rule(
        "question_zh_mark",
        EventType.QUESTION,
        r"^(?!.*(?:帮我|帮忙|替我|你好吗|推荐给我|给我推荐|能不能|可不可以|可以.{0,8}吗))"
        r"(?=.*[\u4e00-\u9fff]).*(?:\?|吗|呢)\s*$",
        0.7,
        "问题：以问号、'吗'或'呢'结尾（请求帮忙的句子归为任务请求）。",
        ("导数是什么意思?", "二次函数的顶点怎么求呢"),
    ),
    rule(
        "question_zh_wh",
        EventType.QUESTION,
        r"^(?:请问|为什么|为啥|怎么|如何|什么是|哪|谁)|(?:是什么意思|有什么区别|区别是什么|怎么回事|"
        r"我想(?:问|知道|请教)(?:一下)?)",
        0.7,
        "疑问词开头或典型问句：'为什么天是蓝的'、'我想问一下…'。",
        ("为什么天是蓝的", "我想问一下这道题"),
    ),
    # --- task requests ------------------------------------------------------------------------
    rule(
        "task_en_can_you",
        EventType.TASK_REQUEST,
        r"^\s*(?:(?:please|hey|so|ok(?:ay)?|also)[,\s]+)?(?:can|could|would|will)\s+you\s+(?:please"
        r"\s+|possibly\s+|maybe\s+|also\s+)?(?P<object>(?:help|explain|show|give|tell|write|make|"
        r"create|find|check|recommend|suggest|summari[sz]e|translate|list|plan|teach|remind|fix|"
        r"calculate|solve|draft|send|book|set|schedule|quiz|walk|describe|go\s+over|break|compare|"
        r"review|generate|prepare|look|design|proofread|correct)\b[^?.!]{0,80})",
        0.85,
        "A request phrased as a question: 'Can you explain it with a car example?'.",
        ("Can you explain with a car example?", "Could you please make me a study plan?"),
    ),
    rule(
        "task_en_imperative",
        EventType.TASK_REQUEST,
        r"^\s*(?:please\s+)?(?P<object>(?:help\s+me|explain|show\s+me|give\s+me|tell\s+me\s+"
        r"(?:about|how|what|why|more)|write|make\s+me|create|recommend|suggest|summari[sz]e|"
        r"translate|list|teach\s+me|remind\s+me|quiz\s+me|walk\s+me\s+through|break\s+down|draft|"
        r"generate|compare|proofread|plan)\b[^?!]{0,80})",
        0.8,
        "An imperative request at the start of a sentence: 'Explain photosynthesis simply.'",
        ("Explain photosynthesis simply.", "Please help me plan my week"),
    ),
    rule(
        "task_en_i_need_you",
        EventType.TASK_REQUEST,
        r"\b(?:I(?:'d|\s+would)\s+like\s+you\s+to|I\s+need\s+(?:your\s+)?help(?:\s+with)?)"
        r"(?:\s+(?P<object>[^,.;:!?()\n]{1,80}))?",
        0.8,
        "'I'd like you to …', 'I need help with …'.",
        ("I'd like you to check my essay.", "I need help with my homework"),
    ),
    rule(
        "task_zh_help_me",
        EventType.TASK_REQUEST,
        r"(?:帮我|帮忙|(?:^|请|麻烦你?|你)(?:能|可以|能不能|可不可以)?(?:给我|替我|为我|教我))"
        rf"{ZH_OBJ}",
        0.85,
        "请求帮忙：'帮我做个复习计划'、'能不能教我解方程'。",
        ("帮我做个复习计划", "能不能教我解方程?"),
    ),
    rule(
        "task_zh_please",
        EventType.TASK_REQUEST,
        r"(?:^|请|麻烦你?)(?P<object>(?:解释|讲讲|讲一下|讲解|说明|推荐|介绍|总结|翻译|列出|列一下|"
        r"写|出几道|出一些|检查|分析|计算|制定|安排|说说)[^,.;:!?()。\n]{0,30})",
        0.8,
        "祈使请求：'请解释一下光合作用'、'推荐几本书'。",
        ("请解释一下光合作用", "推荐几本好看的小说"),
    ),
    rule(
        "task_zh_recommend",
        EventType.TASK_REQUEST,
        r"(?:推荐|介绍)(?:给我|一下|几|一些|点|个|本|部)|(?:能|可以|能不能|可不可以)"
        r"(?:给我)?(?:讲讲|讲一下|解释一下|说说|介绍一下|推荐)",
        0.75,
        "请对方推荐或讲解：'有什么好书可以推荐给我吗？'。",
        ("你觉得有什么好的书可以推荐给我吗?",),
    ),
)
