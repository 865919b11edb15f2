"""Preferences and dislikes: what the user likes and what they do not.

Kept together because each like pattern has a negated twin here, and the like patterns are
written not to fire on it ("I don't like", "我不喜欢"). Lists split into one event per item:
"I love hiking and swimming" is two preferences.
"""

from __future__ import annotations

import re

from jiyi.domain import EntityKind, EventType, RelationKind
from jiyi.extraction.rules.fragments import (
    EN_ADV,
    EN_I_AM,
    EN_OBJ,
    ZH_ADV,
    ZH_OBJ,
    ZH_OBJ_LAZY,
    ZH_SUBJECT,
)
from jiyi.extraction.rules.goals import EN_FIELDS, ZH_FIELDS
from jiyi.extraction.rules.model import Rule, rule

#: What a hobby sentence says one does ("been cooking more Mexican food since I retired").
_EN_HOBBY_VERBS = (
    r"cooking|baking|reading|watching|playing|drawing|painting|knitting|crocheting|sewing|"
    r"listening\s+to|learning\s+about|writing|collecting|growing|hiking"
)
#: 不含这些字的短语才像个名字（"这道题""老师讲得"不是兴趣）。
#: A liked way of going about learning, not a thing liked: a time, a manner, a helper, a
#: learning verb ("早上学", "一次学完一整章", "你问我问题", "先自己试错", "被提问"), or a version,
#: accent or format of what is taught ("英音", "电子版", "美式", "双语字幕").
_ZH_WAY_OF_LEARNING = re.compile(
    r"^(?:早上|上午|下午|晚上|白天|夜里|半夜|周末|每天|一次|先|边|一边|用|通过|被|让|你|老师|跟着?|"
    r"自己|多|少|慢慢|直接|一步|一个|一点)|学|讲|教|背|复习|题|解释|答案|方法|方式|"
    r"(?:版|式|音|风格|格式|字幕|模式|语速|口音)$"
)
#: A light verb before the thing a pastime is done with ("做手账", "打游戏", "弹钢琴", "听京剧"):
#: the thing names the interest; a verb that says more than doing ("拍街景") stays.
ZH_PASTIME_VERB = re.compile(
    r"^(?:做|玩|打|搞|弄|弹|下|踢|画|拍|唱|听)(?=[\u4e00-\u9fffA-Za-z]{2})"
)


#: The English counterpart: a liked session, pace, example or format, or a manner of doing ("I
#: love short sessions", "Python over JS"), not a subject or a pastime ("I love Roman
#: history", "I enjoy birds").
_EN_WAY_OF_LEARNING = re.compile(
    r"\b(?:sessions?|lessons?|class(?:es)?|pace|examples?|feedback|explanations?|answers?|quiz(?:zes)?|"
    r"questions?|exercises?|drills?|practice|formats?|notes|steps?|lists?|tables?|videos?|clips?|"
    r"time|minutes?|hours?|mornings?|evenings?|nights?|approach|method|style|versions?|accent|"
    r"subtitles?|way|when|if|how|being|doing|getting|having|your|you|over|instead|than)\b",
    re.IGNORECASE,
)


def liked_as_interest(name: str, lang: str) -> bool:
    """Whether "I love X" / "喜欢X" is an interest in a thing, not a way of learning liked."""
    way = _ZH_WAY_OF_LEARNING if lang == "zh" else _EN_WAY_OF_LEARNING
    return way.search(name) is None


_ZH_NAME_CHAR = r"(?:(?![我你他她它这那得的了着过吗呢吧啊就都也还很挺不没])[\u4e00-\u9fffA-Za-z])"

RULES: tuple[Rule, ...] = (
    rule(
        "preference_en_like",
        EventType.PREFERENCE,
        rf"\b(?:I|we)\s+{EN_ADV}(?:love|loved|like|liked|enjoy|enjoyed|adore|prefer|fancy|dig)\s+"
        rf"(?!how\b|that\b|when\b|what\b|it\b|you\b|your\b|this\b|the\s+way\b)"
        # "a quiz at the end of each chapter": when it comes is no part of the thing
        r"(?P<object>(?:(?!\s+(?:at\s+the\s+end\s+of|after\s+(?:each|every))\b)[^,.;:!?()\n]){1,80})",
        0.8,
        "Something the user likes: 'I love hiking and swimming' (each item an object; 'I like your "
        "explanation' is a word to the tutor).",
        ("I love hiking and swimming.", "I really enjoy jazz"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_en_into",
        EventType.PREFERENCE,
        rf"\b{EN_I_AM}\s+{EN_ADV}(?:into|(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of|passionate\s+about|"
        rf"interested\s+in|obsessed\s+with|crazy\s+about|fond\s+of|keen\s+on)\s+{EN_OBJ}",
        0.8,
        "Interest phrased as a state: 'I'm really into painting', 'I'm a big fan of jazz'.",
        ("I'm really into painting.", "I'm a huge fan of Studio Ghibli"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
        relation=RelationKind.INTERESTED_IN,
    ),
    rule(
        "preference_en_favourite",
        EventType.PREFERENCE,
        rf"\bmy\s+(?:all-time\s+)?(?:favou?rite|fave)\s+(?:[\w-]+\s+){{0,3}}?(?:is|are|was)\s+"
        rf"{EN_OBJ}",
        0.85,
        "A favourite: 'my favorite book is Dune'.",
        ("My favorite book is Dune.", "my favourite subjects are math and art"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_zh_like",
        EventType.PREFERENCE,
        rf"{ZH_SUBJECT}{ZH_ADV}(?:喜欢|爱|热爱|喜爱|偏爱|钟爱)(?![你他她死的上])(?:上了)?"
        rf"{ZH_OBJ}",
        0.8,
        "喜好：'我很喜欢绘画、弹钢琴和品茶'（每一项一个对象）、'我喜欢用动画学数学'。",
        ("我很喜欢绘画、弹钢琴和品茶", "我喜欢用动画学数学"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "interest_zh_hooked",
        EventType.PREFERENCE,
        rf"{ZH_SUBJECT}{ZH_ADV}(?:迷上了?|沉迷于?|着迷于?|爱上了?|喜欢上了?|入坑(?:了)?)(?![你他她死的])"
        rf"{ZH_OBJ}",
        0.8,
        "着迷：'我最近迷上了摄影'、'入坑摄影半年了'（是兴趣，不只是喜欢）。",
        ("我最近迷上了摄影", "我入坑摄影半年了"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
        relation=RelationKind.INTERESTED_IN,
    ),
    rule(
        "preference_zh_interested",
        EventType.PREFERENCE,
        rf"我对{ZH_OBJ_LAZY}{ZH_ADV}(?<!不)(?<!没)感兴趣",
        0.8,
        "兴趣：'我对天文学很感兴趣'（'不感兴趣'不算）。",
        ("我对天文学很感兴趣",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
        relation=RelationKind.INTERESTED_IN,
    ),
    rule(
        "interest_en_fun_part",
        EventType.PREFERENCE,
        r"(?:^|[,.;!?]\s*|\b(?:tbh|ngl|honestly|but|and|also)\s+)(?:the\s+)?"
        r"(?P<object>[\w'-]+(?:\s+[\w'-]+){0,2}?(?:\s+(?:stuff|side))?)"
        r"(?:\s+(?:part|bit|lecture|class))?(?:\s+(?:(?:last|this)\s+(?:week|time|night|semester|term)|"
        r"yesterday|today|earlier))?\s+(?:is|are|was|were)\s+(?:actually\s+|kinda\s+|really\s+|"
        r"so\s+|trop\s+|literally\s+)*(?:the\s+)?(?:fun|cool|interesting|fascinating|best|my\s+favou?rite)"
        r"(?:\s+(?:part|bit|stuff|one))?\b",
        0.7,
        "A topic found interesting: 'the patho stuff is the fun part', 'physics is kinda fun'.",
        (
            "tbh the patho stuff is the fun part",
            "physics is actually kinda fun when it clicks",
            "also the sociology lecture yesterday was so interesting",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"fun|cool|interesting|fascinating|best|favou?rite",
    ),
    rule(
        "interest_en_find_interesting",
        EventType.PREFERENCE,
        r"\b(?:the\s+)?(?P<object>[\w'-]+(?:\s+[\w'-]+){0,2}?(?:\s+stuff)?)(?:\s+bit|\s+part)?\s+(?:is|are)\s+"
        r"(?:the\s+)?(?:only\s+)?(?:bit|part|thing|stuff)\s+i\s+(?:actually\s+|really\s+)?(?:find\s+"
        r"interesting|love|like|enjoy|care\s+about)\b",
        0.75,
        "'the spy stuff is the only bit i find interesting', 'neuro is the stuff i actually love'.",
        (
            "ngl the spy stuff is the only bit i find interesting",
            "neuro is the stuff i actually love",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"\bi\s+(?:actually\s+|really\s+)?(?:find|love|like|enjoy|care)",
    ),
    rule(
        "interest_zh_want_to_learn",
        EventType.PREFERENCE,
        r"(?:我|^|(?<=[\s,.!~;。]))(?:但是?|可是?|不过)?"
        # softened ("也有点想", "还是想", "想学学"): a plain "想学烘焙" is a goal (`goals`)
        r"(?:(?:(?:其实|也|一直|还|还是|真的|是)+(?:挺|很|特别|有点|蛮)?|挺|很|特别|有点|蛮)想"
        # "学好英语", "学会游泳": the result after the verb is not part of what is learned;
        # "学完这本书" is a task, not a subject
        r"(?:学学|跟着学学?|学做|学)|想(?:学学|跟着学学?))(?!完)(?:好|会|懂)?(?:一下|点)?"
        r"(?P<object>[\u4e00-\u9fffA-Za-z的]{2,12}?)(?:的)?(?=了|呢|吧|$|[,.!~\s])",
        0.6,
        "想学点什么，说得软：'我也有点想跟着学学国画'（直说'想学烘焙'是目标）。",
        ("我也有点想跟着学学国画,以后再说吧", "考试太折磨人 但还是想学历史的"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"想",
    ),
    rule(
        "interest_en_maybe_field",
        EventType.PREFERENCE,
        rf"\b(?:maybe|might|probably|prob|thinking\s+(?:about|of)|considering)\s+(?:do(?:ing)?\s+|"
        rf"study(?:ing)?\s+|go(?:ing)?\s+into\s+|major(?:ing)?\s+in\s+|something\s+in\s+)?"
        rf"(?P<object>{EN_FIELDS})\s*(?=(?:later|one\s+day|someday|some\s+day|eventually|in\s+"
        rf"college|at\s+uni(?:versity)?|in\s+uni|after\s+(?:high\s+)?school|down\s+the\s+line|as"
        rf"\s+a\s+career|idk|tbh|who\s+knows)\b)(?![^?]*\?)",
        0.5,
        "A field mentioned as a maybe: 'maybe engineering later idk' (a weak interest).",
        ("bet. maybe engineering later idk", "thinking about doing psychology in college"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"maybe|might|probably|prob|thinking|considering",
    ),
    rule(
        "interest_en_went_to_event",
        EventType.PREFERENCE,
        r"(?:(?:^|(?<=[^\w\s']))\s*|\b(?:I|we)\s+(?:(?:finally|actually|just|also|even)\s+)?)(?:went\s+to|go\s+"
        r"to|been\s+going\s+to|attended|checked\s+out)\s+(?:a|an|the|this|some|my\s+first|our)\s+"
        r"(?:(?:local|little|free|big|live|open)\s+)?(?P<object>[\w'&-]+(?:\s+[\w'&-]+)?)\s+"
        r"(?:jam|concert|gig|festival|recital|exhibition|exhibit|museum|meetup|convention|"
        r"tournament|open\s+mic|game|match)s?\b",
        0.6,
        "Going to an event of a kind: 'went to a jazz jam thursday' (jazz).",
        ("day off. went to a jazz jam thursday, just listened", "I went to a pottery exhibition"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"went|go|going|attended|checked",
    ),
    rule(
        "interest_en_been_doing",
        EventType.PREFERENCE,
        rf"(?:\bI(?:'ve|\s+have|ve)\s+|(?:^|[,.;:!]\s*|\b(?:and|also|so|plus)\s+))been\s+"
        rf"(?:really\s+|super\s+)?(?:(?P<into>getting\s+(?:really\s+|"
        rf"super\s+|more\s+)?into)|{_EN_HOBBY_VERBS})\s+(?:(?P<amount>a\s+lot\s+of|lots\s+of|more|"
        rf"so\s+much|tons\s+of|loads\s+of)\s+)?(?!(?:the\s+|some\s+|youtube\s+)?(?:videos?(?!\s+games?)|vids|"
        rf"docs|documentation|flashcards|practice|problems|examples|notes|diagrams|tutorials|"
        rf"lectures|textbooks?|homework|mistakes|trouble|it|that|this)\b)"
        rf"(?P<object>[\w'-]+(?:\s+[\w'-]+){{0,2}}?)"
        rf"(?=\s+(?:since|lately|recently|these\s+days|in\s+my\s+free\s+time|for\s+fun|every|on\s+"
        rf"weekends?|again|non-?stop|constantly|all\s+the\s+time|on\s+repeat)\b|"
        rf"(?(amount)\s*(?:$|[,.;!])|(?(into)\s*(?:$|[,.;!])|(?!))))",
        0.6,
        "A new or growing hobby, its subject said or not: 'I've been cooking more Mexican food "
        "since I retired', 'been listening to metallica nonstop'.",
        (
            "And I've been cooking more Mexican food since I retired",
            "i've been getting into chess",
            "love this song so much, been listening to metallica nonstop",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"\bbeen\b",
    ),
    rule(
        "interest_zh_prefer_subject",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。我]))(?:其实|还是|反而|本来就?|一直|从小就?)*(?:更|最|比较|挺|很|特别|超|"
        rf"真的|也)*(?:喜欢|爱)(?:学|上|读|看)?(?P<object>{ZH_FIELDS})(?=$|[\s,.!?;~。]|了|啊|呢|吧|课|"
        rf"一些|一点|多了|些|的)",
        0.6,
        "喜欢的学科：'其实我更喜欢物理'（兴趣：物理）。",
        ("剥洋葱hhh 其实我更喜欢物理 我们班主任就是教物理的",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"喜欢|爱",
    ),
    rule(
        "interest_zh_major",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。我]))(?:还|也|一直|其实|现在|将来|以后)*(?:想|要|打算|准备|梦想|希望|"
        rf"目标(?:是)?|立志)(?:读|学|考|报|上|念|选|去)?[\u4e00-\u9fffA-Za-z]{{0,6}}?"
        rf"(?P<object>{ZH_FIELDS})(?:系|专业)",
        0.6,
        "想读的专业：'我还想考北大历史系呢'（兴趣：历史）。",
        ("我还想考北大历史系呢", "以后想读心理学专业"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"系|专业",
    ),
    rule(
        "interest_zh_since_childhood",
        EventType.PREFERENCE,
        r"(?:^|(?<=[\s,.!~;。我就也]))从小(?:就)?(?:特别|很|超|一直)?(?:爱|喜欢)?(?:看|读|听|玩|练|弹|"
        r"画|下|唱|追)(?:着)?(?!到|见)(?P<object>[\u4e00-\u9fffA-Za-z《》]{2,8}?)(?=长大|到大|$|[\s,.!?;~。]|了|的)",
        0.6,
        "从小就爱的东西：'我从小看三国演义长大的'。",
        ("啊啊啊 我从小看三国演义长大的",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"从小",
    ),
    rule(
        "interest_zh_fun",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。]))(?:还有|对了|而且|另外)?(?!听起来|看起来|听着|看着|感觉|好像|似乎|其实|"
        rf"真的|今天|昨天|最近|这样|这么|那么|确实|一起)(?P<object>{_ZH_NAME_CHAR}{{2,8}}?)(?<!起来)"
        rf"(?:\s*(?:什么|比如|像|例如)[^\s,.!?;]{{1,10}})?\s*(?:我)?(?:感觉|觉得)?(?:也|还)?"
        rf"(?:挺|很|蛮|超|特别|好|真|非常|贼|太)(?:有意思|有趣|好玩)(?![^。!?]*[吗?])",
        0.6,
        "觉得有意思的东西：'还有行为经济学 什么锚定效应 感觉挺有意思的'。",
        ("还有行为经济学 什么锚定效应 感觉挺有意思的", "天文学真有意思"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"有意思|有趣|好玩",
    ),
    rule(
        "interest_zh_class_love",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。]))(?:今天|明天|下周|这周|下次|周[一二三四五六日末])?(?:的)?"
        rf"(?P<object>(?![上下逃翘停选补缺听没有每一这那])(?<![上下这那每一]节){_ZH_NAME_CHAR}{{1,4}}(?:课|实验))[^\s,.!?;]{{0,8}}?\s*(?:真的|简直|就是|也)?"
        rf"\s*(?:yyds|绝绝子|太好玩|超好玩|好好玩|最好玩|太有意思|超有意思|好有意思|好期待|超期待|太期待|"
        rf"最喜欢|好喜欢|太爱了|爱了)",
        0.6,
        "喜欢的课或实验：'实验课yyds'、'下周实验课做电解水 好期待'。",
        ("那个白光超好看 实验课yyds", "下周实验课做电解水 好期待"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"yyds|绝绝子|好玩|有意思|期待|喜欢|爱了",
    ),
    rule(
        "interest_zh_pick_up",
        EventType.PREFERENCE,
        r"(?:^|(?<=[\s,.!~;。我]))(?:最近|今年|现在|退休(?:以?后)?)?(?:也)?(?:想|要|打算|准备|决定|开始)?"
        r"(?:重新|再)?(?:捡起|拾起|重拾|"
        r"捡回)(?:来)?(?P<object>(?:(?!真的?|太|很|挺|超|好难)[\u4e00-\u9fffA-Za-z]){2,6}?)"
        r"(?=$|[\s,.!?;~。]|了|吧|啊|呢|来)",
        0.6,
        "重拾的爱好：'想重新捡起毛笔字'（兴趣，不是目标）。",
        ("刚退休 想重新捡起毛笔字", "最近重拾钢琴了"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"捡|拾",
    ),
    rule(
        "interest_zh_thing_first",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。，]))(?P<object>{_ZH_NAME_CHAR}{{2,6}}?)(?:我|也|真的|是)*(?:超级?|最|特别|很|好|"
        r"真的|巨|贼|可|太)+(?:喜欢|爱)(?!你|他|她|吃|的|上|看|去|玩|了)(?![^。!?]*[吗?])",
        0.8,
        "先说东西再说喜欢：'唐朝我超喜欢'（兴趣：唐朝）。",
        ("唐朝我超喜欢 大唐不夜城天天去", "物理我最喜欢"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"喜欢|爱",
    ),
    rule(
        "interest_zh_some_interest",
        EventType.PREFERENCE,
        rf"(?:^|我|(?<=[\s,;.!~。]))(?:最近|现在|其实|也|还|自己)*对{ZH_OBJ_LAZY}(?:好像|也|还|开始|似乎)*"
        r"(?:有点|有些|有一点|一点点?)(?:感)?兴趣(?!吗)",
        0.45,
        "说得含糊的兴趣（弱）：'最近对做面包好像也有点兴趣'（做面包）。",
        ("最近对做面包好像也有点兴趣",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"兴趣",
    ),
    rule(
        "preference_zh_favourite",
        EventType.PREFERENCE,
        rf"我(?:最)?(?:喜欢|感兴趣|爱)的(?:[\u4e00-\u9fff]{{1,6}}?)?是{ZH_OBJ}",
        0.85,
        "最喜欢的东西：'我最喜欢的书是《小王子》'。",
        ("我最喜欢的书是《小王子》",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_zh_topic_is_favourite",
        EventType.PREFERENCE,
        r"(?:^|(?<=[\s,，。!！~…]))(?:说实话|其实)?(?P<object>(?![我你他她这那])[\u4e00-\u9fffA-Za-z]{2,8}?)"
        r"(?:是|算是|绝对是)我最(?:喜欢|爱|感兴趣)的(?:一科|科目|一门课|课|学科|东西)?(?=$|[\s,，。!！~]|了|没有)",
        0.85,
        "东西在前、最喜欢在后：'物理是我最喜欢的一科'。",
        ("物理是我最喜欢的一科",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
    ),
    rule(
        "preference_zh_choose",
        EventType.PREFERENCE,
        r"(?<![你他她])(?:还是|决定|最后|最终|改)(?:(?<!决定)学|用|选)(?!不|没|会|懂|好|得|完|了)"
        r"(?P<object>[A-Za-z][\w+#.-]{0,15}|[\u4e00-\u9fff]{2,6}?)(?=吧|了|$|[,.!~\s])",
        0.75,
        "选定：'想好了 还是学python吧'、'我决定用中文版了'（偏好所选的）。",
        ("想好了 还是学python吧", "我决定用中文版了"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.PREFERS,
    ),
    rule(
        "preference_zh_switch_to",
        EventType.PREFERENCE,
        r"(?<![你他她])(?:换回|换成|改用|换到)(?:了)?"
        r"(?P<object>[A-Za-z][\w+#.-]{0,15}|[\u4e00-\u9fff]{2,6}?)(?=了|吧|$|[,.!~\s])",
        0.75,
        "换成更喜欢的：'我换回中文版了'、'改用VS Code了'。",
        ("我换回中文版了", "已经改用vscode了"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.PREFERS,
        trigger=r"换|改用",
    ),
    rule(
        "preference_zh_so_good",
        EventType.PREFERENCE,
        r"(?:^|(?<=[,.!~\s]))(?P<object>[A-Za-z][\w+#.-]{0,15}|[\u4e00-\u9fff]{2,6}?)"
        r"(?:真的|是真的|确实|可)?(?:香多了|真香|香太多了|香得多|香爆了)",
        0.75,
        "'真香'：'中文版香多了'、'pandas真香'。",
        ("中文版香多了", "pandas真香"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.PREFERS,
        trigger=r"香",
    ),
    rule(
        "preference_zh_grow_fond",
        EventType.PREFERENCE,
        r"越(?:看|学|听|用|写|练|读|玩)越(?:喜欢|爱)(?:上了?)?(?P<object>[^,.;:!?()。\n\s]{1,12})",
        0.8,
        "越来越喜欢：'这两年越看越喜欢颜真卿的字'。",
        ("这两年越看越喜欢颜真卿的字", "越听越喜欢爵士乐了"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.PREFERS,
    ),
    # --- a changed liking: the new one, said against the old ("used to X, now its Y only") -----
    rule(
        "preference_en_now_only",
        EventType.PREFERENCE,
        r"\bnow\s+(?:(?:it'?s|its)\s+(?P<mark>(?:all|only|just|mostly|strictly)\s+(?:about\s+)?)?|"
        r"(?P<verb>(?:i'?m|im)\s+(?:all\s+|mostly\s+|really\s+|more\s+)?(?:about|into|team)\s+|"
        r"i\s+(?:(?:only|just|mostly|totally|mainly|much\s+rather)\s+)?(?:watch|use|read|prefer|like|love|"
        r"listen\s+to|stick\s+(?:to|with)|swear\s+by|go\s+(?:for|with))\s+(?:only\s+|just\s+)?))"
        r"(?!(?:fine|ok|okay|good|great|bad|better|worse|easy|easier|hard|harder|clear|clearer|"
        r"different|boring|fun|weird|same|over|gone|done|broken|too|so|very|really|a|an|the|my|me|"
        r"it|that|this|like|kinda|more|less|much|time|late|early|not|no)\b)"
        r"(?P<object>[\w'-]+(?:\s+[\w'-]+){0,2}?)(?(mark)(?:\s+only)?|(?(verb)(?:\s+only)?|\s+only))"
        r"(?=\s*(?:$|[,.!?;)]|(?:lol|haha\w*|tbh|honestly|though|tho|for\s+me|now|these\s+days)\b))",
        0.75,
        "A liking that replaced an old one: 'i used to only watch dubs but now its subs only'.",
        (
            "i used to only watch dubs but now its subs only",
            "before i was all about flashcards, now i mostly use anki decks",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"used\s+to|\bbefore\b|back\s+then|at\s+first|originally|\bi\s+was\s+(?:all|so|really)",
        relation=RelationKind.PREFERS,  # a choice between two, not a liking of one
    ),
    rule(
        "preference_en_switched_from",
        EventType.PREFERENCE,
        r"\b(?:switched|swapped|changed|moved\s+on)\s+(?:over\s+)?from\s+[\w'-]+(?:\s+[\w'-]+){0,2}?\s+"
        r"to\s+(?P<object>[\w'-]+(?:\s+[\w'-]+){0,2}?)(?:\s+only)?"
        r"(?=\s*(?:$|[,.!?;)]|(?:now|lately|these\s+days|recently|lol|tbh|and|because|cuz|since)\b))",
        0.75,
        "A switch of liking: 'i switched from dubs to subs' (the new one; the old one is over).",
        ("i switched from dubs to subs lol", "honestly moved on from anki to paper flashcards"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"switched|swapped|changed|moved\s+on",
        relation=RelationKind.PREFERS,  # a choice between two, not a liking of one
    ),
    rule(
        "preference_zh_now_only",
        EventType.PREFERENCE,
        r"(?:现在|如今|后来|这几年|这两年)(?:我)?(?:反而|倒是|就|也)?(?:只|都|全|基本|一般|主要|更)(?:只)?"
        r"(?:(?:喜欢|爱|偏爱)(?:看|听|用|玩|读|学)?|看|听|用|玩|读|选)(?P<object>[\u4e00-\u9fffA-Za-z]{2,8}?)(?=了|吧|啦|呢|啊|$|[,.!~\s])",
        0.75,
        "换了的喜好：'以前看配音版 现在只看字幕'（字幕；以前的不再算）。",
        ("以前看配音版 现在只看字幕", "原来用R 现在都用python了", "以前我喜欢物理 现在更喜欢化学"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"以前|之前|原来|过去|本来|一开始|曾经|小时候",
    ),
    rule(
        "dislike_en_hate",
        EventType.DISLIKE,
        rf"\bI\s+{EN_ADV}(?:hate|hated|dislike|disliked|detest|loathe|can't\s+stand|"
        rf"cannot\s+stand|couldn't\s+stand|could\s+not\s+stand|"
        rf"(?:don't|do\s+not)\s+(?:really\s+|particularly\s+)?(?:like|enjoy|care\s+for|love))\s+"
        rf"{EN_OBJ}",
        0.8,
        "Something the user dislikes: 'I hate cilantro', 'I don't like long videos'.",
        ("I hate cilantro.", "I really don't like long lectures"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_en_not_a_fan",
        EventType.DISLIKE,
        rf"\b{EN_I_AM}\s+{EN_ADV}not\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into|interested\s+in|"
        rf"keen\s+on|fond\s+of)\s+{EN_OBJ}",
        0.8,
        "Dislike phrased as a state: 'I'm not a fan of horror movies'.",
        ("I'm not a fan of horror movies.", "I am not into sports"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_zh_hate",
        EventType.DISLIKE,
        rf"{ZH_SUBJECT}{ZH_ADV}(?:不(?:太|怎么|是很|大)?喜欢|不(?:太)?爱|讨厌|厌恶|受不了|反感|烦透了|恨死了|恨|"
        # "最烦写作文了": the worst of all, said "最烦"
        r"(?<=最)烦(?![躁恼人死透]))"
        # "不喜欢用单词卡": the thing used is what is disliked
        rf"(?:用(?=[\u4e00-\u9fffA-Za-z]{{2}}))?{ZH_OBJ}",
        0.8,
        "厌恶：'我不喜欢吃香菜'、'我特别讨厌背单词'。",
        ("我不喜欢吃香菜。", "我特别讨厌背单词"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_en_bores_me",
        EventType.DISLIKE,
        r"(?:^|(?<=[,;:.!]\s)|\b(?:and|but|so|honestly|tbh|ngl|ugh)\s+)"
        r"(?!(?:this|that|it|today|class|the\s+class|the\s+lesson|my|his|her|their)\b)"
        r"(?P<object>(?:(?!(?:thinks?|says?|said|feels?|finds?|is|are|was|were)\b)[\w'+#-]+\s+){0,3}?"
        r"[\w'+#-]+)\s+(?:(?:really|just|totally|honestly|literally|always)\s+)*(?:bores?\s+me"
        r"(?:\s+to\s+(?:death|tears))?|(?:is|are)\s+(?:so+\s+|really\s+|super\s+|kinda\s+|such\s+)?"
        r"(?:boring|tedious|dull|torture|a\s+drag))\b(?![^.!?]*\?)",
        0.75,
        "A subject said to bore the user: 'history bores me to death', 'proofs are so tedious'.",
        ("history bores me to death", "honestly proofs are so tedious"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"bore|boring|tedious|dull|torture|a\s+drag",
    ),
    rule(
        "dislike_zh_topic_is_worst",
        EventType.DISLIKE,
        r"(?:^|(?<=[\s,，。!！~…]))(?:说实话|其实)?(?P<object>(?![我你他她这那])[\u4e00-\u9fffA-Za-z]{2,8}?)"
        r"(?:是|算是|绝对是)我最(?:讨厌|不喜欢|头疼|怕|烦)的(?:一科|科目|一门课|课|学科|东西)?"
        r"(?=$|[\s,，。!！~]|了|没有)",
        0.8,
        "东西在前、最讨厌在后：'说实话物理是我最讨厌的一科 没有之一'。",
        ("说实话物理是我最讨厌的一科 没有之一",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
    ),
    rule(
        "dislike_zh_boring",
        EventType.DISLIKE,
        r"(?:^|(?<=[\s,，。!！~…]))(?:我觉得)?(?!这|那|今天|上课)(?P<object>[\u4e00-\u9fffA-Za-z]{2,10}?)"
        r"(?:(?:真的|实在|太|好|超|特别|很|有点|也太|巨)+(?:无聊|枯燥|没意思|烦人)|(?:无聊|枯燥|没意思)"
        r"(?:得很|死了|得要命|透了))(?![^,，。!！~\s]*[吗?？])",
        0.75,
        "说某件事无聊：'背单词好无聊啊'、'文言文太枯燥了'。",
        ("背单词好无聊啊", "文言文太枯燥了", "哈农枯燥得很 不想练"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"无聊|枯燥|没意思|烦人",
    ),
    rule(
        "dislike_zh_not_interested",
        EventType.DISLIKE,
        rf"我对{ZH_OBJ_LAZY}{ZH_ADV}(?:不感兴趣|没(?:什么|有|啥)?兴趣|很反感|反感)",
        0.8,
        "不感兴趣：'我对足球不感兴趣'。",
        ("我对足球不感兴趣",),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
    ),
)
