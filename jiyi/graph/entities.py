"""Entity ids, aliases and what a reference ("that button") looks like, in Chinese and English.

Ids travel into Cypher and SQL, so they are `[a-z][a-z0-9_]*` and at most 32 characters. No
pinyin is available here, so a Han name gets a short stable hash (`concept_3f2a9c1d`) and keeps
its original text as the node's name; two names meet at one node through aliases.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from jiyi.domain import EntityKind, check_entity_id, stable_id
from jiyi.domain.ids import MAX_ENTITY_ID_LENGTH
from jiyi.text import CHINESE_STOPWORDS, has_han

HASH_CHARS = 8
_LATIN_WORD = re.compile(r"[a-z0-9]+")
_SEPARATORS = re.compile(r"[\s\-_'’.]+")
_EN_LEADING_ARTICLE = re.compile(r"^(?:the|a|an)\s+")
_PUNCT = re.compile(r"[\s\"'“”‘’「」《》()（）.,，。!！?？:：;；]+")

#: Nouns that name a kind, so "that button" / "那个按钮" can be resolved to a recent entity.
KIND_NOUNS: dict[str, EntityKind] = {
    "button": EntityKind.UI_ELEMENT,
    "menu": EntityKind.UI_ELEMENT,
    "icon": EntityKind.UI_ELEMENT,
    "link": EntityKind.UI_ELEMENT,
    "page": EntityKind.UI_ELEMENT,
    "tab": EntityKind.UI_ELEMENT,
    "按钮": EntityKind.UI_ELEMENT,
    "按键": EntityKind.UI_ELEMENT,
    "菜单": EntityKind.UI_ELEMENT,
    "图标": EntityKind.UI_ELEMENT,
    "链接": EntityKind.UI_ELEMENT,
    "页面": EntityKind.UI_ELEMENT,
    "弹窗": EntityKind.UI_ELEMENT,
    "窗口": EntityKind.UI_ELEMENT,
    "对话框": EntityKind.UI_ELEMENT,
    "popup": EntityKind.UI_ELEMENT,
    "window": EntityKind.UI_ELEMENT,
    "dialog": EntityKind.UI_ELEMENT,
    "concept": EntityKind.CONCEPT,
    "formula": EntityKind.CONCEPT,
    "theorem": EntityKind.CONCEPT,
    "rule": EntityKind.CONCEPT,
    "概念": EntityKind.CONCEPT,
    "公式": EntityKind.CONCEPT,
    "定理": EntityKind.CONCEPT,
    "知识点": EntityKind.CONCEPT,
    "topic": EntityKind.TOPIC,
    "话题": EntityKind.TOPIC,
    "主题": EntityKind.TOPIC,
    "place": EntityKind.PLACE,
    "地方": EntityKind.PLACE,
    "person": EntityKind.PERSON,
    "teacher": EntityKind.PERSON,
    "人": EntityKind.PERSON,
    "老师": EntityKind.PERSON,
    "book": EntityKind.OBJECT,
    "书": EntityKind.OBJECT,
}

_ZH_DEMONSTRATIVE = re.compile(
    r"^(?:之前|刚才|上次|前面)?(?:说的|提到的)?(?:那个|这个|那|这|该)?(?P<rest>.+)$"
)
_EN_DEMONSTRATIVE = re.compile(
    r"^(?P<det>that|this|those|these|the same|the)\s+(?P<rest>.+?)(?:\s+(?:again|above))?$"
)
_ZH_REFERENCE_MARK = re.compile(r"^(?:之前|刚才|上次|前面|那个|这个|那|这|该)")


MAX_NAME_WORDS = 6
MAX_NAME_CHARS = 40
MAX_NAME_HAN = 8
_EN_CLAUSE_WORDS = frozenset(
    [
        "i",
        "i'm",
        "im",
        "i've",
        "i'd",
        "me",
        "my",
        "mine",
        "you",
        "your",
        "you're",
        "it",
        "it's",
        "its",
        "is",
        "are",
        "was",
        "were",
        "am",
        "be",
        "been",
        "we",
        "they",
        "he",
        "she",
        "him",
        "her",
        "them",
        "us",
        "this",
        "that",
        "these",
        "those",
        "because",
        "if",
        "when",
        "so",
        "do",
        "does",
        "did",
        "don't",
        "can",
        "can't",
        "could",
        "will",
        "would",
        "should",
        "have",
        "has",
        "had",
        "lol",
        "btw",
        "tho",
        "rn",
        "ngl",
        "fr",
        "pls",
        "omg",
        "idk",
        "tbh",
        "u",
        "ur",
        "gonna",
        "wanna",
        # how often someone does something: said of a clause, never part of a name
        "always",
        "never",
        "constantly",
        "usually",
        "often",
        "sometimes",
    ]
)
_ZH_CLAUSE_MARKS = re.compile(
    # a comparison ("比他快"), not a word that starts with 比 ("比赛规则", "比例", "比喻"); a
    # pronoun, not the 他 of 吉他
    r"^比(?!赛|例|分|喻|特|值)|[我你她它咱]|(?<!吉)他|把|被|就是|如果|因为|所以|但是|然后|时候|觉得|什么|怎么|一下|"
    # a verb with its degree ("讲得太快") or a how-often adverb ("老师一直讲"): said of someone
    r"得(?:太|很|好|不|特别|非常|真|这么|那么|挺|有点|越来越)|得$|一直|总是|老是|经常|常常|从来|每次"
)
#: What follows "it" in the name of a way of doing ("talking it through", "drawing it out").
_EN_PARTICLES = frozenset({"out", "through", "back", "over", "down", "up", "aloud"})
#: Degree words and negation: said of a clause ("teachers talking too fast"), never in a name.
_EN_DEGREE = frozenset({"too", "very", "not", "really", "so", "please", "pls", "plz"})
#: A question word first: a question clause ("why my code crashes"), not a name.
_EN_QUESTION_START = frozenset({"why", "how", "what", "whether", "which", "who", "where", "when"})
#: One word that only stands for something unsaid: a placeholder noun, or a verb cut from its
#: object ("remembering which formula to use" → "remembering").
_EN_NOT_A_THING = frozenset({
    "thing", "things", "stuff", "way", "ways", "part", "parts", "bit", "bits", "one", "ones",
    "question", "questions", "problem", "problems", "topic", "topics", "lesson", "lessons",
    "remembering", "understanding", "knowing", "doing", "getting", "making", "figuring",
    "deciding", "choosing", "using", "finding", "keeping", "staying", "trying", "following",
    "telling", "seeing", "having", "taking", "giving", "putting", "dealing", "handling",
    "applying", "working", "going", "thinking",
    # what a thing has, said without the thing: "the interpretations kill me", "for a level"
    "level", "levels", "detail", "details", "interpretation", "interpretations",
    # a particle or a bare verb, no thing: "wanna get out", "I just want to play"
    "out", "play", "learn", "start", "improve",
})  # fmt: skip
#: Chinese names that are no thing of their own: a single verb, adjective or function character
#: a capture was cut to ("讲", "难"), or a generic head ("方式", "问题") without what it is of.
_ZH_NOT_A_THING = frozenset({
    *"讲说做学看写听读背记算想懂会难快慢多少好坏易用问答教练考跟给让叫对错行能要去来上下题课样种次点些",
    "方式", "方法", "感觉", "时候", "样子", "东西", "地方", "问题", "事情", "情况", "部分", "内容",
    "知识", "题目", "知识点", "这块", "那块", "那么多", "这么多", "那么", "这么",
    # words that grade, join or turn a clause, never name a thing ("完全记不住", "不然记不住")
    "完全", "不然", "要不然", "根本", "一直", "其实", "反正", "总是", "老是", "还是", "就是",
    "而且", "否则", "要不", "真的", "确实", "实在", "简直", "到底", "究竟", "本来", "居然",
    "竟然", "基本", "基本上", "几乎", "稍微", "比较", "特别", "非常", "十分", "总之", "虽然",
    "不过", "然而", "或者",
})  # fmt: skip
_HAN = re.compile(r"[\u4e00-\u9fff]")
_NUMBERS_AND_SPACES = re.compile(r"[\d\s.%+]+")
#: An expression, not a name: "y=2x", "1/2", "-sin x" (a slash between words is in names:
#: "TCP/IP", "async/await").
_FORMULA = re.compile(r"[=^*\\<>]|(?<![A-Za-z])/|/(?![A-Za-z])|(?:^|\s)[-+]\w")
#: Initials written as such: "IT", "RN" (a chat word when lower case: "it", "rn").
_INITIALS = re.compile(r"\b[A-Z]{2,}\b")


_ONE_LETTER_NAMES = frozenset({"c", "r"})


def nameable(name: str) -> bool:
    """Whether `name` can name a thing: a short phrase ("chain rule", "链式法则"), not a clause
    a rule's capture ran into ("trying to pass it", "把雅思考到6"). A belief about something
    that cannot be named is not written (audited), whatever extractor proposed it."""
    key = alias_key(name)
    if name.endswith("…"):  # an extractor cut it short
        return False
    if not key or len(key) > MAX_NAME_CHARS or _FORMULA.search(name) or key.isdigit():
        return False  # a bare number names nothing (an age is a value, not checked here)
    if len(key) == 1 and key.isascii() and key not in _ONE_LETTER_NAMES:
        return False  # "S", "x": a variable or a cut-off word, not a thing (C and R are languages)
    if has_han(key):
        if key in _ZH_NOT_A_THING or key in CHINESE_STOPWORDS:
            return False
        if _NUMBERS_AND_SPACES.sub("", key) in _ZH_NOT_A_THING:
            return False  # "93 错", "上80": a score and what it did, no thing
        return len(_HAN.findall(key)) <= MAX_NAME_HAN and not _ZH_CLAUSE_MARKS.search(key)
    words = key.split()
    if words[0] in _EN_QUESTION_START or key in _EN_NOT_A_THING:
        return False
    # a way of doing, named with its object ("talking it through", "writing it out by hand"),
    # and initials that only look like chat words ("IT support", "RN")
    initials = {w.casefold() for w in _INITIALS.findall(name)}
    clause_words = [
        w
        for w, after in zip(words, [*words[1:], ""], strict=True)
        if not (w in {"it", "them"} and after in _EN_PARTICLES) and w not in initials
    ]
    return (
        len(words) <= MAX_NAME_WORDS
        and _EN_CLAUSE_WORDS.isdisjoint(clause_words)
        and (_EN_DEGREE.isdisjoint(words))
    )


def alias_key(name: str) -> str:
    """The form two spellings of one name share: NFKC, case-folded, no article or punctuation."""
    text = unicodedata.normalize("NFKC", name).casefold().strip()
    text = _EN_LEADING_ARTICLE.sub("", text)
    return _PUNCT.sub(" ", text).strip()


def _latin_slug(text: str) -> str:
    return "_".join(_LATIN_WORD.findall(unicodedata.normalize("NFKC", text).casefold()))


def entity_id_for(name: str, kind: EntityKind, hashed: bool = False) -> str:
    """A readable, deterministic id: an English slug, or kind + latin part + hash for Han text.

    A name that loses characters in the slug ("C++", "C#", Han text) gets a hash suffix so two
    different names cannot collapse onto one id; `hashed` forces the suffix (for a slug that is
    already taken by another name).
    """
    key = alias_key(name)
    if not key:
        raise ValueError("name must not be empty or only punctuation")
    slug = _latin_slug(key)
    lossless = not has_han(key) and _SEPARATORS.sub("_", key).strip("_") == slug
    if lossless and not hashed and slug[:1].isalpha() and len(slug) <= MAX_ENTITY_ID_LENGTH:
        return check_entity_id(slug)
    digest = stable_id(kind.value, key, length=HASH_CHARS)
    head = slug if slug and slug[0].isalpha() else f"{kind.value}_{slug}".rstrip("_")
    head = head[: MAX_ENTITY_ID_LENGTH - HASH_CHARS - 1].rstrip("_")
    return check_entity_id(f"{head}_{digest}")


@dataclass(frozen=True)
class Reference:
    """A phrase like "that button": the kind it points at and the noun phrase that names it."""

    kind: EntityKind
    phrase: str


def parse_reference(text: str) -> Reference | None:
    """Recognise "那个按钮" / "that button" style references; None for an ordinary name.

    "the" counts only before a bare kind noun ("the button"): "the payment button" names a
    specific thing and is left to alias resolution.
    """
    key = _PUNCT.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()
    if not has_han(key):
        en = _EN_DEMONSTRATIVE.match(key)
        if not en:
            return None
        words = en.group("rest").split()
        kind = KIND_NOUNS.get(words[-1].removesuffix("s")) if words else None
        if kind is None or (en.group("det") == "the" and len(words) > 1):
            return None
        return Reference(kind, " ".join(words))
    if not _ZH_REFERENCE_MARK.match(key):
        return None
    zh = _ZH_DEMONSTRATIVE.match(key.replace(" ", ""))
    rest = zh.group("rest") if zh else ""
    for noun, kind in KIND_NOUNS.items():
        if has_han(noun) and rest.endswith(noun):
            return Reference(kind, rest)
    return None
