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
    rf"(?P<object>(?:{_EN_PLAIN_WORD}\s+){{0,3}}?{_EN_PLAIN_WORD})"
    # where or when it happens is no part of the thing: "memorising dates in history"
    + r"(?:\s+(?:in|at|on|during|for)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+)?"
)
#: A thing's short name said after the frame, up to where chat goes on.
_EN_THING_AFTER = (
    r"(?!(?:it|this|that|you|him|her|them|how|what|why|when|where|people|anyone|anything)\b)"
    r"(?P<object>[\w'+#-]+(?:\s+[\w'+#-]+){0,3}?)(?=\s*(?:$|[^\w\s'+#-]|(?:tbh|ngl|lol|honestly|"
    r"either|anymore|though|tho|at\s+all|still|really|much|and\s+(?:never|still|i|it)|but|so|"
    r"because|bc|cuz|they|it|sorry)\b))"
)
#: A shrug before a dislike's verb: the claim reader weighs it (`reading.read_confidence`).
_EN_SHRUG = r"(?:kinda|kind\s+of|sort\s+of|sorta|a\s+bit|a\s+little|slightly|somewhat|maybe)"
#: What a disliked thing is, or does to the user.
_EN_AVERSE = (
    r"(?:(?:really|just|honestly|literally|totally|always|so|kinda|genuinely)\s+)*(?:"
    r"annoys?\s+me|irritates?\s+me|drives?\s+me\s+(?:crazy|nuts|mad|insane|up\s+the\s+wall)|"
    r"gets?\s+on\s+my\s+nerves|stress(?:es)?\s+me\s+out|puts?\s+me\s+off|"
    r"makes?\s+me\s+want\s+to\s+(?:cry|scream|die|quit)|"
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
        trigger=r"annoy|irritat|drives?\s+me|nerves|stress|puts?\s+me\s+off|want\s+to|numbing|"
        r"pointless|soul|torture|waste|busywork|worst|awful|horrible|painful|bane|hell|peeve|nightmare|"
        r"not\s+for\s+me|not\s+my|awkward|cringe",
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
)
