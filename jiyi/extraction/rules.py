"""The rule table: named, precompiled zh + en patterns, each emitting one closed `EventType`.

Why rules first: they are fast, deterministic and never hallucinate, and explicit declarations
("I'm 17", "我不太理解链式法则") are exactly what they catch well. Each rule documents itself:
a description and examples, and the test suite checks every example fires its rule.

Patterns run on one normalised sentence at a time (NFKC, so full-width "，？！" arrive as ",?!")
unless `whole_text` is set (plans span several lines). Named groups carry what is extracted:
`object` (the thing the event is about) and `value` (a scalar: an age, a name, a role).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from jiyi.domain import EntityKind, EventType, Role
from jiyi.text import has_han, tokenize

Normaliser = Callable[[str], str | None]

USER_ROLES = frozenset({Role.USER})
ASSISTANT_ROLES = frozenset({Role.ASSISTANT})

POSITIVE = "positive"
NEGATIVE = "negative"
DO_NOT_MENTION = "do_not_mention"

_MAX_OBJECT_CHARS = 40
_MAX_OBJECT_WORDS = 8
_MAX_SPLIT_OBJECTS = 4


@dataclass(frozen=True, slots=True)
class RuleMatch:
    """What one rule found in one sentence (already cleaned)."""

    rule: Rule
    objects: tuple[str, ...]
    value: str | None
    start: int


@dataclass(frozen=True, slots=True)
class Rule:
    """One named pattern and the event it stands for."""

    name: str
    event_type: EventType
    lang: str
    pattern: re.Pattern[str]
    confidence: float
    description: str
    examples: tuple[str, ...]
    roles: frozenset[Role] = USER_ROLES
    object_kind: EntityKind | None = None
    polarity: str | None = None
    fixed_value: str | None = None
    object_required: bool = False
    split_objects: bool = False
    whole_text: bool = False
    value_normaliser: Normaliser | None = None

    def matches(self, text: str) -> Iterator[RuleMatch]:
        """Every usable match in `text`; one whose required parts clean to nothing is skipped."""
        for found in self.pattern.finditer(text):
            groups = found.groupdict()
            objects = _clean_objects(groups.get("object"), self.lang, self.split_objects)
            if self.object_required and not objects:
                continue
            value = self._value(groups.get("value"))
            if "value" in self.pattern.groupindex and value is None:
                continue
            yield RuleMatch(self, objects, value, found.start())

    def _value(self, raw: str | None) -> str | None:
        if raw is None:
            return self.fixed_value
        value = raw.strip()
        if self.value_normaliser is not None:
            return self.value_normaliser(value)
        return value or None


# ---------------------------------------------------------------------------------------------
# Cleaning what the groups captured


_EN_CUT = re.compile(
    r"\s+(?:because|but|so\s+that|so|since|when|while|if|although|though|cause|cuz|'cause|"
    r"which|who|where|whenever|as\s+well\s+as|until|unless|after|before|(?:better|more|less)?\s*than|"
    r"rather\s+than|lol|haha\w*|and\s+(?:it|i|we|he|she|they|that|this|then|so|now|also|my|"
    r"it's|i'm|i've|we're|we've))\b.*$|\s+[-–—]+\s.*$",
    re.IGNORECASE,
)
_EN_LEADING = re.compile(
    r"^(?:(?:to|the|a|an|about|some|any|that|this|these|those|really|just|doing|going|with|"
    r"recently|yesterday|today)\s+)+",
    re.IGNORECASE,
)
_EN_TRAILING = re.compile(
    r"(?:\s+(?:too|also|a\s+lot|so\s+much|very\s+much|anymore|again|now|lately|right\s+now|"
    r"today|yesterday|tonight|these\s+days|at\s+all|though|either|as\s+well|yet|already|"
    r"recently|(?:last|this|next)\s+(?:week|weekend|month|year|summer|winter|spring|fall|autumn|"
    r"morning|night|evening|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"(?:a\s+(?:few\s+)?|\w+\s+)(?:days?|weeks?|months?|years?)\s+ago|a\s+while\s+ago))+$",
    re.IGNORECASE,
)
_TIME_ONLY = re.compile(
    r"(?:(?:last|this|next)\s+\w+|\w+\s+(?:days?|weeks?|months?|years?)\s+ago|yesterday|today|"
    r"tonight|recently|今天|昨天|前天|最近|刚才|上周|周末|去年|今年)",
    re.IGNORECASE,
)
_ZH_CUT = re.compile(r"(?:因为|但是|可是|所以|然后|不过|而且|虽然|如果|的时候|之后).*$")
_ZH_LEADING = re.compile(
    r"^(?:这个|那个|这些|那些|一下|一些|有关|关于|这|那|[一两二三四五六七八九十几\d]+[只条个头匹本部件位名家次场门]|个(?=[\u4e00-\u9fff]{2}))+"
)
_ZH_TRAILING = re.compile(r"[了呢啊吧呀哦嘛啦哈吗的呗哟喔~]+$")
_SPLIT = re.compile(r"\s*(?:、|,|和|与|以及|跟|\band\b|\bor\b|&|/)\s*", re.IGNORECASE)


def _clean_object(raw: str, lang: str) -> str | None:
    text = " ".join(raw.split()).strip(" '\"“”‘’-*")
    if lang == "zh" and has_han(text):
        text = _ZH_CUT.sub("", text)
        text = _ZH_LEADING.sub("", text)
        text = _ZH_TRAILING.sub("", text).strip()
    else:
        text = _EN_CUT.sub("", text)
        text = _EN_LEADING.sub("", text)
        text = _EN_TRAILING.sub("", text).strip(" '\"-")
        text = " ".join(text.split()[:_MAX_OBJECT_WORDS])
    if len(text) > _MAX_OBJECT_CHARS:
        cut = text[: _MAX_OBJECT_CHARS + 1]
        text = cut.rsplit(" ", 1)[0] if " " in cut else cut[:_MAX_OBJECT_CHARS]
    text = text.strip()
    if _TIME_ONLY.fullmatch(text) or not text or not tokenize(text):
        return None  # only pronouns, particles or stopwords: nothing to remember
    return text


def _clean_objects(raw: str | None, lang: str, split: bool) -> tuple[str, ...]:
    if not raw:
        return ()
    parts = _SPLIT.split(raw) if split else [raw]
    cleaned = (_clean_object(part, lang) for part in parts[:_MAX_SPLIT_OBJECTS])
    return tuple(dict.fromkeys(obj for obj in cleaned if obj))


_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7}
_ZH_DIGITS |= {"八": 8, "九": 9}


def _zh_number(text: str) -> int | None:
    """Chinese numerals up to 999 ("十七", "二十", "一百零五") as an int."""
    if not text or any(c not in _ZH_DIGITS and c not in "十百" for c in text):
        return None
    total, current = 0, 0
    for char in text:
        if char == "百":
            total += (current or 1) * 100
            current = 0
        elif char == "十":
            total += (current or 1) * 10
            current = 0
        else:
            current = _ZH_DIGITS[char]
    return total + current


def normalise_age(raw: str) -> str | None:
    """An age as digits, only if it is a plausible human age (1-130)."""
    age = int(raw) if raw.isdigit() else _zh_number(raw)
    return str(age) if age is not None and 1 <= age <= 130 else None


_NOT_NAMES = frozenset(
    {
        "sorry",
        "fine",
        "good",
        "great",
        "okay",
        "ok",
        "glad",
        "happy",
        "sad",
        "here",
        "back",
        "done",
        "ready",
        "sure",
        "tired",
        "excited",
        "new",
        "not",
        "so",
        "just",
        "also",
        "still",
        "really",
        "very",
        "always",
        "never",
        "home",
        "busy",
        "free",
        "single",
        "married",
        "american",
        "british",
        "english",
        "chinese",
        "french",
        "german",
        "canadian",
        "australian",
        "indian",
        "japanese",
        "korean",
        "spanish",
        "italian",
        "mexican",
        "russian",
        "irish",
        "scottish",
        "dutch",
        "swedish",
        "fortunately",
        "unfortunately",
        "honestly",
        "actually",
        "curious",
        "afraid",
        "hungry",
        "thirsty",
        "bored",
        "late",
        "early",
        "sick",
        "well",
        "alright",
        "alive",
        "lucky",
    }
)


def normalise_name(raw: str) -> str | None:
    """A declared name, unless it is a word that only looks like one ("I'm Fine")."""
    name = raw.strip(" .,!")
    first = name.split()[0].lower() if name else ""
    if not name or first in _NOT_NAMES or not tokenize(name):
        return None
    return name


def normalise_value(raw: str) -> str | None:
    """A declared role or trait, cleaned like an object."""
    return _clean_object(raw, "zh" if has_han(raw) else "en")


# ---------------------------------------------------------------------------------------------
# Shared pattern fragments

_I_AM = r"I(?:'m|\s+am)"
_EN_OBJ = r"(?P<object>[^,.;:!?()\n]{1,80})"
_ZH_OBJ = r"(?P<object>[^,.;:!?()。\n]{1,30})"
_ZH_OBJ_LAZY = r"(?P<object>[^,.;:!?()。\n]{1,20}?)"
_EN_ADV = (
    r"(?:(?:really|just|absolutely|also|totally|truly|still|do|so|definitely|actually|kind\s+of|"
    r"kinda|always|especially|genuinely|honestly|seriously|personally|simply|sometimes|"
    r"generally|usually|even)\s+)*"
)
_ZH_ADV = (
    r"(?:很|非常|特别|超级?|挺|真的?|最|也|还|比较|一直|蛮|好|太|十分|相当|都|更|尤其|确实|就|一向|"
    r"从小就?|其实|现在|主要|平时|一般|经常|真心|本来|向来|越来越|已经|最近)*"
)
_ZH_SUBJECT = r"(?:^|我|(?<=[,;]))(?:今天|明天|晚上|今晚|周末|最近|今年|明年|以后|将来|下周)?"
_OCCUPATIONS = (
    r"student|teacher|tutor|professor|nurse|doctor|physician|dentist|engineer|developer|"
    r"programmer|designer|lawyer|accountant|driver|chef|cook|baker|writer|author|journalist|"
    r"artist|painter|musician|singer|dancer|actor|actress|scientist|researcher|manager|"
    r"consultant|analyst|photographer|counselor|counsellor|therapist|psychologist|social\s+worker|"
    r"pilot|farmer|mechanic|electrician|plumber|carpenter|librarian|pharmacist|architect|"
    r"entrepreneur|founder|freelancer|intern|cashier|waiter|waitress|barista|firefighter|"
    r"police\s+officer|soldier|veteran|retiree|parent|mom|mother|dad|father|homemaker|"
    r"freshman|sophomore|junior|senior|graduate|undergrad|undergraduate|beginner|coach|athlete|"
    r"volunteer|activist|youtuber|streamer|blogger|gamer"
)
_ZH_OCCUPATIONS = (
    r"学生|老师|教师|医生|护士|工程师|程序员|设计师|律师|会计|司机|厨师|作家|记者|研究生|博士生?|"
    r"硕士生?|本科生|大学生|中学生|高中生|初中生|小学生|留学生|家长|全职妈妈|宝妈|上班族|"
    r"自由职业者?|公务员|销售|经理|主管|创业者|画家|歌手|演员|警察|军人|农民|工人|店主|客服|"
    r"产品经理|运营|实习生|退休(?:人员|教师|工人)?|新手|初学者|学霸|考生|艺术生|体育生"
)
_MEDIA = (
    r"animations?|videos?|diagrams?|pictures?|images?|charts?|graphs?|visuals?|examples?|"
    r"analog(?:y|ies)|stories|practice\s+problems|exercises|flashcards|audio|podcasts?|lectures?|"
    r"step-by-step[\w\s-]*|hands-on[\w\s-]*|mind\s+maps?|worked\s+examples|quizzes"
)
_EMOTIONS_NEG_EN = (
    r"stressed(?:\s+out)?|anxious|worried|nervous|sad|depressed|down(?!\s+(?:to|for|with|here|there"
    r"|the))|upset|lonely|tired|exhausted|overwhelmed|frustrated|angry|mad|scared|afraid|terrified|"
    r"bored|heartbroken|devastated|miserable|hopeless|burn(?:ed|t)\s+out|drained|hurt|jealous|"
    r"ashamed|embarrassed|guilty|homesick|discouraged|insecure|restless"
)
_EMOTIONS_POS_EN = (
    r"happy|glad|excited|thrilled|proud|grateful|thankful|relieved|hopeful|calm|motivated|"
    r"inspired|blessed|ecstatic|content|joyful|optimistic|confident|delighted|pumped|stoked|"
    r"peaceful|energi[sz]ed|over\s+the\s+moon|overjoyed|amazed"
)
_EMOTION_LEAD_EN = (
    r"\b(?:I(?:'m|\s+am|(?:\s+(?:really|truly|just|always|also|still|sometimes|often))?\s+"
    r"(?:feel|felt)|'ve\s+been|\s+have\s+been|\s+was|\s+get|\s+got|\s+keep\s+feeling)|feeling|"
    r"(?:made|makes|make)\s+me(?:\s+feel)?)\s+"
    r"(?:(?:so+|really|very|super|kinda|kind\s+of|a\s+bit|a\s+little|pretty|extremely|quite|"
    r"totally|just|feeling|incredibly|truly|also|still|too|getting|always|more|less)\s+)*"
)
_EMOTIONS_NEG_ZH = (
    r"难过|伤心|焦虑|紧张|压力(?:好|很|太|特别|挺)?大|好累|疲惫|心累|崩溃|郁闷|烦躁|烦|生气|害怕|"
    r"担心|孤独|寂寞|失落|沮丧|委屈|难受|痛苦|绝望|想哭|不开心|不高兴|无聊|迷茫|困惑|累"
)
_EMOTIONS_POS_ZH = (
    r"舒畅|开心|高兴(?!认识|见到)|快乐|兴奋|激动|感动|幸福|满足|放松|自豪|"
    r"骄傲|期待|欣慰|轻松|愉快|满意"
)
_EMOTION_LEAD_ZH = (
    r"(?:(?:我|感觉|觉得|心情|最近|今天)[^,.;:!?。\n]{0,8}?|"
    r"(?:好|很|太|真|特别|非常|有点|有些|超级?|挺|十分))"
)


def rule(
    name: str,
    event_type: EventType,
    pattern: str,
    confidence: float,
    description: str,
    examples: tuple[str, ...],
    *,
    case_sensitive: bool = False,
    **options: Any,
) -> Rule:
    """Build a rule; its language is the name's second part (`age_zh_numeral` is zh)."""
    lang = name.split("_")[1]
    if lang not in {"zh", "en"}:
        raise ValueError(f"rule name {name!r} must be <family>_<zh|en>_<what>")
    flags = 0 if case_sensitive else re.IGNORECASE
    return Rule(
        name=name,
        event_type=event_type,
        lang=lang,
        pattern=re.compile(pattern, flags),
        confidence=confidence,
        description=description,
        examples=examples,
        **options,
    )


E = EventType
K = EntityKind

# ---------------------------------------------------------------------------------------------
# The table. Order matters only for documentation; every rule runs on every sentence.

RULES: tuple[Rule, ...] = (
    # --- age ----------------------------------------------------------------------------------
    rule(
        "age_en_declared",
        E.AGE_DECLARATION,
        rf"\b(?:{_I_AM}|I\s+(?:just\s+)?turned|I'll\s+be|I\s+will\s+be|my\s+age\s+is)\s+"
        r"(?:now\s+|only\s+|just\s+|almost\s+|nearly\s+|about\s+)?(?P<value>\d{1,3})"
        r"(?:\s*(?:years?|yrs?)(?:\s+old)?|\s*y/?o\b)?"
        r"(?=\s*(?:$|[,.!?;)]|(?:and|but|now|this|next|last|in|on|today|yesterday|so)\b))",
        0.9,
        "An age stated by the user: 'I'm 17', 'I just turned 30', 'my age is 45'.",
        ("Hi! I'm Alice, I'm 17 and I'm studying.", "I just turned 30 last week."),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_declared",
        E.AGE_DECLARATION,
        r"我(?:今年|现在|已经|是|才|都|也|快|已|刚满|满)*"
        r"(?P<value>\d{1,3}|[零一二两三四五六七八九十百]{1,4})\s*(?:周)?岁(?!月)",
        0.9,
        "年龄声明：'我今年18岁'、'我十七岁了'（中文数字转为阿拉伯数字）。",
        ("我今年18岁。", "我十七岁了"),
        value_normaliser=normalise_age,
    ),
    # --- name ---------------------------------------------------------------------------------
    rule(
        "name_en_my_name_is",
        E.NAME_DECLARATION,
        r"\b(?i:my\s+name\s+is|my\s+name's)\s+(?P<value>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})",
        0.9,
        "A name after 'my name is'.",
        ("My name is Alice Chen.", "my name is bob"),
        case_sensitive=True,
        value_normaliser=normalise_name,
    ),
    rule(
        "name_en_call_me",
        E.NAME_DECLARATION,
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
        E.NAME_DECLARATION,
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
        E.NAME_DECLARATION,
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
        E.IDENTITY_DECLARATION,
        rf"\b(?:{_I_AM}|I\s+work\s+as|I've\s+been\s+working\s+as|I\s+became|I\s+used\s+to\s+be)"
        rf"\s+(?:a|an)\s+(?P<value>(?:[\w-]+\s+){{0,2}}?(?:{_OCCUPATIONS}))\b",
        0.85,
        "An occupation or role: 'I'm a nurse', 'I work as a software engineer'.",
        ("I'm a high school teacher.", "I work as a software engineer"),
        value_normaliser=normalise_value,
    ),
    rule(
        "identity_en_schooling",
        E.IDENTITY_DECLARATION,
        rf"\b{_I_AM}\s+(?:currently\s+|now\s+)?(?:in|a|an)\s+(?P<value>(?:\d{{1,2}}(?:st|nd|rd|th)|"
        r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)"
        r"\s+grader?|(?:high|middle|grad|graduate|elementary|primary|secondary|law|medical|nursing"
        r"|art)\s+school(?:\s+student)?|college|university|(?:year|grade)\s+\d{1,2}|"
        r"(?:freshman|sophomore|junior|senior)\s+year)\b",
        0.85,
        "A school stage: 'I'm in 10th grade', 'I'm in college'.",
        ("I'm in 10th grade.", "I am in high school"),
        value_normaliser=normalise_value,
    ),
    rule(
        "identity_en_trait",
        E.IDENTITY_DECLARATION,
        rf"\b{_I_AM}\s+(?:a\s+|an\s+)?(?P<value>(?:proud\s+)?(?:transgender|trans|gay|lesbian|"
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
        E.IDENTITY_DECLARATION,
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
        E.IDENTITY_DECLARATION,
        rf"我(?:现在|目前|已经|本身)?是(?:一名|一个|一位|个|名|位)?"
        rf"(?P<value>[\u4e00-\u9fff]{{0,6}}?(?:{_ZH_OCCUPATIONS}))",
        0.85,
        "职业或身份：'我是一名高中生'、'我是程序员'。",
        ("我是一名高中生", "我现在是程序员。"),
        value_normaliser=normalise_value,
    ),
    rule(
        "identity_zh_grade",
        E.IDENTITY_DECLARATION,
        r"我(?:现在|目前|今年)?(?:在)?(?:读|上|念)(?P<value>(?:小学|初中|高中|大学)?[一二三四五六1-6]年级"
        r"|高[一二三]|初[一二三]|大[一二三四]|研[一二三]|小学|初中|高中|大学|大专|研究生|博士|硕士)",
        0.85,
        "年级或学段：'我在读高二'、'我上初三'。",
        ("我在读高二", "我今年上三年级了"),
        value_normaliser=normalise_value,
    ),
    rule(
        "identity_zh_work",
        E.IDENTITY_DECLARATION,
        r"我(?:的工作|的职业)?是(?:做|搞)(?P<value>[\u4e00-\u9fff]{1,8}?)的",
        0.8,
        "工作领域：'我是做设计的'。",
        ("我是做设计的。",),
        value_normaliser=normalise_value,
    ),
    rule(
        "identity_zh_industry",
        E.IDENTITY_DECLARATION,
        r"我(?:从事|在做)(?P<value>[\u4e00-\u9fff]{1,8}?)(?:工作|行业|方面的工作)",
        0.8,
        "所在行业：'我从事金融行业'。",
        ("我从事金融行业",),
        value_normaliser=normalise_value,
    ),
    # --- personal facts -----------------------------------------------------------------------
    rule(
        "personal_en_family",
        E.PERSONAL_FACT,
        r"\bmy\s+(?P<object>(?:(?:little|older|younger|big|baby|twin|best|oldest|youngest|eldest|"
        r"late|step|ex)[\s-])?(?:sister|brother|siblings?|mom|mum|mother|dad|father|parents|wife|"
        r"husband|partner|spouse|girlfriend|boyfriend|fianc[eé]e?|son|daughter|kids?|child|"
        r"children|family|grandma|grandmother|grandpa|grandfather|grandparents|aunt|uncle|cousin|"
        r"nephew|niece|friends?|bestie|fam|boss|coworkers?|colleagues?|neighbou?rs?|roommate|mentor))"
        r"\b",
        0.55,
        "A person in the user's life: 'my sister', 'my best friend', 'my kids'.",
        ("My sister just had a baby.", "I went hiking with my best friend."),
        object_kind=K.PERSON,
        object_required=True,
    ),
    rule(
        "personal_en_has_relatives",
        E.PERSONAL_FACT,
        r"\bI\s+(?:have|'ve\s+got|have\s+got)\s+(?:a|an|two|three|four|five|\d+)\s+"
        r"(?P<object>(?:[\w-]+\s+)?(?:kids|children|sons?|daughters?|sisters?|brothers?|siblings|"
        r"grandchildren|grandkids))\b",
        0.8,
        "Family composition: 'I have two kids', 'I have an older brother'.",
        ("I have two kids.", "I have an older brother"),
        object_kind=K.PERSON,
        object_required=True,
    ),
    rule(
        "personal_en_pet",
        E.PERSONAL_FACT,
        r"\b(?:I|we)\s+(?:have|had|got|adopted|own|rescued)\s+(?:a|an|two|three|four|\d+|my\s+first"
        r"|a\s+new)\s+(?P<object>(?:[\w-]+\s+){0,2}?(?:dogs?|cats?|pupp(?:y|ies)|kittens?|pets?|"
        r"hamsters?|rabbits?|bunn(?:y|ies)|birds?|parrots?|fish|turtles?|snakes?|horses?|"
        r"guinea\s+pigs?|lizards?))\b",
        0.8,
        "A pet: 'I have a golden retriever named Max' (object: the animal).",
        ("I have a dog named Max.", "We adopted two kittens!"),
        object_kind=K.OBJECT,
        object_required=True,
    ),
    rule(
        "personal_en_place",
        E.PERSONAL_FACT,
        rf"\b(?:I(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+"
        rf"(?:back\s+)?(?:to|from)|I\s+(?:currently\s+|now\s+|still\s+)?live\s+(?:in|near)|"
        rf"I\s+grew\s+up\s+in|{_I_AM}\s+(?:originally\s+)?from|I\s+was\s+born\s+in|"
        rf"my\s+hometown\s+is)\s+{_EN_OBJ}",
        0.85,
        "Where the user lives, moved to or comes from: 'I moved to Paris'.",
        ("I moved to Paris last year.", "I'm originally from Sweden."),
        object_kind=K.PLACE,
        object_required=True,
    ),
    rule(
        "personal_en_work",
        E.PERSONAL_FACT,
        rf"\bI\s+(?:currently\s+|now\s+)?(?:work|worked|volunteer|volunteered|intern|interned)\s+"
        rf"(?:at|for|in|with)\s+{_EN_OBJ}",
        0.75,
        "Where the user works or volunteers: 'I work at a hospital'.",
        ("I work at a hospital.", "I volunteer at the animal shelter on weekends"),
        object_kind=K.PLACE,
        object_required=True,
    ),
    rule(
        "personal_en_life_event",
        E.PERSONAL_FACT,
        r"\b(?:I|we|my\s+(?:family|kids|husband|wife|partner|friends))\s+(?:just\s+|recently\s+|"
        r"finally\s+|also\s+|actually\s+|even\s+)?(?:went\s+(?:to|on)|visited|attended|joined|"
        r"started|began|finished|completed|graduated(?:\s+from)?|bought|adopted|ran|painted|built|"
        r"won|met|volunteered\s+at|celebrated|signed\s+up\s+for|took\s+up|learned|learnt|"
        r"travel(?:l)?ed\s+to|hiked|camped|baked|wrote|performed|received|launched|opened|planted|"
        r"organi[sz]ed|hosted|got\s+(?:married|engaged|promoted|divorced|a\s+new))\s+"
        rf"{_EN_OBJ}",
        0.55,
        "Something that happened in the user's life: 'I went to a support group', 'we adopted'.",
        ("I went to a support group yesterday.", "We celebrated my daughter's birthday."),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_en_ongoing",
        E.PERSONAL_FACT,
        rf"\b(?:{_I_AM}|I(?:'ve|\s+have)\s+been)\s+{_EN_ADV}(?:currently\s+|now\s+)?"
        r"(?!(?:studying|preparing|training|saving)\s+for\b)"
        r"(?P<object>(?:volunteering|working|studying|learning|taking|training|painting|writing|"
        r"reading|practicing|practising|playing|teaching|running|building|saving|looking\s+for|"
        r"thinking\s+about|getting\s+into|carrying\s+on|researching|applying|preparing|"
        r"planning|organi[sz]ing|attending|renovating|fostering|raising|mentoring|putting\s+together|"
        r"making|starting)\b"
        r"[^,.;:!?()\n]{0,60})",
        0.6,
        "Something the user is doing these days: 'I'm volunteering at the youth center'.",
        ("I'm volunteering at the youth center.", "I've been learning the guitar"),
        object_kind=K.ACTIVITY,
    ),
    rule(
        "personal_en_habit",
        E.PERSONAL_FACT,
        r"\bI\s+(?:usually|always|often|normally|regularly|sometimes|tend\s+to|used\s+to)\s+"
        r"(?!(?:feel|think|get|forget|mix|confuse|struggle|wonder|say)\b)(?P<object>[a-z]+\b"
        r"[^,.;:!?()\n]{0,60})",
        0.6,
        "A habit or routine: 'I usually run before work', 'I used to play piano'.",
        ("I usually run before work.", "I used to play the piano"),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_en_upcoming",
        E.PERSONAL_FACT,
        r"\bI(?:'ve|\s+have)(?:\s+got)?\s+(?:a|an|my|this)\s+(?P<object>[^,.;:!?()\n]{1,50}?)\s+"
        r"(?:coming\s+up|next\s+(?:week|month|year|weekend|time)|tomorrow|tonight|this\s+"
        r"(?:week|weekend|month|friday|saturday|sunday)|on\s+(?:monday|tuesday|wednesday|"
        r"thursday|friday|saturday|sunday))\b",
        0.7,
        "Something scheduled in the user's life: 'I have a job interview next week'.",
        ("I have a job interview next week.", "I've got a community meeting coming up"),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_zh_family",
        E.PERSONAL_FACT,
        r"我(?:的|家|们家)?(?P<object>妈妈|母亲|老妈|爸爸|父亲|老爸|父母|爸妈|老公|老婆|丈夫|妻子|"
        r"男朋友|女朋友|男友|女友|对象|儿子|女儿|孩子|宝宝|哥哥|姐姐|弟弟|妹妹|爷爷|奶奶|外公|外婆|"
        r"姥姥|姥爷|家人|好朋友|朋友|闺蜜|同学|同事|室友|老板|领导|邻居)",
        0.55,
        "生活中的人：'我妈妈'、'我的同事'、'我闺蜜'。",
        ("我妈妈最近身体不太好", "周末和我闺蜜去逛街了"),
        object_kind=K.PERSON,
        object_required=True,
    ),
    rule(
        "personal_zh_habit",
        E.PERSONAL_FACT,
        r"我(?:一般|平时|经常|每天|每周|通常|常常|总是|一直|周末)(?:都|也|还)?(?:会|是|要)?"
        rf"(?!觉得|感觉|感到|想|把|不|没|的|在考虑|在想|在思考){_ZH_OBJ}",
        0.6,
        "习惯或日常：'我一般都是在健身房里锻炼'、'我每天都会花半个小时画画'。",
        ("我一般都是在健身房里锻炼", "我每天都会花半个小时画画"),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_zh_ongoing",
        E.PERSONAL_FACT,
        r"我(?:最近|现在|目前|也|还|一直)*(?:正在|在)(?P<object>(?:学|学习|练|练习|准备|做|写|读|看|找|研究|"
        r"参加|备考|装修|养)[^,.;:!?()。\n]{1,20})",
        0.6,
        "正在做的事：'我最近正在学做川菜'、'我还在学习攀岩'。",
        ("我最近正在学做川湘菜", "其实最近我还在学习攀岩"),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_zh_pet",
        E.PERSONAL_FACT,
        r"我(?:家)?(?:养了?|有|买了|领养了)(?:一|两|三|几|\d)(?:只|条|头|匹)(?P<object>[\u4e00-\u9fff]{1,6})",
        0.8,
        "宠物：'我养了一只猫'。",
        ("我养了一只猫", "我家有两条金鱼。"),
        object_kind=K.OBJECT,
        object_required=True,
    ),
    rule(
        "personal_zh_place",
        E.PERSONAL_FACT,
        r"我(?:现在|目前|一直)?(?:住在|生活在|定居在?|搬到了?|搬去了?|来自|老家(?:在|是)|出生在|出生于)"
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{1,12})",
        0.85,
        "居住地或来处：'我住在上海'、'我老家在成都'。",
        ("我住在上海。", "我老家在成都"),
        object_kind=K.PLACE,
        object_required=True,
    ),
    rule(
        "personal_zh_workplace",
        E.PERSONAL_FACT,
        r"我(?:现在|目前)?在(?!思考|考虑|想|找|准备|努力|认真|做|忙|学|寻找|犹豫|换|家)"
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{2,12}?)(?:工作|上班|上学|读书|实习)",
        0.75,
        "工作或上学的地方：'我在北京工作'、'我在一家医院上班'。",
        ("我在北京工作", "我现在在一家医院上班。"),
        object_kind=K.PLACE,
        object_required=True,
    ),
    rule(
        "personal_zh_life_event",
        E.PERSONAL_FACT,
        r"(?:我|我们)(?:今天|昨天|前天|刚才|刚刚|上周|周末|前几天|最近|上个月|去年|今年|这周|昨晚|今晚|"
        r"也|还)?(?:去了|参加了|报名了|完成了|认识了|开始了|搬了|换了|学了|考了|拿到了|收到了|加入了|"
        r"爬了|逛了|画了|养了|买了|看了|做了|去)"
        rf"{_ZH_OBJ}",
        0.55,
        "生活中的事件：'今天我去了公园散步'、'我报名了钢琴课'。",
        ("今天我去了公园散步", "我报名了一个钢琴课。"),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    # --- preferences and dislikes -------------------------------------------------------------
    rule(
        "preference_en_like",
        E.PREFERENCE,
        rf"\b(?:I|we)\s+{_EN_ADV}(?:love|loved|like|liked|enjoy|enjoyed|adore|prefer|fancy|dig)\s+"
        rf"(?!how\b|that\b|when\b|what\b|it\b|you\b|this\b|the\s+way\b){_EN_OBJ}",
        0.8,
        "Something the user likes: 'I love hiking and swimming' (each item an object).",
        ("I love hiking and swimming.", "I really enjoy jazz"),
        object_kind=K.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_en_into",
        E.PREFERENCE,
        rf"\b{_I_AM}\s+{_EN_ADV}(?:into|(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of|passionate\s+about|"
        rf"interested\s+in|obsessed\s+with|crazy\s+about|fond\s+of|keen\s+on)\s+{_EN_OBJ}",
        0.8,
        "Interest phrased as a state: 'I'm really into painting', 'I'm a big fan of jazz'.",
        ("I'm really into painting.", "I'm a huge fan of Studio Ghibli"),
        object_kind=K.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_en_favourite",
        E.PREFERENCE,
        rf"\bmy\s+(?:all-time\s+)?(?:favou?rite|fave)\s+(?:[\w-]+\s+){{0,3}}?(?:is|are|was)\s+"
        rf"{_EN_OBJ}",
        0.85,
        "A favourite: 'my favorite book is Dune'.",
        ("My favorite book is Dune.", "my favourite subjects are math and art"),
        object_kind=K.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_zh_like",
        E.PREFERENCE,
        rf"{_ZH_SUBJECT}{_ZH_ADV}(?:喜欢|爱|热爱|喜爱|偏爱|钟爱|迷上了?|沉迷于?|爱上了?)(?![你他她死的])(?:上了)?"
        rf"{_ZH_OBJ}",
        0.8,
        "喜好：'我很喜欢绘画、弹钢琴和品茶'（每一项一个对象）、'我喜欢用动画学数学'。",
        ("我很喜欢绘画、弹钢琴和品茶", "我喜欢用动画学数学"),
        object_kind=K.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_zh_interested",
        E.PREFERENCE,
        rf"我对{_ZH_OBJ_LAZY}{_ZH_ADV}(?<!不)(?<!没)感兴趣",
        0.8,
        "兴趣：'我对天文学很感兴趣'（'不感兴趣'不算）。",
        ("我对天文学很感兴趣",),
        object_kind=K.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "preference_zh_favourite",
        E.PREFERENCE,
        rf"我(?:最)?(?:喜欢|感兴趣|爱)的(?:[\u4e00-\u9fff]{{1,6}}?)?是{_ZH_OBJ}",
        0.85,
        "最喜欢的东西：'我最喜欢的书是《小王子》'。",
        ("我最喜欢的书是《小王子》",),
        object_kind=K.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_en_hate",
        E.DISLIKE,
        rf"\bI\s+{_EN_ADV}(?:hate|dislike|detest|loathe|can't\s+stand|cannot\s+stand|"
        rf"(?:don't|do\s+not)\s+(?:really\s+|particularly\s+)?(?:like|enjoy|care\s+for|love))\s+"
        rf"{_EN_OBJ}",
        0.8,
        "Something the user dislikes: 'I hate cilantro', 'I don't like long videos'.",
        ("I hate cilantro.", "I really don't like long lectures"),
        object_kind=K.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_en_not_a_fan",
        E.DISLIKE,
        rf"\b{_I_AM}\s+{_EN_ADV}not\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into|interested\s+in|"
        rf"keen\s+on|fond\s+of)\s+{_EN_OBJ}",
        0.8,
        "Dislike phrased as a state: 'I'm not a fan of horror movies'.",
        ("I'm not a fan of horror movies.", "I am not into sports"),
        object_kind=K.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_zh_hate",
        E.DISLIKE,
        rf"{_ZH_SUBJECT}{_ZH_ADV}(?:不(?:太|怎么|是很|大)?喜欢|不(?:太)?爱|讨厌|厌恶|受不了|反感|烦透了|恨死了|恨)"
        rf"{_ZH_OBJ}",
        0.8,
        "厌恶：'我不喜欢吃香菜'、'我特别讨厌背单词'。",
        ("我不喜欢吃香菜。", "我特别讨厌背单词"),
        object_kind=K.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    rule(
        "dislike_zh_not_interested",
        E.DISLIKE,
        rf"我对{_ZH_OBJ_LAZY}{_ZH_ADV}(?:不感兴趣|没(?:什么|有|啥)?兴趣|很反感|反感)",
        0.8,
        "不感兴趣：'我对足球不感兴趣'。",
        ("我对足球不感兴趣",),
        object_kind=K.TOPIC,
        object_required=True,
        split_objects=True,
    ),
    # --- learning style -----------------------------------------------------------------------
    rule(
        "style_en_learn_best",
        E.LEARNING_STYLE,
        r"\bI\s+(?:learn|understand|study|remember(?:\s+things)?|get\s+it)(?:\s+things)?\s+"
        r"(?:best|better|faster|more\s+easily|most\s+effectively|easier)\s+(?:with|through|by|from"
        r"|when\s+(?:I\s+)?(?:see|use|have|watch|do)|via)\s+(?P<object>[^,.;:!?()\n]{1,60})",
        0.9,
        "How the user learns best: 'I learn best with diagrams'.",
        ("I learn best with diagrams.", "I understand things better through examples"),
        object_kind=K.STYLE,
        object_required=True,
    ),
    rule(
        "style_en_medium",
        E.LEARNING_STYLE,
        rf"\bI\s+{_EN_ADV}(?:like|prefer|love|need|want)\s+(?:to\s+(?:learn|study)\s+(?:with|through"
        rf"|from|by|using)\s+)?(?:more\s+)?(?P<object>{_MEDIA})\b",
        0.8,
        "A liked learning medium: 'I like animations better than formulas'.",
        ("I like animations better than formulas", "I prefer to learn with videos"),
        object_kind=K.STYLE,
        object_required=True,
    ),
    rule(
        "style_en_learner",
        E.LEARNING_STYLE,
        r"\b(?P<object>visual|auditory|hands-on|kinesthetic|reading|verbal|practical)\s+learner\b",
        0.9,
        "A learner type: 'I'm a visual learner'.",
        ("I'm a visual learner.",),
        object_kind=K.STYLE,
        object_required=True,
    ),
    rule(
        "style_zh_via",
        E.LEARNING_STYLE,
        rf"{_ZH_ADV}(?:喜欢|习惯|适合|倾向于?|偏好|需要|想)(?:通过|用|看|听|靠|借助)"
        r"(?P<object>[^,.;:!?()。\n]{1,12}?)(?:来)?(?:学|理解|记|复习|背)",
        0.85,
        "学习方式：'我更喜欢看视频学'、'我习惯通过做题来理解'。",
        ("我更喜欢看视频学", "我习惯通过做题来理解"),
        object_kind=K.STYLE,
        object_required=True,
    ),
    rule(
        "style_zh_easier",
        E.LEARNING_STYLE,
        rf"(?:用|通过|看|有|配上)(?P<object>图解|图表|图片|画图|动画|视频|例子|实例|举例|类比|故事|"
        rf"练习|思维导图)(?:的话|来讲|讲解)?(?:我)?{_ZH_ADV}(?:容易|好)(?:懂|理解|记住|记)",
        0.85,
        "某种方式更容易懂：'用动画我更容易懂'。",
        ("用动画我更容易懂", "有例子就好理解多了"),
        object_kind=K.STYLE,
        object_required=True,
    ),
    rule(
        "style_zh_learner",
        E.LEARNING_STYLE,
        r"我是(?P<object>视觉|听觉|动手|实践|阅读)(?:型|派)",
        0.9,
        "学习者类型：'我是视觉型的'。",
        ("我是视觉型的学习者",),
        object_kind=K.STYLE,
        object_required=True,
    ),
    # --- goals --------------------------------------------------------------------------------
    rule(
        "goal_en_want_to",
        E.GOAL,
        rf"\b(?:I\s+{_EN_ADV}(?:want|need|hope|plan|aim|intend|wish|would\s+(?:like|love)|"
        rf"am\s+(?:planning|hoping|trying|determined|aiming))|I(?:'m)\s+(?:planning|hoping|trying"
        rf"|determined|aiming)|I'd\s+(?:really\s+)?(?:like|love))\s+to\s+"
        rf"(?!know\b|ask\b|say\b|thank\b|talk\b){_EN_OBJ}",
        0.75,
        "Something the user wants to achieve: 'I want to pass my exam'.",
        ("I want to pass my physics exam.", "I'm trying to lose weight"),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_my_goal",
        E.GOAL,
        rf"\bmy\s+(?:main\s+|big\s+|ultimate\s+|long-term\s+|biggest\s+|new\s+|only\s+)?"
        rf"(?:goal|dream|aim|ambition|resolution)\s+(?:is|was)\s+(?:to\s+)?{_EN_OBJ}",
        0.9,
        "A stated goal: 'my goal is to run a marathon'.",
        ("My goal is to run a marathon.", "my dream is becoming a counselor"),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_preparing",
        E.GOAL,
        rf"\b{_I_AM}\s+(?:studying|preparing|training|practicing|practising|saving(?:\s+up)?|"
        rf"cramming|revising)\s+for\s+{_EN_OBJ}",
        0.85,
        "Preparation for something: 'I'm studying for my physics exam'.",
        ("I'm studying for my physics exam.", "I am training for a half marathon"),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_want",
        E.GOAL,
        rf"{_ZH_SUBJECT}{_ZH_ADV}(?:想要|想|希望|打算|计划|准备|决定|立志|梦想|渴望|争取)"
        rf"(?!问|知道|请|你|他|她|这|那|起|是|应该|可能|了解一下|说|想|着|(?:和|跟)(?:你)?(?:聊|说|分享|谈)|聊|分享)"
        rf"(?:能|可以|要)?{_ZH_OBJ}",
        0.75,
        "目标：'我想考上大学'、'我打算明年去留学'。",
        ("我想考上大学", "我打算明年去留学。"),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_my_goal",
        E.GOAL,
        rf"我的(?:目标|梦想|愿望|理想|心愿|新年愿望)(?:就)?是{_ZH_OBJ}",
        0.9,
        "明确的目标：'我的目标是考上985'。",
        ("我的目标是考上985。",),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_exam",
        E.GOAL,
        r"(?:为了|准备|备战|备考|复习)(?P<object>[^,.;:!?()。\n]{0,12}?(?:考试|高考|中考|考研|面试|"
        r"比赛|雅思|托福|四级|六级|期末考|期中考))",
        0.8,
        "备考：'我在备战高考'、'准备下周的期末考'。",
        ("我在备战高考", "准备下周的期末考"),
        object_kind=K.ACTIVITY,
        object_required=True,
    ),
    # --- concept confusion --------------------------------------------------------------------
    rule(
        "confusion_en_mix_up",
        E.CONCEPT_CONFUSION,
        rf"\bI\s+{_EN_ADV}(?:keep\s+|tend\s+to\s+)?(?:mix(?:ing)?\s+up|confus(?:e|ing)|"
        rf"get(?:ting)?\s+confused\s+(?:between|about|by|with|over)|"
        rf"can(?:'t|not)\s+tell\s+(?:the\s+difference\s+)?between|"
        rf"can(?:'t|not)\s+distinguish(?:\s+between)?)\s+{_EN_OBJ}",
        0.9,
        "Two things the user confuses: 'I keep mixing up velocity and acceleration'.",
        ("I keep mixing up velocity and acceleration.", "I always confuse affect and effect"),
        object_kind=K.CONCEPT,
        object_required=True,
    ),
    rule(
        "confusion_en_mixed_up",
        E.CONCEPT_CONFUSION,
        r"\bI\s+(?:always\s+|still\s+|keep\s+)?(?:get(?:ting)?|have|had)\s+"
        r"(?P<object>[^,.;:!?()\n]{1,60}?)\s+(?:mixed|muddled)\s+up\b",
        0.9,
        "'I always get X and Y mixed up'.",
        ("I always get sine and cosine mixed up.",),
        object_kind=K.CONCEPT,
        object_required=True,
    ),
    rule(
        "confusion_en_dont_understand",
        E.CONCEPT_CONFUSION,
        rf"\bI\s+{_EN_ADV}(?:don't|do\s+not|can't|cannot|didn't|did\s+not|still\s+don't)\s+"
        r"(?:really\s+|quite\s+|fully\s+|totally\s+|completely\s+|even\s+)?(?:understand|grasp|"
        r"follow|comprehend|get\s+it|get\s+how|get\s+why|get\s+what|see\s+how|see\s+why|"
        r"wrap\s+my\s+head\s+around|figure\s+out)(?:\s+(?P<object>[^,.;:!?()\n]{1,80}))?",
        0.85,
        "Not understanding something: 'I don't understand derivatives' (object optional).",
        ("I don't understand derivatives.", "I still don't get it"),
        object_kind=K.CONCEPT,
    ),
    rule(
        "confusion_en_confused_about",
        E.CONCEPT_CONFUSION,
        rf"\b{_I_AM}\s+{_EN_ADV}(?:(?:a\s+(?:bit|little)\s+|so\s+|really\s+|totally\s+)?"
        r"(?:confused|lost|stuck)|struggling|having\s+(?:trouble|a\s+hard\s+time|difficulty|"
        r"problems?))\s+(?:about|on|with|by|understanding|in\s+understanding)\s+"
        rf"{_EN_OBJ}",
        0.85,
        "Confusion or struggle with a topic: 'I'm confused about recursion'.",
        ("I'm confused about recursion.", "I'm having trouble with fractions"),
        object_kind=K.CONCEPT,
        object_required=True,
    ),
    rule(
        "confusion_en_confuses_me",
        E.CONCEPT_CONFUSION,
        r"(?P<object>\b[\w' -]{2,40}?)\s+(?:confuses\s+me|(?:is|are)\s+(?:so\s+|really\s+|too\s+)?"
        r"confusing|makes\s+no\s+sense(?:\s+to\s+me)?|(?:doesn't|does\s+not)\s+make\s+(?:any\s+)?"
        r"sense(?:\s+to\s+me)?|(?:is|are)\s+(?:so\s+|really\s+|too\s+)?(?:hard|difficult)\s+"
        r"(?:for\s+me\s+)?to\s+understand)",
        0.75,
        "A topic named first: 'the chain rule confuses me' (object optional when a pronoun).",
        ("The chain rule confuses me.", "Recursion makes no sense to me"),
        object_kind=K.CONCEPT,
    ),
    rule(
        "confusion_zh_mix_up",
        E.CONCEPT_CONFUSION,
        rf"{_ZH_ADV}(?:总是?|老是?|经常|常常|一直|又|每次都|容易)(?:把|将)"
        r"(?P<object>[^,.;:!?()。\n]{1,20}?)(?:搞混|弄混|混淆|搞错|弄错|记混|看混|混在一起|分不清|搞反|弄反)",
        0.9,
        "把两个概念搞混：'我总把a和v搞混'。",
        ("我总把a和v搞混", "我老是把sin和cos弄混。"),
        object_kind=K.CONCEPT,
        object_required=True,
    ),
    rule(
        "confusion_zh_cant_tell",
        E.CONCEPT_CONFUSION,
        rf"(?:分不清|搞不清楚?|弄不清楚?|区分不了|区分不开|分不出){_ZH_OBJ}",
        0.85,
        "分不清：'我分不清正弦和余弦'。",
        ("我分不清正弦和余弦",),
        object_kind=K.CONCEPT,
        object_required=True,
    ),
    rule(
        "confusion_zh_dont_understand",
        E.CONCEPT_CONFUSION,
        rf"我{_ZH_ADV}(?:还是|完全|有点|有些|始终|就是|根本)?(?:(?:不太|不大|不是很|不怎么|不|没太|没有|没)"
        r"(?:懂|理解|明白|搞懂|弄懂|学会)|搞不懂|弄不懂|看不懂|听不懂|理解不了|学不会|想不通|"
        rf"搞不明白|弄不明白)(?!了)(?P<object>[^,.;:!?()。\n]{{1,30}})?",
        0.85,
        "不理解：'我不太理解微积分的链式法则'（对象可省略：'我还是不懂'）。",
        ("我不太理解微积分的链式法则", "我还是不懂"),
        object_kind=K.CONCEPT,
    ),
    rule(
        "confusion_zh_topic_first",
        E.CONCEPT_CONFUSION,
        rf"(?P<object>[^,.;:!?()。\n]{{1,20}}?)(?:我)?{_ZH_ADV}(?:还是|完全|有点|有些|始终|就是)?"
        r"(?:搞不懂|弄不懂|看不懂|听不懂|学不会|理解不了|想不通|不太懂|不懂|不明白|不理解|"
        r"(?:好|太|很|有些|有点|比较)难懂)",
        0.8,
        "先说概念再说不懂：'这个链式法则我还是不懂'。",
        ("这个链式法则我还是不懂", "三角函数我完全看不懂"),
        object_kind=K.CONCEPT,
    ),
    # --- concept mastery (counter-evidence for confusion) -------------------------------------
    rule(
        "mastery_en_finally_get",
        E.CONCEPT_MASTERY,
        r"\bI\s+(?:think\s+I\s+)?(?:finally|now|totally|fully|completely)\s+(?:get|got|understand|"
        r"understood|grasp|see|figured\s+out|know\s+how\s+to)(?:\s+(?P<object>[^,.;:!?()\n]{1,60}))?",
        0.85,
        "Understanding reached: 'I finally get derivatives' (object optional: 'I finally get it').",
        ("I finally get derivatives!", "I now understand how recursion works"),
        object_kind=K.CONCEPT,
        polarity=POSITIVE,
    ),
    rule(
        "mastery_en_mastered",
        E.CONCEPT_MASTERY,
        rf"\bI(?:'ve|\s+have)?\s+(?:finally\s+)?(?:mastered|figured\s+out|got\s+the\s+hang\s+of|"
        rf"nailed|learned\s+how\s+to)\s+{_EN_OBJ}",
        0.85,
        "A skill acquired: 'I've mastered long division', 'I got the hang of it'.",
        ("I've mastered long division.", "I finally figured out the quadratic formula"),
        object_kind=K.CONCEPT,
        polarity=POSITIVE,
    ),
    rule(
        "mastery_en_makes_sense",
        E.CONCEPT_MASTERY,
        r"\b(?:now\s+I\s+(?:get|understand|see)\s+it|(?:it|that|this)\s+(?:makes|made)\s+(?:so\s+"
        r"much\s+|more\s+|perfect\s+|total\s+|complete\s+)?sense\s+now|I\s+see\s+now|"
        r"(?:oh|ah|aha),?\s+(?:I\s+see|got\s+it)|that\s+clicked)\b",
        0.7,
        "An 'aha' without a named concept: 'oh, I see', 'that makes sense now'.",
        ("Oh, I see!", "That makes so much sense now."),
        object_kind=K.CONCEPT,
        polarity=POSITIVE,
    ),
    rule(
        "mastery_en_can_now",
        E.CONCEPT_MASTERY,
        rf"\bI\s+(?:can|could)\s+(?:now|finally)\s+(?:solve|do|use|apply|handle|write|calculate)\s+"
        rf"{_EN_OBJ}",
        0.85,
        "Applying a concept successfully: 'I can now solve quadratic equations'.",
        ("I can now solve quadratic equations.",),
        object_kind=K.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
    ),
    rule(
        "mastery_zh_understood",
        E.CONCEPT_MASTERY,
        r"(?<![你他她])(?:终于|现在|已经|总算|彻底|完全)?(?:懂了|明白了|理解了|学会了?|掌握了?|搞懂了|"
        r"弄懂了|会做了|搞明白了|弄明白了|想通了)(?!吗|没|么)(?P<object>[^,.;:!?()。\n]{1,30})?",
        0.8,
        "懂了：'我懂了'、'我终于搞懂了链式法则'（'你明白了吗'不算）。",
        ("我终于搞懂了链式法则", "懂了!"),
        object_kind=K.CONCEPT,
        polarity=POSITIVE,
    ),
    rule(
        "mastery_zh_can_use",
        E.CONCEPT_MASTERY,
        rf"我{_ZH_ADV}(?:终于|现在|已经|总算)?会(?:用|做|算|解|写|说)(?P<object>[^,.;:!?()。\n]{{1,15}}?)了",
        0.85,
        "会用了：'我会用勾股定理了'。",
        ("我会用勾股定理了",),
        object_kind=K.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
    ),
    rule(
        "mastery_zh_aha",
        E.CONCEPT_MASTERY,
        r"原来如此|原来是这样|恍然大悟|豁然开朗",
        0.7,
        "恍然大悟：'原来如此'。",
        ("原来如此!",),
        polarity=POSITIVE,
    ),
    # --- questions ----------------------------------------------------------------------------
    rule(
        "question_en_mark",
        E.QUESTION,
        r"^(?!\s*(?:please\s+)?(?:can|could|would|will)\s+you\b)(?!.*\bhow\s+(?:are\s+you|have\s+"
        r"you\s+been|is\s+it\s+going|'s\s+it\s+going)\b)(?=.*[A-Za-z]).*\?\s*$",
        0.7,
        "A question to the assistant or partner (requests like 'can you …?' are task requests).",
        ("What is the derivative of x squared?", "Did you ever go camping?"),
    ),
    rule(
        "question_en_wh",
        E.QUESTION,
        r"^\s*(?:so\s+|and\s+|but\s+)?(?:what|why|how|when|where|which|who)(?:'s|\s+(?:is|are|was|"
        r"were|do|does|did|can|could|should|would|will|to))\b[^!?]*$",
        0.65,
        "A wh-question without a question mark: 'how do I reset my password'.",
        ("how do I reset my password", "What is a prime number"),
    ),
    rule(
        "question_en_wonder",
        E.QUESTION,
        r"\bI\s+(?:wonder|was\s+wondering|want\s+to\s+know|'d\s+like\s+to\s+know|would\s+like\s+to"
        r"\s+know|am\s+curious|'m\s+curious)\b",
        0.7,
        "An indirect question: 'I was wondering whether …'.",
        ("I was wondering whether photosynthesis happens at night.",),
    ),
    rule(
        "question_zh_mark",
        E.QUESTION,
        r"^(?!.*(?:帮我|帮忙|替我|你好吗|推荐给我|给我推荐|能不能|可不可以|可以.{0,8}吗))"
        r"(?=.*[\u4e00-\u9fff]).*(?:\?|吗|呢)\s*$",
        0.7,
        "问题：以问号、'吗'或'呢'结尾（请求帮忙的句子归为任务请求）。",
        ("导数是什么意思?", "二次函数的顶点怎么求呢"),
    ),
    rule(
        "question_zh_wh",
        E.QUESTION,
        r"^(?:请问|为什么|为啥|怎么|如何|什么是|哪|谁)|(?:是什么意思|有什么区别|区别是什么|怎么回事|"
        r"我想(?:问|知道|请教)(?:一下)?)",
        0.7,
        "疑问词开头或典型问句：'为什么天是蓝的'、'我想问一下…'。",
        ("为什么天是蓝的", "我想问一下这道题"),
    ),
    # --- task requests ------------------------------------------------------------------------
    rule(
        "task_en_can_you",
        E.TASK_REQUEST,
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
        E.TASK_REQUEST,
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
        E.TASK_REQUEST,
        r"\b(?:I(?:'d|\s+would)\s+like\s+you\s+to|I\s+need\s+(?:your\s+)?help(?:\s+with)?)"
        r"(?:\s+(?P<object>[^,.;:!?()\n]{1,80}))?",
        0.8,
        "'I'd like you to …', 'I need help with …'.",
        ("I'd like you to check my essay.", "I need help with my homework"),
    ),
    rule(
        "task_zh_help_me",
        E.TASK_REQUEST,
        r"(?:帮我|帮忙|(?:^|请|麻烦你?|你)(?:能|可以|能不能|可不可以)?(?:给我|替我|为我|教我))"
        rf"{_ZH_OBJ}",
        0.85,
        "请求帮忙：'帮我做个复习计划'、'能不能教我解方程'。",
        ("帮我做个复习计划", "能不能教我解方程?"),
    ),
    rule(
        "task_zh_please",
        E.TASK_REQUEST,
        r"(?:^|请|麻烦你?)(?P<object>(?:解释|讲讲|讲一下|讲解|说明|推荐|介绍|总结|翻译|列出|列一下|"
        r"写|出几道|出一些|检查|分析|计算|制定|安排|说说)[^,.;:!?()。\n]{0,30})",
        0.8,
        "祈使请求：'请解释一下光合作用'、'推荐几本书'。",
        ("请解释一下光合作用", "推荐几本好看的小说"),
    ),
    rule(
        "task_zh_recommend",
        E.TASK_REQUEST,
        r"(?:推荐|介绍)(?:给我|一下|几|一些|点|个|本|部)|(?:能|可以|能不能|可不可以)"
        r"(?:给我)?(?:讲讲|讲一下|解释一下|说说|介绍一下|推荐)",
        0.75,
        "请对方推荐或讲解：'有什么好书可以推荐给我吗？'。",
        ("你觉得有什么好的书可以推荐给我吗?",),
    ),
    # --- operation failures -------------------------------------------------------------------
    rule(
        "failure_en_doesnt_work",
        E.OPERATION_FAILURE,
        r"\b(?:the|this|that|my|your)\s+(?P<object>(?:[\w-]+\s+){0,2}?(?:button|link|page|app|"
        r"application|site|website|screen|video|upload|download|log-?in|sign-?in|feature|tab|menu|"
        r"form|player|audio|sound|camera|mic|microphone|search|checkout|payment|quiz|lesson|"
        r"exercise|timer|notifications?|sync|server|file|pdf|image|chart|keyboard|password|account"
        r"))\s+(?:still\s+|just\s+|always\s+)?(?:doesn't|does\s+not|won't|will\s+not|didn't|did\s+"
        r"not|isn't|is\s+not|can't|cannot|never|keeps?\s+(?:crashing|freezing|failing|loading|"
        r"breaking))\b",
        0.85,
        "A named UI element failing: 'the submit button doesn't work'.",
        ("The submit button doesn't work.", "the video won't load on my phone"),
        object_kind=K.UI_ELEMENT,
    ),
    rule(
        "failure_en_error",
        E.OPERATION_FAILURE,
        r"\b(?:I\s+(?:get|got|keep\s+getting|am\s+getting|'m\s+getting)|there(?:'s|\s+is)|"
        r"it\s+(?:shows|says|gives\s+me|throws|showed|gave\s+me)|(?:shows|showing))\s+(?:an?\s+|this"
        r"\s+|the\s+)?(?:[\w-]+\s+)?(?:error|exception|blank\s+(?:page|screen)|white\s+screen|404|"
        r"500)\b",
        0.85,
        "An error shown to the user: 'I get an error when I upload'.",
        ("I get an error when I upload my file.", "It shows a blank screen"),
        object_kind=K.UI_ELEMENT,
    ),
    rule(
        "failure_en_crash",
        E.OPERATION_FAILURE,
        r"\b(?:(?:it|the\s+app|the\s+page|the\s+site|the\s+game|the\s+video|everything)\s+(?:just\s+"
        r")?(?:crashed|crashes|keeps\s+crashing|froze|freezes|is\s+frozen|hangs|is\s+stuck|won't\s+"
        r"load|doesn't\s+load|is\s+not\s+loading|isn't\s+loading|is\s+broken)|nothing\s+happens\s+"
        r"when|(?:is|are)\s+not\s+responding|unresponsive)\b",
        0.85,
        "A crash or freeze: 'the app crashed again', 'nothing happens when I click'.",
        ("The app crashed again.", "Nothing happens when I click it"),
        object_kind=K.UI_ELEMENT,
    ),
    rule(
        "failure_en_cant_do",
        E.OPERATION_FAILURE,
        r"\bI\s+(?:can't|cannot|couldn't|could\s+not|am\s+unable\s+to|'m\s+unable\s+to)\s+"
        r"(?P<object>(?:log\s*in|sign\s*in|log\s+on|upload|download|submit|access|install|reset|"
        r"connect|find\s+the\s+(?:button|setting|option|page|menu))\b[^,.;!?]{0,40})",
        0.8,
        "An operation the user cannot complete: 'I can't log in'.",
        ("I can't log in since yesterday.", "I couldn't upload my homework"),
        object_kind=K.UI_ELEMENT,
    ),
    rule(
        "failure_zh_no_response",
        E.OPERATION_FAILURE,
        r"(?P<object>[^,.;:!?()。\n]{0,10}?)(?:点了|点击了?|按了|打开)?(?:之后)?(?:还是|一直|又|总是)?"
        r"(?<!我)(?<!我们)(?:没反应|没有反应|不能用|用不了|打不开|点不了|点不动|加载不出来?|加载失败|"
        r"登录不了|登不上去?|无法(?:登录|打开|使用|播放|提交|上传|下载|加载|连接|保存)|一直转圈|卡住了|"
        r"卡死了?|闪退|白屏|黑屏|报错了?|上传失败|提交失败|保存失败|连不上)",
        0.85,
        "操作失败：'点了没反应'、'提交按钮点不了'、'视频加载不出来'（'我卡住了'不算）。",
        ("点了没反应", "提交按钮点不了", "视频一直加载失败"),
        object_kind=K.UI_ELEMENT,
    ),
    rule(
        "failure_zh_error",
        E.OPERATION_FAILURE,
        r"错误代码|错误提示|提示错误|显示错误|出现错误|报错信息|程序出错|系统出错",
        0.85,
        "报错提示：'显示错误代码500'。",
        ("上传的时候显示错误代码500",),
        object_kind=K.UI_ELEMENT,
    ),
    # --- complaints ---------------------------------------------------------------------------
    rule(
        "complaint_en_bad",
        E.COMPLAINT,
        r"\b(?:(?:this|that|the|your|my)\s+\w+|this|that|it|you)(?:\s+(?:is|are|was|were)|'s|'re)\s+"
        r"(?:so\s+|really\s+|too\s+|very\s+|totally\s+|completely\s+|way\s+too\s+|super\s+|"
        r"such\s+a\s+)*"
        r"(?:slow|annoying|frustrating|useless|terrible|awful|horrible|broken|buggy|laggy|unusable|"
        r"ridiculous|unacceptable|a\s+waste\s+of\s+(?:time|money)|overpriced|worthless|garbage|"
        r"trash|rubbish|pain)\b",
        0.8,
        "A complaint about the product or the agent: 'this app is so slow'.",
        ("This app is so slow.", "Your answers are useless"),
    ),
    rule(
        "complaint_en_fed_up",
        E.COMPLAINT,
        rf"\b{_I_AM}\s+{_EN_ADV}(?:annoyed|frustrated|fed\s+up|tired|sick|disappointed|unhappy|"
        rf"not\s+happy|not\s+satisfied|dissatisfied)\s+(?:with|by|of|about)\s+{_EN_OBJ}",
        0.8,
        "Dissatisfaction aimed at something: 'I'm fed up with these ads'.",
        ("I'm fed up with these ads.", "I am disappointed with the course"),
        object_required=True,
    ),
    rule(
        "complaint_en_phrases",
        E.COMPLAINT,
        r"\b(?:this\s+sucks|what\s+a\s+waste|waste\s+of\s+(?:my\s+)?(?:time|money)|I\s+want\s+(?:a\s+"
        r"|my\s+money\s+)?(?:refund|back)|why\s+(?:does|is)\s+(?:this|it)\s+(?:always|keep|so)|"
        r"(?:it|this)\s+keeps\s+happening|every\s+single\s+time)\b",
        0.8,
        "Typical complaint phrases: 'this sucks', 'waste of time', 'I want a refund'.",
        ("Honestly, this sucks.", "What a waste of time"),
    ),
    rule(
        "complaint_zh_bad",
        E.COMPLAINT,
        r"(?:太|真|好|特别|非常|也太|实在太?)(?:慢|卡|难用|烦人|垃圾|差劲|坑|麻烦(?!你|您)|贵|烂|"
        r"坑人|不好用|不靠谱)了?|(?:什么破|破玩意|垃圾软件|坑人|浪费(?:我的)?时间|浪费钱|投诉|差评|"
        r"很不满意|太失望|退款|受够了)|(?:怎么)?(?:又|老是|总是|每次都)(?:出错|卡|崩|失败|掉线)",
        0.8,
        "抱怨：'这个软件太卡了'、'浪费时间'、'怎么又出错'。",
        ("这个软件太卡了", "怎么又出错了"),
    ),
    # --- plans produced for the user (assistant turns) ----------------------------------------
    rule(
        "plan_en_heres_your_plan",
        E.PLAN_GENERATED,
        r"\b(?:here(?:'s|\s+is)\s+(?:a|an|your|the|my)\s+(?:[\w-]+\s+){0,3}?(?:plan|schedule|"
        r"roadmap|routine|itinerary|checklist|outline|timetable)(?:\s+for\s+(?P<object>[^,.;:!?()"
        r"\n]{1,40}))?|(?:your|the)\s+(?:[\w-]+\s+){0,2}?(?:plan|schedule|roadmap)\s+(?:is|looks\s+"
        r"like|for\s+(?:the|this|next)\s+(?:week|month))|I(?:'ve|\s+have)\s+(?:put\s+together|made|"
        r"created|drawn\s+up|prepared)\s+(?:a|an|your)\s+(?:[\w-]+\s+){0,3}?(?:plan|schedule|"
        r"roadmap|routine))",
        0.9,
        "An assistant turn that hands the user a plan: 'Here's your study plan for calculus:'.",
        ("Here's your study plan for calculus:\n1. Limits\n2. Derivatives",),
        roles=ASSISTANT_ROLES,
        whole_text=True,
        object_kind=K.TOPIC,
    ),
    rule(
        "plan_en_steps",
        E.PLAN_GENERATED,
        r"(?ims)^\s*(?:step|day|week|phase)\s*1\s*[:.)-].*^\s*(?:step|day|week|phase)\s*2\s*[:.)-]",
        0.8,
        "An assistant turn laid out as numbered steps, days or weeks.",
        ("Day 1: review limits.\nDay 2: practise derivatives.",),
        roles=ASSISTANT_ROLES,
        whole_text=True,
    ),
    rule(
        "plan_zh_as_follows",
        E.PLAN_GENERATED,
        r"(?s)(?:计划如下|安排如下|方案如下|步骤如下|以下是(?:你的|为你制定的|给你的)?[^,。\n]{0,10}"
        r"(?:计划|安排|方案|步骤|日程)|(?:为你|给你)(?:制定|安排|规划|做)了?(?:一个|一份|如下的?)?"
        r"[^,。\n]{0,10}(?:计划|安排|方案|日程|路线)|第[一1](?:步|天|周|阶段)\s*[:,]?.*"
        r"第[二2](?:步|天|周|阶段))",
        0.9,
        "助手给出的计划：'计划如下'、'为你制定了一份复习计划'、'第一步…第二步…'。",
        ("好的,计划如下:\n1. 复习函数\n2. 做练习题", "第一步:背公式。第二步:做题。"),
        roles=ASSISTANT_ROLES,
        whole_text=True,
    ),
    # --- feedback on the agent ----------------------------------------------------------------
    rule(
        "feedback_en_helpful",
        E.FEEDBACK,
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
        E.FEEDBACK,
        r"\b(?:thanks|thank\s+you|thx|ty|much\s+appreciated)\b",
        0.6,
        "Thanks: positive feedback, weaker than a stated judgement.",
        ("Thanks so much!", "Thank you for the recommendation."),
        polarity=POSITIVE,
    ),
    rule(
        "feedback_en_wrong",
        E.FEEDBACK,
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
        E.FEEDBACK,
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
        E.FEEDBACK,
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
        E.FEEDBACK,
        r"谢谢|感谢|多谢|谢啦",
        0.6,
        "道谢：较弱的正面反馈。",
        ("好的,谢谢你", "多谢!"),
        polarity=POSITIVE,
    ),
    rule(
        "feedback_zh_wrong",
        E.FEEDBACK,
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
        E.FEEDBACK,
        r"(?:别|不要|不用)再?(?:提|说|聊|讲)(?:这个|那个|这件事|那件事|这事|它)?了?|"
        r"不想(?:再)?(?:聊|谈|说|提)(?:这个|那个|这件事|那件事|这事)",
        0.9,
        "'别再提这个了'：降低相关记忆的召回权重。",
        ("别再提这个了", "我不想再聊那件事"),
        polarity=NEGATIVE,
        fixed_value=DO_NOT_MENTION,
    ),
    # --- emotions -----------------------------------------------------------------------------
    rule(
        "emotion_en_negative",
        E.EMOTION,
        rf"{_EMOTION_LEAD_EN}(?P<object>{_EMOTIONS_NEG_EN})\b",
        0.8,
        "A negative feeling: 'I'm so stressed', 'I've been feeling lonely'.",
        ("I'm so stressed about finals.", "I've been feeling lonely lately"),
        polarity=NEGATIVE,
        object_kind=K.EMOTION,
        object_required=True,
    ),
    rule(
        "emotion_en_positive",
        E.EMOTION,
        rf"{_EMOTION_LEAD_EN}(?P<object>{_EMOTIONS_POS_EN})\b",
        0.8,
        "A positive feeling: 'I'm so excited', 'I feel proud'.",
        ("I'm so excited for the trip!", "I feel really proud of myself"),
        polarity=POSITIVE,
        object_kind=K.EMOTION,
        object_required=True,
    ),
    rule(
        "emotion_zh_negative",
        E.EMOTION,
        rf"{_EMOTION_LEAD_ZH}(?P<object>{_EMOTIONS_NEG_ZH})",
        0.8,
        "负面情绪：'我好难过'、'最近压力好大'。",
        ("我好难过", "最近压力好大"),
        polarity=NEGATIVE,
        object_kind=K.EMOTION,
        object_required=True,
    ),
    rule(
        "emotion_zh_positive",
        E.EMOTION,
        rf"{_EMOTION_LEAD_ZH}(?<!不)(?<!没)(?P<object>{_EMOTIONS_POS_ZH})",
        0.8,
        "正面情绪：'今天好开心'（'不开心'归负面）。",
        ("今天好开心!", "我特别兴奋"),
        polarity=POSITIVE,
        object_kind=K.EMOTION,
        object_required=True,
    ),
    # --- greetings and small talk -------------------------------------------------------------
    rule(
        "greeting_en_hello",
        E.GREETING,
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
        E.GREETING,
        r"^\s*(?:bye|goodbye|good\s+bye|see\s+(?:you|ya)(?:\s+(?:later|soon|tomorrow))?|talk\s+"
        r"(?:to\s+you\s+)?(?:soon|later)|take\s+care|good\s*night|catch\s+you\s+later|ttyl)\b",
        0.9,
        "Goodbyes.",
        ("Bye, talk soon!", "Take care!"),
    ),
    rule(
        "greeting_zh_hello",
        E.GREETING,
        r"^(?:你好(?![厉棒聪强美帅像坏烦可漂])|您好|嗨|哈喽|哈啰|早上好|早安|早啊|中午好|下午好|晚上好|"
        r"晚安|再见|拜拜|回头见|明天见|好久不见|大家好|在吗)|(?:很高兴(?:认识|见到)你|好久不见|你好吗|"
        r"最近(?:怎么样|好吗|还好吗)|晚安|再见|拜拜|(?:明天|下次|改天|回头)再聊|先(?:聊)?到这里)",
        0.9,
        "问候与道别：'你好啊'、'很高兴认识你'、'晚安'（'你好厉害'不算）。",
        ("你好啊AI伴侣", "晚安,明天见"),
    ),
    rule(
        "smalltalk_en_banter",
        E.SMALL_TALK,
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
        E.SMALL_TALK,
        r"\b(?:the\s+weather|(?:it's|it\s+is)\s+(?:so\s+|really\s+)?(?:hot|cold|sunny|rainy|"
        r"raining|snowing|windy|cloudy|humid|freezing)|nice\s+(?:day|weather))\b|"
        r"\b(?:how|what)\s+about\s+you\s*\?",
        0.6,
        "Weather and 'how about you?'.",
        ("The weather is lovely today.", "How about you?"),
    ),
    rule(
        "smalltalk_zh_banter",
        E.SMALL_TALK,
        r"^(?:哈哈+|呵呵+|嘿嘿+|嘻嘻+|好的|好吧|好哒|嗯+|哦+|噢+|ok|好|行|没事|是啊|是的|对啊|对的|"
        r"真的吗|不错|挺好|还行|一般般|确实|好呀|好啊|哇+|天哪|没问题|当然)[啊呀哦嘛呢~!.。]*$|"
        r"^(?:嗯+|哦+|噢+|哇+|好的|好吧|是啊|对啊|当然)[啊呀]?,|哈哈|呵呵|嘿嘿|"
        r"天气(?:真|很|好|不错|太|挺|怎么样|如何)|(?:下雨|下雪|好热|好冷|太热|太冷)了|你呢\s*\?*$",
        0.6,
        "寒暄与附和：'哈哈'、'好的'、'今天天气真好'、'你呢？'。",
        ("哈哈,好的", "今天天气真好"),
    ),
)

RULES_BY_NAME: dict[str, Rule] = {r.name: r for r in RULES}


def rules_for(role: Role) -> tuple[Rule, ...]:
    """The rules that apply to a turn of this role (plans come from the assistant)."""
    return tuple(r for r in RULES if role in r.roles)
