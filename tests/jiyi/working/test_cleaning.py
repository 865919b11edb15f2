import re

from hypothesis import given
from hypothesis import strategies as st

from jiyi.working.cleaning import (
    MARKUP_SAFE_LT,
    clean_content,
    neutralise_markup,
    truncate_assistant,
)

MARKER = "…[full text in history]"
# Text biased towards the characters the cleaner cares about.
_tricky = st.lists(
    st.sampled_from(
        [
            *"ab 学\t\n\r<>/!?sScCrRiIpPtT=\"'&\x00\x0b\u3000\u00a0",
            *["<script>", "</SCRIPT>", "< script", "<\nscript", "<!--", "<?xml", "\r\n"],
        ]
    ),
    max_size=40,
).map("".join)
_text = st.one_of(st.text(max_size=200), _tricky)


def test_examples_from_the_article():
    assert clean_content("  hello    world \t again  ") == "hello world again"
    assert clean_content("line one\n\nline  two") == "line one\n\nline two"
    assert clean_content("a\r\nb\rc") == "a\nb\nc"
    assert clean_content("我   喜欢\u3000\u3000数学") == "我 喜欢 数学"


def test_markup_is_neutralised_but_maths_survives():
    cleaned = clean_content("hi <script>alert(1)</script> and a < b, x<3, 5 > 2")
    assert "<script" not in cleaned.lower()
    assert f"{MARKUP_SAFE_LT}script>" in cleaned
    assert "a < b, x<3, 5 > 2" in cleaned


def test_control_characters_are_dropped():
    assert clean_content("a\x00b\x07c\x1bd") == "abcd"


@given(_text)
def test_cleaning_is_idempotent(text):
    once = clean_content(text)
    assert clean_content(once) == once


@given(_text)
def test_no_markup_survives(text):
    assert not re.search(r"<[/!?a-z]", clean_content(text), re.IGNORECASE)


_line = st.text(alphabet="ab学<>/ \t", max_size=12).filter(lambda line: line.strip(" \t"))


@given(st.lists(_line, min_size=1, max_size=8))
def test_newlines_are_kept(lines):
    cleaned = clean_content("\n".join(lines))
    assert cleaned.count("\n") == len(lines) - 1
    assert clean_content("\r\n".join(lines)) == cleaned


@given(_text)
def test_cleaning_never_grows_text_and_leaves_no_runs(text):
    cleaned = clean_content(text)
    assert len(cleaned) <= len(text)
    assert "  " not in cleaned
    assert "\t" not in cleaned
    assert cleaned == cleaned.strip()


@given(_text)
def test_neutralising_is_idempotent(text):
    once = neutralise_markup(text)
    assert neutralise_markup(once) == once


@given(st.text(max_size=1200), st.integers(min_value=30, max_value=600))
def test_truncation_bounds_and_marker(text, limit):
    cut, truncated = truncate_assistant(text, limit, MARKER)
    assert len(cut) <= max(limit, len(text) if not truncated else 0)
    assert truncated == (len(text) > limit)
    if truncated:
        assert cut.endswith(MARKER)
        assert len(cut) <= limit
    else:
        assert cut == text
    assert truncate_assistant(cut, limit, MARKER) == (cut, False)


def test_truncation_keeps_the_start_of_the_answer():
    answer = "Velocity is the rate of change of position. " * 20
    cut, truncated = truncate_assistant(answer, 500, MARKER)
    assert truncated
    assert cut.startswith("Velocity is the rate of change of position.")
    assert len(cut) <= 500
