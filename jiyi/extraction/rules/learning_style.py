"""Learning style: how the user learns best (a medium, a learner type, "用动画我更容易懂").

Apart from general preferences because tutoring adapts to it: the object is a `STYLE` entity,
not a topic.
"""

from __future__ import annotations

import re

from jiyi import vocabulary
from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.fragments import EN_ADV, EN_MEDIA, ZH_ADV
from jiyi.extraction.rules.goals import composed
from jiyi.extraction.rules.model import Rule, rule

#: A shrug around a learner type ("i think im maybe", "probably more of"): the claim reader
#: holds it weakly (`reading.read_confidence`).
_EN_SHRUG = r"(?:maybe|probably|prob|kinda|kind\s+of|sort\s+of|possibly|perhaps)"
_EN_NEED_TO_SEE = (
    r"\bI\s+(?:really\s+|just\s+)?(?:need\s+to|have\s+to|gotta|got\s+to)\s+"
    r"(?:actually\s+)?see(?!\s+(?:it|things|stuff)\s+to\s+believe)"
)

#: Ways of learning a user names as their own ("mind maps", "mnemonics", "colour coding").
_EN_WAYS = (
    rf"(?:{EN_MEDIA}|mnemonics?|mind\s+maps?|anki(?:\s+decks?)?|spaced\s+repetition|colou?r[\s-]coding|"
    r"practice\s+tests|timelines?|tables|acronyms|rhymes|songs|worked\s+examples)"
)
_ZH_WAYS = (
    r"思维导图|错题本|口诀|顺口溜|单词卡|闪卡|卡片|间隔重复|Anki|anki|例题|图解|图表|画图|视频|动画|"
    r"播客|音频|笔记|表格|时间线|做题|刷题|真题|模拟题|联想记忆|联想法|记忆宫殿|费曼学习法|番茄钟|分点"
)
#: The way named as a tutor would note it.
_WAY_NAMES = (
    (re.compile(r"by\s+hand|手写|写$"), "手写", "handwriting notes"),
    (re.compile(r"hands|动手"), "动手", "hands-on"),
    (re.compile(r"out\s+loud|aloud|大声|念出来|读出来"), "大声朗读", "talking it through"),
    (re.compile(r"teach|复述|讲给|讲出来|讲一遍"), "复述", "teaching back"),
    (re.compile(r"talking"), "", "talking it through"),
    (re.compile(r"draw|sketch"), "画图", "drawing it out"),
    (re.compile(r"默写"), "默写", ""),
    (re.compile(r"^听$"), "听觉", ""),
    (re.compile(r"看视频"), "视频", ""),
    (re.compile(r"做题"), "做题", ""),
)


def _way_named(found: re.Match[str]) -> str | None:
    """ "write it out by hand" → "handwriting notes", "大声念出来" → "大声朗读"."""
    way = found["way"]
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in way)
    for pattern, zh_name, en_name in _WAY_NAMES:
        if pattern.search(way):
            return (zh_name if zh else en_name) or None
    return None


def _relied_on(found: re.Match[str]) -> str | None:
    """What the user learns by: "看番" of "靠看番学的"; a known name the verb ends is kept whole
    ("靠死记硬背的": 死记硬背); videos or audio watched or heard are named as such ("看抖音视频":
    抖音视频)."""
    whole = found["object"] + found["verb"]
    if vocabulary.lookup(whole) is not None:
        return whole
    seen = _ZH_SEEN.fullmatch(found["object"])  # "看抖音视频": the videos, of which kind
    return seen["way"] if seen else found["object"]


#: Watching or hearing a way of learning named by what it ends in ("看抖音视频", "听英文播客").
_ZH_SEEN = re.compile(r"[看听](?P<way>[\u4e00-\u9fffA-Za-z]{0,4}(?:视频|播客|音频|录音|动画))")


RULES: tuple[Rule, ...] = (
    rule(
        "style_en_learn_best",
        EventType.LEARNING_STYLE,
        r"\bI\s+(?:(?:really|honestly|definitely|def|actually|just|always|tend\s+to)\s+)*(?:learn|"
        r"understand|study|remember|retain|absorb|get|pick\s+(?:(?:things|stuff|it)\s+)?up|take\s+in)"
        r"(?:\s+(?:things|stuff|it|info|information|them|everything))?\s+(?:(?:way|much|a\s+lot|so\s+much|"
        r"far|heaps)\s+)?(?:best|better|faster|more\s+easily|most\s+effectively|easier|quicker)\s+"
        r"(?:(?:with|through|by|from|via|using|doing|watching|reading|listening\s+to|when\s+(?:I\s+)?(?:see|"
        r"use|have|watch|do|get|hear)|when\s+there(?:'?s|\s+is|\s+are)(?:\s+an?)?)\s+|(?=hearing\b))"
        r"(?!doing\s*(?:$|[,.;!?])|ear\b)(?P<object>[^,.;:!?()\n]{1,60}?)"
        r"(?:\s+(?:tho|though|lol|haha\w*|honestly|tbh|ngl|fr|too))*\s*(?=$|[,.;:!?()\n])",
        0.9,
        "How the user learns best: 'I learn best with diagrams', 'i retain stuff way better doing "
        "practice questions tho'.",
        (
            "I learn best with diagrams.",
            "I understand things better through examples",
            "i retain stuff way better doing practice questions tho",
        ),
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
        rf"\b(?:(?:i\s+think\s+)?(?:i'?m|im|i\s+am)|{_EN_SHRUG}\s+(?:i'?m|im|i\s+am))\s+"
        rf"(?:(?:such|definitely|def|very|really|totally|100%|a|an|more\s+of|{_EN_SHRUG})\s+)*"
        r"(?P<object>visual|auditory|hands-on|kinesthetic|reading|verbal|practical)"
        r"\s+(?:learner|person|type(?:\s+of\s+(?:learner|person))?)\b",
        0.9,
        "A learner type: 'I'm a visual learner'; said with a shrug it is held weakly: 'i think im "
        "maybe more of a visual person too? idk'.",
        (
            "I'm a visual learner.",
            "im def a hands-on person",
            "i think im maybe more of a visual person too? idk",
        ),
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
    composed(
        "style_zh_rely_on",
        _relied_on,
        EventType.LEARNING_STYLE,
        r"(?:主要|基本上?|全|都是?|一直|平时|就是|还是)(?:是)?(?:靠|(?<=都是)(?=看|听))(?!自己|别人|老师|父母|爸|妈|同学|朋友|运气|蒙)"
        r"(?P<object>[^,.;:!?()。\n\s]{1,8}?)(?:来)?(?P<verb>学|练|记|背|复习|提高)(?:的|起来|会的|出来的)?"
        r"(?=$|[\s,.!?;~。，]|了|的)",
        0.8,
        "靠什么学：'主要靠看番学的'、'我都是看抖音视频学的'（'我靠'是口头禅，不算）。",
        ("主要靠看番学的 日剧也看", "单词基本靠刷题记", "我都是看抖音视频学的"),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"靠|都是[看听]",
    ),
    rule(
        "style_en_learned_from",
        EventType.LEARNING_STYLE,
        r"\bI\s+(?:mostly|mainly|basically|pretty\s+much|only|just|honestly)\s+(?:learn(?:ed|t)?|picked\s+"
        r"(?:it|\w+)\s+up|study|studied|practi[sc]e)\s+(?:(?:it|\w+)\s+)?(?:from|by|through|via|off)\s+"
        r"(?P<object>[^,.;:!?()\n]{1,40}?)(?=\s*(?:$|[,.;:!?()\n]|\b(?:lol|tbh|honestly|tho)\b))",
        0.8,
        "How the user has been learning: 'i mostly learned it from watching anime'.",
        ("i mostly learned it from watching anime lol",),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"learn|picked|stud|practi",
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
        "style_en_thats_how_i_learn",
        EventType.LEARNING_STYLE,
        r"\bby\s+(?:just\s+|actually\s+|simply\s+)?(?:trying|doing|playing|practi[sc]ing|tinkering|"
        r"messing\s+around)\b[^,.;!?—–]{0,40}?\s*[,;—–-]+\s*(?:that'?s|thats|which\s+is)\s+how\s+I\s+"
        r"(?:learn|remember|get\s+it|understand|work)\b",
        0.8,
        "Learning by trying, said as how the user learns: 'I figure stuff out by just trying it on "
        "the keys, that's how I learn'.",
        ("And honestly I figure stuff out by just trying it on the keys, that's how I learn",),
        object_kind=EntityKind.STYLE,
        fixed_object="hands-on practice",
        trigger=r"how\s+I",
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
        rf"\b(?P<object>{EN_MEDIA})\b[^.!?]{{0,40}}?\b(?:is|are|that'?s|thats|this\s+is|it'?s|its)\s+"
        r"how\s+i\s+(?:(?:actually|really|best|usually|always)\s+)?(?:learn|study|remember|revise|"
        r"retain|get\s+it)\b",
        0.85,
        "A medium that is how the user studies: 'podcasts on my commute are how i study', 'loads "
        "of worked examples, step by step, thats how i actually learn'.",
        (
            "podcasts on my commute are how i study",
            "show me loads of worked examples, step by step, thats how i actually learn",
        ),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"how\s+i\b",
    ),
    rule(
        "style_en_plain_language",
        EventType.LEARNING_STYLE,
        r"\b(?:explain\s+(?:it\s+|this\s+)?(?:to\s+me\s+)?like\s+i'?m\s+(?:five|5|a\s+kid|twelve)|eli5|"
        r"in\s+plain\s+(?:english|words|language)|no\s+jargon|without\s+(?:all\s+)?(?:the\s+)?jargon|"
        r"in\s+simple\s+(?:terms|words)|(?:simple|plain)\s+english\s+(?:pl(?:ea)?s|please))\b",
        0.75,
        "Plain words asked for: 'explain it like I'm five', 'no jargon please'.",
        (
            "explain it like I'm five",
            "no jargon please",
            "in plain english pls",
            "simple English please, not so many idioms",
        ),
        object_kind=EntityKind.STYLE,
        fixed_object="plain language",
        trigger=r"like\s+i|eli5|plain|jargon|simple",
    ),
    rule(
        "style_en_see_it_drawn",
        EventType.LEARNING_STYLE,
        rf"{_EN_NEED_TO_SEE}\s+(?:it|things|stuff)\s+(?:drawn|sketched|on\s+paper|in\s+a\s+(?:diagram|"
        r"picture|drawing))(?![^.!?]*\?)",
        0.75,
        "Needing it drawn: 'I need to see it drawn out' (visual diagrams).",
        ("I need to see it drawn out",),
        object_kind=EntityKind.STYLE,
        fixed_object="visual diagrams",
        trigger=r"see\s+(?:it|things|stuff)",
    ),
    rule(
        "style_en_see_it",
        EventType.LEARNING_STYLE,
        rf"{_EN_NEED_TO_SEE}\s+(?:it|things|stuff)\b(?!\s+(?:drawn|sketched|on\s+paper|in\s+a\s+"
        r"(?:diagram|picture|drawing)))(?![^.!?]*\?)",
        0.75,
        "Needing to see it, in whatever form: 'I need to SEE it', 'i gotta see it to get it' "
        "(visual learning).",
        ("I need to SEE it. Youtube clips, anything", "i gotta see it to get it"),
        object_kind=EntityKind.STYLE,
        fixed_object="visual learning",
        trigger=r"see\s+(?:it|things|stuff)",
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
        # the kind of drawing named is kept ("三视图", "受力分析图"), a plain "图" is a diagram
        r"(?:给我|帮我|能不能|可以|麻烦)?画(?:个|一个|一张|张)(?P<object>时间线|表格|"
        r"[\u4e00-\u9fff]{0,4}?图)(?![片书标])",
        0.75,
        "要画出来：'给我画个思维导图'、'能不能画个示意图'、'给我画个三视图'。",
        ("给我画个思维导图", "能不能画个示意图", "你能不能给我画个三视图"),
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
    # --- a way of learning said to work for the user, the thing first ---------------------------
    rule(
        "style_en_medium_is_my_thing",
        EventType.LEARNING_STYLE,
        rf"(?:^|(?<=[,;:.!?]\s)|\b(?:and|but|honestly|tbh|ngl)\s+)(?P<object>{_EN_WAYS})\s+"
        r"(?:(?:are|is|r)\s+(?:(?:honestly|literally|really|totally|just|such)\s+)*(?:my\s+(?:thing|jam|"
        r"go-?to|best\s+friends?|secret\s+weapon)|(?:a|my)\s+(?:lifesaver|life\s+saver|game[\s-]*changer)"
        r"(?:\s+for\s+me)?)|(?:really\s+|honestly\s+)?(?:saved?|save)\s+my\s+(?:life|grades?))\b"
        r"(?![^.!?]*\?)",
        0.85,
        "A way of learning that is the user's own: 'mind maps are my thing', 'mnemonics are a "
        "lifesaver for me'.",
        (
            "mind maps are my thing",
            "Mnemonics are a lifesaver for me",
            "honestly flashcards are my secret weapon",
        ),
        object_kind=EntityKind.STYLE,
        object_required=True,
        trigger=r"thing|jam|go-?to|friend|weapon|life|changer|saved?\b|grade",
    ),
    composed(
        "style_en_only_sticks_when",
        _way_named,
        EventType.LEARNING_STYLE,
        r"(?:\bI\s+(?:(?:only|really|honestly|just|actually)\s+)*(?:(?:remember|learn|get|retain)\s+"
        r"(?:(?:it|stuff|things|anything)\s+)?(?:only\s+)?(?:if|when|once)\s+I\s+(?:actually\s+)?|"
        r"(?:need|have|got)\s+to\s+(?:actually\s+)?)"
        # what helps: "it helps when i draw it out myself"
        r"|\bit\s+(?:really\s+|actually\s+|honestly\s+)?helps\s+(?:(?:a\s+lot|so\s+much|loads)\s+)?"
        r"(?:when|if)\s+I\s+(?:actually\s+)?)"
        r"(?P<way>write\s+(?:it|them|things|stuff)\s+(?:out\s+|down\s+)?by\s+hand|"
        r"draw\s+(?:it|them|things|stuff)\s+out|sketch\s+(?:it|them)\s+out|"
        r"do\s+(?:it|things|stuff)\s+(?:myself\s+)?with\s+my\s+(?:own\s+)?hands|"
        r"say\s+(?:it|them|things|stuff)\s+out\s+loud|read\s+(?:it|them)\s+(?:out\s+)?aloud|"
        r"teach\s+(?:it|them)\s+(?:back|to\s+someone))\b",
        0.85,
        "What makes it stick, in the user's hands or voice: 'I only remember stuff if I write it "
        "out by hand', 'I need to actually do it with my hands', 'it helps when i draw it out'.",
        (
            "I only remember stuff if I write it out by hand",
            "I need to do it with my hands",
            "tbh it helps when i draw it out myself, not just reading it",
        ),
        object_kind=EntityKind.STYLE,
        trigger=r"hand|loud|aloud|teach|draw|sketch",
    ),
    composed(
        "style_en_is_how_it_sticks",
        _way_named,
        EventType.LEARNING_STYLE,
        r"(?P<way>teaching\s+(?:it\s+|things\s+|stuff\s+)?back|talking\s+(?:it\s+|things\s+)?"
        r"through(?:\s+out\s+loud)?|writing\s+(?:it\s+|things\s+)?(?:out\s+)?by\s+hand|"
        r"(?:explaining|saying)\s+(?:it\s+)?out\s+loud)\b[^.!?]{0,40}?(?:\b(?:is|that'?s|thats|it'?s)\s+"
        r"how\s+(?:it|things|stuff)\s+(?:sticks?|clicks?)|\bhelps\s+me\b|\bworks\s+(?:best\s+)?for\s+me\b|"
        r"\b(?:is|that'?s|thats)\s+how\s+I\s+(?:learn|remember))",
        0.85,
        "A way of learning that makes it stick: 'teaching it back to my sister is how it sticks', "
        "'talking it through out loud helps me'.",
        ("teaching it back to my brother is how it sticks", "talking it through out loud helps me"),
        object_kind=EntityKind.STYLE,
        trigger=r"teaching|talking|writing|explaining|saying",
    ),
    rule(
        "style_en_by_ear",
        EventType.LEARNING_STYLE,
        r"\b(?:I|I'?ve|I\s+have|I\s+always|I\s+mostly|I\s+just)\s+(?:(?:always|mostly|just|only|usually)\s+)*"
        r"(?:pick|picked|learn|learned|learnt|play|played|get)\s+(?:(?:things|stuff|songs|tunes|it|"
        r"music|languages)\s+)?(?:up\s+)?(?:(?:best|better|mostly|way\s+better)\s+)?by\s+ear\b",
        0.85,
        "Learning by ear: 'I pick songs up by ear', 'I've always played by ear'.",
        ("I pick songs up by ear", "I learn tunes best by ear", "i mostly play by ear"),
        object_kind=EntityKind.STYLE,
        fixed_object="by ear",
        trigger=r"by\s+ear",
    ),
    composed(
        "style_zh_useful_for_me",
        lambda found: found["object"] or found["object2"] or found["object3"],
        EventType.LEARNING_STYLE,
        rf"(?P<object>{_ZH_WAYS})(?:对我|我用着|用起来)(?:来说)?{ZH_ADV}(?:有用|管用|好用|有效|有帮助)"
        rf"|(?P<object2>{_ZH_WAYS}){ZH_ADV}(?:好用|管用|有用|好读|好懂|清楚多了)(?:了|啦|(?=$|[\s,.!~]))"
        # understood at once by that way: "看视频一下就明白了"
        rf"|看(?P<object3>{_ZH_WAYS})(?:一下|一遍)?就(?:明白|懂|会|清楚)",
        0.85,
        "对我有用的学法：'思维导图对我特别有用'、'错题本对我超有用'、'闪卡真的好用'、"
        "'看视频一下就明白了'。",
        (
            "思维导图对我特别有用",
            "错题本对我超有用",
            "口诀最好用了",
            "闪卡真的好用",
            "看视频一下就明白了",
        ),
        object_kind=EntityKind.STYLE,
        trigger=r"有用|管用|好用|有效|有帮助|好读|好懂|清楚多了|就(?:明白|懂|会|清楚)",
    ),
    composed(
        "style_zh_only_then_remember",
        _way_named,
        EventType.LEARNING_STYLE,
        r"(?:^|我|(?<=[\s,.!~;]))(?:就是)?(?:得|要|必须|非得|只有)?(?:自己)?(?P<way>手写|大声念|大声读|念出来|"
        r"读出来|复述|默写|动手做|动手|讲给别人听|讲出来|讲一遍)(?:出来)?(?:一遍|一下|几遍)?(?:才|就)"
        r"(?:能)?(?:记得住|记得牢|记住|算真懂|真懂|懂)",
        0.85,
        "要这样才记得住：'我得手写一遍才记得住'、'得大声念出来才记得住'、'自己复述一遍才算真懂'。",
        (
            "我得手写一遍才记得住",
            "得大声念出来才记得住",
            "我要自己复述一遍才算真懂",
            "对 我就是得自己讲出来才记得住 光听没用",
        ),
        object_kind=EntityKind.STYLE,
        trigger=r"才|就",
    ),
    composed(
        "style_zh_better_than",
        _way_named,
        EventType.LEARNING_STYLE,
        r"(?:^|我|(?<=[\s,.!~;]))(?P<way>听|动手做?|手写|写|看视频|做题)(?:一遍)?比(?:看|听|读|抄|光看)"
        r"[^\s,.!?;]{0,4}?(?:都|还|更)?(?:记得牢|记得住|有用|管用|有效)",
        0.8,
        "这样比那样管用：'听比看记得牢'、'动手做一遍比看十遍都有用'。",
        ("听比看记得牢", "动手做一遍比看十遍都有用", "手写比看记得住"),
        object_kind=EntityKind.STYLE,
        trigger=r"比",
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
