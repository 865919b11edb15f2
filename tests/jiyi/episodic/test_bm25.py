from __future__ import annotations

import bm25s
import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jiyi.episodic.bm25 import BM25, column_scores
from jiyi.text import tokenize

DOCS = [
    "I keep mixing up affect and effect",
    "我总把a和v搞混",
    "我喜欢用动画学数学",
    "The login button does nothing when I click it",
    "我不喜欢吃香菜，但是喜欢吃辣",
]


def test_scores_are_proportional_to_bm25s_lucene_on_zh_and_en():
    docs = [tokenize(d) for d in DOCS]
    reference = bm25s.BM25(k1=1.2, b=0.75, method="lucene")
    reference.index(docs, show_progress=False)
    for query in ["mixing up effect", "喜欢 数学", "login button", "香菜"]:
        tokens = tokenize(query)
        ours = BM25(docs).scores(tokens)
        theirs = reference.get_scores(tokens)
        # bm25s leaves out the constant (k1 + 1) numerator factor; rankings are identical.
        np.testing.assert_allclose(ours, theirs * 2.2, rtol=1e-5)


def test_chinese_query_finds_the_chinese_document():
    docs = [tokenize(d) for d in DOCS]
    scores = BM25(docs).scores(tokenize("数学动画"))
    assert int(np.argmax(scores)) == 2


def test_unknown_terms_and_empty_corpus_score_zero():
    assert BM25([["a"]]).scores(["zzz"]).tolist() == [0.0]
    assert BM25([]).scores(["a"]).tolist() == []
    assert BM25([[], []]).scores(["a"]).tolist() == [0.0, 0.0]


def test_repeated_query_terms_count_once_and_rarer_terms_weigh_more():
    index = BM25([["cat", "dog"], ["cat"], ["cat", "fish"]])
    assert index.scores(["fish", "fish"]).tolist() == index.scores(["fish"]).tolist()
    assert index.idf("fish") > index.idf("cat")
    assert index.idf("cat") == pytest.approx(np.log(1 + 0.5 / 3.5))


def test_english_possessives_match_the_bare_name():
    docs = [tokenize("Caroline: I went to the support group"), tokenize("Melanie: I painted")]
    assert int(np.argmax(BM25(docs).scores(tokenize("Where did Caroline's group meet?")))) == 0


@settings(max_examples=60, deadline=None)
@given(
    docs=st.lists(
        st.lists(st.sampled_from(["a1", "b2", "c3", "d4", "e5"]), max_size=8), max_size=12
    ),
    query=st.lists(st.sampled_from(["a1", "b2", "c3", "zz"]), min_size=1, max_size=4),
)
def test_column_scores_equal_bm25_on_fixed_width_terms(docs, query):
    width = {t: t * 8 for t in ["a1", "b2", "c3", "d4", "e5", "zz"]}  # 16 characters each
    wide_docs = [[width[t] for t in doc] for doc in docs]
    wide_query = [width[t] for t in query]
    column = pa.array([" ".join(doc) for doc in wide_docs], pa.string())
    expected = BM25(wide_docs).scores(wide_query)
    assert np.allclose(column_scores(column, wide_query, 16), expected)
