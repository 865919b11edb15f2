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


def _parse(line: str) -> Entry:
    kind, en, zh = (part.strip() for part in line.split("|"))
    split = lambda names: tuple(n.strip() for n in names.split(";") if n.strip())  # noqa: E731
    return Entry(EntityKind(kind), split(en), split(zh))


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


def canonical(name: str, lang: str) -> str:
    """The entry's name in `lang` ("pictures" → "visual diagrams", "画图" → "图解"), or the name
    itself when the vocabulary does not know it."""
    entry = lookup(name)
    if entry is None:
        return name
    chosen = entry.name_in(lang)
    return name if name.casefold() == chosen.casefold() else chosen  # "Newton's…" keeps its case


_WORDS = re.compile(r"[a-z0-9'’+#-]+")
MAX_NAME_WORDS = 4


def mentions(text: str, kind: EntityKind) -> list[str]:
    """The names of known things of `kind` a text mentions, in the order they first appear
    ("That's the chain rule: …" → ["chain rule"]), each once."""
    lowered = unicodedata.normalize("NFKC", text).casefold()
    found: list[tuple[int, str]] = []
    words = list(_WORDS.finditer(lowered))
    for size in range(MAX_NAME_WORDS, 0, -1):
        for i in range(len(words) - size + 1):
            phrase = lowered[words[i].start() : words[i + size - 1].end()]
            entry = _index().get(key(phrase))
            if entry is not None and entry.kind is kind:
                found.append((words[i].start(), entry.name_in("en")))
    if has_han(lowered):
        for entry in {e for e in _index().values() if e.kind is kind}:
            positions = [lowered.find(n) for n in entry.zh if n in lowered]
            if positions:
                found.append((min(positions), entry.name_in("zh")))
    return list(dict.fromkeys(name for _, name in sorted(found)))
