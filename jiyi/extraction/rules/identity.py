"""Who the user is: age, name and identity (occupation, school stage, field, lasting traits).

Declarations, not guesses ("I'm 17", "我叫小明", "I'm a nurse"): each carries a `value`, and the
value is normalised (an age to digits, a name checked against words that only look like one)
because it becomes a fact of the user's profile.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from typing import Any

from jiyi import places, vocabulary
from jiyi.domain import SUCCEEDED, EntityKind, EventType, RelationKind
from jiyi.extraction.rules.cleaning import normalise_age, normalise_name, normalise_value
from jiyi.extraction.rules.fragments import (
    EN_I_AM,
    EN_NUMBER_WORDS,
    EN_OCCUPATIONS,
    EN_TENS_WORDS,
    ZH_NOW_OR_USUALLY,
    ZH_OCCUPATIONS,
)
from jiyi.extraction.rules.model import NEGATIVE, Rule, RuleMatch, rule

# --- the occupation lexicon -------------------------------------------------------------------
# What counts as a role is the vocabulary's `role` entries (every name, zh and en) and the
# shared occupation words; "I'm a X" is a role only when X ends in one of them, or in a typical
# occupation suffix (-ist, -ician, -er, -or; 师, 员, 工) that is not a trait ("perfectionist",
# "slow learner", "会员"). A school year ("junior"), a beginner or a fan is never a role here.


_EMOJI = r"[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF]"
_SEP = " "  # a space or a hyphen in a name: "stay-at-home mom" is "stay at home mom"


def _trie(node: dict[str, dict], words: str) -> None:
    for char in words:
        node = node.setdefault(char, {})
    node[""] = {}


def _trie_pattern(node: dict[str, dict]) -> str:
    """A trie as a regex that prefers the longest name ("nurse practitioner" before "nurse"):
    one branch per next character, so a failed name costs one comparison, not one per name."""
    branches = [
        (r"[\s-]+" if char == _SEP else re.escape(char)) + _trie_pattern(child)
        for char, child in sorted(node.items())
        if char
    ]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if "" in node:
        return body + "?" if len(branches) == 1 and len(body) == 1 else f"(?:{body})?"
    return body


def _alternation(names: Iterable[str]) -> str:
    """Names as one pattern (a trie), the longest first, spaces and hyphens interchangeable."""
    root: dict[str, dict] = {}
    for name in names:
        words = re.split(r"[\s-]+", name.strip().casefold())
        if any(words):
            _trie(root, _SEP.join(words))
    return _trie_pattern(root)


def _role_entries() -> list[vocabulary.Entry]:
    entries = {entry for entry in vocabulary._index().values() if entry.kind is EntityKind.ROLE}
    return sorted(entries, key=lambda entry: entry.names)


#: Names of statuses that are no noun after "I'm a" ("self-employed") or say something else.
_EN_NOT_HEADS = frozenset({
    "retired", "retired person", "self-employed", "freelance", "unemployed", "out of work",
    "jobless", "between jobs", "military", "hr", "human resources", "ops", "it support",
    "tech support", "freshman", "sophomore", "junior", "senior", "beginner", "gamer",
})  # fmt: skip
#: Everyday words that name a role after "I'm a" or before "here", never in a bare phrase
#: ("graphics driver, …", "prime minister.").
_EN_FRAMED_ONLY = frozenset({
    "server", "judge", "principal", "minister", "coach", "trainer", "tester", "vet", "cook",
    "clerk", "teller", "author", "editor", "parent", "mom", "mum", "mother", "mommy", "mama",
    "dad", "father", "daddy", "papa", "driver", "graduate", "veteran",
})  # fmt: skip
_ZH_NOT_HEADS = frozenset({
    "新手", "初学者", "学霸", "失业", "待业", "待业中", "失业中", "求职中", "读博", "做市场",
    "开店的", "作者", "退休", "做IT的", "tony老师", "HR",
})  # fmt: skip

#: Short and colloquial Chinese role names, each to its canonical name ("码农" → "程序员"); the
#: vocabulary's role entries hold the rest. (Both are looked up whole, never searched for in a
#: turn, so a short name is safe in either; merging this table into the vocabulary is open.)
_ZH_ROLE_NAMES = {
    "医生": "医生", "大夫": "医生", "医师": "医生", "住院医": "医生", "住院医师": "医生",
    "外科医生": "医生", "内科医生": "医生", "护工": "护工", "护理员": "护工", "护理工": "护工",
    "药师": "药剂师", "牙医": "牙医", "口腔医生": "牙医", "兽医": "兽医", "社工": "社工",
    "社会工作者": "社工", "老师": "老师", "教师": "老师", "人民教师": "老师", "班主任": "老师",
    "幼师": "幼师", "幼儿园老师": "幼师", "幼儿教师": "幼师", "助教": "助教", "家教": "家教",
    "辅导老师": "家教", "教授": "教授", "大学老师": "教授", "讲师": "教授", "副教授": "教授",
    "高校教师": "教授", "校长": "校长", "码农": "程序员", "开发": "程序员", "前端": "前端工程师",
    "后端": "后端工程师", "测试": "测试工程师", "运维": "运维", "运维工程师": "运维",
    "网管": "网管", "IT支持": "网管", "技术支持": "网管", "产品": "产品经理", "美工": "设计师",
    "经理": "经理", "白领": "上班族", "职员": "上班族", "文员": "文员", "行政": "行政",
    "前台": "行政", "秘书": "行政", "行政助理": "行政", "会计": "会计", "会计师": "会计",
    "注册会计师": "会计", "出纳": "出纳", "审计": "审计", "审计师": "审计",
    "顾问": "咨询顾问", "律师": "律师", "法官": "法官", "警察": "警察", "民警": "警察",
    "交警": "警察", "军人": "军人", "士兵": "军人", "保安": "保安", "销售": "销售",
    "销售员": "销售", "业务员": "销售", "中介": "房产中介", "运营": "运营", "新媒体运营": "运营",
    "客服": "客服", "人事": "人事", "招聘专员": "人事", "作家": "作家", "写手": "作家",
    "作者": "作家", "记者": "记者", "编辑": "编辑", "翻译": "翻译", "译员": "翻译",
    "博主": "博主", "主播": "博主", "up主": "博主", "自媒体": "博主", "画家": "画家",
    "插画师": "画家", "艺术家": "画家", "歌手": "音乐人", "乐手": "音乐人", "演员": "演员",
    "舞者": "舞者", "舞蹈演员": "舞者", "主厨": "厨师长", "厨师": "厨师", "帮厨": "厨师",
    "后厨": "厨师", "店员": "店员", "导购": "店员", "店主": "店主", "个体户": "店主",
    "小老板": "店主", "开店的": "店主", "司机": "司机", "货车司机": "司机", "滴滴司机": "司机",
    "出租车司机": "司机", "骑手": "外卖员", "仓管": "仓库工人", "厂工": "工厂工人",
    "普工": "工厂工人", "电工": "电工", "木工": "木工", "木匠": "木工", "焊工": "焊工",
    "技工": "技术员", "农民": "农民", "园丁": "园丁", "园艺师": "园丁", "保洁": "保洁",
    "清洁工": "保洁", "保洁员": "保洁", "私教": "健身教练", "教练": "教练", "机长": "飞行员",
    "空姐": "空姐", "空乘": "空姐", "空中乘务员": "空姐", "导游": "导游", "保姆": "保姆",
    "育儿嫂": "保姆", "月嫂": "保姆", "牧师": "牧师", "神父": "牧师", "学生": "学生",
    "读博": "博士生", "护生": "护理专业学生", "待业": "待业", "失业": "待业", "待业中": "待业",
    "失业中": "待业", "求职中": "待业", "店长": "店长", "采购": "采购", "跟单": "跟单",
    "外贸跟单": "外贸跟单", "外贸业务员": "外贸业务员", "质检": "质检员", "收银": "收银员",
}  # fmt: skip

_EN_WORDS = [name.replace(r"\s+", " ") for name in EN_OCCUPATIONS.split("|")]
_EN_NAMES = [n for e in _role_entries() for n in e.en] + _EN_WORDS
_EN_HEADS = [n for n in _EN_NAMES if n.casefold() not in _EN_NOT_HEADS]
EN_ROLE = _alternation(_EN_HEADS)
#: Said in passing ("software dev here", "cs student here"): no two-letter abbreviations.
EN_ROLE_LOOSE = _alternation(n for n in _EN_HEADS if len(n) > 2)
#: Whom a learner addresses ("teacher, can you …"): never a role said bare before a comma.
_EN_ADDRESSED = r"teacher|tutor|professor|prof|doctor|coach|sir|miss|boss|chef"
#: A role as a phrase of its own ("PhD student in chem"): no everyday words either.
EN_ROLE_PHRASE = _alternation(
    n for n in _EN_HEADS if len(n) > 2 and n.casefold() not in _EN_FRAMED_ONLY
)
EN_ROLE_COMPOUND = _alternation(n for n in _EN_HEADS if re.search(r"[\s-]", n.strip()))
ZH_ROLE = _alternation(
    n
    for n in [
        *(n for e in _role_entries() for n in e.zh),
        *_ZH_ROLE_NAMES,
        *ZH_OCCUPATIONS.split("|"),
    ]
    if n not in _ZH_NOT_HEADS and "(" not in n and "?" not in n
)
ZH_ROLE = ZH_ROLE + r"|博士生?|硕士生?|退休(?:人员|教师|工人)?|自由职业者?"

#: Words that make "a … nurse" something other than the user's job: someone else's ("a friend
#: of a nurse"), a verdict ("a terrible cook"), a past or wished one ("a former", "an aspiring").
_EN_MOD_STOP = (
    r"of|a|an|the|to|for|with|and|or|but|not|no|my|your|his|her|their|our|its|this|that|like|"
    r"kind|sort|type|fan|friend|big|huge|total|complete|good|bad|great|terrible|awful|horrible|"
    r"decent|lousy|poor|slow|fast|quick|natural|born|better|worse|best|worst|real|true|proper|"
    r"amazing|excellent|careful|messy|lazy|picky|nervous|anxious|bit|lot|little|tad|former|ex|"
    r"future|aspiring|wannabe|would-be|budding|hopeful|failed|frustrated|lapsed|hobby|hobbyist|"
    r"amateur|weekend|home|wonderful|awesome|cool|nice|mean|strict|fun|funny|i|im|you|is|am|are|"
    r"was|were|be|been|at|in|on|by|from|as|so|very|really|pretty|super|too|such|what|who|which|"
    r"when|where|how|if|will|would|can|could|should|gonna|wanna|want|need|wife|husband|son|"
    r"daughter|mom|dad|sister|brother|kid|child|family|crazy|terrible|hopeless|clueless|"
    r"confused|tired|stressed|broke|struggling|typical|stereotypical|frustrated"
)
EN_WORD_BEFORE_ROLE = rf"(?:(?!(?:{_alternation(_EN_MOD_STOP.split('|'))})\b)[a-z0-9][\w'/&+-]*\s+)"
#: -er/-or/-ist words that are no occupation (traits, hobbies, comparatives, a school year).
_EN_SUFFIX_STOP = (
    r"learner|beginner|believer|lover|thinker|overthinker|worrier|reader|sleeper|eater|speller|"
    r"listener|talker|planner|dreamer|daydreamer|fighter|winner|loser|quitter|doer|follower|"
    r"pleaser|people-pleaser|sucker|member|smoker|drinker|gamer|runner|jogger|swimmer|climber|"
    r"hiker|biker|walker|achiever|overachiever|underachiever|go-getter|worker|partner|user|owner|"
    r"customer|consumer|newcomer|foreigner|stranger|outsider|insider|killer|monster|master|"
    r"mister|other|number|mother|father|brother|sister|daughter|player|viewer|watcher|supporter|"
    r"subscriber|buyer|collector|survivor|procrastinator|visitor|donor|sponsor|major|minor|"
    r"senior|junior|warrior|superior|inferior|error|mirror|horror|honor|humor|color|flavor|"
    r"favor|neighbor|behavior|under|over|after|never|ever|rather|together|whatever|forever|"
    r"later|sooner|paper|super|power|water|summer|winter|answer|computer|proper|clever|sober|"
    r"eager|bitter|tender|former|latter|inner|outer|upper|lower|older|younger|elder|bigger|"
    r"better|faster|smarter|slower|harder|longer|stronger|weaker|greater|lighter|quicker|"
    r"perfectionist|optimist|pessimist|realist|idealist|minimalist|maximalist|feminist|atheist|"
    r"buddhist|baptist|methodist|racist|sexist|narcissist|nationalist|socialist|communist|"
    r"capitalist|leftist|centrist|purist|loyalist|tourist|finalist|cyclist|motorist|hedonist|"
    r"moralist|conformist|nonconformist|extremist|egoist|list|twist|wrist|fist|mist|gist|"
    r"person|teenager|beginner|fan|mess|introvert|extrovert|ambivert|leader|lurker|tinkerer|"
    r"hoarder|joker|hacker|nerd|rookie|noob|newbie|cancer|danger|monster|ranger|soccer|boomer|"
    r"zoomer|loner|rider|dancer|singer|writer|speaker|native|learner|lightweight|weirdo|grader"
)
EN_ROLE_SUFFIX = (
    rf"(?!(?:{_alternation(_EN_SUFFIX_STOP.split('|'))})\b)(?![a-z]*(?:ier|iest)\b)"
    r"[a-z][a-z-]{2,}(?:ist|ician|ologist|grapher|smith|wright|er|or)"
)
#: What may follow a role said as one's own ("a nurse, nights", "a nurse lol", "a nurse at …");
#: not "'s pet", "joke", "practitioner"-like nouns that make it a modifier, nor a question mark.
_EN_AFTER_ROLE = (
    r"(?=\s*$|\s*[,.!;:)~…(&+/]|\s*[-–—]|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]|\s+(?:and|but|so|"
    r"at|in|for|with|on|by|from|of\s+(?:\d|one|two|three|four|five|twins)|here|now|lol|lmao|haha\w*|btw|tbh|tho|though|too|myself|who|"
    r"that|since|rn|nowadays|currently|ngl|xd|full[\s-]?time|part[\s-]?time|\d+\w*|\w+ing|"
    r"based|trained|mostly|mainly|actually|okay|ok|which|because|cuz|since|until|during|"
    r"over|about|like|y'?all|guys|hehe|hmm|lel|:\)|:\()\b)"
)
_EN_GENERIC_MODS = re.compile(
    r"^(?:(?:full[\s-]?time|part[\s-]?time|newly\s+qualified|qualified|licensed|certified|"
    r"professional|practi[cs]ing|working|humble|lowly|simple|current|proud|just|"
    # when the work is done says nothing of what it is: "a night shift nurse" is a nurse
    r"(?:night|day|late|early|evening|morning|weekend|graveyard|overnight)[\s-]?shift|nights?|"
    r"overnight|weekend|evening|seasonal|temp(?:orary)?|relief|agency|"
    r"only|[\w.'-]+[\s-]based)\s+)+",
    re.IGNORECASE,
)


#: An age or a school year before a role is said separately ("a 19 yo college student", "a
#: second year nursing student", "2nd yr nursing student"): the role is "college student",
#: "nursing student".
_EN_AGE_AND_YEAR = re.compile(
    r"^(?:\d{1,2}\s*(?:yo|y/o|-?years?[\s-]old|-?yr[\s-]old)\s+)?(?:(?:first|second|third|fourth|"
    r"final|\d(?:st|nd|rd|th))[\s-](?:year|yr)|freshman|sophomore|junior|senior|"
    # a school's own name for the year: "a year 12 student", "Form 4 student", "grade 10 student"
    r"(?:year|yr|form|grade|class|standard|std)\s*\d{1,2}|\d{1,2}(?:st|nd|rd|th)\s+grade)?"
    r"\s*(?=\w)",
    re.IGNORECASE,
)


#: Who runs which gig ("跑外卖" is a delivery rider's work).
_GIG_ROLES = {"外卖": "外卖员", "快递": "快递员", "滴滴": "网约车司机", "网约车": "网约车司机"}
#: Who drives what for a living ("开货车的" is a truck driver).
_ZH_DRIVEN = {
    "货车": "货车司机", "大货车": "货车司机", "大车": "货车司机", "卡车": "货车司机",
    "出租": "出租车司机", "出租车": "出租车司机", "的士": "出租车司机",
    "公交": "公交司机", "公交车": "公交司机", "大巴": "大巴司机", "叉车": "叉车司机",
}  # fmt: skip
_EN_DRIVEN = {
    "truck": "truck driver", "lorry": "truck driver", "taxi": "taxi driver", "cab": "taxi driver",
    "bus": "bus driver", "forklift": "forklift driver", "delivery van": "delivery driver",
    "van": "van driver", "ambulance": "paramedic",
}  # fmt: skip
#: A gig said as the work one does ("送外卖", "跑滴滴").
ZH_GIG_WORK = rf"(?:跑|送)(?:{'|'.join(_GIG_ROLES)})"


def _with_known_head(role: str) -> str:
    """A role the vocabulary does not know whole, whose last words are a known role said another
    way, with those words in their canonical name: "grassroots ref" → "grassroots referee",
    "night shift sparky" → "night shift electrician" (a name known whole stays as it is)."""
    words = role.split()
    if vocabulary.lookup(role) is not None:
        return role
    for size in range(min(3, len(words) - 1), 0, -1):
        head = vocabulary.lookup(" ".join(words[-size:]))
        if head is not None and head.kind is EntityKind.ROLE:
            return " ".join([*words[:-size], head.name_in("en")])
    return role


#: Before a Chinese role, what says only that it is one: "身为一名护士", "主业银行柜员"; and a
#: doing that describes the person, not the job ("画漫画的初中生", "跑新疆线的货车司机"): a
#: short state ("退休的语文老师") stays, `normalise_value` drops its 的. An age before it ("22
#: 应届生", "35岁的程序员") is a fact of its own.
_ZH_ROLE_LEAD = re.compile(
    r"^(?:(?:身为|作为|主业(?:是)?|本职(?:是)?|正职(?:是)?|白天(?:是)?)(?:一[名个位枚])?|"
    r"[^的,，\s]{3,8}的(?=[\u4e00-\u9fff]{2})|"
    r"\d{1,3}\s*岁?的?\s*(?=[\u4e00-\u9fff]{2}))"
)


#: Retired from the role named after it ("刚退休的语文老师").
_ZH_RETIRED_FROM = r"(?:(?:刚|已经|早就)?退休(?:了)?的)"
_ZH_RETIRED_ROLE = re.compile(rf"^{_ZH_RETIRED_FROM}(?P<role>.+)$")
_ZH_TEACHER = re.compile(r"(?:老师|教师)$")


def normalise_role(raw: str) -> str | None:
    """A role as the profile keeps it: cleaned, without the words that say nothing about the job
    ("a full-time nurse" → "nurse", "身为一名护士" → "护士"), a retired one as such ("刚退休的
    语文老师" → "退休教师"), and never a trait in an occupation's shape."""
    if retired := _ZH_RETIRED_ROLE.match(raw.strip()):
        role = normalise_role(retired["role"])
        return None if role is None else "退休教师" if _ZH_TEACHER.search(role) else f"退休{role}"
    value = normalise_value(_ZH_ROLE_LEAD.sub("", raw.strip()))
    if value is None:
        return None
    if not re.search(r"[\u4e00-\u9fff]", value):
        value = _EN_AGE_AND_YEAR.sub("", value).strip() or value
        return _with_known_head(_EN_GENERIC_MODS.sub("", value).strip() or value)
    value = re.sub(r"^[一二三四]战(?=考研)", "", value)  # "二战考研狗" is who "考研狗" is
    return _ZH_ROLE_NAMES.get(value, value)


def normalise_school_year(raw: str) -> str | None:
    """'9th grader' is '9th grade'; one school year, one name; other names as said."""
    value = re.sub(r"(?i)\s+grader$", " grade", raw.strip())
    return normalise_value(value)


_ZH_SUFFIX_STOP = re.compile(
    r"(?:会员|成员|队员|动员|官员|人员|大师|法师|祖师|打工|手工|加工|分工|开工|复工|罢工|怪|员工)$"
)


def normalise_zh_suffix_role(raw: str) -> str | None:
    """A Chinese role known only by its suffix (师, 员, 工): not a member (会员) or a master."""
    value = normalise_role(raw)
    return None if value is None or _ZH_SUFFIX_STOP.search(value) else value


#: What a user does for a living, named by the activity ("I do bookkeeping for a living").
_EN_ACTIVITY_ROLES = {
    "bookkeeping": "bookkeeper", "accounting": "accountant", "nursing": "nurse",
    "teaching": "teacher", "tutoring": "tutor", "consulting": "consultant",
    "coding": "software engineer", "programming": "software engineer",
    "software": "software engineer", "web design": "web developer",
    "web development": "web developer", "graphic design": "graphic designer",
    "design": "designer", "photography": "photographer", "plumbing": "plumber",
    "carpentry": "carpenter", "construction": "construction worker", "sales": "salesperson",
    "marketing": "marketer", "real estate": "real estate agent", "tech": "it professional",
    "tech support": "it professional", "translation": "translator", "translating": "translator",
    "hair": "hairdresser", "hairdressing": "hairdresser", "landscaping": "gardener",
    "catering": "chef", "delivery": "courier", "deliveries": "courier",
    "data entry": "office worker", "admin": "administrative assistant",
    "healthcare": "healthcare worker", "health care": "healthcare worker",
    "retail": "retail worker", "finance": "finance professional",
    "hospitality": "hospitality worker", "freelance work": "freelancer",
    "freelancing": "freelancer", "teach": "teacher", "write": "writer",
    "code": "software engineer", "program": "software engineer", "drive": "driver",
    "draw": "illustrator", "cook": "cook", "bake": "baker", "translate": "translator",
    "sing": "singer", "dance": "dancer", "act": "actor", "clean": "cleaner", "nurse": "nurse",
    "tutor": "tutor", "paint": "painter", "edit": "editor", "bartend": "bartender",
    "hospital": "hospital worker", "school": "school staff", "bank": "banker",
    "factory": "factory worker", "restaurant": "restaurant worker",
    "warehouse": "warehouse worker", "office": "office worker", "clinic": "healthcare worker",
    "cafe": "cafe worker", "café": "cafe worker", "coffee shop": "cafe worker",
    "supermarket": "supermarket worker", "hotel": "hotel worker",
    "call centre": "call centre worker", "call center": "call centre worker",
    "pharmacy": "pharmacist", "daycare": "childcare worker",
}  # fmt: skip


def normalise_activity_role(raw: str) -> str | None:
    """The role an activity or workplace names ("bookkeeping" → "bookkeeper"), else none."""
    if raw.strip() == "IT":  # "I work in IT", not "I do it for a living"
        return "it professional"
    return _EN_ACTIVITY_ROLES.get(" ".join(raw.casefold().split()))


def _en_teacher_of(raw: str) -> str | None:
    """Whom a teacher teaches, as the kind of teacher ("3rd grade" → elementary school)."""
    flat = " ".join(raw.casefold().split())
    if re.search(
        r"\b(?:[1-6](?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth)\s+grade|"
        r"elementary|primary|kindergarten|pre-?k",
        flat,
    ):
        return (
            "kindergarten teacher"
            if re.search(r"kindergarten|pre-?k", flat)
            else ("elementary school teacher")
        )
    if re.search(r"\b(?:[78]th|seventh|eighth)\s+grade|middle\s+school", flat):
        return "middle school teacher"
    if re.search(r"\b(?:9th|1[0-2]th|ninth|tenth|eleventh|twelfth)\s+grade|high\s+school", flat):
        return "high school teacher"
    if re.search(r"\b(?:esl|efl|english)\b", flat):
        return "english teacher"
    if re.search(r"\bmath", flat):
        return "math teacher"
    if re.search(r"college|university|uni\b", flat):
        return "professor"
    return "teacher"


_ZH_PLACE_ROLES = {
    "医院": "医院工作人员", "学校": "学校教职工", "银行": "银行职员", "工厂": "工厂工人",
    "厂里": "工厂工人", "公司": "上班族", "单位": "上班族", "餐厅": "餐饮从业者",
    "饭店": "餐饮从业者", "工地": "建筑工人", "超市": "店员", "诊所": "医护人员",
    "药店": "药剂师", "幼儿园": "幼儿园老师",
}  # fmt: skip


def _zh_place_role(raw: str) -> str | None:
    return _ZH_PLACE_ROLES.get(raw.strip())


def _zh_shop_role(raw: str) -> str | None:
    return "创业者" if raw.strip().endswith(("公司", "工作室")) else "店主"


#: Where or for whom a Chinese role is done, said before it with 的 ("广州这边的规培住院医",
#: "青岛一所初中的体育老师", "一家外企的会计"): the role is what follows (`ZH_PLACE_OF_ROLE`
#: reads a place at its start as the user's home).
ZH_ROLE_WHERE = r"(?:[^\s,，。!！?？~…的是]{1,12}?的)"
#: A place said before the organisation the user's role belongs to: "广州这边的…", "青岛一所初中
#: 的…", "杭州某公司的…"; not "美国公司的员工" (a kind of company, not where one is).
ZH_PLACE_OF_ROLE = (
    r"(?:这边|那边|这里|本地|当地|市区?)?(?:一|某)?(?:[所家个间座])?"
    r"(?:[^\s,，。!！?？~…的是]{0,8}?)的"
)
#: What was said before and is now corrected ("上次说我是文员", "写成我17"): no declaration.
_ZH_NOT_SAID = r"(?<!说)(?<!以为)(?<!写成)(?<!打成)(?<!当成)(?<!写的)"
#: A question about the clause ("我是学生家长吗", "am I a nurse?") is not a declaration.
_ZH_NOT_QUESTION = r"(?![^,，。!！~\s]*[吗?？])"
_ZH_START = r"(?:^|(?<=[\s,，。!！~…]))"
_EN_START = r"(?:^|(?<=[.!?,;]\s)|(?<=[.!?,;]))"


# --- said in passing, in lists and as corrections ----------------------------------------------
# Several facts in one breath, each without its own "I am": "I'm a psych major, sophomore, and …",
# "41, dental hygienist", "大二 计科的", "我27 在杭州做外贸跟单的". A field of study names a student
# role ("psych major", "law student", "计算机专业学生"); a child the user calls their own ("娃3岁",
# "my daughter's 5") names a parent; a value said as a correction ("其实我是出纳", "I'm 15 not 16")
# replaces the turn's others (`corrects`; across turns age and school year are single-valued).


@dataclass(frozen=True, slots=True)
class PlacedRule(Rule):
    """A rule read with what surrounds it. A match whose `place` group took part is kept only
    when a place the gazetteer knows starts there (and, with `place_tail`, ends a list item:
    "23, london", "在杭州做外贸跟单的"; not "23, the answer" or "在家做作业的"); with `context` the
    sentence must open a list about oneself, with `exclude` it must not name someone else."""

    place_tail: re.Pattern[str] | None = None
    context: re.Pattern[str] | None = None
    exclude: re.Pattern[str] | None = None

    def matches(self, text: str) -> Iterator[RuleMatch]:
        if self.context is not None and not self.context.search(text):
            return
        if self.exclude is not None and self.exclude.search(text):
            return
        placed = "place" in self.pattern.groupindex
        for found in self.pattern.finditer(text):
            if placed and found.group("place") is not None:
                hit = places.place_at(text, found.start("place"))
                if hit is None:
                    continue
                if self.place_tail is not None and not self.place_tail.match(text, hit[1]):
                    continue
            value = self._value(found.groupdict().get("value"))
            if value is not None:
                yield RuleMatch(self, (), value, found.start())


def placed_rule(
    *args: Any,
    place_tail: re.Pattern[str] | None = None,
    context: re.Pattern[str] | None = None,
    exclude: re.Pattern[str] | None = None,
    **options: Any,
) -> PlacedRule:
    """A `PlacedRule`, built like any other rule (`model.rule`)."""
    base = rule(*args, **options)
    fields = {f.name: getattr(base, f.name) for f in dataclass_fields(Rule)}
    return PlacedRule(**fields, place_tail=place_tail, context=context, exclude=exclude)


#: Fields students name themselves by ("a psych major", "CS major here"), short forms included.
_EN_FIELDS = (
    "psych", "psychology", "cs", "comp sci", "compsci", "computer science", "computer engineering",
    "software engineering", "electrical engineering", "mechanical engineering", "civil engineering",
    "chemical engineering", "aerospace engineering", "biomedical engineering", "industrial "
    "engineering", "engineering", "mech e", "ee", "bio", "biology", "biochem", "biochemistry",
    "chem", "chemistry", "physics", "astrophysics", "astronomy", "math", "maths", "mathematics",
    "applied math", "stats", "statistics", "data science", "econ", "economics", "finance",
    "accounting", "business", "business admin", "marketing", "management", "poli sci", "polisci",
    "political science", "international relations", "history", "art history", "english",
    "english lit", "literature", "creative writing", "philosophy", "sociology", "anthropology",
    "linguistics", "comms", "communications", "communication", "journalism", "media studies",
    "film", "film studies", "art", "fine art", "fine arts", "studio art", "graphic design",
    "design", "music", "theater", "theatre", "drama", "dance", "education", "nursing",
    "kinesiology", "kin", "neuro", "neuroscience", "public health", "health science",
    "nutrition", "pre-med", "premed", "pre-law", "prelaw", "criminal justice", "criminology",
    "social work", "geology", "geography", "environmental science", "environmental studies",
    "ecology", "genetics", "microbiology", "molecular biology", "zoology", "marine biology",
    "architecture", "spanish", "french", "german", "chinese", "japanese", "korean", "italian",
    "classics", "gender studies", "religious studies", "cognitive science", "cog sci",
    "information science", "info sci", "it", "information technology", "cybersecurity",
    "game design", "animation", "fashion design", "hospitality", "supply chain", "ppe",
)  # fmt: skip
EN_FIELD = _alternation(_EN_FIELDS)
#: Fields "I study X" names a student of without saying where ("I study law"); school subjects
#: ("I study math", "I study Spanish") do only with a university after them.
_EN_STUDY_FIELDS = (
    "law", "medicine", "nursing", "pharmacy", "dentistry", "psychology", "psych", "economics",
    "econ", "computer science", "comp sci", "cs", "software engineering", "electrical "
    "engineering", "mechanical engineering", "civil engineering", "chemical engineering",
    "aerospace engineering", "biomedical engineering", "engineering", "architecture",
    "accounting", "finance", "business", "business administration", "philosophy", "sociology",
    "anthropology", "linguistics", "political science", "poli sci", "international relations",
    "journalism", "neuroscience", "biochemistry", "biochem", "data science", "social work",
    "public health", "kinesiology", "veterinary medicine", "vet med", "criminology",
    "criminal justice", "graphic design", "fine art", "fine arts", "marketing",
    "actuarial science", "cognitive science",
)  # fmt: skip
_EN_SUBJECT_FIELDS = (
    "math", "maths", "mathematics", "physics", "chemistry", "chem", "biology", "bio", "history",
    "english", "literature", "music", "art", "film", "spanish", "french", "german", "chinese",
    "japanese", "statistics", "stats", "geography", "geology", "education", "drama", "theatre",
    "theater", "design", "classics",
)  # fmt: skip
_EN_STUDENT_OF = {
    "medicine": "medical student", "veterinary medicine": "veterinary student",
    "vet med": "veterinary student", "dentistry": "dental student",
}  # fmt: skip


def normalise_major(raw: str) -> str | None:
    """A major as said, spaces tidied: "psych  major" → "psych major"."""
    return " ".join(raw.split()) or None


def normalise_field_student(raw: str) -> str | None:
    """A student named by the field studied: "law" → "law student", "medicine" → "medical
    student"."""
    field = " ".join(raw.split())
    return _EN_STUDENT_OF.get(field.casefold(), f"{field} student") if field else None


_EN_SCHOOL_YEAR_WORD = (
    r"(?:freshman|sophomore|junior|senior|first[\s-]year|second[\s-]year|third[\s-]year|"
    r"fourth[\s-]year|final[\s-]year|\d(?:st|nd|rd|th)[\s-]year|undergrad|college|uni|double)"
)
#: What may follow a major said in passing: the clause's end, "here", "at …", "lol".
_EN_AFTER_MAJOR = (
    r"(?=\s*(?:$|[,.!;:)(~&+/-]|[\U0001F300-\U0001FAFF\u2600-\u27BF])|\s+(?:here|and|but|at|in|"
    r"from|with|who|trying|looking|learning|so|lol|lmao|haha\w*|btw|tbh|ngl|rn|now|too|myself|"
    r"minor(?:ing)?)\b)"
)

#: Chinese fields of study, each to the name its student role is built on ("计科" → 计算机).
_ZH_FIELDS = {
    "计科": "计算机", "计算机": "计算机", "计算机科学": "计算机", "计算机科学与技术": "计算机",
    "CS": "计算机", "软工": "软件工程", "软件工程": "软件工程", "会计": "会计", "会计学": "会计",
    "财会": "会计", "财务管理": "财务管理", "财管": "财务管理", "金融": "金融", "金融学": "金融",
    "经济": "经济学", "经济学": "经济学", "国贸": "国际贸易", "国际贸易": "国际贸易",
    "经管": "经管", "法学": "法学", "法律": "法学", "护理": "护理", "护理学": "护理",
    "临床": "临床医学", "临床医学": "临床医学", "医学": "医学", "口腔": "口腔医学",
    "口腔医学": "口腔医学", "药学": "药学", "中医": "中医", "中药学": "中药学", "中文": "中文",
    "汉语言": "中文", "汉语言文学": "中文", "英语": "英语", "英专": "英语", "日语": "日语",
    "法语": "法语", "德语": "德语", "俄语": "俄语", "西语": "西班牙语", "西班牙语": "西班牙语",
    "韩语": "韩语", "翻译": "翻译", "数学": "数学", "应用数学": "数学", "数学与应用数学": "数学",
    "统计": "统计学", "统计学": "统计学", "物理": "物理", "应用物理": "物理", "化学": "化学",
    "应用化学": "化学", "生物": "生物", "生物科学": "生物", "生物技术": "生物", "生科": "生物",
    "生物医学": "生物医学", "心理": "心理学", "心理学": "心理学", "应用心理": "心理学",
    "新闻": "新闻传播", "新闻学": "新闻传播", "新传": "新闻传播", "新闻传播": "新闻传播",
    "传媒": "传媒", "广告": "广告", "播音": "播音主持", "播音主持": "播音主持", "表演": "表演",
    "机械": "机械", "机械工程": "机械", "土木": "土木工程", "土木工程": "土木工程",
    "电气": "电气工程", "电气工程": "电气工程", "自动化": "自动化", "电子信息": "电子信息",
    "通信": "通信工程", "通信工程": "通信工程", "建筑": "建筑学", "建筑学": "建筑学",
    "材料": "材料", "环境工程": "环境工程", "化工": "化工", "车辆工程": "车辆工程",
    "人工智能": "人工智能", "数据科学": "数据科学", "大数据": "大数据", "信息安全": "信息安全",
    "网络工程": "网络工程", "物联网": "物联网", "信管": "信息管理", "信息管理": "信息管理",
    "设计": "设计", "视觉传达": "视觉传达", "视传": "视觉传达", "环境设计": "环境设计",
    "环艺": "环境设计", "工业设计": "工业设计", "服装设计": "服装设计", "美术": "美术",
    "音乐": "音乐", "舞蹈": "舞蹈", "动画": "动画", "历史": "历史学", "历史学": "历史学",
    "哲学": "哲学", "社会学": "社会学", "政治学": "政治学", "国际关系": "国际关系",
    "行政管理": "行政管理", "公共管理": "公共管理", "教育学": "教育学", "学前教育": "学前教育",
    "小学教育": "小学教育", "体育教育": "体育教育", "工商管理": "工商管理", "工管": "工商管理",
    "市场营销": "市场营销", "电子商务": "电子商务", "电商": "电子商务", "物流管理": "物流管理",
    "人力资源": "人力资源", "旅游管理": "旅游管理", "酒店管理": "酒店管理", "农学": "农学",
    "园林": "园林", "食品科学": "食品科学",
}  # fmt: skip
ZH_FIELD = _alternation(_ZH_FIELDS)
#: Fields that are no occupation too: "我是计科的" is a student, "我是会计的" an accountant.
ZH_FIELD_NOT_ROLE = _alternation(
    name for name in _ZH_FIELDS if not re.fullmatch(f"(?:{ZH_ROLE})", name, re.IGNORECASE)
)
#: Students of these are known by a short name of their own (the vocabulary's role entries).
_ZH_FIELD_STUDENTS = {"法学": "法学生", "医学": "医学生", "临床医学": "医学生"}
_ZH_FIELDS_FOLDED = {name.casefold(): field for name, field in _ZH_FIELDS.items()}


def normalise_zh_field_student(raw: str) -> str | None:
    """The student of a Chinese field: "计科" → "计算机专业学生", "法律" → "法学生"."""
    field = _ZH_FIELDS_FOLDED.get(raw.strip().casefold())
    if field is None:
        return None
    return _ZH_FIELD_STUDENTS.get(field, f"{field}专业学生")


#: What "在杭州做X的" names that is no trade: homework, a test, a meal.
_ZH_NOT_TRADES = re.compile(
    r"^(?:作业|功课|卷子|练习|题|实验|项目|手术|检查|体检|治疗|核酸|家务|饭|菜|运动|瑜伽|兼职|什么|啥|这|那|"
    r"错|对|完|好|得|不|了|过|一|几|多|有|事)|(?:题|作业|卷子?|练习|实验|笔记)$"
)
_ZH_TRADES = {"生意": "生意人", "买卖": "生意人"}


def _zh_trade_role(raw: str) -> str | None:
    """A trade named after "在<地方>做…的" or said alone ("做电商的"), not homework or a test."""
    value = raw.strip()
    if _ZH_NOT_TRADES.search(value):
        return None
    return _ZH_TRADES.get(value) or normalise_role(value)


#: Whose turn it is not, just before a space: "我妈 在医院当护士".
_ZH_NOT_AFTER_OTHER = r"(?<![妈爸姐哥弟妹友学事公婆儿女们他她伴] )"
_ZH_ITEM_START = rf"(?:^|(?<=[\s,，。!！~…]){_ZH_NOT_AFTER_OTHER}|我(?:\d{{1,2}}岁?)?\s*)"
_ZH_ROLE_END = (
    r"(?=$|[\s,，。!！~…]|了|呢|啊|哈|啦|工作|实习|[一二三四五六七八九十两几\d]+年|好几年|多年|"
    r"的(?=$|[\s,，。!！~…]|啦|呢|哈|哦|呀|啊|嘛))"
)
_ZH_CLAUSE_END = r"(?=$|[\s,，。!！~…]|啦|呢|哈|哦|呀|啊|嘛)"
_ZH_CORRECTION = (
    r"纠正|更正|说错|打错|写错|搞错|记错|口误|不对|上次说|之前说|刚才说|上次我说|之前我说|刚才我说"
)
#: A sentence that opens a list about oneself with an age: "23, nurse, london", "hey! Sarah here,
#: 29, accountant in Bristol", "me: 22, engineering student, Berlin", "28/f/nyc".
EN_LIST_INTRO = re.compile(
    r"^\W*(?:(?:hi+|hey+|hello|hiya|heya|yo|ok|so|well|um|sup)\b\W*)?(?:(?:i'?m|im|i\s+am|me)\s*:?\s*)?"
    r"(?:(?-i:[A-Z])[a-z]+(?:\s+here)?\s*,\s*)?(?:(?:a\s+)?(?:mom|mum|dad|mother|father)\s+of\s+\w+\s*,\s*)?"
    r"(?:1[3-9]|[2-9]\d)\s*(?:[mf]\b|yo\b|y/o)?\s*[,/](?!\s*\d)",
    re.IGNORECASE,
)
#: Someone else in the sentence: the list may be about them ("我家娃 3岁", "my mom, 54, nurse").
#: Someone else just before an age: "女儿，8岁", "我妈68岁了" are theirs.
_ZH_AGE_OF_SOMEONE_ELSE = re.compile(
    r"(?:娃|孩子|儿子|女儿|宝宝|闺女|小孩|孙子|孙女|妹妹?|弟弟?|哥哥?|姐姐?|妈妈?|爸爸?|爷爷|奶奶|外公|外婆|"
    r"老公|老婆|对象|他|她)(?:今年|现在|才|都|已经)?[\s,，]*\d{1,2}\s*(?:周)?岁"
)
_ZH_SOMEONE_ELSE = re.compile(
    r"娃|孩子|儿子|女儿|宝宝|闺女|小孩|妹妹|弟弟|哥哥|姐姐|妈|爸|爷|奶|外公|外婆|老公|老婆|他|她|朋友|同学|同事|"
    r"室友|老师|学生"
)
#: Someone else named in an English list ("my sister, 25, nurse"): the list is theirs.
EN_SOMEONE_ELSE = re.compile(
    r"\b(?:my|his|her|their|our)\s+(?:\w+\s+)?(?:sister|sis|brother|bro|mom|mum|mother|dad|father|"
    r"parents?|wife|husband|partner|girlfriend|boyfriend|gf|bf|son|daughter|kids?|child|friend|"
    r"bestie|cousin|aunt|uncle|grandma|grandpa|roommate|boss|coworker|colleague|neighbou?r|"
    r"teacher|tutor|student)\b|\b(?:he|she|they)(?:'s|'re)?\b",
    re.IGNORECASE,
)
#: A job the sentence says is over ("在郑州做了三年文员 上个月辞职了"): no role now; a clause
#: that plans a change ("想明年跳槽去东京") ends nothing.
ZH_JOB_OVER = re.compile(
    r"(?:^|[\s,，。!！~…])(?:(?!想|打算|准备|计划|考虑|要不要|如果|要是)[^\s,，。!！~…])*?"
    r"(?:辞职|辞了|离职|不干了|被裁|裸辞|转行|跳槽|以前|之前|原来|曾经|那时|当时|那会|前几年)"
)
_ZH_KID_WORDS = r"娃|孩子|小孩|宝宝|宝贝|闺女|女儿|儿子|小朋友|大宝|二宝|老大|老二|崽|丫头"
#: What says the parent is the father: his wife, the child's mother, "奶爸".
_ZH_FATHER = re.compile(
    r"老婆|媳妇|爱人是女|孩子(?:他|她)?妈|娃(?:他|她)?妈|当爹|奶爸|宝爸|我是(?:孩子)?(?:他)?爸|当爸|做爸爸|"
    r"个(?:娃|孩子|小孩|宝宝)的爸"
)
#: The user's own child: "我家娃", "娃3岁了", "我女儿上二年级", "两个娃的妈", "我有两个孩子".
_ZH_OWN_CHILD = (
    r"(?:我家|我们家|俺家)(?:的)?(?:娃|孩子|小孩|宝宝|宝贝|闺女|女儿|儿子|小朋友|大宝|二宝|老大|老二|崽|"
    r"丫头)|(?:^|(?<=[\s,，。!！~…])|我)(?:的)?(?:娃|孩子|小孩|宝宝|闺女|女儿|儿子|大宝|二宝)"
    r"(?:今年|现在|才|已经|刚|快|都)*(?:\d{1,2}|[一二两三四五六七八九十]{1,3})(?:岁|个月|周岁)(?!的时候|时|那年|以前|之前)"
    r"|(?:^|(?<=[\s,，。!！~…])|我)(?:的)?(?:娃|孩子|儿子|女儿|闺女|大宝|二宝)(?:现在|今年|目前|刚)*"
    r"(?:在)?(?:上|读|念)(?:幼儿园|小学|初中|高中|[一二三四五六]年级|大班|中班|小班|初[一二三]|高[一二三])"
    r"|(?:^|(?<=[\s,，。!！~…])|我有)[一两二三四\d]个(?:娃|孩子|小孩|宝宝)(?:的(?:妈|爸)|(?=[,，。!！~\s]|$))"
)
_EN_PARENTS = {"mum": "mom", "mother": "mom", "mama": "mom", "father": "dad"}


def normalise_parent(raw: str) -> str | None:
    """A parent as the profile keeps it: "mum", "mother" → "mom", "father" → "dad"."""
    word = raw.strip().casefold()
    return _EN_PARENTS.get(word, word) or None


#: A school year or an age in the sentence: "计科的" said beside it is a field of study.
_ZH_STUDENT_CONTEXT = re.compile(r"大[一二三四]|研[一二三]|本科|研究生|大学|[1-9]\d\s*岁|我[1-9]\d")
_EN_KID = r"(?:son|daughter|kids?|child(?:ren)?|toddler|little\s+one|twins|oldest|youngest|eldest)"
_EN_KID_MOD = (
    r"(?:(?:little|oldest|eldest|youngest|older|younger|middle|baby|twin|two|three|\d)\s+)?"
)
_EN_SMALL_NUMBER = rf"(?:\d{{1,2}}|{EN_NUMBER_WORDS})"

#: "我" (or nothing) at the start of a clause: who a major or a year is said of.
_ZH_I_AT_START = r"(?:(?:^|(?<=[\s,，。!！~…]))(?:我|本人)?|我)"

RULES: tuple[Rule, ...] = (
    # --- age ----------------------------------------------------------------------------------
    rule(
        "age_en_declared",
        EventType.AGE_DECLARATION,
        # "im" before a number too ("ITS MY BIRTHDAY im 10 today"): the write path's own
        # apostrophes (`engine.with_apostrophes`) are put back only before a word
        rf"\b(?:{EN_I_AM}|[iI]m(?=\s+\d)|I\s+(?:just\s+)?turned|I'll\s+be|I\s+will\s+be|my\s+age\s+is|"
        rf"(?:{EN_I_AM}|im)\s+(?:turning|gonna\s+be|going\s+to\s+be))\s+"
        r"(?:(?:now|only|just|almost|nearly|about|actually|really)\s+)?(?P<value>\d{1,3})"
        r"(?:\s*(?:years?|yrs?)(?:\s+old)?|\s*y/?o\b)?"
        r"(?=\s*(?:$|[,.!?;)]|(?:and|but|now|this|next|last|in|on|today|yesterday|so|soon|"
        r"tomorrow|not)\b))",
        0.9,
        "An age stated by the user: 'I'm 17', 'I just turned 30', 'im turning 11 on saturday'.",
        (
            "Hi! I'm Alice, I'm 17 and I'm studying.",
            "I just turned 30 last week.",
            "also im turning 11 on saturday!!",
            "ITS MY BIRTHDAY im 10 today!!!! 🎂🎂",
        ),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_declared",
        EventType.AGE_DECLARATION,
        rf"{_ZH_NOT_SAID}我(?:今年|现在|已经|是|才|都|也|快|已|刚满|满|其实)*"
        r"(?P<value>\d{1,3}|[零一二两三四五六七八九十百]{1,4})\s*(?:周)?岁(?!月)",
        0.9,
        "年龄声明：'我今年18岁'、'我十七岁了'（中文数字转为阿拉伯数字）。",
        ("我今年18岁。", "我十七岁了"),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_en_casual",
        EventType.AGE_DECLARATION,
        r"(?:^|[,.!?;(]\s*|\b(?:and|but|hi|hey|hello|btw|so|lol|ok|also|wait|oops|sorry|correction|"
        r"actually|no|nah|oh|um|well|yeah)\s+)(?:i'?m|i\s+am|me|im)\s+"
        r"(?:only\s+|just\s+|like\s+|actually\s+)?(?P<value>\d{1,2}|"
        rf"{EN_NUMBER_WORDS})(?:\s*(?:years?|yrs?|yo|y/o)(?:\s+old)?)?"
        r"(?=\s*(?:$|[,.!?;)]|lol\b|haha|lmao|btw\b|and\b|but\b|so\b|if\b|now\b|tho\b|rn\b|not\b|as\s+of\b|"
        # a run-on chat line goes straight on: "im 8 my mom said i can use this"
        r"my\b|i\b|[\U0001F300-\U0001FAFF]))",
        0.85,
        "An age said casually: 'i'm nine', 'me 12 yrs lol', 'im 11 btw'.",
        ("i'm nine lol", "me 12 yrs lol", "hey im 11 btw", "im 8 my mom said i can"),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_en_years_old",
        EventType.AGE_DECLARATION,
        r"\b(?:i'?m|i\s+am|im)\s+(?:only\s+|just\s+|almost\s+|nearly\s+)?"
        rf"(?P<value>\d{{1,2}}|{EN_NUMBER_WORDS})[\s-]*(?:years?|yrs?)[\s-]+old\b",
        0.85,
        "An age said in full, wherever it stands: 'my name is lily i am ten years old'.",
        ("my name is lily i am ten years old", "ok so im 12-years-old and"),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_this_year",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[,.!?;~\s]))(?:今年|现在|才|已经|刚满)+(?:还是|也就|也|都|就)?(?P<value>\d{1,3}|[零一二两三四五六七八九十]{1,3})"
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
        r"(?:^|(?<=[,.!?;~\s，]))(?:我)?今年(?:应该|大概|已经|刚好|正好|刚满|满|刚|也|都)?(?:是)?"
        r"(?P<value>[一二三四五六七八九]?十[一二三四五六七八九]?|\d{2})"
        r"(?:了|啦|(?=[,.!?;~\s]|$))",
        0.8,
        "'今年六十八了'、'今年刚满18'（没有'岁'，两位数）。",
        (
            "我是刚退休的语文老师,今年六十八了",
            "我是59年的,今年应该是六十七,老糊涂了",
            "今年刚满十八",
        ),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_now_no_sui",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[,.!?;~\s，]))(?:我)?(?:现在|都|已经)(?:已经|都)?(?P<value>[一二三四五六七八九]十[一二三四五六七八九]?|"
        r"[1-9]\d)(?:了|啦)(?=[,.!?;~\s，]|$)",
        0.8,
        "'现在22了'（没有'岁'，两位数，说的是现在：常用来纠正）。",
        ("我上次说21 记错了 现在22了", "都三十了"),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_of_the_age",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[,.!?;~\s，。！？]))(?:我)?(?:都|也|已经|快)*(?P<value>[一二三四五六七八九]十[一二三四五六七八九]?|"
        r"[1-9]\d)(?:岁)?(?:的人了|岁的人)",
        0.8,
        "'六十五的人了'（说自己的年纪；'他都六十的人了'不算）。",
        ("六十五的人了 是不是太笨了", "我都四十岁的人了还学这个"),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_typo_corrected",
        EventType.AGE_DECLARATION,
        r"(?:打|写|说|输)(?:成|错)?了?\s*(?:[1-9]\d|[一二三四五六七八九]十[一二三四五六七八九]?)(?:岁)?"
        r"(?:是(?:手滑|口误|打错|笔误|虚岁)了?|了)?"
        # what comes between: "上次说28 我是97年的 过完生日其实29了"
        r"[^?？\n]{0,20}?(?:周岁)?(?:其实|实际上|应该)(?:是)?"
        r"(?P<value>[1-9]\d|[一二三四五六七八九]十[一二三四五六七八九]?)(?:岁)?(?:了)?(?=[\s,，。.!！~]|$)",
        0.9,
        "打错或说错的年龄改正：'上回手滑打成36了 其实35'、'上次说35是虚岁 周岁其实34'"
        "（改正后的才是年龄）。",
        (
            "先纠正下 上回手滑打成36了 其实35。",
            "上次说34是手滑了 其实是43",
            "上次说35是虚岁 周岁其实34",
            "对了纠正下 上次说28 我是97年的 过完生日其实29了",
        ),
        whole_text=True,
        value_normaliser=normalise_age,
        corrects=True,
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
        r"(?:^|(?<=[.!?,]\s))(?:hey|hi|hello|yo|ok|so)?[.,!]*\s*(?P<value>\d{1,2})\s*(?:yo|y/o|"
        r"(?:years?|yrs?)[\s-]+old)\b"
        r"(?=\s+(?:\w+\s+){0,3}?(?:here|trying|learning|who|looking|student|mom|mum|mama|dad|guy|girl|"
        rf"{EN_OCCUPATIONS}))",
        0.8,
        "An age opening a self-description: '34 yo warehouse supervisor trying to learn python'.",
        ("hey. 34 yo warehouse supervisor trying to learn python", "hi. 41 yr old dad of 3 here"),
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_birthday",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:(?:昨天|今天|前天|上周末?|前几天|刚刚?)(?:我)?)?"
        r"(?:过(?:了|完)?(?:个)?)?生日(?:了|啦)?(?:[\s,，。!！~…]+|就|后)(?:我)?"
        r"(?:就|正式|终于|也|都|刚)?(?:满)?(?P<value>[1-9]\d|[一二三四五六七八九]?十[一二三四五六七八九]?)"
        r"(?:周岁|岁)?(?:了|啦)",
        0.85,
        "过了生日的新年龄：'昨天我过生日 42了'、'今天生日！满18啦'（年龄只有一个，新的替换旧的；"
        "'下周生日就30了'、'我儿子过生日'不算）。",
        ("昨天我过生日 42了 哈哈", "今天生日!满18啦"),
        trigger=r"生日",
        value_normaliser=normalise_age,
        whole_text=True,  # "今天生日！满18啦": the age is a sentence of its own
    ),
    rule(
        "age_en_birthday",
        EventType.AGE_DECLARATION,
        r"(?:(?:^|(?<=[.!?,;]\s)|(?<=[.!?,;])|\b(?:and|so|btw|lol|ok|well|also)\s+)"
        r"(?:(?:just|finally|officially)\s+)?turned\s+(?=[1-9]\d?\b(?!\s*(?:%|percent|pages|minutes|"
        r"mins|hours|days|degrees|points|left|right|around)))"
        r"|\b(?:my\s+)?(?:birthday|bday|b-day)\s+(?:was\s+)?(?:today|yesterday)\b[\s!.,~🎉🎂🥳]*"
        r"(?:(?:officially|finally|now|i'?m|im)\s+)*(?=[1-9]\d\b\s*(?:$|[!.,~🎉🎂🥳]|(?:now|today|"
        r"lol|yay)\b|haha))"
        r"|(?:^|(?<=[.!?,;]\s))(?=[1-9]\d\s+(?:years?|yrs?)\s+young\b))(?P<value>[1-9]\d?)",
        0.85,
        "An age said by a birthday: 'just turned 40 last week', 'bday today! officially 30', "
        "'62 years young' (an age has one value: the new one replaces the old; 'my son just "
        "turned 5' is his).",
        (
            "just turned 40 last week and finally learning to code",
            "bday today! officially 30",
            "62 years young 😄 and determined",
        ),
        trigger=r"turned|birthday|bday|b-day|young",
        value_normaliser=normalise_age,
        whole_text=True,  # "bday today! officially 30": the age is a sentence of its own
    ),
    rule(
        "age_zh_bare",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[\s,，]))(?:嗯嗯?\s*|其实|不对\s*|应该是)?(?:我|本人)(?:其实|今年)?(?P<value>\d{1,2}|"
        r"[二三四五六七八九]十[一二三四五六七八九]?(?=了|啦))(?:岁)?(?=\s|[,，。!！~]|$|了|啦)",
        0.75,
        "年龄只说数字：'嗯嗯 我14 在读初三'、'本人27 文科生'、'我六十二了'。",
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
        r"(?:^|(?<=[,.!?;:]\s)|\b(?:hi|hey|hiya|yo|hello|salut|im|i'm|i\s+am|i\s+meant)[,!]?\s+"
        r"(?:(?:actually|now|currently|technically|officially|finally|also|still|really)\s+)*"
        r"(?:a\s+|in\s+)?|\b(?:im|i'm|i\s+am)\s+\d{1,2}(?:\s*(?:yo|years?\s+old))?\s*(?:,\s*|\s+)"
        r"(?:and\s+)?(?:a\s+|in\s+)?|\bin\s+my\s+(?=(?:first|second|third|fourth|final)\s+year\s+(?:of|at)\s+"
        r"(?:(?:med|medical|law|grad|nursing)\s+school|uni|university|college|nursing|"
        r"(?:my|the)\s+(?:degree|phd|master'?s|course|program(?:me)?|apprenticeship)\b)))"
        # "class 10", "std 8": a school year as India and Pakistan name it
        r"(?P<value>(?:year|grade|primary|class|std\.?|standard)\s+\d{1,2}|"
        r"\d{1,2}(?:st|nd|rd|th)\s+(?:grade|year|class|std|standard)|"
        r"(?:first|second|third|fourth|final)\s+year|freshman|sophomore|junior|senior)\b"
        r"(?!\s+(?:dev|developer|engineer|manager|analyst|partner|associate|citizen|moment))",
        0.8,
        "A school year said in passing: 'hiya, year 11, …', 'im a junior btw', '2nd year econ', "
        "'in my second year of med school'.",
        (
            "hiya, year 11, gcse history mocks are in 2 weeks",
            "im a junior btw",
            "salut! 2nd year econ at mcgill",
            "in my second year of med school and mnemonics help",
            "im 15, class 10 cbse, pune",
        ),
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "school_en_corrected",
        EventType.IDENTITY_DECLARATION,
        r"\b(?:freshman|sophomore|junior|senior|year\s+\d{1,2}|\d{1,2}(?:st|nd|rd|th)\s+grade)\b[,;]?\s*"
        r"(?:[—–-]+\s*)?(?:(?:wait|no|actually|i\s+mean|sorry)[,!.]*\s+){1,3}(?:i'?m\s+(?:a\s+|in\s+)?)?"
        r"(?P<value>freshman|sophomore|"
        r"junior|senior|year\s+\d{1,2}|\d{1,2}(?:st|nd|rd|th)\s+grade)\b",
        0.9,
        "A school year corrected at once: 'im a junior, wait no senior lol', 'im in year 11 — no "
        "wait year 12' (it replaces the turn's others: 'first year of sixth form').",
        (
            "im a junior, wait no senior lol",
            "im in year 11 — no wait year 12, first year of sixth form",
        ),
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
        corrects=True,
    ),
    rule(
        "school_zh_bare",
        EventType.IDENTITY_DECLARATION,
        rf"(?:{_ZH_NOT_SAID}我|本人|^|(?<=[,!~\s]))(?:其实|现在|今年|目前|已经)*(?:是)?(?:一名|一个|个)?"
        r"(?P<value>高[一二三]|初[一二三]|"
        r"大[一二三四]|研[一二三]|博[一二三四五]|(?:小学)?[一二三四五六]年级)(?:狗|党|学生|新生|(?:了|啦|生|的)?"
        r"(?:[上下](?:学期)?(?![个次周午面边])|(?=$|[,.!?~\s]|狗|党|来了|了|不是|刚|在(?![一二三四五六七八九十\d]))))",
        0.8,
        "年级随口一说：'我高二'、'高三狗来了'、'大一新生'、'高一刚开学'、'大二下要考四级'（'大一点'"
        "不算）。",
        (
            "老师好～我高二 这个导数",
            "老师 高三狗来了",
            "高一刚开学 化学老师讲得飞快",
            "大一新生求助",
        ),
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "school_zh_year_of_things",
        EventType.IDENTITY_DECLARATION,
        r"(?<![\u4e00-\u9fff])(?:我们?)?(?:(?:今年|现在)(?:是)?)?"
        r"(?P<value>高[一二三]|初[一二三]|大[一二三四]|[一二三四五六]年级)"
        r"(?=(?:数学|物理|化学|生物|英语|语文|历史|地理|政治|作业|期[中末]|月考)(?!老师|课代表|的?(?:学生|孩子|家长))"
        r"|[\u4e00-\u9fff]{1,4}?(?:狗|党)(?![\u4e00-\u9fff]))",
        0.8,
        "年级说在它的东西前面：'高二物理受力分析完全不会'、'我们四年级作业好多'、'大三统计狗'（'四年级"
        "数学老师'、'初一的学生'不算）。",
        ("救命 高二物理受力分析完全不会", "我们四年级作业本来就好多", "hii 大三统计狗 人在武汉"),
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "role_en_in_passing",
        EventType.IDENTITY_DECLARATION,
        rf"{_EN_START}\s*(?:(?:hey|hi|hello|yo|ok|so|well|um|also|btw)\b[.,!]*\s*)?"
        rf"(?:\d{{1,2}}\s*(?:yo|y/o)\s+)?(?:(?:just|only)\s+)?(?:(?:a|an)\s+)?"
        rf"(?P<value>{EN_WORD_BEFORE_ROLE}{{0,3}}?(?:{EN_ROLE_LOOSE}))"
        r"(?=\s+(?:here|by\s+(?:trade|profession|day)|myself|lol|lmao|haha\w*|btw|tbh|fwiw|"
        r"trying|learning|who|looking|wanting|hoping|needing|studying|for\s+(?:\d{1,2}|a|an|one|two|"
        r"three|four|five|six|seven|eight|nine|ten|\w+teen|twenty|thirty)\+?\s+(?:years?|yrs?|"
        r"decades?)(?!\s+ago)(?!,?\s+(?:now|before|until|till|then|but\s+now)\b))\b|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF])",
        0.75,
        "A role said in passing: 'software dev here', 'just a humble line cook lol', 'backend dev "
        "for 6 years', 'nurse by day'.",
        (
            "software dev here",
            "just a humble line cook lol",
            "hey. 34 yo warehouse supervisor trying to learn python",
            "backend dev for 6 years and I still don't get CSS grid",
        ),
        trigger=r"here|trade|profession|\bday|years?|yrs?|decade|myself|lol|lmao|haha|btw|tbh|"
        r"fwiw|trying|learning|who|looking|wanting|hoping|needing|studying|"
        r"[\U0001F300-\U0001FAFF\u2600-\u27BF]",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_en_years_as",
        EventType.IDENTITY_DECLARATION,
        # a role held for years and still held: not "retired after 40 years as an electrician"
        r"(?:^|(?<=[.!?]\s))(?![^.!?]*\b(?:retired|after|quit|left|used\s+to|was|were|worked|spent|did|back\s+then)\b)"
        r"[^.!?]*?\b(?:\d{1,2}\+?|a\s+few|many|several|two|three|four|five|six|seven|eight|nine|ten)\s+"
        rf"(?:yrs?|years?)\s+(?:now\s+)?as\s+(?:an?\s+)?(?P<value>{EN_WORD_BEFORE_ROLE}{{0,2}}?(?:{EN_ROLE_LOOSE}))\b",
        0.75,
        "A role with the years in it: '12 yrs as a staff nurse on a surgical ward here in Cardiff' "
        "(not 'retired after 40 years as an electrician').",
        ("12 yrs as a staff nurse on a surgical ward here in Cardiff",),
        trigger=r"\bas\b",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_en_bootcamp",
        EventType.IDENTITY_DECLARATION,
        r"(?:(?:^|(?<=[,.;!?]\s)|\bnow\s+|\bI'?m\s+|\bim\s+|\bI\s+am\s+)(?:(?:now|just|already|only)\s+)?"
        r"(?:\d{1,2}|a\s+few|two|three|four|five|six)\s+(?:weeks?|months?|days?)\s+into|"
        r"\b(?:I'?m|im|I\s+am)\s+(?:doing|in|at)|\bI\s+(?:started|enrolled\s+in|signed\s+up\s+for)|"
        r"(?:^|(?<=[,.;!?]\s))(?:doing|started|"
        r"starting|enrolled\s+in|signed\s+up\s+for))\s+(?:a|an|my|the)\s+(?:[\w-]+\s+){0,3}?bootcamp\b"
        r"(?![^.!?]*\?)",
        0.75,
        "In a bootcamp now: 'now 6 weeks into a full time coding bootcamp', 'I'm doing a data "
        "bootcamp' (not 'should I do a bootcamp?').",
        (
            "now 6 weeks into a full time coding bootcamp here in austin",
            "I'm doing a data bootcamp",
        ),
        trigger=r"bootcamp",
        fixed_value="bootcamp student",
    ),
    rule(
        "role_en_in_passing_phrase",
        EventType.IDENTITY_DECLARATION,
        rf"{_EN_START}\s*(?:(?:hey|hi|hello|yo|ok|so|well|um|also|btw)\b[.,!]*\s*)?"
        rf"(?:\d{{1,2}}\s*(?:yo|y/o)\s+)?(?:(?:just|only)\s+(?:a|an)\s+(?:humble\s+|lowly\s+)?)?"
        # a greeting is no word of the role: "Hello teacher!" greets whom the user talks to
        r"(?!(?:hey|hi|hiya|hello|yo|dear|morning|evening)\b)"
        rf"(?P<value>(?:retired\s+)?{EN_WORD_BEFORE_ROLE}{{0,2}}?(?:{EN_ROLE_COMPOUND})|(?:retired\s+)?"
        rf"{EN_WORD_BEFORE_ROLE}{{1,2}}?(?:{EN_ROLE_PHRASE}))"
        r"(?=\s*$|\s*[.!]|,\s|\s+(?:in|at|from|studying|working|on|out\s+of)\b)",
        0.75,
        "A role as a phrase of its own: 'hey. icu nurse, nights, 6 yrs in', 'PhD student in chem', "
        "'retired teacher'.",
        ("hey. icu nurse, nights, 6 yrs in.", "PhD student in chem", "retired teacher"),
        value_normaliser=normalise_role,
    ),
    placed_rule(
        "role_en_bare",
        EventType.IDENTITY_DECLARATION,
        rf"{_EN_START}\s*(?:(?:hey|hi|hello|yo|ok|so|well|um|also|btw)\b[.,!]*\s*)?"
        rf"(?!(?:{_EN_ADDRESSED})\b)(?P<value>{EN_ROLE_PHRASE}),\s",
        0.7,
        "A role alone before a comma: 'premed, junior year' (not 'teacher, can you …').",
        ("premed, junior year", "hey. nurse, nights"),
        trigger=r",\s",
        value_normaliser=normalise_role,
        exclude=EN_SOMEONE_ELSE,
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
        r"(?:二战)?(?P<value>考研(?:狗|党|人))(?:一枚|一个|来了)?",
        0.75,
        "身份的网络说法：'二战考研狗一枚'（'打工人''社畜'只是自嘲，不是职业）。",
        ("在吗在吗 二战考研狗一枚🐶",),
        value_normaliser=normalise_value,
    ),
    rule(
        "role_zh_nth_try_kaoyan",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…])|我(?:是|今年)?)(?P<value>[二三四]战考研)(?!狗|党|人)(?![^,，。!！~\s]*[吗?？])",
        0.75,
        "再考一次的考研人：'二战考研 数一'（'二战考研狗'见上一条）。",
        ("二战考研 数一 线代特征值那块一直搞不清楚",),
        trigger=r"战考研",
    ),
    rule(
        "role_zh_gig_work",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:现在|目前|平时|白天|晚上|周末|一直|在|是)*"
        rf"(?:在[\u4e00-\u9fffA-Za-z]{{1,8}}?)?(?:跑|送)(?P<value>{'|'.join(_GIG_ROLES)})(?:的)?(?=$|[\s,，。!！~…]|了|呢|啊|为生)"
        r"(?![^,，。!！~\s]*[吗?？])",
        0.75,
        "靠跑单为生：'我白天跑外卖'、'我是送快递的'、'我在深圳送外卖的' → 外卖员、快递员。",
        ("兄弟 晚上好 我白天跑外卖 晚上研究摄影", "我是送快递的", "我在深圳送外卖的"),
        trigger=r"[跑送](?:外卖|快递|滴滴|网约车)",
        value_normaliser=lambda raw: _GIG_ROLES[raw],
    ),
    rule(
        "role_zh_drives",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:现在|目前|平时|一直|是)*开(?P<value>"
        rf"{'|'.join(sorted(_ZH_DRIVEN, key=len, reverse=True))})的(?=$|[\s,，。!！~…]|啊|呢)",
        0.75,
        "开什么车为生：'我开货车的'、'我是开出租的' → 货车司机、出租车司机。",
        ("我开货车的，路上只能听", "我是开出租的"),
        trigger=r"开",
        value_normaliser=lambda raw: _ZH_DRIVEN[raw],
    ),
    rule(
        "role_en_drives",
        EventType.IDENTITY_DECLARATION,
        r"\bI\s+(?:currently\s+|still\s+|now\s+)?drive\s+(?:an?\s+)?(?P<value>"
        rf"{'|'.join(sorted(_EN_DRIVEN, key=len, reverse=True))})(?:e?s)?\s+"
        r"(?:for\s+(?:a\s+living|work|a\s+job)|professionally|full[\s-]time|"
        # where one drives it for work ("at a warehouse", "for a logistics company")
        r"(?:at|for)\s+(?:a|an|the|my)\s+(?:[\w-]+\s+)?(?:warehouse|depot|factory|plant|port|yard|"
        r"site|company|firm|hospital|school|airport))\b",
        0.8,
        "What the user drives for a living: 'I drive a truck for a living', 'I drive a forklift "
        "at a warehouse' → truck driver, forklift driver.",
        (
            "I drive a truck for a living so audio is the only way I can study",
            "I drive a forklift at a warehouse, zero coding background",
        ),
        trigger=r"\bdrive\s",
        value_normaliser=lambda raw: _EN_DRIVEN[raw.lower()],
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
        "role_en_is_not",
        EventType.IDENTITY_DECLARATION,
        rf"\b(?:{EN_I_AM}|im)\s+(?:(?:actually|really|just)\s+)?(?:a|an)\s+"
        rf"(?P<value>{EN_WORD_BEFORE_ROLE}{{0,2}}?(?:{EN_ROLE})),?\s+(?:not|rather\s+than|instead\s+of)\s+"
        rf"(?:a|an)\s+(?:[\w-]+\s+){{0,2}}?(?:{EN_ROLE})\b",
        0.9,
        "A role said against the one it corrects: 'I'm an auditor, not an accountant'.",
        ("I'm an auditor, not an accountant", "im a paralegal not a lawyer lol"),
        trigger=r"\bnot\b|rather|instead",
        value_normaliser=normalise_role,
        corrects=True,
    ),
    rule(
        "role_en_not_but",
        EventType.IDENTITY_DECLARATION,
        rf"\b(?:{EN_I_AM}|im)\s+not\s+(?:a|an)\s+(?:[\w-]+\s+){{0,2}}?(?:{EN_ROLE})\b[,;]?\s+"
        rf"(?:(?:but|I'm|im|I\s+am|just|actually)\s+)+(?:a|an)\s+"
        rf"(?P<value>{EN_WORD_BEFORE_ROLE}{{0,2}}?(?:{EN_ROLE})){_EN_AFTER_ROLE}",
        0.9,
        "A role said after the one it corrects: 'I'm not a nurse, I'm a midwife'.",
        ("I'm not a nurse, I'm a midwife", "im not a teacher but a teaching assistant"),
        trigger=r"\bnot\b",
        value_normaliser=normalise_role,
        corrects=True,
    ),
    rule(
        "role_en_no_longer",
        EventType.IDENTITY_DECLARATION,
        rf"\b(?:{EN_I_AM}|im)\s+(?:not|no\s+longer)\s+(?:a|an)\s+(?P<value>{EN_ROLE})"
        r"(?=\s*(?:$|[,.!;)~])|\s+(?:anymore|any\s+more|now|lol|tbh|but|and|though|tho|either)\b)"
        r"(?![^.!?]*\?)",
        0.85,
        "A role denied or over: 'I'm not a barista anymore', 'I'm no longer a teacher' (it ends "
        "that role and says no other).",
        ("I'm not a barista anymore", "I'm no longer a teacher", "im not a nurse lol"),
        trigger=r"\bnot\b|no\s+longer",
        value_normaliser=normalise_role,
        polarity=NEGATIVE,
    ),
    rule(
        "role_en_quit",
        EventType.IDENTITY_DECLARATION,
        r"\bI\s+(?:just\s+|finally\s+|recently\s+|already\s+)?(?:quit|left|resigned\s+from|gave\s+up|"
        r"stopped)\s+(?:(?:my\s+(?:job|position|role|work)\s+as|being)\s+(?:a|an)\s+|my\s+)"
        rf"(?P<value>{EN_ROLE})(?:\s+(?:job|position|gig|role))?\b(?![^.!?]*\?)",
        0.85,
        "A job quit: 'I quit my job as a barista', 'I left my barista job', 'I quit being a "
        "teacher' (it ends that role).",
        ("I quit my job as a barista", "I quit being a teacher"),
        trigger=r"\b(?:quit|left|resigned|gave\s+up|stopped)\b",
        value_normaliser=normalise_role,
        polarity=NEGATIVE,
    ),
    rule(
        "role_en_job_ended",
        EventType.IDENTITY_DECLARATION,
        r"(?<!\bif\s)(?<!\bshould\s)(?<!\bcould\s)(?<!\bwould\s)(?<!\bcan\s)(?<!\bdo\s)"
        r"(?<!\bdid\s)\bI\s+(?:(?:just|finally|recently|already|officially|actually)\s+)?"
        r"(?:(?:quit|left|resigned\s+from)\s+(?:my|the)\s+(?:day\s+|old\s+)?(?:job|position)|"
        r"resigned|(?:got|was|have\s+been|'ve\s+been)\s+(?:fired|let\s+go|made\s+redundant|"
        r"sacked))\b(?![^.!?]*\?)",
        0.8,
        "A job ended without naming it: 'I quit my job', 'I was fired' (it ends the user's "
        "current job, whatever it was; being laid off says 'between jobs', `role_en_jobless`).",
        ("so I quit my job last week lol", "I was let go in March"),
        trigger=r"\b(?:quit|left|resigned|fired|let\s+go|redundant|sacked)\b",
        polarity=NEGATIVE,
    ),
    rule(
        "role_zh_work_as",
        EventType.IDENTITY_DECLARATION,
        rf"(?<![把拿让叫])我(?:现在|目前|一直|已经)?(?:在[\u4e00-\u9fffA-Za-z]{{1,8}}?)?(?:做|当|干)(?:了)?"
        rf"(?P<value>{ZH_ROLE}){_ZH_NOT_QUESTION}",
        0.8,
        "'我在外企做产品经理'、'我做会计的'（'别把我当小学生'不算）。",
        ("我在外企做产品经理", "我做会计的"),
        trigger=r"做|当|干",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_do_x_de",
        EventType.IDENTITY_DECLARATION,
        # (HR said of one's job: "HR说…" alone is the HR person, so it is no head of its own)
        rf"(?:^|(?<=[\s,，。!！~…]))(?:现在|目前|平时)?(?:是)?(?:做|干)(?P<value>{ZH_ROLE}|HR)的"
        r"(?=$|[\s,，。!！~…]|啦|呀)"
        rf"{_ZH_NOT_QUESTION}",
        0.75,
        "做什么的，不带'我'：'坐标广州 做HR的'。",
        ("hi 坐标广州 做HR的 白天忙成狗",),
        trigger=r"做|干",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_now_doing",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_START}(?:现在|目前|如今)(?:在)?(?:做|当|干)(?:了)?(?P<value>{ZH_ROLE})"
        rf"{_ZH_ROLE_END}{_ZH_NOT_QUESTION}",
        0.8,
        "没有'我'的现职：'转行了 现在做程序员'（'现在做老师布置的作业'不算）。",
        ("我转行了 现在做程序员", "目前当销售"),
        trigger=r"现在|目前|如今",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_for_years",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_START}(?:现在|目前|一直|已经)?(?:在[\u4e00-\u9fffA-Za-z]{{1,8}}?)?(?:做|当|干)(?:了)?"
        rf"(?P<value>{ZH_ROLE})(?:了)?(?:[一二三四五六七八九十两几\d]+|好几|好多|很多|多)"
        r"(?:年|个月)",
        0.75,
        "没有'我'的职业：'当老师十年了'（'想当老师'不算）。",
        ("当老师十年了", "干销售三年了"),
        trigger=r"年|个月",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_doing_bare",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_START}(?:是)?(?:做|干)(?P<value>{ZH_ROLE})的(?=$|[\s,，。!！~]|啦|呢|哈)",
        0.75,
        "'做会计的'、'干销售的'，句首没有'我'。",
        ("做会计的", "嗯 干销售的"),
        trigger=r"的",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_in_passing",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_START}(?:本人|偶是|我是)?(?:一[名个位枚])?(?P<value>[\u4e00-\u9fff]{{0,4}}?(?:{ZH_ROLE}))"
        r"(?:一枚|一只|一个|一名|本人|在此|来了|报到|报道)",
        0.75,
        "随口一说的身份：'码农一枚'、'护士一枚'。",
        ("码农一枚", "本人护士一枚"),
        trigger=r"一枚|一只|一个|一名|本人|在此|来了|报到|报道",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_as_a",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_START}(?:我)?(?:作为|身为)(?:一[名个位枚]|个|名)?(?:\d{{1,2}}岁的)?"
        rf"(?P<value>[\u4e00-\u9fff]{{0,4}}?(?:{ZH_ROLE}))(?![\u4e00-\u9fff]*[,，\s]*你)",
        0.8,
        "'作为/身为'带出的身份：'作为一个35岁的全职妈妈'、'身为护士'（'作为老师你应该…'说的是你）。",
        ("作为一个35岁的全职妈妈，重新捡起英语真的好难", "身为一名程序员 数学居然这么差"),
        trigger=r"作为|身为",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_years_in",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_START}(?:我)?(?:已经)?(?:做|当|干)了(?:[一两二三四五六七八九十几\d]{{1,3}}|半)多?年(?:多)?(?:的)?"
        rf"(?P<value>[\u4e00-\u9fff]{{0,4}}?(?:{ZH_ROLE}))(?:了|啦)?(?=$|[\s,，。!！~…])",
        0.8,
        "做了几年的职业：'做了十年会计了'、'当了五年护士'（'以前当了两年老师'是过去的）。",
        ("做了十年会计了，现在想转数据分析", "当了五年护士 想考个证"),
        trigger=r"了",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_form",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_START}(?:职业|工作|身份)\s*[:：]\s*(?P<value>[\u4e00-\u9fff]{{0,4}}?(?:{ZH_ROLE}))"
        r"(?=$|[\s,，。;；])",
        0.8,
        "表格式的身份：'职业：药剂师'。",
        ("年龄：29  职业：药剂师  目标：过执业药师考试",),
        trigger=r"职业|工作|身份",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_status",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…]))(?:我是|本人|我)?(?P<value>全职(?:妈妈|宝妈|爸爸|奶爸|太太)|宝妈|"
        r"家庭主[妇夫]|自由职业者?)(?=$|[\s,，。!！~…]|一枚|一个|哈|呢|啦)",
        0.75,
        "不必说'我是'的身份：'全职妈妈，想学英语'、'自由职业'。",
        ("全职妈妈,想学点英语", "自由职业"),
        trigger=r"全职|宝妈|家庭主|自由职业",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_workplace",
        EventType.IDENTITY_DECLARATION,
        rf"(?:{_ZH_START}|我)(?:现在|目前|平时|一直|也)?在(?P<value>医院|学校|银行|工厂|厂里|公司|单位|餐厅|"
        r"饭店|工地|超市|诊所|药店|幼儿园)(?:里)?(?:上班|工作|打工)",
        0.7,
        "工作单位：'在医院上班'（'我妈在医院上班'不算）。",
        ("在医院上班", "我在银行工作"),
        trigger=r"上班|工作|打工",
        value_normaliser=_zh_place_role,
    ),
    rule(
        "role_zh_shop",
        EventType.IDENTITY_DECLARATION,
        rf"(?:{_ZH_START}|我)(?:现在|目前|自己)*(?:在[\u4e00-\u9fff]{{2,4}}?)?"
        rf"(?=开了|开[个家间]|(?:是)?开[^,，。]{{0,6}}的)(?:是)?开(?:了)?(?:一)?"
        r"[家个间]?(?P<value>[\u4e00-\u9fff]{0,4}?(?:店|馆|铺|超市|公司|工作室))",
        0.75,
        "开店、开公司：'开了家小店'、'自己开公司的'。",
        ("开了家小店", "我自己开公司的", "在长沙开个小饭馆 每天收摊都11点了"),
        trigger=r"开",
        value_normaliser=_zh_shop_role,
    ),
    rule(
        "role_zh_retired",
        EventType.IDENTITY_DECLARATION,
        rf"(?:{_ZH_START}|(?<![等快要想])我)(?:已经|刚|刚刚|早就|早已|去年|前年)+退休(?!金|后|以后|工资)"
        r"|(?:(?<=^)|(?<=[\s,，。!！~])|(?<![等快要想])我)(?:已经|刚|刚刚)?退休(?:了|啦|在家|好几年|"
        r"[一二三四五六七八九十两几\d]+年)",
        0.8,
        "已经退休：'刚退休'、'我退休三年了'（'等我退休了''快退休了'不算）。",
        ("刚退休", "我退休三年了"),
        trigger=r"退休",
        fixed_value="退休人员",
    ),
    rule(
        "role_zh_interning",
        EventType.IDENTITY_DECLARATION,
        rf"(?:{_ZH_START}|(?<![他她你])我)(?:现在|目前|正在|在)*(?:在[^,，。!！?？\s我你他她做当干]{{1,10}}?)?"
        r"(?:这边|那边)?实习(?![过了生的期]|完)",
        0.75,
        "在实习：'在陆家嘴这边实习'、'我在腾讯实习'（'我以前在腾讯实习过'、'我女儿在腾讯实习'不算）。",
        ("人已经搬到上海了 在陆家嘴这边实习 地铁上刷题", "我在腾讯实习"),
        trigger=r"实习",
        fixed_value="实习生",
    ),
    rule(
        "role_zh_jobless",
        EventType.IDENTITY_DECLARATION,
        rf"(?:{_ZH_START}|(?<![怕担心])我)(?:现在|目前|已经|刚|刚刚)*(?:在家)?(?:待业|失业|被裁(?:员)?了|裸辞)"
        r"(?!率|金|保险|的人|人员|补助)",
        0.75,
        "在找工作：'待业中'、'刚被裁了'（'我怕失业'不算）。",
        ("待业中", "我刚被裁了"),
        trigger=r"待业|失业|被裁|裸辞",
        fixed_value="待业",
    ),
    rule(
        "role_en_work_as",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|\bI\s+|\bI'm\s+|\bim\s+|\bI've\s+been\s+)(?:currently\s+|now\s+|also\s+|still\s+)?"
        r"(?:work(?:ing)?|employed)\s+(?:(?:nights|days|evenings|weekends|shifts|part[\s-]time|"
        r"full[\s-]time)\s+)?as\s+(?:(?:a|an)\s+)?"
        rf"(?P<value>{EN_WORD_BEFORE_ROLE}{{0,3}}?(?:{EN_ROLE}|{EN_ROLE_SUFFIX})){_EN_AFTER_ROLE}",
        0.85,
        "'work as a bartender', 'I've been working as a nurse', 'I work nights as a security "
        "guard', 'I work as accountant'.",
        (
            "work as a bartender",
            "I've been working as a nurse for 6 years",
            "I am 38, a dad, I work nights as a security guard here in Dublin",
            "I work as accountant in Ho Chi Minh City",
        ),
        trigger=r"\bas\s",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_en_as_a",
        EventType.IDENTITY_DECLARATION,
        rf"(?:^|(?<=[.!?]\s))as\s+(?:a|an)\s+(?P<value>{EN_WORD_BEFORE_ROLE}{{0,2}}?(?:{EN_ROLE})),\s*"
        r"(?:i|i'm|im|i've|my|we)\b",
        0.8,
        "'As a nurse, I …': the user speaking as what they are.",
        ("As a nurse, I see this all the time",),
        trigger=r"^as\s|[.!?]\sas\s",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_en_teach",
        EventType.IDENTITY_DECLARATION,
        r"\bI\s+(?:currently\s+|also\s+|still\s+|now\s+)?teach\s+(?P<value>(?:[\w-]+\s+){0,2}?"
        r"(?:(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
        r"tenth|eleventh|twelfth)\s+grade|kindergarten|pre-?k|(?:high|middle|elementary|primary|"
        r"secondary)\s+school|esl|efl|college|university|uni|(?:at|in)\s+(?:a|an|the)\s+(?:[\w-]+\s+)?"
        r"(?:school|college|university|academy)|(?:math|maths|english|science|history|biology|"
        r"chemistry|physics|art|music|spanish|french|pe)\s+(?:at|to|in)\b))",
        0.8,
        "'I teach 3rd grade' (a teacher; 'I teach myself guitar' is not one).",
        ("I teach 3rd grade", "i teach high school chem"),
        trigger=r"\bteach\s",
        value_normaliser=_en_teacher_of,
    ),
    rule(
        "role_en_for_a_living",
        EventType.IDENTITY_DECLARATION,
        r"\bI\s+(?:do\s+)?(?P<value>[\w\s-]{2,25}?)\s+(?:\w+\s+)?for\s+a\s+living\b",
        0.8,
        "'I do bookkeeping for a living' (the activity names the role).",
        ("I do bookkeeping for a living", "I code for a living"),
        trigger=r"for\s+a\s+living",
        value_normaliser=normalise_activity_role,
    ),
    rule(
        "role_en_workplace",
        EventType.IDENTITY_DECLARATION,
        r"\bI\s+(?:currently\s+|now\s+|also\s+|still\s+)?work\s+(?:(?:at|in|for)\s+(?:a|an|the)\s+"
        r"(?:[\w-]+\s+)?(?=(?:hospital|school|bank|factory|restaurant|warehouse|clinic|pharmacy|"
        r"daycare|caf[eé]|coffee\s+shop|supermarket|hotel|call\s+cent(?:re|er))\b)|in\s+)"
        r"(?P<value>hospital|school|bank|factory|restaurant|warehouse|clinic|pharmacy|daycare|caf[eé]|"
        r"coffee\s+shop|supermarket|hotel|call\s+cent(?:re|er)|(?-i:IT)|tech|healthcare|health\s+care|retail|finance|hospitality|"
        r"construction|sales|marketing|real\s+estate)\b",
        0.7,
        "Where the user works: 'I work at a hospital', 'I work in IT'.",
        ("I work at a hospital", "I work in IT", "i work at a cafe in auckland"),
        trigger=r"\bwork\s+(?:at|in|for)\b",
        value_normaliser=normalise_activity_role,
    ),
    rule(
        "role_en_business",
        EventType.IDENTITY_DECLARATION,
        r"\bI\s+(?:currently\s+|now\s+|also\s+)?(?:(?:run|own|opened|started)\s+(?:a|an|my\s+own|"
        r"our)|have\s+my\s+own)\s+(?:(?:small|little|tiny|family|local|new|own)\s+){0,2}(?:[\w-]+\s+)?"
        r"(?:bakery|cafe|café|coffee\s+shop|restaurant|shop|store|business|salon|gym|farm|"
        r"clinic|practice|daycare|bar|boutique|food\s+truck|startup|company|firm|agency)\b",
        0.75,
        "'I run a small bakery', 'I own a restaurant'.",
        ("I run a small bakery", "I own a little coffee shop"),
        trigger=r"\b(?:run|own|opened|started|have\s+my)\s",
        fixed_value="business owner",
    ),
    rule(
        "role_en_jobless",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|\b(?:I'?m|im|i\s+am)\s+(?:currently\s+|still\s+|kinda\s+|kind\s+of\s+|technically\s+|"
        r"now\s+)?)(?:between\s+jobs|unemployed|out\s+of\s+work|jobless)\b"
        r"|\bI\s+(?:just\s+|recently\s+)?(?:got|was|been)\s+laid\s+off\b|\bI\s+(?:just\s+)?lost\s+my\s+job\b",
        0.75,
        "Between jobs: 'between jobs rn', 'I just got laid off'.",
        ("between jobs rn", "I just got laid off"),
        trigger=r"jobs?\b|unemployed|out\s+of\s+work|laid\s+off",
        fixed_value="between jobs",
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
        rf"\b(?:{EN_I_AM}|im|I\s+became|I\s+used\s+to\s+be)\s+(?:(?:just|only|also|actually|currently|"
        r"now|still|basically|literally|technically|officially|finally|kinda|kind\s+of|sort\s+of|sorta|"
        r"maybe|probably)\s+)*(?:a|an)\s+"
        rf"(?!(?:bit|lot|little|tad|touch)\b)(?P<value>{EN_WORD_BEFORE_ROLE}{{0,3}}?(?:{EN_ROLE}))"
        rf"{_EN_AFTER_ROLE}",
        0.85,
        "An occupation or role: 'I'm a nurse', 'im an ER nurse on nights' (not 'I'm a junior', "
        "'a teacher's pet', 'a terrible cook').",
        ("I'm a high school teacher.", "im an ER nurse on nights"),
        trigger=r"\ban?\s",
        value_normaliser=normalise_role,
    ),
    rule(
        "identity_en_occupation_suffix",
        EventType.IDENTITY_DECLARATION,
        rf"\b(?:{EN_I_AM}|im)\s+(?:(?:just|only|also|actually|currently|now|still)\s+)*(?:a|an)\s+"
        rf"(?!(?:bit|lot|little|tad|touch)\b)(?P<value>{EN_WORD_BEFORE_ROLE}{{0,2}}?(?:{EN_ROLE_SUFFIX}))"
        rf"{_EN_AFTER_ROLE}",
        0.7,
        "An occupation known by its suffix: 'I'm a phlebotomist', 'im a welder'.",
        ("I'm a phlebotomist", "im a roofer lol"),
        trigger=r"\ban?\s",
        value_normaliser=normalise_role,
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
        value_normaliser=normalise_school_year,
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
        rf"{_ZH_NOT_SAID}我(?:现在|目前|已经|本身|也|就)?是(?:一名|一个|一位|个|名|位|一枚)?"
        r"(?!(?:一名|一个|一位|个|名|位|一枚)?(?:(?:学|读|念)(?!生)|(?:大[一二三四]|研[一二三]|高[一二三]|"
        r"初[一二三]|[一二三四五六]年级)(?:的)?(?:学生|生)))"
        rf"(?:(?!{_ZH_RETIRED_FROM}){ZH_ROLE_WHERE})?(?:一名|一个|一位|一枚)?"
        rf"(?P<value>{_ZH_RETIRED_FROM}?(?:(?!不是|而是)[\u4e00-\u9fff]){{0,6}}(?:{ZH_ROLE}))"
        r"(?!的[\u4e00-\u9fff]|们|会|家长|部|科|专业)"
        rf"{_ZH_NOT_QUESTION}",
        0.85,
        "职业或身份：'我是一名高中生'、'我是程序员'、'我是青岛一所初中的体育老师'（'我是学生家长吗'"
        "不算）。",
        ("我是一名高中生", "我现在是程序员。", "我是广州这边的规培住院医", "我是刚退休的语文老师"),
        trigger=r"是",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_job_is",
        EventType.IDENTITY_DECLARATION,
        rf"(?:{_ZH_START}|我的?|，)(?:上班|工作|职业|本职|主业|正职)(?:是|做|当)(?:一名|一个|个)?"
        rf"(?P<value>[\u4e00-\u9fffA-Za-z]{{0,4}}?(?:{ZH_ROLE})){_ZH_ROLE_END}{_ZH_NOT_QUESTION}",
        0.8,
        "说工作是什么：'上班是互联网产品经理'、'我的工作是会计'（'工作是老师布置的'不算）。",
        ("上班是互联网产品经理，996那种", "我的工作是会计"),
        trigger=r"上班|工作|职业|本职|主业|正职",
        value_normaliser=normalise_role,
    ),
    rule(
        "identity_zh_occupation_suffix",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_NOT_SAID}我(?:现在|目前|已经|本身|也|就)?是(?:一名|一个|一位|个|名|位)?"
        r"(?P<value>[\u4e00-\u9fff]{1,4}?(?:师|员|工|匠))(?=$|[\s,，。!！~…]|一枚|呢|啊|哈|啦|了)"
        rf"{_ZH_NOT_QUESTION}",
        0.7,
        "以'师''员''工'结尾的职业：'我是配音员'（'我是会员'不算）。",
        ("我是配音员", "我是一名焊工"),
        trigger=r"是",
        value_normaliser=normalise_zh_suffix_role,
    ),
    rule(
        "identity_zh_grade",
        EventType.IDENTITY_DECLARATION,
        r"(?:我|^|(?<=[\s,，]))(?:现在|目前|今年|刚|才|已经)*(?:在)?"
        # where ("武汉读大四"), never whose ("儿子读大四")
        r"(?:(?:(?![儿女孩娃妈爸哥姐弟妹爷奶公婆他她我们想要去考打算准备朋友同学事室舍象闺蜜表堂])[\u4e00-\u9fff]){2,3}?"
        r"(?=读))?(?:读|上|念)(?P<value>(?:小学|初中|高中|大学)?[一二三四五六1-6]年级"
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
    # --- said in passing, in lists and as corrections ---------------------------------------
    placed_rule(
        "age_en_list_item",
        EventType.AGE_DECLARATION,
        r"(?<!\d,)(?<!\d,\s)(?<=,)\s*(?P<value>1[3-9]|[2-9]\d)(?:\s*(?:[mf]\b|yo\b|y/o))?"
        r"(?=\s*(?:$|[.;!]|,(?!\s*\d)|\s+(?:tho|lol|btw|here|and|but|so)\b))",
        0.8,
        "An age as a later item of a list about oneself: 'im a sophomore, pre-med, 19', 'I'm Sam, "
        "34, I teach chemistry', 'sparky from melbourne, 34, been playing' (not '3, 17, 21').",
        ("im a sophomore, pre-med, 19", "hey, I'm Sam, 34, I teach chemistry"),
        trigger=r",\s*[1-9]\d",
        value_normaliser=normalise_age,
        context=re.compile(
            r"^\W*(?:(?:hi+|hey+|hello|hiya|yo|g'?day|ok|so)\b\W*)?(?:(?:i'?m|im|i\s+am|me)\b|"
            r"\w+\s+from\s+\w+\s*,)",
            re.IGNORECASE,
        ),
        exclude=EN_SOMEONE_ELSE,
    ),
    placed_rule(
        "age_en_list",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[.!?:]\s)|(?<=,\s)|(?<=,))(?:(?:hi|hey|hello|hiya|heya|yo|ok|so|well|um|sup)\b"
        r"[.,!]*\s*)?(?P<value>1[3-9]|[2-9]\d)\s*(?:[mf]\b|yo\b|y/o)?\s*[,/]\s*(?:(?:a|an)\s+)?"
        rf"(?:(?=(?:{EN_WORD_BEFORE_ROLE}{{0,3}}?(?:{EN_ROLE_LOOSE})|(?:{EN_FIELD})\s+major|male|female|guy|"
        r"girl|man|woman|dude|married|single|freshman|sophomore|junior|senior|(?:first|second|"
        r"third|fourth|final)\s+year|year\s+\d{1,2}|grade\s+\d{1,2}|\d{1,2}(?:st|nd|rd|th)\s+"
        r"(?:grade|year)|[mf])(?=\s*(?:$|[,.!;/]|\s+(?:here|and|from|in|at|with|who|trying|out\s+of|"
        r"learning|looking|lol|btw|tbh|rn|based|living|just|mostly)\b)))|(?=(?:(?:from|based\s+in|"
        r"living\s+in|in|here\s+in)\s+)?(?P<place>\w)))",
        0.8,
        "An age opening a list about oneself: '41, dental hygienist, just bought a house', "
        "'23, london' (the next item is a role, a year or a place; not '15, 20, 25').",
        ("41, dental hygienist, just bought a house", "hey! 23, nurse, london", "19/f/nyc"),
        trigger=r"\d\s*(?:[mf]\b|yo\b|y/o)?\s*[,/]",
        value_normaliser=normalise_age,
        place_tail=re.compile(
            r"\s*(?:$|[,.;!/]|\s+(?:here|rn|lol|btw|area|based|and)\b)", re.IGNORECASE
        ),
        exclude=EN_SOMEONE_ELSE,
    ),
    rule(
        "age_en_not",
        EventType.AGE_DECLARATION,
        rf"\b(?:{EN_I_AM}|im|i\s+m)\s+(?:(?:actually|really|only|just)\s+)?(?P<value>\d{{1,2}})\s*"
        rf"(?:(?:yo|y/o|years?\s+old)\s*)?,?\s*(?:not|n't)\s+{_EN_SMALL_NUMBER}\b"
        r"(?!\s*(?:minutes|mins|hours|hrs|days|weeks|months|%|percent|points|pages))",
        0.92,
        "An age corrected: 'wait I'm 15 not 16' (it replaces the turn's other ages).",
        ("wait I'm 15 not 16", "sorry, im 14, not 15 lol"),
        trigger=r"\bnot\b",
        value_normaliser=normalise_age,
        corrects=True,
    ),
    rule(
        "school_zh_corrected",
        EventType.IDENTITY_DECLARATION,
        r"(?:我|^|(?<=[,!~\s，]))(?:其实|现在|今年|目前|已经|应该)*(?:是)?(?P<value>高[一二三]|初[一二三]|"
        r"大[一二三四]|研[一二三]|[一二三四五六]年级)(?:了|啦|的|学生)?[,，\s]*(?:而)?不是",
        0.9,
        "纠正年级：'其实我是大三不是大二'（年级只有一个，新的替换旧的）。",
        ("其实我是大三不是大二", "我现在高二了 不是高一"),
        trigger=r"不是",
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "school_zh_not_but",
        EventType.IDENTITY_DECLARATION,
        r"(?:我|^|(?<=[,!~\s，]))(?:其实)?不是(?:高[一二三]|初[一二三]|大[一二三四]|研[一二三]|[一二三四五六]年级)"
        r"(?:了|啦|的)?[,，\s]*(?:而)?(?:是|我是)(?P<value>高[一二三]|初[一二三]|大[一二三四]|研[一二三]|"
        r"[一二三四五六]年级)",
        0.9,
        "'我不是大二 是大三'：后一个是年级。",
        ("我不是大二 是大三", "不是初二，是初三"),
        trigger=r"不是",
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "role_zh_corrected",
        EventType.IDENTITY_DECLARATION,
        r"(?:(?:其实|实际上|准确说|准确地说|现在)(?:我)?(?:现在|目前)?(?:是|在做|做|当)|应该是)"
        rf"(?:一名|一个|一位|个|名)?(?P<value>[\u4e00-\u9fff]{{0,4}}?(?:{ZH_ROLE}))"
        rf"(?!的[\u4e00-\u9fff]|们|会|家长|部|科|专业){_ZH_NOT_QUESTION}",
        0.9,
        "纠正身份：'纠正一下 上次说我是文员 其实我是出纳'（'说我是文员'不算）。",
        ("纠正一下 上次说我是文员 其实我是出纳", "说错了 应该是会计"),
        trigger=_ZH_CORRECTION,
        value_normaliser=normalise_role,
        corrects=True,
    ),
    rule(
        "role_zh_not_but",
        EventType.IDENTITY_DECLARATION,
        rf"我(?:现在|其实)?不是(?:一名|一个|个)?[\u4e00-\u9fff]{{1,8}}?[,，\s]*(?:而)?(?:是|我是)"
        rf"(?:一名|一个|一位|个|名)?(?P<value>[\u4e00-\u9fff]{{0,4}}?(?:{ZH_ROLE}))"
        rf"(?!的[\u4e00-\u9fff]|们|会|家长|部|科|专业){_ZH_NOT_QUESTION}",
        0.9,
        "'我不是文员 是出纳'：后一个是身份。",
        ("我不是文员 是出纳", "我不是老师,是助教"),
        trigger=r"不是",
        value_normaliser=normalise_role,
        corrects=True,
    ),
    rule(
        "role_zh_is_not",
        EventType.IDENTITY_DECLARATION,
        rf"我(?:现在|其实)?是(?:一名|一个|一位|个|名)?(?P<value>[\u4e00-\u9fff]{{0,4}}?(?:{ZH_ROLE}))"
        r"(?:了|啦|的)?[,，\s]*(?:而)?不是",
        0.9,
        "'其实我是出纳不是文员'：'是'后面那个是身份。",
        ("其实我是出纳不是文员", "我是护士 不是医生"),
        trigger=r"不是",
        value_normaliser=normalise_role,
        corrects=True,
    ),
    rule(
        "role_zh_no_longer",
        EventType.IDENTITY_DECLARATION,
        rf"(?:(?:不再|已经不|早就不|再也不|现在不)(?:是|当|做|干)|我(?:其实|现在|已经)?不是|"
        rf"不(?:当|做|干)(?=[^,，。!！~\s]{{1,8}}?了)|辞(?:掉|去)了?)(?:一名|一个|一位|个|名)?"
        rf"(?P<value>(?:(?!的)[\u4e00-\u9fff]){{0,3}}?(?:{ZH_ROLE}))(?<!家长)"  # 不是学生家长
        rf"(?!的[\u4e00-\u9fff]|们|会|家长|部|科|专业|吗){_ZH_NOT_QUESTION}",
        0.85,
        "不再是某个身份：'我辞职了，不当老师了'、'已经不是文员了'、'我不是会计'（关掉这个身份，"
        "不新增什么）。",
        ("我辞职了，不当老师了", "已经不是文员了", "我不是会计"),
        trigger=r"不|辞",
        value_normaliser=normalise_role,
        polarity=NEGATIVE,
    ),
    rule(
        "role_zh_job_ended",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:已经|刚刚?|上个?月|上周|前几天|前阵子|去年|今年|最近|终于|也)*"
        r"(?:辞职|离职|被辞退|被开除|(?:丢|没)了(?:工作|饭碗)|(?:把)?工作(?:也)?辞(?:掉)?了|"
        r"辞(?:掉|了)(?:工作|职))"
        r"(?:了|啦|啊|呢)?(?=$|[\s,，。!！~…]|了|啦)(?![^,，。!！~\s]*[吗?？])",
        0.8,
        "工作没了、没说是什么工作：'我辞职了'、'上个月离职了'（结束用户现在的工作；'我爸辞职了'、"
        "'想辞职'不算；被裁是'待业'）。",
        ("我辞职了，打算休息一阵子", "上个月离职了"),
        trigger=r"辞|离职|开除|工作|饭碗",
        polarity=NEGATIVE,
    ),
    rule(
        "role_en_new_job",
        EventType.IDENTITY_DECLARATION,
        rf"(?:(?:^|(?<=[,.;!?:…])|(?<={_EMOJI})|\b(?:and|also|plus|oh|btw))\s*"
        r"(?:(?:just|finally)\s+)?(?:(?:got|started|landed|found|starting)\s+)?|"
        r"\b(?:I|we)\s+(?:(?:just|recently|finally|also|already)\s+)?(?:got|started|have|landed|"
        r"found|took|accepted|began)\s+)(?:(?:a|my|the)\s+)?new\s+(?:job|position|gig)\b"
        r"(?!\s+(?:interviews?|offers?|applications?|search|hunt(?:ing)?|postings?|listings?|boards?|"
        r"sites?|ideas?)\b)(?![^.!?]*\?)"
        r"|\bI\s+(?:(?:just|recently|finally)\s+)?(?:changed|switched)\s+jobs\b(?![^.!?]*\?)",
        0.75,
        "A new job the user does not name: 'new job here too', 'I just started a new job' (the "
        "old one is in doubt, not over; 'looking for a new job', 'new job interview' say none).",
        ("we just moved to denver!! boxes everywhere 📦 new job here too", "I started a new job"),
        trigger=r"new\s+(?:job|position|gig)|changed\s+jobs|switched\s+jobs",
        change=SUCCEEDED,
    ),
    rule(
        "role_zh_new_job",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:已经|刚|刚刚|最近|上个?月|上周|前阵子|今年|终于|也)*"
        r"(?:换(?:了)?(?:个|份|一份)?(?:新)?工作|跳槽|入职(?:了)?(?:新公司|新单位)?|"
        r"找到(?:了)?(?:新)?工作|(?:有|开始)(?:了)?新工作)"
        r"(?:了|啦|啊|呢)?(?=$|[\s,，。!！~…]|了|啦)(?![^,，。!！~\s]*[吗?？])",
        0.75,
        "换了工作、没说新工作是什么：'换工作了'、'我跳槽了'（旧工作存疑；'想换工作'不算）。",
        ("换工作了，最近好忙", "我上个月跳槽了"),
        trigger=r"工作|跳槽|入职",
        change=SUCCEEDED,
    ),
    placed_rule(
        "role_zh_at_work",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_ITEM_START}{ZH_NOW_OR_USUALLY}在[\u4e00-\u9fffA-Za-z]{{1,14}}?"
        rf"(?:做|当|干)(?:了)?(?P<value>{ZH_ROLE}|[\u4e00-\u9fff]{{1,3}}?(?:师|员|工|匠))"
        rf"{_ZH_ROLE_END}{_ZH_NOT_QUESTION}",
        0.8,
        "在哪儿做什么（句首不必有'我'）：'在郑州一家物流公司做文员'、'在苏州一家电子厂做质检员'"
        "（'在家做手工'不算）。",
        ("在郑州一家物流公司做文员", "我27 在杭州当老师", "在苏州一家电子厂做质检员"),
        trigger=r"在",
        value_normaliser=normalise_zh_suffix_role,
        exclude=ZH_JOB_OVER,
    ),
    placed_rule(
        "role_zh_place_trade",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_ITEM_START}{ZH_NOW_OR_USUALLY}在(?P<place>[\u4e00-\u9fff])"
        r"[\u4e00-\u9fffA-Za-z]{1,14}?(?:做|干)(?!什么|啥|过)(?P<value>[\u4e00-\u9fff]{2,6}?)的"
        rf"{_ZH_CLAUSE_END}",
        0.75,
        "在某地做某行的：'我27 在杭州做外贸跟单的'（'在'后面是地名；'在家做作业的'不算）。",
        ("我27 在杭州做外贸跟单的", "在深圳做跨境电商的"),
        trigger=r"在",
        value_normaliser=_zh_trade_role,
        exclude=ZH_JOB_OVER,
    ),
    rule(
        "role_zh_major_studied",
        EventType.IDENTITY_DECLARATION,
        rf"(?:(?P<studied>{_ZH_I_AT_START}(?:也|就|现在|目前|本来|其实)?(?:是)?"
        rf"(?:学|读|念))|我的?专业是|(?:(?:^|(?<=[\s,，。!！~…]))|我)(?:学|读|念)的是)(?P<value>{ZH_FIELD})(?:专业)?(?(studied)的)"
        rf"{_ZH_CLAUSE_END}{_ZH_NOT_QUESTION}",
        0.8,
        "学的专业：'我是学会计的'、'我的专业是计算机'（'学会计的时候'不算）。",
        ("我是学会计的", "我的专业是计算机", "读法学的"),
        trigger=r"学|读|念|专业",
        value_normaliser=normalise_zh_field_student,
    ),
    rule(
        "role_zh_major_named",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_I_AT_START}(?:也|就|现在|目前|其实)?(?:是)?(?P<value>{ZH_FIELD})"
        r"(?:(?:专业|系)(?:的|学生|生)?(?=$|[\s,，。!！~…]|呢|啊|哈|啦|大[一二三四]|研[一二三])|"
        r"(?:专业)?\s*(?=(?:大[一二三四]|研[一二三])(?![点些倍号圈堆])))"
        rf"{_ZH_NOT_QUESTION}",
        0.8,
        "专业名：'我是计算机专业的'、'中文系的'、'计科大二'。",
        ("我是计算机专业的", "中文系的", "计科大二"),
        trigger=r"专业|系|大[一二三四]|研[一二三]",
        value_normaliser=normalise_zh_field_student,
    ),
    rule(
        "role_zh_major_after_year",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_I_AT_START}(?:现在|目前|是)*(?:大[一二三四]|研[一二三]|研究生|本科)"
        rf"(?:的)?\s*(?P<verb>学的是|读的是|学|读|念)?(?P<value>{ZH_FIELD})"
        rf"(?(verb)(?:专业)?(?:的)?|(?:(?:专业|系)(?:的|学生|生)?|的|学生|生|狗|党)){_ZH_CLAUSE_END}",
        0.8,
        "年级后面的专业：'大二 计科的'、'大三会计专业的'（'经管院的'只说学院）。",
        ("大二 计科的", "我大三会计专业的", "我研一 读法学", "研二 计算机专业"),
        trigger=r"大[一二三四]|研[一二三]|研究生|本科",
        value_normaliser=normalise_zh_field_student,
    ),
    placed_rule(
        "role_zh_major_bare",
        EventType.IDENTITY_DECLARATION,
        rf"(?:^|(?<=[\s,，。!！~…]))(?:本人)?(?P<value>{ZH_FIELD_NOT_ROLE})的"
        rf"{_ZH_CLAUSE_END}{_ZH_NOT_QUESTION}",
        0.75,
        "只说专业加'的'：'20岁 计科的'、'计科的 大三'（句中要有年级或年龄；'会计的'是职业）。",
        ("20岁 计科的", "计科的 大三"),
        trigger=r"的",
        value_normaliser=normalise_zh_field_student,
        context=_ZH_STUDENT_CONTEXT,
    ),
    placed_rule(
        "role_zh_major_i_am",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_NOT_SAID}我(?:也|就|其实)?是(?P<value>{ZH_FIELD_NOT_ROLE})的{_ZH_CLAUSE_END}"
        rf"{_ZH_NOT_QUESTION}",
        0.75,
        "'我是计科的'、'我是心理学的'：一个专业的学生。",
        ("我是计科的", "我其实是法学的"),
        trigger=r"是",
        value_normaliser=normalise_zh_field_student,
    ),
    placed_rule(
        "role_zh_parent",
        EventType.IDENTITY_DECLARATION,
        _ZH_OWN_CHILD,
        0.75,
        "自己的孩子：'娃3岁'、'我家娃'、'我女儿上二年级'（'我同学的孩子'不算）；说孩子的多是妈妈，"
        "说到老婆、孩子他妈的是爸爸（`role_zh_parent_father`）。",
        ("娃3岁了 想学点儿歌", "我家娃上幼儿园了", "我女儿上二年级", "两个娃的妈，白天上班"),
        trigger=_ZH_KID_WORDS,
        fixed_value="妈妈",
        exclude=_ZH_FATHER,
    ),
    placed_rule(
        "role_zh_parent_father",
        EventType.IDENTITY_DECLARATION,
        _ZH_OWN_CHILD,
        0.75,
        "孩子的爸爸：'我家娃3岁 她妈上班我带'、'我老婆说娃该上幼儿园了 我家娃'。",
        ("我家娃3岁 娃他妈出差了",),
        trigger=_ZH_KID_WORDS,
        fixed_value="爸爸",
        context=_ZH_FATHER,
    ),
    rule(
        "role_en_parent",
        EventType.IDENTITY_DECLARATION,
        rf"\bmy\s+{_EN_KID_MOD}{_EN_KID}(?:'s|\s+is|\s+are|\s+just\s+turned|\s+turned|\s+turns|"
        rf"\s+is\s+turning|\s+will\s+be)\s+(?:only\s+|just\s+|almost\s+|nearly\s+|now\s+)?"
        rf"{_EN_SMALL_NUMBER}(?:\s*(?:and\s+a\s+half|months?(?:\s+old)?|mos?|yo|y/o|years?(?:\s+old)?|"
        r"yrs?(?:\s+old)?))?(?=\s*(?:$|[,.!?;)]|(?:and|but|so|now|lol|btw|tho)\b))"
        rf"|\bmy\s+{_EN_KID_MOD}(?:son|daughter|kid|child|toddler|oldest|youngest|eldest)(?:'s|\s+is)?"
        r"\s+(?:(?:just|now|currently)\s+)?(?:in|starting|started|starts|entering|going\s+into|goes\s+to|"
        r"attends)\s+(?:the\s+)?(?:kindergarten|preschool|pre-?k|nursery|daycare|(?:\d{1,2}(?:st|nd|"
        r"rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth)\s+grade|year\s+\d{1,2}|"
        r"grade\s+\d{1,2}|(?:elementary|primary|middle|high)\s+school|elementary|primary)\b"
        rf"|\b(?:help(?:ing)?|tutor(?:ing)?|homeschool(?:ing)?)\s+my\s+{_EN_KID_MOD}{_EN_KID}\b"
        r"(?!\s+(?:brother|sister|bro|sis|cousin|friend))"
        rf"|\bmy\s+{_EN_KID_MOD}(?:son|daughter|kid|child)(?:'s\s+(?:homework|math\s+homework|"
        r"teacher|school|class|grades?|report\s+card)|\s+(?:is|has\s+been|keeps|"
        r"just\s+started)\s+(?:learning|struggling|studying|practicing|practising|doing))\b"
        # the child's age in brackets ("my son (11)")
        rf"|\bmy\s+{_EN_KID_MOD}(?:son|daughter|kid|child)\s*\(\d{{1,2}}\)"
        rf"|\bmy\s+{_EN_SMALL_NUMBER}[\s-]*(?:yo|y/o|year[\s-]olds?|month[\s-]olds?)\b(?=\s+(?:son|"
        r"daughter|kid|boy|girl|twins?|is|has|just|keeps|loves|won't|doesn't|can't|can|and|still)\b|"
        r"\s*[,.!?]|\s*$)"
        r"|\bI(?:'ve|\s+have)?\s+(?:got\s+)?(?:a|an|one|two|three|four|[1-9])\s+(?:(?:little|young|small)\s+)?"
        r"(?:kids?|child(?:ren)?|toddlers?|bab(?:y|ies)|sons?|daughters?|little\s+ones?)\b"
        r"(?!\s+(?:brother|sister|bro|sis|cousin|friend|in\s+my\s+class))",
        0.75,
        "The user's own child: 'my daughter's 5', 'my son is in 2nd grade', 'helping my kid with "
        "fractions', 'I've got a toddler' (not 'my kid brother', not someone else's child).",
        (
            "my daughter's 5",
            "my son is in 2nd grade",
            "my kid is learning fractions",
            "I have two kids",
        ),
        trigger=r"\bmy\s|\bi(?:'ve|\s+have|\s+got)\s",
        fixed_value="parent",
    ),
    rule(
        "age_en_a_year_old",
        EventType.AGE_DECLARATION,
        rf"\b(?:{EN_I_AM}|im)\s+(?:(?:just|only|also|basically|literally)\s+)?(?:a|an)\s+"
        r"(?P<value>\d{1,2})\s*(?:yo|y/o|-?years?[\s-]old|-?yr[\s-]old)\b"
        r"(?!\s+(?:at\s+heart|in\s+spirit|trapped|inside))",
        0.85,
        "An age before what one is: 'im a 19 yo college student', 'I'm a 45-year-old teacher'.",
        ("im a 19 yo college student from texas", "I'm a 45-year-old teacher"),
        trigger=r"\d\s*(?:yo|y/o|-?y(?:ea)?rs?[\s-]old)",
        value_normaliser=normalise_age,
    ),
    placed_rule(
        "age_zh_in_passing",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…；;]))(?:本人|作为|身为)?(?:一[个名位])?(?:都|已经|才)?"
        r"(?P<value>[1-9]\d)\s*(?:周)?岁(?!月|以[前后]|之[前后]|[前后时]|那|的时候)(?=的|才|就|了|还|转行|开始|学|想|"
        r"[\u4e00-\u9fff]{0,6}[吗?？])",
        0.75,
        "顺口带出的年龄：'26岁转行学UI设计来得及吗'、'68岁的老太太想学打字'、'作为一个35岁的全职妈妈'"
        "（'女儿，8岁'、'30岁以后'不算）。",
        (
            "26岁转行学UI设计来得及吗",
            "68岁的老太太想学电脑打字",
            "作为一个35岁的全职妈妈，重新捡起英语好难",
        ),
        trigger=r"岁",
        value_normaliser=normalise_age,
        exclude=_ZH_AGE_OF_SOMEONE_ELSE,
    ),
    rule(
        "age_zh_aside",
        EventType.AGE_DECLARATION,
        r"(?:(?:年纪|年龄|一枚|本人|我)[^,，。!！?？\s]{0,4}?[（(]|(?:^|(?<=[\s,，。!！~…；;]))(?:年龄|年纪)"
        r"\s*[:：])\s*(?P<value>[1-9]\d)\s*(?:岁)?\s*(?=[）)]|(?<=[:：]\d\d)(?!\d))",
        0.8,
        "括号里或表格式的年龄：'初中生一枚（14）'、'我这个年纪（55）'、'年龄：29'。",
        ("画画的初中生一枚（14）", "我这个年纪（55）学钢琴会不会太晚", "年龄：29  职业：药剂师"),
        trigger=r"[（(]|年龄|年纪",
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_just_turned",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…；;])|我)(?:刚刚?满|已经满|满了|都)(?P<value>[1-9]\d)(?:周?岁)?"
        r"(?=$|[\s,，。!！~…；;]|(?<=都\d\d)(?:了|啦)(?![个次遍分点块天年])|(?<!都\d\d)(?:了|啦))",
        0.8,
        "刚满的、'都…了'的年龄：'刚满18！'、'都50了脑子转不动'（'都10点了'不算）。",
        ("刚满18！终于能报驾校了", "都50了脑子转不动"),
        trigger=r"满|都",
        value_normaliser=normalise_age,
    ),
    placed_rule(
        "age_zh_listed",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…]))(?:本人)?(?P<value>[1-9]\d)\s*岁(?:了|啦)?(?=$|[\s,，。!！~…])",
        0.75,
        "自我介绍里单说的年龄：'坐标杭州 27岁 做电商的'（句子里说到别人（娃、妈妈）不算）。",
        ("坐标杭州 27岁 做电商的", "本人35岁,想学英语"),
        trigger=r"岁",
        value_normaliser=normalise_age,
        exclude=_ZH_SOMEONE_ELSE,
    ),
    rule(
        "age_zh_not_but",
        EventType.AGE_DECLARATION,
        r"我(?=今年|不是[^,，。]{0,4}岁)(?:今年)?不是(?:\d{1,3}|[一二三四五六七八九十]{1,3})(?:岁)?(?:了)?"
        r"[,，\s]*(?:而)?(?:是|我是)?(?:今年)?(?P<value>\d{1,3}|[一二三四五六七八九十]{1,3})(?:岁)?"
        r"(?=$|[,，。!！~\s]|了|啦)",
        0.9,
        "纠正年龄：'我不是27岁 是28'、'我今年不是15 是16'（替换这一轮的其他年龄）。",
        ("纠正 我不是27岁 是28", "我今年不是15 是16"),
        trigger=r"不是",
        value_normaliser=normalise_age,
        corrects=True,
    ),
    rule(
        "role_en_after_age",
        EventType.IDENTITY_DECLARATION,
        rf"\b(?:{EN_I_AM}|im)\s+(?:\d{{1,2}}(?:\s*(?:yo|y/o|years?\s+old))?|(?-i:[A-Z])[a-z]+)\s*"
        r"(?:,\s*(?:and\s+)?|\s+and\s+)(?:(?:also|currently|now)\s+)?(?:a|an)\s+"
        rf"(?P<value>{EN_WORD_BEFORE_ROLE}{{0,3}}?(?:{EN_ROLE}|{EN_ROLE_SUFFIX})){_EN_AFTER_ROLE}",
        0.8,
        "A role after an age or a name: 'I'm 52 and a dental hygienist', 'I'm Sarah, a nurse'.",
        ("I'm 52 and a dental hygienist", "I'm 34, a nurse, from Leeds", "I'm Sarah, a nurse"),
        trigger=r"\ban?\s",
        value_normaliser=normalise_role,
    ),
    placed_rule(
        "role_en_listed",
        EventType.IDENTITY_DECLARATION,
        r"(?:(?<=,\s)|(?<=,)|(?<=/))\s*(?:(?:a|an)\s+)?"
        rf"(?P<value>{EN_WORD_BEFORE_ROLE}{{0,2}}?(?:{EN_ROLE_LOOSE}))(?=\s*(?:$|[,.!;/])|\s+(?:here|in|at|"
        r"from|based|living|and|who|trying|learning|looking|lol|btw|tbh|rn|mostly|nights|days)\b)",
        0.75,
        "A role among the items of a list about oneself: 'hey! Sarah here, 29, accountant in "
        "Bristol', '38, mom of two, teacher'.",
        ("hey! Sarah here, 29, accountant in Bristol", "me: 22, engineering student, Berlin"),
        trigger=r"[,/]",
        value_normaliser=normalise_role,
        context=EN_LIST_INTRO,
        exclude=EN_SOMEONE_ELSE,
    ),
    rule(
        "role_en_parent_of",
        EventType.IDENTITY_DECLARATION,
        rf"(?:^|(?<=[.!?,;]\s)|(?<=[.!?,;])|\b(?:{EN_I_AM}|im)\s+(?:(?:just|also|basically)\s+)?"
        r"(?:(?:a|an)\s+)?|\b(?:hi|hey|hello)\b[.,!]*\s*(?:(?:a|an)\s+)?|"
        r"(?:^|(?<=[.!?]\s))\d{1,2}\s*(?:y/?o|yrs?\s+old|years?\s+old),?\s+)"
        r"(?:(?:busy|tired|working|single|proud|full[\s-]?time)\s+)?"
        r"(?P<value>mom|mum|mother|mama|dad|father)\s+(?:of|to)\s+(?:one|two|three|four|five|six|\d|"
        r"twins|(?:a|an|my)\s+(?:[\w-]+\s+){0,2}?(?:toddler|teen|teenager|newborn|baby|boy|girl|son|"
        r"daughter|kid|\d+\s*yo))\b",
        0.8,
        "A parent by their children: 'mom of two here', 'I'm a dad of 3' (not 'she's a mother of "
        "two').",
        ("mom of two here, trying to learn excel", "I'm a dad of 3", "40 y/o mum of two here"),
        trigger=r"\bof\b|\bto\b",
        value_normaliser=normalise_parent,
    ),
    rule(
        "role_zh_doing_trade",
        EventType.IDENTITY_DECLARATION,
        rf"{_ZH_START}(?:我)?(?:是)?(?:做|干)(?!过|完|得|了|好|不|什么|啥)(?P<value>[\u4e00-\u9fff]{{2,4}}?)的"
        rf"{_ZH_CLAUSE_END}",
        0.7,
        "一句话里的行当：'坐标杭州 27岁 做电商的'、'干装修的'（'做完作业的'、'做数学题的'不算）。",
        ("坐标杭州 27岁 做电商的", "干装修的"),
        trigger=r"做|干",
        value_normaliser=_zh_trade_role,
    ),
    rule(
        "role_en_major",
        EventType.IDENTITY_DECLARATION,
        rf"\b(?:{EN_I_AM}|im|i\s+m)\s+(?:(?:just|also|actually|currently|now|still|technically|"
        r"officially|finally|basically)\s+)*(?:an?\s+)?"
        rf"(?:{_EN_SCHOOL_YEAR_WORD}\s+)?(?P<value>(?:{EN_FIELD})\s+major)\b"
        r"(?!['’]s|\s+(?:requirements?|class|classes|courses?|advisor|adviser|program|department|"
        r"gpa)\b)",
        0.85,
        "A major: 'I'm a psych major', 'im a junior cs major' (a student of that field).",
        ("I'm a psych major, sophomore, and stressed about stats", "im a junior cs major"),
        trigger=r"major",
        value_normaliser=normalise_major,
    ),
    rule(
        "role_en_major_in_passing",
        EventType.IDENTITY_DECLARATION,
        r"(?:(?:^|(?<=[.!?]\s)|\b(?:hi|hey|hello|hiya|yo|ok|so|well|um|also|btw)\b[.,!]*\s*)"
        rf"(?:(?:just|only)\s+)?(?:an?\s+)?|(?<=,\s)|(?<=,))(?:{_EN_SCHOOL_YEAR_WORD}\s+)?"
        rf"(?P<value>(?:{EN_FIELD})\s+major){_EN_AFTER_MAJOR}",
        0.75,
        "A major said in passing: 'psych major here', 'hey, econ major, junior'.",
        ("psych major here", "hey! econ major at mcgill", "21, nursing major, kinda stressed"),
        trigger=r"major",
        value_normaliser=normalise_major,
    ),
    rule(
        "role_en_degree",
        EventType.IDENTITY_DECLARATION,
        r"\b(?:doing|taking|pursuing|finishing|working\s+on|halfway\s+through|in\s+the\s+middle\s+of)"
        rf"\s+(?:a|an|my)\s+(?:(?:bachelor'?s|master'?s|masters|undergrad(?:uate)?|\d-year)\s+)?"
        rf"(?P<value>{EN_FIELD}|law|medicine|pharmacy|dentistry)\s+degree\b",
        0.8,
        "A degree in progress: 'I'm doing a nursing degree', 'finishing my law degree'.",
        ("I'm doing a nursing degree", "finishing my law degree this year"),
        trigger=r"degree",
        value_normaliser=normalise_field_student,
    ),
    rule(
        "role_en_study_field",
        EventType.IDENTITY_DECLARATION,
        r"\b(?:I\s+(?:currently\s+|now\s+|also\s+|actually\s+)?study|(?:I'?m|im|I\s+am)\s+"
        r"(?:currently\s+|now\s+|also\s+|actually\s+)?(?:studying|(?:doing|taking|pursuing|working\s+"
        r"on)\s+(?:a|an|my)\s+(?:(?:bachelor'?s|master'?s|masters|undergrad(?:uate)?|ba|bs|bsc|ma|ms|msc|"
        r"phd|joint|double|\d-year)\s+)*(?:degree\s+)?in))\s+"
        rf"(?P<value>(?:{_alternation(_EN_STUDY_FIELDS)})(?=\s*(?:$|[,.!;)]|(?:at|in\s+(?:college|"
        r"uni|university|grad\s+school)|and\s+(?:work|minor)|full[\s-]?time|part[\s-]?time|lol|btw|"
        rf"here|now|too|myself|so)\b))|(?:{_alternation(_EN_SUBJECT_FIELDS)})(?=\s+(?:at\s+(?:uni|"
        r"university|college|(?:the\s+)?(?:university|uni|college)\s+of|(?-i:[A-Z])[\w&.'-]*)|"
        r"in\s+(?:college|uni|university))\b))",
        0.8,
        "A field studied: 'I study law', 'im studying nursing at uni' (a student; 'I study math' "
        "alone is a school subject).",
        ("I study law", "im studying nursing at uni", "I study history at McGill"),
        trigger=r"\bstudy|degree",
        value_normaliser=normalise_field_student,
    ),
)


# --- an age said without "I'm": "Age 52", "19 y/o, ...", "me (15)", "at 28 is it too late" -------
_ZH_AGE_NUMBER = r"[1-9]\d|[二三四五六七八九]十[一二三四五六七八九]?"

RULES += (
    rule(
        "age_en_labelled",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[.!?,;]\s)|(?<=[.!?,;]))\s*(?:my\s+)?age\s*(?:[:?=-]|is)?\s*(?P<value>[1-9]\d)\b"
        r"(?!\s*(?:%|percent|group|range|limit|bracket|gap))",
        0.85,
        "An age given as a field: 'Age 52, career change into UX', 'my age? 38.'",
        ("Age 52, career change into UX", "my age? 38. why?"),
        trigger=r"\bage\b",
        whole_text=True,  # "my age? 38.": the age is a sentence of its own
        value_normaliser=normalise_age,
    ),
    rule(
        "age_en_yo_opening",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[.!?]\s))(?:(?:hi|hey|hello|ok|so)[.,!]*\s+)?(?P<value>[1-9]\d?)\s*(?:y/o|yo|yrs?\s+old|"
        r"years?\s+old)\b(?=\s*(?:[,.;:!—–-]|$|(?:btw|lol|here|tho|rn|haha)\b))",
        0.8,
        "An age opening the message: '19 y/o, first time living away from home', '12 y/o btw'.",
        (
            "19 y/o, first time living away from home",
            "hey, 45 years old. learning python",
            "12 y/o btw",
        ),
        trigger=r"y/o|yo\b|old\b",
        value_normaliser=normalise_age,
    ),
    rule(
        "age_en_words_opening",
        EventType.AGE_DECLARATION,
        rf"(?:^|(?<=[.!?]\s))(?:(?:i'?m|im|i\s+am)\s+)?(?P<value>{EN_TENS_WORDS})"
        r"(?=\s+(?:and|but|now|yrs?|years?|lol|&)\b|\s*[,.!]|\s*$)",
        0.8,
        "An age in words opening the message: 'thirty-three and still can't do long division', "
        "'im twenty-five and never learned to type'.",
        ("thirty-three and still cant do long division", "im twenty-five and never learned"),
        trigger=r"ty\b|ty[\s-]",
        value_normaliser=normalise_age,
    ),
    placed_rule(
        "age_en_in_brackets",
        EventType.AGE_DECLARATION,
        r"(?:\bme|\b(?:mum|mom|dad|grandpa|grandma|granny|nan|student|teacher|nurse|retiree|learner|"
        r"guy|girl|woman|man|lady|dude)\s+here|^\s*\w+\s+here)\s*\((?P<value>[1-9]\d?)\)",
        0.8,
        "An age in brackets after oneself: 'me (15) vs quadratic equations', 'grandpa here (71)'.",
        ("me (15) vs quadratic equations", "grandpa here (71), confused"),
        trigger=r"\(",
        value_normaliser=normalise_age,
        exclude=EN_SOMEONE_ELSE,
    ),
    rule(
        "age_en_at_n_too_late",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[.!?,]\s))(?:so\s+|but\s+|ok\s+)?at\s+(?P<value>1[3-9]|[2-9]\d)\s*,?\s+(?:is\s+it|am\s+i|"
        r"is\s+that|it'?s)\s+(?:too\s+late|too\s+old|still|even)",
        0.8,
        "An age asked about: 'at 28 is it too late to start violin?'.",
        ("at 28 is it too late to start violin?", "at 45, is it too late for coding"),
        trigger=r"\bat\s",
        value_normaliser=normalise_age,
    ),
    rule(
        "age_en_oldest_at",
        EventType.AGE_DECLARATION,
        r"\b(?:i'?m|im|i\s+am)\s+(?:(?:probably|definitely|prob|def)\s+)?the\s+(?:oldest|youngest)\b"
        r"[^.!?]{0,40}?\bat\s+(?P<value>[1-9]\d)\b",
        0.8,
        "An age said by comparison: 'I'm the oldest one in my night class at 52'.",
        ("I'm the oldest one in my night class at 52", "im the youngest there at 19"),
        trigger=r"oldest|youngest",
        value_normaliser=normalise_age,
    ),
    rule(
        "age_en_to_be_exact",
        EventType.AGE_DECLARATION,
        r"\b(?:early|mid|late)[\s-]+\d0s\s*(?:,|-|—|\()\s*(?P<value>[1-9]\d)\b",
        0.85,
        "An age after a decade: 'in my late 20s, 28 to be exact'.",
        ("I'm in my late 20s, 28 to be exact", "early 30s (31)"),
        trigger=r"0s\b",
        value_normaliser=normalise_age,
    ),
    rule(
        "age_en_now_after_retired",
        EventType.AGE_DECLARATION,
        r"\b(?:retired|graduated|quit|moved|started)\s+at\s+[1-9]\d\s*,?\s*(?:and\s+)?now\s+"
        r"(?P<value>[1-9]\d)\b",
        0.85,
        "An age now, after a past one: 'retired at 62, now 70'.",
        ("retired at 62, now 70 and loving it", "started at 30 and now 41"),
        trigger=r"\bnow\b",
        value_normaliser=normalise_age,
    ),
    rule(
        "age_en_being_n",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[.!?]\s))being\s+(?P<value>1[3-9]|[2-9]\d)\s+(?:means|sucks|is|makes)\b",
        0.75,
        "An age as the subject: 'being 14 means I can't sit the real SAT yet'.",
        ("being 14 means I can't sit the SAT", "being 40 sucks for sleep"),
        trigger=r"being",
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_birthday_sui",
        EventType.AGE_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:昨天|今天|前天|上周|前几天)?(?:刚|刚刚)?过(?:完|了)?(?:我的?)?"
        rf"(?P<value>{_ZH_AGE_NUMBER})岁(?:的)?生日",
        0.85,
        "过完几岁生日：'刚过完40岁生日'（'我儿子过5岁生日'不算）。",
        ("刚过完40岁生日，决定学钢琴", "昨天刚过完18岁生日"),
        trigger=r"生日",
        value_normaliser=normalise_age,
    ),
    placed_rule(
        "age_zh_number_le",
        EventType.AGE_DECLARATION,
        rf"(?:^|(?<=[\s,，。!！~…])|(?<=俺)|(?<=俺今年))(?<![妈爸姐哥弟妹儿女娃子他她婆公奶爷友] )"
        rf"(?P<value>{_ZH_AGE_NUMBER})(?:岁)?"
        r"(?:了|啦)(?=才|还|就|都|$|[\s,，。!！~…])",
        0.75,
        "'35了才开始学钢琴'、'最老的 31了'、'俺今年五十八'（年龄在句首或空格后）。",
        ("35了才开始学钢琴", "我估计是班里最老的 31了"),
        value_normaliser=normalise_age,
        exclude=re.compile(r"要是|如果|假如|假设|以前|之前|当年|那时|小时候|等我"),
    ),
    rule(
        "age_zh_an",
        EventType.AGE_DECLARATION,
        rf"俺(?:今年|现在)?(?P<value>{_ZH_AGE_NUMBER})(?:岁)?(?=了|啦|$|[\s,，。!！~…])",
        0.8,
        "'俺今年五十八'：俺是我。",
        ("俺今年五十八，眼神不好",),
        trigger=r"俺",
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_bracket_after",
        EventType.AGE_DECLARATION,
        r"(?:奔[二三四五六七八九]|[二三四五六七八九]十出头|快[二三四五六七八九]十)了?\s*[(（](?P<value>[1-9]\d)[)）]",
        0.85,
        "'奔三了（28）'：括号里的准确年龄。",
        ("奔三了（28），现在学还来得及吗", "快四十了(38)"),
        trigger=r"[(（]",
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_as_one",
        EventType.AGE_DECLARATION,
        rf"(?:作为|身为)(?:一[个名位])?(?P<value>{_ZH_AGE_NUMBER})岁",
        0.85,
        "'作为一个45岁、三个孩子的妈'。",
        ("作为一个45岁、三个孩子的妈",),
        trigger=r"岁",
        value_normaliser=normalise_age,
    ),
    rule(
        "age_zh_still",
        EventType.AGE_DECLARATION,
        rf"(?:所以|其实|目前)(?:现在)?(?:还是|才)(?P<value>{_ZH_AGE_NUMBER})岁",
        0.8,
        "'所以现在还是15岁'。",
        ("下个月才满16 所以现在还是15岁哈",),
        trigger=r"岁",
        value_normaliser=normalise_age,
    ),
)


# --- a school year said by a system's own name: "9th grader", "Form 4", "S5", "lower sixth" -----
_EN_GRADE_ORDINAL = (
    r"(?:[1-9]|1[0-2])(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
    r"tenth|eleventh|twelfth"
)
RULES += (
    placed_rule(
        "school_en_grader",
        EventType.IDENTITY_DECLARATION,
        rf"(?<!\bmy\s)(?<!\bour\s)(?<!'s\s)\b(?P<value>(?:{_EN_GRADE_ORDINAL})\s+grader)\b",
        0.8,
        "A grader: '9th grader here' (9th grade; 'my 5th grader' is a child's).",
        ("9th grader here and proofs are killing me", "im an 11th grader", "a sixth grader lol"),
        trigger=r"grader",
        value_normaliser=normalise_school_year,
        relation=RelationKind.SCHOOL_YEAR,
        exclude=EN_SOMEONE_ELSE,
    ),
    placed_rule(
        "school_en_grade_first",
        EventType.IDENTITY_DECLARATION,
        rf"^(?P<value>(?:{_EN_GRADE_ORDINAL})\s+grade)(?=\s*(?:[,.!;:~]|\s[-–]\s|$))",
        0.8,
        "A grade said first and alone, as a chat opens: 'sixth grade, we live in Ohio'.",
        ("sixth grade, we live in Ohio and fractions confuse me", "7th grade. fractions help"),
        trigger=r"grade",
        value_normaliser=normalise_school_year,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    placed_rule(
        "school_en_system_name",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[,.!?;:]\s)|\b(?:i'?m|im|i\s+am|we'?re|we\s+are|currently|now)\s+(?:(?:now|currently|still|also)\s+)?"
        r"(?:in\s+)?(?:a\s+)?)(?P<value>form\s+[1-6]|(?-i:S[1-6])|(?:lower|upper)\s+sixth|year\s+1[0-3]|"
        r"(?-i:[123]L)|(?-i:G(?:[7-9]|1[0-2])))"
        r"(?=\s*(?:$|[,.!;]|here\b|student\b|now\b|so\b|and\b|了|in\b|from\b|lah\b|btw\b|lol\b))",
        0.8,
        "A school year by its system's name: 'Form 4 student', 'S5 here', 'lower sixth, doing "
        "bio', 'currently a 2L', 'we're in Year 13', 'G12了'.",
        ("Form 4 student from KL", "S5 here, sitting my Highers", "currently a 2L"),
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
        exclude=EN_SOMEONE_ELSE,
    ),
    rule(
        "school_en_final_year",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[,.!?;:]\s)|\b(?:i'?m|im|i\s+am)\s+(?:an?\s+)?)(?P<value>final[\s-]year)\s+"
        r"(?=(?:[a-z]+\s+){0,2}student\b)",
        0.8,
        "'final-year law student' (final year).",
        ("final-year law student, exam friday", "I'm a final year med student"),
        trigger=r"final",
        value_normaliser=lambda raw: normalise_value(raw.replace("-", " ")),
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "school_zh_junior_college_year",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:在读)?(?:是)?(?P<value>(?:大专|专科|高职)[一二三]年级)"
        r"(?=$|[\s,，。!！~…]|了|啦|的|在)",
        0.8,
        "大专的年级：'大专二年级'（不是小学二年级）。",
        ("大专二年级 准备专升本", "我高职一年级"),
        trigger=r"大专|专科|高职",
        value_normaliser=normalise_value,
        relation=RelationKind.SCHOOL_YEAR,
    ),
    rule(
        "school_zh_college_year",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:在读)?(?:(?:医学院|法学院|商学院|[\u4e00-\u9fff]{1,4}学院|本科)"
        r"(?P<value>大[一二三四五]))"
        r"(?=$|[\s,，。!！~…]|了|啦|的|在)",
        0.8,
        "学院或大专后的年级：'医学院大三'、'大专二年级'。",
        ("医学院大三，病理学背得要死", "本科大二 在读"),
        trigger=r"学院|大专|专科|本科",
        value_normaliser=lambda raw: normalise_value(raw),
        relation=RelationKind.SCHOOL_YEAR,
    ),
)


# --- a role said by "as a X ... I", "考上公务员" ------------------------------------
RULES += (
    rule(
        "role_en_as_a_then_i",
        EventType.IDENTITY_DECLARATION,
        rf"(?:^|(?<=[.!?]\s))(?:but\s+|so\s+|and\s+)?as\s+(?:a|an)\s+(?P<value>{EN_WORD_BEFORE_ROLE}{{0,1}}?"
        rf"(?:{EN_ROLE}))\s+(?:with\s+[^.!?,]{{1,30}}?\s+)?(?=(?:i|i'm|im|i've|i\s+should|i\s+get)\b)",
        0.8,
        "'as a stay-at-home dad with twin toddlers I get…', 'as a chem teacher I should know' "
        "(the user speaking as what they are).",
        ("as a stay-at-home dad with twin toddlers I get 30 min", "as a nurse I see this a lot"),
        trigger=r"\bas\s+an?\b",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_zh_passed_exam_into",
        EventType.IDENTITY_DECLARATION,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:今年|去年)?(?:刚|刚刚|已经|终于)?考上(?:了)?(?P<value>公务员|事业编|教师编|选调生)",
        0.8,
        "考上的编制：'刚考上公务员'（'我表姐考上公务员'不算）。",
        ("刚考上公务员 分到基层街道办", "我去年考上了事业编"),
        trigger=r"考上",
        value_normaliser=normalise_role,
    ),
)
