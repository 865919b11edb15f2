from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from models.pairs import (
    PairError,
    conversation_pairs,
    dedupe,
    domain_pairs,
    event_pairs,
    lang_of,
    load_pair_file,
    make_pair,
    recall_pairs,
    split_pairs,
)


def test_the_shipped_domain_sets_cover_zh_and_en():
    pairs = domain_pairs()
    langs = {p.lang for p in pairs}
    assert langs == {"zh", "en"}
    assert len(pairs) >= 600
    assert all(p.source == "domain" and p.group for p in pairs)


def test_split_is_deterministic_and_keeps_each_group_on_one_side():
    pairs = domain_pairs()
    train, held = split_pairs(pairs)
    assert (train, held) == split_pairs(pairs)
    assert {p.group for p in train}.isdisjoint({p.group for p in held})
    assert 0.1 < len(held) / len(pairs) < 0.35
    assert {p.lang for p in held} == {"zh", "en"}


def test_event_pairs_join_turn_text_to_the_event_text():
    events = pl.DataFrame(
        {
            "event_id": ["e1", "e2", "e3"],
            "turn_id": ["t1", "t2", "t-missing"],
            "summary": ["混淆楞次定律和右手定则", "likes animations", "x"],
            "keywords": [["楞次定律"], [], []],
        }
    )
    turns = pl.DataFrame(
        {
            "user_id": ["u1", "u2"],
            "session_id": ["s1", "s1"],
            "turn_id": ["t1", "t2"],
            "content": ["我老是分不清楞次定律和右手定则", "I like animations"],
        }
    )
    pairs = event_pairs(events, turns)
    # grouped by session: a held-out session is held out whole, event pairs and all
    assert [(p.query, p.positive, p.lang, p.group) for p in pairs] == [
        ("我老是分不清楞次定律和右手定则", "混淆楞次定律和右手定则 楞次定律", "zh", "u1/s1"),
        ("I like animations", "likes animations", "en", "u2/s1"),
    ]


def test_conversation_pairs_join_each_turn_to_the_next_in_its_session():
    turns = pl.DataFrame(
        {
            "user_id": ["u1", "u1", "u1", "u1", "u2", "u1"],
            "session_id": ["s1", "s1", "s1", "s2", "s1", "s2"],
            "client_ts": [3, 1, 2, 5, 4, 6],
            "turn_id": ["t3", "t1", "t2", "t4", "t5", "t6"],
            "content": ["see you", "what did you cook?", "paella, with saffron", "ok", "hi", "ok"],
        }
    )
    pairs = conversation_pairs(turns)
    # in time order within each session; never across sessions or users; no echo pair
    assert [(p.query, p.positive, p.group, p.source) for p in pairs] == [
        ("what did you cook?", "paella, with saffron", "u1/s1", "conversation"),
        ("paella, with saffron", "see you", "u1/s1", "conversation"),
    ]


def test_recall_pairs_keep_only_accepted_items():
    events = pl.DataFrame(
        {
            "event_id": ["e1", "e2"],
            "summary": ["目标：复习三角函数", "hates math"],
            "keywords": [["三角函数"], []],
        }
    )
    recalls = pl.DataFrame(
        {"query": ["三角函数复习计划", "math?"], "event_id": ["e1", "e2"],
         "outcome": ["accepted", "dont_bring_up"]}
    )  # fmt: skip
    (pair,) = recall_pairs(recalls, events)
    assert (pair.query, pair.source, pair.lang) == ("三角函数复习计划", "recall", "zh")


def test_bad_pair_files_name_the_line_and_field(tmp_path: Path):
    path = tmp_path / "bad.jsonl"
    path.write_text(
        json.dumps({"query": "ok", "positive": "fine", "group": "g"}) + "\n"
        + json.dumps({"query": "no positive", "group": "g"}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    with pytest.raises(PairError, match=r"bad\.jsonl:2: missing field 'positive'"):
        load_pair_file(path)
    with pytest.raises(PairError, match="query"):
        make_pair("   ", "x", "domain", "g")
    with pytest.raises(PairError, match="eval_fraction"):
        split_pairs([], eval_fraction=1.5)


def test_language_and_dedupe():
    assert lang_of("hello", "电磁感应") == "zh"
    assert lang_of("hello") == "en"
    a = make_pair("q", "p", "domain", "g")
    assert dedupe([a, a, make_pair("q", "p2", "domain", "g")]) == [
        a,
        make_pair("q", "p2", "domain", "g"),
    ]
