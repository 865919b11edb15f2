"""One name for one thing: the bilingual vocabulary of what learners talk about.

"diagrams", "pictures" and "画图" are one learning style; "the chain rule" and "链式法则" one
concept. The extractor names a known object by the entry's canonical name in the language it was
said in, and the graph gives a new entity every name of its entry as an alias, so a mention in
either language later lands on the same entity. Entries live in `resources/vocabulary.txt`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from jiyi.domain import EntityKind
from jiyi.text import has_han

_PUNCT = re.compile(r"[\s\-_'’.,!?]+")
_VAGUE_TAIL = re.compile(r"\s+(?:stuff|things?|bits?|parts?|side)$", re.IGNORECASE)


@dataclass(frozen=True)
class Entry:
    kind: EntityKind
    en: tuple[str, ...]
    zh: tuple[str, ...]
    #: A way of being taught that is a format of the tutor's replies or sessions (short answers,
    #: tables, practice questions), not a way the learner takes things in (pictures, by ear):
    #: wanting it is a preference, not a learning style (`data/belief_scenarios/README.md`).
    is_format: bool = False

    def name_in(self, lang: str) -> str:
        names = self.zh if lang == "zh" else self.en
        return (names or self.en or self.zh)[0]

    @property
    def names(self) -> tuple[str, ...]:
        return (*self.en, *self.zh)


def key(text: str) -> str:
    """Width, case, spacing, hyphens and a plural "s" aside: how a name is looked up."""
    flat = _PUNCT.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()
    flat = re.sub(r"^(?:the|a|an|my|some)\s+", "", flat)
    return flat[:-1] if len(flat) > 3 and flat.endswith("s") and not has_han(flat) else flat


#: The label of a style line that names a format (`Entry.is_format`).
_FORMAT = "format"


def _parse(line: str) -> Entry:
    kind, en, zh = (part.strip() for part in line.split("|"))
    split = lambda names: tuple(n.strip() for n in names.split(";") if n.strip())  # noqa: E731
    is_format = kind == _FORMAT
    return Entry(
        EntityKind.STYLE if is_format else EntityKind(kind), split(en), split(zh), is_format
    )


@cache
def _index() -> dict[str, Entry]:
    text = files("jiyi.resources").joinpath("vocabulary.txt").read_text(encoding="utf-8")
    index: dict[str, Entry] = {}
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            entry = _parse(line)
            for name in entry.names:
                index.setdefault(key(name), entry)
    return index


def lookup(name: str) -> Entry | None:
    """The vocabulary entry a name belongs to, if any: "微积分的链式法则" is the chain rule
    (in Chinese the head of "X的Y" is Y), "patho stuff" pathophysiology."""
    found = _index().get(key(name))
    if found is None and has_han(name) and "的" in name:
        found = _index().get(key(name.rsplit("的", 1)[1]))
    if found is None and (bare := _VAGUE_TAIL.sub("", name)) != name:
        found = _index().get(key(bare))  # "the patho stuff" is pathophysiology
    return found


def canonical(name: str, lang: str, kind: EntityKind | None = None) -> str:
    """The entry's name in `lang` ("pictures" → "visual diagrams", "画图" → "图解"), or the name
    itself when the vocabulary does not know it (as a thing of `kind`, when given: "mechanic"
    is a role, not the physics concept "mechanics")."""
    entry = lookup(name)
    if entry is None or (kind is not None and entry.kind is not kind):
        return name
    chosen = entry.name_in(lang)
    return name if name.casefold() == chosen.casefold() else chosen  # "Newton's…" keeps its case


_WORDS = re.compile(r"[a-z0-9'’+#-]+")
MAX_NAME_WORDS = 4


#: `mentions` finds a Chinese name anywhere in a turn, so a name of one or two characters would
#: fire inside other words ("循环" in "血液循环", "对数" in "对数据", "三角" in "三角形", "概率" in
#: "大概率", "积分" as points). Such a name is searched for only when it is the term itself and
#: every word holding it is about the same thing; it is still looked up whole ("我不懂对数").
SHORT_HAN_SEARCHED = frozenset({
    "数列", "斜率", "熵变", "链表", "冠词", "介词", "量词",  # 等差数列, 切线斜率, 单链表, 定冠词 …
    "导数", "求导", "递归", "指针", "配平", "摩尔", "函数",  # the longer name wins: 三角函数
})  # fmt: skip


@cache
def _han_names(kind: EntityKind) -> dict[str, tuple[tuple[str, Entry], ...]]:
    """Every Chinese name of `kind` a turn is searched for, folded as a text is, by its first
    character (a name whose first character the turn lacks is not in it), longest first."""
    names = {
        unicodedata.normalize("NFKC", name).casefold(): entry
        for entry in dict.fromkeys(_index().values())
        if entry.kind is kind
        for name in entry.zh
        if len(name) > 2 or name in SHORT_HAN_SEARCHED
    }
    by_first: dict[str, list[tuple[str, Entry]]] = {}
    for name, entry in sorted(names.items(), key=lambda item: -len(item[0])):
        by_first.setdefault(name[0], []).append((name, entry))
    return {first: tuple(named) for first, named in by_first.items()}


#: What a key's last word is made of: `key` turns the other characters of `_WORDS` to spaces.
_LETTERS = re.compile(r"[a-z0-9+#]+")


@cache
def _last_words() -> frozenset[str]:
    """The last word of every name's key, bare and with a plural "s" (`key` drops it)."""
    last = {words[-1] for name in _index() if (words := _LETTERS.findall(name))}
    return frozenset(last | {word + "s" for word in last})


def _may_end_a_name(word: str) -> bool:
    """False when no run of words ending in `word` can have a name's key. In ASCII text, where
    `key` only turns punctuation to spaces and drops a leading article and a final "s", a
    run's key ends in its last word's final letters (less that "s"): they must end some key.
    A lone letter is let through: a lone "s" is the whole ending `key` may drop."""
    letters = _LETTERS.findall(word)
    return not letters or len(letters[-1]) < 2 or letters[-1] in _last_words()


def mentions(text: str, kind: EntityKind) -> list[str]:
    """The names of known things of `kind` a text mentions, in the order they first appear
    ("That's the chain rule: …" → ["chain rule"]), each once. The longest name wins where two
    overlap: "三羧酸循环" is the Krebs cycle, not also the "循环" (loops) inside it."""
    lowered = unicodedata.normalize("NFKC", text).casefold()
    spans: list[tuple[int, int, str]] = []
    words = list(_WORDS.finditer(lowered))
    # the key of a run of words is looked up only where its last word may end a name
    screened = lowered.isascii()
    ends = [not screened or _may_end_a_name(word.group()) for word in words]
    for size in range(MAX_NAME_WORDS, 0, -1):
        for i in range(len(words) - size + 1):
            if not ends[i + size - 1]:
                continue
            begin, end = words[i].start(), words[i + size - 1].end()
            entry = _index().get(key(lowered[begin:end]))
            if entry is not None and entry.kind is kind:
                spans.append((begin, end, entry.name_in("en")))
    if has_han(lowered):
        han_names = _han_names(kind)
        for first in dict.fromkeys(lowered):
            for name, entry in han_names.get(first, ()):
                if (at := lowered.find(name)) >= 0:
                    spans.append((at, at + len(name), entry.name_in("zh")))
    kept: list[tuple[int, int, str]] = []
    for begin, end, name in sorted(spans, key=lambda s: (s[0], s[0] - s[1])):
        if not any(b <= begin and end <= e for b, e, _ in kept):
            kept.append((begin, end, name))
    return list(dict.fromkeys(name for _, _, name in kept))
