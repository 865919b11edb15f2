"""Personal facts: the people, pets, places, work, habits and events in the user's life.

The background a companion should remember ("my sister", "I moved to Paris", "我每天都会画画");
the object is the person, place or activity, and `object_kind` tells the graph which entity it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields

from jiyi import places
from jiyi.domain import EntityKind, EventType, RelationKind
from jiyi.extraction.rules.fragments import EN_ADV, EN_I_AM, EN_OBJ, ZH_NOW_OR_USUALLY, ZH_OBJ
from jiyi.extraction.rules.identity import (
    EN_LIST_INTRO,
    EN_ROLE_LOOSE,
    ZH_GIG_WORK,
    ZH_JOB_OVER,
    ZH_PLACE_OF_ROLE,
    ZH_ROLE,
)
from jiyi.extraction.rules.model import Rule, RuleMatch, rule

# --- allergies said in passing (the plain "I'm allergic to X" / "我对X过敏" are in `facts`) ------
#: What people are commonly allergic to: the object of an allergy said without "allergic to".
_EN_ALLERGEN = (
    r"(?P<object>(?:tree[\s-]?)?nuts?|peanuts?|almonds?|cashews?|walnuts?|"
    r"hazelnuts?|pecans?|pistachios?|shellfish|shrimps?|prawns?|crabs?|lobsters?|fish|eggs?|"
    r"milk|dairy|lactose|gluten|wheat|soy|sesame|penicillin|amoxicillin|sulfa(?:\s+drugs)?|"
    r"aspirin|ibuprofen|latex|bees?|bee\s+stings?|wasp\s+stings?|wasps?|pollen|dust(?:\s+mites)?|cats?|dogs?|"
    r"mold|strawberr(?:y|ies)|kiwis?|mangos?|mangoes)"
)
_ZH_ALLERGEN = (
    r"(?P<object>花生酱?|坚果|腰果|杏仁|核桃|开心果|榛子|海鲜|虾|蟹|螃蟹|贝类|鱼虾|鸡蛋|蛋类|牛奶|"
    r"乳制品|乳糖|麸质|小麦|大豆|芝麻|青霉素|头孢|阿莫西林|磺胺|阿司匹林|布洛芬|乳胶|蜜蜂|花粉|"
    r"尘螨|螨虫|猫毛|狗毛|羊毛|芒果|菠萝|桃子|酒精|生漆|大漆|油漆|漆|紫外线|霉菌|柳絮|杨絮)"
)
#: Someone else, a negation or a question between the allergen and "allergic": not the user's.
_EN_NOT_MINE = (
    r"(?:(?!\b(?:my|his|her|hers|she|he|they|you|u|ur|your|not|isn'?t|aren'?t|people|someone|"
    r"anyone|nobody|kids?|patients?|if|whether)\b)[^.\n])"
)
_EN_IM = r"(?:i'?m|im|i\s+am)"

# --- where the user lives, said in passing (the explicit "I live in X" is `facts.lives_*`) ----
# "I'm in X", "here in X", "我在X", "坐标X": a residence only when X is a place the gazetteer
# (`jiyi.places`) knows, said by the user, not on a trip and not "if / when I'm in X". The object
# is the place's canonical name in the rule's language ("人在魔都" → 上海, "im in nyc" → New York
# City). Where the user comes from ("I'm from Ohio", "我是上海的", "我是上海人") is origin, not
# residence: it stays an episodic place (`personal_*_place`, `personal_zh_origin`), no belief.

#: A visit, not a home: "for the weekend", "on vacation", "出差", "去玩".
EN_TRIP = re.compile(
    r"\b(?:for\s+(?:the|a|an|my|our|this|one|two|three|four|five|a\s+few|a\s+couple(?:\s+of)?|"
    r"\d+)\s*(?:more\s+)?(?:weekend|week|weeks|days?|nights?|months?|conference|trip|holiday|"
    r"vacation|wedding|funeral|meeting|summit|concert|festival|tournament|game|match|visit|"
    r"layover|semester\s+abroad|exchange)|on\s+(?:a\s+|my\s+|our\s+)?(?:vacation|vacay|holiday|"
    r"hols|trip|business|layover|honeymoon|tour|work\s+trip|road\s+trip|getaway)|visiting|"
    r"vacation(?:ing)?|vacay|holidays?|honeymoon|trip|layover|stopover|sightseeing|tourists?|"
    r"touring|backpacking|until|till|til|for\s+(?:work|business|a\s+bit|a\s+while)|hotel|"
    r"airbnb|hostel|fl(?:y|ying)\s+(?:back|home|out)|head(?:ing)?\s+(?:back|home)|going\s+home|"
    r"things\s+to\s+(?:do|see)|what\s+(?:should|can)\s+i\s+(?:see|do|visit|eat)|must[\s-]see|"
    r"passing\s+through|just\s+landed|this\s+weekend)\b",
    re.IGNORECASE,
)
ZH_TRIP = re.compile(
    r"玩|旅游|旅行|游玩|出游|游览|出差|开会|度假|转机|中转|过境|探亲|看望|拜访|打卡|参观|培训|几天|两天|三天|"
    r"一周|一个星期|这周|本周|周末(?!班|课)|暂时|临时|短暂|待几天|呆几天|酒店|民宿|宾馆|回来|回去|返程|路过|"
    r"(?<!已)经过|"
    r"比赛|面试|看病|就医|演唱会|看展|展会|过年|假期|放假|寒假|暑假|国庆|春节|行程|攻略|景点|逛|回家|"
    r"[明后]天回|下周回"
)
#: How far from a place in English its trip is said: "in Paris, on vacation", not "…here in
#: Brisbane, finally doing piano 🎹 I used to read music as a kid — did grades till about 12".
_EN_TRIP_REACH = 40
_ZH_CLAUSE_BREAK = re.compile(r"[\s,，。；;!！?？]+")


def _near(text: str, found: re.Match[str], zh: bool) -> str:
    """Where a trip would be said of the place `found`: 40 characters either side in English;
    in Chinese its clause and the next ("我在成都 出差几天"), not a later one ("我们家在无锡 不是
    苏州 那几天在苏州女儿家住着")."""
    if not zh:
        return text[max(0, found.start() - _EN_TRIP_REACH) : found.end() + _EN_TRIP_REACH]
    breaks = [m.end() for m in _ZH_CLAUSE_BREAK.finditer(text, found.end())]
    begin = max((m.end() for m in _ZH_CLAUSE_BREAK.finditer(text, 0, found.start())), default=0)
    return text[begin : breaks[1] if len(breaks) > 1 else len(text)]


#: "if / when / next time I'm in X": not where the user is.
_EN_NOT_NOW = re.compile(
    r"\b(?:if|when|whenever|once|while|until|till|unless|before|after|next\s+time|wish|hope|"
    r"hoping|pretend|imagine|suppose|would|could|was|were|used\s+to|lived|stayed|visited|went|"
    r"will|gonna|going\s+to)\b[^,;]{0,25}$",
    re.IGNORECASE,
)
_ZH_NOT_NOW = re.compile(
    r"(?:如果|要是|假如|假设|等到?|到时候?|每次|一旦|希望|打算|准备|计划|下次|以后|将来|明年|下周|下个月|"
    r"明天|后天|过几天|改天|之前|以前|当时|那时候?|小时候)[^,;。\s]{0,6}$"  # a space ends a clause
)
#: Someone else said just before (in the same clause): their place, not the user's.
_EN_OTHER = re.compile(
    r"\b(?:(?:my|his|her|their|our)\s+(?:\w+\s+)?(?:sister|sis|brother|bro|mom|mum|mother|dad|"
    r"father|parents|folks|wife|husband|partner|girlfriend|boyfriend|gf|bf|son|daughter|kids?|"
    r"children|friends?|bestie|cousin|aunt|uncle|grandma|grandpa|grandparents|family|roommate|"
    r"boss|coworkers?|colleagues?|neighbou?rs?|teacher|tutor)|he|she|they|he's|she's|they're)\b"
    r"(?![^,;]*\b(?:i|i'm|im|we|we're)\b)[^,;]*$",
    re.IGNORECASE,
)
_ZH_OTHER = re.compile(
    r"(?:爸爸?|妈妈?|父母|爸妈|姐姐?|哥哥?|弟弟?|妹妹?|朋友|闺蜜|同学|同事|室友|老公|老婆|男朋友|女朋友|"
    r"对象|儿子|女儿|孩子|亲戚|舅舅|叔叔|阿姨|姑姑|表[哥姐弟妹]|堂[哥姐弟妹]|爷爷|奶奶|外公|外婆|他们?|她们?)"
    r"[^,;。我]*$"
)
#: What may follow a place the user says they are in: the clause's end, "rn", "lol", "now",
#: "area", "since 2019"... not "for the weekend" (a trip) nor "'s" ("in Jordan's class").
EN_PLACE_TAIL = re.compile(
    r"\s*(?:$|[,.;:!?)~…\-—]|[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF])|"
    r"\s+(?:rn|right\s+now|atm|now|currently|these\s+days|nowadays|lol|lmao|lmfao|haha\w*|"
    r"hehe\w*|btw|tbh|ngl|tho|though|and|but|so|where|which|too|also|as\s+well|area|metro|"
    r"suburbs|downtown|proper|city|county|state|(?:since|for)\s+(?:like\s+|almost\s+|about\s+|"
    r"over\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|many|several|a\s+few|"
    r"a\s+couple(?:\s+of)?)\s*(?:years?|yrs?|months?|decades?)|since\s+(?:\d{4}|last\s+year|"
    r"forever|birth)|for\s+good|permanently|it'?s|its|it\s+is|we|we're|people|everyone|everything|"
    r"the\s+weather|xd)\b",
    re.IGNORECASE,
)
#: What may follow "我在X": the clause's end, a particle, "这边", a district, where they work or
#: how they live there ("现在在广州带孙子").
ZH_PLACE_TAIL = re.compile(
    r"(?:$|[,.!?;:~…、)\s]|。|[呢啊呀啦哦了哈嘛吧哟喔诶欸]|这边|那边|这里|这儿|那儿|那里|本地|当地|市区|郊区|"
    r"周边|附近|一带|上班|工作|打工|读书|上学|念书|读大学|上大学|读研|读博|定居|安家|扎根|落户|"
    # studying abroad, a working holiday, a district before "这边" ("深圳南山这边")
    r"留学|游学|交换|读语言学校|working\s*holiday|[\u4e00-\u9fff]{2,3}(?:这边|那边|附近|一带)|"
    # living there: looking after family, making a living
    r"带(?:娃|孩子|孙子|孙女|外孙|外孙女|小孩|宝宝)|照顾|陪读|养老|过日子|谋生|务工|打零工|摆摊|"
    r"[\U0001F000-\U0001FAFF\u2600-\u27BF]|[\u4e00-\u9fff]{1,4}?[区县镇](?![\u4e00-\u9fff]))"
)
#: Said after the place, in its clause, a time that is over: "的时候", "那会儿", "工作过" (a space
#: ends the clause: "我在成都 大四 … 考试的时候" still lives there).
_ZH_WAS = re.compile(r"[^,.!?;。\s]*?(?:的时候|那时|那会|那阵|期间|[住待呆班作书学]过)")
#: A name the gazetteer lacks after an explicit "living in": kept when it looks like one.
_EN_PROPER = re.compile(
    r"(?!(?:The|A|An|My|Our|Here|There|This|That|It|Some)\b)[A-Z][a-z'’.]+"
    r"(?:[ -](?:[A-Z][a-z'’.]+|de|del|la|le|am|upon|on|sur|en))*"
)


@dataclass(frozen=True, slots=True)
class PlaceRule(Rule):
    """A rule whose object must be a place: the pattern finds the frame ("I'm in", "坐标") and
    puts the `object` group where the place starts; the gazetteer says whether one does."""

    tail: re.Pattern[str] | None = None  # what may follow the place (None: anything)
    trusted: bool = False  # an explicit verb: a capitalised name the gazetteer lacks is kept
    context: re.Pattern[str] | None = None  # what the text must hold (an introduction)
    exclude: re.Pattern[str] | None = None  # what the text must not hold ("originally")
    not_before: re.Pattern[str] | None = None  # what must not lead up to the match ("想")
    trip_check: bool = True  # False: a move "for work" is still a move
    word_names: bool = True  # False: no name that is also a word ("Nice here" is the weather)

    def matches(self, text: str) -> Iterator[RuleMatch]:
        zh = self.lang == "zh"
        if self.context is not None and not self.context.search(text):
            return
        if self.exclude is not None and self.exclude.search(text):
            return
        for found in self.pattern.finditer(text):
            name = self._place(text, found.start("object"))
            if name is None:
                continue
            before = text[max(0, found.start() - 60) : found.start()]
            if (_ZH_NOT_NOW if zh else _EN_NOT_NOW).search(before) or (
                _ZH_OTHER if zh else _EN_OTHER
            ).search(before):
                continue
            if self.not_before is not None and self.not_before.search(before):
                continue
            if not (
                self.trip_check and (ZH_TRIP if zh else EN_TRIP).search(_near(text, found, zh))
            ):
                yield RuleMatch(self, (name,), None, found.start())

    def _place(self, text: str, start: int) -> str | None:
        hit = places.place_at(text, start)
        if hit is not None:
            place, end = hit
            if not self.word_names and not places.is_place(text[start:end].lower()):
                return None  # "Nice here": the name is also a word, as said
            said = place.name_in(self.lang)
        elif self.trusted and (proper := _EN_PROPER.match(text, start)):
            said, end = proper.group(), proper.end()
        else:
            return None
        if self.tail is not None and not self.tail.match(text, end):
            return None
        if self.lang == "zh" and _ZH_WAS.match(text, end):
            return None  # "我在北京上学的时候", "我在深圳工作过": a past home
        return said


def place_rule(
    name: str,
    pattern: str,
    confidence: float,
    description: str,
    examples: tuple[str, ...],
    *,
    tail: re.Pattern[str] | None,
    relation: RelationKind | None = RelationKind.LIVES_IN,
    trusted: bool = False,
    trigger: str | None = None,
    context: re.Pattern[str] | None = None,
    exclude: re.Pattern[str] | None = None,
    not_before: re.Pattern[str] | None = None,
    trip_check: bool = True,
    word_names: bool = True,
    whole_text: bool = False,
) -> PlaceRule:
    """A `PlaceRule`: a personal fact about a place, `lives_in` unless told otherwise."""
    base = rule(
        name,
        EventType.PERSONAL_FACT,
        pattern,
        confidence,
        description,
        examples,
        object_kind=EntityKind.PLACE,
        relation=relation,
        object_required=True,
        trigger=trigger,
        whole_text=whole_text,
    )
    fields = {f.name: getattr(base, f.name) for f in dataclass_fields(Rule)}
    return PlaceRule(
        **fields,
        tail=tail,
        trusted=trusted,
        context=context,
        exclude=exclude,
        not_before=not_before,
        trip_check=trip_check,
        word_names=word_names,
    )


# --- where the user lives, said in an introduction or as a move --------------------------------
# "im 16, from cebu", "23, nurse, london", "just moved to Leeds", "我辞职回成都了",
# "以后就在成都了", "我27 在杭州做外贸跟单的". "From X" said about oneself while introducing
# oneself is where one lives, unless the turn says otherwise ("originally", "grew up", "moved",
# "live in …"); said without an introduction it stays an origin (`personal_en_place`).

#: An introduction: a greeting opening the turn, an age, a name, "a bit about me".
_EN_INTRO = re.compile(
    r"^\W*(?:hi+|hey+|hello|hiya|heya|yo|howdy|greetings|good\s+(?:morning|afternoon|evening)|hola|"
    r"salut|sup|ok\s+so)\b|\b(?:i'?m|im|i\s+am)\s+\d{1,2}\b|^\W*\d{1,2}\s*(?:[mf]\b|yo\b|y/o)?\s*[,/]|"
    r"\b\d{1,2}\s*(?:yo|y/o|years?\s+old)\b|\bmy\s+name\s+is\b|\b(?:i'?m|im)\s+(?-i:[A-Z])[a-z]+\s*,|"
    r"\babout\s+me\b|\bintroduc",
    re.IGNORECASE,
)
#: Said of where one comes from, not where one lives: the origin rule keeps it, no belief.
_EN_NOT_HOME = re.compile(
    r"\b(?:originally|grew\s+up|born|raised|moved|relocated|move|moving|live[ds]?|living|based|"
    r"now\s+in|hometown|home\s+town|was\s+from|used\s+to|currently\s+in|stud(?:y|ying)\s+(?:in|"
    r"abroad)|abroad|exchange|visiting|expat|back\s+home|back\s+from|got\s+back|came\s+back|"
    r"returned|flew|trip)\b|\b(?:my|his|her|their|our)\s+(?!name\b)"
    r"(?:\w+\s+)?\w+(?:'s)?,?\s+(?:is\s+|was\s+|are\s+)?from\b",
    re.IGNORECASE,
)
_EN_ITEM_END = re.compile(
    r"\s*(?:$|[,.;:!?)~…/]|[\U0001F000-\U0001FAFF\u2600-\u27BF])|\s+(?:and|but|so|lol|lmao|btw|tbh|"
    r"here|rn|area|haha\w*)\b",
    re.IGNORECASE,
)
EN_NOT_LISTED_HOME = re.compile(
    r"\b(?:originally|grew\s+up|born|raised|moved|relocated|moving|visiting|trip|vacation)\b",
    re.IGNORECASE,
)
#: What may follow where the user moved: "last year", "in May", "2 yrs ago for uni".
_EN_MOVED_TAIL = re.compile(
    r"\s*(?:$|[,.;:!?)~…\-—]|[\U0001F000-\U0001FAFF\u2600-\u27BF])|\s+(?:last|in|this|a|an|ago|"
    r"about|around|for|with|since|after|when|because|cuz|bc|to|and|but|so|now|lol|btw|tbh|\d+|"
    r"two|three|few|couple|recently|yesterday|earlier|over|back|permanently|for\s+good)\b",
    re.IGNORECASE,
)
#: A wish, a plan or what is still to come just before a move: "想辞职回成都", "打算毕业去深圳",
#: "公司要把我调去慕尼黑".
_ZH_PLAN = re.compile(
    r"(?:想|打算|准备|考虑|计划|纠结|要不要|是否|能不能|可能|也许|或许|希望|梦想|如果|要是)[^,，。;]{0,8}$|"
    r"(?:要|将要?|即将|快要)[^,，。;\s]{0,6}$"
)
_ZH_MOVED_TAIL = re.compile(
    r"(?:了|啦|定居|发展|工作|上班|生活|住|找工作|安家|$|[,，。!！\s~]|这边|那边)"
)


_EN_IM = r"(?:i'?m|im|i\s+am|i\s+m|we're|we\s+are|we\s+re)"
_EN_NOW = r"(?:(?:currently|now|still|actually|presently|just|already|finally|also|so|really)\s+)*"
_ZH_NOW = r"(?:现在|目前|如今|一直|平时|常年|长期|也|还|就|其实|本人)*"

_LIVES_RULES: tuple[Rule, ...] = (
    place_rule(
        "lives_en_from_intro",
        r"(?:\b(?:i'?m|im|i\s+am)\s+(?:(?:also|just)\s+)?|(?:^|(?<=[,;/])|(?<=[,;/]\s)|\band\s+)\s*|"
        rf"\b(?:{EN_ROLE_LOOSE}|guy|girl|gal|man|woman|dude|lady|teen|teenager|person|kid|boy|major|"
        r"learner|here)\s+)from\s+(?:(?:sunny|rainy|snowy|cold|hot|beautiful|lovely|little|good\s+old)\s+)?"
        r"(?P<object>\w)",
        0.86,  # above the origin rule (`personal_en_place`) it would otherwise lose to
        "'From X' in an introduction: 'im 16, from cebu', 'hi! I'm from Brazil' (not when the "
        "turn says 'originally', 'grew up', 'moved' or where they live).",
        (
            "im 16, from cebu",
            "hi! I'm from Brazil and I need help with essays",
            "im a 19 yo college student from texas",
        ),
        tail=_EN_ITEM_END,
        context=_EN_INTRO,
        exclude=_EN_NOT_HOME,
        trigger=r"\bfrom\s",
        whole_text=True,
    ),
    place_rule(
        "lives_en_listed",
        r"(?<=[,/])\s*(?:(?:in|from|based\s+in|living\s+in)\s+)?(?P<object>\w)",
        0.75,
        "A place among the items of a list about oneself: '23, nurse, london', '28/f/nyc'.",
        ("23, nurse, london", "19/f/nyc"),
        tail=_EN_ITEM_END,
        context=EN_LIST_INTRO,
        exclude=EN_NOT_LISTED_HOME,
        trigger=r"[,/]",
    ),
    place_rule(
        "lives_en_moved",
        r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+|\b(?:but|and|so|then|now)\s+|(?:^|(?<=[,.;!?:]\s)|"
        r"(?<=[,.;!?:]))\s*(?:(?:so|ok|also|and|but|btw|well|update|news)[:,!]?\s+)?)(?:(?:just|recently|finally|officially|actually|"
        r"also|since|now|literally|already)\s+)*(?:moved|relocated)\s+(?:(?:back|over|out|down|up|"
        r"home)\s+)?(?:from\s+[\w' .-]{1,30}?\s+)?(?:to|into|in)\s+(?:(?:a|my|our|the)\s+(?:(?:new|"
        r"tiny|little|small|shared|first)\s+)*(?:flat|apartment|apt|place|house|home|dorm|room|"
        r"condo)\s+(?:here\s+)?in\s+)?(?P<object>\w)",
        0.86,
        "A move said in passing: 'just moved to Leeds', 'finally moved into a flat in Cardiff' "
        "(for work too; not 'my sister moved', not 'if I moved').",
        ("just moved to Leeds", "we finally moved into a tiny flat in Cardiff"),
        tail=_EN_MOVED_TAIL,
        trip_check=False,
        trigger=r"\b(?:moved|relocated)\b",
    ),
    place_rule(
        "lives_en_moving",
        rf"\b{_EN_IM}\s+(?:(?:finally|officially|actually|now|just|all)\s+)?moving\s+(?:(?:back|over|"
        r"out|down|up|home)\s+)?(?:to|into)\s+(?P<object>\w)",
        0.75,
        "A move days away: 'we're moving to boulder this weekend', 'im moving to Leeds tomorrow' "
        "(the new home replaces the old one; not 'next year', 'thinking about moving to', 'if "
        "we're moving').",
        ("update: we're moving to boulder this weekend!!", "im moving to Leeds tomorrow"),
        tail=re.compile(
            r"\s+(?:this\s+(?:weekend|week|saturday|sunday|friday)|tomorrow|today|tonight|on\s+"
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|in\s+(?:a\s+few|two|three|\d)\s+days)\b",
            re.IGNORECASE,
        ),
        trip_check=False,
        trigger=r"\bmoving\b",
    ),
    place_rule(
        "lives_zh_returned",
        r"(?:辞职|辞了职|辞了工作|辞掉工作|裸辞|离职|毕业|退休|退伍|回国)(?:了|后|之后|以后|完)?"
        r"(?:就|便|直接|然后|又)?(?:回|回到|回了|搬回|搬到|去|去了|来|来了|到)了?(?:老家)?(?P<object>\S)",
        0.85,
        "辞职、毕业后去了哪：'我辞职回成都了'、'毕业后去了深圳工作'（'想辞职回成都'不算）。",
        ("我辞职回成都了", "毕业后去了深圳工作"),
        tail=_ZH_MOVED_TAIL,
        not_before=_ZH_PLAN,
        trigger=r"辞|离职|毕业|退休|退伍|回国",
    ),
    place_rule(
        "lives_zh_back_to",
        r"(?:搬回(?:了)?|回(?:到)?(?=[^,，。]{1,8}?(?:定居|发展|长住|安家|扎根|(?:工作|上班|生活)了)))"
        r"(?:老家)?(?P<object>\S)",
        0.85,
        "搬回、回去定居：'搬回成都了'、'回杭州发展了'（'回成都过年'不算）。",
        ("搬回成都了", "回杭州发展了"),
        tail=re.compile(
            r"(?:了|啦|住|定居|发展|长住|安家|扎根|工作了|上班了|生活了|$|[,，。!！\s~]|老家)"
        ),
        not_before=_ZH_PLAN,
        trigger=r"回",
    ),
    place_rule(
        "lives_zh_settled",
        r"(?:(?:以后|今后|往后|从此)(?:就|都|也)?(?:在|留在|待在|呆在|定居在?)|(?:^|(?<=[\s,，。!！~…])|我|"
        r"我们|已经|就|也|终于|毕业后?|最后)(?:就|也|已经|终于)*(?:定居|扎根|落户|安家|留在)(?:在|于|到)?)"
        r"(?P<object>\S)",
        0.85,
        "在一地安顿下来：'以后就在成都了'、'毕业后留在杭州了'、'定居深圳'。",
        ("以后就在成都了", "毕业后留在杭州了", "我们已经定居深圳"),
        tail=re.compile(
            r"(?:了|啦|发展|工作|上班|生活|定居|安家|扎根|长住|$|[,，。!！\s~]|这边|那边)"
        ),
        not_before=_ZH_PLAN,
        trigger=r"以后|今后|往后|从此|定居|扎根|落户|安家|留在",
    ),
    place_rule(
        "lives_zh_work_do",
        r"(?:^|(?<=[\s,，。!！~…])(?<![妈爸姐哥弟妹友学事公婆儿女们他她伴] )|我(?:\d{1,2}岁?)?\s*)"
        rf"{ZH_NOW_OR_USUALLY}在(?P<object>\S)",
        0.8,
        "在某地做什么：'我27 在杭州做外贸跟单的'、'在郑州一家物流公司做文员'、'我在深圳送外卖的'"
        "（'我妈在杭州'不算）。",
        ("我27 在杭州做外贸跟单的", "在郑州一家物流公司做文员", "我在深圳送外卖的"),
        tail=re.compile(
            r"(?:的)?(?:一家|一个|某|这家|家)?[\u4e00-\u9fffA-Za-z]{0,10}?(?:(?:做|当|干)"
            rf"(?!什么|啥|过|完|饭|作业|题|梦)|{ZH_GIG_WORK})"
        ),
        exclude=ZH_JOB_OVER,  # "在郑州做了三年文员 上个月辞职回成都了": 成都 is home now
        trigger=r"做|当|干|跑|送",
    ),
    place_rule(
        "lives_zh_role_of_place",
        r"我(?:现在|目前|就|也)?是(?:一名|一个|一位|个|名|位)?(?P<object>\S)",
        0.8,
        "职业前面说的地方：'我是广州这边的规培住院医'、'我是青岛一所初中的体育老师'（'我是美国公司的"
        "员工'说的是哪种公司）。",
        ("我是广州这边的规培住院医", "我是青岛一所初中的体育老师"),
        tail=re.compile(
            rf"{ZH_PLACE_OF_ROLE}(?:一名|一个|一位)?[\u4e00-\u9fff]{{0,6}}?(?:{ZH_ROLE})", re.I
        ),
        exclude=ZH_JOB_OVER,
        trigger=r"是",
    ),
    place_rule(
        "lives_en_been_in",
        r"\b(?:i'?ve|ive|i\s+have|we'?ve|we\s+have)\s+(?:(?:now|actually|already|just)\s+)?"
        r"(?:been|lived|stayed)\s+(?:(?:here|out\s+here|over\s+here)\s+)?in\s+(?P<object>\w)",
        0.85,
        "A home for some time now: 'I've been in Berlin for 2 years now', 'ive lived in Leeds "
        "since 2019' (not 'I've been in Paris before', not 'for 3 days').",
        ("I've been in Berlin for 2 years now", "ive lived in Leeds since 2019"),
        tail=re.compile(
            r"\s+(?:for|since)\s+(?:(?:like|almost|about|over|nearly|a\s+good)\s+)?(?:\d+|a|an|one|two|"
            r"three|four|five|six|seven|eight|nine|ten|many|several|a\s+few|a\s+couple(?:\s+of)?)\s*"
            r"(?:years?|yrs?|months?|decades?)|\s+since\s+(?:\d{4}|last\s+year|forever|birth|i\s+was|"
            r"uni|college)|\s+(?:my\s+)?(?:whole|entire)\s+life|\s+all\s+my\s+life|\s+now\b",
            re.IGNORECASE,
        ),
        trigger=r"\b(?:been|lived|stayed)\s",
    ),
    place_rule(
        "lives_zh_moved_from",
        r"从[\u4e00-\u9fffA-Za-z]{1,8}?搬(?:家)?(?:到|去|来)了?(?P<object>\S)",
        0.85,
        "从哪儿搬到哪儿：'我去年从北京搬到了上海'（住在后一个地方）。",
        ("我去年从北京搬到了上海", "前年从武汉搬来深圳"),
        tail=None,
        not_before=_ZH_PLAN,
        trigger=r"搬",
    ),
    place_rule(
        "lives_zh_transferred",
        r"(?:把我|我被|我|^|(?<=[\s,，。!！~…]))(?:已经|刚|刚刚|今年|去年|上个月)*(?:调到|调去|调回|调来|外派到|外派去|"
        r"派到|派驻|派去|调职到)(?:了)?(?P<object>\S)",
        0.8,
        "工作调动：'公司把我调到北京了'、'我被外派到新加坡了'。",
        ("公司把我调到北京了", "我被外派到新加坡了"),
        tail=_ZH_MOVED_TAIL,
        not_before=_ZH_PLAN,
        trigger=r"调|派",
    ),
    place_rule(
        "lives_zh_came_to",
        r"(?:^|(?<=[\s,，。!！~…])|我|我们)(?:已经|现在|也|刚|刚刚|后来)*来(?:了)?(?P<object>\S)",
        0.8,
        "来某地工作、读书：'我来杭州工作了'（'来杭州玩'不算）。",
        ("我来杭州工作了", "后来来了深圳上班"),
        tail=re.compile(
            r"(?:工作|上班|定居|发展|读书|上学|读研|读大学|生活|打工)(?:了|啦|快|都|已经|有|\d|"
            r"[一二三四五六七八九十两几半]|$|[,，。!！\s~])"
        ),
        not_before=_ZH_PLAN,
        trigger=r"来",
    ),
    place_rule(
        "lives_en_im_in",
        rf"\b{_EN_IM}\s+{_EN_NOW}(?:(?:out|over|down|up|back)\s+)?(?:here\s+)?in\s+(?P<object>\w)",
        0.8,
        "Where the user is, said in passing: 'im in Bordeaux rn', 'we're in Denver now' (a "
        "place the gazetteer knows; not 'I'm in love', not 'for the weekend').",
        ("im in Bordeaux rn", "I'm currently in Seoul lol", "we're in the UK"),
        tail=EN_PLACE_TAIL,
    ),
    place_rule(
        "lives_en_here_in",
        r"\b(?:(?:over|out|down|up|back)\s+)?here\s+in\s+(?P<object>\w)",
        0.8,
        "'Here in X': 'here in Chengdu it's so humid', 'it's 3am here in Sydney lol'.",
        ("here in Chengdu it's so humid", "it's 3am here in Sydney lol"),
        tail=None,
    ),
    place_rule(
        "lives_en_place_here",
        r"(?:^|(?<=[,.;!?:]\s)|(?<=[,.;!?:]))\s*(?:(?:hey|hi|hello|hiya|yo|evening|morning|ok|so|"
        r"well|greetings)\b[.,!]*\s*)?(?P<object>\w)",
        0.75,
        "'X here' said of oneself, as a sign-on: 'Glasgow here, 52, …', 'hi! Denver here 👋'.",
        ("Glasgow here, 52, need help with the laws", "hi! Denver here 👋"),
        tail=re.compile(
            r"\s+here\b(?=\s*(?:$|[,.;!?:~]|[\U0001F000-\U0001FAFF\u2600-\u27BF]|(?:lol|too|"
            r"as\s+well)\b))",
            re.IGNORECASE,
        ),
        trigger=r"\bhere\b",
        word_names=False,
    ),
    place_rule(
        "lives_en_greetings",
        r"\b(?:greetings|hello|hellos|hi|hey|hiya|howdy|hola|love|cheers|waves?|waving|regards|"
        r"good\s+(?:morning|evening|night|afternoon)|gm|writing|typing|texting|chatting)\s+"
        r"(?:(?:to\s+you|to\s+all|all|everyone|y'?all|this)\s+)?from\s+(?:(?:sunny|rainy|snowy|cold|"
        r"hot|freezing|beautiful|lovely|humid|windy|grey|gray|foggy|smoggy|little|good\s+old|old)\s+)*"
        r"(?P<object>\w)",
        0.75,
        "A greeting from where the user is: 'greetings from Toronto', 'hi from rainy London'.",
        ("greetings from Toronto", "hello from rainy Manchester!"),
        tail=None,
        trigger=r"from",
    ),
    place_rule(
        "lives_en_living_in",
        r"(?:(?:^|(?<=[,;(])|\b(?:but|and|now|so|though|tho)\b)\s*(?:(?:been|now|currently|still|"
        r"presently)\s+)?(?:living|based|residing|settled)|(?:\bbut|\band|,)\s+(?:(?:now|currently|"
        r"still)\s+)?live|(?:\bbut|\band|,)\s+(?:(?:i'?m|im)\s+)?(?:now|currently)|\b(?:i'?ve|ive|"
        r"i\s+have|we'?ve|we\s+have)\s+(?:\w+\s+)?been\s+(?:living|based|settled)|\b(?:im|i\s+m)\s+"
        r"(?:(?:currently|now|still|actually)\s+)?(?:living|based|settled)|\b(?:i'?m|i\s+am|we're|"
        r"we\s+are)\s+(?:currently|now|still|actually|presently)\s+(?:living|based|residing|"
        r"settled)|\bi\s+(?:currently\s+|now\s+)?(?:reside|stay))\s+in\s+(?P<object>\w)",
        0.85,
        "Living somewhere said without 'I live in': 'I'm from Ohio but live in Seattle now', "
        "'been living in Berlin for 3 years', 'from Ohio, now in Seattle'.",
        ("I'm from Ohio but live in Seattle now", "I've been living in Berlin for 3 years"),
        tail=EN_PLACE_TAIL,
        trusted=True,
        trigger=r"living|based|resid|settled|live|now|currently|stay",
    ),
    place_rule(
        "lives_en_role_in",
        r"\b(?:i'?m|im|i\s+am)\s+(?:just\s+|also\s+|currently\s+|now\s+)?an?\s+(?!(?:tourist|"
        r"visitor|guest|stranger|traveller|traveler|backpacker|fan)\b)(?:[\w'-]+\s+){1,5}?in\s+"
        r"(?P<object>\w)",
        0.75,
        "A role and a place: 'I'm a nurse in Leeds', 'im a uni student in Melbourne'.",
        ("I'm a nurse in Leeds", "im a 2nd year uni student in Melbourne"),
        tail=EN_PLACE_TAIL,
    ),
    place_rule(
        "lives_en_in_x_we",
        r"(?:^|(?<=[,;])\s*|\b(?:and|but|so|cuz|because|bc)\s+)(?:(?:over|out|down|up)\s+)?in\s+"
        r"(?P<object>\w)",
        0.75,
        "How it is where the user lives: 'in Madrid we eat dinner late'.",
        ("in Madrid we eat dinner late", "In Japan we take our shoes off inside"),
        tail=re.compile(
            r",?\s+we\s+(?!(?:went|saw|visited|stayed|had|ate|did|were|took|spent|got|met|found|"
            r"tried|walked|arrived|flew|drove|toured|explored|will|might|could|should|are\s+going)\b)",
            re.IGNORECASE,
        ),
        trigger=r"\bwe\b",
    ),
    place_rule(
        "lives_zh_zai",
        rf"(?:我们?{_ZH_NOW}|(?:^|(?<=[^\u4e00-\u9fff]))(?:我?本人|(?:现在|目前)?人)(?:现在|目前|还|也)?|"
        r"(?:我|我们|咱们?|俺)的?家(?:就|现在|目前|也)?)在(?P<object>\S)",
        0.8,
        "在哪儿（地名）：'我在成都'、'人在魔都'、'我家在杭州'、'我在深圳上班'（不是'我在学习'，不是出差旅游）。",
        ("我在成都", "人在魔都", "我现在在深圳上班"),
        tail=ZH_PLACE_TAIL,
        trigger=r"在",
    ),
    place_rule(
        "lives_zh_zai_study_work",
        r"(?:^|(?<=[\s,，。!！~]))(?:现在|目前)?在(?P<object>\S)",
        0.75,
        "不带'我'的'在X上学/上班'：'我大二 在西安上学'（'在北京旅游'不算）。",
        ("我大二 在西安上学", "现在在深圳上班"),
        tail=re.compile(r"(?:上学|读书|念书|读大学|上大学|读研|读博|上班|工作|打工)"),
        trigger=r"在",
        trip_check=False,  # studying or working there is no trip: "…在西安上学 想趁暑假前…"
    ),
    place_rule(
        "lives_zh_declared",
        r"(?:坐标|现居(?:住)?(?:地|于|在)?|常(?:住|驻)(?:地|在|于)?|所在(?:城市|地)|base(?:在|于)?)"
        r"(?:是|在|:|\s)*(?P<object>\S)",
        0.85,
        "报坐标：'坐标北京'、'现居杭州'、'base上海'。",
        ("坐标北京", "现居杭州", "我base上海"),
        tail=None,
        trigger=r"坐标|现居|常住|常驻|所在|base",
    ),
    place_rule(
        "lives_zh_moved",
        r"(?:(?:刚|刚刚|已经|终于|最近|前不久|前段时间|前阵子|上个月|上周|去年|今年|年初|年前|\d+月份?|\d{4}年)[才就]?|"
        r"(?:^|(?<=[,.!?;。\s~]))|我们(?:全家|一家)?|全家|我们家)搬(?:家)?(?:到|去|来)了?(?P<object>\S)",
        0.85,
        "搬去哪：'刚搬到深圳'、'我们全家搬来上海了'。",
        ("刚搬到深圳", "我们全家搬来上海了", "我们去年就搬到苏州儿子家了"),
        tail=None,
        trigger=r"搬",
    ),
    place_rule(
        "lives_zh_years",
        r"(?:^|(?<=[,.!?;。\s~])|我们?)(?:已经|都)?(?:来|到|在)(?P<object>\S)",
        0.8,
        "在一地多久了：'来深圳三年了'、'我在上海五年了'。",
        ("来深圳三年了", "我在上海快五年了"),
        tail=re.compile(
            r"(?:待|呆|工作|上班|读书)?了?(?:已经|都|快|差不多|有|也)?(?:\d+|[一二三四五六七八九十两几半]+)"
            r"多?(?:年|个多?月)(?:了|多)"
        ),
        trigger=r"年|月",
    ),
    place_rule(
        "lives_zh_we_here",
        r"(?:我们|咱们|咱|俺们)(?:这|那)?(?P<object>\S)",
        0.8,
        "'我们X这边'：'我们武汉这边特别热'。",
        ("我们武汉这边特别热", "咱们成都这里冬天很阴"),
        tail=re.compile(r"(?:这边|这里|这儿|本地|当地|这块|这地方|这(?![个些样么种次回]))"),
        trigger=r"这边|这里|这儿|本地|当地|这块|这地方",
    ),
    place_rule(
        "lives_zh_local",
        r"(?:我(?:就|也)?是(?=[^,。]{2,10}(?:本地|当地))|(?:我(?:就|也)?是)?土生土长的?)(?P<object>\S)",
        0.8,
        "本地人：'我是上海本地人'、'土生土长的成都人'（住在那儿；只说'我是上海的'算来处）。",
        ("我是上海本地人", "我就是土生土长的成都人"),
        tail=re.compile(r"(?:本地|当地)?(?:人|的)"),
        trigger=r"本地|当地|土生土长",
    ),
    place_rule(
        "personal_zh_origin",
        r"我(?:就|也)?是(?P<object>\S)",
        0.7,
        "来处：'我是上海的'、'我是四川人'——是哪里人，不一定住在那儿，所以不是居住地（无关系）。",
        ("我是上海的", "我是四川人"),
        tail=re.compile(r"(?:人|的)(?=$|[,.!?;。~\s]|[啊呀哦呢啦哈嘛])"),
        relation=None,
        trigger=r"是",
    ),
    place_rule(
        "lives_en_work_in",
        r"\b(?:I|we)\s+(?:(?:currently|now|still|also|actually)\s+)?(?:work|teach|study|go\s+to\s+"
        r"(?:school|uni|college)|do\s+my\s+(?:phd|masters|degree))\b[^.,;!?\n]{0,30}?\bin\s+"
        # "work in a warehouse in toronto": the place is after the workplace
        r"(?!(?:a|an|the|my|our|this|that)\s)(?P<object>\w)",
        0.86,  # above the bare place mention it would otherwise lose to
        "Where the user works or studies: 'I teach English in Bordeaux', 'I work in Leeds' (a "
        "place the gazetteer knows; 'I work in IT' names none).",
        (
            "I teach English in Bordeaux",
            "I work in Leeds",
            "we study at a lycee in Lyon",
            "i work in a warehouse in toronto",
        ),
        tail=EN_PLACE_TAIL,
        trigger=r"\b(?:work|teach|study|school|uni|college|phd|masters|degree)\b",
    ),
    place_rule(
        "lives_en_workplace_in",
        r"\bat\s+(?:a|an|the|my)\s+(?:[\w-]+\s+){0,2}?(?:college|school|uni|university|academy|"
        r"sixth\s+form|firm|company|hospital|clinic|caf[eé]|restaurant|shop|store|bank|hotel|office|"
        r"factory|warehouse|bakery|salon|gym|startup|agency|lab)\s+in\s+(?P<object>\w)",
        0.8,
        "Where the user's school or workplace is: 'year 11 at a college in manchester', "
        "'accountant at an audit firm in hcmc'.",
        ("im 17, year 11 at a college in manchester", "im accountant at an audit firm in hcmc"),
        tail=EN_PLACE_TAIL,
        trigger=r"\bat\s",
    ),
    place_rule(
        "lives_en_my_home_in",
        r"\b(?:my|our)\s+(?:(?:tiny|little|small|new|old|shared|rented)\s+)?(?:flat|apartment|apt|"
        r"place|house|home|room|dorm|neighbou?rhood|building|street)\s+(?:here\s+)?in\s+(?P<object>\w)",
        0.8,
        "The user's home named by where it is: 'my flat in Bordeaux is tiny'.",
        ("my flat in Bordeaux is tiny", "our apartment in Toronto has no AC"),
        tail=None,
        trigger=r"\b(?:flat|apartment|apt|place|house|home|room|dorm|neighbou?rhood|building|street)\b",
    ),
    place_rule(
        "lives_en_back_home",
        r"\b(?:back\s+)?home\s+(?:in|to)\s+(?P<object>\w)",
        0.7,
        "Home said by where it is: 'just got back home to Bordeaux', 'home in Leeds'.",
        ("just got back home to Bordeaux", "finally home in Leeds"),
        tail=EN_PLACE_TAIL,
        trigger=r"\bhome\s+(?:in|to)\b",
    ),
    place_rule(
        "lives_zh_here",
        r"(?:^|(?<=[\s,.!?;~，。！？；]))(?:我们|咱们?|俺们)?(?P<object>[\u4e00-\u9fff])",
        0.7,
        "说本地：'杭州这边最近好热'、'我们成都今天下雨'（地名后跟'这边/这里'，或前有'我们'）。",
        ("杭州这边最近好热", "我们成都今天又下雨了"),
        tail=re.compile(
            r"(?:这边|这里|这儿|今天|最近|这几天|这两天|这阵子)(?![^,.!?;。]*(?:玩|旅游|出差))"
        ),
        trigger=r"这边|这里|这儿|我们|咱们|俺们",
    ),
    place_rule(
        "lives_zh_now_in",
        r"(?:现在|目前|如今)(?:人)?(?:在|住在|住|待在|呆在)(?P<object>\S)",
        0.85,
        "现在在哪：'我老家武汉，现在在广州'。",
        ("我老家武汉，现在在广州", "目前人在深圳"),
        tail=ZH_PLACE_TAIL,
        trigger=r"现在|目前|如今",
    ),
    place_rule(
        "lives_zh_study_work_in",
        r"(?:^|(?<=[\s,.!?;~，。！？；]))(?:我们学校|我的?学校|学校|公司|单位)?"
        rf"{ZH_NOW_OR_USUALLY}在(?P<object>\S)",
        0.7,
        "在某地读书工作：'在成都读研'、'我们学校在成都'（后面要有读书、上班之类，或是学校、公司所在）。",
        ("在成都读研", "我们学校在成都"),
        tail=ZH_PLACE_TAIL,
        trigger=r"在",
    ),
    place_rule(
        "lives_zh_body_in",
        r"身在(?P<object>\S)",
        0.8,
        "身在某地：'身在成都'。",
        ("身在成都", "本人身在杭州"),
        tail=ZH_PLACE_TAIL,
        trigger=r"身在",
    ),
)


RULES: tuple[Rule, ...] = (
    rule(
        "allergy_en_named_first",
        EventType.PERSONAL_FACT,
        rf"\b{_EN_ALLERGEN}\b{_EN_NOT_MINE}{{0,40}}?[\s,!~]\s*(?:(?:cuz|bc|because|coz|since|as)\s+)?"
        rf"(?:{_EN_IM}\s+(?:(?:so|super|really|very|deathly|severely|kinda|also|hella)\s+)*)?"
        r"allergic\b(?!\s+(?:to|reaction))",
        0.85,
        "An allergy named before the word: 'no peanuts pls, im allergic', 'shrimp?? allergic af'.",
        ("gotta check it doesnt have peanuts, allergic af", "does it have sesame? I'm allergic!"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        whole_text=True,  # "does it have sesame? im allergic": the allergen is in the question
        trigger=r"allergic",
    ),
    rule(
        "allergy_en_im_allergic",
        EventType.PERSONAL_FACT,
        rf"\b(?:im|i\s+m)\s+(?:(?:so|super|really|very|deathly|severely|kinda|also|hella)\s+)*"
        rf"allergic\s+to\s+{_EN_ALLERGEN}\b",
        0.85,
        "An allergy typed without the apostrophe: 'im allergic to bees'.",
        ("im allergic to bees lol", "im super allergic to cats"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        trigger=r"allergic",
    ),
    rule(
        "allergy_en_reaction",
        EventType.PERSONAL_FACT,
        rf"\b{_EN_ALLERGEN}\s+(?:(?!gives?|gave|makes?|made)[a-z]+\s+)?(?:(?:always|just|literally|still)\s+)?(?:(?:gives?|gave)\s+me\s+"
        r"(?:(?:really\s+|super\s+)?(?:bad|awful|terrible|huge|the)\s+)?(?:hives|a\s+rash|rashes|"
        r"an?\s+(?:allergic\s+)?reaction|anaphylaxis)|(?:makes?|made)\s+(?:me|my\s+(?:throat|lips?|"
        r"face|skin|mouth|eyes))\s+(?:break\s+out|swell|itch|close\s+up))",
        0.85,
        "A body's reaction that shows an allergy: 'shrimp gives me hives', 'latex gloves give me "
        "hives'.",
        ("shrimp gives me hives", "cats literally give me a rash", "latex gloves give me hives"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        trigger=r"hives|rash|reaction|anaphyla|break\s+out|swell|itch|close\s+up",
    ),
    rule(
        "allergy_en_noun",
        EventType.PERSONAL_FACT,
        rf"(?<!\bno\s)(?<!'s\s)(?<!s'\s)(?:^|(?<=[\s,.;:(]))(?:(?:my|a|an|bad|severe|mild|this)\s+)?"
        rf"{_EN_ALLERGEN}\s+allerg(?:y|ies)\b(?![^.!?]*\?)",
        0.8,
        "An allergy named as a noun: 'wheat allergy flare', 'I have a peanut allergy' (not "
        "'my son's peanut allergy', 'no nut allergies').",
        ("was off sick for a week, wheat allergy flare", "I have a peanut allergy"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        trigger=r"allerg(?:y|ies)",
    ),
    rule(
        "allergy_en_cant_eat",
        EventType.PERSONAL_FACT,
        rf"\b(?:I|{_EN_IM})\s+(?:(?:really|literally|just|still)\s+)?(?:can'?t|cannot|can\s+not|"
        r"(?:'m|m|am)\s+not\s+allowed\s+to)\s+(?:eat|have|touch|take|be\s+around)\s+(?:any\s+)?"
        rf"{_EN_ALLERGEN}\b(?![^.!?]{{0,30}}\b(?:today|tonight|rn|right\s+now|this\s+week)\b)",
        0.75,
        "A food or drug the user must avoid: 'I can't eat shellfish', 'i cant have dairy'.",
        ("I can't eat shellfish", "i cant have dairy at all"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
    ),
    rule(
        "allergy_en_its_x",
        EventType.PERSONAL_FACT,
        rf"\b(?:it'?s|its|it\s+is)\s+(?:actually\s+)?(?:the\s+)?{_EN_ALLERGEN}\s+(?:that\s+)?{_EN_IM}\s+"
        r"(?:actually\s+)?allergic\s+to\b",
        0.9,
        "The allergen named first: 'its tree nuts im allergic to not peanuts'.",
        ("my mum says its tree nuts im allergic to not peanuts",),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        trigger=r"allergic",
    ),
    rule(
        "allergy_en_the_one",
        EventType.PERSONAL_FACT,
        r"allerg[\s\S]{0,200}?\b(?:wait|no|nah|nope|actually|oops|sorry|i\s+mean|correction)\b"
        rf"[\s\S]{{0,80}}?\b(?:{_EN_IM}\s+the|mine'?s|mine\s+is|for\s+me\s+it'?s)\s+(?:the\s+)?"
        rf"{_EN_ALLERGEN}(?:\s+(?:one|guy|girl|kid|person|allergy|thing))?\b",
        0.9,
        "A corrected allergy: 'im allergic to shellfish. wait no thats my sister. im the tree nut "
        "one' (tree nuts, and not the shellfish).",
        ("im allergic to shellfish. wait no thats my sister. im the tree nut one",),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        corrects=True,
        whole_text=True,
        trigger=r"allerg",
    ),
    rule(
        "allergy_zh_cant_eat",
        EventType.PERSONAL_FACT,
        r"我(?!今天|这两天|这几天|最近|暂时)(?:自己|从小|一直)?(?:就|也|都|完全)?(?:不能|不可以|没法|碰不了|吃不了|"
        rf"沾不了|不敢)(?:吃|喝|碰|用|沾|打)?{_ZH_ALLERGEN}",
        0.75,
        "不能碰的东西（过敏）：'我不能吃花生'、'我从小就碰不了芒果'。",
        ("我不能吃花生", "我从小就碰不了芒果"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
    ),
    rule(
        "allergy_zh_reaction",
        EventType.PERSONAL_FACT,
        r"(?:^|我|[,!~\s])(?:一|只要|每次)?(?:吃|喝|碰|用|闻|接触|打)(?:了|到)?(?:点|一点)?"
        rf"{_ZH_ALLERGEN}(?:就|会|都会|就会|准|必)(?:过敏|起疹子|长疹子|起红疹|出疹子|起包|起风团|浑身痒|"
        r"全身痒|喉咙肿|呼吸困难|打喷嚏)",
        0.85,
        "过敏反应：'我一吃芒果就起疹子'、'一碰猫毛就打喷嚏'。",
        ("我一吃芒果就起疹子", "一碰猫毛就打喷嚏"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
    ),
    rule(
        "allergy_zh_diagnosed",
        EventType.PERSONAL_FACT,
        r"(?:^|(?<=[\s,，。!！~…])|(?<=科)|我)(?:去医院|看了医生|昨天|今天|上周|刚刚?)?"
        r"(?:确诊|诊断|查出来?|测出来?|检查出来?|化验出来?|医生说我?)(?:了|的)?(?:是|为|出)?(?:我)?(?:对)?"
        rf"{_ZH_ALLERGEN}过敏(?![^,，。!！~\s]*[吗?？])",
        0.9,
        "确诊的过敏：'看了皮肤科 确诊是生漆过敏'、'医生说我是尘螨过敏'（'我妈确诊…'、"
        "'是不是过敏'不算）。",
        ("看了皮肤科 确诊是生漆过敏", "医生说我是尘螨过敏"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        trigger=r"过敏",
    ),
    rule(
        "allergy_zh_constitution",
        EventType.PERSONAL_FACT,
        rf"(?:本人|我是|我属于|我这人)(?:就)?{_ZH_ALLERGEN}过敏(?:体质)?",
        0.9,
        "过敏体质：'本人花粉过敏'、'我是海鲜过敏体质'。",
        ("本人花粉过敏", "我是海鲜过敏体质"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
    ),
    rule(
        "personal_en_family",
        EventType.PERSONAL_FACT,
        r"\bmy\s+(?P<object>(?:(?:little|older|younger|big|baby|twin|best|oldest|youngest|eldest|"
        r"late|step|ex)[\s-])?(?:sister|brother|siblings?|mom|mum|mother|dad|father|parents|wife|"
        r"husband|partner|spouse|girlfriend|boyfriend|fianc[eé]e?|son|daughter|kids?|child|"
        r"children|family|grandma|grandmother|grandpa|grandfather|grandparents|aunt|uncle|cousin|"
        r"nephew|niece|friends?|bestie|fam|boss|coworkers?|colleagues?|neighbou?rs?|roommate|mentor))"
        r"\b",
        0.55,
        "A person in the user's life: 'my sister', 'my best friend', 'my kids'.",
        ("My sister just had a baby.", "I went hiking with my best friend."),
        object_kind=EntityKind.PERSON,
        object_required=True,
    ),
    rule(
        "personal_en_has_relatives",
        EventType.PERSONAL_FACT,
        r"\bI\s+(?:have|'ve\s+got|have\s+got)\s+(?:a|an|two|three|four|five|\d+)\s+"
        r"(?P<object>(?:[\w-]+\s+)?(?:kids|children|sons?|daughters?|sisters?|brothers?|siblings|"
        r"grandchildren|grandkids))\b",
        0.8,
        "Family composition: 'I have two kids', 'I have an older brother'.",
        ("I have two kids.", "I have an older brother"),
        object_kind=EntityKind.PERSON,
        object_required=True,
    ),
    rule(
        "personal_en_pet",
        EventType.PERSONAL_FACT,
        r"\b(?:I|we)\s+(?:have|had|got|adopted|own|rescued)\s+(?:a|an|two|three|four|\d+|my\s+first"
        r"|a\s+new)\s+(?P<object>(?:[\w-]+\s+){0,2}?(?:dogs?|cats?|pupp(?:y|ies)|kittens?|pets?|"
        r"hamsters?|rabbits?|bunn(?:y|ies)|birds?|parrots?|fish|turtles?|snakes?|horses?|"
        r"guinea\s+pigs?|lizards?))\b",
        0.8,
        "A pet: 'I have a golden retriever named Max' (object: the animal).",
        ("I have a dog named Max.", "We adopted two kittens!"),
        object_kind=EntityKind.OBJECT,
        object_required=True,
    ),
    rule(
        "personal_en_place",
        EventType.PERSONAL_FACT,
        rf"\b(?:I(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+"
        rf"(?:back\s+)?from|I\s+(?:currently\s+|now\s+|still\s+)?live\s+near|"
        rf"I\s+grew\s+up\s+in|{EN_I_AM}\s+(?:originally\s+)?from|I\s+was\s+born\s+in|"
        rf"my\s+hometown\s+is)\s+{EN_OBJ}",
        0.85,
        "Where the user comes from or lives near: 'I'm originally from Sweden' (where they live "
        "now is `facts.lives_en_in`).",
        ("I grew up in Paris.", "I'm originally from Sweden."),
        object_kind=EntityKind.PLACE,
        object_required=True,
    ),
    rule(
        "personal_en_work",
        EventType.PERSONAL_FACT,
        rf"\bI\s+(?:currently\s+|now\s+)?(?:work|worked|volunteer|volunteered|intern|interned)\s+"
        rf"(?:at|for|in|with)\s+{EN_OBJ}",
        0.75,
        "Where the user works or volunteers: 'I work at a hospital'.",
        ("I work at a hospital.", "I volunteer at the animal shelter on weekends"),
        object_kind=EntityKind.PLACE,
        object_required=True,
    ),
    rule(
        "personal_en_life_event",
        EventType.PERSONAL_FACT,
        r"\b(?:I|we|my\s+(?:family|kids|husband|wife|partner|friends))\s+(?:just\s+|recently\s+|"
        r"finally\s+|also\s+|actually\s+|even\s+)?(?:went\s+(?:to|on)|visited|attended|joined|"
        r"started|began|finished|completed|graduated(?:\s+from)?|bought|adopted|ran|painted|built|"
        r"won|met|volunteered\s+at|celebrated|signed\s+up\s+for|took\s+up|learned|learnt|"
        r"travel(?:l)?ed\s+to|hiked|camped|baked|wrote|performed|received|launched|opened|planted|"
        r"organi[sz]ed|hosted|got\s+(?:married|engaged|promoted|divorced|a\s+new))\s+"
        rf"{EN_OBJ}",
        0.55,
        "Something that happened in the user's life: 'I went to a support group', 'we adopted'.",
        ("I went to a support group yesterday.", "We celebrated my daughter's birthday."),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_en_ongoing",
        EventType.PERSONAL_FACT,
        rf"\b(?:{EN_I_AM}|I(?:'ve|\s+have)\s+been)\s+{EN_ADV}(?:currently\s+|now\s+)?"
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
        object_kind=EntityKind.ACTIVITY,
    ),
    rule(
        "personal_en_habit",
        EventType.PERSONAL_FACT,
        r"\bI\s+(?:usually|always|often|normally|regularly|sometimes|tend\s+to|used\s+to)\s+"
        r"(?!(?:feel|think|get|forget|mix|confuse|struggle|wonder|say)\b)(?P<object>[a-z]+\b"
        r"[^,.;:!?()\n]{0,60})",
        0.6,
        "A habit or routine: 'I usually run before work', 'I used to play piano'.",
        ("I usually run before work.", "I used to play the piano"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_en_upcoming",
        EventType.PERSONAL_FACT,
        r"\bI(?:'ve|\s+have)(?:\s+got)?\s+(?:a|an|my|this)\s+(?P<object>[^,.;:!?()\n]{1,50}?)\s+"
        r"(?:coming\s+up|next\s+(?:week|month|year|weekend|time)|tomorrow|tonight|this\s+"
        r"(?:week|weekend|month|friday|saturday|sunday)|on\s+(?:monday|tuesday|wednesday|"
        r"thursday|friday|saturday|sunday))\b",
        0.7,
        "Something scheduled in the user's life: 'I have a job interview next week'.",
        ("I have a job interview next week.", "I've got a community meeting coming up"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_zh_family",
        EventType.PERSONAL_FACT,
        r"我(?:的|家|们家)?(?P<object>妈妈|母亲|老妈|爸爸|父亲|老爸|父母|爸妈|老公|老婆|丈夫|妻子|"
        r"男朋友|女朋友|男友|女友|对象|儿子|女儿|孩子|宝宝|哥哥|姐姐|弟弟|妹妹|爷爷|奶奶|外公|外婆|"
        r"姥姥|姥爷|家人|好朋友|朋友|闺蜜|同学|同事|室友|老板|领导|邻居)",
        0.55,
        "生活中的人：'我妈妈'、'我的同事'、'我闺蜜'。",
        ("我妈妈最近身体不太好", "周末和我闺蜜去逛街了"),
        object_kind=EntityKind.PERSON,
        object_required=True,
    ),
    rule(
        "personal_zh_habit",
        EventType.PERSONAL_FACT,
        r"我(?:一般|平时|经常|每天|每周|通常|常常|总是|一直|周末)(?:都|也|还)?(?:会|是|要)?"
        rf"(?!觉得|感觉|感到|想|把|不|没|的|在考虑|在想|在思考){ZH_OBJ}",
        0.6,
        "习惯或日常：'我一般都是在健身房里锻炼'、'我每天都会花半个小时画画'。",
        ("我一般都是在健身房里锻炼", "我每天都会花半个小时画画"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_zh_ongoing",
        EventType.PERSONAL_FACT,
        r"我(?:最近|现在|目前|也|还|一直)*(?:正在|在)(?P<object>(?:学|学习|练|练习|准备|做|写|读|看|找|研究|"
        r"参加|备考|装修|养)[^,.;:!?()。\n]{1,20})",
        0.6,
        "正在做的事：'我最近正在学做川菜'、'我还在学习攀岩'。",
        ("我最近正在学做川湘菜", "其实最近我还在学习攀岩"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    rule(
        "personal_zh_pet",
        EventType.PERSONAL_FACT,
        r"我(?:家)?(?:养了?|有|买了|领养了)(?:一|两|三|几|\d)(?:只|条|头|匹)(?P<object>[\u4e00-\u9fff]{1,6})",
        0.8,
        "宠物：'我养了一只猫'。",
        ("我养了一只猫", "我家有两条金鱼。"),
        object_kind=EntityKind.OBJECT,
        object_required=True,
    ),
    rule(
        "personal_zh_place",
        EventType.PERSONAL_FACT,
        r"我(?:现在|目前|一直)?(?:住在|生活在|定居在?|搬到了?|搬去了?|来自|老家(?:在|是)|出生在|出生于)"
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{1,12})",
        0.85,
        "居住地或来处：'我住在上海'、'我老家在成都'。",
        ("我住在上海。", "我老家在成都"),
        object_kind=EntityKind.PLACE,
        object_required=True,
    ),
    rule(
        "personal_zh_workplace",
        EventType.PERSONAL_FACT,
        r"我(?:现在|目前)?在(?!思考|考虑|想|找|准备|努力|认真|做|忙|学|寻找|犹豫|换|家)"
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{2,12}?)(?:工作|上班|上学|读书|实习)",
        0.75,
        "工作或上学的地方：'我在北京工作'、'我在一家医院上班'。",
        ("我在北京工作", "我现在在一家医院上班。"),
        object_kind=EntityKind.PLACE,
        object_required=True,
    ),
    rule(
        "personal_zh_life_event",
        EventType.PERSONAL_FACT,
        r"(?:我|我们)(?:今天|昨天|前天|刚才|刚刚|上周|周末|前几天|最近|上个月|去年|今年|这周|昨晚|今晚|"
        r"也|还)?(?:去了|参加了|报名了|完成了|认识了|开始了|搬了|换了|学了|考了|拿到了|收到了|加入了|"
        r"爬了|逛了|画了|养了|买了|看了|做了|去)"
        rf"{ZH_OBJ}",
        0.55,
        "生活中的事件：'今天我去了公园散步'、'我报名了钢琴课'。",
        ("今天我去了公园散步", "我报名了一个钢琴课。"),
        object_kind=EntityKind.ACTIVITY,
        object_required=True,
    ),
    *_LIVES_RULES,
)


# --- where the user lives, said by a settlement near a city, a posting, a commute ----------------
# "I live in a village just outside Kraków", "stationed in Germany", "born in Lagos and still live
# here", "Houston native", "我这边乌鲁木齐", "家在广州番禺", "住温哥华", "北漂".

_ZH_DRIFTERS = {  # short name: (city, the rule's name)
    "北": ("北京", "beijing"),
    "沪": ("上海", "shanghai"),
    "深": ("深圳", "shenzhen"),
    "杭": ("杭州", "hangzhou"),
    "广": ("广州", "guangzhou"),
    "蓉": ("成都", "chengdu"),
}

_LIVES_NEAR_RULES: tuple[Rule, ...] = (
    place_rule(
        "lives_en_near_city",
        r"\b(?:live|living|based|settled)\s+(?:in|on)\s+(?:a|an|this|my|our)\s+"
        r"(?:(?:small|little|tiny|quiet|sleepy|rural|remote)\s+)?(?:village|town|suburb|hamlet|farm|"
        r"place|commuter\s+town)\s+(?:(?:just|right|about|\d+\s*(?:km|miles?|mins?|minutes))\s+)?"
        r"(?:outside(?:\s+of)?|near|by|close\s+to|not\s+far\s+from|(?:north|south|east|west)\s+of)\s+"
        r"(?P<object>\w)",
        0.85,
        "A settlement near a city: 'I live in a village just outside Kraków' (the city).",
        ("I live in a village just outside Kraków", "we live in a small town near Leeds"),
        tail=EN_PLACE_TAIL,
        trusted=True,
        trigger=r"outside|near|close|far|north|south|east|west|\bby\b",
    ),
    place_rule(
        "lives_en_stationed",
        r"\b(?:(?:i'?m|im|i\s+am|we'?re|currently|now)\s+)?(?:stationed|posted|deployed|based)\s+"
        r"(?:out\s+)?(?:in|at)\s+(?P<object>\w)",
        0.8,
        "A posting: 'stationed in Germany with the army' (not someone else's).",
        ("stationed in Germany with the army", "I'm posted in Nairobi for work"),
        tail=re.compile(
            r"\s*(?:$|[,.;:!?)]|\s+(?:with|for|since|now|rn|atm|and|so|but|lol)\b)", re.IGNORECASE
        ),
        trip_check=False,
        trigger=r"stationed|posted|deployed|based",
    ),
    place_rule(
        "lives_en_born_still",
        r"\bborn\s+(?:and\s+(?:raised|bred)\s+)?in\s+(?P<object>\w)",
        0.85,
        "Born somewhere and still there: 'born in Lagos and still live here'.",
        ("born in Lagos and still live here", "born and raised in Ohio, still here lol"),
        tail=re.compile(
            r",?\s+(?:and\s+)?(?:i\s+)?(?:still|never\s+left)\b(?!\s+(?:miss|visit|go\s+back))",
            re.IGNORECASE,
        ),
        trigger=r"\bborn\b",
    ),
    place_rule(
        "lives_en_native_still",
        r"(?:^|(?<=[.!?;]\s))(?P<object>\w)",
        0.8,
        "A native still there: 'Houston native, still here'.",
        ("Houston native, still here", "Glasgow native and still living here"),
        tail=re.compile(r"\s+native\s*,?\s+(?:and\s+)?still\b", re.I),
        trigger=r"\bnative\b",
    ),
    place_rule(
        "lives_en_been_in_now",
        r"\b(?:but|and|so|now|i'?ve|ive|we'?ve)\s+(?:been|lived)\s+(?:in|living\s+in|based\s+in)\s+"
        r"(?P<object>\w)",
        0.8,
        "How long here so far: 'from Nairobi originally but been in Toronto 6 yrs now'.",
        ("from Nairobi originally but been in Toronto 6 yrs now", "so been in Leeds 3 years"),
        tail=re.compile(
            r"\s+(?:for\s+)?(?:like\s+|almost\s+|about\s+|over\s+)?(?:\d+|a|one|two|three|four|five|six|"
            r"seven|eight|nine|ten|a\s+few|a\s+couple(?:\s+of)?)\s*(?:years?|yrs?|months?)"
            r"(?!\s+(?:ago|back))",
            re.IGNORECASE,
        ),
        trigger=r"\bbeen|lived",
    ),
    place_rule(
        "lives_en_commute_from",
        r"\b(?:i|we)\s+(?:(?:still|now|currently|also)\s+)?commute\s+(?:daily\s+|every\s+day\s+)?"
        r"(?:in\s+)?from\s+(?P<object>\w)",
        0.8,
        "A daily commute from home: 'I commute from Pune to Mumbai every day'.",
        ("I commute from Pune to Mumbai every day", "we commute in from Oxford"),
        tail=None,
        trip_check=False,
        trigger=r"commute",
    ),
    place_rule(
        "lives_en_renting_in",
        r"\b(?:renting|rent|sharing|share)\s+(?:a|an|my|our)\s+(?:(?:tiny|little|small|shoebox|new|"
        r"cheap|big)\s+)?(?:flat|apartment|apt|room|studio|house|place)\s+in\s+(?:\w+\s+(?:rn|now)"
        r"\s*,\s*)?(?P<object>\w)",
        0.8,
        "A home rented somewhere: 'renting a tiny flat in Lisbon'.",
        ("renting a tiny flat in Lisbon", "i rent a room in Leeds"),
        tail=None,
        trigger=r"\brent|\bshar",
    ),
    place_rule(
        "lives_zh_this_side",
        r"我(?:们)?(?:这边|这里|这儿)(?:是)?(?P<object>\S)",
        0.8,
        "'我这边乌鲁木齐'：说自己所在的地方。",
        ("我这边乌鲁木齐，网偶尔卡", "我们这里是哈尔滨"),
        tail=ZH_PLACE_TAIL,
        trigger=r"这边|这里|这儿",
    ),
    place_rule(
        "lives_zh_alone_in",
        r"我(?:一个人|独自|自己|两个人)(?:现在|目前)?在(?P<object>\S)",
        0.8,
        "'我一个人在伊斯坦布尔读书'：一个人在某地读书工作。",
        ("我一个人在伊斯坦布尔读书", "我自己在墨尔本上班"),
        tail=ZH_PLACE_TAIL,
        trigger=r"在",
    ),
    place_rule(
        "lives_zh_home_in",
        r"(?:^|(?<=[\s,，。!！~…我]))(?:家住|家|住)(?:就|现在|目前)?(?:在)?(?P<object>\S)",
        0.8,
        "'家在广州番禺'、'住温哥华'、'我住台北'（'老家X'是来处，不算）。",
        ("家在广州番禺", "住温哥华，娃在这边上小学", "我住台北，习惯看繁体"),
        tail=re.compile(rf"{ZH_PLACE_TAIL.pattern}|[\u4e00-\u9fff]{{1,3}}(?=[,，。\s]|$)"),
        trigger=r"家|住",
    ),
)

_LIVES_NEAR_RULES += tuple(
    rule(
        f"lives_zh_drifter_{tag}",
        EventType.PERSONAL_FACT,
        rf"(?<!以前)(?<!之前)(?<!曾经)(?<!当年)(?<!我[妈爸姐哥弟妹])(?:现在|目前|我|在|^|(?<=[\s,，。!！~…])){short}漂"
        r"(?![过了]|的时候|那|期间)",
        0.8,
        f"'{short}漂'：在{city}打拼，住在{city}。",
        (f"老家河南的 现在{short}漂",),
        object_kind=EntityKind.PLACE,
        relation=RelationKind.LIVES_IN,
        fixed_object=city,
        trigger=rf"{short}漂",
    )
    for short, (city, tag) in _ZH_DRIFTERS.items()
)


# --- an allergy said without "I'm" or by what it does --------------------------------------------
_ALLERGY_MORE_RULES: tuple[Rule, ...] = (
    rule(
        "allergy_en_bare_allergic",
        EventType.PERSONAL_FACT,
        r"(?:^|(?<=[.!?;:]\s)|(?<=\bbtw\s)|(?<=\balso\s)|(?<=\bfyi\s)|(?<=heads\sup\s))"
        r"(?:(?:very|super|really|severely|deathly|kinda|kind\s+of|mildly|slightly|a\s+bit)\s+)?"
        rf"allergic\s+to\s+{_EN_ALLERGEN}\b",
        0.85,
        "An allergy said without 'I'm': 'allergic to pollen so spring is hell', 'kinda allergic "
        "to sesame?'.",
        ("allergic to pollen so spring is hell", "btw allergic to shellfish"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        trigger=r"allergic",
    ),
    rule(
        "allergy_en_does_to_me",
        EventType.PERSONAL_FACT,
        rf"(?:^|(?<=[.!?;:,]\s)|(?<=\bbut\s)|(?<=\band\s))(?:(?:any|even|a\s+bit\s+of|the)\s+)?"
        rf"{_EN_ALLERGEN}\s+(?:(?:always|literally|just|still|really)\s+)?"
        r"(?:(?:puts?|put)\s+me\s+in\s+(?:the\s+)?(?:ER|A&E|hospital)|(?:makes?|made)\s+me\s+"
        r"(?:(?:properly|really|super|so|violently|very)\s+)?(?:sick|ill|sneeze|wheeze|swell\s+up|break\s+out)"
        r"|(?:makes?|made)\s+my\s+(?:throat|lips?|face|skin|mouth|eyes|tongue)\s+(?:(?:all|so|really|super)\s+)?"
        r"(?:itchy|itch|swell|swollen|puffy|tingle|tingly)|and\s+me\s+don'?t\s+mix|"
        r"(?:=|means?)\s+(?:an?\s+)?epi-?pen|(?:'s|is|are)\s+off[\s-]limits\s+for\s+me)",
        0.8,
        "What an allergen does to the user: 'bee stings put me in the ER', 'gluten makes me sick', "
        "'sulfa drugs and me don't mix', 'bee stings = epipen for me'.",
        (
            "bee stings put me in the ER",
            "kiwi makes my mouth itchy",
            "sulfa drugs and me don't mix",
        ),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        trigger=r"ER\b|A&E|hospital|sick|ill\b|sneeze|wheeze|swell|break|itch|swoll|puffy|tingl|mix|epi|limits",
    ),
    rule(
        "allergy_en_hay_fever",
        EventType.PERSONAL_FACT,
        r"(?<!\bher\s)(?<!\bhis\s)(?<!'s\s)(?:^|(?<=[\s,.;:(]))(?:my\s+)?hay\s*fever\b"
        r"(?!\s+(?:is\s+)?(?:gone|over)\b)",
        0.75,
        "Hay fever is a pollen allergy: 'hay fever season is back'.",
        ("hay fever season is back 🤧", "my hayfever is killing me"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        fixed_object="pollen",
        trigger=r"hay\s*fever",
    ),
    rule(
        "allergy_zh_bare_dui",
        EventType.PERSONAL_FACT,
        r"(?:^|(?<=[\s,，。!！~…]))(?:好像|可能|应该|似乎|估计|大概|本人|自己|也)?(?:是)?对"
        rf"{_ZH_ALLERGEN}(?:有点|有些|严重|特别|很|也|都)?过敏",
        0.85,
        "不带'我'的过敏：'好像对猫毛有点过敏'、'对花生过敏'。",
        ("好像对猫毛有点过敏", "对海鲜过敏，别推荐"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        trigger=r"过敏",
    ),
    rule(
        "allergy_zh_reaction_then_allergic",
        EventType.PERSONAL_FACT,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:一|只要|每次)?(?:吃|喝|碰|用|闻|接触)?(?:了|到)?(?:点|一点|一下)?"
        rf"{_ZH_ALLERGEN}(?:[^,，。!！?？\s]{{0,6}}?)(?:就|会|都会|就会)?(?:肿|痒|起疹子|长疹子|红|打喷嚏)"
        r"[^。!！?？]{0,6}?[\s,，]*(?:有点|可能|应该|好像)?(?:是)?过敏",
        0.8,
        "反应后说是过敏：'芒果碰一下嘴就肿 过敏体质'、'吃桃子喉咙会痒 有点过敏吧'。",
        ("芒果碰一下嘴就肿 过敏体质没办法", "吃桃子喉咙会痒 有点过敏吧"),
        object_kind=EntityKind.OBJECT,
        relation=RelationKind.ALLERGIC_TO,
        object_required=True,
        trigger=r"过敏",
        whole_text=True,
    ),
)

RULES += (*_LIVES_NEAR_RULES, *_ALLERGY_MORE_RULES)
