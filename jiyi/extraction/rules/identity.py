"""Who the user is: age, name and identity (occupation, school stage, field, lasting traits).

Declarations, not guesses ("I'm 17", "我叫小明", "I'm a nurse"): each carries a `value`, and the
value is normalised (an age to digits, a name checked against words that only look like one)
because it becomes a fact of the user's profile.
"""

from __future__ import annotations

from jiyi.domain import EventType, RelationKind
from jiyi.extraction.rules.cleaning import normalise_age, normalise_name, normalise_value
from jiyi.extraction.rules.fragments import (
    EN_I_AM,
    EN_NUMBER_WORDS,
    EN_OCCUPATIONS,
    ZH_OCCUPATIONS,
)
from jiyi.extraction.rules.model import Rule, rule

RULES: tuple[Rule, ...] = (
    # --- age ----------------------------------------------------------------------------------
    rule(
        "age_en_declared",
        EventType.AGE_DECLARATION,
        rf"\b(?:{EN_I_AM}|I\s+(?:just\s+)?turned|I'll\s+be|I\s+will\s+be|my\s+age\s+is|"
        rf"(?:{EN_I_AM}|im)\s+(?:turning|gonna\s+be|going\s+to\s+be))\s+"
        r"(?:now\s+|only\s+|just\s+|almost\s+|nearly\s+|about\s+)?(?P<value>\d{1,3})"
        r"(?:\s*(?:years?|yrs?)(?:\s+old)?|\s*y/?o\b)?"
        r"(?=\s*(?:$|[,.!?;)]|(?:and|but|now|this|next|last|in|on|today|yesterday|so|soon|"
        r"tomorrow)\b))",
        0.9,
        "An age stated by the user: 'I'm 17', 'I just turned 30', 'im turning 11 on saturday'.",
        (
            "Hi! I'm Alice, I'm 17 and I'm studying.",
            "I just turned 30 last week.",
            "also im turning 11 on saturday!!",
        ),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_declared",
        EventType.AGE_DECLARATION,
        r"我(?:今年|现在|已经|是|才|都|也|快|已|刚满|满)*"
        r"(?P<value>\d{1,3}|[零一二两三四五六七八九十百]{1,4})\s*(?:周)?岁(?!月)",
        0.9,
        "年龄声明：'我今年18岁'、'我十七岁了'（中文数字转为阿拉伯数字）。",
        ("我今年18岁。", "我十七岁了"),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_en_casual",
        EventType.AGE_DECLARATION,
        r"(?:^|[,.!?;(]\s*|\b(?:and|but|hi|hey|hello|btw|so|lol|ok|also)\s+)(?:i'?m|i\s+am|me|im)\s+"
        r"(?:only\s+|just\s+|like\s+)?(?P<value>\d{1,2}|"
        rf"{EN_NUMBER_WORDS})(?:\s*(?:years?|yrs?|yo|y/o)(?:\s+old)?)?"
        r"(?=\s*(?:$|[,.!?;)]|lol\b|haha|lmao|btw\b|and\b|but\b|so\b|if\b|now\b|tho\b|rn\b|"
        r"[\U0001F300-\U0001FAFF]))",
        0.85,
        "An age said casually: 'i'm nine', 'me 12 yrs lol', 'im 11 btw'.",
        ("i'm nine lol", "me 12 yrs lol", "hey im 11 btw"),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_this_year",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[,.!?;~\s]))(?:今年|现在|才|已经|刚满)+(?P<value>\d{1,3}|[零一二两三四五六七八九十]{1,3})"
        r"\s*(?:周)?岁(?!月)",
        0.85,
        "不带'我'的年龄：'今年10岁啦'（'我妹妹今年10岁'不算）。",
        ("今年10岁啦", "哈哈,才十一岁"),
        value_normaliser=normalise_age,
    ),
    # --- said in passing, and corrected in the same breath ---------------------------------------
    rule(
        "age_zh_this_year_no_sui",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[,.!?;~\s，]))(?:我)?今年(?:应该|大概|已经)?(?:是)?(?P<value>[一二三四五六七八九]十[一二三四五六七八九]?|\d{2})"
        r"(?:了|啦|(?=[,.!?;~\s]|$))",
        0.8,
        "'今年六十八了'（没有'岁'，两位数）。",
        ("我是刚退休的语文老师,今年六十八了", "我是59年的,今年应该是六十七,老糊涂了"),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_en_corrected",
        EventType.AGE_DECLARATION,
        r"\b\d{1,2}\s*(?:yo|y/o|yrs?(?:\s+old)?|years?\s+old)\b.{0,160}?\bwait,?\s+(?:no,?\s+)?(?:i'?m\s+)?"
        r"(?P<value>\d{1,2})\b",
        0.9,
        "An age corrected at once: '34 yo ... wait 43. typo' (the correction is the age).",
        ("34 yo warehouse supervisor lol. wait 43. typo",),
        whole_text=True,
        value_normaliser=normalise_age,
        corrects=True,
    ),
    rule(
        "age_en_leading",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[.!?,]\s))(?:hey|hi|hello|yo|ok|so)?[.,!]*\s*(?P<value>\d{1,2})\s*(?:yo|y/o|years?\s+old)\b"
        r"(?=\s+(?:\w+\s+){0,3}?(?:here|trying|learning|who|looking|student|mom|dad|guy|girl|"
        rf"{EN_OCCUPATIONS}))",
        0.8,
        "An age opening a self-description: '34 yo warehouse supervisor trying to learn python'.",
        ("hey. 34 yo warehouse supervisor trying to learn python",),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_bare",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[\s,，]))(?:嗯嗯?\s*)?我(?P<value>\d{1,2})(?:岁)?(?=\s|[,，。!！~]|$)",
        0.75,
        "年龄只说数字：'嗯嗯 我14 在读初三'。",
        ("嗯嗯 我14 在读初三",),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_corrected",
        EventType.AGE_DECLARATION,
        r"我(?:今年|现在)?(?P<value>\d{1,3}|[一二三四五六七八九十]{1,3})(?:岁)?不是(?:\d{1,3}|[一二三四五六七八九十]{1,3})",
        0.9,
        "纠正年龄：'我15不是14'。",
        ("纠正一下 我15不是14",),
        value_normaliser=normalise_age,
        corrects=True,
    ),
    rule(
        "school_en_year",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[,.!?;]\s)|\b(?:hi|hey|hiya|yo|hello|salut|im|i'm|i\s+am)[,!]?\s+(?:a\s+|in\s+)?)"
        r"(?P<value>(?:year|grade)\s+\d{1,2}|\d{1,2}(?:st|nd|rd|th)\s+(?:grade|year)|"
        r"(?:first|second|third|fourth|final)\s+year|freshman|sophomore|junior|senior)\b"
        r"(?!\s+(?:dev|developer|engineer|manager|analyst|partner|associate|citizen|moment))",
        0.8,
        "A school year said in passing: 'hiya, year 11, …', 'im a junior btw', '2nd year econ'.",
        (
            "hiya, year 11, gcse history mocks are in 2 weeks",
            "im a junior btw",
            "salut! 2nd year econ at mcgill",
        ),
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "school_en_corrected",
        EventType.IDENTITY_DECLARATION,
        r"\b(?:freshman|sophomore|junior|senior|year\s+\d{1,2}|\d{1,2}(?:st|nd|rd|th)\s+grade)\b,?\s+"
        r"(?:wait,?\s+)?(?:no|actually|i\s+mean)[,!]?\s+(?:i'?m\s+(?:a\s+)?)?(?P<value>freshman|sophomore|"
        r"junior|senior|year\s+\d{1,2}|\d{1,2}(?:st|nd|rd|th)\s+grade)\b",
        0.9,
        "A school year corrected at once: 'im a junior, wait no senior lol'.",
        ("im a junior, wait no senior lol",),
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
        corrects=True,
    ),
    rule(
        "school_zh_bare",
        EventType.IDENTITY_DECLARATION,
        r"(?:我|本人|^|(?<=[,!~\s]))(?:现在|今年|目前)?(?P<value>高[一二三]|初[一二三]|大[一二三四]|研[一二三]|"
        r"[一二三四五六]年级)(?:了|啦|狗|党|生|学生|的)?(?=$|[,.!?~\s]|狗|党|来了|了)",
        0.8,
        "年级随口一说：'我高二'、'高三狗来了'。",
        ("老师好～我高二 这个导数", "老师 高三狗来了"),
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "role_en_in_passing",
        EventType.IDENTITY_DECLARATION,
        rf"(?:^|(?<=[.!?,]\s))(?:hey|hi|hello|yo|ok|so)?[.,!]*\s*(?:\d{{1,2}}\s*(?:yo|y/o)\s+)?"
        rf"(?P<value>(?:[\w-]+\s+){{0,2}}?(?:{EN_OCCUPATIONS}|premed|pre-med|med\s+student|"
        r"nursing\s+student|line\s+cook|sous\s+chef))"
        r"(?:,\s|\s+(?:here|trying|learning|who|looking)\b)",
        0.75,
        "A role said in passing at the start: 'hey. icu nurse, nights, 6 yrs in'.",
        (
            "hey. icu nurse, nights, 6 yrs in.",
            "hey. 34 yo warehouse supervisor trying to learn python",
        ),
        value_normaliser=normalise_value,
    ),
    rule(
        "role_en_retired",
        EventType.IDENTITY_DECLARATION,
        r"\bI(?:'m|\s+am|\s+have|'ve)?\s+(?:just\s+|recently\s+|finally\s+|now\s+)?(?:retired|been\s+retired)\b"
        r"|\b(?:I'?m\s+|im\s+)?(?:recently|newly|just)\s+retired\b",
        0.8,
        "Retired: 'I'm 67, recently retired after 31 years teaching'.",
        ("I'm 67, recently retired after 31 years teaching high school chemistry",),
        fixed_value="retiree",
    ),
    rule(
        "role_zh_slang",
        EventType.IDENTITY_DECLARATION,
        r"(?:二战)?(?P<value>考研(?:狗|党|人)|打工人|社畜)(?:一枚|一个|来了)?",
        0.75,
        "身份的网络说法：'二战考研狗一枚'。",
        ("在吗在吗 二战考研狗一枚🐶",),
        value_normaliser=normalise_value,
    ),
    rule(
        "role_en_corrected",
        EventType.IDENTITY_DECLARATION,
        rf"\b(?:{EN_I_AM}|im)\s+(?:a|an)\s+(?:[\w-]+\s+){{0,2}}?(?:{EN_OCCUPATIONS}|line\s+cook)\b,?\s+"
        r"(?:well|wait|actually|i\s+mean)[,!]?\s+(?:no,?\s+)?(?:a\s+|an\s+)?(?P<value>(?:[\w-]+\s+){0,2}?"
        rf"(?:{EN_OCCUPATIONS}|chef))(?:\s+now)?\b",
        0.9,
        "A role corrected at once: 'im a line cook, well sous chef now actually'.",
        ("so im a line cook, well sous chef now actually",),
        value_normaliser=normalise_value,
        corrects=True,
    ),
    rule(
        "role_zh_work_as",
        EventType.IDENTITY_DECLARATION,
        rf"我(?:在[\u4e00-\u9fffA-Za-z]{{1,8}}?)?(?:做|当|干)(?P<value>{ZH_OCCUPATIONS})",
        0.8,
        "'我在外企做产品经理'。",
        ("我在外企做产品经理",),
        value_normaliser=normalise_value,
    ),
    # --- name ---------------------------------------------------------------------------------
    rule(
        "name_en_my_name_is",
        EventType.NAME_DECLARATION,
        r"\b(?i:my\s+name\s+is|my\s+name's)\s+(?P<value>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})",
        0.9,
        "A name after 'my name is'.",
        ("My name is Alice Chen.", "my name is bob"),
        case_sensitive=True,
        value_normaliser=normalise_name,
    ),
    rule(
        "name_en_call_me",
        EventType.NAME_DECLARATION,
        r"\b(?i:(?:you\s+can\s+)?call\s+me|I'm\s+called|I\s+am\s+called|they\s+call\s+me|"
        r"I\s+go\s+by)\s+(?P<value>[A-Z][\w'-]*)",
        0.8,
        "A capitalised name after 'call me' / 'I go by' (lower case 'call me later' is no name).",
        ("Just call me Sam.", "I go by Liz."),
        case_sensitive=True,
        value_normaliser=normalise_name,
    ),
    rule(
        "name_en_i_am",
        EventType.NAME_DECLARATION,
        r"(?:^|[,.!]\s*|\b(?i:hi|hello|hey)[,!]?\s+)(?i:I'm|I\s+am)\s+(?P<value>[A-Z][a-z]{1,20})"
        r"(?=\s*(?:$|[,.!]|(?i:and)\b))",
        0.65,
        "'I'm Alice' introducing oneself; common adjectives and nationalities are not names.",
        ("Hi! I'm Alice, I'm 17.", "Hello, I am Priya."),
        case_sensitive=True,
        value_normaliser=normalise_name,
    ),
    rule(
        "name_zh_called",
        EventType.NAME_DECLARATION,
        r"(?:我(?:的名字)?叫|我的名字是|叫我|我姓)(?![了过着醒车外他她你它])"
        r"(?P<value>[\u4e00-\u9fffA-Za-z·]{1,8}?)(?=$|[,.!?;。\s]|就行|就好|就可以|吧)",
        0.9,
        "姓名声明：'我叫张曼婷'、'叫我小明就行'（排除'我叫了外卖'）。",
        ("你好,我叫张曼婷,很高兴认识你。", "叫我小明就行"),
        value_normaliser=normalise_name,
    ),
    # --- identity -----------------------------------------------------------------------------
    rule(
        "identity_en_occupation",
        EventType.IDENTITY_DECLARATION,
        rf"\b(?:{EN_I_AM}|I\s+work\s+as|I've\s+been\s+working\s+as|I\s+became|I\s+used\s+to\s+be)"
        rf"\s+(?:a|an)\s+(?P<value>(?:[\w-]+\s+){{0,2}}?(?:{EN_OCCUPATIONS}))\b",
        0.85,
        "An occupation or role: 'I'm a nurse', 'I work as a software engineer'.",
        ("I'm a high school teacher.", "I work as a software engineer"),
        value_normaliser=normalise_value,
    ),
    rule(
        "identity_en_schooling",
        EventType.IDENTITY_DECLARATION,
        rf"\b{EN_I_AM}\s+(?:currently\s+|now\s+)?(?:in|a|an)\s+(?P<value>(?:\d{{1,2}}(?:st|nd|rd|th)|"
        r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)"
        r"\s+grader?|(?:high|middle|grad|graduate|elementary|primary|secondary|law|medical|nursing"
        r"|art)\s+school(?:\s+student)?|college|university|(?:year|grade)\s+\d{1,2}|"
        r"(?:freshman|sophomore|junior|senior)\s+year)\b",
        0.85,
        "A school stage: 'I'm in 10th grade', 'I'm in college'.",
        ("I'm in 10th grade.", "I am in high school"),
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "identity_en_trait",
        EventType.IDENTITY_DECLARATION,
        rf"\b{EN_I_AM}\s+(?:a\s+|an\s+)?(?P<value>(?:proud\s+)?(?:transgender|trans|gay|lesbian|"
        r"bisexual|queer|non-?binary|single|married|divorced|widowed|retired|vegan|vegetarian|"
        r"introvert|extrovert|immigrant|left-handed|single\s+parent)"
        r"(?:\s+(?:woman|man|person|parent|mom|dad|mother|father))?)\b",
        0.75,
        "A lasting personal trait or status: 'I'm a transgender woman', 'I'm vegetarian'.",
        ("I'm a transgender woman.", "I'm vegetarian, so no meat please."),
        value_normaliser=normalise_value,
    ),
    rule(
        "identity_en_field",
        EventType.IDENTITY_DECLARATION,
        r"\b(?:I(?:'m|\s+am)\s+(?:majoring|minoring)\s+in|I\s+(?:major|majored)\s+in|"
        r"my\s+(?:major|job|profession|occupation)\s+is)\s+(?:a\s+|an\s+)?"
        r"(?P<value>[^,.;:!?()\n]{1,40})",
        0.8,
        "A field of study or profession: 'I'm majoring in biology', 'my job is nursing'.",
        ("I'm majoring in computer science.", "My job is accounting"),
        value_normaliser=normalise_value,
    ),
    rule(
        "identity_zh_occupation",
        EventType.IDENTITY_DECLARATION,
        rf"我(?:现在|目前|已经|本身)?是(?:一名|一个|一位|个|名|位)?"
        rf"(?P<value>[\u4e00-\u9fff]{{0,6}}(?:{ZH_OCCUPATIONS}))",
        0.85,
        "职业或身份：'我是一名高中生'、'我是程序员'。",
        ("我是一名高中生", "我现在是程序员。"),
        value_normaliser=normalise_value,
    ),
    rule(
        "identity_zh_grade",
        EventType.IDENTITY_DECLARATION,
        r"(?:我|^|(?<=[\s,，]))(?:现在|目前|今年)?(?:在)?(?:读|上|念)(?P<value>(?:小学|初中|高中|大学)?[一二三四五六1-6]年级"
        r"|高[一二三]|初[一二三]|大[一二三四]|研[一二三]|小学|初中|高中|大学|大专|研究生|博士|硕士)",
        0.85,
        "年级或学段：'我在读高二'、'我上初三'。",
        ("我在读高二", "我今年上三年级了"),
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "identity_zh_work",
        EventType.IDENTITY_DECLARATION,
        r"我(?:的工作|的职业)?是(?:做|搞)(?P<value>[\u4e00-\u9fff]{1,8}?)的",
        0.8,
        "工作领域：'我是做设计的'。",
        ("我是做设计的。",),
        value_normaliser=normalise_value,
    ),
    rule(
        "identity_zh_industry",
        EventType.IDENTITY_DECLARATION,
        r"我(?:从事|在做)(?P<value>[\u4e00-\u9fff]{1,8}?)(?:工作|行业|方面的工作)",
        0.8,
        "所在行业：'我从事金融行业'。",
        ("我从事金融行业",),
        value_normaliser=normalise_value,
    ),
)
