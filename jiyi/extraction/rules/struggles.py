"""How learners say a thing is hard or easy without "I don't understand": "ABGs are my weak
spot", "price elasticity is killing me", "im honestly trash at free body diagrams", "酸碱平衡那章
看了三遍还是懵", "cos x 和 -sin x 秒答". Confusion rules here are obstacles, mastery rules carry a
positive polarity, as in `understanding`.
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.model import POSITIVE, Rule, rule

_EN_TOPIC = r"(?P<object>(?:the\s+)?[\w'+#/-]+(?:\s+[\w'+#/-]+){0,4}?)"

RULES: tuple[Rule, ...] = (
    rule(
        "struggle_en_weak_spot",
        EventType.CONCEPT_CONFUSION,
        rf"{_EN_TOPIC}\s+(?:is|are|r|=)\s+(?:still\s+)?(?:honestly\s+)?(?:my|a|the)\s+(?:biggest\s+|real\s+|"
        r"total\s+)?(?:weak\s+spot|weakness|weakest\s+(?:section|area|topic|part|point)|nemesis|"
        r"kryptonite|achilles(?:'s)?\s+heel|problem\s+area|worst\s+(?:topic|section|subject))\b",
        0.85,
        "A topic named as a weak spot: 'ABGs are my weak spot', 'amino acids are my nemesis'.",
        ("ABGs are my weak spot honestly", "amino acids are my nemesis"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"weak|nemesis|kryptonite|achilles|problem\s+area|worst",
    ),
    rule(
        "struggle_en_killing_me",
        EventType.CONCEPT_CONFUSION,
        rf"{_EN_TOPIC}\s+(?:is|are|r)\s+(?:still\s+|literally\s+|honestly\s+|kinda\s+|so\s+)*"
        r"(?:killing\s+me|melting\s+my\s+brain|breaking\s+my\s+brain|frying\s+my\s+brain|"
        r"a\s+(?:mess|blur)\s+in\s+my\s+head|(?:so\s+)?hard\s+for\s+me|confusing\s+me|"
        r"destroying\s+me|the\s+worst)\b",
        0.8,
        "'price elasticity of demand is killing me', 'modes are still melting my brain'.",
        ("price elasticity of demand is killing me", "ok modes are still melting my brain"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"killing|melting|breaking|frying|mess\s+in|blur|hard\s+for\s+me|confusing\s+me|destroying|the\s+worst",
    ),
    rule(
        "struggle_en_bad_at",
        EventType.CONCEPT_CONFUSION,
        r"\b(?:I'?m|I\s+am|im)\s+(?:honestly\s+|so\s+|really\s+|just\s+|still\s+|kinda\s+|pretty\s+)*"
        r"(?:trash|bad|terrible|awful|hopeless|useless|rubbish|garbage|the\s+worst|shaky|weak)\s+"
        rf"(?:at|on|with)\s+{_EN_TOPIC}(?=\s*(?:$|[,.;:!?)]|\s(?:and|but|so|tho|though|lol|ngl)\b))",
        0.85,
        "'im honestly trash at free body diagrams', 'still kinda shaky on modes'.",
        ("im honestly trash at free body diagrams", "I'm really bad at fractions."),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "struggle_en_shaky_on",
        EventType.CONCEPT_CONFUSION,
        r"\b(?:still\s+)?(?:kinda\s+|a\s+bit\s+|pretty\s+|super\s+)?(?:shaky|rusty|lost|stuck|weak)\s+"
        rf"(?:on|with)\s+{_EN_TOPIC}(?=\s*(?:$|[,.;:!?)]|\s(?:and|but|so|tho|though|lol|all|ngl)\b))",
        0.8,
        "'still kinda shaky on the other modes tho'.",
        ("still kinda shaky on lydian tho", "a bit rusty on logarithms"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "struggle_en_always_freeze",
        EventType.CONCEPT_CONFUSION,
        r"\bI\s+(?:always|keep|still|usually)\s+(?:freez(?:e|ing)|get(?:ting)?\s+stuck|mess(?:ing)?\s+up|"
        rf"screw(?:ing)?\s+up|blank(?:ing)?)\s+(?:on|with|at)\s+{_EN_TOPIC}"
        r"(?=\s*(?:$|[,.;:!?)]|\s(?:and|but|so|tho|though|lol|part|bit)\b))",
        0.8,
        "'i always freeze on the compensation part'.",
        ("i always freeze on compensation", "I keep getting stuck on recursion."),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "struggle_en_problem_with",
        EventType.CONCEPT_CONFUSION,
        r"\bI\s+(?:def(?:initely)?\s+|still\s+|really\s+)*(?:have|had)\s+(?:a\s+)?(?:real\s+|big\s+)?"
        r"(?:problem|problems|trouble|difficulty|a\s+hard\s+time)\s+(?:w/?|with)\s+(?P<object>that|this|it|"
        r"[\w'+#-]+(?:\s+[\w'+#-]+){0,3}?)(?=\s*(?:$|[,.;:!?)]|\s(?:lol|tho|though|and|but)\b))",
        0.8,
        "'i def still have a problem w that lol' (that: the session's concept).",
        ("ok yeah i def still have a problem w that lol", "I have trouble with integrals"),
        object_kind=EntityKind.CONCEPT,
    ),
    rule(
        "struggle_zh_still_lost",
        EventType.CONCEPT_CONFUSION,
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:(?:那章|这章|这块|那块|这部分|这里|部分)[^,.;!?。\s]{0,8}?|"
        r"我[^,.;!?。\s]{0,6}?|)(?:还是|总是|老是|一直|经常|真的|完全)(?:老|总)?(?:懵|晕|记不住|搞不懂|弄不懂|"
        r"错|翻车|写不好|算错|不会|不太get|没懂|搞混)",
        0.8,
        "'酸碱平衡那章看了三遍还是懵'、'能量计算这块我真的老翻车'。",
        ("酸碱平衡那章看了三遍还是懵", "能量计算这块我真的老翻车"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"还是|总是|老是|一直|经常|真的|完全",
    ),
    rule(
        "struggle_zh_weak",
        EventType.CONCEPT_CONFUSION,
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:是|就是|一直是)(?:我的)?(?:弱项|短板|死穴|硬伤|噩梦|老大难)",
        0.85,
        "'几何是我的弱项'。",
        ("几何是我的弱项", "文言文一直是我的短板"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "struggle_zh_not_get",
        EventType.CONCEPT_CONFUSION,
        r"(?:这个|那个)?(?P<object>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:我)?(?:真的|还是|完全|有点)?(?:不太|不是很|没)get",
        0.8,
        "'这个复合函数求导我真的不太get'。",
        ("这个复合函数求导我真的不太get",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"get",
    ),
    rule(
        "mastery_en_got_it_down",
        EventType.CONCEPT_MASTERY,
        r"(?:^|[,.;!?]\s*|\b(?:ok|so|and|but)\s+)(?P<object>[\w'+#-]+(?:\s+[\w'+#-]+){0,2}?)\s+"
        r"(?:i\s+(?:got|get|know|can\s+do)(?:\s+down)?|(?:is|are)\s+(?:easy|fine|solid|no\s+problem)"
        r"(?:\s+(?:for\s+me|now|too))*|clicked)(?=\s*(?:$|[,.;:!?)]|\s(?:tho|though|but|lol|its|it's)\b))",
        0.8,
        "A topic said to be easy: 'power rule i got', 'fbds were fine'.",
        ("power rule i got, its this stuff", "recursion is easy for me now."),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"\bi\s+(?:got|get|know|can)|easy|fine|solid|no\s+problem|clicked",
    ),
    rule(
        "mastery_zh_know_well",
        EventType.CONCEPT_MASTERY,
        r"(?P<object>[\u4e00-\u9fffA-Za-z0-9+-]{2,12}?)(?:我)?(?:都|也)?(?:背得滚瓜烂熟|秒答|没问题|很熟|挺熟|熟得很|"
        r"记得(?:贼|很|特别)清楚|早就会了|已经会了)",
        0.8,
        "'cos x 和 -sin x 秒答'、'这个熟'。",
        ("三角函数求导我背得滚瓜烂熟", "勾股定理没问题"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"滚瓜烂熟|秒答|没问题|熟|记得|会了",
    ),
)
