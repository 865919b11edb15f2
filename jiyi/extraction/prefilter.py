"""Which of many regexes may match a text, decided by one scan instead of a search each.

Most rules match nothing in a given sentence, yet a failed search still walks the whole
sentence (with `re.IGNORECASE` it cannot even skip ahead to a first letter), and the rule table
has hundreds. Nearly every pattern has fixed text it cannot match without ("weak", "我想"):
`required_literals` reads those strings off the pattern itself, so they cannot drift from it,
and `Prefilter` finds which of them a text holds in a single regex scan, keeping the rules
whose strings are there. Every rule it drops is one whose search would have failed.

The reading is conservative: a construct it does not follow (a class such as "any letter",
a repeat that may be absent) gives up knowledge, never claims a string a match could lack.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from re import _constants as sre  # the opcodes of the parser below (Python >= 3.11)
from re import _parser  # the parser `re.compile` itself uses
from re._casefix import _EXTRA_CASES  # the letters re.IGNORECASE equates beyond str.lower
from typing import Any, Generic, TypeVar

T = TypeVar("T")

#: Past this many strings a run of exact pieces is cut: "(a|b)(c|d)…" grows by product.
MAX_CHOICES = 64

#: "İ".lower() is two characters ("i" and a dot above); to re.IGNORECASE it is "i".
_ONE_CHARACTER_LOWER = str.maketrans({"İ": "i"})
#: Each letter re.IGNORECASE takes as another though `str.lower` keeps them apart ("ſ" and
#: "s", "ı" and "i", final "ς" and "σ"), mapped to one of its class.
_SAME_LETTER = str.maketrans({chr(c): chr(min(c, *others)) for c, others in _EXTRA_CASES.items()})


def fold(text: str) -> str:
    """`text` lower-cased as re.IGNORECASE compares it, character for character: the fixed
    strings of a pattern (case-sensitive or not) that matches `text` are, folded, in it."""
    return text.translate(_ONE_CHARACTER_LOWER).lower().translate(_SAME_LETTER)


@dataclass(frozen=True, slots=True)
class _Shape:
    """What is known of the strings a piece of a pattern matches."""

    exact: frozenset[str] | None  # every string it can match, when they are few
    required: frozenset[str] | None = None  # each match holds one of these; None: unknown


_UNKNOWN = _Shape(None)
_CONSUMES_NOTHING = _Shape(frozenset({""}))  # an anchor, a lookaround


def _exactly(strings: frozenset[str]) -> _Shape:
    return _Shape(strings, None if "" in strings else strings)


def _selectivity(strings: frozenset[str]) -> tuple[int, int]:
    return min(map(len, strings)), -len(strings)


def _stronger(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The requirement fewer texts meet: the longer shortest string, then the fewer strings."""
    if a is None or b is None:
        return b if a is None else a
    return a if _selectivity(a) >= _selectivity(b) else b


def _sequence(pieces: Iterable[tuple[Any, Any]]) -> _Shape:
    """A concatenation: adjacent exact pieces join into longer strings (a run); each run and
    each other piece's requirement holds for the whole, and the strongest one is kept."""
    run: frozenset[str] | None = frozenset({""})
    required: frozenset[str] | None = None
    whole = True  # every piece so far joined the run: the run is all the sequence can match
    for op, av in pieces:
        piece = _piece(op, av)
        if (
            run is not None
            and piece.exact is not None
            and len(run) * len(piece.exact) <= MAX_CHOICES
        ):
            run = frozenset(a + b for a in run for b in piece.exact)
            continue
        whole = False
        if run is not None:
            required = _stronger(required, _exactly(run).required)
        required = _stronger(required, piece.required)
        run = piece.exact
    if run is not None:
        if whole:
            return _exactly(run)
        required = _stronger(required, _exactly(run).required)
    return _Shape(None, required)


def _piece(op: Any, av: Any) -> _Shape:
    """One parsed item: `op` an opcode of `re._constants`, `av` its argument."""
    if op is sre.LITERAL:
        return _exactly(frozenset({chr(av)}))
    if op is sre.IN and all(kind is sre.LITERAL for kind, _ in av):
        return _exactly(frozenset(chr(c) for _, c in av))  # "[吗呢]", "(?:a|b)"
    if op is sre.SUBPATTERN:
        return _sequence(av[-1])  # a group, or scoped flags: "(?-i:SAT)"
    if op is sre.ATOMIC_GROUP:
        return _sequence(av)
    if op is sre.BRANCH:
        return _branch([_sequence(alternative) for alternative in av[1]])
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, high, item = av
        inner = _sequence(item)
        if low == high == 1:
            return inner
        if low == 0 and high == 1 and inner.exact is not None:
            return _Shape(inner.exact | {""})  # "maths?"
        return _Shape(None, inner.required if low >= 1 else None)
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
        return _CONSUMES_NOTHING
    return _UNKNOWN


def _branch(alternatives: list[_Shape]) -> _Shape:
    """One alternative matches: their strings together, if each alternative knows its own."""
    if all(a.exact is not None for a in alternatives):
        exact = frozenset().union(*(a.exact for a in alternatives if a.exact is not None))
        if len(exact) <= MAX_CHOICES:
            return _exactly(exact)
    required = [a.required for a in alternatives if a.required is not None]
    if len(required) == len(alternatives):
        return _Shape(None, frozenset().union(*required))
    return _UNKNOWN


def required_literals(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Strings, folded (`fold`), one of which every text the pattern matches in holds; None
    when there are none (the pattern can match without fixed text: ".+")."""
    found = _sequence(_parser.parse(pattern.pattern, pattern.flags)).required
    return None if found is None else frozenset(fold(s) for s in found)


def _trie_pattern(strings: Iterable[str]) -> str:
    """A regex that matches, at a position, the longest of `strings` starting there, written
    as a trie (a shared prefix once) so that each character meets few alternatives."""
    trie: dict[str, dict] = {}
    for string in strings:
        node = trie
        for char in string:
            node = node.setdefault(char, {})
        node[""] = {}  # a string ends here

    def render(node: dict[str, dict]) -> str:
        branches = [re.escape(char) + render(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = "|".join(branches)
        if "" in node:
            return f"(?:{body})?"  # greedy: a longer string if one goes on, else this one
        return body if len(branches) == 1 else f"(?:{body})"

    return render(trie)


class Prefilter(Generic[T]):
    """Items, each with the strings one of which a text must hold for it to apply (None: it
    always may), and `select`, which keeps, in their order, those a text may apply to."""

    def __init__(self, items: Sequence[tuple[T, frozenset[str] | None]]) -> None:
        self._items = [item for item, _ in items]
        self._always = frozenset(i for i, (_, strings) in enumerate(items) if strings is None)
        needing: dict[str, set[int]] = {}
        for i, (_, strings) in enumerate(items):
            for string in strings or ():
                needing.setdefault(string, set()).add(i)

        def met_with(string: str) -> frozenset[int]:
            """The items `string` meets, and those its own beginnings ("weak" in "weak spot") do:
            the scan reports only the longest string at a position."""
            beginnings = (string[:end] for end in range(1, len(string) + 1))
            return frozenset().union(*(needing.get(beginning, ()) for beginning in beginnings))

        self._met_with = {string: met_with(string) for string in needing}
        first_characters = "".join(sorted({re.escape(string[0]) for string in needing}))
        # a set test first, as most positions start no string; then the longest one there
        scan = f"(?=[{first_characters}])(?=({_trie_pattern(needing)}))"
        self._scan = re.compile(scan) if needing else None

    def select(self, text: str) -> list[T]:
        """The items whose strings `text` holds (or that need none), in their order."""
        chosen = set(self._always)
        if self._scan is not None:
            for found in self._scan.finditer(fold(text)):
                chosen |= self._met_with[found.group(1)]
        return [self._items[i] for i in sorted(chosen)]
