"""Self-introductions said in fragments: who the user is, as a list of short items.

"29, warehouse shift supervisor in phoenix", "Grassroots ref in Glasgow, 52", "sophomore, in
columbus", "35岁 UI设计师 北京", "大三 在武汉": each item is a fact about the user without its
own "I am": an age, a school year, what they do, where they live. One item alone says little
("52" may be a score, "北京" a topic), so an item counts only in a run of adjacent items of at
least two of those kinds ("sophomore, in columbus"); a role said with its place ("ref in
Glasgow") is such a run by itself. What counts as a role or a place is general knowledge, the
role lexicon (`identity`) and the gazetteer (`jiyi.places`), never open capture. A run is not
the user's when the sentence names someone else before it ("my sister, 25, nurse"), when what
leads into it dates it or makes it a wish ("back when I was 25, …", "如果 …"), and a place in
it is no home when the sentence is about a trip.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from enum import StrEnum
from functools import lru_cache
from typing import Any

from jiyi import places, vocabulary
from jiyi.domain import EntityKind, EventType, RelationKind
from jiyi.extraction.rules.cleaning import normalise_age
from jiyi.extraction.rules.identity import (
    EN_ROLE_LOOSE,
    EN_SOMEONE_ELSE,
    EN_WORD_BEFORE_ROLE,
    ZH_ROLE,
    normalise_role,
)
from jiyi.extraction.rules.model import Rule, RuleMatch, rule
from jiyi.extraction.rules.personal import EN_NOT_LISTED_HOME, EN_TRIP, ZH_TRIP


class ItemKind(StrEnum):
    """What an item of a self-introduction says about the user."""

    AGE = "age"
    SCHOOL_YEAR = "school_year"
    ROLE = "role"
    PLACE = "place"
    #: the user's name ("names Dave, 52, …"): it makes the run an introduction, no belief
    NAME = "name"


@dataclass(frozen=True, slots=True)
class Item:
    """One fact of a self-introduction: its kind, its value as the profile keeps it (a place by
    the gazetteer's name in the sentence's language), and where its item starts."""

    kind: ItemKind
    value: str
    start: int
    #: a bare number said as a Chinese item ("19 大一 广州人"): an age only in a run that says
    #: who the user is (`_is_self_introduction`), never beside a place alone ("上海 28 度")
    bare: bool = False
    #: a place said as where the user is from ("广州人"): a trip the sentence tells of
    #: ("暑假在家考驾照") is not to it
    native: bool = False


_EMOJI = r"[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF]"
#: What ends an item: a comma, a semicolon, a slash between words ("28/f/nyc", not "6/10" nor
#: "y/o"), a dash between spaces, an emoji, a bracket ("grandpa here (71)", "retired last
#: summer (67, …)"); in Chinese a space too.
_EN_ITEM_BREAK = re.compile(
    rf"\s*(?:[,;|()]|(?<!\d)(?<!\by)/|(?<=\d)/(?!\d)|\s[-–—]\s|\.{{2,}}|…|{_EMOJI}+)\s*", re.I
)
_ZH_ITEM_BREAK = re.compile(rf"(?:[\s,，、;；:：~～…。!?]|{_EMOJI})+")
#: Items that say neither who nor where and break no list: "28/f/nyc", "m, 34, leeds".
_EN_NEUTRAL = re.compile(
    r"(?:[mf]|male|female|guy|girl|man|woman|dude|he/him|she/her|"
    # how long the user has done what they do ("backend dev, ~6 yrs, 29")
    r"(?:~|about\s+|over\s+|for\s+)?\d{1,2}\+?\s*(?:yrs?|years?)(?:\s+(?:in|exp|experience))?)",
    re.I,
)

# --- English items -----------------------------------------------------------------------------
_EN_LEAD = re.compile(
    r"(?:(?:hey+|hi+|hello|hiya|heya|yo|sup|ok(?:ay)?|so|well|um+|uh+|oh|and|also|btw|anyway|"
    r"evening|morning|afternoon|good\s+(?:morning|afternoon|evening)|g'?day|howdy|greetings|"
    r"hola|salut|quick\s+intro|intro|about\s+me|me)\b[\s.,!:~-]*)*"
    r"(?:(?:i'?m|im|i\s+am)\s+)?(?:(?:just|only)\s+)?(?:(?:a|an)\s+)?",
    re.I,
)
#: What may end an item and says nothing: "nurse here lol", "phoenix rn".
_EN_FILLERS = frozenset({
    "here", "lol", "lmao", "haha", "hahaha", "hehe", "btw", "tbh", "fwiw", "ngl", "rn", "now",
    "myself", "too", "tho", "though", "xd",
})  # fmt: skip
_EN_END_PUNCTUATION = " .!?~:()"
_EN_AGE = re.compile(r"(?P<value>\d{1,2})\s*(?:[mf]|yo|y/o|y\.o\.|yrs?\s+old|years?\s+old)?", re.I)
_EN_SCHOOL_YEAR = re.compile(
    r"(?:in\s+)?(?:my\s+)?(?P<value>freshman|sophomore|junior|senior|(?:first|second|third|fourth|"
    r"final)[\s-]year|\d(?:st|nd|rd|th)[\s-]year|year\s+\d{1,2}|grade\s+\d{1,2}|"
    r"\d{1,2}(?:st|nd|rd|th)\s+grade)(?:\s+year)?(?:\s+(?:in|at)\s+(?:high\s+school|hs|college|"
    r"uni|university))?",
    re.I,
)
#: Retired, said as an item ("I am 67, retired from Royal Mail after 38 years").
_EN_RETIRED = re.compile(
    r"(?:(?:recently|newly|just|happily|finally)\s+)?retired(?:\s+(?:now|from|after|since|last|"
    r"this|in|(?:\d+|a\s+few|a\s+couple\s+of|two|three|four|five|ten)\s+years?\s+ago)\b.*)?",
    re.I,
)
#: A role said with its place first: "london-based designer", "Leeds based nurse".
_EN_PLACE_BASED = re.compile(r"(?P<place>.+?)[\s-]based\s+(?=\S)", re.I)
_EN_ROLE_HEAD = re.compile(
    rf"(?P<value>(?:retired\s+)?{EN_WORD_BEFORE_ROLE}{{0,3}}?(?:{EN_ROLE_LOOSE}))\b(?P<rest>.*)",
    re.I,
)
#: After a role, where it is done ("in Glasgow", "here in chicago", "based in Austin") ...
_EN_ROLE_PLACE = re.compile(
    r"\s+(?:(?:here|based|living|working)\s+)?(?:in|from|out\s+of)\s+(?=\S)", re.I
)
#: ... or what says no more than the role does ("on nights", "at a hospital", "for 6 years").
_EN_ROLE_DETAIL = re.compile(r"\s+(?:at|on|for|with|since|in\s+(?:a|an|the|my))\b|\s+of\s+\d", re.I)
_EN_PLACE_LEAD = re.compile(
    r"(?:(?:in|from|based\s+in|living\s+in|live\s+in|out\s+of|been\s+(?:living\s+)?in)\s+)?", re.I
)
#: How long the user has lived there, after the place ("been in Berlin since '22").
_EN_PLACE_TRAIL = re.compile(
    r"(?:\s+(?:since\s+[\w'’]+|for\s+\w+\s+(?:years?|yrs?|months?)))?", re.I
)
#: A role by its initials, signed on with ("RN here"): written in capitals, never a chat word.
_EN_INITIALS_ROLE = re.compile(r"(?P<value>RN|LPN|NP|GP|EMT|CNA)\s+here")
#: The user's name as an item: "names Dave", "I'm Ayesha", "my name is Rosa" (a capital, one
#: word, after what says it is a name).
_EN_NAME_ITEM = re.compile(
    r"(?i:(?:(?:hey+|hi+|hello|hiya|yo|evening|morning|salam|salut|hola|ok)[!.,~\s]*)?"
    r"(?:(?:my\s+)?name'?s|my\s+name\s+is|names|i'?m|im|i\s+am|this\s+is))\s+(?P<name>[A-Z][a-z'-]+)",
)
#: Whom a learner addresses ("teacher, 3 questions"): no role when said bare.
_EN_ADDRESSED = frozenset({"teacher", "tutor", "professor", "prof", "doctor", "coach", "boss"})
#: What before a list dates it or makes it a wish: "back when I was 25, nurse, leeds".
_EN_NOT_NOW = re.compile(
    r"\b(?:when|if|once|used\s+to|back\s+(?:in|when|then)|was|were|will|would|gonna|going\s+to|"
    r"wish|hope|imagine|pretend|suppose)\b",
    re.I,
)

# --- Chinese items -----------------------------------------------------------------------------
#: What leads into a Chinese item and says nothing: an English greeting the space before "我"
#: was dropped from ("hello我吉隆坡的"), "我", "今年", "是", a measure word.
_ZH_LEAD = re.compile(
    r"(?:(?:hi+|hello|hey+|hiya|yo|ok|你好|您好|嗨|哈喽)(?:啊|呀|哈)?[!.,~]*)?(?:我|本人|偶|俺)?"
    r"(?:今年|现在|目前|其实|也|已经|刚)*"
    # how long the role has been done ("做了八年会计")
    r"(?:(?:做|当|干)了?(?:[一二三四五六七八九十几两\d]{1,2}年多?的?)?(?=[\u4e00-\u9fff]{2}))?"
    r"(?:是)?(?:一[名个位枚])?",
    re.I,
)
_ZH_TRAIL = re.compile(r"(?:了|啦|呢|哈+|哦|呀|啊|嘛|一枚|本人|在此|报到)*$")
_ZH_NUMBER = r"\d{1,2}|[一二三四五六七八九]?十[一二三四五六七八九]?|[五六七八九]"
_ZH_AGE = re.compile(rf"(?P<value>{_ZH_NUMBER})\s*(?:岁|周岁)")
#: A bare number is an age after "我" ("我27"), or in a run with a school year or a role
#: ("19 大一 广州人", `Item.bare`): "上海 28 度" is the weather.
_ZH_BARE_AGE = re.compile(r"(?:我|本人)(?:今年)?(?P<value>\d{2})")
_ZH_BARE_NUMBER = re.compile(r"\d{2}")
_ZH_SCHOOL_YEAR = re.compile(
    r"(?P<value>高[一二三]|初[一二三]|大[一二三四]|研[一二三]|[一二三四五六]年级)(?:狗|党|生|学生|的|在读)?"
)
#: A role with what says which kind ("UI设计师", "小学语文老师"), not a verb ("想当老师").
_ZH_ROLE = re.compile(
    rf"(?P<value>(?:(?![想要当做干找请问和跟给的是被让叫说去])[\u4e00-\u9fffA-Za-z]){{0,4}}?"
    rf"(?:{ZH_ROLE}))",
    re.I,
)
_ZH_ADDRESSED = frozenset({
    "老师", "小老师", "教练", "师傅", "医生", "大夫", "老板", "同学", "学长", "学姐", "教授",
    "班长", "班主任",
})  # fmt: skip
#: A greeting alone before an item: what follows it may still be whom the user addresses.
_ZH_GREETING = re.compile(r"(?:hi+|hello|hey+|你好|您好|嗨|哈喽)(?:啊|呀|哈)?[!.,~]*", re.I)
_ZH_PLACE_LEAD = re.compile(r"(?:人)?(?:在|坐标|现居|常驻|base\s*)?", re.I)
#: What may follow a place item: where in it, what one does there, 的 ("我郑州的 高二"), or 人
#: ("广州人": one from there).
_ZH_PLACE_TRAIL = re.compile(
    r"人|(?:这边|这里|本地|市区)?(?:上班|工作|打工|读书|上学|读大学|上大学|读研|读博|生活|定居)?的?"
    # the workplace there ("在苏州一家制造业公司")
    r"(?:一家[\u4e00-\u9fff]{0,8}(?:公司|医院|学校|工厂|厂|店|餐厅|饭店|银行|诊所|机构))?"
)
_ZH_SOMEONE_ELSE = re.compile(
    r"娃|孩子|儿子|女儿|宝宝|闺女|小孩|妹|弟|哥|姐|妈|爸|爷|奶|外公|外婆|老公|老婆|(?<!其)他|她|朋友|同学|"
    r"同事|室友|舍友|对象|闺蜜"
)
_ZH_NOT_NOW = re.compile(
    r"以前|之前|小时候|那时|当年|曾经|如果|要是|假如|以后|将来|毕业后|打算|希望|梦想"
)

#: The youngest age an item says without a school year beside it ("9, 3rd grade"): an age under
#: it switches the user to child mode, which a number said in passing must not.
_CHILD_AGE = 13
#: A bare number beside a school year and no role is an age under this ("19 大一"), or a score.
_STUDENT_AGE_BOUND = 30
#: The longest an item is ("retired from the post office after 38 years", "30岁 小学语文老师").
_MAX_EN_ITEM_WORDS = 10
_MAX_ZH_ITEM_CHARS = 16
_AGES = range(5, 100)


def _age(raw: str) -> str | None:
    value = normalise_age(raw)
    return value if value is not None and int(value) in _AGES else None


def _place_to_end(
    text: str, start: int, lang: str, trail: re.Pattern[str] | None = None
) -> str | None:
    """The gazetteer's name of the place said from `start` to the end of `text` (in any case:
    the item says a place comes), or None."""
    hit = places.place_at(text, start, any_case=True)
    if hit is None:
        return None
    place, end = hit
    if trail is not None:
        end = trail.match(text, end).end()  # type: ignore[union-attr]  # matches the empty string
    return place.name_in(lang) if end == len(text) else None


def _en_items(item: str, start: int, sentence: str, first: bool) -> list[Item]:
    """The facts an English item says, each once: nothing unless the whole item is one (or a
    role and its place); `first`: the sentence opens with it (where a bare "teacher" is whom
    the user talks to)."""
    lead = _EN_LEAD.match(item).end()  # type: ignore[union-attr]  # matches the empty string
    if initials := _EN_INITIALS_ROLE.fullmatch(item, lead):
        named = vocabulary.canonical(initials["value"], "en", EntityKind.ROLE)
        return [Item(ItemKind.ROLE, named, start + lead)]
    body = _without_fillers(item[lead:])
    at = start + lead
    if not body:
        return []
    if (age := _EN_AGE.fullmatch(body)) and (value := _age(age.group("value"))):
        return [Item(ItemKind.AGE, value, at)]
    if year := _EN_SCHOOL_YEAR.fullmatch(body):
        return [Item(ItemKind.SCHOOL_YEAR, " ".join(year.group("value").lower().split()), at)]
    if _EN_RETIRED.fullmatch(body):
        return [Item(ItemKind.ROLE, "retiree", at)]
    if based := _EN_PLACE_BASED.match(body):  # "london-based designer"
        place = _place_to_end(based.group("place"), 0, "en")
        role = _EN_ROLE_HEAD.fullmatch(body, based.end())
        roles = _en_role_items(role, at, first=False) if role and place else []
        return [Item(ItemKind.PLACE, place, at), *roles] if roles and place else []
    if role := _EN_ROLE_HEAD.fullmatch(body):
        return _en_role_items(role, at, first)
    place_lead = _EN_PLACE_LEAD.match(body).end()  # type: ignore[union-attr]
    if body[:place_lead].lower().startswith("from") and EN_NOT_LISTED_HOME.search(sentence):
        return []  # "originally from Ohio, 34, nurse": where one comes from
    place = _place_to_end(body, place_lead, "en", _EN_PLACE_TRAIL)
    if place:
        return [Item(ItemKind.PLACE, place, at)]
    name = _EN_NAME_ITEM.fullmatch(item.strip(_EN_END_PUNCTUATION))
    return [Item(ItemKind.NAME, name["name"], start + name.start("name"))] if name else []


def _without_fillers(said: str) -> str:
    """An English item without what ends it and says nothing ("barista in seattle lol")."""
    words = said.rstrip(_EN_END_PUNCTUATION).split(" ")
    while len(words) > 1 and words[-1].lower() in _EN_FILLERS:
        words.pop()
    return " ".join(words).rstrip(_EN_END_PUNCTUATION)


def _en_role_items(role: re.Match[str], at: int, first: bool) -> list[Item]:
    """A role item: the role alone, with its place ("ref in Glasgow"), or with a detail that
    names no place ("nurse on nights"); anything else after it makes it no item."""
    value, rest = role.group("value"), role.group("rest")
    if first and not rest and value.lower() in _EN_ADDRESSED:
        return []  # "teacher, 3 questions": whom the user talks to
    named = normalise_role(value)
    if named is None:
        return []
    items = [Item(ItemKind.ROLE, vocabulary.canonical(named, "en", EntityKind.ROLE), at)]
    if not rest or _EN_ROLE_DETAIL.match(rest):
        return items
    where = _EN_ROLE_PLACE.match(rest)
    place = _place_to_end(rest, where.end(), "en") if where else None
    return [*items, Item(ItemKind.PLACE, place, at + role.start("rest"))] if place else []


def _zh_items(item: str, start: int, sentence: str, first: bool) -> list[Item]:
    """The facts a Chinese item says: the whole item is an age, a school year, a role or a
    place ("35岁", "大三", "UI设计师", "在武汉"); `first` as for English."""
    if (bare := _ZH_BARE_AGE.fullmatch(item)) and (value := _age(bare.group("value"))):
        return [Item(ItemKind.AGE, value, start)]
    lead = _ZH_LEAD.match(item).end()  # type: ignore[union-attr]  # matches the empty string
    body = item[lead : _ZH_TRAIL.search(item, lead).start()]  # type: ignore[union-attr]
    at = start + lead
    if not body:
        return []
    if (age := _ZH_AGE.fullmatch(body)) and (value := _age(age.group("value"))):
        return [Item(ItemKind.AGE, value, at)]
    if _ZH_BARE_NUMBER.fullmatch(body) and (value := _age(body)):
        return [Item(ItemKind.AGE, value, at, bare=True)]
    if year := _ZH_SCHOOL_YEAR.fullmatch(body):
        return [Item(ItemKind.SCHOOL_YEAR, year.group("value"), at)]
    if role := _ZH_ROLE.fullmatch(body):
        if first and body in _ZH_ADDRESSED and (lead == 0 or _ZH_GREETING.fullmatch(item[:lead])):
            return []  # "老师 35岁 北京", "你好啊小老师 我今年66了": whom the user talks to
        named = normalise_role(role.group("value"))
        return (
            [Item(ItemKind.ROLE, vocabulary.canonical(named, "zh", EntityKind.ROLE), at)]
            if named
            else []
        )
    place_lead = _ZH_PLACE_LEAD.match(body).end()  # type: ignore[union-attr]
    place = _place_to_end(body, place_lead, "zh", _ZH_PLACE_TRAIL)
    return [Item(ItemKind.PLACE, place, at, native=body.endswith("人"))] if place else []


def _pieces(sentence: str, lang: str) -> Iterator[tuple[int, str]]:
    """The sentence's items, each with where it starts."""
    breaks = _ZH_ITEM_BREAK if lang == "zh" else _EN_ITEM_BREAK
    begin = 0
    for found in breaks.finditer(sentence):
        if found.start() > begin:
            yield begin, sentence[begin : found.start()]
        begin = found.end()
    if begin < len(sentence):
        yield begin, sentence[begin:]


def _is_self_introduction(run: list[Item], lead_in: str) -> bool:
    """Two kinds of fact at least, one age, year and place at most ("15, 20, Paris" lists
    values), an age under 13 only beside a school year or the user's name ("I'm Sam, 12"), and
    no age first after a number ("i got 9/10, 85, …" lists scores)."""
    kinds = [item.kind for item in run]
    single = all(kinds.count(kind) <= 1 for kind in kinds if kind is not ItemKind.ROLE)
    young = any(item.kind is ItemKind.AGE and int(item.value) < _CHILD_AGE for item in run)
    counted = bool(run) and run[0].kind is ItemKind.AGE and re.search(r"\d", lead_in)
    return (
        single
        and len(set(kinds)) >= 2
        and (not young or ItemKind.SCHOOL_YEAR in kinds or ItemKind.NAME in kinds)
        and not counted
    )


def _vouched(run: list[Item]) -> list[Item]:
    """The run without a bare number no role or fitting school year beside it says is an age
    ("高三 85" is a score, "上海 28" the weather)."""
    kinds = {item.kind for item in run if not item.bare}
    student = ItemKind.SCHOOL_YEAR in kinds
    return [
        item
        for item in run
        if not item.bare
        or ItemKind.ROLE in kinds
        or (student and int(item.value) < _STUDENT_AGE_BOUND)
    ]


def _short(piece: str, lang: str) -> bool:
    """Whether a piece is short enough to be an item: a clause is no item, and is not read."""
    if lang == "zh":
        return 0 < len(piece) <= _MAX_ZH_ITEM_CHARS
    return bool(piece) and piece.count(" ") < _MAX_EN_ITEM_WORDS


def _runs(sentence: str, lang: str) -> Iterator[tuple[list[Item], str, str]]:
    """Each run of adjacent items in the sentence, with what the sentence says outside items
    before it and the piece that leads into it."""
    read = _zh_items if lang == "zh" else _en_items
    run: list[Item] = []
    said_before = lead_in = ""
    for start, piece in [*_pieces(sentence, lang), (len(sentence), "")]:
        items = read(piece, start, sentence, start == 0) if _short(piece, lang) else []
        if items:
            run.extend(items)
        elif not (lang == "en" and _EN_NEUTRAL.fullmatch(piece.strip())):  # "28/f/nyc"
            if run:
                yield run, said_before, lead_in
            run = []
            said_before, lead_in = f"{said_before} {piece}", piece


@lru_cache(maxsize=256)
def introduction(sentence: str, lang: str) -> tuple[Item, ...]:
    """The facts the sentence's self-introductions say about the user, in order: not after
    someone else is named, nor after what dates the list or makes it a wish; no place when the
    sentence is about a trip, unless it is where the user is from ("广州人")."""
    someone_else = _ZH_SOMEONE_ELSE if lang == "zh" else EN_SOMEONE_ELSE
    not_now = _ZH_NOT_NOW if lang == "zh" else _EN_NOT_NOW
    trip = (ZH_TRIP if lang == "zh" else EN_TRIP).search(sentence)
    return tuple(
        item
        for found, said_before, lead_in in _runs(sentence, lang)
        if _is_self_introduction(run := _vouched(found), lead_in)
        and not (someone_else.search(said_before) or not_now.search(lead_in))
        for item in run
        if not (trip and item.kind is ItemKind.PLACE and not item.native)
    )


@dataclass(frozen=True, slots=True)
class IntroductionRule(Rule):
    """A rule that reads one kind of fact out of a sentence's self-introductions; its pattern
    is only a cheap screen (items need a break between them)."""

    item_kind: ItemKind = ItemKind.AGE

    def matches(self, text: str) -> Iterator[RuleMatch]:
        for item in introduction(text, self.lang):
            if item.kind is self.item_kind:
                place = item.kind is ItemKind.PLACE
                yield RuleMatch(
                    self, (item.value,) if place else (), None if place else item.value, item.start
                )


_SCREENS = {
    "en": rf"[,;/|()]|{_EMOJI}|\b(?:in|from|out\s+of)\s",
    "zh": rf"[\s,，、;；~～]|{_EMOJI}",
}


def introduction_rule(
    name: str,
    event_type: EventType,
    item_kind: ItemKind,
    confidence: float,
    description: str,
    examples: tuple[str, ...],
    **options: Any,
) -> IntroductionRule:
    """An `IntroductionRule`, built like any other rule (`model.rule`)."""
    base = rule(name, event_type, _SCREENS[name.split("_")[1]], confidence, description, examples,
                **options)  # fmt: skip
    fields = {f.name: getattr(base, f.name) for f in dataclass_fields(Rule)}
    return IntroductionRule(**fields, item_kind=item_kind)


# Confidence as the explicit list rules (`identity.age_en_list`, `role_en_listed`,
# `personal.lives_en_listed`): a fact said once, plainly, in the user's own introduction.
_PLACE = {"object_kind": EntityKind.PLACE, "relation": RelationKind.LIVES_IN}
_SCHOOL_YEAR = {"relation": RelationKind.SCHOOL_YEAR}

RULES: tuple[Rule, ...] = (
    introduction_rule(
        "intro_en_age",
        EventType.AGE_DECLARATION,
        ItemKind.AGE,
        0.8,
        "An age as an item of a self-introduction: 'Grassroots ref in Glasgow, 52, …'.",
        ("Grassroots ref in Glasgow, 52, been doing youth games for years",),
    ),
    introduction_rule(
        "intro_en_school_year",
        EventType.IDENTITY_DECLARATION,
        ItemKind.SCHOOL_YEAR,
        0.8,
        "A school year as an item of a self-introduction: '… 🎸 sophomore, in columbus'.",
        ("got a guitar for xmas 🎸 sophomore, in columbus",),
        **_SCHOOL_YEAR,
    ),
    introduction_rule(
        "intro_en_role",
        EventType.IDENTITY_DECLARATION,
        ItemKind.ROLE,
        0.75,
        "What the user does, as an item of a self-introduction: 'I am 67, retired from …'.",
        ("I am 67, retired from Royal Mail after 38 years", "sparky from melbourne, 34"),
    ),
    introduction_rule(
        "intro_en_place",
        EventType.PERSONAL_FACT,
        ItemKind.PLACE,
        0.75,
        "Where the user lives, as an item of a self-introduction: '29, supervisor in phoenix'.",
        ("29, warehouse shift supervisor in phoenix", "Grassroots ref in Glasgow, 52"),
        **_PLACE,
    ),
    introduction_rule(
        "intro_zh_age",
        EventType.AGE_DECLARATION,
        ItemKind.AGE,
        0.8,
        "自我介绍里的年龄：'35岁 UI设计师 北京'。",
        ("35岁 UI设计师 北京 零基础学钢琴",),
    ),
    introduction_rule(
        "intro_zh_school_year",
        EventType.IDENTITY_DECLARATION,
        ItemKind.SCHOOL_YEAR,
        0.8,
        "自我介绍里的年级：'救命 大三 在武汉'。",
        ("救命 大三 在武汉 毕设要用pandas",),
        **_SCHOOL_YEAR,
    ),
    introduction_rule(
        "intro_zh_role",
        EventType.IDENTITY_DECLARATION,
        ItemKind.ROLE,
        0.75,
        "自我介绍里的职业：'35岁 UI设计师 北京'。",
        ("35岁 UI设计师 北京",),
    ),
    introduction_rule(
        "intro_zh_place",
        EventType.PERSONAL_FACT,
        ItemKind.PLACE,
        0.75,
        "自我介绍里住的地方：'我高二 在成都'、'35岁 UI设计师 北京'。",
        ("老师好 我高二 在成都", "35岁 UI设计师 北京"),
        **_PLACE,
    ),
)
