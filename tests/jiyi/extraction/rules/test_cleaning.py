"""Object cleanup (`jiyi.extraction.rules.cleaning`): what a rule captured, cut to the thing
itself: no trailing emoji, no "someday"/"以后" tail, and nothing cut from inside a name."""

from __future__ import annotations

import pytest

from jiyi.extraction.rules.cleaning import clean_objects


@pytest.mark.parametrize(
    ("raw", "lang", "cleaned"),
    [
        ("reading manga in japanese someday 🏴\u200d☠️", "en", "reading manga in japanese"),
        ("open a bakery one day", "en", "open a bakery"),
        ("run a marathon eventually", "en", "run a marathon"),
        ("move to Canada soon next year", "en", "move to Canada"),
        ("be fluent in a few years", "en", "be fluent"),
        ("become a vet in the future 🐶🐱", "en", "become a vet"),
        ("play jazz at some point", "en", "play jazz"),
        ("nursing school instead", "en", "nursing school"),
        ("pass the bar 😅", "en", "pass the bar"),
        ("当医生以后", "zh", "当医生"),
        ("去日本留学有一天", "zh", "去日本留学"),
        ("考上985💪💪", "zh", "考上985"),
    ],
)
def test_a_time_or_emoji_at_the_end_is_trimmed(raw, lang, cleaned):
    assert clean_objects(raw, lang, False) == (cleaned,)


@pytest.mark.parametrize(
    ("raw", "lang", "cleaned"),
    [
        ("finish it in one day", "en", "finish it in one day"),  # a span, not a when
        ("one day workshop", "en", "one day workshop"),  # not at the end
        ("soon-yi", "en", "soon-yi"),
        ("以后的规划", "zh", "以后的规划"),  # not at the end
        ("一本线", "zh", "一本线"),  # a university tier, not "a book of lines"
        ("二本", "zh", "二本"),
    ],
)
def test_words_that_only_look_like_a_tail_stay(raw, lang, cleaned):
    assert clean_objects(raw, lang, False) == (cleaned,)


def test_a_classifier_before_a_thing_still_goes():
    assert clean_objects("一本书", "zh", False) == ("书",)
