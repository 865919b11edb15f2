"""Interests and hobbies as people mention them in chat, mostly without "I'm interested in".

Chat drops the subject ("obsessed with astronomy rn", "huge F1 fan"), names a hobby by what it
does to one's time ("sourdough has taken over my weekends", "chess is my thing") or by how long
it has lasted ("been playing chess 10 yrs"), and hedges a budding interest ("kinda curious about
blockchain", "machine learning sounds cool"), which is held weakly. Every frame here starts a
clause (`_EN_CLAUSE_START`), so someone else's interest ("my dad is a huge F1 fan") names no
subject for it to take; reading.py still reads whose view, past and venting around each match.
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType, RelationKind
from jiyi.extraction.rules.model import Rule, rule

#: Where a subject-dropped clause can begin: the message, a punctuation mark, a chat connective.
_EN_CLAUSE_START = (
    r"(?:^|(?<=[,;:.!?~)])\s*|(?<=\s[-–—])\s*|\b(?:and|but|also|plus|tbh|ngl|honestly|lol|lowkey|"
    r"so|srsly|fr|rn|ok|okay)\s+)"
)
#: A hobby's name after its frame, up to where chat goes on: a mark, an emoji, "lately", "for me".
_EN_HOBBY = (
    r"(?P<object>[\w'+&-]+(?:\s+[\w'+&-]+){0,3}?)(?=\s*(?:$|[^\w\s'+&-]|(?:for\s+me|lately|rn|now|"
    r"these\s+days|atm|mostly|lol|tbh|ngl|haha\w*|and\s+(?:stuff|all|i|it|that)|but|so|because|bc|cuz|"
    r"since|when|which|too|again|anyway|recently|though|tho|on|at|with|every|in|after|before|twice|"
    r"once|whenever|most|almost|a\s+lot)\b))"
)
#: "I'm", typed however, or left out.
_EN_MAYBE_I_AM = r"(?:(?:I'?m|im|i\s+am)\s+)?"
_EN_DEGREE = (
    r"(?:(?:so+|really|rly|totally|super|kinda|kind\s+of|lowkey|highkey|completely|absolutely|"
    r"pretty|very|seriously|genuinely|honestly|just|still|now|lately|recently)\s+)*"
)
#: A short hobby name said before a frame ("true crime", "F1", "sourdough").
_EN_NAME_BEFORE = (
    r"(?!(?:my|his|her|their|our|your|he|she|they|it|this|that|there|which|who|not|no|a|an|the|"
    r"school|work|uni|class|life|everything|nothing|something|homework)\b)"
    r"(?P<object>[\w'+&-]+(?:\s+(?!(?:is|are|was|has|my)\b)[\w'+&-]+){0,2}?)"
)
#: What no hobby is: where one studies, trouble, the tutor, a clause about how or why.
_EN_NOT_A_HOBBY = (
    r"(?!(?:it|this|that|you|him|her|them|uni|university|college|school|med\s+school|grad\s+school|"
    r"law\s+school|trouble|a\s+fight|an?\s+argument|debt|how|what|why|when|where|whether|if)\b)"
)
#: "got really into": a degree, so "got into MIT" (admitted) is no hobby.
_EN_GOT_DEGREE = (
    r"(?:really|so|super|seriously|properly|totally|heavily|deeply|massively|kinda|kind\s+of|"
    r"pretty|way)\s"
)
#: The states a hobby is in: "into", "obsessed with", "fascinated by", "a big fan of".
_EN_HOOKED = (
    # "out of warehouse life and into cybersecurity" is a move, not a hobby: a bare "into" only
    # starts a sentence
    r"(?:(?<!and\s)(?<!but\s)(?<!\bor\s)(?<!also\s)(?<!plus\s)into|obsessed\s+with|fascinated\s+(?:by|with)|passionate\s+about|hooked\s+on|"
    r"addicted\s+to|crazy\s+about|mad\s+about|nuts\s+about|nerding\s+out\s+(?:on|over|about)|"
    r"(?:an?\s+)?(?:(?:big|huge|massive|giant|die-?hard)\s+)?fan\s+of)"
)
#: A way of learning, not a hobby, when it is "my thing" ("mind maps are my thing").
_EN_NOT_A_STYLE = (
    r"(?!(?:mind\s+maps?|flash\s*cards?|diagrams?|videos?|podcasts?|analogies|visuals?|examples?|"
    r"notes|note-taking|mnemonics?|spaced\s+repetition|practice\s+(?:questions|problems|tests)|"
    r"quizz?e?s?|worked\s+examples|audiobooks?)\s+(?:is|are|'s)\b)"
)
#: What calls someone a devotee of a thing: "F1 fan", "history nerd", "gym junkie".
_EN_DEVOTEE = r"(?:fan|nerd|geek|buff|junkie|fanatic|enthusiast|fiend|addict)(?:\s+here)?"
#: What a thing is to someone whose hobby it is: "my thing", "my whole personality".
_EN_MY_THING = (
    r"my\s+(?:(?:whole|entire|new|latest|main|biggest|big|favou?rite|current|one)\s+)*"
    r"(?:thing|hobby|passion|jam|obsession|personality|life|religion|happy\s+place|"
    r"guilty\s+pleasure|escape|therapy)"
    r"|an?\s+(?:(?:big|huge|new)\s+)?(?:hobby|passion|obsession)\s+of\s+mine"
)
#: Not a question about it: "into chess?" asks, it does not tell.
_EN_NOT_ASKED = r"(?![^,.;!?]*\?)"
#: A span that says a hobby has lasted: "10 yrs", "a couple of years", "since high school".
_EN_LONG_SPAN = (
    r"(?:for\s+)?(?:(?:like|about|almost|over|nearly|around)\s+)?(?:\d+\+?|a\s+few|a\s+couple(?:\s+of)?|"
    r"two|three|four|five|six|seven|eight|nine|ten|many|several)\s*(?:yrs?|years?|months)\b"
    r"|since\s+(?:I\s+was\s+(?:a\s+kid|little|\d+)|(?:middle|high|primary)\s+school|uni|college|"
    r"\d{4}|forever)"
)
#: The time a hobby fills.
_EN_SPARE_TIME = r"weekends?|evenings?|free\s+time|spare\s+time|summers?"
#: Instruments, the things one plays with "the" that are a pastime ("play the cello").
_EN_INSTRUMENTS = (
    r"piano|guitar|bass|violin|viola|cello|double\s+bass|drums|flute|clarinet|oboe|bassoon|"
    r"saxophone|sax|trumpet|trombone|tuba|french\s+horn|harp|ukulele|uke|banjo|mandolin|harmonica|"
    r"accordion|keyboard|keys|organ|recorder|bagpipes"
)
#: What one keeps doing with a hobby, year on year.
_EN_PASTIME_VERBS = (
    r"playing|practi[sc]ing|collecting|restoring|brewing|knitting|crocheting|painting|drawing|"
    r"building|growing|making"
)

#: Ways of saying one would like to tinker with a thing, not master it ("play with rust").
_EN_TINKERING = (
    r"play\s+(?:around\s+)?with|mess\s+(?:around\s+)?with|tinker\s+(?:around\s+)?with|"
    r"fiddle\s+(?:around\s+)?with|dabble\s+in|dig\s+into|read\s+up\s+on|explore"
)
#: Trying a thing out, which is an interest (`interest_en_explore`, `interest_en_take_up`), not
#: an aim: `goals.goal_name` names no goal by these.
EN_EXPLORING = rf"{_EN_TINKERING}|look\s+into|try\s+out"
#: 名字里不会有的字（"我也挺好奇的""这个"不是东西的名字）。
_ZH_THING = (
    # 吉他 is a thing, though 他 alone is no part of one
    r"(?:(?![我你她它这那哪啥什么的了着过吗呢吧啊就都也还很挺不没想是])(?!(?<!吉)他)[\u4e00-\u9fffA-Za-z0-9])"
)
#: 年复一年做的消遣（"下围棋""弹钢琴""练书法"）。
_ZH_PASTIME_VERBS = r"下|弹|练|玩|画|拍|踢|打|唱|跳|写|钓|养|集|收集|拉|吹"
#: An emoji after a name ("咖啡控☕"): where the name ends.
_ZH_EMOJI = r"[\u2600-\u27bf\U0001f000-\U0001faff]"
#: Words that make a wish idle rather than a plan: "someday", "one day", "at some point".
_EN_SOMEDAY = r"(?:someday|some\s+day|one\s+day|eventually|at\s+some\s+point|maybe|later)"

#: What examples can be of that is how they are given, not a subject the user cares for.
_EN_NOT_A_DOMAIN = (
    r"(?!(?:real|real[\s-]life|real[\s-]world|everyday|simple|simpler|easy|easier|more|some|other|"
    r"concrete|worked|practical|actual|specific|visual|better|different|few|couple|good|short|"
    r"longer|shorter|clear|clearer|step|code|coding|practice|full|new|similar|same|your|my|the|an?|"
    r"those|these|this|that|such)\b)"
)
#: 例子的样子，不是用户在意的领域（"简单的例子""生活中的例子"）。
_ZH_NOT_A_DOMAIN = (
    r"(?!简单|具体|生活|实际|现实|日常|更多|多点|几个|一些|别的|其他|新的|类似|同样|这种|那种)"
)

RULES: tuple[Rule, ...] = (
    rule(
        "interest_en_hooked_on",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}(?:(?:I'?m|im|i\s+am|(?:I'?ve\s+|ive\s+|i\s+have\s+)?been(?:\s+getting)?|"
        rf"getting|(?:I'?ve\s+|ive\s+|i\s+have\s+|i\s+)?(?:gotten|got)(?=\s+{_EN_GOT_DEGREE}))\s+)?"
        rf"{_EN_DEGREE}{_EN_HOOKED}\s+{_EN_NOT_A_HOBBY}{_EN_NOT_ASKED}{_EN_HOBBY}",
        0.8,
        "An interest as a state, subject dropped: 'obsessed with astronomy rn', 'into photography, "
        "street stuff mostly', 'been getting into birdwatching lately'.",
        (
            "obsessed with astronomy rn, can we do physics through planets?",
            "into photography, street stuff mostly",
            "been getting into birdwatching lately",
            "honestly kinda hooked on chess puzzles",
            "I've gotten really into medieval history lately",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"into|obsessed|fascinated|passionate|hooked|addicted|crazy|mad\s+about|nuts|nerding|fan",
    ),
    rule(
        "interest_en_explore",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}(?:{_EN_SOMEDAY}\s+)?(?:I\s+|i'?d\s+)?{_EN_DEGREE}(?:(?:would|'d)\s+)?"
        rf"(?:wanna|want\s+to|(?:like|love)\s+to|hope\s+to|might|gonna|going\s+to|plan\s+to)\s+"
        rf"{_EN_DEGREE}(?:{_EN_TINKERING})\s+{_EN_NOT_A_HOBBY}{_EN_NOT_ASKED}{_EN_HOBBY}",
        0.45,
        "Something the user would like to try out, held weakly: 'someday I also wanna play with "
        "rust', 'might dabble in GIS after graduation'.",
        (
            "someday I also wanna play with rust but one thing at a time",
            "might dabble in GIS after graduation",
            "i'd love to mess around with arduino",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"play|mess|tinker|fiddle|dabble|dig\s+into|read\s+up|explore",
    ),
    rule(
        "interest_en_examples_from",
        EventType.PREFERENCE,
        rf"\b(?:(?:use|using|with|give\s+me|do|pls|please)\s+(?=(?:[\w'-]+\s+){{1,2}}(?:examples?|analogies|"
        rf"metaphors)\b)|(?:examples?|analogies)\s+(?:from|about|using|with)\s+){_EN_NOT_A_DOMAIN}"
        rf"(?P<object>[\w'-]+(?:\s+(?!examples?\b|analogies\b|metaphors\b)[\w'-]+)?)(?=\s+(?:examples?|analogies|metaphors)\b|\s*(?:$|[,.;!?])|"
        rf"\s+(?:if|pls|please|maybe|ideally|instead)\b)",
        0.45,
        "Examples asked for from a domain, a hint of an interest, held weakly (the request itself "
        "is `prefers`): 'use football examples if u can'.",
        ("use football examples if u can, man utd ideally", "can you give examples from cooking?"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"examples?|analogies|metaphors",
    ),
    rule(
        "interest_en_devotee",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}{_EN_MAYBE_I_AM}(?:an?\s+)?(?:(?:huge|big|massive|total|die-?hard|absolute|"
        rf"giant|lifelong|proper|complete|major|bit\s+of\s+an?)\s+)*{_EN_NAME_BEFORE}\s+{_EN_DEVOTEE}"
        rf"\b(?!\s+of\b)",
        0.8,
        "A devotee of something: 'huge F1 fan', 'I'm a total history nerd', 'gym junkie here'.",
        (
            "huge F1 fan, could you explain downforce?",
            "I'm a total history nerd",
            "gym junkie here",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"fan|nerd|geek|buff|junkie|fanatic|enthusiast|fiend|addict",
    ),
    rule(
        "interest_en_is_my_thing",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}{_EN_NOT_A_STYLE}{_EN_NAME_BEFORE}\s+(?:is|are|'s|has\s+(?:\w+\s+)?(?:been|become))\s+"
        rf"(?:(?:basically|literally|kinda|kind\s+of|honestly|totally|really|pretty\s+much|like|"
        rf"always|now|become)\s+)*(?:{_EN_MY_THING})\b",
        0.8,
        "A hobby named by what it is to the user: 'ancient Rome is my thing', 'anime is basically "
        "my whole personality', 'knitting is a hobby of mine'.",
        (
            "ancient Rome is my thing",
            "anime is basically my whole personality",
            "knitting is a hobby of mine",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"\bmy\s|of\s+mine",
    ),
    rule(
        "interest_en_fascinates_me",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}{_EN_NAME_BEFORE}\s+(?:(?:really|honestly|just|always|has|have|"
        r"totally|genuinely|still|kinda|kind\s+of|lowkey|endlessly)\s+)*(?:fascinates|intrigues|"
        rf"interests|amazes|fascinated|intrigued|fascinate|intrigue|interest)\s+me\b{_EN_NOT_ASKED}",
        0.8,
        "A subject said to hold the user: 'machine learning fascinates me', 'volcanoes have "
        "always fascinated me'.",
        (
            "machine learning fascinates me, how do chatbots work?",
            "volcanoes have always fascinated me",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"fascinat|intrigu|interest|amazes",
    ),
    rule(
        "interest_en_something_i_find",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}{_EN_NAME_BEFORE}\s+(?:is|are)\s+(?:(?:honestly|really|just|kinda|"
        r"always)\s+)*(?:something|a\s+(?:topic|subject|field|thing|area))\s+(?:that\s+)?i\s+"
        r"(?:(?:always|really|genuinely|honestly|just)\s+)*(?:find|found|think\s+is)\s+"
        r"(?:(?:really|so|super|genuinely|endlessly|very|pretty|kinda|incredibly)\s+)*"
        r"(?:interesting|fascinating|cool|fun)\b"
        rf"{_EN_NOT_ASKED}",
        0.8,
        "A subject the user finds interesting: 'behavioral economics is something I find really "
        "interesting'.",
        (
            "behavioral economics is something I find really interesting",
            "game theory is a topic I think is super cool",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"\bfind|found|think\s+is",
    ),
    rule(
        "interest_en_took_over",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}{_EN_NAME_BEFORE}\s+(?:has\s+)?(?:(?:completely|totally|basically|kinda|"
        rf"literally)\s+)?(?:taken|took)\s+over\s+my\s+(?:{_EN_SPARE_TIME}|life)\b",
        0.75,
        "A hobby named by the time it takes: 'sourdough has completely taken over my weekends'.",
        ("sourdough has completely taken over my weekends lol", "climbing took over my life"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"taken\s+over|took\s+over",
    ),
    rule(
        "interest_en_spare_time_is",
        EventType.PREFERENCE,
        rf"\b(?:(?:my\s+)?(?:{_EN_SPARE_TIME})\s+(?:are|is)\s+(?:all|all\s+about|basically|mostly|"
        rf"just)|I\s+spend\s+(?:all\s+|most\s+)?(?:of\s+)?(?:my\s+)?(?:{_EN_SPARE_TIME})"
        rf"(?!\s+(?:at|in|with|on|doing\s+homework|working|studying)\b))\s+{_EN_NOT_A_HOBBY}{_EN_HOBBY}",
        0.75,
        "A hobby named as what one's spare time is: 'weekends are all woodworking for me', 'I "
        "spend my evenings climbing'.",
        ("weekends are all woodworking for me", "I spend my evenings climbing"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"weekend|evening|free\s+time|spare\s+time|summer",
    ),
    rule(
        "interest_en_for_years",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}(?:(?:I'?ve|ive|i\s+have)\s+)?been\s+(?:{_EN_PASTIME_VERBS})\s+"
        rf"{_EN_NOT_A_HOBBY}(?P<object>[\w'+&-]+(?:\s+(?!by\b)[\w'+&-]+){{0,2}}?)"
        rf"\s+(?:{_EN_LONG_SPAN})",
        0.8,
        "A pastime kept up for years: 'been playing chess 10 yrs', 'I've been collecting vinyl "
        "since high school'.",
        ("been playing chess 10 yrs, 1900 rapid", "I've been collecting vinyl since high school"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"\bbeen\s",
    ),
    rule(
        "interest_en_reads_about",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}(?:(?:I'?ve|ive|i\s+have|i)\s+)?(?:(?:been|love|like|enjoy|keep|always|"
        rf"could\s+spend\s+hours|spend\s+hours)\s+)+(?:reading|watching\s+(?:videos|docs|documentaries)|"
        rf"listening\s+to\s+podcasts)\s+(?:(?:so\s+)?(?:loads|lots|tons|heaps|a\s+(?:lot|ton|bunch))\s+)?"
        rf"(?:about|on)\s+{_EN_NOT_A_HOBBY}{_EN_HOBBY}",
        0.75,
        "An interest one reads up on: 'I've been reading loads about climate policy lately', "
        "'love watching documentaries about space'.",
        (
            "I've been reading loads about climate policy lately",
            "love watching documentaries about space",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"reading|watching|podcasts",
    ),
    rule(
        "interest_en_lessons",
        EventType.PREFERENCE,
        r"\b(?:(?:start|starting|started|begin|beginning|began|taking|take|signed\s+up\s+for|"
        r"booked)\s+)+(?:my\s+|some\s+)?(?:first\s+)?(?!(?:driving|the|my|these|those|our|online)\b)"
        r"(?P<object>[\w'+&-]+(?:\s+[\w'+&-]+)?)\s+(?:lessons|classes)\b",
        0.75,
        "A hobby taken up with lessons: 'SO excited to finally start guitar lessons', 'taking "
        "pottery classes'.",
        ("SO excited to finally start guitar lessons!!!", "taking pottery classes on tuesdays"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"lessons|classes",
    ),
    rule(
        "interest_en_love_dropped",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}(?:(?:really|totally|absolutely|honestly|just)\s+)?(?:love|adore|enjoy)\s+"
        rf"(?!(?:your|ur|the\s+way|how|when|that|these|those|my|his|her|their)\b){_EN_NOT_A_HOBBY}"
        rf"{_EN_NOT_ASKED}{_EN_HOBBY}",
        0.75,
        "A liking with its subject dropped: 'love hiking, hate running', 'really enjoy baking'.",
        ("love hiking, hate running", "really enjoy baking tbh"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
        trigger=r"love|adore|enjoy",
    ),
    rule(
        "interest_en_i_play",
        EventType.PREFERENCE,
        rf"\bI\s+(?:(?:also|still|mostly|mainly|actually|really)\s+)?play\s+(?:(?:a\s+lot\s+of|lots\s+of|"
        rf"some)\s+|the\s+(?=(?:{_EN_INSTRUMENTS})\b))?(?!(?:the|a\s+role|along|around|with|it|them|games\s+with|dumb|safe|by\s+ear)\b)"
        rf"{_EN_NOT_A_HOBBY}{_EN_HOBBY}",
        0.75,
        "A game or an instrument the user plays: 'I play the cello', 'I play basketball on "
        "weekends' ('I play the Sicilian' is a chess opening, not a pastime).",
        ("I play the cello", "I also play basketball on weekends"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"\bplay\s",
    ),
    rule(
        "interest_en_my_hobbies",
        EventType.PREFERENCE,
        r"\b(?:my\s+(?:main\s+|current\s+|big\s+)?(?:hobby|hobbies|passions?|interests)\s+(?:is|are|"
        rf"include|would\s+be)|hobbies\s*:|interests\s*:)\s*{_EN_NOT_A_HOBBY}{_EN_HOBBY}",
        0.8,
        "Hobbies named as such: 'my hobbies are climbing and chess', 'hobbies: baking, sudoku'.",
        ("my hobbies are climbing and chess", "hobbies: baking"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"hobb|passion|interests",
    ),
    rule(
        "interest_en_in_free_time",
        EventType.PREFERENCE,
        rf"\b(?:in|during)\s+my\s+(?:{_EN_SPARE_TIME})\s*,?\s+(?:I\s+)?(?:(?:usually|mostly|like\s+to|"
        rf"love\s+to|love|like|enjoy|tend\s+to)\s+)*(?!(?:I|just|work|study|sleep|rest|chill|relax)\b)"
        rf"{_EN_NOT_A_HOBBY}{_EN_HOBBY}",
        0.75,
        "What fills the user's spare time: 'in my free time I paint', 'in my spare time, I like "
        "to knit'.",
        ("in my free time I paint", "in my spare time, I like to knit"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        split_objects=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"free\s+time|spare\s+time|weekends?|evenings?|summers?",
    ),
    # --- a budding interest, said with a hedge: held weakly ------------------------------------
    rule(
        "interest_en_curious",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}{_EN_MAYBE_I_AM}{_EN_DEGREE}(?:(?:a\s+bit|a\s+little|sort\s+of)\s+)?"
        rf"(?:curious\s+about|intrigued\s+by|tempted\s+by)\s+{_EN_NOT_A_HOBBY}{_EN_NOT_ASKED}{_EN_HOBBY}",
        0.45,
        "A budding interest: 'kinda curious about blockchain but idk where to start'.",
        ("kinda curious about blockchain but idk where to start", "I'm intrigued by astrophysics"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"curious|intrigued|tempted",
    ),
    rule(
        "interest_en_sounds_cool",
        EventType.PREFERENCE,
        rf"{_EN_CLAUSE_START}{_EN_NAME_BEFORE}\s+(?:sounds|seems|looks)\s+(?:(?:so|really|super|kinda|"
        rf"pretty|rly)\s+)?(?:cool|interesting|fun|fascinating|awesome)\b",
        0.45,
        "A budding interest: 'machine learning sounds cool? maybe I'll look into it'.",
        (
            "machine learning sounds cool? maybe I'll look into it",
            "astrophysics seems so fascinating",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"sounds|seems|looks",
    ),
    rule(
        "interest_en_take_up",
        EventType.PREFERENCE,
        rf"\b(?:(?:(?:thinking\s+(?:about|of)|might|may|maybe|wanna|want\s+to|would\s+(?:love|like)\s+to)"
        rf"\s+(?:(?:finally|actually)\s+)?(?:pick(?:ing)?\s+up|tak(?:e|ing)\s+up|get(?:ting)?\s+into|"
        rf"look(?:ing)?\s+into|try(?:ing)?\s+out))|too\s+(?:late|old)\s+to\s+(?:start|learn|pick\s+up|"
        rf"take\s+up))\s+{_EN_NOT_A_HOBBY}"
        rf"(?P<object>(?!(?:again|over|with|on|a\s+new|now|today|tomorrow|soon)\b)"
        rf"[\w'+&-]+(?:\s+[\w'+&-]+)?)(?=\s*(?:$|[,.;!?]|(?:at\s+some\s+point|someday|one\s+day|"
        rf"eventually|later|tbh|lol|at\s+\d+|at\s+my\s+age)\b))",
        0.45,
        "A hobby one might take up: 'thinking of picking up pottery', 'is it too late to start "
        "violin?'.",
        ("thinking of picking up pottery", "at 28 is it too late to start violin?"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"thinking|might|may|maybe|wanna|want|would|too\s+(?:late|old)",
    ),
    # --- 中文：自称的爱好者，说起来就上头的 ---------------------------------------------------
    rule(
        "interest_zh_examples_from",
        EventType.PREFERENCE,
        rf"(?:(?:例子|举例)(?:能|可以|能不能|可不可以)?用|(?:用|拿)(?={_ZH_THING}{{2,6}}?(?:的|来|里的)?"
        rf"(?:例子|举例|打比方))){_ZH_NOT_A_DOMAIN}(?P<object>{_ZH_THING}{{2,6}}?)(?=的|来|里的|例子|举例|打比方)",
        0.45,
        "想要哪个领域的例子，可能对它有兴趣（弱）：'例子能用篮球的吗 我比较有感觉'、"
        "'用做菜来举例'。",
        ("例子能用篮球的吗 我比较有感觉", "能用足球的例子讲吗"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"例子|举例|打比方",
    ),
    rule(
        "interest_zh_devotee",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。，我是]))(?:一个|一名|个)?(?!考)(?P<object>{_ZH_THING}{{2,6}}?)"
        r"(?:爱好者|死忠粉|铁粉|发烧友|(?<![失遥监管掌调操自把])控|(?<![着入痴沉])迷|党(?=一枚))"
        rf"(?=$|[\s,.!?;~。，]|{_ZH_EMOJI}|一枚|一个|本人|在此)",
        0.75,
        "自称的爱好者：'二战史爱好者'、'F1死忠粉'、'咖啡控'、'手工党一枚'。",
        (
            "二战史爱好者 有关的英语材料有推荐吗",
            "F1死忠粉 空气动力学能讲讲吗",
            "咖啡控 手冲研究一年多了",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"爱好者|粉|发烧友|控|迷|党",
    ),
    rule(
        "interest_zh_keen",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。，]))(?:现在|最近|一直|其实|也|还)*(?:对|(?P<verb>追|刷|玩|听))?"
        rf"(?P<object>{_ZH_THING}{{2,8}}?)(?(verb)(?P=verb))?"
        r"(?:一直|也|还|都|挺|很|特别|超|超级|非常|真的|蛮|越来越)*(?<![不没])(?:感兴趣|上头|着迷|入迷)"
        r"(?![^。!?]*[吗?])",
        0.75,
        "说了主语省掉的兴趣：'对AI绘画挺感兴趣的'、'心理学一直挺感兴趣'、'现在对北欧神话超上头'、"
        "'刷短剧刷上头了'（短剧）。",
        (
            "对AI绘画挺感兴趣的 想了解原理",
            "心理学一直挺感兴趣 尤其认知偏差那块",
            "现在对北欧神话超上头",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"感兴趣|上头|着迷|入迷",
    ),
    rule(
        "interest_zh_for_years",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。，我]))(?:已经|都)?(?:{_ZH_PASTIME_VERBS})了(?:快|将近|差不多|有)?"
        rf"(?:十几|二十几|几|[一两二三四五六七八九十\d]{{1,3}})(?:多)?年(?:多)?(?:的)?(?P<object>{_ZH_THING}{{2,6}}?)"
        r"(?=$|[\s,.!?;~。，]|了|啦)",
        0.75,
        "玩了多年的爱好：'下了十几年围棋'、'弹了八年钢琴'（时长说明是长期的爱好）。",
        ("下了十几年围棋 最近在复盘AlphaGo的棋谱", "弹了八年钢琴了"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"年",
    ),
    rule(
        "interest_zh_spare_time",
        EventType.PREFERENCE,
        # time off, said as such: after the day's work, at weekends, in spare time
        r"(?:^|(?<=[\s,.!~;。，我]))(?:(?:白天[^\s,.!~;。，]{1,8}[\s,，]*晚上|下班(?:以?后)?|业余(?:时间)?|"
        r"周末|闲(?:暇|时))(?:没事(?:的时候)?)?|没事(?:的时候)?)(?:就|都|在|会|还|也)*"
        r"(?:研究|玩|鼓捣|捣鼓|折腾|琢磨|自学)"
        rf"(?!一下|下|这|那|点|手机)(?P<object>{_ZH_THING}{{2,6}}?)(?=$|[\s,.!?;~。，]|了|啦|呢)",
        0.75,
        "闲时钻研的爱好：'白天跑外卖 晚上研究摄影'、'周末玩摄影'、'下班没事自学吉他'（兴趣）。",
        ("白天跑外卖 晚上研究摄影 📷", "周末玩无人机", "程序员一枚 下班没事自学吉他 三个月了"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"研究|玩|鼓捣|捣鼓|折腾|琢磨|自学",
    ),
    rule(
        "interest_zh_my_hobby",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。，]))(?:以前|小时候|曾经|之前|原来|现在|最近|其实)?(?:{_ZH_PASTIME_VERBS})?"
        rf"(?P<object>{_ZH_THING}{{2,8}}?)(?:就|真的|绝对|简直|算)?是我(?:的)?(?:最大的?|唯一的?|最爱的?|多年的?|从小的?|一直的?)?"
        r"(?:爱好|兴趣爱好|兴趣|命|最爱|心头好|精神支柱)(?![^。!?]*[吗?])",
        0.8,
        "说成'我的爱好'的东西：'下围棋是我最大的爱好'（围棋）、'推理小说是我的命'。",
        ("下围棋是我最大的爱好", "推理小说是我的命", "摄影算是我的兴趣爱好"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"爱好|兴趣|命|最爱|心头好|精神支柱",
    ),
    rule(
        "interest_zh_follow",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。，]))(?P<object>{_ZH_THING}{{2,8}}?)(?:这块|这方面|这一块|方面)?我?"
        r"(?:一直|也|还|都|挺|很|特别|比较|蛮|超|平时|向来|从来|长期)*(?<![不没])关注(?:的|着)?"
        r"(?=$|[\s,.!~;。，]|了|啦)(?![^。!?]*[吗?])",
        0.75,
        "一直关注的领域：'新能源车这块我一直挺关注的'。",
        ("新能源车这块我一直挺关注的", "AI绘画我平时挺关注"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"关注",
    ),
    rule(
        "interest_zh_hedge_first",
        EventType.PREFERENCE,
        rf"(?:^|我|(?<=[\s,.!~;。，]))(?:现在|最近|其实)*(?:好像|可能|似乎|感觉)(?:也|还|开始)?对(?P<object>{_ZH_THING}{{2,10}}?)"
        r"(?:有点|有些|有一点|有那么点|开始有点?)(?:点)?兴趣(?![^。!?]*[吗?])",
        0.45,
        "一点兴趣，'好像'说在'对'前面（弱）：'好像对考古有点兴趣了'（`interest_zh_some_interest`"
        "读'对…好像有点兴趣'）。",
        ("好像对考古有点兴趣了", "最近好像对心理学有些兴趣"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"兴趣",
    ),
    rule(
        "interest_zh_have_interest",
        EventType.PREFERENCE,
        rf"(?:^|我|(?<=[\s,.!~;。，]))(?:现在|最近|一直|其实|也|还|从小)*对(?P<object>{_ZH_THING}{{2,10}}?)"
        r"(?:一直|也|还|都)*(?:很|挺|特别|超级?|非常|蛮|相当|比较)(?:有)兴趣(?![^。!?]*[吗?])",
        0.75,
        "有兴趣：'对天文很有兴趣'、'我从小对历史特别有兴趣'。",
        ("对天文很有兴趣", "我从小对历史特别有兴趣"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"兴趣",
    ),
    # --- 中文：好奇的、想去见识一下的（弱） ---------------------------------------------------
    rule(
        "interest_zh_curious_why",
        EventType.PREFERENCE,
        rf"(?:^|(?<=[\s,.!~;。，]))(?:问一句|问一下|问下|说起来|话说)?\s*(?P<object>{_ZH_THING}{{2,8}}?)"
        r"(?:为啥|为什么|怎么)[^。!?]{0,24}?(?:我)?(?:一直|早就|也)?(?:很|挺|特别|超)?好奇(?:很久|好久|半天)?",
        0.45,
        "好奇很久的事（弱）：'网球计分为啥那么怪 15 30 40 好奇很久了'（网球计分）。",
        (
            "对了顺便问一句 网球计分为啥那么怪 15 30 40 好奇很久了",
            "黑洞为什么不会爆炸 一直挺好奇的",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"好奇",
    ),
    rule(
        "interest_zh_curious_what",
        EventType.PREFERENCE,
        rf"(?:^|我|(?<=[\s,.!~;。，]))(?:一直|其实|也|还|最近)*(?:有点|有些|挺|很|特别|超)?好奇"
        rf"(?P<object>{_ZH_THING}{{2,8}}?)(?:到底|究竟)?(?:是个?什么|是个?啥|是怎么|怎么|为什么|为啥)",
        0.45,
        "好奇一样东西是什么（弱）：'有点好奇区块链到底是个啥'。",
        ("有点好奇区块链到底是个啥", "一直好奇黑洞是怎么形成的"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"好奇",
    ),
    rule(
        "interest_zh_curious_about",
        EventType.PREFERENCE,
        rf"(?:^|我|(?<=[\s,.!~;。，]))(?:一直|其实|也|还|最近)*对(?P<object>{_ZH_THING}{{2,10}}?)"
        r"(?:一直|也|还|挺|很|特别|超|有点|比较)*好奇(?![^。!?]*[吗?])",
        0.45,
        "好奇的东西（弱）：'我一直对天文挺好奇的'。",
        ("我一直对天文挺好奇的", "最近对量子力学有点好奇"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"好奇",
    ),
    rule(
        "interest_zh_go_see",
        EventType.PREFERENCE,
        rf"(?:^|我|(?<=[\s,.!~;。，]))(?:[\d一二三四五六七八九十]{{1,2}}月|以后|有机会|明年|今年){{0,2}}(?:也|还|一直|真|很|挺)*"
        rf"想去(?P<object>{_ZH_THING}{{2,8}}?)(?:看看|逛逛|玩玩|转转|见识一下|体验一下)(?![^。!?]*[吗?])",
        0.45,
        "想去见识一下的东西（弱）：'9月还想去啤酒节看看'（啤酒节）。",
        ("9月还想去啤酒节看看 啊不是 先读书", "以后有机会想去漫展逛逛"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        relation=RelationKind.INTERESTED_IN,
        trigger=r"想去",
    ),
)
