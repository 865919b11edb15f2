"""How learners say a thing is hard or easy without "I don't understand": "ABGs are my weak
spot", "price elasticity is killing me", "im honestly trash at free body diagrams", "酸碱平衡那章
看了三遍还是懵", "cos x 和 -sin x 秒答". Confusion rules here are obstacles, mastery rules carry a
positive polarity, as in `understanding`.
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.model import POSITIVE, Rule, rule

_EN_TOPIC = r"(?P<object>(?:the\s+)?[\w'+#/-]+(?:\s+[\w'+#/-]+){0,4}?)"

# --- the pieces of the families below -----------------------------------------------------------

#: A word a topic's name can hold: not a pronoun, a clause's verb or the filler a capture runs into.
_EN_WORD = (
    r"(?!(?:i|im|you|u|he|she|it|its|we|they|is|are|was|were|be|been|do|does|did|have|has|had|to|"
    r"if|when|why|how|what|because|bc|cuz|so|and|but|or|like|stuff|things?|at|all|about|my|your|"
    r"me|myself|him|her|them|there|here|this|that|these|those|anymore|either|yet|lol|lmao|tho|"
    r"though|ngl|tbh|rn|still|again|now|every|each|too|very|much|really|even|just|people|kids|"
    r"always|never|totally|honestly|literally|completely|constantly|kinda|"
    r"names|faces|money|time|mornings|everyone|anyone|everything|anything|stress|pressure)\b)"
    r"[\w'+#/-]+"
)
#: A short name: "price elasticity of demand", "ser and estar", "SN1 vs SN2", never a clause.
_EN_NAME = (
    rf"(?:(?:the|these|those)\s+)?{_EN_WORD}"
    rf"(?:\s+(?:(?:of|vs\.?|versus|and|or|&)\s+)?{_EN_WORD}){{0,4}}"
)
#: A name read up to the test it was scored on: "the forces test" is about forces.
_EN_NAME_BEFORE_TEST = (
    rf"(?:(?:the|these|those)\s+)?{_EN_WORD}"
    rf"(?:\s+(?:(?:of|vs\.?|versus|and|or|&)\s+)?{_EN_WORD}){{0,4}}?"
)
_EN_TEST = r"(?:\s+(?:test|quiz|exam|mock|section|part|questions?|drill|worksheet))?"
#: Where a name ends: the sentence's end, a mark or emoji, or the chat filler that trails it.
#: What a learner has as a skill of their own ("my serve", "my Spanish"): languages, school
#: subjects, and the parts of a craft a tutor coaches.
_EN_SKILL = (
    r"(?:spelling|grammar|pronunciation|handwriting|accent|serve|timing|technique|footwork|"
    r"backhand|forehand|swing|putting|posture|rhythm|intonation|listening|speaking|writing|"
    r"reading|vocab(?:ulary)?|mental\s+maths?|sight[\s-]reading|times\s+tables|tones|"
    r"english|spanish|french|german|italian|portuguese|russian|arabic|dutch|polish|greek|turkish|"
    r"mandarin|chinese|cantonese|japanese|korean|vietnamese|thai|hindi|swedish|welsh|irish|"
    r"maths?|algebra|geometry|calculus|physics|chemistry|biology|statistics|stats)"
)
#: A word of a topic said alone ("hazard perception."), not of a reply ("ok sounds good.").
_EN_FRAGMENT_WORD = (
    r"(?!(?:ok|okay|sounds?|good|great|yes|yeah|yep|no|nah|thanks|thank|sure|right|cool|got|it|"
    r"that|this|i|im|i'm|you|lol|haha|hmm|wait|so|and|but|oh|well|fine|nice|perfect)\b)[A-Za-z][\w'-]*"
)
_EN_END = (
    r"(?=\s*(?:$|[,.;:!?)\u2014\u2013\u2600-\u27bf\U0001f000-\U0001faff]|\s(?:and|but|so|tho|though|lol|lmao|"
    r"ngl|tbh|rn|fr|honestly|at\s+all|either|yet|anymore|still|whatsoever|like|such\s+as|ugh|smh|"
    r"haha\w*|omg|xd|again|now|too|already|every\s+(?:single\s+)?time)\b))"
)
#: A topic said first ("sn1 vs sn2 is destroying me"): no preposition, filler or "and" in it, so
#: "in 10 days and sn1 vs sn2" starts at "sn1".
_EN_SUBJECT = (
    r"(?P<object>\b(?:the\s+)?(?!(?:in|on|at|for|with|from|by|into|ok|okay|yeah|also|btw|hey|hi+|"
    r"and|but|so|then|like|well|now|omg|ugh|tbh|ngl)\b)[\w'+#/-]+(?:\s+(?:(?:of|vs\.?|versus)\s+)?"
    r"(?!(?:in|on|at|for|with|from|by|and|but|so|then|is|are|r)\b)[\w'+#/-]+){0,4}?)"
)
#: What may sit between "I" and the verb in chat: "i literally", "i honestly still".
_EN_LEAD = (
    r"(?:(?:literally|honestly|really|just|still|actually|truly|totally|seriously|genuinely|kinda|"
    r"lowkey|fr|so|def|definitely|also|simply|sometimes|ngl|tbh|rly|srsly|now)\s+)*"
)
_EN_NOT_DO = r"(?:don'?t|dont|do\s+not)"
#: What "I don't get …" says that is no concept: "paid", "time", "a chance", "to go".
_EN_GET_NOT_TOPICS = (
    r"(?:paid|time|a\s+chance|the\s+chance|chances?|to|enough|much|many|any|a\s+lot|lots|home|out|"
    r"up|back|off|along|there|bored|tired|sick|mad|angry|upset|lucky|sleep|rest|help|a\s+break|"
    r"breaks|done|results?|a\s+reply|replies|a\s+response|a\s+job|jobs?|money|the\s+joke|jokes?|"
    r"the\s+hype|hype|the\s+appeal|the\s+memo|invited|in|on|into|over|through|away|around|"
    r"a\s+word|the\s+email|emails?|texts?|a\s+text|the\s+message|messages?|why)\b"
)
#: Nobody else's: a person named just before a confusion makes it theirs ("他一做就错").
_ZH_NOT_OTHERS = (
    r"(?<![他她你])(?<!同桌)(?<!同学)(?<!朋友)(?<!室友)"
    r"(?<!孩子)(?<!儿子)(?<!女儿)(?<![妈爸哥姐弟妹])"
)
#: Where a Chinese topic may begin: the clause's start, or just after a connective or filler.
_ZH_AT_CLAUSE = (
    r"(?:(?<![\u4e00-\u9fffA-Za-z0-9])|(?<=但是)|(?<=可是)|(?<=不过)|(?<=而且)|(?<=其实)|(?<=对了)|"
    r"(?<=[但啊哎唉嗯哦呃]))"
)
#: A topic said first: "三羧酸循环", "这个groupby"; never a person or a pointer alone.
_ZH_TOPIC = (
    rf"{_ZH_AT_CLAUSE}(?!(?:这|那)(?:一)?[章块里儿步题部类种样])"
    r"(?!一|傻傻)(?P<object>(?:(?![我你他她咱]|但是|可是|不过|所以|因为|然后|就是|还是|真的)"
    r"[\u4e00-\u9fffA-Za-z0-9+#'-]){2,10}?)"
)
#: "近代史那堆条约", "分组那套逻辑": a vague gathering, named by the session's concept instead.
_ZH_VAGUE = (
    rf"{_ZH_AT_CLAUSE}[\u4e00-\u9fffA-Za-z0-9]{{0,6}}(?:那套|这套|那堆|这堆|那些|这些|那几个|这几个)"
    r"[\u4e00-\u9fffA-Za-z0-9]{0,6}"
)
#: The part a topic is of: "酸碱平衡那章", "能量这块".
_ZH_PART = (
    r"(?:那章|这章|这块儿?|那块儿?|这一块|那一块|这部分|那部分|部分|方面|这方面|这里|那个|这个|那段|这段|"
    r"这一段|那一段)"
)
_ZH_ADV = (
    r"(?:真的|真是|是真的|就是|还是|总是|老是|一直|永远|怎么都|死活|完全|根本|简直|实在|确实|特别|真|"
    r"每次都?|经常|偶尔|有时候?|又|都|也|就|老|总|好像|全|傻傻|老半天|半天)*"
)
#: A confusion said without a topic must say it lasts: "又串了", "我老记不住", not "我记不住这么多".
_ZH_AGAIN = r"(?:还是|总是|老是|一直|永远|怎么都|死活|就是|又|老|总|根本|全|每次都?)"

#: What is said of a hard topic in English, after "is" or as its verb: "is gonna kill me", "kills
#: me", "is literally impossible", "is greek to me". One list, so every frame reads all of them.
_EN_HARD = (
    r"(?:(?:is|are|r|was|were|'s|s)\s+)?(?:(?:still|literally|honestly|kinda|so|just|always|"
    r"definitely|totally|lowkey|actually|really|gonna|going\s+to|about\s+to|gonna\s+be|going\s+"
    r"to\s+be|def)\s+)*(?:kill(?:s|ing)?\s+me|destroy(?:s|ing)?\s+me|wreck(?:s|ing)?\s+me|"
    r"(?:the\s+)?death\s+of\s+me|do(?:es|ing)?\s+my\s+head\s+in|impossible|an?\s+(?:absolute|total|complete|utter|real|actual)?\s*nightmare|"
    r"(?:my\s+)?(?:worst\s+)?nightmare|gibberish|greek\s+to\s+me|over\s+my\s+head|"
    # (what "was a disaster" is a day's event, not a hard topic)
    r"(?<!was\s)(?<!were\s)(?:such\s+)?an?\s+(?:absolute\s+|total\s+|complete\s+|utter\s+|hot\s+)?"
    r"(?:disaster|mess|train\s?wreck)|"
    r"beyond\s+me|an?\s+(?:(?:complete|total|absolute|real|bit\s+of\s+a)\s+)?mystery(?:\s+to\s+me)?|"
    # more ways chat says it is hard: "the bane of my existence", "a total black box to me",
    # "soo confusing for me", "eats me alive", "another story", "dragging it down"
    r"(?:the\s+)?bane\s+of\s+my\s+(?:existence|life)|an?\s+(?:total\s+|complete\s+)?black\s+box"
    r"(?:\s+to\s+me)?|so+\s+confusing(?:\s+(?:for|to)\s+me)?|confusing\s+(?:for|to)\s+me|"
    r"eat(?:s|ing)?\s+me\s+alive|"
    r"(?:a\s+)?(?:whole\s+)?(?:different|another)\s+story|(?:what'?s\s+)?dragging\s+(?:it|me|my\s+\w+)\s+"
    r"down|(?:is|are)n'?t\s+clicking|isnt\s+clicking|the\s+one(?:s)?\s+that\s+(?:scares?|terrif(?:y|ies))"
    r"\s+me|where\s+i\s+start\s+(?:sweating|panicking|to\s+panic|struggling)|"
    r"not\s+clicking|not\s+sticking|where\s+(?:it|things)\s+(?:always\s+|usually\s+)?(?:goes|go|gets?|"
    r"starts?\s+to\s+(?:go|get))\s+(?:fuzzy|hazy|messy|wrong|confusing)|"
    r"(?:do(?:es)?n'?t|dont|never)\s+(?:really\s+|ever\s+)?(?:click|stick)(?:\s+(?:for|with)\s+me)?|"
    r"make?s?\s+my\s+(?:head|brain)\s+(?:spin|hurt|explode|melt)|lose?s?\s+me|"
    r"(?:has|have)\s+(?:always\s+|never\s+not\s+)?been\s+(?:so\s+|really\s+|super\s+)?"
    r"(?:hard|difficult|tough)\s+for\s+me|"
    r"where\s+i\s+(?:always\s+|usually\s+)?(?:hit\s+a\s+wall|get\s+(?:lost|stuck)|lose\s+(?:it|the\s+plot)|"
    r"(?:'m|am)\s+drowning|drown|fall\s+apart|fall\s+down|come\s+unstuck)|"
    r"[—–-]+\s*i\s+(?:always\s+|just\s+|still\s+)?(?:get\s+(?:lost|stuck|confused)|lose\s+it|blank)"
    r"(?:\s+(?:halfway|half\s*way|partway|midway)(?:\s+through)?)?|"
    r"(?:the\s+|my\s+)?(?:thing|part|bit|one|area)\s+(?:that\s+)?i\s+(?:(?:always|still|keep|"
    r"constantly|just)\s+)*(?:trip(?:ping)?|stumbl(?:e|ing)|mess(?:ing)?\s+up|screw(?:ing)?\s+up|"
    r"struggl(?:e|ing)|get(?:ting)?\s+(?:stuck|wrong|confused|lost))(?:\s+(?:up\s+)?(?:on|with|at))?)"
)
#: After a Chinese predicate: the clause ends (not "晕车", "乱码", "忘了带").
_ZH_PRED_END = r"(?=$|[,.;:!?~…\s]|[了啊呀哈啦嘛呢哦]|[^\u4e00-\u9fffA-Za-z0-9])"
#: A score out of a total said to be high ("10/10", "9/10", "18/20", "95%") or low ("3/10").
_HIGH_SCORE = (
    r"(?:10\s*/\s*10|9\s*/\s*10|8\s*/\s*10|5\s*/\s*5|4\s*/\s*5|(?:1[6-9]|20)\s*/\s*20|"
    r"(?:100|9\d|8\d)\s*%)"
)
#: Whose score: the user's, said with "I" or with none ("got 9/10 on…"), not "my sister got".
_EN_MY_SCORE = r"(?:^|(?<=[,.;!?]\s)|\bi(?:'ve|\s+have)?\s+|\bi\s+only\s+|^only\s+)"
_LOW_SCORE = r"(?:[0-5]\s*/\s*10|[0-2]\s*/\s*5|(?:\d|1[0-2])\s*/\s*20|[0-5]?\d\s*%)"

#: Where a subject-dropped clause can begin: the message, a mark, a chat connective.
_EN_CLAUSE_START = (
    r"(?:^|(?<=[,;:.!?~)])\s*|(?<=\s[-–—])\s*|\b(?:and|but|also|plus|tbh|ngl|honestly|lol|"
    r"so|ok|okay)\s+)"
)

#: What is hard without being a topic to teach: the chapter or week one is in, a deadline.
_EN_NOT_A_TOPIC = (
    r"(?!(?:(?:this|that|the|my|our|these|those)\s+)?(?:chapter|unit|module|week|day|class|lesson|"
    r"homework|assignment|course|semester|term|job|shift|exam|test|quiz|deadline|commute|boss)"
    r"s?\b)"
)

#: What a weak spot is called, after "my", "a" or "the".
_EN_WEAK_SPOT = (
    r"(?:biggest\s+|real\s+|total\s+)?(?:weak\s+(?:spot|point)|weakness|weakest\s+(?:section|area|"
    r"topic|part|point)|nemesis|kryptonite|achilles(?:'s)?\s+heel|problem\s+area|worst\s+(?:topic|"
    r"section|subject)|downfall)\b"
)
_EN_WEAK_SPOT_TRIGGER = r"weak|nemesis|kryptonite|achilles|problem\s+area|worst|downfall"

RULES: tuple[Rule, ...] = (
    rule(
        "struggle_en_weak_spot",
        EventType.CONCEPT_CONFUSION,
        rf"{_EN_SUBJECT}\s+(?:is|are|r|=)\s+(?:(?:still|honestly|lowkey|literally|definitely|def|"
        rf"probably|prob|kinda|always)\s+)*(?:my|a|the)\s+{_EN_WEAK_SPOT}",
        0.85,
        "A topic named as a weak spot: 'ABGs are my weak spot', 'amino acids are my nemesis'.",
        ("ABGs are my weak spot honestly", "amino acids are my nemesis"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=_EN_WEAK_SPOT_TRIGGER,
    ),
    rule(
        "struggle_en_weak_spot_no_verb",
        EventType.CONCEPT_CONFUSION,
        rf"(?:^|(?<=[,.;:!?]\s))(?P<object>{_EN_NAME})\s+(?:(?:still|always|honestly|def|lowkey)\s+)*"
        rf"my\s+{_EN_WEAK_SPOT}",
        0.85,
        "The same with the 'is' chat drops, the topic opening its clause: 'hyponatremia still my "
        "nemesis' ('he said my nemesis' is no topic).",
        ("geometry still my nemesis lol", "ok. fractions my weak spot"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=_EN_WEAK_SPOT_TRIGGER,
    ),
    rule(
        "struggle_en_killing_me",
        EventType.CONCEPT_CONFUSION,
        rf"{_EN_NOT_A_TOPIC}{_EN_SUBJECT}\s+(?:is|are|r)\s+(?:still\s+|literally\s+|honestly\s+|kinda\s+|so\s+)*"
        r"(?:killing\s+me|melting\s+my\s+brain|breaking\s+my\s+brain|frying\s+my\s+brain|"
        r"a\s+(?:mess|blur)\s+in\s+my\s+head|(?:so\s+)?hard\s+for\s+me|confusing\s+me|"
        # "X is the worst" judges it, a dislike (`aversions`), not a difficulty
        r"destroying\s+me)\b",
        0.8,
        "'price elasticity of demand is killing me', 'modes are still melting my brain'.",
        ("price elasticity of demand is killing me", "ok modes are still melting my brain"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"killing|melting|breaking|frying|mess\s+in|blur|hard\s+for\s+me|confusing\s+me|destroying",
    ),
    rule(
        "struggle_en_bad_at",
        EventType.CONCEPT_CONFUSION,
        r"\b(?:I'?m|I\s+am|im|I(?:'ve|\s+have)\s+(?:always\s+)?been)\s+(?:honestly\s+|so\s+|really\s+|"
        r"just\s+|still\s+|kinda\s+|pretty\s+|always\s+)*"
        r"(?:trash|bad|terrible|awful|hopeless|useless|rubbish|garbage|the\s+worst|shaky|weak)\s+"
        rf"(?:at|on|with|in)\s+{_EN_TOPIC}(?=\s*(?:$|[,.;:!?)]|\s(?:and|but|so|tho|though|lol|ngl)\b))",
        0.85,
        "'im honestly trash at free body diagrams', 'still kinda shaky on modes'.",
        ("im honestly trash at free body diagrams", "I'm really bad at fractions."),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "struggle_en_my_skill_is_bad",
        EventType.CONCEPT_CONFUSION,
        rf"\bmy\s+(?P<object>{_EN_SKILL})\s+(?:is|are|'s)\s+(?:honestly\s+|so\s+|really\s+|just\s+|"
        r"a\s+(?:bit|little)\s+|still\s+|kinda\s+|pretty\s+|super\s+|absolutely\s+|way\s+too\s+)*"
        r"(?:trash|bad|terrible|awful|"
        r"hopeless|rubbish|garbage|atrocious|dreadful|abysmal|shaky|weak|inconsistent|rusty|"
        r"non-?existent|a\s+(?:mess|disaster|joke))\b",
        0.75,
        "A skill of the user's said to be poor: 'my serve is so inconsistent', 'my Portuguese is "
        "terrible', 'my spelling is awful' (what it is named by the skill lexicon: 'my day is "
        "terrible' says nothing of learning).",
        ("my serve is so inconsistent, double faults every match", "my Portuguese is terrible"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"\bmy\s",
    ),
    rule(
        "struggle_en_my_biggest_worry",
        EventType.CONCEPT_CONFUSION,
        r"\bmy\s+(?:(?:biggest|main|only|real|one)\s+(?:worry|weakness|problem|struggle|issue|fear|"
        r"headache)|(?:biggest\s+)?(?:downfall|kryptonite))\s+"
        rf"(?:is|are|=)\s+(?:(?:always|still|honestly|definitely)\s+)*(?P<object>{_EN_NAME})"
        rf"{_EN_END}",
        0.8,
        "The one worry named: 'My biggest worry is the speaking section', 'my downfall is always "
        "the citations'.",
        ("My biggest worry is the speaking section, I freeze with examiners",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"\bmy\s+(?:biggest|main|only|real|one|downfall|kryptonite)\b",
    ),
    rule(
        "struggle_en_cant_wrap_head",
        EventType.CONCEPT_CONFUSION,
        r"(?:^|(?<=[,.;!?]\s)|\bI\s+)(?:(?:just|still|really|honestly|totally)\s+)*can'?t\s+(?:seem\s+to\s+)?"
        rf"(?:wrap|get)\s+my\s+head\s+around\s+(?P<object>{_EN_NAME}){_EN_END}",
        0.85,
        "'can't wrap my head around recursion, every tutorial loses me'.",
        ("can't wrap my head around recursion, every tutorial loses me",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"head\s+around",
    ),
    rule(
        "struggle_en_not_so_much",
        EventType.CONCEPT_CONFUSION,
        # set against what is fine: "algebra I'm fine with. trig identities, not so much"
        rf"(?:^|(?<=[.;!?]\s)|(?<=,\s))(?P<object>{_EN_NAME}),?\s+(?:not\s+so\s+much|not\s+yet|"
        r"not\s+at\s+all)(?=\s*(?:$|[.!,;)]|lol|haha|tho))",
        0.75,
        "A topic set against one that is fine: 'algebra I'm fine with. trig identities, not so "
        "much', 'Lists and loops make sense, dictionaries not yet'.",
        ("algebra I'm fine with. trig identities, not so much",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"not\s+(?:so\s+much|yet|at\s+all)",
    ),
    rule(
        "struggle_en_not_friends",
        EventType.CONCEPT_CONFUSION,
        rf"(?:^|(?<=[.;,!?]\s))(?P<object>{_EN_NAME})\s+and\s+(?:I|me)\s+(?:are|r)\s+(?:still\s+)?"
        r"(?:not|never\s+gonna\s+be)\s+(?:friends|on\s+good\s+terms)",
        0.8,
        "'negative numbers and I are not friends'.",
        (
            "negative numbers and I are not friends",
            "Rust borrow checker and I are still not friends",
        ),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"friends|good\s+terms",
    ),
    rule(
        "struggle_en_shaky_on",
        EventType.CONCEPT_CONFUSION,
        r"\b(?:still\s+)?(?:kinda\s+|a\s+bit\s+|pretty\s+|super\s+)?(?:shaky|rusty|lost|stuck|weak)\s+"
        rf"(?:on|with)\s+{_EN_TOPIC}(?=\s*(?:$|[,.;:!?)]|\s(?:and|but|so|tho|though|lol|all|ngl)\b))",
        0.8,
        "'still kinda shaky on the other modes tho'.",
        ("still kinda shaky on lydian tho", "a bit rusty on logarithms"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "struggle_en_always_freeze",
        EventType.CONCEPT_CONFUSION,
        r"\bI\s+(?:(?:(?:always|keep|still|usually|just|totally|tend\s+to)\s+)*(?:freez(?:e|ing)|"
        r"get(?:ting)?\s+stuck|blank(?:ing)?)|(?:always|keep|still|usually)\s+(?:mess(?:ing)?\s+up|"
        rf"screw(?:ing)?\s+up))\s+(?:on|with|at)\s+{_EN_TOPIC}"
        r"(?=\s*(?:$|[,.;:!?)]|\s(?:and|but|so|tho|though|lol|part|bit)\b))",
        0.8,
        "'i always freeze on the compensation part', 'I freeze on word problems' (a habit: a "
        "one-off 'messed up on' is not).",
        (
            "i always freeze on compensation",
            "I keep getting stuck on recursion.",
            "I freeze on word problems",
        ),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "struggle_en_problem_with",
        EventType.CONCEPT_CONFUSION,
        r"\bI\s+(?:def(?:initely)?\s+|still\s+|really\s+)*(?:have|had)\s+(?:a\s+)?(?:real\s+|big\s+)?"
        r"(?:problem|problems|trouble|difficulty|a\s+hard\s+time)\s+(?:w/?|with)\s+(?P<object>that|this|it|"
        r"[\w'+#-]+(?:\s+[\w'+#-]+){0,3}?)(?=\s*(?:$|[,.;:!?)]|\s(?:lol|tho|though|and|but)\b))",
        0.8,
        "'i def still have a problem w that lol' (that: the session's concept).",
        ("ok yeah i def still have a problem w that lol", "I have trouble with integrals"),
        object_kind=EntityKind.CONCEPT,
    ),
    rule(
        "struggle_zh_still_lost",
        EventType.CONCEPT_CONFUSION,
        # never what was done or for how long: "学了大半年还是不会" names no topic
        r"(?!大?半年|[一两三四五六七八九十几多]+个?(?:月|年|周|星期|天)|个(?:月|星期))"
        r"(?P<object>(?:(?!了)[\u4e00-\u9fffA-Za-z]){2,8}?)(?:(?:那章|这章|这块|那块|这部分|这里|部分)"
        r"[^,.;!?。\s]{0,8}?|"
        r"我[^,.;!?。\s]{0,6}?|)(?:还是|总是|老是|一直|经常|真的|完全)(?:老|总)?(?:懵|晕|记不住|搞不懂|弄不懂|"
        r"错|翻车|写不好|算错|不会|不太会|不大会|不怎么会|不太get|没懂|搞混)",
        0.8,
        "'酸碱平衡那章看了三遍还是懵'、'能量计算这块我真的老翻车'。",
        ("酸碱平衡那章看了三遍还是懵", "能量计算这块我真的老翻车"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"还是|总是|老是|一直|经常|真的|完全",
    ),
    rule(
        "struggle_zh_weak",
        EventType.CONCEPT_CONFUSION,
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:是|就是|一直是)(?:我的)?(?:弱项|短板|死穴|硬伤|噩梦|老大难|"
        r"我最(?:头疼|怕|差|弱|烂|不行)的(?:科目|一科|一门|科|部分|地方)?)",
        0.85,
        "'几何是我的弱项'。",
        ("几何是我的弱项", "文言文一直是我的短板", "物理是我最头疼的科目"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
    ),
    rule(
        "struggle_zh_too_hard_for_me",
        EventType.CONCEPT_CONFUSION,
        r"(?P<object>[\u4e00-\u9fffA-Za-z]{2,10}?)(?:对我(?:来说|而言)?|我(?:觉得)?)"
        r"(?:真的|实在|还是|一直|始终)?(?:太|好|很|特别|超|挺|有点|有些)?(?:难|头疼|头大|吃力|费劲|没辙)"
        r"(?![^,，。!！~\s]*[吗?？])",
        0.8,
        "'递归对我来说太难了'、'化学方程式配平我真的头疼'。",
        ("递归对我来说太难了", "化学方程式配平我真的很头疼"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"难|头疼|头大|吃力|费劲|没辙",
    ),
    rule(
        "struggle_zh_headache_about",
        EventType.CONCEPT_CONFUSION,
        r"(?:^|(?<=[\s,，。!！~…])|我)(?:一直|还是|真的|最)*对(?P<object>[\u4e00-\u9fffA-Za-z]{2,10}?)"
        r"(?:还是|一直|真的|很|特别|有点|有些|超|挺)*(?:头疼|头大|没辙|发怵|犯怵|不熟|没感觉)"
        r"(?![^,，。!！~\s]*[吗?？])",
        0.8,
        "'我对化学方程式配平还是很头疼'。",
        ("我对化学方程式配平还是很头疼",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"对",
    ),
    rule(
        "struggle_zh_poor_at",
        EventType.CONCEPT_CONFUSION,
        r"(?:^|(?<=[\s,，。!！~…])|我的?)(?P<object>(?:(?!天气|心情|状态|身体|睡眠|记性|记忆|网|信号|态度|成绩|"
        r"基础|体力|胃口|脾气|运气|手机|电脑|今天|昨天|最近|这|那|我|他|她|你)[\u4e00-\u9fffA-Za-z]){2,8}?)"
        r"(?:一直|真的|特别|比较|很|太|超|"
        r"非常|有点|挺|巨|贼)+(?:差|烂|弱|菜|拉胯|不行)(?:了|啊|呀)?(?=$|[\s,，。!！~…])",
        0.8,
        "某科不好：'物理比较差'、'我的英语口语很烂'（'天气很差'、'心情很差'不算）。",
        ("我是一名高二学生，数学还行，物理比较差", "我的英语口语很烂"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"差|烂|弱|菜|拉胯|不行",
    ),
    rule(
        "struggle_zh_not_get",
        EventType.CONCEPT_CONFUSION,
        r"(?:这个|那个)?(?P<object>[\u4e00-\u9fffA-Za-z]{2,8}?)(?:我)?(?:真的|还是|完全|有点)?(?:不太|不是很|没)get",
        0.8,
        "'这个复合函数求导我真的不太get'。",
        ("这个复合函数求导我真的不太get",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"get",
    ),
    rule(
        "mastery_en_got_it_down",
        EventType.CONCEPT_MASTERY,
        r"(?:^|[,.;!?\u2600-\u27bf\U0001f000-\U0001faff]\s*|\b(?:ok|so|and|but|tho|btw|also)\s+)"
        r"(?!(?:(?:ok|okay|so|and|but|also|tho|btw)\s+)?(?:(?:my|the|this|that|our)\s+)?(?:day|week|weekend|exam|test|quiz|midterm|final|mock|"
        r"shift|trip|class|lecture|session|meeting|interview|food|life|work|job|thing|everything|all)"
        r"s?\b)(?P<object>(?!(?:it|that|this|ok|okay|so|and|but|also|tho|btw)\b)[\w'+#-]+(?:\s+(?!(?:finally|totally|actually|just|"
        r"really|kinda|part|one|bit)\b)[\w'+#-]+){0,4}?)\s+"
        r"(?:i(?:'ve|ve|\s+have)?\s+(?:got|get)\s+(?:down|covered|nailed|sorted)(?:\s+(?:cold|pat))?|"
        r"i\s+(?:got|get|know|can\s+do)(?:\s+down)?(?:\s+(?:in\s+my\s+sleep|with\s+my\s+eyes\s+closed|"
        r"fine|easily|no\s+problem|at\s+this\s+point|by\s+now))*|"
        r"i'?m\s+(?:(?:totally|pretty|really|super|quite|very)\s+)?(?:fine|good|"
        r"ok|okay|solid|comfortable|confident)\s+(?:with|at)|(?:is|are|was|were)\s+(?:(?:actually|"
        r"pretty|really|so|super|now)\s+)*(?:easy|fine|solid|no\s+problem|a\s+piece\s+of\s+cake|"
        r"a\s+breeze)(?:\s+(?:for\s+me|now|too|actually))*|clicked)(?=\s*(?:$|[,.;:!?)]|\s(?:tho|though|but|lol|its|it's)\b))",
        0.8,
        "A topic said to be easy: 'power rule i got', 'fbds were fine', 'SQL joins I can do in "
        "my sleep', 'knots I've got covered', 'reading kanji I'm pretty good at'.",
        (
            "power rule i got, its this stuff",
            "recursion is easy for me now.",
            "ok so pivot tables I can do in my sleep, macros not so much",
            "knots I've got covered",
            "forks and back rank stuff i'm fine with, it's openings that kill me",
        ),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        split_objects=True,
        trigger=r"\bi\s+(?:got|get|know|can)|\bi(?:'ve|ve|\s+have)\s+got|easy|fine|solid|no\s+problem|"
        r"cake|breeze|clicked|\bi'?m\s+(?:\w+\s+)?\w+\s+(?:with|at)",
    ),
    rule(
        "mastery_en_fine_with_now",
        EventType.CONCEPT_MASTERY,
        r"\bi'?m\s+(?:(?:totally|pretty|really|super|quite|very|much\s+more)\s+)?(?:fine|good|ok|okay|"
        r"solid|comfortable|confident)\s+(?:with|at)\s+(?P<object>(?!(?:it|that|this|them|those)\b)"
        r"[\w'+#-]+(?:\s+[\w'+#-]+){0,3}?)\s+now\b",
        0.8,
        "A topic the user has come to be fine with: 'I'm fine with GROUP BY now but joins…' (not "
        "'I'm fine with that now', nor 'fine with the deadline' with no 'now').",
        ("JOINs. I'm fine with GROUP BY now but joins are where it goes fuzzy",),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"\bnow\b",
    ),
    rule(
        "mastery_zh_know_well",
        EventType.CONCEPT_MASTERY,
        r"(?:我对|(?<=^)对|(?<=[\s,，。!！~…])对)?"
        r"(?![你他她])(?P<object>[\u4e00-\u9fffA-Za-z0-9+-]{2,12}?)(?:我)?(?:已经|早就|都|也|还|倒是|基本上?|完全)*"
        r"(?:背得滚瓜烂熟|秒答|没问题|很熟|挺熟|熟得很|记得(?:贼|很|特别)清楚|早就会了|已经会了|"
        r"(?:现在|终于|总算)会了(?![\u4e00-\u9fff吗])|吃透了|摸透了|"
        # "用得很溜", "玩得很熟了": done with ease
        r"(?:用|玩|写|弹|说|讲|做|练|背|算|画|看|读|听)得(?:很|挺|贼|超|特别|非常|相当)(?:熟练?|溜|顺手?)"
        r"(?:了|啦)?(?![\u4e00-\u9fff吗]))(?![吗么嘛?])",
        0.8,
        "'cos x 和 -sin x 秒答'、'这个熟'、'rebase我已经用得很溜'。",
        (
            "三角函数求导我背得滚瓜烂熟",
            "勾股定理没问题",
            "git rebase我已经用得很顺了",
            "勒夏特列原理我早就吃透了",
        ),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"滚瓜烂熟|秒答|没问题|熟|记得|会了|透了|溜|顺",
    ),
    # --- said in passing, en ------------------------------------------------------------------
    rule(
        "struggle_en_dont_get",
        EventType.CONCEPT_CONFUSION,
        rf"\bi\s+{_EN_LEAD}(?:{_EN_NOT_DO}\s+{_EN_LEAD}get|(?:{_EN_NOT_DO}|can'?t|cant|cannot)\s+"
        rf"{_EN_LEAD}(?:fully\s+|quite\s+|even\s+|exactly\s+|completely\s+)?(?:understand|undrstand|"
        r"understnad|grasp|follow))\s+(?:(?:why|how|what|when|where|which|whether|it|this|that|"
        r"them|these|those|any\s+of\s+(?:it|this|that|them)|the\s+point|the\s+logic|the\s+difference)"
        rf"\b|(?!{_EN_GET_NOT_TOPICS})(?P<object>{_EN_NAME}){_EN_END})",
        0.85,
        "'i literally do not get derivatives', 'i dont get how D dorian differs' (no object).",
        ("i literally do not get derivatives 😭", "i dont get how D dorian is different"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"\bget\b|underst|undrst|grasp|follow",
    ),
    rule(
        "struggle_en_struggle_with",
        EventType.CONCEPT_CONFUSION,
        rf"\bi\s+{_EN_LEAD}(?:(?:always|still|kinda|really)\s+)*(?:(?:struggle|suck|stink)\s+"
        r"(?:so\s+(?:much|hard)\s+|a\s+lot\s+|hard\s+)?(?:with|at)|(?:keep\s+)?blank(?:ing|ed)?\s+on|"
        r"can\s+never\s+(?:remember|"
        r"get|do|figure\s+out)|never\s+(?:remember|get)|(?:always|keep)\s+forget(?:ting)?)\s+"
        rf"(?!{_EN_GET_NOT_TOPICS})(?P<object>{_EN_NAME}){_EN_END}(?![^.!]*\?)",
        0.85,
        "'I struggle with fractions', 'i suck at word problems lol', 'I can never remember the "
        "quadratic formula'.",
        ("I struggle with fractions", "honestly i suck at word problems lol"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"struggle|suck|stink|never|forget|blank",
    ),
    rule(
        "struggle_en_struggling_with",
        EventType.CONCEPT_CONFUSION,
        rf"(?:\b(?:i'?m|im|i\s+am)\s+|{_EN_CLAUSE_START})(?:(?:been|still|really|kinda|honestly|"
        r"so|always|seriously|lowkey)\s+)*struggling\s+(?:so\s+much\s+|a\s+lot\s+|hard\s+|badly\s+)?"
        rf"(?:with|w/)\s+(?!{_EN_GET_NOT_TOPICS}){_EN_NOT_A_TOPIC}(?P<object>{_EN_NAME}){_EN_END}(?![^.!]*\?)",
        0.8,
        "A struggle said as an ongoing state, subject often dropped: 'struggling with dosage "
        "calcs', 'I'm still struggling with the passive voice'.",
        (
            "struggling with dosage calcs, esp the drips",
            "I'm still struggling with the passive voice",
        ),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"struggling",
    ),
    rule(
        "struggle_en_trips_me_up",
        EventType.CONCEPT_CONFUSION,
        rf"(?<![\w'])(?P<object>{_EN_NAME})\s+(?:(?:always|still|really|totally|kinda|just|honestly|"
        r"literally|completely|constantly)\s+)*(?:trips?\s+me\s+up|throws?\s+me\s+off|"
        r"keeps?\s+(?:tripping\s+me\s+up|throwing\s+me\s+off|confusing\s+me)|"
        r"(?:do(?:es)?n'?t|doesnt|dont)\s+(?:really\s+|even\s+)?make\s+(?:any\s+)?sense(?:\s+to\s+me)?|"
        r"(?:part\s+|bit\s+)?is\s+where\s+i\s+(?:always\s+|usually\s+)?(?:(?:get|got)\s+(?:lost|"
        r"stuck|confused)|lose\s+it)|"
        r"gets?\s+me\s+every\s+(?:single\s+)?time|confuses?\s+me|makes?\s+(?:zero|no|little|"
        r"absolutely\s+no)\s+sense(?:\s+to\s+me)?|(?:is|are)\s+(?:so\s+|really\s+|super\s+|"
        r"way\s+too\s+|too\s+|still\s+|a\s+bit\s+|a\s+little\s+|kinda\s+|kind\s+of\s+|pretty\s+|"
        r"quite\s+)?(?:hard|difficult|tricky|confusing)\s+for\s+me)"
        rf"{_EN_END}(?![^.!]*\?)",
        0.8,
        "A topic said first to confuse: 'integration by parts always trips me up', 'recursion "
        "makes zero sense to me', 'vectors confuse me', 'the ETC part is where I get lost', "
        "'the crossing is where I lose it'.",
        (
            "integration by parts always trips me up",
            "recursion makes zero sense to me",
            "The crossing on the left hand is where I lose it, every single time.",
        ),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"trip|throw|gets?\s+me|confus|sense|for\s+me|where\s+i",
    ),
    rule(
        "struggle_en_its_x_that",
        EventType.CONCEPT_CONFUSION,
        rf"\b(?:it'?s|it\s+is|its)\s+{_EN_NOT_A_TOPIC}(?P<object>{_EN_NAME})\s+that\s+(?:(?:really|always|still|"
        r"just)\s+)*(?:kills?\s+me|trips?\s+me\s+up|gets?\s+me|destroys?\s+me|loses?\s+me|"
        r"throws?\s+me(?:\s+off)?|makes?\s+my\s+(?:head|brain)\s+(?:spin|hurt)|i\s+(?:(?:really|"
        r"always|still)\s+)*(?:struggle\s+with|can'?t\s+(?:do|get|stand)|don'?t\s+get|suck\s+at|"
        r"mess\s+up)|eats?\s+me\s+alive)\b",
        0.8,
        "Said as the one that is hard: 'it's openings that kill me', 'its the proofs that I "
        "struggle with'.",
        ("forks i'm fine with, it's openings that kill me", "its the proofs that I struggle with"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"\bthat\b",
    ),
    rule(
        "struggle_en_fragment_then_the_bit",
        EventType.CONCEPT_CONFUSION,
        # a topic said alone, then what it is to the user: "hazard perception. thats the bit im
        # worried abt"
        rf"(?:^|(?<=[.!?]\s))(?P<object>{_EN_FRAGMENT_WORD}(?:\s+{_EN_FRAGMENT_WORD}){{0,3}})[.!]+\s+"
        r"(?:that'?s|thats|this\s+is|"
        r"it'?s|its)\s+(?:the\s+)?(?:bit|part|one|thing|area|topic)\s+(?:that\s+)?(?:i'?m|im|i\s+am)\s+"
        r"(?:most\s+|really\s+|so\s+|kinda\s+)?(?:worried|nervous|scared|stressed|stuck|weakest|worst)"
        r"(?:\s+(?:about|abt|on|at|with))?\b",
        0.75,
        "A topic said alone, then that it is the worry: 'hazard perception. thats the bit im "
        "worried abt'.",
        ("hazard perception. thats the bit im worried abt. i keep clicking too early",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"\b(?:bit|part|one|thing|area|topic)\s",
        whole_text=True,
    ),
    rule(
        "struggle_en_not_my_strong_suit",
        EventType.CONCEPT_CONFUSION,
        rf"{_EN_SUBJECT}\s+(?:has\s+never\s+been|(?:is|was)\s+never|(?:is|was)n'?t|is\s+not|was\s+not)\s+"
        r"(?:really\s+|exactly\s+|ever\s+)?my\s+(?:strong\s+(?:suit|point|area|side)|forte|"
        r"strength|best\s+subject)\b",
        0.8,
        "'geometry has never been my strong suit', 'maths isn't my strong point'.",
        ("geometry has never been my strong suit", "maths isn't my strong point"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"strong|forte|strength|best\s+subject",
    ),
    rule(
        "struggle_en_mix_them_up",
        EventType.CONCEPT_CONFUSION,
        rf"\bi\s+{_EN_LEAD}(?:(?:keep|always|constantly|often|usually)\s+)*(?:(?:mix(?:ing)?|"
        r"muddl(?:e|ing)|confus(?:e|ing)|swap(?:ping)?|flip(?:ping)?)\s+(?:them|em|'em|those|these|"
        r"the\s+two|both)(?:\s+(?:two|both|ones))?(?:\s+(?:up|around|round))?|(?:get(?:ting)?|have)\s+"
        r"(?:them|em|'em|those|these|the\s+two)(?:\s+(?:two|both))?\s+(?:mixed\s+up|muddled(?:\s+up)?|"
        r"confused|backwards|the\s+wrong\s+way\s+round)|mixed\s+(?:them|em|'em|those|these)"
        rf"(?:\s+(?:two|both))?\s+up\s+again){_EN_END}",
        0.85,
        "Two things said before, confused: 'i always mix those two up' (the session's concept).",
        ("pcwp 2-6? or backwards. i always mix those two up ugh", "i keep confusing them"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"mix|muddl|confus|swap|flip|backwards|wrong\s+way",
    ),
    rule(
        "struggle_en_keep_doing_that",
        EventType.CONCEPT_CONFUSION,
        rf"\bi\s+{_EN_LEAD}(?:(?:keep\s+(?:on\s+)?doing|always\s+do(?:ing)?)\s+(?:that|this|it)"
        r"(?:\s+(?:same\s+)?(?:thing|mistake))?|(?:keep|always|constantly)\s+(?:"
        r"(?:making|make)\s+(?:that|this|the\s+same)\s+(?:same\s+|exact\s+|dumb\s+|stupid\s+)?"
        r"(?:mistake|error|slip)s?|(?:getting|get|messing|screwing)\s+(?:it|that|this|those|these|them|"
        r"em)(?:\s+(?:two|part|step|one))?\s+(?:wrong|up|backwards)|(?:forget(?:ting)?|miss(?:ing)?|"
        rf"skip(?:ping)?|drop(?:ping)?)\s+(?:that|this|it)(?:\s+(?:step|part|bit|one|term))?)){_EN_END}",
        0.8,
        "The same slip again: 'i keep doing that', 'I keep making the same mistake' (no object).",
        ("bruh. components for BOTH. i keep doing that", "ugh I always make that mistake"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"keep|always|constantly",
    ),
    rule(
        "struggle_en_slipped_again",
        EventType.CONCEPT_CONFUSION,
        rf"\bi\s+{_EN_LEAD}(?:(?:mixed|muddled)\s+up|confused|flipped)"
        rf"\s+(?P<object>{_EN_NAME_BEFORE_TEST})\s+(?:all\s+over\s+)?again\b(?![^.!]*\?)",
        0.8,
        "A slip said to recur, named: 'I mixed up debits and credits AGAIN', 'I flipped the "
        "signs again' (once, without 'again', it is no obstacle; a thing forgotten is no topic).",
        ("I mixed up debits and credits AGAIN on the payment", "i flipped the signs again"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"\bagain\b",
    ),
    rule(
        "struggle_en_think_every_time",
        EventType.CONCEPT_CONFUSION,
        r"(?:^|\bi\s+|[,.;!?]\s*|\b(?:but|and|ok|okay|so|tbh|honestly|ngl|lol|yeah|ugh|just)\s+)"
        rf"(?![^.!]*\?){_EN_LEAD}(?:always\s+)?(?:(?:have|need|got)\s+to|gotta)\s+(?:stop\s+and\s+|"
        r"sit\s+and\s+)?(?:think|check|look\s+(?:it|them)\s+up|google(?:\s+it)?|count(?:\s+on\s+my\s+"
        r"fingers)?|second[\s-]guess(?:\s+myself)?|re-?read(?:\s+it)?|work\s+it\s+out|figure\s+it\s+"
        r"out)(?:\s+(?:about\s+it|it\s+through|twice|hard|again))?\s+(?:every|each)\s+(?:single\s+)?"
        rf"time(?:\s+(?:with|on|for|about|between)\s+(?P<object>{_EN_NAME}){_EN_END})?",
        0.8,
        "Not yet automatic: 'still have to stop and think every single time with ser and estar'.",
        ("Still have to stop and think every single time with ser and estar though.",),
        object_kind=EntityKind.CONCEPT,
        trigger=r"(?:every|each)\s+(?:single\s+)?time",
    ),
    rule(
        "struggle_en_think_about_every_time",
        EventType.CONCEPT_CONFUSION,
        r"(?:^|\bi\s+|[,.;!?]\s*|\b(?:but|and|ok|okay|so|tbh|honestly|ngl|lol|yeah|ugh|just)\s+)"
        rf"(?![^.!]*\?){_EN_LEAD}(?:always\s+)?(?:(?:have|need|got)\s+to|gotta)\s+(?:stop\s+and\s+)?"
        rf"(?:think|look\s+up|google|check)\s+(?:about\s+|through\s+)?(?P<object>{_EN_NAME})\s+"
        r"(?:every|each)\s+(?:single\s+)?time\b",
        0.8,
        "'I have to think about ser vs estar every time', 'gotta look up the formula each time'.",
        ("I have to think about ser vs estar every time",),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"(?:every|each)\s+(?:single\s+)?time",
    ),
    rule(
        "struggle_en_not_confident",
        EventType.CONCEPT_CONFUSION,
        rf"(?:\b(?:i'?m|im|i\s+am)\s+{_EN_LEAD}not|\bi\s+{_EN_LEAD}{_EN_NOT_DO}\s+feel)\s+(?:very\s+|"
        r"that\s+|so\s+|super\s+|too\s+|really\s+|fully\s+|totally\s+|quite\s+|100%\s+)?(?:confident|"
        rf"solid|good|great)\s+(?:with|on|at|in)\s+(?P<object>{_EN_NAME}){_EN_END}",
        0.8,
        "'im not confident with logs yet', 'I don't feel solid on SN1 vs SN2'.",
        ("im not confident with logs yet", "I'm not very good at fractions."),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"\bnot\b|n't|dont",
    ),
    rule(
        "mastery_en_good_at",
        EventType.CONCEPT_MASTERY,
        rf"(?:\b(?:i'?m|im|i\s+am)\s+{_EN_LEAD}|(?:^|(?<=[,;.!?])\s*)(?=(?:pretty|really|super|quite|"
        r"fairly|very|totally)?\s*solid\b))(?:(?:pretty|really|super|quite|fairly|very|totally|"
        r"actually|way|so)\s+)*(?:good|great|solid|comfortable|confident|decent)\s+(?:with|w/|on|at)\s+"
        rf"(?P<object>{_EN_NAME}){_EN_END}",
        0.75,
        "'im pretty good at the power rule now', 'I'm comfortable with recursion'.",
        ("im pretty good at the power rule now", "I'm comfortable with recursion."),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"good|great|solid|comfortable|confident|decent",
    ),
    rule(
        "mastery_en_easy_for_me",
        EventType.CONCEPT_MASTERY,
        r"(?<![\w'])(?:this|that|it|these|those)(?:\s+(?:one|part|bit|stuff|kind|type)(?:\s+of\s+"
        r"(?:problem|question)s?)?)?\s*(?:is|was|'s|s|are|were|feels?|felt|seems?)\s+(?:(?:actually|"
        r"pretty|super|so+|really|kinda|way|honestly|literally|now)\s+)*(?:easy|ez|simple|a\s+breeze|"
        r"a\s+piece\s+of\s+cake|light\s+work|second\s+nature|a\s+walk\s+in\s+the\s+park)(?:\s+(?:for\s+"
        rf"me|now|tho|though|lol|ngl|fr|honestly))*{_EN_END}(?![^.!]*\?)",
        0.7,
        "'this is easy for me', 'ok that was ez' (the session's concept).",
        ("this is easy for me", "ok that one was actually a breeze lol"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"easy|\bez\b|simple|breeze|cake|light\s+work|second\s+nature|walk\s+in",
    ),
    rule(
        "mastery_en_use_every_time",
        EventType.CONCEPT_MASTERY,
        r"\bi\s+(?:(?:now|basically|literally|just|even|already|honestly|pretty\s+much)\s+)*"
        rf"(?:use|used|check|apply|applied)\s+(?P<object>(?:the\s+)?{_EN_WORD}"
        rf"(?:\s+{_EN_WORD}){{0,3}})(?:\s+(?:now|too|again))?\s+(?:for|on|in|with|at)\s+(?:every|"
        r"each|all\s+(?:my|the))\s+(?:single\s+)?(?:tunes?|songs?|pieces?|problems?|questions?|"
        r"exercises?|equations?|sums?|calculations?|proofs?|essays?|sentences?|homeworks?|"
        r"assignments?|worksheets?|quiz(?:zes)?|chords?|scales?|solos?|projects?|scripts?|labs?|"
        r"translations?|patients?|cases?)\b",
        0.75,
        "A tool in daily use: 'I use the unit circle on every problem' ('it': said in the turn).",
        ("I use the unit circle on every problem now", "i check the wheel for every tune"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"every|each|all\s+(?:my|the)",
    ),
    # --- said in passing, zh ------------------------------------------------------------------
    rule(
        "struggle_zh_cant_remember",
        EventType.CONCEPT_CONFUSION,
        rf"{_ZH_NOT_OTHERS}(?:(?:{_ZH_VAGUE}|{_ZH_TOPIC}){_ZH_PART}?(?:我[^,.;!?。\s]{{0,10}}?|"
        rf"(?:背|看|记|学|练|读|听|写)了[^,.;!?。\s]{{0,8}}?|(?={_ZH_AGAIN}))|(?={_ZH_AGAIN})){_ZH_ADV}"
        r"(?:记不住|背不下来|背不住|记不牢|记不下来|记混|背混|背串|记串|串了|混了|混在一起|搅在一起)"
        r"(?!这么多|那么多|太多)",
        0.8,
        "'三羧酸循环我背了800遍还是记不住'、'又串了'（没说对象：本次会话的概念）。",
        ("三羧酸循环我背了800遍了还是记不住", "淦 又串了"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"记不|背不|记混|背混|背串|记串|串了|混了|混在一起|搅在一起",
    ),
    rule(
        "struggle_zh_wrong_at_once",
        EventType.CONCEPT_CONFUSION,
        rf"{_ZH_NOT_OTHERS}(?:(?:{_ZH_VAGUE}|{_ZH_TOPIC}){_ZH_PART}?我?|我)?{_ZH_ADV}"
        r"一(?:用|算|做|写|考|看|听|读|上手|动笔|下笔|开口)就(?:错|乱|懵|晕|蒙|卡住?|忘|"
        r"翻车|出错|写错|算错|搞混|混)",
        0.8,
        "'这个groupby我真的一用就错'、'能量这块我一算就错'、'音标我一看就晕'。",
        ("啊 这个groupby我真的一用就错", "我一算就错", "音标我一看就晕"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"一[用算做写考看听读碰上动下开到][^就]{0,3}就",
    ),
    rule(
        "struggle_zh_stuck_on",
        EventType.CONCEPT_CONFUSION,
        # a place, a step or a number is where one is stuck, not a topic ("卡在路上", "卡在第三步")
        rf"{_ZH_NOT_OTHERS}(?:^|(?<=[\s,，。!！~…])|我){_ZH_ADV}(?:现在|最近)?{_ZH_ADV}卡在"
        r"(?P<object>(?![这那哪第半一路门家车])(?:(?!上面|了)[\u4e00-\u9fffA-Za-z0-9+#-]){1,10}?)"
        r"(?:上面?|这里|这儿|这一?步|那里)?(?:了|啊|呀)?(?=$|[\s,，。!！~…?？])",
        0.8,
        "'卡在F和弦 按不响'、'最近一直卡在递归上'（'卡在路上'、'卡在第三步'不算）。",
        ("下班没事自学吉他 三个月了 卡在F和弦 按不响", "最近一直卡在递归上"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"卡在",
    ),
    rule(
        "struggle_zh_once_it_comes",
        EventType.CONCEPT_CONFUSION,
        rf"{_ZH_NOT_OTHERS}一(?:到|碰到|遇到|涉及到?|看到|见到|碰上|遇上)(?:(?:考试|考场|大题|难题|做题|"
        r"实战|上台|晚上)|(?:(?![我你他她])[\u4e00-\u9fffA-Za-z0-9+#-]){2,8}?)"
        r"(?:的题|题)?(?:我)?(?:就|都)(?:乱|懵|晕|蒙|卡住?|错|头大|慌|忘|混|糊涂|傻眼)",
        0.8,
        "'一到近代就乱'、'一碰到三层复合就懵'：多是场合或一大片，对象留给本次会话的概念。",
        ("古代史都还行 一到近代就乱", "一碰到三层复合就懵"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"一(?:到|碰|遇|涉及|看到|见到)",
    ),
    rule(
        "struggle_zh_go_round",
        EventType.CONCEPT_CONFUSION,
        rf"{_ZH_NOT_OTHERS}(?:(?:{_ZH_VAGUE}|{_ZH_TOPIC}){_ZH_PART}?(?:在脑子里|在脑袋里|脑子里)?我?|"
        rf"我)?{_ZH_ADV}(?:在?脑子里)?(?:绕不出来|绕不出去|转不过来|转不过弯来?|绕晕了|绕进去了?|"
        r"理不清楚?|捋不清楚?|理不顺|捋不顺|拎不清|(?:有点|有些|好|太|真|很|特别)绕(?![开过路道远口]))",
        0.8,
        "'无差异曲线这块我是真的绕不出来'、'还是有点绕'。",
        ("无差异曲线这块我是真的绕不出来", "还是有点绕。。。"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"绕|转不过|理不|捋不|拎不清",
    ),
    rule(
        "struggle_zh_cant_tell_first",
        EventType.CONCEPT_CONFUSION,
        rf"{_ZH_NOT_OTHERS}(?:{_ZH_TOPIC}|[A-Za-z]+(?:[\s/]+[A-Za-z]+)+)?\s*{_ZH_PART}?我?{_ZH_ADV}"
        r"(?:分不清楚?|分不太清|分不开|区分不了|区分不开|搞不清楚?|弄不清楚?)(?![^。.!]*[?吗])",
        0.8,
        "先说再分不清：'in on at 我真的分不清'、'这俩我老分不清'。",
        ("啊 又是on。。in on at 我真的分不清", "正弦余弦我老分不清"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"分不|区分不|搞不清|弄不清",
    ),
    rule(
        "struggle_zh_this_part",
        EventType.CONCEPT_CONFUSION,
        rf"{_ZH_NOT_OTHERS}(?:这里|这儿|这块|这一块|这步|这一步|这个地方|这种题|这类题|这部分|这章|这一章|"
        rf"这个点|这个知识点)(?:我)?{_ZH_ADV}(?:(?:是|就是)(?:我的?)?(?:死穴|弱项|短板|硬伤|老大难|噩梦|"
        r"软肋)|(?:老|总|经常|又|每次都?|一直|老是|总是)(?:错|出错|翻车|卡住?|懵|晕|漏|搞错|算错|写错|"
        r"记不住|搞混)|(?:最|太|好|很)(?:弱|差|晕|懵|不行)|(?:记不住|分不清|绕不出来|转不过来|搞不懂|弄不懂|懵))"
        r"(?![^。.!]*[?吗])",
        0.8,
        "说'这里'而不说名字：'我就是这里老错'、'这章真的是我死穴'（本次会话的概念）。",
        ("我就是这里老错 每次都是最里面那层", "淦 又是先看HCO3 这章真的是我死穴"),
        object_kind=EntityKind.CONCEPT,
        trigger=r"这",
    ),
    rule(
        "mastery_zh_this_familiar",
        EventType.CONCEPT_MASTERY,
        rf"{_ZH_NOT_OTHERS}(?:这种题|这类题?|这个|这块|这些|这种|这题|这部分|这章)(?:我)?(?:真的|都|也|早就|"
        r"已经|倒是|可)*(?:熟|很熟|挺熟|太熟了|熟得很|熟透了|小意思)(?![悉练吗么不])(?![^。.!]*[?吗])",
        0.75,
        "'这个熟 我们科天天补钾'（本次会话的概念）；'这个熟吗'不算。",
        ("这个熟 我们科天天补钾", "这块我早就熟透了"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"熟|小意思",
    ),
    rule(
        "mastery_zh_eyes_closed",
        EventType.CONCEPT_MASTERY,
        rf"{_ZH_NOT_OTHERS}{_ZH_TOPIC}{_ZH_PART}?(?:我)?(?:真的|都|也|早就|已经|现在)*"
        r"(?:闭(?:着)?眼(?:睛)?(?:都|也)(?:会|能)(?:做|算|写|背|答|画)?(?:对|出来)?|倒背如流)",
        0.8,
        "'滴速计算我闭眼都会'、'静夜思我倒背如流'（'这种…闭眼都会'：说不准指什么，不算）。",
        ("滴速计算我闭眼都会😎", "静夜思我倒背如流"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"闭|倒背",
    ),
    rule(
        "mastery_zh_all_right",
        EventType.CONCEPT_MASTERY,
        rf"{_ZH_NOT_OTHERS}(?:{_ZH_TOPIC}{_ZH_PART}?我|我|{_ZH_AT_CLAUSE})(?:今天|这次|昨天|上次|刚才|"
        r"这周)?的?(?:小测|测验|周测|月考|考试|作业|练习|随堂测|单元测|模拟题|真题|做题|做的题|题)?"
        r"(?:都|也|居然|竟然|基本|基本上|几乎)?"
        r"(?:全对|满分|一道没错|一个没错|一题没错|全做对了|都做对了|全答对了|都答对了|拿了满分)",
        0.8,
        "'弹性那个我今天小测全对'、'这次周测满分'（别人的不算）。",
        ("弹性那个我今天小测全对 奶茶法yyds😂", "这次周测全对!", "折旧那章我做题基本全对"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"全对|满分|没错|做对了|答对了",
    ),
    rule(
        "mastery_zh_test_part_right",
        EventType.CONCEPT_MASTERY,
        rf"{_ZH_NOT_OTHERS}(?:模考|小测|测验|周测|月考|考试|期中考?|期末考?|真题|模拟题)(?:里|中|的)?"
        rf"(?P<object>[\u4e00-\u9fffA-Za-z0-9]{{2,8}}?){_ZH_PART}(?:都|也|居然|竟然|基本|基本上|几乎)?"
        r"(?:全对|满分|一道没错|一个没错|一题没错|全做对了|都做对了|全答对了|都答对了|拿了满分)",
        0.8,
        "考试里那一块全对：'上次模考概率那块几乎满分'（概率）。",
        ("但我觉得我概率还行啊 上次模考概率那块几乎满分",),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"全对|满分|没错|做对了|答对了",
    ),
    # --- said of a topic, lexicon first -------------------------------------------------------
    rule(
        "struggle_en_said_of_topic",
        EventType.CONCEPT_CONFUSION,
        rf"(?<![\w'])(?<!\bmy\s)(?<!\bour\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)(?<!\bevery\s)"
        rf"(?!(?:my|our|his|her|their|ugh|ok|okay|oh|ah|um|uh|yeah|also|btw|hey|omg|lol|so|and|but|well|"
        rf"honestly|tbh|ngl|like)\s){_EN_NOT_A_TOPIC}(?P<object>{_EN_NAME})\s+{_EN_HARD}"
        r"(?:(?=\s+(?:for|with|when|whenever|once|if)\b)|" + _EN_END + r")(?![^.!]*\?)",
        0.8,
        "A topic and what it does to the user: 'subnetting is gonna kill me', 'the subjunctive is "
        "the thing i keep tripping on', 'modal verbs are literally impossible'.",
        (
            "subnetting is gonna kill me lol",
            "subjunctive is the thing i keep tripping on",
            "vectors still make my head spin with forces",
        ),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"kill|destroy|wreck|death|head\s+in|impossible|nightmare|disaster|mess|gibberish|greek|"
        r"bane|black\s+box|confusing|alive|story|dragging|clicking|scare|terrif|"
        r"over\s+my|beyond|mystery|click|stick|spin|hurt|explode|melt|lose|hard|difficult|tough|"
        r"where\s+i|\bi\s+(?:\w+\s+)*(?:trip|stumbl|mess|screw|struggl|get|blank)",
    ),
    rule(
        "struggle_en_what_gets_me",
        EventType.CONCEPT_CONFUSION,
        r"\b(?:the\s+(?:one|thing|part|bit)\s+(?:that\s+|which\s+)?|what\s+(?:really\s+)?)"
        r"(?:gets|trips|throws|kills|confuses|messes|screws)\s+me(?:\s+(?:up|off))?(?:\s+(?:every|"
        rf"each)\s+(?:single\s+)?time|\s+always)?\s+(?:is|are)\s+(?P<object>{_EN_NAME}){_EN_END}",
        0.8,
        "The topic named last: 'the one that gets me every time is the passive voice', 'what "
        "trips me up is word order'.",
        ("the one that gets me every time is the passive voice", "what trips me up is word order"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"\bme\b",
    ),
    rule(
        "struggle_en_low_score_on",
        EventType.CONCEPT_CONFUSION,
        rf"{_EN_MY_SCORE}(?:got|get|scored?)\s+(?:a\s+)?{_LOW_SCORE}\s+(?:on|in|for)\s+(?:the\s+)?"
        rf"(?P<object>{_EN_NAME_BEFORE_TEST}){_EN_TEST}{_EN_END}",
        0.7,
        "A low score on a topic: 'got 3/10 on subnetting', 'scored 40% on the listening part'.",
        ("got 3/10 on subnetting 😐", "scored 40% on listening"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"\d\s*(?:/|%)",
    ),
    rule(
        "struggle_en_topic_low_score",
        EventType.CONCEPT_CONFUSION,
        rf"(?<![\w'])(?P<object>{_EN_NAME})\s+(?:section|part|questions?|quiz)?\s*(?:still\s+|only\s+)?"
        rf"(?:i\s+got\s+|was\s+|:\s*)?{_LOW_SCORE}{_EN_END}",
        0.7,
        "A topic then a low score: 'offside still 6/10', 'listening section: 45%'.",
        ("Handball is fine now. Offside still 5/10", "listening section: 45%"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"\d\s*(?:/|%)",
    ),
    rule(
        "mastery_en_high_score_on",
        EventType.CONCEPT_MASTERY,
        rf"(?:{_EN_MY_SCORE}(?:got|get|scored?)\s+(?:a\s+)?|^|(?<=[,.;!?]\s)){_HIGH_SCORE}\s+(?:on|in|for)\s+"
        rf"(?:the\s+)?(?P<object>{_EN_NAME_BEFORE_TEST}){_EN_TEST}{_EN_END}",
        0.75,
        "A high score on a topic: 'got 10/10 on ports', 'did the quiz, 9/10 on handball!!'.",
        ("Did the quiz you sent, 9/10 on handball!!", "got 100% on the ports quiz"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"\d\s*(?:/|%)",
    ),
    rule(
        "mastery_en_topic_high_score",
        EventType.CONCEPT_MASTERY,
        rf"(?<![\w'])(?P<object>{_EN_NAME})\s+(?:section|part|questions|quiz)\s+(?:i\s+got\s+|was\s+|"
        rf":\s*)?{_HIGH_SCORE}{_EN_END}",
        0.75,
        "A topic's section then a high score: 'ports section i got 10/10'.",
        ("ports section i got 10/10 tho 😎", "the grammar part was 95%"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"\d\s*(?:/|%)",
    ),
    rule(
        "mastery_en_got_it_nailed",
        EventType.CONCEPT_MASTERY,
        rf"(?<![\w'])(?P<object>{_EN_NAME})\s+(?:i(?:'ve|\s+have|ve)?\s+(?:(?:finally|totally|now)\s+)*"
        r"got\s+(?:nailed|down(?:\s+pat)?)|i\s+(?:can|could)\s+do\s+(?:in\s+my\s+sleep|with\s+my\s+"
        rf"eyes\s+closed|blindfolded)){_EN_END}",
        0.8,
        "'Handball Ive got nailed now', 'those i can do in my sleep' (those: the session's).",
        ("Handball Ive got nailed now", "chord changes i can do in my sleep"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        trigger=r"nailed|down|sleep|eyes\s+closed|blindfolded",
    ),
    rule(
        "mastery_en_got_name_down",
        EventType.CONCEPT_MASTERY,
        r"\bi(?:'ve|\s+have|ve)?\s+(?:(?:finally|totally|now)\s+)*got\s+"
        rf"(?P<object>{_EN_NAME})\s+(?:nailed|down(?:\s+pat)?){_EN_END}",
        0.8,
        "'I've got the passive down pat', 'i finally got fractions nailed'.",
        ("I've got the passive down pat", "i finally got fractions nailed lol"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"nailed|down",
    ),
    # --- a language spoken well: fluent, native, a high exam level ----------------------------
    rule(
        "mastery_en_aced_test",
        EventType.CONCEPT_MASTERY,
        r"(?:^|(?<=[,;.!?])\s*|(?<!\bif\s)(?<!\bwhen\s)\bi\s+(?:(?:just|totally|literally|actually)\s+)?)"
        r"(?:(?:just|totally|"
        r"literally)\s+)?(?:aced|smashed|crushed)\s+(?:my|the)\s+"
        r"(?P<object>(?!(?:whole|entire|last|first|final|next)\b)[\w'+#-]+(?:\s+[\w'+#-]+)?)\s+"
        r"(?:midterm|final|exam|test|quiz|mock|paper|oral|assessment)s?\b(?![^.!]*\?)",
        0.8,
        "A test on a topic aced: 'aced my calc midterm, 96%!!', 'I smashed the chem final'.",
        ("aced my calc midterm, 96%!! 🎉", "I smashed the organic chem final"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"aced|smashed|crushed",
    ),
    rule(
        "mastery_en_fluent_in",
        EventType.CONCEPT_MASTERY,
        rf"(?:\b(?:i'?m|im|i\s+am)\s+|{_EN_CLAUSE_START})(?:(?:already|pretty\s+much|basically|"
        r"totally|completely|fully|fairly|pretty|near(?:ly)?|also|now)\s+)*fluent\s+in\s+"
        r"(?!(?:\d+|two|three|four|five|several|many|both|a\s+few)\b)(?P<object>[A-Za-z][\w-]+)\b"
        r"(?![^.!?,;]*\?)",
        0.8,
        "A language the user is fluent in: 'I'm fluent in French already', 'so im fluent in "
        "Portuguese' (not 'my wife is fluent in…').",
        ("I'm fluent in French already so Italian should be easier", "basically fluent in Dutch"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"fluent",
    ),
    rule(
        "mastery_en_native_speaker",
        EventType.CONCEPT_MASTERY,
        rf"(?:\b(?:i'?m|im|i\s+am)\s+|{_EN_CLAUSE_START})(?:an?\s+)?native\s+"
        r"(?P<object>[A-Za-z][\w-]+)\s+speaker\b",
        0.8,
        "A language the user speaks natively: 'native Cantonese speaker', 'I'm a native Polish "
        "speaker' (not 'my wife is a native…').",
        ("native Cantonese speaker, so tones don't scare me", "I'm a native Polish speaker"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"native",
    ),
    rule(
        "mastery_en_mother_tongue",
        EventType.CONCEPT_MASTERY,
        rf"{_EN_CLAUSE_START}(?P<object>[A-Za-z][\w-]+)\s+(?:is|'s)\s+my\s+(?:native\s+language|"
        r"mother\s+tongue|first\s+language)\b",
        0.8,
        "A language named as the user's own: 'Tagalog is my first language'.",
        ("Tagalog is my first language", "ok so Greek is my mother tongue"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"native|mother\s+tongue|first\s+language",
    ),
    rule(
        "mastery_en_high_level",
        EventType.CONCEPT_MASTERY,
        r"\bmy\s+(?!(?:mum|mom|dad|sister|brother|wife|husband|son|daughter|friend|partner|kid|"
        r"boyfriend|girlfriend|teacher|level|score|class|group)\b)(?P<object>[A-Za-z][\w-]+)"
        r"(?:'s|\s+is)\s+(?:(?:at|around|about|like|already|now|solidly|a\s+solid|a)\s+)*"
        r"(?:C1|C2|B2|N1|N2|HSK\s*[56])\b"
        r"(?![^.!]*\?)",
        0.8,
        "A language at a high level, by its grade: 'my German's at C1', 'my Japanese is N1'.",
        ("My German's at C1, did my master's in Munich", "my Spanish is a solid B2 now"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"C1|C2|B2|N1|N2|HSK",
    ),
    rule(
        "mastery_zh_language_level",
        EventType.CONCEPT_MASTERY,
        rf"{_ZH_NOT_OTHERS}(?:^|(?<=[\s,.!~;。，]))(?P<object>(?:(?![我你他她它的了要如假若同朋友学是说和跟在])[\u4e00-\u9fff]){{1,3}}语)(?:我|的)?"
        r"(?:(?:已经|早就|都|也|去年|前年|今年|上个月|早)*(?:就)?(?:考)?(?:过了|拿了|考了)?"
        r"(?:N1|N2|专八|专业八级|C1|C2|HSK[56]级?|八级)(?:(?:已经|早就|去年|前年|今年|早)*就?(?:考)?过了|了)?"
        r"|(?:是|系)我(?:的)?(?:母语|第一语言))"
        r"(?![^。.!]*(?:[?吗]|要是|如果|的话))",
        0.8,
        "一门语言的高水平：'英语我专八'、'日语N1去年就过了'、'粤语是我母语'（'要是日语N1过了'不算）。",
        ("英语我专八，语法部分直接跳过吧", "日语N1已经过了 现在想开坑韩语", "粤语是我的母语"),
        object_kind=EntityKind.CONCEPT,
        polarity=POSITIVE,
        object_required=True,
        trigger=r"N1|N2|专八|专业八级|八级|C1|C2|HSK|母语|第一语言",
    ),
    rule(
        "struggle_zh_biggest_problem",
        EventType.CONCEPT_CONFUSION,
        r"(?:最大的?|主要的?|我的)(?:问题|难点|困难|障碍|短板|弱点|痛点)(?:就|还)?(?:是|在于|在)\s*"
        r"(?P<object>[\u4e00-\u9fffA-Za-z0-9+#'-]{2,10}?)(?=$|[,.;:!?~…\s])",
        0.8,
        "'最大问题是左右手 合在一起就乱'、'我的难点在于受力分析'。",
        ("最大问题是左右手 合在一起就乱", "我的难点在于受力分析"),
        object_kind=EntityKind.CONCEPT,
        object_required=True,
        trigger=r"问题|难点|困难|障碍|短板|弱点|痛点",
    ),
)
