"""Goals: what the user wants to achieve or is preparing for ("I want to pass my exam",
"我在备战高考").

The patterns leave out what only sounds like a goal: "I want to know", "我想问一下", "我想你了".
Some goals are named from several parts of what was said (`ComposedRule`: "a 7" → "grade 7",
"期末数学我要冲120" → "期末数学120分"). A replaced or abandoned goal ("X instead of Y", "scrap
the finance thing", "雅思不考了") is a goal with `polarity=negative`: the graph closes the goal
it names and creates nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from typing import Any

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.cleaning import clean_objects
from jiyi.extraction.rules.fragments import EN_ADV, EN_I_AM, EN_OBJ, ZH_ADV, ZH_OBJ, ZH_SUBJECT
from jiyi.extraction.rules.model import NEGATIVE, Rule, RuleMatch, rule

# --- what people study, aim at and sit (shared with the interest rules in `preferences`) ------

#: Fields of study and careers, as said in chat ("mech e", "cs", "premed").
EN_FIELDS = (
    r"(?:mechanical|civil|electrical|chemical|software|computer|aerospace|biomedical|"
    r"environmental|industrial)\s+engineering|mech\s+e|engineering|architecture|medicine|"
    r"med\s+school|nursing|law(?:\s+school)?|computer\s+science|comp\s+sci|cs|data\s+science|"
    r"data\s+analytics|biology|bio|chemistry|chem|physics|math(?:s|ematics)?|economics|econ|"
    r"finance|accounting|business|marketing|psychology|psych|neuroscience|neuro|history|"
    r"philosophy|literature|english\s+lit(?:erature)?|linguistics|sociology|anthropology|"
    r"political\s+science|poli\s+sci|journalism|graphic\s+design|design|fine\s+art|art|music|"
    r"film|animation|education|teaching|pharmacy|dentistry|vet(?:erinary)?\s+(?:school|medicine)|"
    r"statistics|geology|geography|astronomy|astrophysics|game\s+design|culinary\s+school"
)
#: 学科与专业（"历史系"的"历史"）。
ZH_FIELDS = (
    r"历史|物理|化学|生物|数学|地理|政治|经济学?|金融|法学|法律|医学|临床医学|护理|药学|计算机|软件工程|"
    r"电子信息|机械|建筑学?|土木|心理学?|哲学|文学|中文|汉语言文学?|英语|外语|日语|新闻|传媒|艺术|美术|"
    r"音乐|设计|会计|管理|统计学?|天文学?|考古|社会学|教育学?|人工智能|编程|书法|国画"
)
#: 有名字的考试（倒计时说的那种：'护考还有半个月'）。
ZH_EXAMS = (
    r"高考|中考|考研|考公|考编|考博|护考|雅思|托福|四级|六级|专四|专八|教资|法考|司考|国考|省考|"
    r"会考|学考|注会|一建|二建|CPA|CFA|ACCA|GRE|GMAT|SAT|ACT|"
    r"[\u4e00-\u9fff]{2,8}(?:资格|执业|职业)[\u4e00-\u9fff]{0,4}考试"
)
_ZH_SUBJECTS = (
    r"(?:期末|期中|月考|中考|高考|会考|这次|下次|考研)?(?:考试)?(?:的)?"
    r"(?:数学|语文|英语|物理|化学|生物|历史|地理|政治|理综|文综|总分|专业课|雅思|托福|四级|六级|"
    r"GRE|SAT|ACT)"
)
_GENERIC_EXAMS = frozenset({
    "exam", "exams", "test", "tests", "final", "finals", "real thing", "it", "that", "this", "one",
    "paper", "quiz", "midterm", "course", "class", "module", "mock", "mocks",
})  # fmt: skip
_EN_NAME_PART = re.compile(r"^(?:[\w+*&-]+\s?){1,4}$")
_ZH_UNIT = "分"
#: 名字里不会有的字（"哪还没想好""的话做什么好"是句子，不是去向）。
_ZH_NAME = (
    r"(?:(?![我你他她它这那哪啥什么的了着过吗呢吧啊就都也还没要话想])[\u4e00-\u9fffA-Za-z0-9])"
)
_EN_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)


@dataclass(frozen=True, slots=True)
class ComposedRule(Rule):
    """A rule whose object is put together from the pattern's parts ("want at least a 7" →
    "grade 7", "期末数学我要冲120" → "期末数学120分", "going to Oaxaca in June" → "trip to
    Oaxaca"): the name a tutor would note, which the words only say piecemeal. `compose`
    returns None to skip a match; the match's `anchor` group, if any, is where the claim starts
    (so the reader reads the words before the verb, not those before a name said earlier)."""

    compose: Callable[[re.Match[str]], str | None] | None = None

    def matches(self, text: str) -> Iterator[RuleMatch]:
        for found in self.pattern.finditer(text):
            name = self.compose(found) if self.compose is not None else None
            objects = (" ".join(name.split()),) if name and name.strip() else ()
            if objects:
                anchor = "anchor" in self.pattern.groupindex and found.start("anchor") >= 0
                yield RuleMatch(self, objects, None, found.start("anchor" if anchor else 0))


def composed(
    name: str, compose: Callable[[re.Match[str]], str | None], *args: Any, **kw: Any
) -> ComposedRule:
    """`model.rule(...)` for a rule whose object `compose` puts together."""
    base = rule(name, *args, **kw)
    return ComposedRule(**{f.name: getattr(base, f.name) for f in fields(Rule)}, compose=compose)


def _grade(found: re.Match[str]) -> str | None:
    """ "a 7" → "grade 7"; "a 7 in history" → "7 in history"; "a 5 on the exam" → nothing: the
    exam is not named, and "grade 5" would say less than the user meant."""
    grade, where = found["grade"], found["where"]
    if where is None:
        return None if found["generic"] else f"grade {grade}"
    cleaned = clean_objects(where, "en", False)
    where = cleaned[0] if cleaned else ""
    if where.lower() in _GENERIC_EXAMS or not _EN_NAME_PART.match(where):
        return None
    return f"{'' if grade[0].isdigit() else 'grade '}{grade} {found['prep'].lower()} {where}"


def _named_exam(found: re.Match[str]) -> str | None:
    """The exam as named ("micro midterm", "LSAT"); "the exam", "my final" name none."""
    cleaned = clean_objects(found["object"], "en", False)
    name = cleaned[0] if cleaned else ""
    bare = re.sub(r"\s+exams?$", "", name.lower())
    return None if not name or name.lower() in _GENERIC_EXAMS or bare in _GENERIC_EXAMS else name


def _trip(found: re.Match[str]) -> str | None:
    return f"trip to {found['place']}"


def _zh_score(found: re.Match[str]) -> str | None:
    """ "期末数学" + "120" → "期末数学120分"; a band (雅思 6.5) keeps its bare number."""
    score = found["score"]
    unit = _ZH_UNIT if "." not in score and int(score) >= 20 else ""
    return f"{found['subject']}{score}{unit}"


RULES: tuple[Rule, ...] = (
    rule(
        "goal_en_want_to",
        EventType.GOAL,
        rf"\b(?:I\s+{EN_ADV}(?:want|need|hope|plan|aim|intend|wish|would\s+(?:like|love)|"
        rf"am\s+(?:planning|hoping|trying|determined|aiming))|I(?:'m)\s+(?:planning|hoping|trying"
        rf"|determined|aiming)|I'd\s+(?:really\s+)?(?:like|love))\s+to\s+"
        rf"(?!know\b|ask\b|say\b|thank\b|talk\b){EN_OBJ}",
        0.75,
        "Something the user wants to achieve: 'I want to pass my exam'.",
        ("I want to pass my physics exam.", "I'm trying to lose weight"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_my_goal",
        EventType.GOAL,
        rf"\bmy\s+(?:main\s+|big\s+|ultimate\s+|long-term\s+|biggest\s+|new\s+|only\s+)?"
        rf"(?:goal|dream|aim|ambition|resolution)\s+(?:is|was)\s+(?:to\s+)?{EN_OBJ}",
        0.9,
        "A stated goal: 'my goal is to run a marathon'.",
        ("My goal is to run a marathon.", "my dream is becoming a counselor"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_preparing",
        EventType.GOAL,
        rf"\b{EN_I_AM}\s+(?:studying|preparing|training|practicing|practising|saving(?:\s+up)?|"
        rf"cramming|revising)\s+for\s+{EN_OBJ}",
        0.85,
        "Preparation for something: 'I'm studying for my physics exam'.",
        ("I'm studying for my physics exam.", "I am training for a half marathon"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_aiming",
        EventType.GOAL,
        rf"\b(?:I'?m\s+|im\s+)?(?:aiming|shooting)\s+for\s+(?!(?:at\s+least\s+)?an?\s+(?:grade\s+)?"
        rf"(?:[1-9]|(?-i:[A-F]))\b){EN_OBJ}",
        0.8,
        "A target: 'im aiming for 515+'.",
        ("im aiming for 515+",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_goal_is",
        EventType.GOAL,
        rf"(?:^|[,.;!]\s*|\b(?:cool|ok|so|and)\s+)(?:the\s+)?goal\s+(?:is|=)\s+(?:to\s+)?{EN_OBJ}",
        0.85,
        "A goal said without 'my': 'goal is a junior dev job by end of year'.",
        ("cool. goal is a junior dev job by end of year",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_still_want",
        EventType.GOAL,
        rf"(?:^|[,.;!]\s*)(?:still\s+|really\s+|def(?:initely)?\s+)?(?:want|wanna|need)\s+(?:to\s+)?"
        rf"(?=pass\b|get\b|ace\b|land\b|become\b|finish\b|score\b){EN_OBJ}",
        0.75,
        "A goal without its subject: 'still want to pass ccrn first try'.",
        ("back, feeling way better. still want to pass ccrn first try",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_target",
        EventType.GOAL,
        r"(?:目标|志愿)(?:是|就是|定在|:)?(?![^\s,.!?;~]{0,6}?投(?:递)?简历(?:$|[\s,.!?;~]))"
        r"(?P<object>[\u4e00-\u9fffA-Za-z0-9.+]{2,12}?)(?=$|[,.!?;~\s]|了|吧|啊|呢)",
        0.8,
        "目标：'我现在目标华东师范历史系'。",
        ("我现在目标华东师范历史系",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_go_for",
        EventType.GOAL,
        r"(?:^|(?<=[,.!?~\s]))冲(?:一下|一波)?(?!一冲|刺|动)(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?=$|[,.!?~\s]|了|吧)",
        0.8,
        "'冲华师大！'。",
        ("好 冲华师大!",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_apply_for",
        EventType.GOAL,
        r"(?:改报|报考|想报|要报|准备报|决定报)(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?=$|[,.!?;~\s]|了|吧|啊|的)",
        0.85,
        "报考的目标：'我还是改报华中农大吧'（新的目标取代旧的）。",
        ("我还是改报华中农大吧 稳一点",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_score",
        EventType.GOAL,
        r"把(?P<object>[\u4e00-\u9fffA-Za-z]{2,6}?考到\d{1,3}(?:\.\d)?分?)",
        0.85,
        "分数目标：'我今年想把雅思考到6.5'（目标：雅思6.5）。",
        ("对了我今年想把雅思考到6.5",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_want",
        EventType.GOAL,
        rf"{ZH_SUBJECT}{ZH_ADV}(?:想要|想|希望|打算|计划|准备|决定|立志|梦想|渴望|争取)"
        rf"(?!问|知道|请|你|他|她|这|那|起|是|应该|可能|了解一下|说|想|着|(?:和|跟)(?:你)?(?:聊|说|分享|谈)|聊|分享|"
        rf"了|过|好了|到|清楚|明白|通|重新|重拾|捡起|拾起|捡回|放弃|不)"
        rf"(?:能|可以|要)?{ZH_OBJ}",
        0.75,
        "目标：'我想考上大学'、'我打算明年去留学'。",
        ("我想考上大学", "我打算明年去留学。"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_my_goal",
        EventType.GOAL,
        rf"我的(?:目标|梦想|愿望|理想|心愿|新年愿望)(?:就)?是{ZH_OBJ}",
        0.9,
        "明确的目标：'我的目标是考上985'。",
        ("我的目标是考上985。",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_exam",
        EventType.GOAL,
        r"(?:为了|准备|备战|备考|复习)(?P<object>[^,.;:!?()。\n]{0,12}?(?:考试|高考|中考|考研|面试|"
        r"比赛|雅思|托福|四级|六级|期末考|期中考))",
        0.8,
        "备考：'我在备战高考'、'准备下周的期末考'。",
        ("我在备战高考", "准备下周的期末考"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    composed(
        "goal_en_grade_target",
        _grade,
        EventType.GOAL,
        r"(?<!n't\s)(?<!not\s)(?<!can\s)(?<!could\s)\b(?P<anchor>(?:(?:want|need|hope|hoping|"
        r"trying|aim|aiming|have|gotta|going)(?:\s+to)?|wanna)\s+get|want|need|(?:hoping|aiming|"
        r"going|shooting|gunning)\s+for)\s+(?:at\s+least\s+|like\s+)?(?:an?\s+)?(?:grade\s+)?"
        r"(?P<grade>[1-9](?!\.\d|[\d/%:-])|(?-i:A\*|[A-F][+-]?)(?![\w*]))"
        r"(?:\s+(?P<prep>in|on)\s+(?:(?P<generic>(?:the|this|that|my)\s+(?:exam|test|final|real\s+"
        r"thing|paper|quiz|midterm|mock)s?\b)|(?P<where>[A-Za-z][\w+*&-]*(?:\s+[\w+*&-]+){0,3}?)))?"
        r"(?=\s*(?:$|[,.;!)~]|\s+(?:by|this|next|so|because|bc|cuz|lol|lmao|tho|though|and|"
        r"or|idk|btw|tbh|ngl|fr|rn|pls|honestly|exam|test|at\s+least|minimum|at\s+minimum)\b))"
        r"(?![^?]*\?)",
        0.75,
        "A target grade: 'i want at least a 7' (grade 7), 'need an A in chem' (grade A in chem); "
        "'a 5 on the exam' names no exam and is left out.",
        ("i want at least a 7.", "I really need an A in chem this term"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"\b(?:want|need|get|for)\s+(?:at\s+least\s+|like\s+)?(?:an?\s+)?(?:grade\s+)?"
        r"(?:[1-9]|[a-f])",
    ),
    composed(
        "goal_en_trip",
        _trip,
        EventType.GOAL,
        r"\b(?:(?:\w+\s+and\s+)?I\s+are|we're|we\s+are|I'm|I\s+am|im)\s+(?:(?:now|actually|"
        r"finally|also|still|really|definitely)\s+)?(?P<anchor>going|heading|flying|travell?ing|off)"
        r"\s+to\s+(?!(?-i:Be|Do|Try|Get|Have|Make|See|Go|Take|Need|Work)\b)"
        r"(?P<place>(?-i:[A-Z][\w'-]+(?:\s+(?:[A-Z][\w'-]+|de|del|la))?))"
        rf"(?<!'s)(?=\s+(?:in\s+(?:late\s+|early\s+|mid-?)?(?:{_EN_MONTHS}|(?:the\s+)?(?:spring|summer|"
        rf"fall|autumn|winter)|\d+\s+(?:days|weeks|months))|this\s+(?:spring|summer|fall|autumn|winter|"
        rf"year|month)|next\s+\w+|for\s+(?:a|the|two|three|\d+|our|my)\s+(?:\w+\s+)?(?:weeks?|months?|"
        rf"days?|holiday|vacation|honeymoon|anniversary)|over\s+(?:the\s+)?(?:summer|break|holidays|"
        rf"winter|christmas)|soon|instead|again|at\s+the\s+end)\b|\s*(?:$|[,.;!]))(?![^?]*\?)",
        0.75,
        "A planned trip: 'we're going to Oaxaca in late June instead' (trip to Oaxaca).",
        ("We're going to Oaxaca in late June instead.", "im heading to Japan next spring"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"\b(?:going|heading|flying|travell?ing|off)\s+to\s+[A-Z]",
    ),
    rule(
        "goal_en_trip_planned",
        EventType.GOAL,
        r"\b(?:I'm\s+|im\s+|we're\s+|I\s+am\s+|we\s+are\s+)?(?:planning|booked|booking|saving\s+"
        r"(?:up\s+)?for)\s+(?:a|our|my|the)\s+(?:big\s+|little\s+|first\s+)?"
        r"(?P<object>trip\s+to\s+(?-i:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?))(?![^?]*\?)",
        0.8,
        "A trip being planned: 'we're planning a trip to Japan' (trip to Japan).",
        ("we're planning a trip to Japan in the fall",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"trip\s+to",
    ),
    rule(
        "goal_en_instead",
        EventType.GOAL,
        rf"(?:^|[,;:]\s*|\b(?:I(?:'m|\s+am|'ll|\s+will)?|im|gonna|(?:have\s+|I've\s+|ive\s+)?"
        rf"decided\s+(?:to|on)|now|so|and|also)\s+)(?:(?:actually|now|probably|definitely|prob|"
        rf"just)\s+)?(?:doing|studying|majoring\s+in|going\s+(?:into|for)|switching\s+to|"
        rf"applying\s+(?:for|to)|do|study|major\s+in|go\s+into|switch\s+to|apply\s+(?:for|to))"
        rf"\s+(?P<object>{EN_FIELDS})\s+instead\b(?![^?]*\?)(?![^.!?]*\b(?:today|tonight|rn|right\s+"
        rf"now|this\s+(?:morning|afternoon|evening|week))\b)",
        0.85,
        "A field chosen over another: 'doing architecture instead of mech e' (the new goal only).",
        ("also changing my apps, doing architecture instead of mech e", "I'll study law instead"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"\binstead\b",
    ),
    composed(
        "goal_en_exam_date",
        _named_exam,
        EventType.GOAL,
        rf"(?:^|[,;]\s*|\b(?:my|our|and|so|ok|also|the)\s+)"
        rf"(?P<object>(?:[\w-]+\s+){{0,2}}?(?:midterm|final|exam|boards|mcat|lsat|gre|gmat|sat|act|"
        rf"ielts|toefl|ccrn|nclex|usmle|bar\s+exam|gcses?|a-levels?)s?)(?:'s|\s+is|\s+are)?\s+"
        rf"(?:on\s+|in\s+)?(?:(?:{_EN_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?"
        rf"\s+(?:of\s+)?(?:{_EN_MONTHS}))\b(?![^?]*\?)",
        0.75,
        "An exam with its date, still ahead: 'micro midterm is nov 12', 'mcat is june 20'.",
        ("2nd year econ, micro midterm is nov 12 and i'm behind", "my bar exam is on July 28th"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"\d",
    ),
    rule(
        "goal_en_so_i_can",
        EventType.GOAL,
        r"\b(?:learn|learning|study|studying|practi[sc]e|practi[sc]ing|improve|improving|get\s+better"
        r"\s+at)\b[^.!?;]{0,40}?\bso\s+(?:that\s+)?I\s+can\s+(?:finally\s+|actually\s+|"
        r"eventually\s+|one\s+day\s+)?(?P<object>(?:improvise|play|perform|speak|chat|talk|"
        r"converse|read|write|code|cook|draw|paint|sing|compose|travel|build|become|work\s+as|"
        r"apply\s+to|get\s+into|pass|teach)\s+[^,.;:!?()\n]{1,40})(?![^?]*\?)",
        0.75,
        "What learning is for: 'learn theory so i can improvise over jazz stuff'.",
        ("want to finally learn theory so i can improvise over jazz stuff",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"\bso\s+(?:that\s+)?i\s+can\b",
    ),
    composed(
        "goal_zh_score_target",
        _zh_score,
        EventType.GOAL,
        rf"(?:^|(?<=[\s,.!~;。，我]))(?P<subject>{_ZH_SUBJECTS})(?:我|也|还|一定|必须|今年|至少|起码|这次|下次|这学期)*"
        r"(?<![不没])(?:要|想|得|争取|希望|打算|目标)?(?<![不没])(?P<anchor>冲刺?|考到|考|拿到|拿|上|"
        r"达到|突破)(?![了过])(?:个|到)?(?P<score>\d{2,3}|\d(?:\.\d)?)(?![\d.%])(?:\+|分|分以上|以上)?"
        r"(?![^。!?]*[吗?])",
        0.8,
        "分数目标：'期末数学我要冲120'（期末数学120分）、'英语想考130'。",
        ("期末数学我要冲120 冲冲冲", "英语这次一定要考到130+"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"\d",
    ),
    rule(
        "goal_zh_nth_attempt",
        EventType.GOAL,
        r"(?:^|(?<=[\s,.!~;。，我是]))(?:[一二三四]|[1-4])战(?P<object>考研|考公|考编|考博|高考|中考|"
        r"雅思|托福|CPA|CFA|法考|司考)",
        0.8,
        "再战的考试：'二战考研狗一枚'（考研）。",
        ("在吗 二战考研狗一枚",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"战",
    ),
    rule(
        "goal_zh_exam_label",
        EventType.GOAL,
        r"(?:^|(?<=[\s,.!~;。，我是为]))(?P<object>考研|考公|考编|考博)(?:狗|党|人|er)(?![数家群的])",
        0.75,
        "自称备考的人：'我是考研党'、'考公人一枚'。",
        ("我是考研党", "考公人一枚 求带"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"考研|考公|考编|考博",
    ),
    rule(
        "goal_zh_countdown",
        EventType.GOAL,
        rf"(?:^|(?<=[\s,.!~;。，我]))(?:离|距离?)?(?P<object>{ZH_EXAMS})(?:考试)?(?:只|就|也)?"
        r"(?:还有|还剩|剩下?|只有|倒计时)(?:不到|最后|仅)?\s*[\d一二两三四五六七八九十百半几]+(?:个)?"
        r"(?:多|来)?(?:天|周|星期|礼拜|月|个月|年)",
        0.8,
        "倒计时的考试：'护考还有半个月'、'离高考还有100天'。",
        ("刚下夜班 护考还有半个月", "离高考还有100天了"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"还有|剩|只有|倒计时",
    ),
    rule(
        "goal_zh_career_switch",
        EventType.GOAL,
        r"(?:^|(?<=[\s,.!~;。我就也还]))(?:(?:想|要|打算|准备|决定|计划|希望|正在|在|明年|今年|年底)+)?转行"
        rf"(?:去|到|进)?(?:做|当|搞|干|进|去|到)?(?![了过])(?P<object>{_ZH_NAME}{{2,8}}?)"
        r"(?=$|[\s,.!?;~。]|了|吧|啊|呢|的|方向|行业|岗|这|那)(?![^。!?]*[吗?])",
        0.8,
        "转行的方向：'想转行做数据分析'（数据分析）。",
        ("干了五年了 想转行做数据分析", "我打算转行当程序员"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"转行",
    ),
    rule(
        "goal_zh_apply_job",
        EventType.GOAL,
        r"(?<![不没别])(?:投(?:递)?简历|(?<=[想要备算去始前底就])投(?![资票入降诉影喂篮]))(?:给|到)?\s*"
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{1,8}?(?:分析师|工程师|设计师|会计师|程序员|产品经理|经理|专员|"
        r"运营|开发|岗位?|职位))(?=$|[\s,.!?;~。]|了|吧|啊|呢|的|冲)",
        0.8,
        "求职的目标岗位：'年底前投简历 数据分析师'、'准备投产品经理'。",
        ("目标年底前投简历 数据分析师 冲!", "下个月准备投产品经理"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"投",
    ),
    rule(
        "goal_zh_after_graduation",
        EventType.GOAL,
        r"(?:^|(?<=[\s,.!~;。，我就也还]))(?:(?:想|要|打算|准备|希望|计划|决定))?(?:研究生|本科|大学)?"
        r"毕业(?:了|后|之后|以后)?(?:我)?(?:(?<![不没别])(?:想|要|打算|准备|希望|计划|决定))?"
        rf"(?:就|直接|先)?(?:去|进|到)(?![了过])(?P<object>{_ZH_NAME}{{2,8}}?)"
        r"(?:工作|上班|实习)?(?=$|[\s,.!?;~。]|了|吧|啊|呢|的|发展)(?![^。!?]*[吗?])",
        0.8,
        "毕业后的去向：'想毕业直接去券商'（券商）。",
        ("我自己其实不想考研 想毕业直接去券商", "毕业后我打算进大厂"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"毕业",
    ),
    # --- goals given up: `polarity=negative` closes the goal named, and never creates one -----
    rule(
        "goal_en_instead_of",
        EventType.GOAL,
        rf"\binstead\s+of\s+(?:doing\s+|studying\s+|majoring\s+in\s+|going\s+(?:into|for)\s+|"
        rf"applying\s+(?:for|to)\s+)?(?P<object>{EN_FIELDS})\b(?![^?]*\?)",
        0.8,
        "The goal a new one replaces: 'architecture instead of mech e' ends mech e.",
        ("doing architecture instead of mech e", "gonna apply for nursing instead of med school"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        polarity=NEGATIVE,
        trigger=r"\binstead\s+of\b",
    ),
    rule(
        "goal_en_give_up",
        EventType.GOAL,
        r"\b(?:(?:i'?m|im|i\s+am|we're|were|gonna|i'?ll|ill|i've|ive|just|officially|prob(?:ably)?)\s+)*"
        r"(?:dropping|scrapping|ditching|giving\s+up\s+on|quitting|not\s+doing|done\s+with|"
        r"no\s+longer\s+(?:doing|taking|applying\s+(?:for|to)|going\s+for)|(?:scrap|ditch|give\s+up\s+on|"
        r"quit|cancel(?:l?ed)?)\b)\s+(?:the\s+|my\s+|on\s+|this\s+|that\s+)?(?P<object>[^,.;!?\n]{2,30}?)"
        r"(?:\s+(?:thing|plan|idea|stuff|dream|goal))?(?:\s+(?:anymore|any\s+more|for\s+now|altogether|"
        r"lol|tbh|then|entirely))*\s*(?=$|[,.;!?]|\s+(?:and|but|so)\b)(?![^?]*\?)",
        0.8,
        "A goal given up: 'scrap the finance thing', 'not doing the MCAT anymore' (it only ends a "
        "goal the user had; it names nothing new).",
        ("ok scrap the finance thing", "im not doing the MCAT anymore", "giving up on law school"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        polarity=NEGATIVE,
        trigger=r"dropping|scrap|ditch|giving\s+up|give\s+up|quit|not\s+doing|done\s+with|no\s+longer|cancel",
    ),
    rule(
        "goal_zh_give_up",
        EventType.GOAL,
        r"(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?:我|就|也|还是|干脆)*(?:决定|打算)?(?:不考了|不报了|不去了|"
        r"不读了|不学了|不弄了|放弃了)(?=$|[\s,.!;~。，])(?![^。!?]*[吗?])",
        0.8,
        "放弃的目标：'护考不考了'、'雅思不考了'（只结束已有的目标，不新建）。",
        ("雅思不考了 直接申港校", "考研我决定不考了"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        polarity=NEGATIVE,
        trigger=r"不考了|不报了|不去了|不读了|不学了|不弄了|放弃了",
    ),
    rule(
        "goal_zh_give_up_named_after",
        EventType.GOAL,
        r"(?:决定|打算|还是|干脆|已经)?(?:放弃|不考|不报|不去)(?:了)?(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)了"
        r"(?=$|[\s,.!;~。，])(?![^。!?]*[吗?])",
        0.8,
        "放弃的目标：'我决定放弃考研了'。",
        ("我决定放弃考研了", "干脆不考雅思了"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        polarity=NEGATIVE,
        trigger=r"放弃|不考|不报|不去",
    ),
)
