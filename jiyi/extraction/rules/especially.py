"""What a claim singles out: "architecture, especially brutalism", "化学，尤其是配平".

A careful reader holds of the part what the sentence says of the whole: an interest in brutalism
too,配平 hard too, an allergy to cashews as well as to nuts. The engine copies the claim before
the phrase onto the part it names (`jiyi.extraction.engine`); this module only finds the phrase.
"""

from __future__ import annotations

import re

from jiyi.extraction.rules.cleaning import clean_objects

#: Words a part never starts with: "especially when they draw", "especially for the wiring".
_EN_NOT_A_PART = (
    r"(?!(?:for|when|whenever|while|if|with|in|on|at|because|since|after|before|during|as|to|"
    r"now|then|that|this|it|i|you|me|my|these|those|since|once|lately|recently|today)\b)"
)
_EN_WORDS = r"[A-Za-z0-9][\w'/+#-]*(?:\s+[\w'/+#-]+){0,3}?"
_EN = re.compile(
    # "…, especially brutalism", "…, in particular the dative"
    rf"(?:,|\s-|—)\s*(?:especially|particularly|in\s+particular|esp\.?)\s+{_EN_NOT_A_PART}(?:the\s+)?"
    rf"(?P<part>{_EN_WORDS})(?=\s*(?:$|[,.;:!?)]|\s+(?:lol|haha\w*|tbh|ngl)\b))"
    # "…, dative especially", "Lifetimes especially." (its own sentence, after the claim)
    rf"|(?:^|,\s*){_EN_NOT_A_PART}(?:the\s+)?(?P<last>{_EN_WORDS})\s+(?:especially|in\s+particular|particularly)"
    r"\s*(?:$|[.;!)]|[\U0001F300-\U0001FAFF])",
    re.IGNORECASE,
)
_ZH = re.compile(
    r"(?:尤其是|特别是|尤其)(?:讲|关于|有关)?(?P<part>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?:那块|那部分|这块|这部分|的)?"
    r"(?=$|[,.;!?~，。；！？～\s])"
)


def singled_out(sentence: str, lang: str) -> tuple[int, str] | None:
    """Where a sentence singles out a part, and the part's cleaned name."""
    found = (_ZH if lang == "zh" else _EN).search(sentence)
    if found is None:
        return None
    names = clean_objects(found["part"] or found.groupdict().get("last"), lang, False)
    return (found.start(), names[0]) if names else None
