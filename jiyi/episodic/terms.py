"""The lexical index's terms: stemmed words stored as keyed hashes, a blind index.

BM25 only ever asks whether a query term equals a stored term, so the stored terms can be keyed
hashes of the words instead of the words: ranking is exactly the same, while the `tokens` column
holds nothing readable. That lets the default minimised mode index every word of a turn (recall
close to keeping the raw text) and still keep only the summary, keywords and a hash. Each user's
terms are hashed with their own key, derived from one deployment key, so equal words of two users
look different and no statistics can be pooled across users. Without the key a stored term
cannot be tested against a dictionary; keep the key (`episodic.index_key`, else a file under the
data directory) apart from the episodic store when that store is remote.

Turns are indexed with context: up to `CONTEXT_TERMS` terms of the turn before it in the same
session that the turn itself lacks, because a reply ("yes, last Sunday") answers a question
whose words are in the turn before (on LoCoMo dev, BM25 recall_any@10 0.69 → 0.81).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from functools import lru_cache

from jiyi.text import index_terms, query_terms

CONTEXT_TERMS = 15
_DIGEST_BYTES = 8  # 64 bits: no two distinct words of one user collide in practice
TERM_CHARS = 2 * _DIGEST_BYTES  # every stored term is this many hex digits


class IndexTerms:
    """Text → the blinded terms one user's lexical index stores, and queries with."""

    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("index key: at least 16 bytes")
        self._key = key
        self._user_key = lru_cache(maxsize=4096)(self._derive)

    def _derive(self, user_id: str) -> bytes:
        return hmac.new(self._key, user_id.encode("utf-8"), hashlib.sha256).digest()

    def of(self, user_id: str, text: str) -> list[str]:
        """The blinded terms of `text`, in order, repeats kept (BM25 counts them)."""
        return self.blind(user_id, index_terms(text))

    def query(self, user_id: str, text: str) -> list[str]:
        """The blinded terms a recall query searches with (`jiyi.text.query_terms`)."""
        return self.blind(user_id, query_terms(text))

    def blind(self, user_id: str, plain: Sequence[str]) -> list[str]:
        """Terms (from `jiyi.text.index_terms`) as this user's keyed hashes."""
        key = self._user_key(user_id)
        return [
            hashlib.blake2b(term.encode("utf-8"), key=key, digest_size=_DIGEST_BYTES).hexdigest()
            for term in plain
        ]

    def context(self, user_id: str, previous_turn: str) -> tuple[str, ...]:
        """What a turn carries of the turn before it: that turn's last `CONTEXT_TERMS` terms."""
        return tuple(self.of(user_id, previous_turn)[-CONTEXT_TERMS:])


CONTEXT_MARK = "~" * TERM_CHARS  # never a hex digest, so no query term ever matches it


def new_terms(have: Sequence[str], more: Sequence[str]) -> list[str]:
    """The terms of `more` that `have` lacks, in order, repeats kept."""
    known = set(have)
    return [t for t in more if t not in known]


def with_context(own: Sequence[str], context: Sequence[str]) -> tuple[str, ...]:
    """A document's terms: its own, then `CONTEXT_MARK` and the context terms it lacks. The mark
    keeps them apart for merging, which must compare what two turns say themselves."""
    extra = new_terms(own, context)
    return (*own, CONTEXT_MARK, *extra) if extra else tuple(own)


def split_context(tokens: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A document's stored terms as (its own terms, its context terms)."""
    if CONTEXT_MARK not in tokens:
        return tuple(tokens), ()
    mark = list(tokens).index(CONTEXT_MARK)
    return tuple(tokens[:mark]), tuple(tokens[mark + 1 :])
