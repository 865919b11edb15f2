import pytest

from jiyi.episodic.terms import (
    CONTEXT_MARK,
    CONTEXT_TERMS,
    TERM_CHARS,
    IndexTerms,
    split_context,
    with_context,
)
from jiyi.text import index_terms


def test_terms_are_stable_keyed_hashes_that_reveal_no_word(terms):
    blinded = terms.of("alice", "I went hiking in the Alps, 我喜欢爬山")
    assert blinded == terms.of("alice", "I went hiking in the Alps, 我喜欢爬山")
    assert len(blinded) == len(index_terms("I went hiking in the Alps, 我喜欢爬山"))
    assert all(len(t) == 16 and int(t, 16) >= 0 for t in blinded)
    assert not {"hike", "alps", "爬山"} & set(blinded)


def test_same_word_differs_between_users_and_keys(terms):
    assert terms.of("alice", "tea") != terms.of("bob", "tea")
    assert terms.of("alice", "tea") != IndexTerms(b"another-key-of-32-bytes-length!!").of(
        "alice", "tea"
    )


def test_query_forms_match_what_was_stored(terms):
    assert terms.of("alice", "hiked")[0] in terms.of("alice", "I love hiking")


def test_context_is_the_last_terms_of_the_previous_turn(terms):
    long_turn = " ".join(f"word{i}" for i in range(40))
    context = terms.context("alice", long_turn)
    assert len(context) == CONTEXT_TERMS
    assert context == tuple(terms.of("alice", long_turn)[-CONTEXT_TERMS:])


def test_with_context_adds_only_terms_the_document_lacks_after_a_mark():
    tokens = with_context(["a", "b", "a"], ["b", "c", "c"])
    assert tokens == ("a", "b", "a", CONTEXT_MARK, "c", "c")
    assert split_context(tokens) == (("a", "b", "a"), ("c", "c"))
    assert with_context(["a"], ["a"]) == ("a",)  # nothing new: no mark
    assert split_context(("a", "b")) == (("a", "b"), ())


def test_no_query_term_can_match_the_context_mark(terms):
    assert len(CONTEXT_MARK) == TERM_CHARS
    assert CONTEXT_MARK not in terms.of("alice", "~~~~~~~~~~~~~~~~ " + CONTEXT_MARK)


def test_a_short_key_is_refused():
    with pytest.raises(ValueError, match="16 bytes"):
        IndexTerms(b"short")
