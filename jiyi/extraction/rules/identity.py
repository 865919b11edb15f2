"""Who the user is: age, name and identity (occupation, school stage, field, lasting traits).

Declarations, not guesses ("I'm 17", "我叫小明", "I'm a nurse"): each carries a `value`, and the
value is normalised (an age to digits, a name checked against words that only look like one)
because it becomes a fact of the user's profile.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from jiyi import vocabulary
from jiyi.domain import EntityKind, EventType, RelationKind
from jiyi.extraction.rules.cleaning import normalise_age, normalise_name, normalise_value
from jiyi.extraction.rules.fragments import (
    EN_I_AM,
    EN_NUMBER_WORDS,
    EN_OCCUPATIONS,
    ZH_OCCUPATIONS,
)
from jiyi.extraction.rules.model import Rule, rule

# --- the occupation lexicon -------------------------------------------------------------------
# What counts as a role is the vocabulary's `role` entries (every name, zh and en) and the
# shared occupation words; "I'm a X" is a role only when X ends in one of them, or in a typical
# occupation suffix (-ist, -ician, -er, -or; 师, 员, 工) that is not a trait ("perfectionist",
# "slow learner", "会员"). A school year ("junior"), a beginner or a fan is never a role here.


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
    "clerk", "teller", "author", "editor", "parent", "mom", "mother", "dad", "father", "driver",
    "graduate", "veteran",
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
    "经理": "经理", "白领": "上班族", "职员": "上班族", "文员": "上班族", "行政": "行政",
    "前台": "行政", "秘书": "行政", "行政助理": "行政", "会计": "会计", "会计师": "会计",
    "注册会计师": "会计", "出纳": "记账员", "审计": "审计", "审计师": "审计",
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
    "失业中": "待业", "求职中": "待业",
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
_EN_MOD = rf"(?:(?!(?:{_alternation(_EN_MOD_STOP.split('|'))})\b)[a-z0-9][\w'/&+-]*\s+)"
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
    r"zoomer|loner|rider|dancer|singer|writer|speaker|native|learner|lightweight|weirdo"
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
    r"only)\s+)+",
    re.IGNORECASE,
)


def normalise_role(raw: str) -> str | None:
    """A role as the profile keeps it: cleaned, without the words that say nothing about the job
    ("a full-time nurse" → "nurse"), and never a trait in an occupation's shape."""
    value = normalise_value(raw)
    if value is None:
        return None
    if not re.search(r"[\u4e00-\u9fff]", value):
        return _EN_GENERIC_MODS.sub("", value).strip() or value
    value = re.sub(r"^[一二三四]战(?=考研)", "", value)  # "二战考研狗" is who "考研狗" is
    return _ZH_ROLE_NAMES.get(value, value)


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


#: A question about the clause ("我是学生家长吗", "am I a nurse?") is not a declaration.
_ZH_NOT_QUESTION = r"(?![^,，。!！~\s]*[吗?？])"
_ZH_START = r"(?:^|(?<=[\s,，。!！~…]))"
_EN_START = r"(?:^|(?<=[.!?,;]\s)|(?<=[.!?,;]))"

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
        rf"{_EN_START}\s*(?:(?:hey|hi|hello|yo|ok|so|well|um|also|btw)\b[.,!]*\s*)?"
        rf"(?:\d{{1,2}}\s*(?:yo|y/o)\s+)?(?:(?:just|only)\s+)?(?:(?:a|an)\s+)?"
        rf"(?P<value>{_EN_MOD}{{0,3}}?(?:{EN_ROLE_LOOSE}))"
        r"(?=\s+(?:here|by\s+(?:trade|profession)|myself|lol|lmao|haha\w*|btw|tbh|fwiw|"
        r"trying|learning|who|looking|wanting|hoping|needing|studying)\b|"
        r"\s*[\U0001F300-\U0001FAFF\u2600-\u27BF])",
        0.75,
        "A role said in passing: 'software dev here', 'just a humble line cook lol'.",
        (
            "software dev here",
            "just a humble line cook lol",
            "hey. 34 yo warehouse supervisor trying to learn python",
        ),
        trigger=r"here|trade|profession|myself|lol|lmao|haha|btw|tbh|fwiw|trying|learning|who|"
        r"looking|wanting|hoping|needing|studying|[\U0001F300-\U0001FAFF\u2600-\u27BF]",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_en_in_passing_phrase",
        EventType.IDENTITY_DECLARATION,
        rf"{_EN_START}\s*(?:(?:hey|hi|hello|yo|ok|so|well|um|also|btw)\b[.,!]*\s*)?"
        rf"(?:\d{{1,2}}\s*(?:yo|y/o)\s+)?(?:(?:just|only)\s+(?:a|an)\s+(?:humble\s+|lowly\s+)?)?"
        rf"(?P<value>(?:retired\s+)?{_EN_MOD}{{0,2}}?(?:{EN_ROLE_COMPOUND})|(?:retired\s+)?"
        rf"{_EN_MOD}{{1,2}}?(?:{EN_ROLE_PHRASE}))"
        r"(?=\s*$|\s*[.!]|,\s|\s+(?:in|at|from|studying|working|on)\b)",
        0.75,
        "A role as a phrase of its own: 'hey. icu nurse, nights, 6 yrs in', 'PhD student in chem', "
        "'retired teacher'.",
        ("hey. icu nurse, nights, 6 yrs in.", "PhD student in chem", "retired teacher"),
        value_normaliser=normalise_role,
    ),
    rule(
        "role_en_bare",
        EventType.IDENTITY_DECLARATION,
        rf"{_EN_START}\s*(?:(?:hey|hi|hello|yo|ok|so|well|um|also|btw)\b[.,!]*\s*)?"
        rf"(?!(?:{_EN_ADDRESSED})\b)(?P<value>{EN_ROLE_PHRASE}),\s",
        0.7,
        "A role alone before a comma: 'premed, junior year' (not 'teacher, can you …').",
        ("premed, junior year", "hey. nurse, nights"),
        trigger=r",\s",
        value_normaliser=normalise_role,
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
        rf"我(?:现在|目前|一直|已经)?(?:在[\u4e00-\u9fffA-Za-z]{{1,8}}?)?(?:做|当|干)(?:了)?"
        rf"(?P<value>{ZH_ROLE}){_ZH_NOT_QUESTION}",
        0.8,
        "'我在外企做产品经理'、'我做会计的'。",
        ("我在外企做产品经理", "我做会计的"),
        trigger=r"做|当|干",
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
        rf"(?:{_ZH_START}|我)(?:现在|目前|自己)*(?=开了|(?:是)?开[^,，。]{{0,6}}的)(?:是)?开(?:了)?(?:一)?"
        r"[家个间]?(?P<value>[\u4e00-\u9fff]{0,4}?(?:店|馆|铺|超市|公司|工作室))",
        0.75,
        "开店、开公司：'开了家小店'、'自己开公司的'。",
        ("开了家小店", "我自己开公司的"),
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
        r"(?:work(?:ing)?|employed)\s+as\s+(?:a|an)\s+"
        rf"(?P<value>{_EN_MOD}{{0,3}}?(?:{EN_ROLE}|{EN_ROLE_SUFFIX})){_EN_AFTER_ROLE}",
        0.85,
        "'work as a bartender', 'I've been working as a nurse'.",
        ("work as a bartender", "I've been working as a nurse for 6 years"),
        trigger=r"\bas\s+an?\b",
        value_normaliser=normalise_role,
    ),
    rule(
        "role_en_as_a",
        EventType.IDENTITY_DECLARATION,
        rf"(?:^|(?<=[.!?]\s))as\s+(?:a|an)\s+(?P<value>{_EN_MOD}{{0,2}}?(?:{EN_ROLE})),\s*"
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
        r"daycare)\b)|in\s+)(?P<value>hospital|school|bank|factory|restaurant|warehouse|clinic|"
        r"pharmacy|daycare|(?-i:IT)|tech|healthcare|health\s+care|retail|finance|hospitality|"
        r"construction|sales|marketing|real\s+estate)\b",
        0.7,
        "Where the user works: 'I work at a hospital', 'I work in IT'.",
        ("I work at a hospital", "I work in IT"),
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
        r"now|still|basically|literally|technically|officially|finally)\s+)*(?:a|an)\s+"
        rf"(?!(?:bit|lot|little|tad|touch)\b)(?P<value>{_EN_MOD}{{0,3}}?(?:{EN_ROLE}))"
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
        rf"(?!(?:bit|lot|little|tad|touch)\b)(?P<value>{_EN_MOD}{{0,2}}?(?:{EN_ROLE_SUFFIX}))"
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
        rf"我(?:现在|目前|已经|本身|也|就)?是(?:一名|一个|一位|个|名|位|一枚)?"
        rf"(?P<value>[\u4e00-\u9fff]{{0,6}}(?:{ZH_ROLE}))(?!的[\u4e00-\u9fff]|们|会|家长|部|科|专业)"
        rf"{_ZH_NOT_QUESTION}",
        0.85,
        "职业或身份：'我是一名高中生'、'我是程序员'（'我是学生家长吗'不算）。",
        ("我是一名高中生", "我现在是程序员。"),
        trigger=r"是",
        value_normaliser=normalise_role,
    ),
    rule(
        "identity_zh_occupation_suffix",
        EventType.IDENTITY_DECLARATION,
        r"我(?:现在|目前|已经|本身|也|就)?是(?:一名|一个|一位|个|名|位)?"
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
