"""Greetings and small talk: hello, goodbye, reactions, the weather.

Recognised so that a turn of pleasantries still gets a type (and is not handed to the residue
stage); "how are you?" is a greeting, which the question rules leave out.
"""

from __future__ import annotations

from jiyi.domain import EventType
from jiyi.extraction.rules.model import Rule, rule

RULES: tuple[Rule, ...] = (
    rule(
        "greeting_en_hello",
        EventType.GREETING,
        r"^\s*(?:hi|hello|hey|heya|hiya|howdy|yo|good\s+(?:morning|afternoon|evening)|greetings)\b|"
        r"\b(?:how\s+(?:are\s+you|are\s+things|have\s+you\s+been|is\s+it\s+going|'s\s+it\s+going|"
        r"are\s+you\s+doing|was\s+your\s+(?:day|weekend|week))|what'?s\s+up|long\s+time\s+no\s+see|"
        r"(?:nice|good|great)\s+to\s+(?:meet|see|hear\s+from)\s+you|nice\s+meeting\s+you)\b",
        0.9,
        "Hello and how-are-you.",
        ("Hey Mel! Good to see you!", "How have you been?"),
    ),
    rule(
        "greeting_en_farewell",
        EventType.GREETING,
        r"^\s*(?:bye|goodbye|good\s+bye|see\s+(?:you|ya)(?:\s+(?:later|soon|tomorrow))?|talk\s+"
        r"(?:to\s+you\s+)?(?:soon|later)|take\s+care|good\s*night|catch\s+you\s+later|ttyl)\b",
        0.9,
        "Goodbyes.",
        ("Bye, talk soon!", "Take care!"),
    ),
    rule(
        "greeting_zh_hello",
        EventType.GREETING,
        r"^(?:你好(?![厉棒聪强美帅像坏烦可漂])|您好|嗨|哈喽|哈啰|早上好|早安|早啊|中午好|下午好|晚上好|"
        r"晚安|再见|拜拜|回头见|明天见|好久不见|大家好|在吗)|(?:很高兴(?:认识|见到)你|好久不见|你好吗|"
        r"最近(?:怎么样|好吗|还好吗)|晚安|再见|拜拜|(?:明天|下次|改天|回头)再聊|先(?:聊)?到这里)",
        0.9,
        "问候与道别：'你好啊'、'很高兴认识你'、'晚安'（'你好厉害'不算）。",
        ("你好啊AI伴侣", "晚安,明天见"),
    ),
    rule(
        "smalltalk_en_banter",
        EventType.SMALL_TALK,
        r"^\s*(?:(?:ha){2,}h?|lol|lmao|hehe|wow|cool|nice|awesome|sure|ok(?:ay)?|yeah|yep|yup|"
        r"indeed|exactly|same\s+here|me\s+too|sounds\s+(?:good|great|fun|nice|awesome|amazing|"
        r"lovely|like\s+(?:fun|a\s+plan|a\s+great\s+time))|that'?s\s+(?:so\s+|really\s+)?(?:cool|"
        r"awesome|great|nice|amazing|wonderful|fun|good|interesting|funny|lovely|sweet|fantastic|"
        r"incredible)|good\s+for\s+you|no\s+worries|no\s+prob(?:lem)?|of\s+course|for\s+sure|oh|"
        r"ah|hmm+|um+|absolutely|gotcha|congrat(?:s|ulations)|aww+|omg|yay|whoa|ooh)\b|"
        r"\b(?:I\s+feel\s+the\s+same|glad\s+(?:I\s+could|to)\s+help|keep\s+it\s+up|you\s+can\s+do"
        r"\s+it|hang\s+in\s+there|good\s+(?:on|for)\s+you|can't\s+wait\s+to\s+(?:see|hear))\b",
        0.6,
        "Conversational filler and reactions: 'Wow, that's awesome!', 'Sounds fun'.",
        ("Wow, that's awesome!", "Sounds like fun"),
    ),
    rule(
        "smalltalk_en_weather",
        EventType.SMALL_TALK,
        r"\b(?:the\s+weather|(?:it's|it\s+is)\s+(?:so\s+|really\s+)?(?:hot|cold|sunny|rainy|"
        r"raining|snowing|windy|cloudy|humid|freezing)|nice\s+(?:day|weather))\b|"
        r"\b(?:how|what)\s+about\s+you\s*\?",
        0.6,
        "Weather and 'how about you?'.",
        ("The weather is lovely today.", "How about you?"),
    ),
    rule(
        "smalltalk_zh_banter",
        EventType.SMALL_TALK,
        r"^(?:哈哈+|呵呵+|嘿嘿+|嘻嘻+|好的|好吧|好哒|嗯+|哦+|噢+|ok|好|行|没事|是啊|是的|对啊|对的|"
        r"真的吗|不错|挺好|还行|一般般|确实|好呀|好啊|哇+|天哪|没问题|当然)[啊呀哦嘛呢~!.。]*$|"
        r"^(?:嗯+|哦+|噢+|哇+|好的|好吧|是啊|对啊|当然)[啊呀]?,|哈哈|呵呵|嘿嘿|"
        r"天气(?:真|很|好|不错|太|挺|怎么样|如何)|(?:下雨|下雪|好热|好冷|太热|太冷)了|你呢\s*\?*$",
        0.6,
        "寒暄与附和：'哈哈'、'好的'、'今天天气真好'、'你呢？'。",
        ("哈哈,好的", "今天天气真好"),
    ),
)
