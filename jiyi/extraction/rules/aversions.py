"""Dislikes as people say them in chat: the thing first and what it does to them ("JavaScript
annoys me", "grammar drills are mind-numbing", "timed quizzes stress me out"), or the liking
negated with its subject dropped ("not a fan of flashcards tbh", "never liked poetry").

One lexicon (`_EN_AVERSE`) holds what a disliked thing is or does, so each frame reads all of
it. Every frame starts a clause, and reading.py reads whose view and when around each match ("my
sister hates flashcards"), and how sure (a shrug, "kinda dislike proofs?", is held weakly).
"""

from __future__ import annotations

from jiyi.domain import EntityKind, EventType
from jiyi.extraction.rules.model import Rule, rule

#: Where a clause can begin: the message, a mark, a chat connective.
_EN_CLAUSE_START = (
    r"(?:^|(?<=[,;:.!?~)])\s*|(?<=\s[-–—])\s*|\b(?:and|but|also|plus|tbh|ngl|honestly|lol|ugh|"
    r"so|srsly|ok|okay|sorry)\s+)"
)
#: A word of a thing's name: no pronoun, verb of being or chat filler ("idk they feel like …").
_EN_PLAIN_WORD = (
    r"(?!(?:i|you|u|he|she|it|we|they|them|is|are|was|were|idk|tbh|ngl|lol|ok|okay|yeah|ugh|"
    r"honestly|also|and|but|so)\b)[\w'+#-]+"
)
#: A thing's short name said first: no pronoun, person or clause ("this", "my teacher", "he").
_EN_THING_FIRST = (
    r"(?!(?:this|that|it|today|class|the\s+class|the\s+lesson|my|his|her|their|our|your|he|she|"
    r"they|you|u|we|i|everyone|everything|nothing|someone|life|work|people)\b)"
    # "reading long pdfs is torture": the thing is the pdfs, not reading them
    r"(?:(?:reading|doing|watching|sitting\s+through)\s+(?=[\w'+#-]+\s+[\w'+#-]))?"
    rf"(?P<object>(?:{_EN_PLAIN_WORD}\s+){{0,3}}?{_EN_PLAIN_WORD})"
    # where or when it happens is no part of the thing: "memorising dates in history"
    + r"(?:\s+(?:in|at|on|during|for)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+)?"
)
#: A thing's short name said after the frame, up to where chat goes on.
_EN_THING_AFTER = (
    r"(?!(?:it|this|that|you|him|her|them|how|what|why|when|where|people|anyone|anything)\b)"
    r"(?P<object>[\w'+#-]+(?:\s+[\w'+#-]+){0,3}?)(?=\s*(?:$|[^\w\s'+#-]|(?:tbh|ngl|lol|honestly|"
    r"either|anymore|though|tho|at\s+all|still|really|much|and\s+(?:never|still|i|it|just)|but|so|"
    r"because|bc|cuz|they|it|sorry|pl(?:ea)?s|please)\b))"
)
#: Things of a session, not ways of learning: "the link doesn't work for me" is a broken link.
_EN_ARTEFACT = (
    r"(?:code|script|program|app|link|button|page|site|website|command|formula|answer|solution|"
    r"function|query|install|download|login|password|audio|mic|camera|wifi|internet|file|pdf)s?"
)
#: A shrug before a dislike's verb: the claim reader weighs it (`reading.read_confidence`).
_EN_SHRUG = r"(?:kinda|kind\s+of|sort\s+of|sorta|a\s+bit|a\s+little|slightly|somewhat|maybe)"
#: What a disliked thing is, or does to the user.
_EN_AVERSE = (
    r"(?:(?:really|just|honestly|literally|totally|always|so|kinda|genuinely)\s+)*(?:"
    r"annoys?\s+me|irritates?\s+me|drives?\s+me\s+(?:crazy|nuts|mad|insane|up\s+the\s+wall)|"
    r"gets?\s+on\s+my\s+nerves|stress(?:es)?\s+me\s+out|puts?\s+me\s+off|"
    r"makes?\s+me\s+want\s+to\s+(?:cry|scream|die|quit)|"
    # it bores them to switching off: "word problems make my brain shut off"
    r"makes?\s+(?:my\s+brain|me)\s+(?:shut\s+(?:off|down)|switch\s+off|turn\s+off|zone\s+out)|"
    r"makes?\s+me\s+(?:(?:so|super|really|very|kinda|feel)\s+)*(?:uncomfortable|anxious|cringe|"
    r"panic)|"
    r"(?:is|are|r|feels?(?:\s+like)?)\s+(?:(?:so+|really|super|such|just|literally|honestly|kinda|"
    r"pretty|totally|absolutely)\s+)*(?:mind-?numbing|pointless|soul-?(?:destroying|crushing)|"
    r"(?:a\s+)?torture|a\s+waste\s+of\s+time|busywork|(?:the\s+)?worst|awful|horrible|painful|"
    r"the\s+bane\s+of\s+my\s+(?:existence|life)|my\s+(?:personal\s+)?(?:hell|pet\s+peeve)|"
    r"my\s+personal\s+nightmare|"
    r"not\s+for\s+me|not\s+my\s+(?:thing|cup\s+of\s+tea)|so+\s+awkward|cringe))"
)
#: Not asked: "are timed quizzes the worst?" asks.
_EN_NOT_ASKED = r"(?![^,.;!?]*\?)"

RULES: tuple[Rule, ...] = (
    rule(
        "dislike_en_said_of_thing",
        EventType.DISLIKE,
        rf"{_EN_CLAUSE_START}{_EN_THING_FIRST}\s+{_EN_AVERSE}\b{_EN_NOT_ASKED}",
        0.75,
        "A thing and what it does to the user: 'JavaScript honestly annoys me', 'grammar drills "
        "are mind-numbing', 'timed quizzes stress me out so much'.",
        (
            "JavaScript honestly annoys me with all its weird quirks",
            "grammar drills are mind-numbing, I'd rather just talk",
            "timed quizzes stress me out so much",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"annoy|irritat|drives?\s+me|nerves|stress|puts?\s+me\s+off|want\s+to|numbing|shut|"
        r"switch|turn\s+off|zone|"
        r"pointless|soul|torture|waste|busywork|worst|awful|horrible|painful|bane|hell|peeve|nightmare|"
        r"not\s+for\s+me|not\s+my|awkward|cringe|uncomfortable|anxious|panic",
    ),
    rule(
        "dislike_en_does_not_work_for_me",
        EventType.DISLIKE,
        rf"{_EN_CLAUSE_START}(?!(?:the\s+|my\s+|your\s+)?{_EN_ARTEFACT}\b){_EN_THING_FIRST}\s+"
        r"(?:(?:just|really|honestly|simply|totally)\s+)*(?:"
        r"(?:don'?t|doesn'?t|do\s+not|does\s+not|never)\s+(?:(?:really|actually|seem\s+to|quite|ever)\s+)*"
        # (what does not "click" or "stick" is hard to learn: an obstacle, `struggles._EN_HARD`)
        r"(?:(?:work|do\s+(?:it|much|anything))\s+(?:for|with)|help(?:\s+for)?)|"
        r"(?:stopped|stop)\s+(?:working|helping)\s+for|"
        r"(?:is|are)\s+(?:(?:kinda|way|just|honestly|really|a\s+bit|much)\s+)*too\s+slow\s+for)"
        r"\s+me\b(?![^,.;!?]*\?)",
        0.75,
        "A way of learning that does not work for the user: 'flashcards just don't work for me', "
        "'the videos are too slow for me now' (with 'now', the old view ends).",
        (
            "flashcards just don't work for me",
            "honestly mnemonics never really work for me",
            "the videos are kinda too slow for me now",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"\bwork|help|\bdo\b|slow",
    ),
    rule(
        "dislike_en_not_a_fan_dropped",
        EventType.DISLIKE,
        rf"{_EN_CLAUSE_START}(?:(?:I'?m|im|i\s+am)\s+)?(?:(?:really|just|honestly|totally|also)\s+)?"
        r"(?:not|never\s+been)\s+(?:(?:really|that|much\s+of|too|super)\s+)?(?:an?\s+)?"
        r"(?:(?:big|huge)\s+)?(?:fan\s+of|big\s+on|keen\s+on|crazy\s+about|a\s+fan\s+of)\s+"
        rf"{_EN_THING_AFTER}",
        0.8,
        "A liking negated, subject dropped or not: 'not a fan of flashcards tbh', 'I'm not big on "
        "role plays' ('not into sports' is indifference, not a dislike).",
        ("not a fan of flashcards tbh", "I'm not big on role plays", "never been a fan of poetry"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"\bnot\b|never",
    ),
    rule(
        "dislike_en_never_liked",
        EventType.DISLIKE,
        rf"{_EN_CLAUSE_START}(?:I\s+)?(?:(?:have|'ve)\s+)?(?:never|always)\s+(?:really\s+)?"
        rf"(?:liked|enjoyed|hated|disliked|loathed)\s+{_EN_THING_AFTER}",
        0.8,
        "A dislike that has always held: 'never liked poetry, still don't', 'always hated "
        "memorising dates'.",
        ("never liked poetry, still don't", "always hated memorising dates"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"never|always",
    ),
    rule(
        "dislike_en_hate_dropped",
        EventType.DISLIKE,
        rf"{_EN_CLAUSE_START}(?:I\s+(?={_EN_SHRUG}))?(?:(?:really|honestly|just|totally|low-?key|"
        rf"{_EN_SHRUG})\s+)*(?:hate|despise|loathe|dislike|don'?t\s+like|can'?t\s+stand|"
        rf"cannot\s+stand)\s+{_EN_THING_AFTER}",
        0.75,
        "A dislike with its subject dropped, or said with a shrug or a rising '?' (held weakly by "
        "the claim reader): 'honestly hate group work', 'kinda dislike geometry proofs? idk'.",
        (
            "honestly hate group work",
            "can't stand mnemonics tbh",
            "kinda dislike geometry proofs? idk",
            "I sort of hate flashcards",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"hate|despise|loathe|stand|dislike|like",
    ),
    rule(
        "dislike_en_dont_give_me",
        EventType.DISLIKE,
        r"(?:\b(?:don'?t|do\s+not|never|pl(?:ea)?s\s+(?:don'?t|no\s+more)|please\s+(?:don'?t|no\s+more))\s+"
        r"(?:(?:ever|just|really)\s+)?(?:give|send|show|throw)\s+me\s+|\b(?:pl(?:ea)?s\s+|please\s+|can\s+"
        r"(?:you|u)\s+)?stop\s+(?:with|giving\s+me|using|doing)\s+|\bI\s+(?:don'?t|do\s+not)\s+(?:really\s+)?"
        r"(?:like|love|enjoy)\s+it\s+when\s+(?:you|u)\s+(?:use|give\s+me|do|send)\s+)"
        r"(?:(?:any|more|the|those|these|so\s+many|all\s+the|such)\s+)*"
        rf"{_EN_THING_AFTER}",
        0.8,
        "A way of being taught asked to be left out: 'don't give me multiple choice pls', 'please "
        "stop with the long intros', 'I don't like it when you use sports analogies'.",
        (
            "don't give me multiple choice pls",
            "please stop with the long intros",
            "I don't like it when you use sports analogies",
        ),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"give|send|show|throw|stop|when\s+(?:you|u)",
    ),
    rule(
        "dislike_zh_dont_give",
        EventType.DISLIKE,
        r"(?:能不能|可不可以|可以|麻烦|请|你)?(?:别|不要)(?:再)?(?:给我)?(?:讲|放|用|出|加|发|搞|来|推(?![荐广送销]))(?![弃心过松])"
        r"(?:(?:那么|这么|太)(?:多|长)(?:的)?)?(?P<object>(?![了吧啊呢我你他它这那]|原理|理论)[\u4e00-\u9fffA-Za-z]{2,6}?)"
        r"(?<![啊呀哦嘛呢])(?=了|吧|啦|$|[,.!?~\s])",
        0.8,
        "叫别这样教：'别讲那么长的开场白'、'回复里能不能别放那么多emoji'。",
        ("别讲那么长的开场白", "回复里能不能别放那么多emoji", "别出选择题了"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"别|不要",
    ),
    rule(
        "dislike_zh_thing_dont_give",
        EventType.DISLIKE,
        r"(?:^|(?<=[\s,.!~;]))(?P<object>(?![我你他她这那])[\u4e00-\u9fffA-Za-z]{2,6}?)(?:就)?(?:别|不要)(?:再)?"
        r"(?:给我)(?:出|发|讲|放|布置|安排)",
        0.8,
        "先说东西再叫别给：'选择题别给我出'。",
        ("选择题别给我出", "作文题不要给我布置了"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"给我",
    ),
    rule(
        "dislike_zh_no_use_to_me",
        EventType.DISLIKE,
        r"(?:^|(?<=[\s,.!~;，。！；]))(?:我?(?:觉得|感觉|发现)|说实话|其实)?(?P<object>(?![我你他她它这那今昨]|说实话|其实|觉得|感觉)[\u4e00-\u9fffA-Za-z]{2,8}?)"
        r"(?:现在|其实|真的|好像|已经)?对我(?:来说)?(?:现在|其实|真的|好像|基本|根本|完全|也|已经)*"
        r"(?:没(?:什么|啥)?(?:用|效果)|不(?:太|怎么)?管用|不起作用|用处不大|太慢了?)(?![^,.!~\s，。！]*[吗?？])",
        0.8,
        "一种学法对自己没用：'单词卡对我没什么用'、'视频课现在对我来说太慢了'。",
        ("单词卡对我没什么用", "视频课现在对我来说太慢了", "死记硬背对我根本不管用"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"对我",
    ),
    rule(
        "dislike_zh_thing_first",
        EventType.DISLIKE,
        r"(?:^|(?<=[\s,.!~;]))(?:[\u4e00-\u9fff]{1,6}?那种)?(?P<object>(?![我你他她这那今昨]|练习|东西|看着|听着|感觉|想想|一看)[\u4e00-\u9fffA-Za-z]{2,6}?)"
        r"(?:那种|这种|这类)?(?:练习|东西)?\s*(?:我|说实话|真的|是真的|实在)*(?:挺|很|真的?|特别|有点|太|超)*"
        r"(?:受够了|反感|头大|能躲就躲|尴尬)(?![^,.!~\s]*[吗?])",
        0.8,
        "先说东西再说受不了：'小组作业真的受够了'、'死记硬背 我挺反感的'。",
        ("小组作业真的受够了", "角色扮演那种练习我很尴尬", "历史年代那种死记硬背 我挺反感的"),
        object_kind=EntityKind.TOPIC,
        object_required=True,
        trigger=r"受够|反感|头大|能躲就躲|尴尬",
    ),
)
