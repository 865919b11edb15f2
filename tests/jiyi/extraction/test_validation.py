from __future__ import annotations

import pytest

from jiyi.extraction.validation import (
    ExtractionInputError,
    RejectReason,
    check_content,
    decode_content,
)


@pytest.mark.parametrize(
    "text",
    [
        "I love hiking.",
        "我喜欢猫。",
        "naïve café, Zürich",
        "tabs\tand\nnewlines\r\n",
        "emoji 😀 ok",
    ],
)
def test_good_text_passes_unchanged(text):
    assert check_content(text) == text


@pytest.mark.parametrize(
    ("text", "reason", "mentions"),
    [
        ("   \n\t", RejectReason.EMPTY, "non-whitespace"),
        ("a\x07b", RejectReason.CONTROL_CHARACTERS, "U+0007 at position 1"),
        ("caf\x85e", RejectReason.CONTROL_CHARACTERS, "U+0085"),
        ("x\ufffdy", RejectReason.REPLACEMENT_CHARACTERS, "U+FFFD"),
        ("\ud83d alone", RejectReason.WRONG_ENCODING, "U+D83D"),
        ("Ã©tÃ© au cafÃ©", RejectReason.MOJIBAKE, "Latin-1"),
        ("æˆ‘å–œæ¬¢çŒ«", RejectReason.MOJIBAKE, "Windows-1252"),
    ],
)
def test_bad_text_names_field_and_reason(text, reason, mentions):
    with pytest.raises(ExtractionInputError) as caught:
        check_content(text)
    assert caught.value.reason is reason
    assert caught.value.field == "content"
    assert mentions in str(caught.value)


def test_size_limit_counts_utf8_bytes():
    text = "猫" * 100  # 300 bytes
    assert check_content(text, max_bytes=300) == text
    with pytest.raises(ExtractionInputError, match="301 bytes, over the limit of 300") as caught:
        check_content(text + "a", max_bytes=300)
    assert caught.value.reason is RejectReason.OVERSIZED


def test_decode_content_is_strict_and_names_the_offset():
    assert decode_content("我喜欢".encode()) == "我喜欢"
    with pytest.raises(ExtractionInputError) as caught:
        decode_content("我喜欢".encode("gbk"), field="turns.jsonl")
    assert caught.value.reason is RejectReason.WRONG_ENCODING
    assert str(caught.value).startswith("turns.jsonl: is not valid UTF-8 (byte 0x")
