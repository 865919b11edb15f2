"""Bad-input checks run before any rule sees a turn's text.

Extraction must never produce half an event from garbage: empty, oversized, binary or wrongly
decoded content is rejected with an `ExtractionInputError` that names the field and the reason,
so the pipeline can dead-letter it instead of storing nonsense.
"""

from __future__ import annotations

import unicodedata
from enum import StrEnum

from jiyi.domain.turns import DEFAULT_MAX_CONTENT_BYTES

_ALLOWED_CONTROLS = frozenset("\t\n\r")
# Windows-1252's printable characters for bytes 0x80-0x9f: how mojibake usually looks.
_CP1252_TO_BYTE = {
    bytes([b]).decode("cp1252"): b
    for b in range(0x80, 0xA0)
    if b not in {0x81, 0x8D, 0x8F, 0x90, 0x9D}
}


class RejectReason(StrEnum):
    EMPTY = "empty"
    OVERSIZED = "oversized"
    WRONG_ENCODING = "wrong_encoding"
    CONTROL_CHARACTERS = "control_characters"
    REPLACEMENT_CHARACTERS = "replacement_characters"
    MOJIBAKE = "mojibake"


class ExtractionInputError(ValueError):
    """Content that extraction refuses; `field` and `reason` say what and why."""

    def __init__(self, reason: RejectReason, detail: str, field: str = "content") -> None:
        super().__init__(f"{field}: {detail}")
        self.reason = reason
        self.field = field
        self.detail = detail


def decode_content(raw: bytes, field: str = "content") -> str:
    """Strict UTF-8 decoding: wrongly-encoded bytes are an error, never silently replaced."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ExtractionInputError(
            RejectReason.WRONG_ENCODING,
            f"is not valid UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
            field,
        ) from None


def check_content(
    text: str, max_bytes: int = DEFAULT_MAX_CONTENT_BYTES, field: str = "content"
) -> str:
    """Return `text` unchanged if extraction can trust it, else raise `ExtractionInputError`."""
    if not text.strip():
        raise ExtractionInputError(RejectReason.EMPTY, "must contain non-whitespace text", field)
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise ExtractionInputError(
            RejectReason.WRONG_ENCODING,
            f"holds a lone surrogate U+{ord(text[exc.start]):04X} at position {exc.start}"
            " (bytes decoded with the wrong codec)",
            field,
        ) from None
    if size > max_bytes:
        raise ExtractionInputError(
            RejectReason.OVERSIZED, f"is {size} bytes, over the limit of {max_bytes} bytes", field
        )
    for position, char in enumerate(text):
        if char in _ALLOWED_CONTROLS:
            continue
        category = unicodedata.category(char)
        if category == "Cc":
            raise ExtractionInputError(
                RejectReason.CONTROL_CHARACTERS,
                f"contains control character U+{ord(char):04X} at position {position}"
                " (binary data?)",
                field,
            )
        if char == "\ufffd":
            raise ExtractionInputError(
                RejectReason.REPLACEMENT_CHARACTERS,
                f"contains U+FFFD at position {position}: it was decoded with errors upstream",
                field,
            )
    if _is_mojibake(text):
        raise ExtractionInputError(
            RejectReason.MOJIBAKE,
            "looks like UTF-8 bytes decoded as Latin-1/Windows-1252 (e.g. 'Ã©' for 'é')",
            field,
        )
    return text


def _is_mojibake(text: str) -> bool:
    """True when the text's Latin-1/cp1252 bytes form valid UTF-8 with non-ASCII characters."""
    if not any("\u0080" <= c <= "\u00ff" for c in text):
        return False
    raw = bytearray()
    for char in text:
        code = ord(char)
        if code < 0x100:
            raw.append(code)
        elif char in _CP1252_TO_BYTE:
            raw.append(_CP1252_TO_BYTE[char])
        else:
            return False
    try:
        decoded = bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return decoded != text
