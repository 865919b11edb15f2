"""Reading a claim the way a careful person does: whose view it is, when it held, how lasting.

A rule finds "I hated essays" or "我妈觉得我该多背单词"; whether that is a belief about the user
*now* depends on the words around it. This module reads them, in zh and en, and says so in the
event's attributes (`holder`, `tense`, `durability`), which the graph's update rules honour
(`jiyi.graph.updates.claim_for`); the episodic event is kept either way, so "what did my dad
say about flashcards?" can still be recalled. Pure functions over one turn's text.
"""

from __future__ import annotations

import re

from jiyi.domain import (
    NEGATIVE,
    OTHER_HOLDER,
    PAST_TENSE,
    STANDING,
    SUPERSEDES,
    TRANSIENT,
    EventAttr,
    EventType,
)
from jiyi.extraction.rules.model import Rule
from jiyi.text import has_han

_EN_OTHERS = (
    r"(?:my|our)\s+(?:dad|father|mom|mum|mother|parents?|folks|teachers?|tutor|prof(?:essor)?|"
    r"friends?|best\s+friend|classmates?|roommate|brother|sister|sis|bro|boss|coach|cousin|uncle|"
    r"aunt|grandma|grandpa|husband|wife|partner|bf|gf|boyfriend|girlfriend|kids?|son|daughter)|"
    r"(?:he|she|they)"
)
_EN_REPORTING = (
    r"says?|said|thinks?|thought|swears?(?:\s+by)?|believes?|reckons?|insists?|keeps?\s+saying|"
    r"told\s+me|tells\s+me|wants?\s+me\s+to|recommends?|suggests?|loves?|likes?|hates?|"
    r"prefers?|is\s+(?:convinced|sure)"
)
_EN_OTHER_VIEW = re.compile(
    rf"\b(?:{_EN_OTHERS})\b[^.!?;]{{0,40}}?\b(?:{_EN_REPORTING})\b|\baccording\s+to\b", re.I
)
_ZH_OTHERS = (
    r"爸爸?|妈妈?|老爸|老妈|父母|家长|爷爷|奶奶|外婆|姥姥|老师|班主任|同学|朋友|闺蜜|哥哥?|姐姐?|弟弟?|妹妹?|"
    r"室友|舍友|同桌|学长|学姐|男朋友|女朋友|老公|老婆|老板|教练|同事|他们?|她们?|leader|boss|mentor"
)
#: "妈妈说…", "老师觉得…"; not "老师 上次我说…", where 老师 is who the user talks to, nor "老师上周
#: 也这么说我😭", a clause that ends on being told off and passes on no view.
_ZH_OTHER_VIEW = re.compile(
    rf"(?:{_ZH_OTHERS})[^,.;!?。，\s我]{{0,6}}?(?:说(?!过?我(?:了|过|呢|啊)?(?:$|[^\u4e00-\u9fffA-Za-z0-9]))|"
    r"觉得|认为|总说|老说|建议|推荐|希望|让我|要我|逼我|非要)"
)
#: A clause about someone else, named as its subject ("男朋友超爱打游戏", "我们班主任芒果过敏",
#: "我室友超爱篮球"), or passing on hearsay ("听说线代很难"): not the user's, unless the user
#: is in it too ("朋友和我都喜欢…", "老师讲的我听不懂"). A person alone before a break, or greeted
#: ("老师好", "老师您讲慢点"), is who the user talks to; so is a bare "老师" ("老师讲慢点"): the
#: user's own teacher is "我们老师".
_ZH_PEOPLE = (
    r"爸爸|妈妈|老爸|老妈|我爸|我妈|父母|爷爷|奶奶|外公|外婆|姥姥|姥爷|同学|朋友|闺蜜|哥哥|姐姐|弟弟|妹妹|"
    r"室友|舍友|同桌|学长|学姐|男朋友|女朋友|男友|女友|老公|老婆|对象|老板|领导|同事|孩子|儿子|女儿|"
    r"他们|她们|(?<![\u4e00-\u9fff])[他她](?![乡日人])"
)
#: Someone brought in by a count or a pointer ("3床一个大爷", "我们科有个病人", "隔壁那个阿姨"):
#: whoever it is, not the user.
_ZH_SOMEONE = (
    r"(?:我们|咱们)?[^\s,.;!?。，；！？我]{0,6}?(?:有(?:一)?[个位]|一[个位]|[这那][个位])"
    rf"(?:{_ZH_PEOPLE}|大爷|大妈|阿姨|叔叔|邻居|病人|患者|客户|小孩|小朋友|学生|老人|老太太|老头)"
)
_ZH_OTHER_SUBJECT = re.compile(
    rf"^\s*(?:(?:(?:我|我们|我家|咱们?)的?(?:班|家|宿舍|公司)?的?(?:{_ZH_PEOPLE}|老师|班主任|教练|[爸妈哥姐弟妹])|"
    rf"(?:{_ZH_PEOPLE})|{_ZH_SOMEONE})(?![们]?我|好|早|您|你|在吗)|听说(?![读写能])|据说|听人说|听别人说)"
)
_ZH_USER_TOO = re.compile(r"我(?!们)")
_ZH_WE = re.compile(r"我|咱")

_EN_PAST = re.compile(
    r"\b(?:back\s+(?:in\s+(?:the\s+day|\d{4}|'\d\d|(?:middle|high|primary|elementary|grade)\s+school|"
    r"college|uni|school)|when|then)|used\s+to|when\s+I\s+was|as\s+a\s+(?:kid|child|teen)|"
    r"(?<!senior\s)(?<!junior\s)(?<!freshman\s)(?<!sophomore\s)(?<!student\s)(?<!teacher\s)"
    r"in\s+(?:middle|high|primary|elementary|junior\s+high|grade)\s+school|years\s+ago|"
    r"in\s+the\s+past|last\s+(?:year|semester|term)|"
    # (not a deadline: "before uni starts")
    r"before\s+(?:college|uni|university)(?!\s+(?:starts|begins|opens|kicks))|"
    r"at\s+(?:the\s+)?time|once\s+upon)\b",
    re.I,
)
_ZH_PAST = re.compile(
    r"以前|之前|小时候|退休前|来着|(?:初中|小学|高中|大学)(?:的时候|时|那会儿?|那阵子?)|曾经|那时候?|那会儿?|"
    r"过去(?![分式时完])|当年|"
    r"原来(?!如此|是这样)|上学期|去年|本来(?!就)|原本(?!就)|原先|"
    # the user's own earlier words, quoted to be corrected: "上次我说我在广州 其实…"
    r"(?:上次|上回|之前|刚才)我?说"
)
#: "Hard at first, fine now", "一开始很难，现在还行": a state said of the start is over when a
#: later clause of the sentence says how it is now.
_AT_FIRST = re.compile(
    r"\b(?:at\s+first|initially|in\s+the\s+beginning)\b|一开始|刚开始|起初|最开始|开始的时候", re.I
)
_NOW_LATER = re.compile(r"\b(?:now|these\s+days|nowadays)\b|现在|如今|目前", re.I)
#: "…到现在还是听不懂", "still can't now": the same state, not a later one ("还行" is "fine").
_STILL = re.compile(r"\b(?:still|yet)\b|还(?![行好可不])|仍|依然|依旧|照样", re.I)
#: When a goal is due: "在五月去东京之前", "年底以前", "考试之前" (before a time or an event),
#: not the past its "之前" / "以前" would otherwise say ("我之前想考研").
_ZH_DEADLINE = re.compile(
    r"在[^,，。!！?？\s]{1,12}?(?:之前|以前)|(?<=[\u4e00-\u9fff])(?<![我他她们也都就还])(?:之前|以前)"
)
_EN_PAST_LIKING = re.compile(
    r"I\s+(?:\w+\s+)?(?:hated|disliked|loved|liked|enjoyed|adored|couldn't\s+stand|"
    r"could\s+not\s+stand|didn't\s+(?:like|enjoy|mind)|was\s+(?:into|obsessed\s+with))\b",
    re.I,
)
#: A move in the past is where the user lives now: "moved to Leeds last year", "去年搬到深圳".
_MOVED = re.compile(r"\b(?:moved|relocated)\s+(?:to|here|back)\b|搬(?:到|来|去|回)", re.I)
#: A retirement in the past is being retired now: "I retired last year", "去年退休了" (the
#: claim itself says it; "I was a teacher before I retired" is past).
_RETIRED = re.compile(
    r"(?:I(?:'m|\s+am|\s+have|'ve)?\s+)?(?:\w+\s+)?retired\b|我?(?:\w{0,3})退休", re.I
)
_NOW = re.compile(
    r"\b(?:now|these\s+days|nowadays|anymore|no\s+longer)\b|现在|如今|目前|不再", re.I
)

_EN_VENTING = re.compile(
    r"\b(?:ffs|fml|so\s+done|i\s+give\s+up|bombed|failed|flunked|screwed\s+up|"
    r"worst\s+day|bad\s+day|(?:today|tonight)\b[^.!?]{0,30}\b(?:awful|terrible|horrible|sucked|"
    r"the\s+worst|garbage|trash|rough|brutal|a\s+nightmare))\b|[😭😤😡🤬]"
)
_ZH_VENTING = re.compile(
    r"考砸|挂科|挂了|崩溃|烦死|气死|破防|啊啊啊|心态炸|受不了了|不想活|[😭😤😡🤬]"
)

#: A dislike said of this moment ("i hate barre chords today") is a mood, not a standing view.
_EN_TODAY = re.compile(r"\b(?:today|tonight|right\s+now|rn|atm|this\s+(?:morning|evening))\b", re.I)
#: A view said to have changed: the contrary one it replaces is over, not merely weakened.
_CHANGED = re.compile(
    r"\b(?:now|these\s+days|anymore|any\s+more|no\s+longer|actually)\b|现在|如今|不再|再也不|其实",
    re.I,
)
_VIEWS = frozenset({EventType.PREFERENCE, EventType.DISLIKE, EventType.LEARNING_STYLE})
#: A goal said to have changed ("目标改B1了", "switched to band 7", "now aiming for N1"): the
#: graph ends the goal it replaces on the same ladder of levels (`updates.same_ladder`).
_GOAL_CHANGED = re.compile(
    rf"{_CHANGED.pattern}|\b(?:instead|switch(?:ed|ing)?\s+to|chang(?:ed|ing)\s+(?:my\s+)?"
    r"(?:goal|target|plan|mind)|bump(?:ed)?\s+(?:it\s+)?up|rais(?:ed|ing)\s+(?:the\s+)?bar)\b|"
    r"改(?![掉正善进错])|换成|变成|提高到|升到|降到|调到",
    re.I,
)
TENSE = EventAttr.TENSE.value

_SENTENCE_END = re.compile(r"[.!?。！？\n]+")
#: A contrast: what follows it is said against what came before, by the speaker themself; so
#: is a clause opening on "actually" ("我妈非让我学奥数 其实我更喜欢画画"), not one inside a
#: reported view ("my mum thinks I actually like it").
_CONTRAST = re.compile(
    r"\b(?:but|though|however|although|whereas)\b|但是|(?<!不)但(?![愿凡])|可是|不过|然而|"
    # "…，可我自己想学动画设计": 可 opening a clause the user says of themself; so "… said I'm on
    # track so now im going for an 8": what the user does about it is their own
    r"(?<=[,;，；\s])可(?=我|$)|\bso\s+(?:now\s+)?(?=i'?m\b|im\b|i\s+am\b|i'?ll\b)|"
    r"(?:(?<=[,;，；])|(?<=\S\s))\s*(?:\bactually\b|其实|事实上)",
    re.I,
)
#: A clause in which the user sets their own view against one just reported ("我老婆说我拍人像
#: 最好看 … 我自己还是喜欢拍街景"): what came before is someone else's, this is the user's.
_ZH_OWN_AGAIN = re.compile(r"\s*我(?:自己|本人|倒是|反而|个人)")
#: Event types whose claim is a view the reader can attribute, date and weigh.
_READ_TYPES = frozenset({
    EventType.PREFERENCE, EventType.DISLIKE, EventType.LEARNING_STYLE, EventType.GOAL,
    EventType.CONCEPT_CONFUSION, EventType.CONCEPT_MASTERY, EventType.IDENTITY_DECLARATION,
    EventType.PERSONAL_FACT, EventType.AGE_DECLARATION,
})  # fmt: skip
_LIKING = frozenset({EventType.PREFERENCE, EventType.DISLIKE})
_IDENTITY = frozenset({EventType.IDENTITY_DECLARATION, EventType.AGE_DECLARATION})
#: The user as the subject of the claim's own clause ("im allergic to", "我对…过敏").
_SAID_OF_ME = re.compile(r"\b(?:i'?m|im|i\s+am)\b|我(?!们)", re.I)
_CLAUSE_BREAK = re.compile(
    r"[,;，；]|\b(?:but|though|however)\b|但是|可是|不过|然而|"
    # a new subject or a consequence opens a clause: "I retired last year and I'm learning
    # Italian", "got a 5 last year so cell resp is fine"
    r"\b(?:and|so)\s+(?=I\b|I'm\b|i'm\b|im\b|my\b)|\bso\s+(?=\w+(?:\s+\w+)?\s+(?:is|are)\b)|"
    # in chat Chinese a space ends a clause
    r"(?<=\S)\s+(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])\s+(?=\S)",
    re.I,
)


def _clause_bounds(sentence: str, start: int) -> tuple[int, int]:
    """Where the clause the match starts in begins and ends (between clause breaks).

    Breaks are found in the whole sentence, not in the text before `start`: a break just
    before the match ("以前讨厌英语 喜欢数学") needs what follows it to be seen as one, and a
    match that starts on a break (", now I…") belongs to the clause after it.
    """
    begin = 0
    for found in _CLAUSE_BREAK.finditer(sentence):
        if found.start() > start:
            break
        begin = max(begin, found.end())
    after = _CLAUSE_BREAK.search(sentence, max(begin, start + 1))
    return begin, after.start() if after else len(sentence)


def _clause_at(sentence: str, start: int) -> str:
    """The clause of the sentence the match starts in."""
    begin, end = _clause_bounds(sentence, start)
    return sentence[begin:end]


#: A change of job ("I quit", "new job", "换工作了"): the role said with it is the new one.
_JOB_CHANGE = (
    r"\b(?:quit|resigned|retired|left\s+(?:my|the)\s+(?:job|position)|(?:changed|switched)\s+"
    r"(?:jobs|careers|fields)|career\s+(?:change|switch)|new\s+job|laid\s+off|lost\s+my\s+job)\b|"
    r"被裁|裸辞|辞职|离职|辞了|转行|改行|跳槽|(?<![想要准备打算考虑])换(?:了)?(?:个|份)?工作|不干了|不做了"
)
#: A role said as a change or a correction of what one does ("actually I'm an auditor", "I quit,
#: now I'm a paralegal", "其实我是出纳", "辞职了 现在做程序员"): it replaces the user's others.
_ROLE_CHANGE = re.compile(
    rf"{_JOB_CHANGE}|\b(?:actually|I\s+mean|correction|oops|my\s+bad|became|no\s+longer|anymore|"
    r"any\s+more|"
    # out of work: whatever job there was is over
    r"unemployed|between\s+jobs|out\s+of\s+work|jobless)\b|待业|失业|"
    r"其实|实际上|准确(?:地)?说|应该是|纠正|更正|说错|搞错|记错|口误|不当|不再",
    re.I,
)
#: A change of job said as news of its own just before the role ("换工作了！现在在西安…做讲解员",
#: "changed jobs! im a paralegal now"), not one wished or weighed ("thinking of quitting").
_JOB_CHANGED_BEFORE = re.compile(_JOB_CHANGE, re.I)
_WEIGHED = re.compile(
    r"\b(?:want|wanna|thinking|should|might|maybe|gonna|going\s+to|plan(?:ning)?|hope|if|"
    r"considering|whether)\b|想|打算|准备|考虑|要不要|如果|计划|\?",
    re.I,
)
#: A role said beside another ("also a mum", "兼职做翻译", "白天上班晚上做家教"): it adds one.
_ROLE_ALONGSIDE = re.compile(
    r"\b(?:also|too|as\s+well|on\s+the\s+side|part[\s-]?time|side\s+(?:job|gig|hustle)|"
    r"besides|plus|both)\b|也|还|同时|另外|兼职|兼|副业|业余|白天|晚上|周末",
    re.I,
)


#: A role said as newly held ("I'm a nurse now", "finally a nurse", "我现在是正式护士了",
#: "当上护士了"): what it was before is over. Not "right now" (when), nor a bare "现在" ("我现在是
#: 护士" says when; "了" says it changed).
_ROLE_NEWLY = re.compile(
    r"(?<!\bright\s)(?<!\bfor\s)(?<!\bjust\s)\bnow\b|\b(?:officially|finally|"
    r"(?:got|been|was)\s+(?:promoted|hired)|graduated)\b|"
    r"(?:现在|已经|终于|正式)[^,，。!！?？\s]{0,12}?(?:了|啦)(?=$|[,，。!！~\s])|当上|成了|转正|"
    r"升(?:职)?(?:为|成)|上岸",
    re.I,
)


def _role_changed(said: str) -> bool:
    """Whether a role said in `said` (its sentence up to the end of its clause) replaces the
    user's other roles: a correction or a change of job, a role said as newly held, or "now"
    against a past one ("I used to teach, now I'm a nurse"); never one said as held alongside."""
    if _ROLE_ALONGSIDE.search(said):
        return False
    past = _EN_PAST.search(said) or _ZH_PAST.search(said)
    changed = _ROLE_CHANGE.search(said) or _ROLE_NEWLY.search(said)
    return bool(changed or (past and _NOW.search(said)))


def _job_changed_just_before(text: str, sentence: str) -> bool:
    """Whether the turn's sentence before `sentence` is news of a change of job, said as done."""
    at = text.find(sentence)
    previous = [s for s in _SENTENCE_END.split(text[: max(at, 0)]) if s.strip()]
    return bool(
        previous and _JOB_CHANGED_BEFORE.search(previous[-1]) and not _WEIGHED.search(previous[-1])
    )


#: Said of the present: of two homes in one sentence, the one said this way is where one lives.
_PRESENT = re.compile(
    r"\b(?:now|these\s+days|nowadays|currently|at\s+the\s+moment|at\s+present)\b|"
    r"现在|如今|目前|眼下|这几年",
    re.I,
)
#: Said of where one comes from: "grew up in Leeds", "老家成都", "born in Ohio".
_ORIGIN = re.compile(
    r"\b(?:grew\s+up|raised|born|originally|hometown|home\s+town)\b|老家|家乡|出生|长大|祖籍",
    re.I,
)


def currency(sentence: str, start: int) -> int:
    """How current the clause a claim starts in says it is: -1 where one comes from or a past
    state ("grew up in Leeds", "以前住北京"), 1 the present ("live in Bristol now", "现在在杭州"),
    0 neither. A turn's claims are written in this order within a sentence, so of two values of
    a single-valued relation the one said as current is written last and holds."""
    clause = _clause_at(sentence, start)
    if _PRESENT.search(clause):
        return 1
    if _ORIGIN.search(clause) or _EN_PAST.search(clause) or _ZH_PAST.search(clause):
        return -1
    return 0


#: A feeling tied to a lasting situation: how long it has lasted, that it recurs, or the exam
#: ahead it is about ("anxious since january", "每次都紧张", "中考就剩半年了好焦虑").
_EN_STANDING = re.compile(
    r"\b(?:since\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|last|the\s+start|forever|"
    r"(?:a|\w+)\s+(?:weeks?|months?|years?)\s+ago)\w*|still|always|every\s+(?:time|day|week|night|"
    r"single)|each\s+time|all\s+the\s+time|whenever|constantly|lately|these\s+days|for\s+(?:weeks|"
    r"months|years|ages|a\s+while|so\s+long)|(?:about|abt|before|over|for)\s+(?:(?:the|my|this|that|"
    r"an?|upcoming|next|big|real)\s+)*(?:[\w-]+\s+)?(?:exams?|tests?|test\s+day|finals?|midterms?|"
    r"interviews?|boards|mcat|sat|act|gre|gmat|lsat|nclex|ccrn|ielts|toefl|presentations?|"
    r"deadlines?|defen[cs]e|auditions?|recitals?))\b",
    re.I,
)
_ZH_STANDING = re.compile(
    r"一直|总是|老是|最近|每次|每回|每到|一(?:到|开|上|考|见|碰到|想到|提到)[^,，。!?\s]{0,8}?就|这段时间|这阵子|"
    r"好久了|很久了|从[^,，。]{1,6}(?:开始|起)|(?:中考|高考|考研|考试|期末|期中|月考|面试|答辩|比赛|考证|"
    r"雅思|托福|四级|六级|会考)[^,，。!?]{0,10}?(?:剩|还有|快到|要到|临近|越来越近|倒计时)"
)
#: Said of this moment: a passing mood, whatever else the clause says.
_MOMENT = re.compile(
    r"\b(?:today|tonight|right\s+now|rn|atm|this\s+(?:morning|afternoon|evening))\b|"
    r"今天|今晚|刚才|刚刚|此刻|这会儿",
    re.I,
)


def _feeling_reading(sentence: str, start: int) -> dict[str, str]:
    """A feeling reads as a passing mood (the plain reading, the 1-day class) unless its clause
    ties it to a lasting situation and not to this moment: then it is a standing one."""
    clause = _clause_at(sentence, start)
    lasting = _EN_STANDING.search(clause) or _ZH_STANDING.search(clause)
    if lasting and not _MOMENT.search(clause):
        return {EventAttr.DURABILITY.value: STANDING}
    return {}


#: A claim said as unsure is held weakly (`HEDGED_CONFIDENCE`): "maybe", "I guess", "idk",
#: "好像", "可能", "应该吧". Not "I think", "感觉" or "不太": in chat they open plain statements ("i
#: think i actually prefer the docs", "感觉好难", "不太懂"), nor the "possibly" of a polite request
#: ("could you possibly write it out as numbered steps?").
_EPISTEMIC = (
    r"\b(?:maybe|perhaps|probably|prob|(?<!you\s)(?<!\bu\s)possibly|might|i\s+(?:guess|suppose)|"
    r"not\s+(?:too\s+)?sure|"
    r"idk|i\s+dunno)\b|好像|可能|也许|或许|大概|说不定|似乎|不确定|应该吧"
)
#: A degree word says how much, not whether: "kinda burnt out", "a bit stressed", "有点累", "有点难"
#: are so. It hedges only what it softens into a shrug: a verb of attitude or a modal ("kinda
#: like", "sort of interested", "有点想", "有点喜欢"), a description ("kind of a visual learner"),
#: or nothing at all ("I like it, kinda").
_EN_DEGREE = r"\b(?:kinda|kind\s+of|sorta|sort\s+of|a\s+(?:bit|little)|somewhat|slightly)"
_EN_SOFTENED = (
    r"(?:(?:really|just|lowkey|low-key)\s+)?(?:like|love|enjoy|prefer|fancy|want|wanna|need|hope|"
    r"wish|plan|dislike|hate|mind|care|think|believe|feel\s+like|understand|get|know|interested|"
    r"curious|into|keen|intrigued|tempted|drawn|would|could|should|might|will|gonna|have\s+to|"
    r"got\s+to|gotta|an?|the)\b|\W*$"
)
_ZH_DEGREE = r"有一?点儿?|有些|稍微|稍稍|略微"
_ZH_SOFTENED = (
    r"想|要|喜欢|爱|兴趣|好奇|讨厌|反感|抗拒|排斥|享受|期待|打算|倾向|偏向|懂|明白|理解|会|能|需要|应该|"
    r"\W*$"
)
_HEDGE = re.compile(
    rf"{_EPISTEMIC}|{_EN_DEGREE}\s*(?={_EN_SOFTENED})|(?:{_ZH_DEGREE})(?={_ZH_SOFTENED})", re.I
)
#: A statement phrased as a question: its question mark asks, it does not shrug ("can u draw
#: it?", "能不能用表格?"), unlike one ending a plain statement ("I guess I like chemistry?").
_INTERROGATIVE = re.compile(
    r"^\W*(?:(?:so|and|but|also|ok|okay|um+|uh+|hey|hi|wait|hmm+|like|pls|please)\W+)*"
    r"(?:can|could|would|will|won't|do|does|did|don't|doesn't|is|isn't|are|aren't|am|was|were|"
    r"should|shall|may|have|has)\b|\b(?:what|what's|whats|how|why|when|where|which|who|whose)\b|"
    r"\b(?:can|could|would|will|is|are|does|do|did|was|should)\s+(?:you|u|we|ya|i|it|that|this|"
    r"there|they)\b|\bor\s+\w+\W*$|"
    r"吗|呢|能不能|可不可以|可以吗|是不是|会不会|要不要|有没有|行不行|好不好|对不对|怎么|什么|啥|为什么|"
    r"为啥|哪|多少|几(?:个|点|岁|年|天|次)",
    re.I,
)
#: Within a clause, a new statement starts after these: the hedge of one does not reach the other
#: ("I'm a nurse and maybe I'll learn ASL"), nor into an aside ("kinda need it (im 17)").
_STATEMENT_BREAK = re.compile(
    r"\b(?:and|so|because|cuz|cause)\b|然后|而且|因为|所以|[()（）]", re.I
)
#: A goal is a maybe by words anywhere in its sentence, trailing ones too: "以后可能去开网约车
#: 看情况", "maybe the GRE, not sure yet", "thinking about law school"; not by a degree word of
#: another clause ("心里有点慌 想转UI设计" is a firm goal), nor by when it is for ("my dream is to
#: open a bakery one day": far off, not in doubt).
_GOAL_HEDGE = re.compile(
    r"\b(?:maybe|might|perhaps|possibly|idk|not\s+sure(?:\s+yet)?|who\s+knows|"
    r"thinking\s+(?:about|of)|considering)\b|"
    r"说不定|也许|或许|没准|看情况|还没想好|没想好|不一定|再说吧|以后再说|顺便|顺带",
    re.I,
)
#: How sure a hedged claim starts, whatever its rule says: under the 0.5 an agent acts on.
HEDGED_CONFIDENCE = 0.45


def read_confidence(rule: Rule, sentence: str, start: int) -> float:
    """A claim's confidence as said: its rule's, or at most `HEDGED_CONFIDENCE` when hedged. A
    goal given up is as firm as said ("maybe I'll skip the GRE" still ends it), and a rule read
    from the whole message cannot tell which sentence a hedge belongs to."""
    claim = rule.event_type in _READ_TYPES or rule.event_type is EventType.EMOTION
    goal = rule.event_type is EventType.GOAL
    if not claim or (goal and rule.polarity == NEGATIVE) or rule.whole_text:
        return rule.confidence
    # a goal's hedge may trail it in another clause: "以后可能去开网约车 看情况"
    goal_hedged = goal and _GOAL_HEDGE.search(sentence)
    if goal_hedged or _hedged(sentence, start, rule.request):
        return min(rule.confidence, HEDGED_CONFIDENCE)
    return rule.confidence


def _hedged(sentence: str, start: int, request: bool) -> bool:
    """Whether the statement the claim at `start` belongs to is said as unsure: a hedge in it,
    or a question mark ending it that neither a question nor a `request` asks."""
    begin, end = _clause_bounds(sentence, start)
    clause, at = sentence[begin:end], start - begin
    statement_begin = 0
    for found in _STATEMENT_BREAK.finditer(clause):
        if found.start() > at:
            clause = clause[: found.start()]
            break
        statement_begin = found.end()
    statement = clause[statement_begin:]
    asked = request or _INTERROGATIVE.search(statement)
    uptalk = statement.rstrip().endswith("?") and not asked
    return uptalk or _HEDGE.search(statement) is not None


#: Words in quotation marks: a sentence to translate or a line of a text ("how do you say 'I'm
#: allergic to shrimp'", 'does "I hate cilantro" sound rude?'). An apostrophe inside a word
#: ("I'm", "don't") opens and closes nothing; a closing mark ends at no letter.
_QUOTED = re.compile(
    r"(?<![\w'])'(?=[^\s'])[^']*?(?:\w'\w[^']*?)*(?<=\S)'(?!\w)|\"[^\"]+\"|«[^»]+»|「[^」]+」|『[^』]+』"
)


#: A quoted sentence says "I": a quoted name or term ('"pointers" make no sense') is the user's
#: own emphasis, and a claim about it is theirs.
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|me|my|we)\b|我", re.I)


def asks_about_something_else(sentence: str) -> bool:
    """Whether a sentence is a question with no word for the user in it ("is it true it rains
    200 days a year in Dublin?", "洛必达法则什么时候能用"): it names things, not the user's."""
    return _INTERROGATIVE.search(sentence) is not None and not _FIRST_PERSON.search(sentence)


def _quoted(sentence: str, start: int) -> bool:
    """Whether the match at `start` lies inside a sentence the user quotes, not says of
    themself."""
    return any(
        q.start() < start < q.end() and _FIRST_PERSON.search(q.group())
        for q in _QUOTED.finditer(sentence)
    )


def _about_someone_else(clause: str) -> bool:
    """Whether a Chinese clause is said of someone else or passes on hearsay, the user not in it."""
    subject = _ZH_OTHER_SUBJECT.match(clause)
    return subject is not None and _ZH_USER_TOO.search(clause, subject.end()) is None


def _carried_from_someone_else(sentence: str, start: int, clause: str) -> bool:
    """Whether a Chinese clause without a subject goes on about the person the clause before it
    is about ("我女儿上三年级，应用题老读不懂": the daughter's trouble). Only the clause just
    before carries its person: "我妈刚查出糖尿病 得有人在身边 雅思就先搁着吧" is the user's
    decision two clauses on."""
    if not has_han(clause) or _ZH_WE.search(clause):
        return False  # "女朋友不想去东京 我们改成去大阪": the user is in it
    begin = _clause_bounds(sentence, start)[0]
    previous = [c for c in _CLAUSE_BREAK.split(sentence[:begin]) if c.strip()]
    return bool(previous) and _about_someone_else(previous[-1])


def _over_by_now(sentence: str, start: int, clause: str) -> bool:
    """Whether the claim's clause dates it to the start of something ("at first", "一开始") and a
    later clause says how it is now."""
    if not _AT_FIRST.search(clause):
        return False
    now = _NOW_LATER.search(sentence, _clause_bounds(sentence, start)[1])
    return now is not None and not _STILL.search(_clause_at(sentence, now.start()))


def read_claim(
    event_type: EventType, text: str, sentence: str, start: int, names_a_person: bool = False
) -> dict[str, str]:
    """The attributes a careful reader adds to a claim found at `start` of `sentence` (a
    sentence of the turn `text`): someone else's view, a past state, venting, or a feeling
    that lasts."""
    if event_type is not EventType.EMOTION and event_type not in _READ_TYPES:
        return {}
    before = _SENTENCE_END.split(sentence[:start])[-1]  # "my dad swears by X. I want Y": mine
    # "my teacher thinks I'm bad at essays but I like writing them": the user's own, after "but"
    before = _CONTRAST.split(before)[-1]
    reading: dict[str, str] = {}
    clause = _clause_at(sentence, start)
    if _ZH_OWN_AGAIN.match(clause) or (
        event_type is EventType.PERSONAL_FACT and _SAID_OF_ME.search(clause)
    ):
        before = ""  # "my mum says its tree nuts im allergic to": a fact of the user's, relayed
    # "我女儿在学钢琴" is someone else's doing, yet "I have a daughter" is the user's own fact, and
    # "儿子5岁了" makes the user a parent: who a person or identity claim is of is its rule's call
    someone_elses = (
        _EN_OTHER_VIEW.search(before) is not None
        or _ZH_OTHER_VIEW.search(before) is not None
        or _quoted(sentence, start)
        or (
            not names_a_person
            and event_type not in _IDENTITY
            and (_about_someone_else(clause) or _carried_from_someone_else(sentence, start, clause))
        )
    )
    if someone_elses:
        reading[EventAttr.HOLDER.value] = OTHER_HOLDER  # "my mum thinks I'm stressed": her view
    if event_type is EventType.EMOTION:
        return reading | _feeling_reading(sentence, start)
    past_liking = event_type in _LIKING and _EN_PAST_LIKING.match(sentence, start) is not None
    dated = _ZH_DEADLINE.sub("", clause) if event_type is EventType.GOAL else clause
    past = (
        past_liking
        or _EN_PAST.search(clause)
        or _ZH_PAST.search(dated)
        or _over_by_now(sentence, start, clause)
    )
    became = _MOVED.search(clause) or _RETIRED.match(sentence, start)
    if past and not _NOW.search(clause) and not became:
        reading[EventAttr.TENSE.value] = PAST_TENSE
    venting = _EN_VENTING.search(text) or _ZH_VENTING.search(text) or _EN_TODAY.search(clause)
    if event_type is EventType.DISLIKE and venting:
        reading[EventAttr.DURABILITY.value] = TRANSIENT
    elif event_type in _VIEWS and TENSE not in reading and _CHANGED.search(clause):
        reading[EventAttr.CHANGE.value] = SUPERSEDES  # "now I prefer the docs": the old view ends
    elif event_type is EventType.CONCEPT_MASTERY and TENSE not in reading and _NOW.search(clause):
        reading[EventAttr.CHANGE.value] = SUPERSEDES  # "ABGs look solid now": no obstacle now
    elif event_type is EventType.GOAL and TENSE not in reading and _GOAL_CHANGED.search(clause):
        reading[EventAttr.CHANGE.value] = SUPERSEDES  # "目标改B1了": not A2 any more
    elif event_type is EventType.IDENTITY_DECLARATION and TENSE not in reading:
        said = before + sentence[start : _clause_bounds(sentence, start)[1]]
        if _role_changed(said) or _job_changed_just_before(text, sentence):
            reading[EventAttr.CHANGE.value] = SUPERSEDES  # "其实我是出纳": not 文员 any more
    return reading
