"""A gazetteer: the countries, regions and cities people say they live in, zh and en.

"I'm in X" and "我在X" say where the user lives only when X is a place ("I'm in love", "我在学习"
are not), so the residence rules ask here. Entries live in `resources/places.txt` (its header
documents the format): one place per line, its English and Chinese names, canonical first, so
"魔都", "Shanghai" and "上海市" are one place, named "上海" when said in Chinese.

Lookups are dictionary probes: `place_at` tries the few spans that start where a rule expects a
place (at most `max words` English words, or Chinese prefixes of at most the longest name's
length), longest first; nothing here scans the place list per sentence.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from jiyi.text import has_han

#: A name matched only as written (capitals included): "=Nice", "=LA".
EXACT_MARK = "="
#: The shortest such name matched in any case where a frame says a place comes ("nurse in
#: phoenix"): a word ("phoenix", "reading"), never initials ("la", "us").
MIN_ANY_CASE_LETTERS = 4
_QUALIFIER = re.compile(r"\s*\([^)]*\)")
_DROPPED = re.compile(r"[.'’]")
_SPACES = re.compile(r"[\s\-_,/]+")
_THE = re.compile(r"^the\s+", re.IGNORECASE)
#: An English word of a place name ("St.", "Xi'an", "Montréal"); Han characters end it.
_EN_WORD = re.compile(
    r"[^\W_\u3400-\u4dbf\u4e00-\u9fff]+(?:['’][^\W_\u3400-\u4dbf\u4e00-\u9fff]+)*\.?"
)
_EN_GAP = re.compile(r"[ \-]")
_FANCY = re.compile(r"[.'’\-]|^the\s", re.IGNORECASE)  # what only the full `key` folds
_HAN_SUFFIX = {"city": "市", "region": "省"}


@dataclass(frozen=True, slots=True)
class Place:
    """One place and its names: `kind` is country, region (state, province) or city."""

    kind: str
    en: tuple[str, ...]
    zh: tuple[str, ...]

    def name_in(self, lang: str) -> str:
        """The canonical name in `lang` ("zh" or "en"), or in the other when it has none."""
        names = self.zh if lang == "zh" else self.en
        return _display((names or self.en or self.zh)[0])

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(_display(n) for n in (*self.en, *self.zh))


def _display(name: str) -> str:
    return _QUALIFIER.sub("", name.removeprefix(EXACT_MARK)).strip()


def _fold(text: str, casefold: bool) -> str:
    flat = unicodedata.normalize("NFKC", text)
    if not has_han(flat):  # accents off: "Zürich" is "zurich"
        flat = "".join(
            c for c in unicodedata.normalize("NFKD", flat) if not unicodedata.combining(c)
        )
    flat = _QUALIFIER.sub("", flat)
    flat = _SPACES.sub(" ", _DROPPED.sub("", flat.casefold() if casefold else flat)).strip()
    return _THE.sub("", flat)


def key(name: str) -> str:
    """How a name is looked up: width, case, accents, dots, apostrophes, hyphens and a leading
    "the" aside ("the U.S." is "us", "Xi'an" "xian")."""
    return _fold(name, casefold=True)


@dataclass(frozen=True, slots=True)
class _Index:
    folded: dict[str, Place]  # key(name) → place
    exact: dict[str, Place]  # names matched only as written ("Nice", "LA")
    exact_any_case: dict[str, Place]  # those of them that are words, casefolded ("phoenix")
    max_words: int
    max_han: int


def _parse(line: str) -> Place:
    kind, en, zh = (part.strip() for part in line.split("|"))
    split = lambda names: tuple(n.strip() for n in names.split(";") if n.strip())  # noqa: E731
    return Place(kind, split(en), split(zh))


@cache
def _index() -> _Index:
    text = files("jiyi.resources").joinpath("places.txt").read_text(encoding="utf-8")
    folded: dict[str, Place] = {}
    exact: dict[str, Place] = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        place = _parse(line)
        for name in (*place.en, *place.zh):
            if name.startswith(EXACT_MARK):
                exact.setdefault(_fold(name[1:], casefold=False), place)
            else:
                folded.setdefault(key(name), place)
        suffix = _HAN_SUFFIX.get(place.kind, "")
        for name in place.zh:  # "杭州市", "浙江省"
            if suffix and has_han(name) and not name.endswith(("市", "省")):
                folded.setdefault(key(name + suffix), place)
    latin = [k for k in (*folded, *exact) if not has_han(k)]
    return _Index(
        folded=folded,
        exact=exact,
        exact_any_case={
            name.casefold(): place
            for name, place in exact.items()
            if sum(c.isalpha() for c in name) >= MIN_ANY_CASE_LETTERS
        },
        max_words=max(len(k.split()) for k in latin),
        max_han=max(len(k) for k in folded if has_han(k)),
    )


def lookup(name: str) -> Place | None:
    """The place a name names ("NYC", "montréal", "魔都", "杭州市"), or None; a name that is
    also a common word is a place only with its capitals ("Nice", not "nice")."""
    index = _index()
    return index.folded.get(key(name)) or index.exact.get(_fold(name, casefold=False))


def is_place(name: str) -> bool:
    return lookup(name) is not None


def canonical(name: str, lang: str) -> str:
    """The place's name in `lang` ("魔都" → "上海", "NYC" → "New York City"), or `name` itself
    when the gazetteer does not know it."""
    place = lookup(name)
    return place.name_in(lang) if place is not None else name


def place_at(text: str, start: int, any_case: bool = False) -> tuple[Place, int] | None:
    """The longest place name that starts exactly at `start` of `text`, and where it ends: whole
    English words ("New York" in "new york rn", not "Paris" in "Paris's"), or a Chinese prefix
    ("成都" in "成都这边"). With `any_case` (the caller's frame already says a place comes here:
    "shift supervisor in phoenix") a name that is also a word counts without its capital."""
    if start >= len(text):
        return None
    index = _index()
    if has_han(text[start]):
        for end in range(min(len(text), start + index.max_han), start + 1, -1):
            place = index.folded.get(text[start:end])
            if place is not None:
                return place, end
        return None
    ends: list[int] = []
    position = start
    while len(ends) < index.max_words:
        word = _EN_WORD.match(text, position)
        if word is None:
            break
        ends.append(word.end())
        if not _EN_GAP.match(text, word.end()):
            break
        position = word.end() + 1
    for end in reversed(ends):
        span = text[start:end]
        place = index.folded.get(span.casefold())
        if place is None and span.isascii() and not _FANCY.search(span):
            place = index.exact.get(span)  # a plain word: no folding beyond case
        elif place is None:
            place = index.folded.get(key(span)) or index.exact.get(_fold(span, casefold=False))
        if place is None and any_case:
            place = index.exact_any_case.get(span.casefold())
        if place is not None:
            return place, end
    return None


def size() -> int:
    """How many distinct places the gazetteer holds."""
    index = _index()
    return len({id(p) for p in (*index.folded.values(), *index.exact.values())})
