"""Feedback on the agent: praise, thanks, "that's wrong" and "don't bring that up again".

Every rule carries a polarity; the do-not-mention rules also carry a fixed value, which lowers
the retrieval weight of what was recalled.
"""

from __future__ import annotations

from jiyi.domain import EventType
from jiyi.extraction.rules.model import DO_NOT_MENTION, NEGATIVE, POSITIVE, Rule, rule

RULES: tuple[Rule, ...] = (
    rule(
        "feedback_en_helpful",
        EventType.FEEDBACK,
        r"\b(?:(?:that|this|it|your\s+(?:answer|explanation|suggestion|advice|tip|help|"
        r"recommendation|reply|response))(?:'s|\s+is|\s+was|\s+has\s+been)?\s+(?:(?:really|very|"
        r"super|so|quite|extremely|incredibly|actually)\s+)*(?:helpful|useful|clear|informative|"
        r"insightful|spot\s+on|exactly\s+what\s+I\s+(?:needed|wanted|was\s+looking\s+for))|(?:that|"
        r"this|it|you)\s+(?:really\s+|totally\s+)?helped(?:\s+(?:a\s+lot|me))?|(?:^\s*|(?:what|such|"
        r"that's|that\s+was|thanks\s+for|thank\s+you\s+for)\s+(?:an?\s+|the\s+)?)(?:great|good|nice|"
        r"excellent|perfect|clear|awesome|brilliant)\s+(?:explanation|answer|advice|suggestion|tip|"
        r"recommendation))\b",
        0.85,
        "Positive feedback on the agent's help: 'that was really helpful'.",
        ("That was really helpful, thanks!", "Great explanation."),
        polarity=POSITIVE,
    ),
    rule(
        "feedback_en_thanks",
        EventType.FEEDBACK,
        r"\b(?:thanks|thank\s+you|thx|ty|much\s+appreciated)\b",
        0.6,
        "Thanks: positive feedback, weaker than a stated judgement.",
        ("Thanks so much!", "Thank you for the recommendation."),
        polarity=POSITIVE,
    ),
    rule(
        "feedback_en_wrong",
        EventType.FEEDBACK,
        r"\b(?:you(?:'re|\s+are)\s+(?:wrong|incorrect|mistaken|not\s+(?:listening|helping|right))|"
        r"that(?:'s|\s+is)\s+(?:not\s+(?:right|correct|true|helpful|what\s+I\s+(?:asked|meant|wanted"
        r"|said))|wrong|incorrect|unhelpful)|(?:not|wasn't|isn't)\s+(?:very\s+|really\s+)?helpful|"
        r"(?:doesn't|didn't|does\s+not|did\s+not)\s+help|you\s+(?:misunderstood|got\s+it\s+wrong|"
        r"didn't\s+answer))\b",
        0.85,
        "Negative feedback: 'that's not what I asked', 'you're wrong'.",
        ("That's not what I asked.", "You're wrong about that"),
        polarity=NEGATIVE,
    ),
    rule(
        "feedback_en_do_not_mention",
        EventType.FEEDBACK,
        r"\b(?:(?:please\s+)?(?:don't|do\s+not|stop|never)\s+(?:bring(?:ing)?\s+(?:that|it|this)\s+"
        r"up|mention(?:ing)?\s+(?:that|it|this)|talk(?:ing)?\s+about\s+(?:that|it|this))|I\s+(?:don't|"
        r"do\s+not)\s+want\s+to\s+talk\s+about\s+(?:that|it|this))",
        0.9,
        "'Don't bring that up again': lowers the retrieval weight of what was recalled.",
        ("Please don't bring that up again.", "I don't want to talk about that"),
        polarity=NEGATIVE,
        fixed_value=DO_NOT_MENTION,
    ),
    rule(
        "feedback_zh_good",
        EventType.FEEDBACK,
        r"(?:你?(?:说|讲|解释|回答|分析|总结)得(?:很|真|太|非常|特别|挺|好)?(?:好|对|清楚|明白|棒|到位|"
        r"有道理|详细)|(?:很|真|太|非常|特别|挺)(?:有用|有帮助|有道理|管用|实用)|(?:好|不错)的(?:建议|主意|推荐)|"
        r"好主意|好建议|你(?:真|太|好)"
        r"(?:棒|厉害|聪明|贴心)|帮了(?:我)?大忙|(?:谢谢|感谢|多谢)(?:你|您)?的?(?:帮助|解释|推荐|建议|"
        r"讲解|耐心|回答))",
        0.85,
        "正面反馈：'你讲得很清楚'、'很有帮助'、'谢谢你的推荐'。",
        ("你讲得很清楚", "这个建议很有用!"),
        polarity=POSITIVE,
    ),
    rule(
        "feedback_zh_thanks",
        EventType.FEEDBACK,
        r"谢谢|感谢|多谢|谢啦",
        0.6,
        "道谢：较弱的正面反馈。",
        ("好的,谢谢你", "多谢!"),
        polarity=POSITIVE,
    ),
    rule(
        "feedback_zh_wrong",
        EventType.FEEDBACK,
        r"(?:你?(?:说|讲|解释|回答|答)(?:得|的)(?:不对|不准确|有问题|不清楚|太复杂|错了)|你(?:说)?错了|"
        r"(?:答案|回答|解释)(?:不对|错了|有误|有问题)|没(?:什么)?用|没(?:有)?帮助|不是我(?:要|想要|问)的|"
        r"答非所问|你没懂我)",
        0.85,
        "负面反馈：'你说得不对'、'答非所问'。",
        ("你说得不对", "这不是我要的"),
        polarity=NEGATIVE,
    ),
    rule(
        "feedback_zh_do_not_mention",
        EventType.FEEDBACK,
        r"(?:别|不要|不用)再?(?:提|说|聊|讲)(?:这个|那个|这件事|那件事|这事|它)?了?|"
        r"不想(?:再)?(?:聊|谈|说|提)(?:这个|那个|这件事|那件事|这事)",
        0.9,
        "'别再提这个了'：降低相关记忆的召回权重。",
        ("别再提这个了", "我不想再聊那件事"),
        polarity=NEGATIVE,
        fixed_value=DO_NOT_MENTION,
    ),
)
