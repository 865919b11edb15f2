"""Cleaning what a rule's named groups captured: objects trimmed to the thing itself, values
normalised (an age to digits, a name checked against words that only look like names).

Captures are generous on purpose (patterns stop at punctuation, not at meaning); this is where
the trailing "because …", the leading "the", the final "了" and time-only objects are cut away.
"""

from __future__ import annotations

import re

from jiyi import vocabulary
from jiyi.extraction.rules.fragments import NOT_NAMES
from jiyi.text import has_han, tokenize

_MAX_OBJECT_CHARS = 80
#: Ends an object cut short: the episodic event keeps it, the graph never names a cut phrase.
CUT_MARK = "…"
_MAX_OBJECT_WORDS = 8
_MAX_SPLIT_OBJECTS = 4


_EN_CUT = re.compile(
    r"\s+(?:because|but|so\s+that|so|since|when|while|if|although|though|cause|cuz|'cause|"
    r"which|who|where|whenever|as\s+well\s+as|until|unless|after|before|(?:better|more|less)?\s*than|"
    r"rather\s+than|lol|haha\w*|and\s+(?:it|i|we|he|she|they|that|this|then|so|now|also|my|"
    r"it's|i'm|i've|we're|we've))\b.*$|\s+[-–—]+\s.*$",
    re.IGNORECASE,
)
_EN_LEADING = re.compile(
    # "A major" and "A levels" are a chord and an exam, not "a" + "major"
    r"^(?:(?:to|the|(?!(?-i:A)\s+(?:major|minor|flat|sharp|natural|levels?)\b)a|an|about|some|any|that|this|these|those|really|just|finally|doing|going|with|"
    r"recently|yesterday|today|my|our|your|ok|okay|so|like|um|uh|and|but|also|tbh|ngl|honestly|other|(?:the\s+)?difference\s+between|the\s+concept\s+of|"
    r"maybe|perhaps|possibly|"
    # whom the user says it to ("bhai pointers in C make no sense"), not what
    r"bhai|bro|bruh|dude|yaar|fam|guys|"
    r"the\s+idea\s+of|stuff\s+like|things\s+like|(?:anything|everything|something|stuff)\s+"
    r"(?:with|about|involving|(?:to\s+do|that\s+has\s+to\s+do)\s+with))\s+)+",
    re.IGNORECASE,
)
#: "sit the DELF B2", "take the GRE": the exam is the thing, sitting it is what a goal means.
_EN_SIT = re.compile(
    r"^(?:sit|sitting|take|taking|pass|passing|ace|acing)\s+(?:the\s+|my\s+)?(?=[A-Z0-9])"
)
_EN_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|xmas|christmas|spring|summer|"
    r"fall|autumn|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tmrw"
)
_EN_TRAILING = re.compile(
    r"(?:\s+(?:too|also|myself|personally|a\s+lot|so\s+much|very\s+much|anymore|again|now|lately|"
    r"right\s+now|instead|"
    r"rn|atm|tbh|ngl|btw|fr|imo|lmao|please|pls|plz|thanks|thank\s+you|thx|"
    r"maybe|probably|perhaps|apparently|i\s+think|i\s+guess|i\s+suppose|idk|"
    r"today|yesterday|tonight|these\s+days|at\s+all|though|either|as\s+well|yet|already|"
    r"recently|(?:last|this|next)\s+(?:week|weekend|month|year|summer|winter|spring|fall|autumn|"
    r"morning|night|evening|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"(?:a\s+(?:few\s+)?|\w+\s+)(?:days?|weeks?|months?|years?|yrs?)\s+ago|a\s+while\s+ago|"
    r"by\s+(?:the\s+)?end\s+of\s+(?:the\s+)?(?:year|month|term|semester|summer|week|"
    rf"{_EN_MONTHS})|"
    rf"(?:in|by|on|before|this|next)\s+(?:{_EN_MONTHS})(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?|"
    # a vague head and chat particles said after the thing ("the odds ratio thing still",
    # "graduate abeg", "the exam lah")
    r"(?<!\bsure\s)(?<!\bwhole\s)(?<!\bsame\s)(?<!\bonly\s)(?<!\bmain\s)(?<!\breal\s)thing|"
    r"still|abeg|sha|lah|leh|lor|yaar|bro|bruh|dude|fam|innit|eh|"
    # how much, said after the thing ("the subjunctive just", "grammar tables with a passion")
    r"just|really|literally|totally|honestly|seriously|with\s+a\s+passion|more\s+than\s+anything|"
    r"so\s+bad(?:ly)?|to\s+death|like\s+crazy|big\s+time|"
    # the verb that says what it does to the user ("KeyError keeps [killing me]"), and a part of
    # a course it is taught in ("the cold war unit", "the derivatives topic")
    r"keeps|kept|unit|topic|module|section|chapter))+$",
    re.IGNORECASE,
)
#: A time said after what is aimed at ("… someday", "… one day", "… 以后"): when, not what.
#: "one day" is a tail only where it is no span ("finish it in one day").
_EN_SOMEDAY = re.compile(
    r"(?:(?<!\bin)(?<!\bwithin)(?<!\bfor)(?<!\bper)(?<!\bthe)(?<!\bon)(?<!\bjust)(?<!\bonly)"
    r"\s+one\s+day|\s+(?:some\s?day(?:\s+soon)?|eventually|soon|sooner\s+or\s+later|later(?:\s+on)?|"
    r"in\s+the\s+(?:near\s+|distant\s+)?future|down\s+the\s+(?:road|line)|at\s+some\s+point|"
    r"one\s+of\s+these\s+days|in\s+(?:a\s+few|a\s+couple(?:\s+of)?|\d{1,2}|two|three|four|five|ten)"
    r"\s+years?|(?:some|one)\s+time\s+soon))+$",
    re.IGNORECASE,
)
#: "how photosynthesis works", "what a derivative is", "which reagents do what": the thing asked
#: about is the name.
_EN_HOW_IT_WORKS = re.compile(
    r"^(?:how|what|which)\s+(?P<thing>(?!to\b)[\w'+#-]+(?:\s+[\w'+#-]+){0,4}?)\s+"
    r"(?:works?|worked|is|are|means?|does|do|goes|go)(?:\s+(?:what|where|when))?$",
    re.IGNORECASE,
)
#: Emoji, flags and their joiners at the very end of an object ("one piece 🏴‍☠️", "冲💪").
_EMOJI_TAIL = re.compile(
    r"(?:\s*[\u2190-\u21ff\u2300-\u23ff\u25a0-\u27bf\u2900-\u297f\u2b00-\u2bff"
    r"\u3030\u303d\u3297\u3299\U0001f000-\U0001faff\U000e0020-\U000e007f\u200d\ufe0e\ufe0f"
    r"\u20e3])+$"
)
#: Emoji inside an object ("种点番茄🍅和香草", "pizza 🍕 fractions"): decoration, not the name.
#: Arrows and shapes stay inside (a "△ABC" or an "A→B" may be what is meant).
_EMOJI_INSIDE = re.compile(
    r"[\u2600-\u27bf\U0001f000-\U0001faff\U000e0020-\U000e007f\u200d\ufe0e\ufe0f]+"
)
_HAN = r"[\u4e00-\u9fff]"
_TIME_ONLY = re.compile(
    r"(?:(?:last|this|next)\s+\w+|\w+\s+(?:days?|weeks?|months?|years?)\s+ago|yesterday|today|"
    rf"(?:in|by|on|since|until|till)\s+(?:{_EN_MONTHS})|tonight|recently|今天|昨天|前天|最近|刚才|上周|周末|去年|今年|如今|现在|目前|以前|一开始|刚开始)",
    re.IGNORECASE,
)
_ZH_CUT = re.compile(
    r"(?:因为|但是|可是|所以|然后|不过|而且|虽然|如果|的时候|之后|(?<=[\u4e00-\u9fffA-Za-z0-9]{2})直接).*$"
)
#: A conjunction opening the capture joins it to what came before: "不过电路" is 电路, "但算法题"
#: 算法题 ("但丁" is a name, "但愿" a wish).
_ZH_LEAD_CONJ = re.compile(
    r"^(?:不过|但是|可是|而且|然后|还有|另外|就是|只是|但(?![丁愿凡]))(?=\S{2})"
)
_ZH_LEADING = re.compile(
    r"^(?:这个|那个|这些|那些|这种|那种|这样子?|那样子?|一下|一些|有关|关于|的(?=[\u4e00-\u9fff]{2})|"
    r"好像|可能|也许|或许|大概|似乎|说不定|了(?=[\u4e00-\u9fff]{2})|"
    r"[这那哪][道个些种次门节章条类](?=[\u4e00-\u9fff])|[这那](?![么样儿里边])|尤其是|特别是|主要是|"
    r"[一两二三四五六七八九十几\d]+[只条个头匹部件位名家次场门]|"
    # "一本书" is a book, "一本线" and "二本" are the tiers of universities aimed at
    r"[一两二三四五六七八九十几\d]+本(?![线科院]|$)|个(?=[\u4e00-\u9fff]{2})|"
    # when, said before the thing ("春天一到花粉过敏就犯"), and a verb said twice ("学学韩语")
    r"[\u4e00-\u9fff]{1,3}一到(?=[\u4e00-\u9fff]{2})|(?:去|来)?(?P<twice>[学练看听读写弹画])(?P=twice)(?=[\u4e00-\u9fff]{2})|"
    # the school year it is taught in ("高二物理受力分析"): the user's year, not part of its name
    r"(?:高[一二三]|初[一二三]|大[一二三四])(?![点些倍的]|年级|学生|新生|学期)(?=[\u4e00-\u9fff]{2}))+"
)
#: The whole a thing is part of, said before it: "俄语那个大舌音" is 大舌音, "飞控里的PID" PID.
ZH_PART_OF = re.compile(
    r"^[\u4e00-\u9fffA-Za-z0-9]{2,8}?(?:里面?的|中的|当中的|(?:里面?|中)?的?[这那](?:个|种))"
    r"(?=[\u4e00-\u9fffA-Za-z0-9+#-]{2})"
)
#: "以后", "将来", "有一天" after what is aimed at ("当医生以后" is still "当医生").
_ZH_SOMEDAY = re.compile(
    r"(?<=[\u4e00-\u9fffA-Za-z0-9]{2})(?:以后|将来|有一天|有朝一日|总有一天|迟早)[了呢啊吧呀的]*$"
)
#: How long it has been, after what it is ("摄影半年", "学吉他三年了"): not part of its name.
_ZH_DURATION = re.compile(
    r"(?<=[\u4e00-\u9fffA-Za-z]{2})(?:[一两二三四五六七八九十几半]{1,2}|\d{1,2})(?:个)?多?"
    r"(?:年|个月|月|周|星期|礼拜|天)多?(?:了|啦)?$"
)
_ZH_TRAILING = re.compile(
    r"(?:这块|那块|这章|那章|这部分|那部分|这一块|那一块|这里|那里|这方面|方面|[这那](?:[两三几]个|俩|仨)|"
    # a pointer or a step said after the thing ("发球那个", "磨刀这一步")
    r"[这那](?:一)?步|[这那][个种])?"
    r"(?:[了呢啊吧呀哦嘛啦哈吗的呗哟喔嘞咯哇呐噢欸哒~真都就还总老又早]|(?<![颠摔跌推打绊晕])倒|(?<!者)也)*$"
)
#: When or how often, said after the thing ("德语一开始很难", "现在反而觉得"): not its name.
_ZH_WHEN_TAIL = re.compile(r"(?:一开始|刚开始|现在|以前|之前|后来|反而|一直|总是|老是|经常|始终)+$")
#: A manner or a group of people, never the thing itself: "想正儿八经学学作曲" read as 正儿八经,
#: "班上好多人都跟不上" as 班上好多人 (their trouble, not the user's).
_ZH_NOT_A_THING = re.compile(
    r"(?:正儿八经|好好|认真|踏踏实实|扎扎实实|系统地?|慢慢|赶紧|尽快|"
    r"(?:班上|班里|身边|周围)?(?:好多|很多|不少|一些|其他|别的|大部分|大多数)?(?:人|同学们?)|"
    r"大家|别人|他们|她们|我们|你们|"
    # a measure of subjects ("最讨厌的一科"), or a verb with where it goes ("连起来就不懂了")
    r"一科|一门|科目|学科|[\u4e00-\u9fff]{1,2}(?:起来|下来|出来|过来|进去|上去)|"
    # a verb said again before its result ("看字看不明白"): how, not what, is hard
    r"(?P<verb>[看听读做写背讲练])[\u4e00-\u9fff]{1,3}(?P=verb))"
)
_ZH_SELF = re.compile(
    r"^(?:我)?(?:自己|本人)?(?:就|也|还|都)?(?:是(?![否非]))?(?=[\u4e00-\u9fff]{2})"
)
#: "One" and its measure word between a verb and what it takes ("弹一首《茉莉花》", "做一个网站"):
#: the thing aimed at is 弹《茉莉花》, 做网站.
_ZH_ONE_OF = re.compile(
    r"(?<=[弹唱写做画学读看考拍织绣缝搭养种背练买开建编跑烤])一[首门篇个本部张套件道幅场]"
    r"(?=[\u4e00-\u9fff《A-Za-z0-9]{2})"
)
_ZH_ROLE_VERB = re.compile(r"^(?:刚|已经|现在|目前)*(?:做|当|干)?(?=[\u4e00-\u9fff]{2})")
#: Words that only point at something said before: not a name ("that one clicked", "这俩").
_POINTERS = frozenset({
    "that", "this", "it", "one", "that one", "this one", "these", "those", "them", "stuff",
    "this stuff", "that stuff", "这俩", "那俩", "这个", "那个", "它", "这", "那", "俩", "遍",
})  # fmt: skip
_SPLIT = re.compile(r"\s*(?:、|,|和|与|以及|跟|\band\b|\bor\b|&|/)\s*", re.IGNORECASE)


def _without_emoji(text: str) -> str:
    """The text without its emoji: gone between Chinese characters, a space elsewhere."""
    text = re.sub(rf"(?<={_HAN}){_EMOJI_INSIDE.pattern}(?={_HAN})", "", _EMOJI_TAIL.sub("", text))
    return " ".join(_EMOJI_INSIDE.sub(" ", text).split())


#: A long hyphenated description of which one ("the ladder-against-a-wall word problems"), unless
#: the whole is a known name ("stay-at-home mom").
_EN_LONG_HYPHENATED = re.compile(r"^[a-z]+(?:-[a-z]+){2,}\s+(?=[a-z])", re.IGNORECASE)
#: A word said again at the start ("hate hate fractions"): the frame's own verb, echoed.
_EN_ECHO = re.compile(r"^(\w+)(?:\s+\1\b)+\s+(?=\w)", re.IGNORECASE)


def _clean_object(raw: str, lang: str) -> str | None:
    text = _without_emoji(" ".join(raw.split())).strip(" '\"“”‘’-*")
    if lang == "zh" and has_han(text):
        text = _ZH_CUT.sub("", _ZH_LEAD_CONJ.sub("", text))
        if vocabulary.lookup(text) is None:  # "二次函数" is whole, not "二次" (twice) + "函数"
            text = _ZH_LEADING.sub("", text)
        text = _ZH_ONE_OF.sub("", _ZH_SELF.sub("", text))
        text = _ZH_TRAILING.sub("", _ZH_SOMEDAY.sub("", _ZH_TRAILING.sub("", text))).strip()
        text = _ZH_WHEN_TAIL.sub("", _ZH_DURATION.sub("", text))
    else:
        text = _EN_CUT.sub("", _EN_ECHO.sub("", text))
        text = _EN_SIT.sub("", _EN_LEADING.sub("", text))
        text = _en_tail_off(text).strip(" '\"-")
        text = _EN_LEADING.sub("", _EN_HOW_IT_WORKS.sub(r"\g<thing>", text))
        if vocabulary.lookup(text) is None:
            text = _EN_LONG_HYPHENATED.sub("", text)
    cut = _cut(text)
    if _TIME_ONLY.fullmatch(cut) or _ZH_NOT_A_THING.fullmatch(cut):
        return None
    if not cut or cut.lower() in _POINTERS or not tokenize(cut):
        return None  # only pronouns, particles or stopwords: nothing to remember
    return cut if cut == text else cut + CUT_MARK


def _en_tail_off(text: str) -> str:
    """Without the words of when at its end ("… next year", "… someday", "… by end of term"),
    in whichever order they come ("soon next year"), and the emoji they leave at the end."""
    for _ in range(3):
        trimmed = _EMOJI_TAIL.sub("", _EN_SOMEDAY.sub("", _EN_TRAILING.sub("", text)))
        if trimmed == text:
            break
        text = trimmed
    return text


def _cut(text: str) -> str:
    """At most `_MAX_OBJECT_WORDS` words and `_MAX_OBJECT_CHARS` characters, cut at a word."""
    text = " ".join(text.split()[:_MAX_OBJECT_WORDS]) if not has_han(text) else text
    if len(text) > _MAX_OBJECT_CHARS:
        head = text[: _MAX_OBJECT_CHARS + 1]
        text = head.rsplit(" ", 1)[0] if " " in head else head[:_MAX_OBJECT_CHARS]
    return text.strip()


#: In chat Chinese a space between Han characters ends a clause ("能画画吗 字我看不懂").
_ZH_CLAUSE_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")


def zh_clause_of(raw: str, frame_after: bool) -> str:
    """The clause of a Chinese capture next to its rule's frame: a capture that runs over a
    clause break (a space between Han characters) keeps its last clause when the frame follows
    it ("能画画吗 字|我看不懂": 字), its first when the frame comes first ("我想|学好英语 以后出国":
    学好英语). What lies past the break is another clause, not part of the thing named."""
    parts = _ZH_CLAUSE_SPACE.split(raw)
    return parts[-1] if frame_after else parts[0]


_EN_CONJUNCTION = re.compile(r"(\s+(?:and|but|so|&)\s+)", re.IGNORECASE)
#: A conjunct that is a clause of its own, not part of a name: a subject, a verb, or a place
#: said with its preposition ("we live in Ohio and fractions confuse me", "here in Manila and
#: pharmacology is destroying me").
_EN_CLAUSE_MARK = re.compile(
    r"^(?:in|at|from|on|for|with|to)\b|\b(?:i|i'm|im|i've|ive|we|we're|you|he|she|they|it's|"
    r"live|lives|living|work|works|working|am|is|are|was|were|have|has|had)\b",
    re.IGNORECASE,
)


def en_clause_of(raw: str) -> str:
    """An English capture that its rule's frame follows, without the clauses before it: the
    frame ("… confuse me") is said of the last conjuncts, not of "we live in Ohio"."""
    parts = _EN_CONJUNCTION.split(raw)
    clauses = [i for i in range(0, len(parts) - 1, 2) if _EN_CLAUSE_MARK.search(parts[i])]
    return "".join(parts[clauses[-1] + 2 :]) if clauses else raw


def clean_objects(raw: str | None, lang: str, split: bool) -> tuple[str, ...]:
    """The distinct cleaned objects of a capture; with `split`, each item of a list is one."""
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


_EN_NUMBERS = {
    word: n
    for n, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}


_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
            "eighty": 80, "ninety": 90}  # fmt: skip


def _en_number(text: str) -> int | None:
    """English number words up to ninety-nine ("nine", "twenty-five", "thirty three")."""
    words = re.split(r"[\s-]+", text.strip().lower())
    if len(words) == 2 and words[0] in _EN_TENS and 1 <= _EN_NUMBERS.get(words[1], 0) <= 9:
        return _EN_TENS[words[0]] + _EN_NUMBERS[words[1]]
    if len(words) == 1:
        return _EN_TENS.get(words[0], _EN_NUMBERS.get(words[0]))
    return None


def normalise_age(raw: str) -> str | None:
    """An age as digits ("17", "十七", "nine", "twenty-five"), only if it is a plausible human
    age (1-130)."""
    age = int(raw) if raw.isdigit() else _en_number(raw) or _zh_number(raw)
    return str(age) if age is not None and 1 <= age <= 130 else None


def normalise_name(raw: str) -> str | None:
    """A declared name, unless it is a word that only looks like one ("I'm Fine")."""
    name = raw.strip(" .,!")
    first = name.split()[0].lower() if name else ""
    if not name or first in NOT_NAMES or not tokenize(name):
        return None
    return name


def normalise_value(raw: str) -> str | None:
    """A declared role or trait, cleaned like an object; a Chinese role without the verb or
    the 的 of its modifiers ("做会计" → "会计", "退休的语文老师" → "退休语文老师")."""
    if has_han(raw):
        raw = _ZH_ROLE_VERB.sub("", raw.strip()).replace("的", "") or raw
    return _clean_object(raw, "zh" if has_han(raw) else "en")
