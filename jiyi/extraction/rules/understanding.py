"""Understanding: concept confusion (learning obstacles) and concept mastery.

Together because they are two sides of one belief: mastery of a concept is the counter-evidence
for confusion about it. A confusion may leave its concept unnamed ("I still don't get it");
mastery rules carry a positive polarity.
"""

from __future__ import annotations

import re

from jiyi import vocabulary
from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.cleaning import ZH_PART_OF
from jiyi.extraction.rules.fragments import EN_ADV, EN_I_AM, EN_OBJ, ZH_ADV, ZH_OBJ
from jiyi.extraction.rules.model import POSITIVE, Rule, rule

#: A part word closing a Chinese topic, beyond the pointers every object loses (`cleaning`):
#: "电路那道" is 电路 (one inside, "斜率那个边际替代率", is the reference step's).
_ZH_POINTER_AFTER = re.compile(
    r"(?<=[\u4e00-\u9fffA-Za-z0-9]{2})(?:[这那](?:一)?(?:道|种|类|段|些)|部分)$"
)
#: Adverbs a topic-first capture can run into: "听力基本(听不懂)", "浇水真的(老犯错)".
_ZH_ADVERB_AFTER = re.compile(
    r"(?<=[\u4e00-\u9fffA-Za-z0-9]{2})(?:基本上?|完全|根本|真的|一直|总是|老是|还是|确实|实在|"
    # what was tried on it ("俄语变格练了(两周还是记不住)")
    r"[练学背看写读听刷做]了)+$"
)
#: The footing or level of a topic said after it: "统计基础很差" is about 统计, "缝纫机基本操作
#: 没问题" about 缝纫机, "英语水平一般" about 英语.
_ZH_FOOTING_AFTER = re.compile(
    r"(?<=[\u4e00-\u9fffA-Za-z0-9]{2})(?:的)?(?:基础|基本功|底子|功底|基本操作|水平|成绩|能力)$"
)
#: Part words after an English topic, beyond the chat fillers every object loses (`cleaning`):
#: "the fitting part" is fitting, "the krebs cycle steps" the krebs cycle.
_EN_FILLER_AFTER = re.compile(
    r"(?<=\w)(?<!\bby)(?<!\bof)(?:\s+(?:stuff|part|bit|steps|side|business|tho))+$",
    re.IGNORECASE,
)
#: A school year in front of a subject: "grade 12 physics" is physics, as "高二物理" is 物理.
_EN_YEAR_BEFORE = re.compile(
    r"^(?:(?:grade|year|yr|class)\s*\d{1,2}|\d{1,2}(?:st|nd|rd|th)\s+grade)\s+(?=\w{3})",
    re.IGNORECASE,
)


#: The subject a topic is in, said after it: "pointers in C", "memorising dates in history".
_EN_FIELD_AFTER = re.compile(r"(?<=\w)\s+in\s+(?P<field>[\w+#' -]{1,30})$", re.IGNORECASE)
#: A programming language named by one capital letter ("C", "R", "C++", "C#").
_ONE_LETTER_LANGUAGE = re.compile(r"[A-Z](?:\+\+|#)?")


def without_field(name: str) -> str:
    """The topic without the subject it is in when that is a known subject ("pointers in C" →
    pointers, "memorising dates in history" → memorising dates): a tutor of the subject writes
    the topic down; "careers in fashion" names no subject taught and stays whole."""
    found = _EN_FIELD_AFTER.search(name)
    if found is None:
        return name
    field = found.group("field").strip()
    subject = vocabulary.lookup(field)
    known = subject is not None and subject.kind is EntityKind.TOPIC
    return name[: found.start()] if known or _ONE_LETTER_LANGUAGE.fullmatch(field) else name


#: Two names of one kind said side by side ("左手定则右手定则"): the pair, joined as written out.
_ZH_PAIR = re.compile(
    r"^(?P<a>[\u4e00-\u9fff]{1,4}?)(?P<end>[\u4e00-\u9fff]{2,4})(?P<b>[\u4e00-\u9fff]{1,4}?)(?P=end)$"
)


def concept_name(raw: str, lang: str) -> str:
    """What a learner's words for a hard or easy topic name, as a tutor would write it down:
    without the pointer, part word or filler chat wraps around it ("发球那个" → 发球, "磨刀这一步"
    → 磨刀, "俄语那个大舌音" → 大舌音, "统计基础" → 统计, "the odds ratio thing still" → odds ratio,
    "grade 12 physics" → physics), nor the subject it is in ("pointers in C" → pointers); a pair
    side by side joined ("左手定则右手定则" → 左手定则和右手定则)."""
    if lang == "zh":
        named = _ZH_POINTER_AFTER.sub("", _ZH_ADVERB_AFTER.sub("", ZH_PART_OF.sub("", raw)))
        return _ZH_PAIR.sub(r"\g<a>\g<end>和\g<b>\g<end>", _ZH_FOOTING_AFTER.sub("", named).strip())
    return without_field(_EN_YEAR_BEFORE.sub("", _EN_FILLER_AFTER.sub("", raw)).strip())


RULES: tuple[Rule, ...] = (
    # --- concept confusion --------------------------------------------------------------------
    rule(
        "confusion_en_mix_up",
        EventType.CONCEPT_CONFUSION,
        rf"\bI\s+{EN_ADV}(?:keep\s+|tend\s+to\s+)?(?:mix(?:ing)?\s+up|confus(?:e|ing)|"
        rf"get(?:ting)?\s+confused\s+(?:between|about|by|with|over)|"
        rf"can(?:'t|not)\s+tell\s+(?:the\s+difference\s+)?between|"
        rf"can(?:'t|not)\s+distinguish(?:\s+between)?)\s+(?!(?:them|em|those|these|it|that|this)\b)"
        rf"{EN_OBJ}",
        0.9,
        "Two things the user confuses: 'I keep mixing up velocity and acceleration'.",
        ("I keep mixing up velocity and acceleration.", "I always confuse affect and effect"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "confusion_en_mixed_up",
        EventType.CONCEPT_CONFUSION,
        r"\bI\s+(?:always\s+|still\s+|keep\s+)?(?:get(?:ting)?|have|had)\s+"
        r"(?P<object>[^,.;:!?()\n]{1,60}?)\s+(?:mixed|muddled)\s+up\b",
        0.9,
        "'I always get X and Y mixed up'.",
        ("I always get sine and cosine mixed up.",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "confusion_en_dont_understand",
        EventType.CONCEPT_CONFUSION,
        rf"\bI\s+{EN_ADV}(?:don't|do\s+not|can't|cannot|didn't|did\s+not|still\s+don't)\s+"
        r"(?:really\s+|quite\s+|fully\s+|totally\s+|completely\s+|even\s+)?(?:(?:get|see)\s+"
        r"(?:how|why|what)\b|(?:understand|grasp|follow|comprehend|get\s+it|wrap\s+my\s+head\s+"
        r"around|figure\s+out)(?:\s+(?P<object>[^,.;:!?()\n]{1,80}))?)",
        0.85,
        "Not understanding something: 'I don't understand derivatives' (object optional).",
        ("I don't understand derivatives.", "I still don't get it"),
        object_kind=EntityKind.CONCEPT,
    ),
    rule(
        "confusion_en_confused_about",
        EventType.CONCEPT_CONFUSION,
        rf"\b{EN_I_AM}\s+{EN_ADV}(?:(?:a\s+(?:bit|little)\s+|so\s+|really\s+|totally\s+)?"
        r"(?:confused|lost|stuck)|struggling|having\s+(?:trouble|a\s+hard\s+time|difficulty|"
        r"problems?))\s+(?:about|on|with|by|understanding|in\s+understanding)\s+"
        rf"{EN_OBJ}",
        0.85,
        "Confusion or struggle with a topic: 'I'm confused about recursion'.",
        ("I'm confused about recursion.", "I'm having trouble with fractions"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "confusion_en_confuses_me",
        EventType.CONCEPT_CONFUSION,
        r"(?P<object>\b[\w' -]{2,40}?)\s+(?:(?:just|really|still|totally|honestly|literally|kinda|"
        r"always|completely)\s+)*(?:confuses\s+me|(?:is|are)\s+(?:so\s+|really\s+|too\s+)?"
        r"confusing|makes\s+no\s+sense(?:\s+to\s+me)?|(?:doesn't|does\s+not)\s+make\s+(?:any\s+)?"
        r"sense(?:\s+to\s+me)?|(?:is|are)\s+(?:so\s+|really\s+|too\s+)?(?:hard|difficult)\s+"
        r"(?:for\s+me\s+)?to\s+understand)",
        0.75,
        "A topic named first: 'the chain rule confuses me' (object optional when a pronoun).",
        ("The chain rule confuses me.", "Recursion makes no sense to me"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"confus|sense|understand",
    ),
    rule(
        "confusion_zh_mix_up",
        EventType.CONCEPT_CONFUSION,
        rf"{ZH_ADV}(?:总是?|老是?|经常|常常|一直|又|每次都|容易)(?:把|将)"
        r"(?P<object>[^,.;:!?()。\n]{1,20}?)(?:搞混|弄混|混淆|搞错|弄错|记混|看混|混在一起|分不清|搞反|弄反)",
        0.9,
        "把两个概念搞混：'我总把a和v搞混'。",
        ("我总把a和v搞混", "我老是把sin和cos弄混。"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "confusion_zh_these_two",
        EventType.CONCEPT_CONFUSION,
        r"(?:^|(?<=[\s,，。!！~…]))(?P<object>[\u4e00-\u9fffA-Za-z0-9/+-]{2,20}?)\s*[,，]?\s*(?:这|那)(?:两|三|几|俩)"
        rf"个?(?:我)?{ZH_ADV}(?:老是?|总是?|经常|一直|又|还是)?(?:搞混|弄混|记混|搞反|弄反|混淆|分不清楚?|"
        r"搞不清楚?|弄不清楚?)",
        0.85,
        "先列出来再说搞混：'光圈快门ISO 这三个我老搞混'、'正弦余弦 这两个我总是分不清'。",
        ("光圈快门ISO 这三个我老搞混", "正弦余弦 这两个我总是分不清"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"[这那][两三几俩]",
    ),
    rule(
        "confusion_zh_topic_mixed_up",
        EventType.CONCEPT_CONFUSION,
        r"(?:^|(?<=[\s,，。!！~…]))(?P<object>[\u4e00-\u9fffA-Za-z0-9/+-]{2,12}?)(?:我)?(?:总是?|老是?|经常|"
        r"一直|又|每次都)(?:搞混|弄混|记混|搞反|弄反|混淆)(?![^,，。!！~\s]*[吗?？])",
        0.85,
        "先说东西再说搞混（没有'把'）：'串并联总搞混'、'左右手定则我老是弄反'。",
        ("不过电路那块我还是不太会 串并联总搞混", "左右手定则我老是弄反"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"搞混|弄混|记混|搞反|弄反|混淆",
    ),
    rule(
        "confusion_zh_cant_tell",
        EventType.CONCEPT_CONFUSION,
        rf"(?:分不清楚?|搞不清楚?|弄不清楚?|区分不了|区分不开|分不出)(?!楚){ZH_OBJ}",
        0.85,
        "分不清：'我分不清正弦和余弦'。",
        ("我分不清正弦和余弦",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "confusion_zh_dont_understand",
        EventType.CONCEPT_CONFUSION,
        rf"我{ZH_ADV}(?:还是|完全|有点|有些|始终|就是|根本)?(?:(?:不太|不大|不是很|不怎么|不|没太|没有|没)"
        r"(?:懂|理解|明白|搞懂|弄懂|学会)|搞不懂|弄不懂|看不懂|听不懂|理解不了|学不会|想不通|"
        rf"搞不明白|弄不明白)(?!了)(?P<object>[^,.;:!?()。\n]{{1,30}})?",
        0.85,
        "不理解：'我不太理解微积分的链式法则'（对象可省略：'我还是不懂'）。",
        ("我不太理解微积分的链式法则", "我还是不懂"),
        object_kind=EntityKind.CONCEPT,
    ),
    rule(
        "confusion_zh_topic_first",
        EventType.CONCEPT_CONFUSION,
        rf"(?P<object>[^,.;:!?()。\n]{{1,20}}?)(?:我)?{ZH_ADV}(?:还是|完全|有点|有些|始终|就是)?"
        # (学 ending a subject is its name, not "learn": "数学不会" is about 数学)
        r"(?:(?:[搞弄]|(?<![数化文哲医])学)不(?:太)?(?:懂|明白|清楚?)|看不懂|听不懂|"
        r"(?<![数化文哲医])学不(?:会|好)|(?<=学)不会(?=$|[,.!?~\s。，！？]|[了啊呀啦])|理解不了|想不通|不太懂|不懂|"
        r"不明白|不理解|(?:好|太|很|有些|有点|比较)难懂|"
        # can't do it at all, said at the clause's end: "调色我是真不会" (not "明天我不会来")
        r"(?:是)?(?:真|完全|根本|压根)(?:就)?不会(?=$|[,.!?~\s。，！？]|[了啊呀啦]))",
        0.8,
        "先说概念再说不懂：'这个链式法则我还是不懂'、'调色我是真不会'。",
        ("这个链式法则我还是不懂", "三角函数我完全看不懂", "小学三年级 数学不会"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"懂|不会|理解不了|想不通|不明白|不理解",
    ),
    rule(
        "confusion_zh_what_on_earth",
        EventType.CONCEPT_CONFUSION,
        # (a wish to understand it is no trouble with it: "想搞懂大模型到底怎么回事")
        r"(?:^|(?<=[\s,，。!！~]))(?![^\s,，。!！~]{0,8}?(?:想|要|希望|打算|好奇|搞懂|弄懂|了解|知道))"
        r"(?P<object>(?![我你他她这那])[\u4e00-\u9fffA-Za-z0-9]{1,8}?)(?:到底|究竟)(?:是)?"
        r"(?:咋|怎么|如何)(?:理解|回事|弄|区分|看)",
        0.8,
        "问得急的不懂：'p值到底咋理解啊'（'到底'是卡住了的急）。",
        ("这学期regression感觉要挂 p值到底咋理解啊",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"到底|究竟",
    ),
    # --- concept mastery (counter-evidence for confusion) -------------------------------------
    rule(
        "mastery_en_finally_get",
        EventType.CONCEPT_MASTERY,
        r"\bI\s+(?:think\s+I\s+)?(?:finally|now|totally|fully|completely)\s+(?:get|got|understand|"
        r"understood|grasp|see|figured\s+out|know\s+how\s+to)(?:\s+(?P<object>[^,.;:!?()\n]{1,60}))?",
        0.85,
        "Understanding reached: 'I finally get derivatives' (object optional: 'I finally get it').",
        ("I finally get derivatives!", "I now understand how recursion works"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
    ),
    rule(
        "mastery_en_mastered",
        EventType.CONCEPT_MASTERY,
        rf"\bI(?:'ve|\s+have)?\s+(?:finally\s+)?(?:mastered|figured\s+out|got\s+the\s+hang\s+of|"
        rf"nailed|learned\s+how\s+to)\s+{EN_OBJ}",
        0.85,
        "A skill acquired: 'I've mastered long division', 'I got the hang of it'.",
        ("I've mastered long division.", "I finally figured out the quadratic formula"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
    ),
    rule(
        "mastery_en_makes_sense",
        EventType.CONCEPT_MASTERY,
        r"\b(?:now\s+I\s+(?:get|understand|see)\s+it|(?:it|that|this)\s+(?:makes|made)\s+(?:so\s+"
        r"much\s+|more\s+|perfect\s+|total\s+|complete\s+)?sense\s+now|I\s+see\s+now|"
        r"(?:oh|ah|aha),?\s+(?:I\s+see|got\s+it)|(?:it|that|this)(?:\s+(?:one|part|bit))?\s+"
        r"(?:(?:finally|totally|actually|just|really|kinda)\s+)?clicked(?!\s+on))\b",
        0.7,
        "An 'aha' without a named concept: 'oh, I see', 'that makes sense now'.",
        ("Oh, I see!", "That makes so much sense now."),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
    ),
    rule(
        "mastery_en_topic_makes_sense",
        EventType.CONCEPT_MASTERY,
        r"(?:^|(?<=[,;:.!?]\s)|(?<=[,;:.!?])|\b(?:ok|okay|oh|and|but|so|lol|yay|omg|wow)\s+)"
        r"(?!(?:it|this|that|everything|nothing|all|which|what|your)\b)"
        r"(?P<object>(?:(?!(?:it|i|was|is|but|and|so|today|yesterday|that|this)\b)[\w'+#-]+\s+){0,3}?"
        r"(?!(?:it|i|was|is|but|and|so|today|yesterday|that|this)\b)[\w'+#-]+)"
        # what the tutor gave ("the video", "my teacher's explanation") is no concept
        r"(?<!explanation)(?<!example)(?<!video)(?<!answer)(?<!lesson)(?<!analogy)(?<!diagram)\s+"
        r"(?:(?:finally|now|totally|actually|really|fully)\s+)+(?:makes?\s+(?:so\s+much\s+|total\s+|"
        r"perfect\s+|complete\s+)?sense|clicked|clicks)\b(?![^,.;!?]*\?)",
        0.8,
        "A named concept understood at last: 'bass clef finally makes sense', 'ok recursion "
        "finally clicked' ('that makes sense' names nothing; 'the video finally makes sense' is "
        "about the video).",
        ("bass clef finally makes sense now", "ok recursion finally clicked"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"sense|click",
    ),
    rule(
        "mastery_en_can_now",
        EventType.CONCEPT_MASTERY,
        rf"\bI\s+(?:can|could)\s+(?:now|finally)\s+(?:solve|do|use|apply|handle|write|calculate)\s+"
        rf"{EN_OBJ}",
        0.85,
        "Applying a concept successfully: 'I can now solve quadratic equations'.",
        ("I can now solve quadratic equations.",),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
    ),
    rule(
        "mastery_zh_understood",
        EventType.CONCEPT_MASTERY,
        # a wish ("想学会游泳", "希望搞懂了再说") is a goal, not something mastered
        r"(?<![你他她])(?:终于|现在|已经|总算|彻底|完全)?(?<![想要搞弄])(?<!希望)(?<!打算)(?<!准备)"
        r"(?<!争取)(?<!努力)(?:懂了|明白了|理解了|学会了|掌握了|(?<=终于|已经|总算|彻底|完全)(?:学会|掌握)|搞懂了|"
        r"弄懂了|会做了|搞明白了|弄明白了|想通了)(?!吗|没|么)(?P<object>[^,.;:!?()。\n]{1,30})?",
        0.8,
        "懂了：'我懂了'、'我终于搞懂了链式法则'（'你明白了吗'、'我想学会游泳'、'明年学会日语'不算）。",
        ("我终于搞懂了链式法则", "懂了!"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
    ),
    rule(
        "mastery_zh_understood_it",
        EventType.CONCEPT_MASTERY,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:终于|现在|已经|总算|彻底|完全|基本|差不多|算是)*"
        r"(?:搞懂|弄懂|看懂|听懂|学会|掌握|弄明白|搞明白|理解|明白|想通|会做)(?!了)"
        r"(?P<object>[^,.;:!?()。\n了]{2,15}?)了(?!吗|没|么)",
        0.8,
        "懂了，先说动词后说概念：'我终于搞懂光合作用了'、'总算弄明白链式法则了'。",
        ("我终于搞懂光合作用了", "总算弄明白链式法则了"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"懂|学会|掌握|明白|理解|想通|会做",
    ),
    rule(
        "mastery_zh_can_use",
        EventType.CONCEPT_MASTERY,
        rf"我{ZH_ADV}(?:终于|现在|已经|总算)?会(?:用|做|算|解|写|说)(?P<object>[^,.;:!?()。\n]{{1,15}}?)了",
        0.85,
        "会用了：'我会用勾股定理了'。",
        ("我会用勾股定理了",),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
    ),
    rule(
        "mastery_zh_aha",
        EventType.CONCEPT_MASTERY,
        r"原来如此|原来是这样|恍然大悟|豁然开朗",
        0.7,
        "恍然大悟：'原来如此'。",
        ("原来如此!",),
        polarity=POSITIVE,
    ),
)
