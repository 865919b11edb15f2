"""Pure content-cleaning steps for working memory (DESIGN.md: tier-1 rules).

Every function here is idempotent: cleaning already-clean text changes nothing, so a turn that is
replayed or re-cleaned after a rollback is stored exactly as before.
"""

from __future__ import annotations

import re

# C0/C1 control characters other than newline and tab; a carriage return is folded into newlines.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_HORIZONTAL_SPACE = re.compile(r"[ \t\u00a0\u3000]+")
# A "<" that an HTML tokeniser would read as markup: directly followed by a letter (<tag),
# "/" (</tag>), "!" (<!-- -->) or "?" (<?xml). "a < b" and "x<3" are left alone.
_MARKUP_OPEN = re.compile(r"<(?=[A-Za-z/!?])")
# Full-width less-than sign: reads the same to a person or a model, but is never parsed as markup.
MARKUP_SAFE_LT = "\uff1c"


def normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def neutralise_markup(text: str) -> str:
    """Make script-style markup inert without escaping ordinary text.

    HTML-escaping (`&lt;`) would not be idempotent and would mangle pasted code and maths
    (`a < b`); instead only a `<` that opens a tag is swapped for its full-width twin.
    """
    return _MARKUP_OPEN.sub(MARKUP_SAFE_LT, text)


def clean_content(text: str) -> str:
    """Strip, collapse runs of spaces and tabs, keep newlines, drop control characters, and
    neutralise markup. Newlines are kept because pasted code and formulas depend on them."""
    text = normalise_newlines(text)
    text = _CONTROL.sub("", text)
    text = _HORIZONTAL_SPACE.sub(" ", text)
    text = neutralise_markup(text)
    return text.strip()


def truncate_assistant(text: str, max_chars: int, marker: str) -> tuple[str, bool]:
    """Cut assistant text longer than `max_chars` so that, marker included, it fits `max_chars`.

    Returns the text and whether it was cut. The marker ("…[full text in history]") tells the
    reader the answer was not cut off mid-thought: the whole reply stays in the turn log.
    """
    if len(text) <= max_chars:
        return text, False
    keep = max(0, max_chars - len(marker))
    return text[:keep].rstrip() + marker, True
