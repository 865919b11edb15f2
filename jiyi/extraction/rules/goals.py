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

from jiyi import places, vocabulary
from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.cleaning import ZH_PART_OF, clean_objects, zh_clause_of
from jiyi.extraction.rules.fragments import EN_ADV, EN_I_AM, EN_OBJ, ZH_ADV, ZH_OBJ, ZH_SUBJECT
from jiyi.extraction.rules.hobbies import EN_EXPLORING
from jiyi.extraction.rules.model import NEGATIVE, Rule, RuleMatch, rule
from jiyi.text import has_han

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
    r"statistics|geology|geography|astronomy|astrophysics|game\s+design|culinary\s+school|"
    # medical specialties a residency is in
    r"pediatrics|paediatrics|peds|internal\s+medicine|(?-i:IM)|family\s+medicine|emergency\s+medicine|"
    r"surgery|general\s+surgery|psychiatry|dermatology|radiology|anesthesiology|neurology|cardiology|"
    r"oncology|ob[\s/-]?gyn|obstetrics|orthopedics|ophthalmology|pathology"
)
#: 学科与专业（"历史系"的"历史"）。
ZH_FIELDS = (
    r"历史|物理|化学|生物|数学|地理|政治|经济学?|金融|法学|法律|医学|临床医学|护理|药学|计算机|软件工程|"
    r"电子信息|机械|建筑学?|土木|心理学?|哲学|文学|中文|汉语言文学?|英语|外语|日语|新闻|传媒|艺术|美术|"
    r"音乐|设计|会计|管理|统计学?|天文学?|考古|社会学|教育学?|人工智能|编程|书法|国画"
)
#: 有名字的考试和证书（倒计时说的那种：'护考还有半个月'；要考的那种：'我想考初级会计'）。
ZH_EXAMS = (
    r"[\u4e00-\u9fff]{2,3}?省考|高考|中考|考研|考公|考编|考博|护考|雅思|托福|四六级|四级|六级|专四|专八|教资|"
    r"法考|司考|国考|省考|会考|学考|注会|一建|二建|初级会计(?:职称)?|中级会计(?:职称)?|高级会计师|初会|中会|"
    r"注册会计师|税务师|教招|特岗|选调生?|事业编|专升本|计算机二级|普通话(?:考试)?|驾照|科目[一二三四]|"
    r"证券从业|基金从业|银行从业|一级建造师|二级建造师|心理咨询师|JLPT\s?N[1-5]|日语N[1-5]|N[1-5]|JLPT|TOPIK|HSK|"
    r"CPA|CFA|ACCA|CMA|FRM|PMP|GRE|GMAT|SAT|ACT|托业|BEC|"
    r"[\u4e00-\u9fff]{2,8}(?:资格|执业|职业)[\u4e00-\u9fff]{0,4}考试|执医|执业医师|执业药师|执药|主治医师|"
    # graded referees and coaches ("羽毛球二级裁判"), licence classes ("C1驾照")
    r"[\u4e00-\u9fff]{0,4}?(?:国家|国际|[一二三])级(?:裁判员?|教练员?|社会体育指导员)(?:证)?|[ABC][12]驾照|"
    # certificates people sit for by name ("导游证", "教师资格证"), not papers one holds (身份证)
    r"(?:导游|教师|会计|厨师|护士|医师|律师|营养师|健康管理师|心理咨询师|育婴师|茶艺师|保育员|"
    r"人力资源管理师|电工|焊工|消防|监理|造价|健身教练)(?:资格)?证书?"
)
#: By when an exam is to be passed ("暑假", "年底前").
_ZH_BY_WHEN = r"今年|明年|年底前?|暑假|寒假|这个月|下个月|这次"
#: Exams and certificates named in English chat ("the CPA", "my theory test").
_EN_EXAM_NAMES = (
    r"mcat|lsat|gre|gmat|(?-i:SATs?|ACT|DAT|OAT|PCAT)|sat|psat|ielts|toefl|toeic|ccrn|nclex(?:-rn)?|"
    r"usmle(?:\s+step\s+[123](?:\s+c[ks])?)?|step\s+[123](?:\s+c[ks])?|comlex|bar(?:\s+exam)?|boards|cpa|cfa(?:\s+level\s+"
    r"(?:iii|ii|i|[123]))?|acca|cima|frm|pmp|ccna|jlpt(?:\s+n[1-5])?|hsk(?:\s*[1-6])?|dele|delf|"
    r"gcses?|igcses?|a[-\s]levels?|highers|spm|stpm|ap\s+[a-z]+(?:\s+[a-z]+)?\s+exam|series\s+\d{1,2}|"
    # a body's graded certificate ("RYA Level 2", "ABRSM grade 5")
    r"(?-i:[A-Z]{2,6})\s+(?:level|grade|stage)\s+[1-8]"
)
_EN_WEEKDAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thurs?|fri"
#: When an exam still ahead is said to be without a date: "in 3 weeks", "next friday", "tmrw".
_EN_EXAM_SOON = (
    r"in\s+(?:\d{1,2}|a|one|two|three|four|five|six|a\s+few|a\s+couple(?:\s+of)?)\s+(?:days?|"
    rf"weeks?|wks?|months?)|(?:this|next)\s+(?:week|month|term|{_EN_WEEKDAYS})|(?:on\s+)?"
    rf"(?:{_EN_WEEKDAYS})|tomorrow|tmrw"
)
#: The subject a named exam is sat in ("GCSE maths", "A level chemistry").
_EN_EXAM_SUBJECTS = (
    r"(?:maths?|english(?:\s+lit(?:erature)?|\s+lang(?:uage)?)?|science|bio(?:logy)?|chem(?:istry)?|"
    r"physics|history|geography|french|spanish|german|economics|computer\s+science|further\s+maths)"
)
#: An exam known by its name, not a class test ("the CPA", "my driving test"; not "the chem test").
_EN_NAMED_EXAM = (
    rf"(?:{_EN_EXAM_NAMES}|(?:driving|driver'?s|theory|road|practical|citizenship|licensing|entrance|"
    rf"placement|certification|board|language|proficiency)\s+(?:test|exam)s?|board\s+exams?)"
)
#: What ends an exam's name ("driving test", "AP Bio exam", "the CPA").
_EN_EXAM_WORDS = (
    rf"(?:{_EN_EXAM_NAMES}|exams?|tests?|finals|midterms?|certification|licensing\s+exam)"
)
#: A sitting that is practice, not the goal ("a practice test", "the mock").
_EN_PRACTICE = re.compile(
    r"^(?:practice|mock|sample|diagnostic|pop|timed|full[- ]length|past|online|unit|chapter|weekly|"
    r"daily|spelling|blood|covid|pregnancy|eye|drug|personality|iq|unit)\b",
    re.IGNORECASE,
)
_ZH_SCORE_EXAMS = r"期末|期中|月考|中考|高考|会考|考研|一模|二模|三模|模考|联考"
_ZH_SUBJECT_NAMES = (
    r"数学|语文|英语|物理|化学|生物|历史|地理|政治|理综|文综|总分|专业课|雅思|托福|四级|六级|"
    r"GRE|SAT|ACT"
)
#: What a score is for: a subject, an exam and its subject ("期末数学"), or the exam alone ("期末").
_ZH_SUBJECTS = (
    rf"(?:(?:{_ZH_SCORE_EXAMS}|这次|下次)(?:考试)?(?:的)?(?:{_ZH_SUBJECT_NAMES})|"
    rf"(?:{_ZH_SCORE_EXAMS})(?:考试)?|(?:{_ZH_SUBJECT_NAMES})(?:口语|听力|阅读|写作)?)"
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
#: An emoji after what was said ("not just a C 😤").
_EMOJI = r"[\u2600-\u27bf\U0001f000-\U0001faff]"
_EN_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)


# --- naming a goal: what is aimed at, not the words of wanting, the date or the clause -------

#: Said before what is aimed at and no part of it: "really", "be able to", "learn to".
_EN_WANTING = re.compile(
    r"^(?:(?:really|actually|finally|just|eventually|also|still|someday|one\s+day|be\s+able\s+to|"
    r"able\s+to|learn\s+(?:how\s+)?to|manage\s+to)\s+)+",
    re.IGNORECASE,
)
#: A change of career or field names where it leads: "get out of retail and into nursing".
_EN_CAREER_CHANGE = re.compile(
    r"^(?:(?:get|move|switch|transition|pivot|go|break|jump)\s+(?:out\s+of|away\s+from|from)\s+.+?\s+"
    r"(?:and\s+)?(?:(?:get|go|move|break)\s+)?|(?:switch|change|move|transition)\s+(?:careers?|fields?|"
    r"jobs?)\s+)(?:into|to)\s+(?=\S)",
    re.IGNORECASE,
)
#: Getting a skill going is the skill: "get my Spanish going", "get excel down".
#: How well the user wants to speak: "be conversational in Korean" → "conversational Korean".
_EN_BE_IN = re.compile(
    r"^be\s+(?P<how>conversational|fluent|proficient)\s+in\s+(?P<language>[\w'-]+)$", re.IGNORECASE
)
_EN_GET_GOING = re.compile(
    r"^get\s+(?:my\s+|the\s+)?(?P<skill>.+?)\s+(?:going|down|sorted|up\s+to\s+speed|started)$",
    re.IGNORECASE,
)
#: Verbs a goal's name leaves out: passing or getting into it is the exam or the school
#: ("pass my physics exam"), taking part is the event ("play at the talent show"), sorting out
#: is the thing sorted ("sort out my family tree records").
_EN_GOAL_VERB = re.compile(
    r"^(?:to\s+)?(?:pass|ace|get\s+into|break\s+into|(?:get|be(?:come)?)\s+better\s+at|"
    r"get\s+serious\s+about|"
    r"improve(?:\s+on)?|work\s+on|brush\s+up\s+on|(?:move|switch|transition|pivot)\s+(?:in)?to|get|score|"
    r"land|become|be(?=\s+an?\s)|crush|nail|"
    # "do law", "do a marathon": what is done is the aim
    r"do\s+well\s+(?:on|in)|do(?=\s+(?:a|an|the|my)\s|\s+[a-z]+$)|hit|reach|learn(?!\s+(?:to|how)\b)|"
    r"master|"
    r"(?:play|perform|sing|compete|dance|"
    r"speak|present)\s+(?:at|in)|take\s+part\s+in|sort\s+out|organi[sz]e|tidy\s+up|clean\s+up|"
    r"digiti[sz]e)\s+(?:(?:a|an|the|my|our)\s+)?",
    re.IGNORECASE,
)
#: When, after what is aimed at ("first try", "this season", "at christmas", "by june"), and
#: the chat word for a certificate ("my AWS Solutions Architect cert").
_EN_GOAL_TAIL = re.compile(
    r"(?:\s+(?:first\s+try|on\s+(?:the\s+)?first\s+try|asap|for\s+sure|then|lol|tho|haha\w*|"
    # chat particles, English and the Englishes ("graduate abeg", "pass it lah")
    r"abeg|sha|jor|pls|plz|please|lah|lor|leh|tbh|ngl|fr|honestly|"
    # how well, not what ("learning French properly", "understand anatomy better")
    r"properly|better|fluently|for\s+real|for\s+good|"
    # whom the user takes after ("be a nurse like my tita")
    r"like\s+(?:my|his|her|our|their)\s+[\w'-]+|"
    # by when, said as what happens then ("by the time we visit Seoul")
    r"by\s+the\s+time\s+.*|"
    r"by\s+(?:day|night)|cert|by|before|until|before\s+i\s+turn\s+\d{2}|(?:this|next)\s+(?:quarter|year|"
    r"season|term|semester|summer|spring|fall|autumn|winter|month)|by\s+(?:the\s+)?end\s+of\s+"
    r"(?:the\s+)?(?:year|month|term|semester|season)|(?:at|by|for|before|over|in|by)\s+(?:the\s+)?"
    rf"(?:christmas|xmas|easter|new\s+year|thanksgiving|holidays|spring|summer|fall|autumn|winter|"
    rf"{_EN_MONTHS})(?:\s+\d{{1,2}})?))+$",
    re.IGNORECASE,
)
#: Who or what a goal is for, after it: "build a website for my pottery shop", "… for work".
_EN_FOR_WHOM = re.compile(
    r"(?<=\w)\s+for\s+(?:(?:my|our|his|her|the|a)\s+[\w'-]+(?:\s+[\w'-]+){0,2}|work|school|fun|"
    r"the\s+family|my\s+kids?)$",
    re.IGNORECASE,
)
#: A word of manner inside the name, no part of the thing: "build a proper website".
_EN_SOFT_ADJECTIVE = re.compile(
    r"\b(?P<article>a|an|my)\s+(?:proper|decent|nice\s+little|little)\s+(?=(?P<next>\w))", re.I
)


def _without_soft_adjective(found: re.Match[str]) -> str:
    """ "a proper app" → "an app": the article as the next word now needs it."""
    article = found["article"]
    if article.lower() in {"a", "an"}:
        article = "an" if found["next"].lower() in "aeiou" else "a"
    return article + " "


#: A second clause joined on: "promotion … and theres a written exam" names the promotion.
_EN_JOINED_CLAUSE = re.compile(
    r"\s+and\s+(?=(?:there|theres|there's|then|i|im|i'm|it|its|it's)\b).*$", re.IGNORECASE
)
#: A name that points at someone or something said before names no goal of its own
#: ("find his brothers in there", "talk to her", "do it properly").
_EN_POINTING = re.compile(
    r"\b(?:him|her|his|hers|them|their|it|there|this|these|those|he|she|they|you|your|ur|u)\b",
    re.IGNORECASE,
)
#: Wants of the moment, tasks and means, not aims: "try another one", "throw my laptop",
#: "solve for x", "use pandas".
_EN_MOMENTARY = re.compile(
    r"^(?:try|see|check|know|ask|say|tell|thank|look\s+(?:at|over)|go\s+(?:over|through|to\s+bed|"
    r"home|back)|review|redo|throw|kill|die|cry|scream|sleep|punch|smash|rant|vent|make\s+sure|"
    r"double[\s-]check|confirm|clarify|eat|drink|use|solve|figure\s+out|work\s+out|find|remember|recall|"
    r"calculate|compute|simplify|prove|derive|keep\s+up|"
    # working a problem out alone: how the user wants to be taught, not an aim
    r"struggle|test\s+myself|quiz\s+myself|have\s+a\s+go|think\s+it\s+through)\b",
    re.IGNORECASE,
)

#: Something to explore is an interest, not an aim ("play with rust", `hobbies.EN_EXPLORING`).
_EN_EXPLORING_AIM = re.compile(rf"^(?:{EN_EXPLORING})\b", re.IGNORECASE)
#: "learn actual ASL": the real thing, as opposed to what the user makes do with now.
_EN_ACTUAL = re.compile(r"^actual\s+(?=\S)", re.IGNORECASE)

_BARE_NUMBER = re.compile(r"^[\d.,+%]+$")
#: "IELTS up to 7" → "IELTS 7"; "1500+ on the SAT" → "1500 on the SAT".
_EN_SCORE_UP_TO = re.compile(
    r"^(?:get\s+)?(?:my\s+)?(?P<exam>[\w-]+)\s+(?:score\s+|band\s+)?up\s+to\s+(?:an?\s+)?"
    r"(?P<score>\d+(?:\.\d)?)$",
    re.IGNORECASE,
)
_EN_SCORE_PLUS = re.compile(r"(\d)\+(?=\s|$)")
#: "pass the exam": which exam is not said.
_EN_UNNAMED = re.compile(r"^(?:exam|test)s?$", re.IGNORECASE)
#: What one needs today, not an aim ("get some sleep", "get a break").
_EN_NEEDS = re.compile(
    r"^(?:some\s+|a\s+|more\s+)?(?:sleep|rest|break|nap|lunch|dinner|breakfast|food|coffee|snack|"
    r"home|bed|hint|answer)\b",
    re.IGNORECASE,
)

_ZH_GOAL_TIME = re.compile(
    r"^趁?(?:(?:今年|明年|下半年|上半年|年底|年初|月底|暑假|寒假|下个?月|这个?月|本月|下周|\d{1,2}月份?)(?:之?前|以前)?)+"
    r"(?=[\u4e00-\u9fff][\u4e00-\u9fffA-Za-z0-9])"
)
#: Moving or changing jobs to a place is named by the place ("跳槽去东京" → "东京"), so a plan
#: said later of the place ("东京计划改了") meets the goal it ends.
#: "把CPA的会计和税法两门先拿下": the exam whose parts are to be passed.
_ZH_TAKE = re.compile(
    r"^把(?P<exam>[A-Za-z][A-Za-z0-9]{1,5}|[\u4e00-\u9fff]{2,4}?)(?:的[^\s,.!?]{0,12})?"
    r"(?:先|都|全|一次性)?(?:拿下|拿到|拿|考过|过掉)(?:了)?$"
)
_ZH_MOVE_TO = re.compile(
    r"^(?:跳槽|搬家|搬|移民|出国|回)?(?:去|到)(?P<place>[\u4e00-\u9fffA-Za-z]{2,8}?)"
    r"(?:工作|发展|生活|定居|上班)?$"
)


#: Before a Chinese goal, words that say it is a first step or a change ("目标先A2", "目标改B1"),
#: and who it is for ("给孙女做个小板凳"): no part of what is aimed at.
_ZH_STEP_OR_CHANGE = re.compile(
    r"^(?:先|改(?:成|为)?(?![革善变进正掉]))(?=[\u4e00-\u9fffA-Za-z0-9]{2})"
)
_ZH_FOR_WHOM = re.compile(
    r"^(?:给|帮|为)[\u4e00-\u9fff]{1,4}?(?=(?:亲手|自己)?(?:做|织|画|写|买|种|养|煮|烤|弹|唱|缝|打|搭|修|"
    r"盖|装|拍|绣|编|刻|雕|攒|存|挣|赚)[\u4e00-\u9fff《])"
)
#: "把X V下来": the aim said with 把 first ("把周杰伦的《晴天》弹唱下来" → "弹唱《晴天》"), whose
#: owner before 的 says less than the title; with someone ("陪他把…学完") it is the user's too.
_ZH_DISPOSAL = re.compile(
    r"^(?:陪[\u4e00-\u9fff]{1,3}?|和[\u4e00-\u9fff]{1,3}?一起)?把(?:[\u4e00-\u9fff]{1,6}的(?=《))?"
    r"(?!这|那)(?P<thing>《[^》]{1,20}》|[\u4e00-\u9fffA-Za-z0-9]{2,8}?)"
    r"(?P<verb>弹唱|弹|唱|背|练|画|写|读|做|学)(?:下来|会|完|熟|好)$"
)
#: A verb with an amount ("考个", "做个", "种点", "学点", "买套"): what is aimed at follows it.
#: "考" alone is a sitting too ("考驾照" → "驾照", "考同济建筑" → "同济建筑"), but "考研",
#: "考公", "考试", "考虑" are words of their own.
_ZH_VERB_AMOUNT = re.compile(
    r"^(?:(?:考|做|种|学|养|买|拿|弄|搞|织|画|写|练|开|建|搭|盖|缝|修|烤|拍|绣|编|攒|存|挣|赚|读|找)"
    r"(?:一个|一些|一点|个|点儿?|些|套|台|只|盆|棵|张|本|幅|辆|间|家)|"
    r"考(?![研公编博试虑察验核勤究卷题场点古前后完好砸过上到进入了得])|去(?=(?:开|做|当|学|考|读|干|搞|跑)))"
    r"(?=[\u4e00-\u9fffA-Za-z0-9]{2})"
)
#: What names no aim of its own: a vague "something" ("学点手艺", "写点东西"), a bare trying
#: ("想试试"), a pointer.
_ZH_VAGUE_AIMS = frozenset({
    "手艺", "东西", "技术", "本事", "技能", "知识", "事情", "事儿", "试试", "看看", "玩玩", "学学",
    "尝试", "一下", "这个", "那个", "这些", "那些", "想想", "再想想",
})  # fmt: skip


def _zh_goal_name(name: str) -> str | None:
    """A Chinese goal without its emoji, date, first-step or change word, who it is for and the
    verb of doing or sitting with its amount ("想给孙女做个小板凳" → "小板凳", "考个C1驾照" →
    "C1驾照", "目标改B1" → "B1"), said verb first ("把《晴天》弹唱下来" → "弹唱《晴天》"); None for
    a vague "something" ("学点手艺")."""
    name = _ZH_GOAL_TIME.sub("", name.replace("考到", "")).strip()
    taken = _ZH_TAKE.match(name)
    if taken is not None:
        name = taken["exam"]  # "把CPA的会计和税法两门先拿下": the exam is the goal
    moved = _ZH_MOVE_TO.match(name)
    place = places.lookup(moved["place"]) if moved else None
    if place is not None:
        return place.name_in("zh")
    aim = _ZH_VERB_AMOUNT.sub("", _ZH_FOR_WHOM.sub("", _ZH_STEP_OR_CHANGE.sub("", name)))
    if disposal := _ZH_DISPOSAL.match(aim):
        aim = disposal["verb"] + disposal["thing"]
    return None if aim in _ZH_VAGUE_AIMS or (len(aim) < 2 and has_han(aim)) else aim


#: What a bare number aimed at is on, said earlier in its sentence ("rapid rating 1350 on
#: lichess, want to hit 1600" → "1600 rating").
_EN_SCALE = re.compile(r"\b(?P<scale>rating|elo|score|handicap)s?\b", re.IGNORECASE)


def _on_scale(number: str, sentence: str) -> str | None:
    """A bare number named by the scale its sentence says it is on, said before it."""
    before = sentence[: sentence.find(number)] if number in sentence else ""
    scales = list(_EN_SCALE.finditer(before))
    return f"{number} {scales[-1]['scale'].lower()}" if scales else None


def goal_name(name: str, lang: str, sentence: str = "") -> str | None:
    """A goal named by what is aimed at: "pass my physics exam" → "physics exam", "be able to
    follow the group chat" → "follow the group chat", "play at the talent show in april" →
    "talent show", "get out of retail and into nursing" → "nursing", "雅思考到6.5" → "雅思6.5",
    "跳槽去东京" → "东京", "给孙女做个小板凳" → "小板凳". None when the words name nothing of their
    own ("find his brothers in there", "学点手艺"), a number alone ("hit 1600", unless its
    `sentence` said the scale: "rating 1350 … hit 1600" → "1600 rating"), a want of the
    moment ("try another one") or something to explore, which is an interest ("play with rust",
    `hobbies.EN_EXPLORING`)."""
    if lang == "zh":
        return _zh_goal_name(name)
    aim = _EN_GOAL_TAIL.sub("", _EN_JOINED_CLAUSE.sub("", _EN_WANTING.sub("", name.strip())))
    if _EN_MOMENTARY.match(aim) or _EN_POINTING.search(aim) or _EN_EXPLORING_AIM.match(aim):
        return None
    aim = _EN_BE_IN.sub(r"\g<how> \g<language>", _EN_GET_GOING.sub(r"\g<skill>", aim))
    aimed_at = _EN_GOAL_VERB.sub("", _EN_CAREER_CHANGE.sub("", aim))
    aimed_at = _EN_GOAL_TAIL.sub("", _EN_ACTUAL.sub("", aimed_at)).strip()
    aimed_at = _EN_SOFT_ADJECTIVE.sub(_without_soft_adjective, _EN_FOR_WHOM.sub("", aimed_at))
    aimed_at = _EN_SCORE_UP_TO.sub(r"\g<exam> \g<score>", _EN_SCORE_PLUS.sub(r"\1", aimed_at))
    if _BARE_NUMBER.match(aimed_at):
        return _on_scale(aimed_at, sentence)  # "hit 1600": a number of what, if said before
    if _EN_NEEDS.match(aimed_at) or _EN_UNNAMED.match(aimed_at):
        return None  # "get some sleep"; "the exam"
    return aimed_at or name


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
            name = " ".join(name.split()) if name else ""
            objects = _items(name) if self.split_objects else (name,) if name else ()
            if objects:
                anchor = "anchor" in self.pattern.groupindex and found.start("anchor") >= 0
                yield RuleMatch(self, objects, None, found.start("anchor" if anchor else 0))


#: Between the items of a list of things aimed at ("种番茄和香草", "语文、数学").
_ITEMS = re.compile(r"\s*(?:和|、|以及)\s*")


#: The longest item of a list of things aimed at: a longer part is a clause, not a thing
#: ("按部门和月份一起算总金额" is one task).
_MAX_ITEM_CHARS = 6


def _items(name: str) -> tuple[str, ...]:
    """Each thing a list names ("番茄和香草" → "番茄", "香草"), unless a part is too short or too
    long to be a thing of its own ("和老公去日本" is one wish, said with someone)."""
    parts = _ITEMS.split(name)
    if len(parts) == 1 or not all(2 <= len(p) <= _MAX_ITEM_CHARS for p in parts):
        return (name,) if name else ()
    return tuple(dict.fromkeys(parts[:4]))


def composed(
    name: str, compose: Callable[[re.Match[str]], str | None], *args: Any, **kw: Any
) -> ComposedRule:
    """`model.rule(...)` for a rule whose object `compose` puts together."""
    base = rule(name, *args, **kw)
    return ComposedRule(**{f.name: getattr(base, f.name) for f in fields(Rule)}, compose=compose)


def _grade(found: re.Match[str]) -> str | None:
    """ "a 7" → "grade 7"; "a 7 in history" → "7 in history", "an A in chem" → "an A in
    chemistry"; "a 5 on the exam" → nothing: the exam is not named, and "grade 5" would say less
    than the user meant."""
    grade, where = found["grade"], found["where"]
    if where is None:
        return None if found["generic"] else f"grade {grade}"
    cleaned = clean_objects(where, "en", False)
    where = cleaned[0] if cleaned else ""
    if where.lower() in _GENERIC_EXAMS or not _EN_NAME_PART.match(where):
        return None
    if not grade[0].isdigit():  # "an A in stats": the article keeps it from reading as one
        grade = f"{'an' if grade[0] in 'AEF' else 'a'} {grade}"
    return f"{grade} {found['prep'].lower()} {_subject_in_full(where)}"


def _subject_in_full(said: str) -> str:
    """A school subject said short by its full name ("chem" → "chemistry", "bio" →
    "biology"); any other name as said ("maths" is no shortening of "math")."""
    entry = vocabulary.lookup(said)
    if entry is None or entry.kind is not EntityKind.TOPIC:
        return said
    full = entry.name_in("en")
    return full if full.lower().startswith(said.lower()) else said


#: Exams chat names by a word that alone means something else ("pass the bar").
_EN_EXAM_FULL_NAMES = {"bar": "bar exam"}


#: How big an exam is names none of it: "a big exam next week" is no named exam.
_EN_EXAM_SIZE = re.compile(
    r"^(?:(?:big|huge|important|major|scary|massive|small|little)\s+)+", re.IGNORECASE
)


def _named_exam(found: re.Match[str]) -> str | None:
    """The exam as named ("micro midterm", "LSAT", "the bar" → "bar exam"); "the exam", "my
    final" name none."""
    cleaned = clean_objects(found["object"] or found.groupdict().get("named"), "en", False)
    name = _EN_EXAM_SIZE.sub("", cleaned[0]) if cleaned else ""
    bare = re.sub(r"\s+exams?$", "", name.lower())
    if not name or name.lower() in _GENERIC_EXAMS or bare in _GENERIC_EXAMS:
        return None
    return _EN_EXAM_FULL_NAMES.get(name.lower(), name)


def _trip(found: re.Match[str]) -> str | None:
    return f"trip to {found['place']}"


def _zh_score(found: re.Match[str]) -> str | None:
    """ "期末数学" + "120" → "期末数学120分"; a band (雅思 6.5) keeps its bare number."""
    score = found["score"]
    unit = _ZH_UNIT if "." not in score and int(score) >= 20 else ""
    if not unit and "." not in score and found.string.startswith(_ZH_UNIT, found.end("score")):
        unit = _ZH_UNIT  # "雅思要考到7分": the band said with its unit keeps it
    return f"{found['subject']}{score}{unit}"


def _exam(found: re.Match[str]) -> str | None:
    """An exam the user sits, books or prepares for, as named ("theory test", "CPA"); a
    generic one ("the test"), a practice sitting ("a mock") or a race named by nothing is none."""
    said = next(g for g in (found.groupdict().get(k) for k in _EXAM_GROUPS) if g is not None)
    cleaned = clean_objects(said, "en", False)
    name = cleaned[0] if cleaned else ""
    bare = re.sub(r"\s+exams?$", "", name.lower())
    if not name or {name.lower(), bare} & _GENERIC_EXAMS or _EN_PRACTICE.match(name):
        return None
    return _EN_EXAM_FULL_NAMES.get(name.lower(), name)


_EXAM_GROUPS = ("object", "object2", "object3")


def _cleaned(lang: str) -> Callable[[re.Match[str]], str | None]:
    """The `object` group cleaned as a plain rule's would be (for rules that compose nothing)."""

    def compose(found: re.Match[str]) -> str | None:
        cleaned = clean_objects(found["object"], lang, False)
        return cleaned[0] if cleaned else None

    return compose


#: Words said before what is put off, which are no part of its name ("so yeah law school").
_EN_FILLER = re.compile(
    r"^(?:(?:so|ok|okay|and|but|honestly|tbh|ngl|yeah|yea|also|i\s+guess|guess|then|basically|"
    r"now|well|anyway|anyways|lol|welp|alright|hmm+|um+|uh+|the|my|this|that|all\s+the)\s+)+",
    re.IGNORECASE,
)
_EN_NOT_A_GOAL = frozenset({
    "i", "you", "he", "she", "we", "they", "everything", "everything else", "the rest", "rest",
    "dinner", "lunch", "breakfast", "sleep", "homework", "this question", "that question",
    "the question", "question", "answer", "the answer",
})  # fmt: skip


def _named_goal(raw: str) -> str | None:
    """A goal named in a few words, without the fillers before it; a pronoun, a meal or "the
    exam" names none."""
    cleaned = clean_objects(_EN_FILLER.sub("", raw), "en", False)
    name = cleaned[0] if cleaned else ""
    if not name or name.lower() in _EN_NOT_A_GOAL or name.lower() in _GENERIC_EXAMS:
        return None
    return name


def _put_off(found: re.Match[str]) -> str | None:
    """What the user puts off ("so yeah law school can wait" → "law school")."""
    return _named_goal(found["object"])


def _taken_on(found: re.Match[str]) -> str | None:
    """What the user was asked to do and took on, or the goal it brings, named after it."""
    new = found["new"] and re.split(r"\s+(?:is|are)\s+|'s\s+", found["new"])[0]
    return _named_goal(new or found["object"])


def _superseded_grade(found: re.Match[str]) -> str | None:
    """The grade a higher one replaces: "not just a C" ends "grade C" (named as `_grade` names a
    bare grade)."""
    return f"grade {found['grade']}"


#: 放弃的目标前面的话（"我觉得雅思不考了"的"我觉得"），和后面的"的事""这个"。
_ZH_LEAD_FILLER = re.compile(
    r"^(?:我|就|也|那|那就|所以|反正|其实|感觉|觉得|我觉得|我感觉|我看|现在|目前|今年|明年|还是|干脆|"
    r"说实话|老实说|讲真|坦白说|真想|好想|很想|"
    r"对了|然后|算了|好吧|行吧|嗯|哎|唉)+"
)
_ZH_TAIL_FILLER = re.compile(
    r"(?:的事(?:情|儿)?|这件?事儿?|(?:的)?(?:想法|计划|打算)|这条路|这个|那个|那边|这边)$"
)
_ZH_NOT_A_GOAL = frozenset(
    {"这样", "那样", "今天", "今晚", "明天", "这次", "这题", "这道题", "这个", "那个"}
)
#: "改考四川省考 浙江不考了": the exam given up is 浙江省考, named like the one that replaces it.
_ZH_SWITCHED_EXAM = re.compile(
    r"(?:改考|改报|转考|换成|改成)(?:考)?[\u4e00-\u9fff]{2,3}?"
    r"(?P<kind>省考|省公务员|事业编|教招|特岗|选调生?|三支一扶|遴选)"
)


def _zh_given_up(found: re.Match[str]) -> str | None:
    """The goal given up, without the words around it; a bare place ("浙江") takes the kind of
    exam the user switched to in the same breath ("改考四川省考" → "浙江省考")."""
    raw = _ZH_TAIL_FILLER.sub("", _ZH_LEAD_FILLER.sub("", found["object"]))
    cleaned = clean_objects(raw, "zh", False)
    name = cleaned[0] if cleaned else ""
    if len(name) < 2 or name in _ZH_NOT_A_GOAL:
        return None
    switched = _ZH_SWITCHED_EXAM.search(found.string)
    if switched and len(name) <= 3 and has_han(name) and not re.search(ZH_EXAMS, name):
        return name + switched["kind"]
    return name


#: 考的名字前的"考"不是名字的一部分（"考初级会计"→"初级会计"），"考上""考到"是别的意思。
_ZH_SIT_EXAM = re.compile(
    rf"^(?:报考|参加|考)?\s*(?:个|一下)?(?P<exam>{ZH_EXAMS})(?:笔试|机试|面试)?(?=$|\s|了|吧|啊)"
)
_ZH_GO_FOR = re.compile(r"^冲(?!刺|动|一冲)(?:一下|一波)?(?=[\u4e00-\u9fffA-Za-z0-9]{2})")
_ZH_NTH_TRY = re.compile(rf"^(?:[一二三四1-4]战)(?=(?:考|报考)?(?:{ZH_EXAMS}))")
_ZH_KAOYAN = re.compile(r"^考个?研(?:究生)?(?=$|\s|了|吧|啊)")
_ZH_LEAD_TIME = re.compile(r"^(?:以后|将来|长大(?:以)?后|有一天|有朝一日|总有一天|未来)")
#: A manner wished for, no aim ("读快点", "写好点").
_ZH_MANNER = re.compile(r"^[\u4e00-\u9fff]{0,2}(?:快|慢|好|多|少|早)一?点儿?$")
_ZH_BE_A = re.compile(r"^(当|做|成为)(?:一)?(?:个|名|位)(?=[\u4e00-\u9fff]{2})")


#: Before what is aimed at, no part of its name: when it is due ("在五月去东京之前", "年底前",
#: "明年"), can or must ("能", "一定要"), and passing it ("通过", "考过": the exam is the goal).
_ZH_GOAL_LEAD = re.compile(
    r"^(?:在[^,，。!！?？\s]{1,12}?(?:之前|以前|前)|(?:今年|明年|后年|年底|年初|下半年|上半年|月底|下个?月|下周|暑假|"
    r"寒假|毕业|[一二三四五六七八九十\d]{1,2}月份?)(?:之前|以前|前|底)?|尽快|早日|一定要|必须|争取|能够?|可以|"
    rf"要|会|顺利|一次性?|顺便|系统地?|好好|认真|慢慢|正式|正儿八经|正经|开坑|入坑|"
    # trying it, doing it with someone ("试试爵士即兴", "陪女儿一起学奥数"), or again ("重拾英语")
    r"试试|试着|尝试(?:一下)?|(?:陪|跟|和|带)着?[\u4e00-\u9fff]{1,4}?一起|重新|重拾|捡起|捡回)*"
    rf"(?:通过|考过|拿下|过(?=(?:{ZH_EXAMS})))?"
    rf"(?=[\u4e00-\u9fffA-Za-z0-9]{{2}})"
)
#: Getting into a school is the school ("考上浙江大学" → "浙江大学"); sitting for a certificate
#: is the certificate ("考教师资格证" → "教师资格证"); a skill to get good at is the skill
#: ("学好数学" → "数学"); taking part in an event is the event.
_ZH_GOAL_VERB = re.compile(
    r"^(?:(?:考上|考进|考入|考|进入?|上)(?=[\u4e00-\u9fffA-Za-z0-9]{2,12}(?:大学|学院|中学|高中|一中|"
    r"二中|附中|师大|农大|工大|交大|理工|系)$|[\u4e00-\u9fff]{1,3}大$)|考(?:个|一个)?(?=[\u4e00-\u9fffA-Za-z0-9]{2,12}(?:证书?|执照)$)|"
    r"(?:学好|学会|练好|提高|提升|补好|搞定|搞懂|弄懂|学懂|搞明白|弄明白)(?:一?下|一点)?"
    r"(?=[\u4e00-\u9fffA-Za-z0-9]{2})|"
    # a change of career is where it leads ("转行做数据分析" → "数据分析", "转UI设计")
    r"转(?:行|专业|岗)?(?:去|到)?(?:做|当|搞|干)?(?!学|正|账|发|载|换)(?=[\u4e00-\u9fffA-Za-z0-9]{2})|"
    # learning or working on a skill is the skill ("学烘焙" → "烘焙", "学点数学" → "数学",
    # "学做广式月饼" → "广式月饼", "补补概率论" → "概率论")
    r"(?:学(?:做|着做|习|学)?|练(?:练|习)?|补补|复习复习)(?:一?点|一些|些|一?下|一?个|一?门)?"
    r"(?!校|历(?!史)|位|费|期|生|院|长|姐|弟|妹|霸|渣|科|分|车)(?=[\u4e00-\u9fffA-Za-z0-9]{2})|"
    # taking part is the event ("参加一个城市夜景摄影比赛" → "城市夜景摄影比赛")
    r"(?:报名)?(?:参加|参与|参赛)(?:一个|一场|一次|个|场)?(?=[\u4e00-\u9fffA-Za-z0-9]{2}))"
)
#: "把英语口语练好": what is worked on is the goal's name ("英语口语"); "把雅思考到7分" keeps
#: its score ("雅思考到7分", named "雅思7分" by the engine).
_ZH_WORK_ON = re.compile(
    r"^把(?P<thing>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?:(?:练|学|背|弄|搞|补|提|复习|打)"
    r"(?:好|完|会|熟|扎实|上去|高|牢)|(?:给)?(?:考|拿)(?:了|下来|过|掉|到手)?)$"
)


#: When it is for, before what is aimed at: an occasion ("她生日", "明年中秋的时候").
_ZH_OCCASION = re.compile(
    r"^[\u4e00-\u9fff]{0,4}?(?:生日|中秋|春节|过年|国庆|圣诞节?|元旦|婚礼|毕业典礼)"
    r"(?:那天|的时候|时|之前|前)?(?=[\u4e00-\u9fffA-Za-z0-9]{2})"
)
#: Who it is for, after it: "弹卡农给她听", "做蛋糕给孙子吃".
_ZH_FOR_SOMEONE = re.compile(
    r"(?<=[\u4e00-\u9fffA-Za-z0-9]{2})给[\u4e00-\u9fff]{1,3}?(?:(?:听|看|吃|用|穿|玩)$|"
    # what it is for, said after it: "学点编程给学生做仿真动画"
    r"(?:做|弄|搞|写|画|讲|拍|编)[\u4e00-\u9fffA-Za-z0-9]{2,})"
)


#: A verb starting what a skill is learned for, after the skill: "学日语看番", "学英语去澳洲打工",
#: "学Python做数据分析", "学吉他弹给她听".
_ZH_PURPOSE_VERB = re.compile(
    r"(?<=[\u4e00-\u9fffA-Za-z0-9+#]{2})(?:看|听(?!力)|去|出国|以便|为了|用来|来|做|弹|给|考|当|找)"
)


#: What a skill is for, said after it in words no name holds: "机器学习用到课堂上", "SQL应付工作".
_ZH_USED_FOR = re.compile(
    r"(?<=[\u4e00-\u9fffA-Za-z0-9+#]{2})(?:用到|用在|用于|用来|应付|以便|为了)"
)


def _without_purpose(aim: str) -> str:
    """A known skill without what it is learned for ("日语看番不看字幕" → 日语, "韩语看懂歌词" →
    韩语), any skill without a purpose no name holds ("SQL应付工作" → SQL); a name the vocabulary
    knows whole stays whole."""
    if vocabulary.lookup(aim) is not None:
        return aim
    if (used := _ZH_USED_FOR.search(aim)) is not None:
        return aim[: used.start()]
    for verb in _ZH_PURPOSE_VERB.finditer(aim):
        if vocabulary.lookup(skill := aim[: verb.start()]) is not None:
            return skill
    return aim


def _zh_aimed_at(name: str) -> str:
    """What a Chinese goal aims at, without the date or occasion, the can or must, who it is for,
    and the verb of passing, getting into, learning or working on it ("年底前把英语口语练好" →
    "英语口语", "过四级" → "四级", "考上浙江大学" → "浙江大学", "考教师资格证" → "教师资格证",
    "她生日弹卡农给她听" → "弹卡农", "学做广式月饼" → "广式月饼")."""
    name = _ZH_FOR_SOMEONE.sub("", _ZH_GOAL_LEAD.sub("", _ZH_OCCASION.sub("", name)))
    worked_on = _ZH_WORK_ON.match(name)
    aim = _ZH_GOAL_VERB.sub("", worked_on["thing"] if worked_on else name)
    return _without_purpose(ZH_PART_OF.sub("", aim))


def _zh_goal(found: re.Match[str]) -> str | None:
    """A Chinese goal as named: its first clause ("考教师资格证 下半年考" → "教师资格证"), an
    exam without the verb of sitting or passing it ("考初级会计" → "初级会计", "能通过注册会计师
    考试" → "注册会计师考试"), a wish without its "以后" ("以后当个医生" → "当医生") or its date
    (`_zh_aimed_at`)."""
    raw = zh_clause_of(found["object"].strip(), frame_after=False)
    raw = _ZH_GOAL_LEAD.sub("", _ZH_GO_FOR.sub("", _ZH_NTH_TRY.sub("", raw)))
    if _ZH_KAOYAN.match(raw):
        return "考研"
    sat = _ZH_SIT_EXAM.match(raw)
    if sat:
        return sat["exam"]
    cleaned = clean_objects(_ZH_LEAD_TIME.sub("", raw.strip()), "zh", False)
    if not cleaned or _ZH_MANNER.match(cleaned[0]):
        return None  # "想读快点": how, not what
    return _ZH_BE_A.sub(r"\1", _zh_aimed_at(cleaned[0]))


#: Hedges on a plan ("说不定", "可能") and the later it is for ("以后"): together, a maybe.
_ZH_MAYBE = r"说不定|也许|可能|或许|没准"
_ZH_LATER = r"以后|将来|之后|毕业后?|明年|哪天|到时候"
#: Hedges that are a maybe by themselves before "会" ("说不定会考个潜水证"); "可能会" is too often
#: a forecast ("可能会挂").
_ZH_PERHAPS = r"说不定|也许|或许|没准"

_ZH_SCORE = re.compile(r"^(?P<score>\d{2,3}|\d(?:\.\d)?)(?:分以上|分|\+|以上)?$")
_ZH_SCORE_FOR = re.compile(rf"(?:{_ZH_SUBJECTS})(?:的)?$")


_ZH_UNCHANGED = re.compile(r"^(?:其实|也|还是|都|就)*(?:没变|不变|没有变|一样|没改|照旧|如此)")


def _zh_target(found: re.Match[str]) -> str | None:
    """ "目标华师大" → "华师大"; a score is named with what it is for, as `_zh_score` names it
    ("高考目标600+" → "高考600分", "目标85分" → "85分")."""
    cleaned = clean_objects(found["object"], "zh", False)
    name = _zh_aimed_at(cleaned[0]) if cleaned else None
    if name is not None and _ZH_UNCHANGED.match(name):
        return None  # "目标其实没变": the goal held stays, nothing new is named
    score = _ZH_SCORE.match(name or "")
    if score is None:
        return name
    subject = _ZH_SCORE_FOR.search(found.string, 0, found.start())
    number = score["score"]
    unit = _ZH_UNIT if "." not in number and int(number) >= 20 else ""
    return f"{subject[0].removesuffix('的') if subject else ''}{number}{unit}"


def _zh_pass_mark(found: re.Match[str]) -> str | None:
    """ "过线就行" → "过线", "数学及格就行" → "数学及格": passing is the goal."""
    return f"{found['exam'] or ''}{found['what']}"


def _zh_bare_score(found: re.Match[str]) -> str | None:
    return f"{found['score']}{_ZH_UNIT}"


#: Words that make giving up a mood: after a bad day, "不学了" is venting, not a decision.
_VENTING = re.compile(
    r"\b(?:ugh+|fml|ffs|smh|so\s+done|i\s+give\s+up|hate\s+(?:this|it|everything|my\s+life)|"
    r"today|tonight|rn|right\s+now|worst\s+day|bad\s+day|bombed|flunked|screw\s+(?:it|this))\b|"
    r"累死|烦死|气死|崩溃|考砸|挂科|心态(?:炸|崩)|破防|受不了|好累|太累|累了|想哭|不想活|(?<!麻)烦(?!恼)|气话|"
    r"啊啊啊|[😭😤😡🤬💀😩😫]",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class GivenUpRule(ComposedRule):
    """A goal given up (`polarity=negative`), unless the sentence is venting: "ugh I give up
    today", "数学不学了 烦死了" end nothing."""

    def matches(self, text: str) -> Iterator[RuleMatch]:
        if _VENTING.search(text):
            return
        yield from ComposedRule.matches(self, text)


def given_up(
    name: str, compose: Callable[[re.Match[str]], str | None], *args: Any, **kw: Any
) -> GivenUpRule:
    """`composed(...)` for a goal given up: negative, screened for venting."""
    base = composed(name, compose, *args, polarity=NEGATIVE, **kw)
    return GivenUpRule(**{f.name: getattr(base, f.name) for f in fields(ComposedRule)})


#: Not a goal but today's task: "the plan is to do chapter 3 tonight".
_EN_NOT_TODAY = (
    r"(?![^.!?]*\b(?:today|tonight|tomorrow|tmrw|this\s+(?:morning|afternoon|evening|session)|rn|"
    r"right\s+now|first|next\s+(?:step|question|problem))\b)"
)
#: "the goal is to find x" is a problem's, not the user's.
_EN_NOT_A_TASK = (
    r"(?!(?:to\s+)?(?:find|solve|isolate|simplify|show|prove|compute|calculate|evaluate|cancel|"
    r"balance|factor|integrate|differentiate|get\s+[a-z]\s+(?:by|alone|on)|(?:finish|do|get\s+through)"
    r"\s+(?:this|the|my|these|today's)\s+(?:worksheet|homework|hw|problems?|questions?|exercises?|set|"
    r"page|chapter|assignment|essay))\b)"
)
#: "not Y anymore" after the new goal: the old one it replaces.
_EN_NOT_ANYMORE = r"not\s+(?:the\s+)?[\w+&-]+(?:\s+[\w+&-]+)?\s+(?:anymore|any\s+more)\b"
#: Words between "the plan is" and the plan ("basically", "just").
_EN_HEDGE = r"(?:(?:basically|just|simply|honestly|kinda|probably|prob|still)\s+)*"

#: 想的不是目标：问问题、想你、想休息、想放弃（"我想问下"、"想多了"、"想静静"）；
#: 说得随意的"想学学"是兴趣。
_ZH_NOT_A_WISH = (
    r"(?!问|知道|请|你|他|她|这|那|起|是|应该|可能|了解一下|说|想|着|让|叫|多了|学学|跟着学|(?:和|跟)(?:你)?(?:聊|说|分享|谈)|"
    r"聊|分享|了|过|好了|到|清楚|明白|通|重新|重拾|捡起|拾起|捡回|放弃|不|改考|改报|休息|歇|睡|吃|喝|玩|静静|"
    r"一个人|上厕所|出去(?:走走|透透气)|"
    # venting ("做得我想砸电脑"), and working it out alone ("我想自己想出来"): no aim
    r"砸|摔|哭|死|吐|撞墙|骂|打人|逃|憋|自己(?:想|做|算|试|琢磨|来)(?:出来|一下|一遍|试试|看看)?(?=$|[,.!?~。，\s])|"
    # said by rules of their own: after graduating (`goal_zh_after_graduation`), a score ("冲6.5")
    r"毕业|冲?\d|先(?:做|看|写|听|复习|弄)|做(?:第|这)|看看|开始|一下|"
    # "计划真的好用", "计划表": the plan, not planning
    r"真的|确实|挺|很|太|好用|有用|不错|表)"
)
#: 要做好几个月的项目（毕设、论文）。
_ZH_PROJECT = r"(?:毕设|毕业设计|毕业论文|毕业作品|课设|课程设计|学年论文|开题报告|大作业)"
#: Learning said with what it is for is the means: "learn theory so i can improvise" aims at
#: improvising (`goal_en_so_i_can`).
_EN_NOT_A_MEANS = (
    r"(?!(?:(?:finally|really|actually|properly)\s+)?(?:learn|study|practi[sc]e)\b[^.!?]*\bso\s+"
    r"(?:that\s+)?i\s+can\b)"
)
#: Words that open a clause whose subject chat leaves out ("so want to …", "ok going for …").
_EN_CLAUSE_OPENER = (
    r"so|and|but|also|yo|ok|okay|honestly|tbh|ngl|basically|plus|now|lol|rn|btw|anyway|anyways"
)
#: What a course is called ("the V300 prescribing course", "a data analytics bootcamp").
_EN_COURSE = (
    r"(?:course|program(?:me)?|degree|apprenticeship|bootcamp|diploma|certificate|certification|"
    r"qualification|masters?|mba|phd)"
)
#: Words before "course" that say what kind, not which ("an online course", "the new course").
_EN_GENERIC_COURSE_WORDS = frozenset({
    "online", "new", "short", "free", "crash", "intro", "evening", "night", "summer", "weekend",
    "little", "whole", "full", "entire", "part-time", "full-time", "uni", "college",
    "university", "same", "other", "next", "first", "second", "last", "basic", "beginner",
})  # fmt: skip
#: A project one works toward over months ("my thesis", "my capstone").
_EN_PROJECT = (
    r"(?:(?:final[\s-]year|senior|capstone|research|masters?|honou?rs|undergrad|phd)\s+project|"
    r"thesis(?!\s+statement)|dissertation|capstone|EPQ|coursework)"
)


def _course(found: re.Match[str]) -> str | None:
    """A course named by what it is ("V300 prescribing course"); "an online course" names none."""
    name = found["object"]
    words = name.lower().split()[:-1]
    return None if all(w in _EN_GENERIC_COURSE_WORDS for w in words) else name


_STATED: tuple[Rule, ...] = (
    rule(
        "goal_en_want_to",
        EventType.GOAL,
        rf"\b(?:(?:I\s+{EN_ADV}wanna|(?:I'?m|im)\s+{EN_ADV}tryna)\s+|(?:"
        rf"I\s+{EN_ADV}(?:want|need|hope|plan|aim|intend|wish|would\s+(?:like|love)|"
        rf"am\s+(?:planning|hoping|trying|determined|aiming))|I(?:'m)\s+(?:planning|hoping|trying"
        rf"|determined|aiming)|I'd\s+(?:really\s+)?(?:like|love))\s+to\s+)"
        rf"(?!know\b|ask\b|say\b|thank\b|talk\b){_EN_NOT_A_MEANS}{EN_OBJ}",
        0.75,
        "Something the user wants to achieve: 'I want to pass my exam', 'im tryna get into "
        "nursing school', 'I wanna be a vet'.",
        (
            "I want to pass my physics exam.",
            "I'm trying to lose weight",
            "im tryna get into nursing school",
        ),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_my_goal",
        EventType.GOAL,
        rf"\bmy\s+(?:main\s+|big\s+|ultimate\s+|long-term\s+|biggest\s+|new\s+|only\s+|end\s+|"
        rf"real\s+|secret\s+|current\s+|long[\s-]term\s+)?(?:goal|dream|aim|ambition|resolution|target)"
        rf"\s+(?:is|was|rn\s+is|now\s+is|is\s+now)\s+{_EN_HEDGE}{_EN_NOT_A_TASK}(?:to\s+)?{EN_OBJ}",
        0.9,
        "A stated goal: 'my goal is to run a marathon'.",
        ("My goal is to run a marathon.", "my dream is becoming a counselor"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_preparing",
        EventType.GOAL,
        rf"\b(?:{EN_I_AM}|im)\s+(?:(?:now|still|currently|also|busy|really)\s+)?(?:studying|preparing|"
        rf"prepping|training|practicing|practising|saving(?:\s+up)?|cramming|revising)\s+for\s+"
        rf"(?!hours\b|ages\b|days\b|weeks\b|fun\b|it\b|this\b|that\b){EN_OBJ}",
        0.85,
        "Preparation for something: 'I'm studying for my physics exam'.",
        ("I'm studying for my physics exam.", "I am training for a half marathon"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_aiming",
        EventType.GOAL,
        rf"\b(?:(?:I'?m\s+|im\s+)?(?:aiming|shooting)|(?:I'?d|I\s+would|I'?ll|I\s+will|gonna|going\s+to|"
        rf"wanna|want\s+to)\s+aim)\s+for\s+(?!(?:at\s+least\s+)?an?\s+(?:grade\s+)?"
        rf"(?:[1-9]|(?-i:[A-F]))\b){EN_OBJ}",
        0.8,
        "A target: 'im aiming for 515+', 'figured I'd aim for the HSK 2 test'.",
        ("im aiming for 515+", "Figured I'd aim for the HSK 2 test, gives me some structure."),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_goal_is",
        EventType.GOAL,
        rf"(?:^|[,.;!]\s*|\b(?:cool|ok|okay|so|and|but|anyway|anyways|well)\s+)(?:the\s+)?"
        rf"(?:(?:main|big|end|ultimate|real|long[\s-]term|new|final|secret)\s+)?(?:goal|dream|aim|ambition|"
        rf"target|(?<=main\s)thing\s+i\s+(?:want|need)(?:\s+(?:rn|now|right\s+now))?)"
        rf"(?:\s+for\s+(?:this|the|next)\s+(?:month|week|year|term|semester|summer))?"
        rf"\s*(?:is|=|:|rn\s+is|now\s+is|is\s+now)\s+{_EN_HEDGE}{_EN_NOT_A_TASK}(?:to\s+)?{EN_OBJ}",
        0.85,
        "A goal said without 'my': 'goal is a junior dev job by end of year', 'dream is …'.",
        (
            "cool. goal is a junior dev job by end of year",
            "end goal is reading manga in japanese",
            "goal for this month: finally understand recursion",
        ),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_en_want_no_subject",
        EventType.GOAL,
        rf"(?:^|[,.;:!]\s*|\b(?:{_EN_CLAUSE_OPENER})\s+)(?:(?:still|really|def(?:initely)?|actually|"
        rf"also|just|kinda|lowkey|seriously)\s+)*(?:(?:want|wanna|need)\s+(?:to\s+)?"
        rf"(?=pass\b|get\b|ace\b|land\b|become\b|finish\b|score\b)|(?:want\s+to|wanna|tryna|trying\s+to|"
        rf"hoping\s+to|planning\s+(?:to|on)|aiming\s+to|determined\s+to)\s+(?!know\b|ask\b|say\b|"
        rf"thank\b|talk\s+(?:about|to\s+(?:you|u))\b)){_EN_NOT_A_MEANS}{EN_OBJ}(?![^?]*\?)",
        0.75,
        "A goal said without its subject, as chat drops it: 'still want to pass ccrn first try', "
        "'want to play at the talent show in april', 'trying to get into cybersecurity'.",
        (
            "back, feeling way better. still want to pass ccrn first try",
            "want to play at the talent show in april",
            "29, supervisor, trying to get out of retail and into nursing",
        ),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"want|wanna|need|tryna|trying|hoping|planning|aiming|determined",
    ),
    rule(
        "goal_en_want_it_better",
        EventType.GOAL,
        r"(?<!n't\s)(?<!not\s)\b(?:want|need|gotta\s+get|have\s+to\s+get)\s+(?:my\s+)?(?P<object>(?!(?:it|this|"
        r"that|them|you|u|to|get|be|feel|do|go|make|a|an|the|some|much|way|lot)\b)[\w+'-]+(?:\s+[\w+'-]+)?)\s+(?:better|down|sorted|up\s+to\s+speed|fluent|"
        r"solid|stronger|improved)\b(?![^?]*\?)",
        0.75,
        "A skill wanted better: 'need my English better for work meetings', 'I want excel down "
        "before then'.",
        ("need my English better for work meetings", "so I want excel down before then"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"better|down|sorted|speed|fluent|solid|stronger|improved",
    ),
    rule(
        "goal_en_what_i_want",
        EventType.GOAL,
        rf"\bwhat\s+i\s+(?:(?:do|really|actually|truly|most|reall?y)\s+)*(?:want|need|'?m\s+after|am\s+after)"
        rf"(?:\s+to\s+do)?\s+is\s+{_EN_HEDGE}{_EN_NOT_A_TASK}(?:to\s+)?{EN_OBJ}(?![^?]*\?)",
        0.85,
        "A goal said as what the user wants most: 'What I DO want is the RYA Level 2 certificate'.",
        ("What I DO want is the RYA Level 2 certificate.", "what i really want is to teach"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"\bwhat\s+i\b",
    ),
    rule(
        "goal_en_the_one_i_want",
        EventType.GOAL,
        r"(?:^|[,;:.!]\s*|\b(?:no|but|so|and|nah)\s*,?\s+)(?P<object>[\w'+&-]+(?:\s+[\w'+&-]+){0,3}?)\s+"
        r"(?:is|'s)\s+(?:what|the\s+(?:one|thing))\s+i\s+(?:(?:really|actually|do)\s+)?want"
        r"(?:\s+to\s+(?:learn|do|study|get))?\b(?![^?]*\?)",
        0.8,
        "A goal chosen over another: 'but no, ASL is the one i want', 'nursing is what i want'.",
        ("but no, ASL is the one i want", "nursing is what i really want"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"\bi\s+(?:really\s+|actually\s+|do\s+)?want",
    ),
    rule(
        "goal_en_going_for",
        EventType.GOAL,
        rf"(?:^|[,.;:!]\s*|\b(?:{_EN_CLAUSE_OPENER}|i'?m|im|i\s+am|we're|we\s+are)\s+)(?:(?:currently|"
        rf"really|still|now|finally|also|def(?:initely)?|seriously|actually|just)\s+)*"
        rf"(?:(?:going|gunning|pushing)\s+(?:straight\s+)?for|going\s+straight(?:\s+(?:to|into))?|"
        rf"working\s+towards?)\s+(?!(?:at\s+least\s+)?an?\s+(?:grade\s+)?(?:[1-9]|(?-i:[A-F]))\b)"
        rf"(?!(?:to\s+|into\s+|for\s+)?(?:a|an|the|my|some)?\s*(?:walk|run|jog|swim|ride|drive|coffee|"
        rf"lunch|dinner|breakfast|brunch|drinks?|beers?|smoke|nap|break|bed|home|sleep|school|work|class|"
        rf"it|that|this|(?:(?:other|same|first|second|third|last|easy|easier|hard|harder|next|wrong|right)"
        rf"\s+)?(?:one|option|answer|choice|method|approach|way)|(?-i:[A-Z0-9]))\b){EN_OBJ}(?![^?]*\?)",
        0.8,
        "A goal gone after: 'Going for promotion up a category this season', 'skipping A+, going "
        "straight Security+', 'working towards my CCNA'.",
        (
            "Going for promotion up a category this season",
            "so skipping A+, going straight Security+",
            "im working towards my CCNA",
        ),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"going|gunning|pushing|working",
    ),
    composed(
        "goal_en_course",
        _course,
        EventType.GOAL,
        rf"(?:^|[,.;:!]\s*|\b(?:i|i've|ive|i'm|im|i\s+am|i\s+have|we|we've|and|so|also)\s+)"
        rf"(?:(?:just|finally|recently|also|now|already|officially|currently)\s+)*(?:started|starting|"
        rf"began|enrolled\s+(?:in|on|for)|signed\s+up\s+(?:for|to)|registered\s+(?:for|on)|doing|"
        rf"taking)\s+(?:the|a|an|my|this)\s+(?P<object>(?:[\w+'&-]+\s+){{1,3}}?{_EN_COURSE})\b"
        rf"(?![^?]*\?)",
        0.8,
        "A course the user has started or signed up for: 'i've just started the V300 prescribing "
        "course', 'enrolled in a data analytics bootcamp'.",
        (
            "i've just started the V300 prescribing course",
            "just enrolled in a data analytics bootcamp",
        ),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"course|program|degree|apprentice|bootcamp|diploma|certific|qualification|master|mba|phd",
    ),
    composed(
        "goal_en_project",
        lambda found: found["object"] or found["object2"],
        EventType.GOAL,
        rf"\b(?:(?:working\s+on|writing|doing|finishing)\s+my\s+(?P<object>"
        rf"{_EN_PROJECT})|my\s+(?P<object2>{_EN_PROJECT})\s+(?:needs?|requires?|uses?|is\s+(?:about|on)|"
        rf"has\s+to))\b(?![^?]*\?)",
        0.75,
        "A project the user works toward: 'writing my dissertation', 'my thesis needs pandas'.",
        ("writing my dissertation this term", "my dissertation is on housing policy"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"thesis|dissertation|capstone|project|EPQ|coursework",
    ),
    composed(
        "goal_en_considering",
        _exam,
        EventType.GOAL,
        rf"\b(?:thinking\s+(?:about|of)|considering|debating|maybe\s+(?:i'?ll|i\s+will|i\s+should)|"
        rf"i\s+might)\s+(?:(?:(?:doing|taking|sitting|going\s+for|applying\s+(?:to|for)|do|take|sit|"
        rf"go\s+for|apply\s+(?:to|for)|a)\s+)?(?:the\s+|an?\s+)?(?P<object>(?:[\w'-]+\s+)??"
        rf"{_EN_NAMED_EXAM})|(?:applying\s+(?:to|for)|apply\s+(?:to|for)|going\s+into|go\s+into|"
        rf"majoring\s+in|major\s+in)\s+(?P<object2>{EN_FIELDS}))\b",
        0.45,
        "A goal only considered, held weakly: 'thinking about doing the CFA after this', 'maybe "
        "I'll go for the driving test', 'thinking about applying to med school'.",
        (
            "thinking about doing the CFA after this",
            "considering the GMAT tbh",
            "maybe I'll go for the driving test in spring, not sure yet",
            "thinking about applying to med school... kinda",
        ),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"thinking|considering|debating|maybe|might",
    ),
    composed(
        "goal_zh_target",
        _zh_target,
        EventType.GOAL,
        r"(?:目标|志愿)(?!(?:是|就是|:)?(?:求|算出|证明|解出|函数))(?:是|就是|定在|:)?"
        r"(?![^\s,.!?;~]{0,6}?投(?:递)?简历(?:$|[\s,.!?;~]))(?P<object>[\u4e00-\u9fffA-Za-z0-9.+]{2,20}?)(?=$|[,.!?;~\s]|了|吧|啊|呢)",
        0.8,
        "目标：'我现在目标华东师范历史系'。",
        ("我现在目标华东师范历史系",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    composed(
        "goal_en_finally_time",
        lambda found: f"learn {found['to'] or ''}{found['object']}",
        EventType.GOAL,
        r"\bfinally\s+(?:(?:time|the\s+time)\s+(?:to\s+(?:finally\s+)?(?:learn|start\s+learning|pick\s+up|"
        r"take\s+up)\s+|for\s+(?:some\s+)?)|(?:learning|starting\s+to\s+learn|taking\s+up|picking\s+up)\s+)"
        r"(?P<to>to\s+)?(?!(?:bed|lunch|dinner|breakfast|class|work|school|a\s+break|the|it|that|this|"
        r"something|more|how)\b)(?P<object>[\w'-]+(?:\s+[\w'-]+)?)(?=\s*(?:$|[,.!?;)]|\b(?:now|lol|"
        r"at\s+last|wish\s+me|haha)\b))",
        0.8,
        "A start long put off: 'decided its finally time to learn piano', 'finally time for "
        "piano!!', 'finally learning to code' (learn piano, learn to code).",
        (
            "decided its finally time to learn piano",
            "just retired, finally time for piano!!",
            "turned 40 and finally learning to code, wish me luck",
        ),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"finally",
    ),
    composed(
        "goal_en_now_its_all",
        lambda found: found["object"],
        EventType.GOAL,
        r"\bnow\s+(?:it'?s|its)\s+(?:all|only|just)\s+(?:about\s+)?"
        r"(?P<object>(?-i:[A-Z])[a-z]+)(?=\s*(?:$|[,.!?;]|\b(?:for\s+me|lol|haha)\b))",
        0.75,
        "A new language or subject all the effort goes to: 'gave up on Russian. Now it's all "
        "Italian'.",
        ("I dropped French last year. Now it's all Spanish",),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"now\s+(?:it'?s|its)",
    ),
    rule(
        "goal_zh_focus_on",
        EventType.GOAL,
        r"(?:现在|如今|今年|接下来)(?:我)?(?:就)?(?:专心|一心|全力|主攻|全心全意地?|专门)(?:学|攻|练|备考|考)?"
        r"(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?=了|吧|啦|$|[,.!?~\s])",
        0.8,
        "现在专心学的：'俄语去年放弃了，现在专心学意大利语'。",
        ("俄语去年放弃了，现在专心学意大利语", "今年主攻雅思"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"专心|一心|全力|主攻|全心|专门",
    ),
    composed(
        "goal_zh_pass_exam",
        lambda found: found["object"] or found["object2"],
        EventType.GOAL,
        r"(?:目标|任务|计划)(?:就)?是(?:一次)?(?:过|考过|通过|拿下)(?P<object>N[1-5]|[A-Z]{2,5}\d?|"
        r"[\u4e00-\u9fff]{2,6}?)(?=$|[^\u4e00-\u9fffA-Za-z0-9]|了|吧|啊)|"
        r"(?:^|(?<=[\s,.!~;]))(?:先|一定要|必须)?把?(?P<object2>N[1-5]|[A-Z]{2,5}\d?|"
        rf"{ZH_EXAMS})(?:{_ZH_BY_WHEN})?(?:还是|也|都|先|一定|必须|争取|要|得)*(?:拿下|考过)",
        0.8,
        "要过的考试：'今年的目标是过N2'、'N2拿下就去大阪'、'驾照暑假还是要拿下'。",
        ("今年的目标是过N2💪", "N2拿下就去大阪找工作", "任务是考过CPA", "驾照暑假还是要拿下"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"目标|任务|计划|拿下|考过",
        case_sensitive=True,
    ),
    rule(
        "goal_zh_just_started",
        EventType.GOAL,
        r"(?:^|我|(?<=[\s,.!~;了]))(?:才|刚|刚刚|准备|打算|决定)开始学(?P<object>[\u4e00-\u9fffA-Za-z]{2,6}?)"
        r"(?=了|吧|啦|呢|$|[,.!?~\s]|会不会|是不是)",
        0.75,
        "才开始学的：'35了才开始学钢琴'、'刚开始学日语'。",
        ("35了才开始学钢琴 会不会太晚啊", "刚开始学日语"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"开始学",
    ),
    rule(
        "goal_zh_go_for",
        EventType.GOAL,
        r"(?:^|(?<=[,.!?~\s]))冲(?:一下|一波)?(?!一冲|刺|动|冲)(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?=$|[,.!?~\s]|了|吧)",
        0.8,
        "'冲华师大！'。",
        ("好 冲华师大!",),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "goal_zh_apply_for",
        EventType.GOAL,
        r"(?:改报|报考|想报|要报|准备报|决定报)(?:了)?"
        # where one is from says which, the post is what is applied for ("老家宜昌的乡镇岗")
        r"(?:(?:老家|家乡|本地|当地)[\u4e00-\u9fff]{0,4}的)?"
        r"(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?=$|[,.!?;~\s]|了|吧|啊|的)",
        0.85,
        "报考的目标：'我还是改报华中农大吧'、'改报了老家宜昌的乡镇岗'（新的目标取代旧的）。",
        ("我还是改报华中农大吧 稳一点", "太卷了 改报了老家宜昌的乡镇岗"),
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
    composed(
        "goal_zh_want",
        _zh_goal,
        EventType.GOAL,
        # a wish softened ("挺想学学", "有点想") is an interest (`preferences`), not a goal
        # … and a wish for today ("今天想练练口语") is no aim
        rf"{ZH_SUBJECT}{ZH_ADV}(?<!挺)(?<!蛮)(?<!有点)(?<!还是)(?<!今天)(?<!今晚)(?<!晚上)(?<!明天)"
        rf"(?:想要|想|希望|打算|计划|准备|决定|立志|梦想|渴望|争取){_ZH_NOT_A_WISH}(?:能|可以|要)?{ZH_OBJ}",
        0.75,
        "目标：'我想考上大学'、'我打算明年去留学'；几样东西各是一个（'想种点番茄和香草'）。",
        ("我想考上大学", "我打算明年去留学。"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        split_objects=True,
    ),
    composed(
        "goal_zh_must_sit",
        _zh_goal,
        EventType.GOAL,
        rf"{ZH_SUBJECT}{ZH_ADV}(?:得|要|必须|需要|一定要|还得|还要)(?:先|去)?"
        r"(?P<object>考(?![研试虑察验核勤究卷题场点古前后完好砸过上到进入了得一就也都还])[^,.;:!?()。\n\s]{2,14})",
        0.8,
        "一门要考的试：'今年厂里要求持证上岗 得考低压电工证'、'我要考教资'。",
        ("今年厂里要求持证上岗 得考低压电工证。", "我要考教资"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"考",
    ),
    composed(
        "goal_zh_get_it_done",
        _zh_goal,
        EventType.GOAL,
        r"(?:先|要|得|争取|打算|准备|今年|这学期|年底前?)把(?P<object>[^,.;:!?()。\n\s把]{1,10}?)"
        r"(?:啃|考|拿|学|搞|弄|背|练|刷)(?:下来|到手|定|会|完|通|透)(?![了吗])",
        0.8,
        "打算拿下的东西：'第一步先把SQL啃下来'、'今年先把主管护师考下来'（'把SQL啃下来了'是做到了）。",
        ("打算转数据分析 第一步先把SQL啃下来。", "雅思就先搁着吧 今年先把主管护师考下来"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"把",
    ),
    composed(
        "goal_zh_charge_for",
        _zh_goal,
        EventType.GOAL,
        r"(?:直接|先|准备|打算|要|想|就|目标)?冲(?:刺)?(?:一下|一把)?"
        r"(?:\d{1,2}月(?:份)?的)?(?P<object>N[1-5]|HSK\s?[1-6]|雅思\s?\d(?:\.\d)?|托福\s?\d{2,3})(?![\d.])",
        0.8,
        "冲一个级别：'N3不考了 直接冲7月的N2'、'先冲雅思6.5'（分数由'目标…分'的规则读）。",
        ("对了 想好了 N3不考了 直接冲7月的N2", "先冲雅思6.5"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"冲",
    ),
    composed(
        "goal_zh_my_goal",
        _zh_goal,
        EventType.GOAL,
        r"(?:(?:^|(?<=[\s,.!~;。，]))(?:我|我的|我最大的|最大的)?|我的)(?:目标|梦想|愿望|理想|心愿|新年愿望)"
        r"(?:就|一直|其实)?是(?!求|算出|证明|解出)(?P<object>[^,.;:!?()。\n\s]{2,20})",
        0.9,
        "明确的目标：'我的目标是考上985'、'梦想是以后当个医生'（当医生）。",
        ("我的目标是考上985。", "梦想是以后当个医生"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    composed(
        "goal_zh_exam",
        _zh_goal,
        EventType.GOAL,
        rf"(?:为了|准备|备战|备考|复习)(?P<object>[^,.;:!?()。\n\s]{{0,12}}?(?:考试|笔试|面试|比赛|期末考|期中考|"
        rf"{ZH_EXAMS}))",
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
        r"trying|aim|aiming|have|gotta|going)(?:\s+to)?|wanna)\s+get|want|need|(?:i'?d|would)\s+(?:love|"
        r"like)|(?:hoping|aiming|going|shooting|gunning)\s+for)\s+(?:at\s+least\s+|like\s+)?(?:an?\s+)?(?:grade\s+)?"
        r"(?P<grade>[1-9](?!\.\d|[\d/%:-])|[4-9]\.5(?=\s+(?:in|on)\s)|(?-i:A\*|[A-F][+-]?)(?![\w*]))"
        r"(?:\s+(?P<prep>in|on)\s+(?:(?P<generic>(?:the|this|that|my)\s+(?:exam|test|final|real\s+"
        r"thing|paper|quiz|midterm|mock)s?\b)|(?P<where>[A-Za-z][\w+*&-]*(?:\s+[\w+*&-]+){0,3}?)))?"
        rf"(?=\s*(?:$|[,.;!)~]|{_EMOJI}|\s+(?:by|this|next|so|because|bc|cuz|lol|lmao|tho|though|and|"
        r"or|idk|btw|tbh|ngl|fr|rn|pls|honestly|exam|test|at\s+least|minimum|at\s+minimum|now|"
        r"not|instead|rather|overall|for|to\s+(?:pass|get\s+in(?:to)?|graduate|qualify|stay|keep|transfer|"
        r"apply|matriculate))\b))"
        r"(?![^?]*\?)",
        0.75,
        "A target grade: 'i want at least a 7' (grade 7), 'need an A in chem' (grade A in chem); "
        "'a 5 on the exam' names no exam and is left out.",
        ("i want at least a 7.", "I really need an A in chem this term"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"\b(?:want|need|get|for|love|like)\s+(?:at\s+least\s+|like\s+)?(?:an?\s+)?(?:grade\s+)?"
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
        rf"applying(?:\s+(?:for|to|in))?|do|study|major\s+in|go\s+into|switch\s+to|apply\s+(?:for|to))"
        rf"\s+(?P<object>{EN_FIELDS})\s+(?:instead\b|{_EN_NOT_ANYMORE})(?![^?]*\?)(?![^.!?]*\b(?:today|tonight|rn|right\s+"
        rf"now|this\s+(?:morning|afternoon|evening|week))\b)",
        0.85,
        "A field chosen over another: 'doing architecture instead of mech e', 'applying pediatrics "
        "not IM anymore' (the new goal only).",
        (
            "also changing my apps, doing architecture instead of mech e",
            "I'll study law instead",
            "I've decided, applying pediatrics not IM anymore",
        ),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"\binstead\b|\bnot\b",
    ),
    composed(
        "goal_en_exam_date",
        _named_exam,
        EventType.GOAL,
        rf"(?:^|[,;]\s*|\b(?:my|our|and|so|ok|also|the)\s+|\b(?:there'?s|there\s+is|i\s+have|i'?ve\s+got|"
        rf"ive\s+got|got)\s+(?:a|an|my)\s+)"
        rf"(?P<object>(?:[\w-]+\s+){{0,2}}?(?:midterm|final|exam|boards|mcat|lsat|gre|gmat|sat|act|"
        rf"ielts|toefl|ccrn|nclex|usmle|bar\s+exam|gcses?|a-levels?)s?)(?:'s|\s+is|\s+are)?\s+"
        rf"(?:(?:on\s+|in\s+)?(?:(?:{_EN_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?"
        rf"\s+(?:of\s+)?(?:{_EN_MONTHS}))|in\s+(?:{_EN_MONTHS})|{_EN_EXAM_SOON})\b(?![^?]*\?)|(?:^|[,;]\s*|\b(?:my|our|and|so|ok|also|the)\s+)"
        rf"(?P<named>{_EN_NAMED_EXAM}(?:\s+{_EN_EXAM_SUBJECTS})?)(?:'s|\s+is|\s+are)?\s+(?:next\s+(?:week|month|"
        rf"year|spring|summer|fall|autumn|winter)|this\s+(?:year|spring|summer|fall|autumn|winter)|in\s+(?:\d{{1,2}}|"
        rf"a|two|three|four|a\s+few|a\s+couple\s+of)\s+(?:days?|weeks?|months?)|"
        rf"(?:this|next)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|in\s+(?:{_EN_MONTHS})|"
        rf"before\s+i\s+turn\s+\d{{2}})\b"
        rf"(?![^?]*\?)",
        0.75,
        "An exam with its date, still ahead: 'micro midterm is nov 12', 'mcat is june 20'.",
        (
            "2nd year econ, micro midterm is nov 12 and i'm behind",
            "my bar exam is on July 28th",
            "work put me on a course and theres a drug calc exam in march, kinda nervous about it",
        ),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=rf"\d|\b(?:next|this|tomorrow|tmrw|{_EN_WEEKDAYS})\b|\bin\s",
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
        rf"(?:^|(?<=[\s,.!~;。，我])|(?<=所以|因此|而且|反正|但是|不过|那就))(?P<subject>{_ZH_SUBJECTS})"
        # what it stands at now, said between ("雅思口语考了两次都是5.5 😭 想冲6.5")
        r"(?:[^。!?？\n]{1,16}?[\s，,])?"
        r"(?:我|也|还|一定|必须|今年|至少|起码|这次|下次|这学期)*"
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
    rule(
        "goal_en_plan_is",
        EventType.GOAL,
        rf"(?:^|[,.;!]\s*|\b(?:cool|ok|okay|so|and|but|anyway|anyways|well)\s+)(?:the\s+|my\s+)?"
        rf"(?:(?:big|long-term|new|real|master|5-year|five-year)\s+)?plan\s+(?:is|rn\s+is|now\s+is|is\s+now)"
        rf"\s+{_EN_HEDGE}(?:to\s+)?{_EN_NOT_A_TASK}{_EN_NOT_TODAY}(?=[a-z]+\s)(?!(?:to\s+)?(?:do|review|go\s+over|"
        rf"look\s+at|finish|start)\b){EN_OBJ}",
        0.75,
        "A plan that is a goal: 'the plan is to transfer to UCLA next year' (not tonight's task).",
        ("the plan is to transfer to UCLA next year", "ok my plan is getting my CPA license"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"plan",
    ),
    composed(
        "goal_en_help_with_exam",
        _exam,
        EventType.GOAL,
        rf"\b(?:I\s+)?(?:really\s+)?need\s+(?:some\s+|a\s+lot\s+of\s+|serious\s+)?help\s+(?:with|for|passing|"
        rf"on|prepping\s+for)\s+(?:the|my|an?)\s+(?P<object>(?:[\w'-]+\s+)??{_EN_NAMED_EXAM})\b(?![^?]*\?)",
        0.75,
        "An exam the user asks help for: 'need help with the driving theory test'.",
        ("just turned 16!! need help with the driving theory test",),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"help",
    ),
    composed(
        "goal_en_sitting_exam",
        _exam,
        EventType.GOAL,
        rf"(?:^|[,;:]\s*|\b(?:i'?m|im|am|i'll|ill|will|gonna|to|gotta|and|so|ok|okay|also|still|finally|"
        rf"now|just|currently|be|been|then)\s+)(?:sitting|taking|writing|doing|sit|take|write|resitting|"
        rf"retaking|resit|retake)\s+(?:(?:the|my|our|an?)\s+(?P<object>(?:[\w'-]+\s+)??{_EN_NAMED_EXAM})|"
        rf"(?P<object2>(?-i:[A-Z]{{2,6}})(?:\s+level\s+(?:iii|ii|i|[1-3]))?))(?:\s+exams?)?\b(?!\s+(?:prep|course|class|"
        rf"book|question|results?|score|fee|centre|center)\b)(?![^?]*\?)",
        0.75,
        "An exam the user sits: 'sitting the CPA in March', 'taking my driving test next week', "
        "'doing ACCA' (a qualification named in capitals needs no article).",
        (
            "sitting the CPA in March",
            "i'm taking my driving test on the 3rd",
            "based in Lagos, doing ACCA",
        ),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"\b(?:sit|tak|writ|do|resit|retak)",
    ),
    composed(
        "goal_en_exam_booked",
        _exam,
        EventType.GOAL,
        rf"\b(?:(?:got|have|'ve\s+got|finally\s+got)\s+(?:my|the|our)\s+(?P<object>(?:[\w'-]+\s+){{0,2}}?"
        rf"{_EN_EXAM_WORDS})\s+(?:booked|scheduled|confirmed|set\s+for)|(?:^|[,;:]\s*|\b(?:i|i've|ive|we|"
        rf"we've|just|finally|and|so|ok|okay|also|already|now|officially)\s+)(?:booked|scheduled|"
        rf"registered\s+for|signed\s+up\s+for|enrolled\s+for|paid\s+for)\s+(?:my|the|a|an|our)"
        rf"\s+(?P<object2>(?:[\w'-]+\s+){{0,2}}?{_EN_EXAM_WORDS})|my\s+(?P<object3>(?:[\w'-]+\s+){{0,2}}?"
        rf"{_EN_EXAM_WORDS})\s+is\s+(?:booked|scheduled|confirmed))\b(?![^?]*\?)",
        0.8,
        "An exam booked is a goal: 'got my theory test booked for 14th nov' (theory test).",
        ("got my theory test booked for 14th nov", "just registered for the GRE in august"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"booked|scheduled|confirmed|registered|signed\s+up|enrolled|paid\s+for|set\s+for",
    ),
    composed(
        "goal_en_prepping",
        _exam,
        EventType.GOAL,
        rf"(?:^|[,;:]\s*|{_EMOJI}\s*|\b(?:been|still|now|currently|just|and|so|ok|okay|also|busy|started|"
        rf"starting|start|keep)\s+)(?:prepping|preparing|studying|cramming|revising|getting\s+ready|prep)\s+for\s+"
        rf"(?:the\s+|my\s+|a\s+|an\s+|this\s+|next\s+\w+'s\s+)?"
        rf"(?P<object>(?:[\w'-]+\s+){{0,2}}?{_EN_EXAM_WORDS})\b(?![^?]*\?)",
        0.8,
        "An exam prepared for, said without 'I'm': 'prepping for the GRE', 'cramming for boards'.",
        ("prepping for the GRE", "been studying for the bar since may"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"prep|studying|cramming|revising|getting\s+ready",
    ),
    rule(
        "goal_en_change_of_plans",
        EventType.GOAL,
        rf"\b(?:change\s+of\s+plans?|plans?\s+(?:have\s+)?changed|new\s+plan)\b(?:\s+(?:lol|haha|tbh|btw|"
        rf"again|then|though))?[\s,:;.!—–-]+(?:(?:so|ok|okay|and|but|now|actually|basically)\s+)*"
        rf"(?:(?:i'?m|im|i\s+am|we're|we\s+are|i'll|ill|gonna)\s+)?(?:(?:now|actually|going\s+to|gonna)\s+)?"
        rf"(?:(?:going\s+for|aiming\s+for|applying\s+(?:to|for)|switching\s+to|focusing\s+on|transferring"
        rf"\s+to|training\s+for|prepping\s+for|preparing\s+for|working\s+towards?|going\s+into|majoring\s+in)"
        rf"\s+{EN_OBJ}|(?:doing|studying|taking)\s+(?P<field>{EN_FIELDS}|{_EN_EXAM_NAMES})\b)(?![^?]*\?)",
        0.8,
        "The goal a change of plans names: 'change of plans, going for nursing now'.",
        ("change of plans, going for nursing now", "Change of plans! applying to UCLA instead"),
        object_kind=EntityKind.ACTIVITY,
        whole_text=True,
        trigger=r"change\s+of\s+plan|plans?\s+(?:have\s+)?changed|new\s+plan",
    ),
    composed(
        "goal_en_taken_on",
        _taken_on,
        EventType.GOAL,
        r"\b(?:asked|invited|picked|chose|chosen|selected|roped)\s+me\s+(?:in\s+)?to\s+"
        r"(?P<object>(?:accompany|play|perform|sing|speak|present|lead|give|host|run|coach|teach|conduct|"
        r"direct|judge|join|write|design|organi[sz]e|compete|audition|represent|captain)\b[^,.;!?\n]{2,40}?)"
        r"(?:\s+(?:in|at|on|for|by|next|this|over)\s+[^,.;!?\n]{1,25}?)?\s*(?:[,.;!]+\s*|\s+|\s*[-—–]+\s*)"
        r"(?:so|and)\s+(?:(?:that'?s|thats|it'?s|its|this\s+is|this'?s|that\s+is)\s+(?:the|my)\s+"
        r"(?:new\s+|main\s+|big\s+|top\s+)?(?:goal|priority|focus|plan|project|thing)\b|"
        r"(?:(?:i'?m|im|i\s+am)\s+)?(?:(?:learning|practi[sc]ing|working\s+on|focusing\s+on|prepping\s+for|"
        r"preparing\s+for|going\s+for|doing)\s+)?(?P<new>[\w'+&-]+(?:\s+[\w'+&-]+){0,5}?)\s+"
        r"(?:now|instead)\b|[\w'+&-]+(?:\s+[\w'+&-]+){0,4}?\s+(?:can|will\s+have\s+to|has\s+to|"
        r"'ll\s+have\s+to)\s+wait\b)(?![^?.!\n]*\?)",
        0.75,
        "What the user was asked to do and took on: 'asked me to accompany the choir, so that's "
        "the priority now'; a goal it brings, said after it ('… so sight-reading now').",
        (
            "my church asked me to accompany the choir in december so that's the priority now",
            "they asked me to accompany the choir so sight reading now",
        ),
        object_kind=EntityKind.ACTIVITY,
        whole_text=True,
        trigger=r"\bme\s+(?:in\s+)?to\b",
    ),
    rule(
        "goal_en_priority_now",
        EventType.GOAL,
        r"(?:^|[,;:]\s*|\b(?:so|and|now|ok|okay|but|anyway|anyways)\s+)"
        r"(?!(?:so|and|now|ok|okay|but|anyway|anyways)\b)(?P<object>[\w'+&-]+(?:\s+[\w'+&-]+){0,4}?)\s+"
        r"(?:is|'s)\s+(?:still\s+)?(?:the|my)\s+(?:new\s+|main\s+|top\s+|real\s+|only\s+|big\s+|biggest\s+|"
        r"ultimate\s+|end\s+)?(?:goal|priority|focus|"
        r"plan|dream|aim|target)(?:\s+now|\s+this\s+year)?\b(?![^?]*\?)",
        0.75,
        "The new priority: 'so the audition is the priority now', 'PA school is the plan now'.",
        (
            "so the audition is the priority now",
            "PA school is the plan now",
            "anyway red seal is still the big goal, writing in the fall",
        ),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"\b(?:goal|priority|focus|plan|dream|aim|target)\b",
    ),
    composed(
        "goal_en_grade_superseded",
        _superseded_grade,
        EventType.GOAL,
        r"\b(?:want|need|aim|aiming|going|shooting|gunning|hoping|get|getting)\b[^.!?]{0,60}?"
        r"\b(?:not\s+(?:just|only|merely|settling\s+for)|rather\s+than|instead\s+of|more\s+than(?:\s+just)?|"
        r"no\s+longer\s+(?:just\s+)?(?:aiming\s+for|settling\s+for))\s+(?:an?\s+)?(?:grade\s+)?"
        r"(?P<grade>[1-9](?![\d.%/:-])|(?-i:A\*|[A-F][+-]?)(?![\w*]))"
        rf"(?=\s*(?:$|[,.;!)~]|{_EMOJI}|\s+(?:anymore|any\s+more|now|lol|tbh|either|this\s+time)\b))"
        r"(?![^?]*\?)",
        0.75,
        "The grade a higher target replaces: 'I want an A in stats now not just a C' ends grade C.",
        ("I want an A in stats now not just a C", "aiming for a 7 rather than a 5 now"),
        object_kind=EntityKind.ACTIVITY,
        polarity=NEGATIVE,
        trigger=r"not\s+(?:just|only|merely|settling)|rather\s+than|instead\s+of|more\s+than|no\s+longer",
    ),
    composed(
        "goal_en_gpa_target",
        lambda found: f"{found['gpa']} GPA",
        EventType.GOAL,
        r"(?<!n't\s)(?<!not\s)\b(?:want|need|get|keep|maintain|aiming\s+for|hoping\s+for|shooting\s+for|"
        r"gunning\s+for)\s+(?:at\s+least\s+|like\s+)?(?:an?\s+)?(?P<gpa>[1-4]\.\d{1,2})\+?\s+(?:gpa|cgpa)\b"
        r"(?![^?]*\?)",
        0.75,
        "A GPA target: 'need a 3.7 gpa for grad school' (3.7 GPA).",
        ("need a 3.7 gpa for grad school",),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"gpa",
    ),
    composed(
        "goal_zh_sit_exam",
        lambda found: found["object"],
        EventType.GOAL,
        rf"(?:^|(?<=[\s,.!~;。，我]))(?:我)?(?:(?:今年|明年|后年|下半年|上半年|年底|年初|下个?月|下周|"
        rf"\d{{1,2}}月份?)(?:底|初|中旬|中)?){{1,3}}(?:我)?(?:就|还|也|要|准备|打算|想|得|会|去|再|一定|必须|"
        rf"继续)*(?:考|参加|报考?|冲|二战|三战)?(?P<object>{ZH_EXAMS})(?!人数|的人|群|班|成绩|分数线)"
        rf"(?![^,，。!?\s]{{0,4}}(?:考了|考过|过了|没过|挂了|结束|出分|成绩))(?![^。!?]*[吗?])",
        0.8,
        "哪年考什么：'明年考研'、'今年12月考CPA'。",
        ("明年考研", "今年下半年考初级会计"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"年|月|周",
    ),
    composed(
        "goal_zh_enrolled_exam",
        lambda found: found["object"],
        EventType.GOAL,
        rf"(?<![没不])(?:已经)?报(?:了|名了|上了)(?:个)?(?P<object>{ZH_EXAMS})(?!班|课|的课)(?![^。!?]*[吗?])",
        0.8,
        "报了名的考试：'报了初级会计'。",
        ("报了初级会计 五月考",),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"报",
    ),
    composed(
        "goal_zh_switch_exam",
        lambda found: found["object"],
        EventType.GOAL,
        rf"(?:改考|转考|改成考|换成考)(?P<object>{ZH_EXAMS}|[\u4e00-\u9fff]{{2,6}}?)(?=$|[\s,.!?;~。，]|了|吧|啊)",
        0.85,
        "改考的考试：'改考四川省考'（新目标取代旧的）。",
        ("改考四川省考 浙江不考了",),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"考",
    ),
    composed(
        "goal_zh_changed_to",
        _zh_goal,
        EventType.GOAL,
        r"(?<![不没别])(?:改成|换成|改为|变成)(?:了)?(?P<object>(?:去|到|考|报|读)[\u4e00-\u9fffA-Za-z0-9]{2,8}?)"
        r"(?=$|[\s,.!?;~。，]|了|吧|啊|的)(?![^。!?]*[吗?])",
        0.85,
        "计划改成的新目标：'东京计划改了 我们商量了改成去大阪'（大阪，取代旧的）。",
        ("我们商量了改成去大阪 她有亲戚在那", "改成读研了"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"改成|换成|改为|变成",
    ),
    composed(
        "goal_zh_project",
        lambda found: found["object"] or found["object2"],
        EventType.GOAL,
        rf"(?:(?:在|正在|忙着|开始|准备|要|得|赶)(?:写|做|赶|搞)(?P<object>{_ZH_PROJECT})|"
        rf"(?:^|(?<=[\s,.!~;。，]))(?:我的?|我们的?)?(?:这个|今年的?)?(?P<object2>{_ZH_PROJECT})"
        r"(?:要|需要|得|准备|打算)(?:用|做|写|交|搞|分析|处理))",
        0.75,
        "要做的毕设、论文：'毕设要用pandas处理问卷数据'、'在写毕业论文'（毕设）。",
        ("毕设要用pandas处理问卷数据", "最近在写毕业论文"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"毕|论文|课设|课程设计|大作业|开题",
    ),
    composed(
        "goal_zh_considering",
        _zh_goal,
        EventType.GOAL,
        rf"(?:(?:在想|在考虑|考虑|纠结|犹豫)(?:要不要|是否|该不该)|(?:好像|也许|可能|或许|说不定)(?:有点|也)?"
        rf"(?:想|打算)){_ZH_NOT_A_WISH}(?:再)?(?:去)?(?P<object>[\u4e00-\u9fffA-Za-z0-9]{{2,10}}?)"
        r"(?=$|[\s,.!?;~。，]|了|吧|啊|呢)",
        0.45,
        "还在考虑的目标（弱）：'在想要不要再去考个税务师 还没想好'、'以后好像想做数据分析？'。",
        ("考完注会在想要不要再去考个税务师 还没想好", "以后好像想做数据分析? 还没想好"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"要不要|是否|该不该|好像|也许|可能|或许|说不定",
    ),
    composed(
        "goal_zh_maybe_later",
        _zh_goal,
        EventType.GOAL,
        rf"(?:^|(?<=[\s,.!~;。，我]))(?:(?:{_ZH_LATER})(?:也|还)?(?:{_ZH_MAYBE})|(?:{_ZH_MAYBE})(?:{_ZH_LATER})|"
        rf"{_ZH_PERHAPS}(?=会))"
        rf"(?:会|也|还|就)?"
        rf"(?:想|打算)?(?P<object>(?:去|当|做|考|学|转|读|开|干|搞|进)[\u4e00-\u9fffA-Za-z0-9]{{1,8}}?)"
        r"(?=$|[\s,.!?;~。，]|了|吧|啊|呢|哈)(?![^。!?]*[吗?])",
        0.45,
        "以后也许会去做的（弱）：'说不定以后去心内 还没想好'、'以后可能去开网约车 看情况'。",
        (
            "这周在心内科轮转 说不定以后去心内 哈哈 还没想好",
            "以后可能去开网约车 看情况",
            "说不定会考个潜水证",
        ),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"说不定|也许|可能|或许|没准",
    ),
    composed(
        "goal_zh_assigned_exam",
        lambda found: found["object"],
        EventType.GOAL,
        rf"(?:学校|公司|单位|领导|老板|院里|医院|科室|部门|队里|上面)(?:让|叫|派|安排|要求|要)我(?:去)?"
        rf"(?:考|参加|报)(?:个)?(?P<object>{ZH_EXAMS})(?![^。!?]*(?:才不|不要|不想|不去|拒绝|没答应|不干))"
        r"(?![^。!?]*[吗?])",
        0.75,
        "单位派去考的证，没推辞就是目标：'学校让我去考羽毛球二级裁判 下个月考'。",
        ("学校让我去考羽毛球二级裁判 下个月考", "公司要求我考PMP"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"让我|叫我|派我|安排我|要求我|要我",
    ),
    composed(
        "goal_zh_pass_mark",
        _zh_pass_mark,
        EventType.GOAL,
        rf"(?:^|(?<=[\s,.!~;。，我]))(?P<exam>{ZH_EXAMS}|{_ZH_SUBJECTS})?(?:能|只要|只求|争取|目标是?|就)*"
        r"(?P<what>过线|及格|上岸|进面)(?:就行|就好|就够了?|就可以了?|就满足了?|就谢天谢地了?|就ok|就OK)",
        0.75,
        "及格、过线就是目标：'过线就行'、'数学及格就好'。",
        ("过线就行", "国考能进面就满足了"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"就",
    ),
    composed(
        "goal_zh_bare_score",
        _zh_bare_score,
        EventType.GOAL,
        r"(?:^|(?<=[\s,.!~;。，]))(?:我)?(?:这次|下次|今年|这学期|至少|起码|一定|必须|也|还)*(?<![不没])"
        r"(?:想要?|要|得|争取|希望|打算|力争|目标是?)(?:至少|起码)?(?:(?P<to>考到|拿到)|考|拿|上|达到|突破|冲到?)"
        r"(?:个)?(?P<score>\d{2,3})(?![\d.%])(?(to)(?:分以上|分|\+|以上)?|(?:分以上|分|\+|以上))"
        r"(?![^。!?]*[吗?])",
        0.75,
        "没说科目的分数目标：'这次想考到90分'（90分）。",
        ("这次想考到90分", "我要上600分"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"\d",
    ),
    composed(
        "goal_en_ap_score",
        lambda found: f"{found['score']} on AP {' '.join(found['course'].split()[1:])}",
        EventType.GOAL,
        r"\b(?P<course>(?-i:AP|ap)\s+(?:us\s+|world\s+|euro\s+|human\s+|comp\s+|art\s+)?[a-z]+"
        r"(?:\s+(?:ab|bc|[12]|c|lang|lit|gov|mech|e&m))?)\b[^\n?]{0,60}?\b(?:want|need|hoping\s+for|"
        r"aiming\s+for|going\s+for|shooting\s+for|get|getting)\s+(?:at\s+least\s+|like\s+)?an?\s+"
        r"(?P<score>[1-5])\s+on\s+(?:the|my|this|that)\s+(?:exam|test|real\s+thing)\b(?![^\n?]*\?)",
        0.75,
        "The score aimed at on the AP exam a course leads to, the course said before: 'ap calc ab. "
        "want a 5 on the exam in may' (5 on AP calc ab).",
        ("im a junior btw, ap calc ab. want a 5 on the exam in may",),
        object_kind=EntityKind.ACTIVITY,
        whole_text=True,
        trigger=r"\bap\s",
    ),
    composed(
        "goal_en_score_target",
        lambda found: f"{found['score']} on the {found['exam']}",
        EventType.GOAL,
        rf"(?<!n't\s)(?<!not\s)\b(?:want|need|get|score|hit|aiming\s+for|hoping\s+for|shooting\s+for|"
        rf"gunning\s+for|going\s+for)\s+(?:at\s+least\s+|like\s+|an?\s+)?(?P<score>\d{{2,4}})\+?\s+"
        rf"(?:on|in)\s+(?:the\s+|my\s+)?(?P<exam>{_EN_EXAM_NAMES})\b(?![^?]*\?)",
        0.8,
        "A score aimed at on a named exam: 'need 320+ on the GRE' (320 on the GRE).",
        ("need 320+ on the GRE", "hoping to hit 170 on the LSAT"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"\d",
    ),
    composed(
        "goal_en_exam_ahead",
        _exam,
        EventType.GOAL,
        rf"(?:^|[,;:]\s*|\b(?:i|i've|ive|we|we've|and|so|ok|okay|also|still|finally|just)\s+)(?:have|got|"
        rf"'ve\s+got)\s+(?:my|the|our|an?)\s+(?P<object>(?:[\w'-]+\s+)??{_EN_NAMED_EXAM})\s+"
        rf"(?:on|in|at|this|next|tomorrow|tmrw|coming\s+up|soon)\b(?![^?]*\?)",
        0.75,
        "A named exam ahead: 'I've got my driving test on the 21st' (a class test is not named).",
        ("I've got my driving test on the 21st",),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"\b(?:have|got)\b",
    ),
    composed(
        "goal_zh_rank",
        lambda found: f"{found['scope'] or ''}前{found['rank']}{found['ming'] or ''}",
        EventType.GOAL,
        r"(?<![不没])(?:想|要|争取|目标是?|冲|希望|打算|力争)(?:考|冲)?(?:进|到|进入|回到|保持在?)?"
        r"(?P<scope>年级|班级|班里|全班|全校|全市|全省|全区|学院|专业)?前(?P<rank>\d{1,3}|[一二三四五六七八九十]{1,3})"
        r"(?P<ming>名)?(?![^。!?]*[吗?])",
        0.75,
        "名次目标：'这次期末一定要进年级前50'（年级前50）。",
        ("我这次期末一定要进年级前50",),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"前",
    ),
    composed(
        "goal_zh_must_exam",
        _zh_goal,
        EventType.GOAL,
        rf"(?:^|(?<=[\s,.!~;。，]))(?:我)?(?:今年|明年)?(?:一定|必须|还是|也|就|还)*要(?P<object>(?:考|参加|冲|"
        rf"[二三四]战)?(?:{ZH_EXAMS}))(?=$|[\s,.!?;~。，]|了|啊|吧|呀)(?![^。!?]*[吗?])",
        0.8,
        "要考的考试：'我要考研！'。",
        ("我要考研!", "今年一定要考CPA"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"要",
    ),
    composed(
        "goal_zh_get_exam_done",
        lambda found: found["object"],
        EventType.GOAL,
        rf"(?:想|要|打算|准备|争取|计划|决定)(?:{_ZH_BY_WHEN})?(?:先)?把"
        rf"(?P<object>{ZH_EXAMS})(?:给)?(?:考|拿)(?:了|下来|过|掉|到手)(?![^。!?]*[吗?])",
        0.8,
        "要考完的证：'打算今年把驾照考了'（驾照）。",
        ("打算今年把驾照考了",),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"把",
    ),
    # --- goals given up: `polarity=negative` closes the goal named, and never creates one -----
    # (venting is no decision: `GivenUpRule` reads none in a sentence that vents)
    given_up(
        "goal_en_instead_of",
        _cleaned("en"),
        EventType.GOAL,
        rf"\binstead\s+of\s+(?:doing\s+|studying\s+|majoring\s+in\s+|going\s+(?:into|for)\s+|"
        rf"applying\s+(?:for|to)\s+|taking\s+|the\s+)?(?P<object>{EN_FIELDS}|{_EN_NAMED_EXAM})\b"
        r"(?![^?]*\?)",
        0.8,
        "The goal a new one replaces: 'architecture instead of mech e' ends mech e, 'taking the "
        "GMAT instead of the GRE' ends the GRE.",
        (
            "doing architecture instead of mech e",
            "gonna apply for nursing instead of med school",
            "I'm taking the GMAT instead of the GRE",
        ),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"\binstead\s+of\b",
    ),
    given_up(
        "goal_en_not_anymore",
        _cleaned("en"),
        EventType.GOAL,
        rf"\b(?:doing|studying|majoring\s+in|going\s+(?:into|for)|switching\s+to|applying(?:\s+(?:for|to|"
        rf"in))?|aiming\s+for)\s+(?:the\s+)?(?:{EN_FIELDS}|{_EN_NAMED_EXAM})\s*,?\s+not\s+(?:the\s+)?(?P<object>{EN_FIELDS}|"
        rf"{_EN_NAMED_EXAM})\s+(?:anymore|any\s+more)\b(?![^?]*\?)",
        0.8,
        "The goal a new one replaces, said after it: 'applying pediatrics not IM anymore' ends IM.",
        ("I've decided, applying pediatrics not IM anymore", "doing the GMAT, not the GRE anymore"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"anymore|any\s+more",
    ),
    given_up(
        "goal_en_give_up",
        _cleaned("en"),
        EventType.GOAL,
        r"\b(?:(?:i'?m|im|i\s+am|we're|were|gonna|i'?ll|ill|i've|ive|just|officially|prob(?:ably)?|"
        r"finally|already)\s+)*"
        r"(?:dropping|scrapping|scratching|ditching|skipping|giving\s+up\s+on|gave\s+up\s+on|quitting|not\s+doing|"
        r"done\s+with|"
        r"decided\s+against|not\s+(?:going\s+for|applying\s+(?:for|to)|pursuing)|"
        r"no\s+longer\s+(?:doing|taking|applying\s+(?:for|to)|going\s+for|pursuing)|(?:scrap|ditch|"
        r"give\s+up\s+on|quit|cancel(?:l?ed)?|scratch)\b)\s+(?:the\s+|my\s+|on\s+|this\s+|that\s+)?"
        r"(?P<object>[^,.;!?\n]{2,30}?)"
        r"(?:\s+(?:thing|plan|idea|stuff|dream|goal))?(?:\s+(?:anymore|any\s+more|for\s+now|altogether|"
        r"lol|tbh|then|entirely|after\s+all))*\s*(?=$|[,.;!?]|\s+(?:and|but|so)\b)(?![^?]*\?)",
        0.8,
        "A goal given up: 'scrap the finance thing', 'not doing the MCAT anymore' (it only ends a "
        "goal the user had; it names nothing new).",
        (
            "ok scrap the finance thing",
            "im not doing the MCAT anymore",
            "giving up on law school",
            "so skipping A+, going straight Security+",
            "also scratch the Grade 3 thing. no exams.",
        ),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"dropping|scrap|scratch|ditch|skip|giving\s+up|give\s+up|gave\s+up|quit|not\s+doing|done\s+with|"
        r"no\s+longer|cancel|decided\s+against|not\s+(?:going\s+for|applying|pursuing)",
    ),
    given_up(
        "goal_en_put_off",
        _put_off,
        EventType.GOAL,
        r"(?:^|[,;:]\s*|\b(?:so|ok|okay|and|but|honestly|tbh|yeah|also|guess|then|basically|now|"
        r"well|anyway)\s+)(?P<object>[\w'+&-]+(?:\s+[\w'+&-]+){0,5}?)(?:\s+(?:thing|plan|stuff|idea))?"
        r"(?:\s+(?:can|will\s+have\s+to|has\s+to|gotta|can\s+just|will)\s+wait|'ll(?:\s+have\s+to)?\s+"
        r"wait|(?:\s+(?:is|goes|went|are|got\s+put)|'s|'re)\s+(?:on\s+(?:the\s+)?back\s*-?burner|on\s+hold|"
        r"on\s+ice|off\s+the\s+table|shelved|parked|postponed))\b(?![^?]*\?)",
        0.75,
        "A goal put off: 'the MCAT is on the back burner', 'law school can wait'.",
        ("the MCAT is on the back burner", "so yeah law school can wait"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"wait|back\s*-?burner|on\s+hold|on\s+ice|off\s+the\s+table|shelved|parked|postponed",
    ),
    given_up(
        "goal_en_set_aside",
        _put_off,
        EventType.GOAL,
        r"\b(?:putting|put|pushing|push|moving|move|shelving|shelve|shelved|parking|park|pausing|"
        r"pause|paused|postponing|postpone|postponed)\s+(?:the\s+|my\s+|this\s+|that\s+)?"
        r"(?P<object>[\w'+&-]+(?:\s+[\w'+&-]+){0,4}?)(?:\s+(?:thing|plan|idea|stuff))?\s+"
        r"(?:on\s+(?:the\s+)?back\s*-?burner|on\s+hold|on\s+ice|(?-i:aside)|to\s+(?:one|the)\s+side|"
        r"for\s+now|for\s+a\s+(?:bit|while|year)|till\s+next\s+year|until\s+next\s+year)\b(?![^?]*\?)",
        0.75,
        "A goal set aside: 'putting the GRE on hold', 'shelving the bootcamp for now'.",
        ("putting the GRE on hold", "shelving the bootcamp idea for now"),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"back\s*-?burner|on\s+hold|on\s+ice|aside|side|for\s+now|for\s+a\s+|next\s+year",
    ),
    given_up(
        "goal_en_forget",
        _put_off,
        EventType.GOAL,
        r"(?:^|[,;:]\s*|[.!]\s+|\b(?:so|ok|okay|and|but|yeah|just|actually|guess|nah|honestly|tbh|lol)\s+)"
        r"forget\s+(?:about\s+)?(?:the\s+|my\s+)?(?P<object>[\w'+&-]+(?:\s+[\w'+&-]+){0,4}?)"
        r"(?:\s+(?:thing|plan|idea|stuff))?(?:\s+(?:for\s+now|for\s+the\s+(?:moment|time\s+being)|for\s+this\s+"
        r"year|this\s+year|altogether|entirely|completely)\b|\s*[,;:-]+\s*(?:i'?m|im|i'll|ill|gonna|going|"
        # or why: "forget the fingerpicking, my hands just aren't having it"
        r"doing|switching|applying|focusing|we're|my|it'?s|its|they'?re|too|not)\b|\s*[.!]*$)(?![^?]*\?)",
        0.75,
        "A goal dropped for now: 'forget the GRE for now', 'forget law school, im doing nursing'.",
        (
            "forget the GRE for now",
            "ok forget law school, im doing nursing",
            "Alright, change of plans. Forget the fingerpicking, my hands just aren't having it.",
        ),
        object_kind=EntityKind.ACTIVITY,
        trigger=r"\bforget\b",
    ),
    given_up(
        "goal_zh_give_up",
        _zh_given_up,
        EventType.GOAL,
        r"(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,12}?)(?:的事(?:情|儿)?|这件?事儿?|(?:的)?(?:想法|计划|打算)|"
        r"这条路|那边|这边)?(?:我|就|也|还是|干脆|决定|打算|已经|彻底|真的|都|目前|先|暂时|今年|明年)*"
        r"(?:(?:先|暂时)(?:不想了|不考虑了|不急了?|放一放|放放|放着|放一边|放下|缓缓|缓一缓|搁着|不管了?|"
        r"不考了|不报了|不弄了|不搞了)|不考了|不报了|不去了|不读了|不学了|不弄了|不搞了|不折腾了|不打算了|"
        r"不准备了|不考虑了|放弃了|(?<=[就是脆我])算了|搁置了|暂停了|放一放|缓一缓|"
        # a plan called off: "东京计划改了", "留学的打算泡汤了"
        r"(?<=计划|打算|想法)(?:改了|变了|取消了?|泡汤了?|黄了|吹了)|"
        # out of reach: "北大是做梦了", "清华没戏了"
        r"(?:是|就是|纯属)(?:在)?(?:做梦|做白日梦|白日做梦)了?|没戏了?|不现实了?|没希望了|没指望了)"
        r"(?=$|[\s,.!;~。，吧])(?![^。!?]*[吗?])",
        0.8,
        "放弃的目标：'护考不考了'、'转专业的事我不搞了'、'中级先不想了'、'北大是做梦了'（只结束已有的目标，"
        "不新建）。",
        (
            "雅思不考了 直接申港校",
            "考研我决定不考了",
            "转专业的事我不搞了",
            "中级先不想了",
            "说实话北大是做梦了",
            "对了 东京计划改了 改成去大阪",
        ),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"不考了|不报了|不去了|不读了|不学了|不弄了|不搞了|不折腾了|不打算了|不准备了|不考虑了|"
        r"放弃了|算了|搁置了|暂停了|放一放|放放|缓|放着|放一边|放下|搁着|不管|不想了|不急|做梦|没戏|"
        r"不现实|没希望|没指望|(?:计划|打算|想法)(?:改了|变了|取消|泡汤|黄了|吹了)",
    ),
    given_up(
        "goal_zh_give_up_named_after",
        _zh_given_up,
        EventType.GOAL,
        r"(?:决定|打算|还是|干脆|已经)?(?:放弃|不考|不报|不去|不打算|不准备|不考虑|不再考虑)(?:了)?(?:再|去)?"
        r"(?P<object>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)了"
        r"(?=$|[\s,.!;~。，])(?![^。!?]*[吗?])",
        0.8,
        "放弃的目标：'我决定放弃考研了'、'不打算考研了'。",
        ("我决定放弃考研了", "干脆不考雅思了", "不打算考研了"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
        trigger=r"放弃|不考|不报|不去|不打算|不准备|不考虑",
    ),
)

RULES: tuple[Rule, ...] = _STATED
