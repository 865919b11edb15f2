from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from jiyi.config import EpisodicSettings
from jiyi.domain import EventAttr, EventType, ExtractionSource
from jiyi.episodic.merging import (
    MAX_MERGED_PASSAGES,
    enforce_cap,
    merge_group,
    plan_merges,
    write_events,
)
from jiyi.episodic.records import EpisodicInputError, IndexItem, from_table
from jiyi.episodic.terms import split_context

BASE = 1_700_000_000_000


def test_similar_same_type_events_group_and_different_types_never_do(encoder, make_item, records):
    items = [
        make_item("alice", "I love green tea", turn="t1", ts=BASE),
        make_item("alice", "I love green tea", turn="t2", ts=BASE + 1),
        make_item("alice", "I love green tea", EventType.GOAL, turn="t3", ts=BASE + 2),
        make_item("alice", "the export button is broken", turn="t4", ts=BASE + 3),
    ]
    built = records(items)
    groups = plan_merges(built, threshold=0.9)
    assert [[m.event.turn_id for m in g] for g in groups] == [["t1", "t2"]]


def test_events_alike_in_vector_but_about_different_subjects_never_group(make_item, records):
    items = [
        make_item("alice", "That's great", turn="t1", ts=BASE, keywords=["pottery"]),
        make_item("alice", "That's great", turn="t2", ts=BASE + 1, keywords=["violin"]),
        make_item("alice", "That's great", turn="t3", ts=BASE + 2, keywords=["Violin", "lessons"]),
    ]
    groups = plan_merges(records(items), threshold=0.9)
    assert [[m.event.turn_id for m in g] for g in groups] == [["t2", "t3"]]


def test_merging_compares_the_turns_own_words_not_their_context(make_item, records, terms):
    def said(text: str, turn: str, ts: int, before: str) -> IndexItem:
        return make_item("alice", text, turn=turn, ts=ts)._replace(
            context=terms.context("alice", before)
        )

    items = [
        said("I love green tea", "t1", BASE, "what do you drink in the morning before work"),
        said("I love green tea", "t2", BASE + 1, "any plans for the long weekend with family"),
        said("Thanks, Melanie!", "t3", BASE + 2, "I adopted a puppy from the shelter yesterday"),
        said("Thanks so much, Caroline!", "t4", BASE + 3, "I got the job at the centre"),
    ]
    built = records(items)
    groups = plan_merges(built, threshold=-1.0)  # every vector close enough: words decide
    assert [[m.event.turn_id for m in g] for g in groups] == [["t1", "t2"]]

    merged = merge_group(groups[0]).tokens
    own, context = split_context(merged)
    assert set(own) == set(split_context(built[0].tokens)[0])  # the same words, said twice
    assert set(context) == {t for r in built[:2] for t in split_context(r.tokens)[1]}


def test_the_users_words_never_merge_with_the_assistants(make_item, records):
    mine = make_item("alice", "I love green tea", turn="t1", ts=BASE)
    again = make_item("alice", "I love green tea", turn="t2", ts=BASE + 1)
    echoed = make_item("alice", "I love green tea", turn="t3", ts=BASE + 2)
    echoed = echoed._replace(
        event=echoed.event.model_copy(update={"attributes": {EventAttr.SPEAKER: "assistant"}})
    )
    groups = plan_merges(records([mine, again, echoed]), threshold=-1.0)
    assert [[m.event.turn_id for m in g] for g in groups] == [["t1", "t2"]]


def test_merged_event_counts_raises_confidence_and_unions_evidence(encoder, make_item, records):
    items = [
        make_item("alice", "我喜欢绿茶", turn="t1", ts=BASE, keywords=["绿茶"], confidence=0.6),
        make_item("alice", "我喜欢绿茶", turn="t2", ts=BASE + 5, keywords=["绿茶", "茶"]),
    ]
    first, second = records(items)
    first_merged = merge_group([first, second])
    event = first_merged.event
    assert event.event_id == first.event.event_id, "the oldest id survives"
    assert event.count == 2
    assert event.confidence == pytest.approx(1 - 0.4 * 0.2)
    assert event.confidence > max(first.event.confidence, second.event.confidence)
    assert event.turn_id == "t2"
    assert event.evidence_turn_ids == ["t1"]
    assert event.keywords[0] == "绿茶"
    assert event.source == ExtractionSource.MERGE
    third = records([make_item("alice", "我喜欢绿茶", turn="t3", ts=BASE + 9, confidence=0.5)])[0]
    again = merge_group([first_merged, third]).event
    assert again.count == 3
    assert again.evidence_turn_ids == ["t1", "t2"]


def test_a_merged_event_keeps_its_members_passages_newest_first_and_bounded(make_item, records):
    items = [make_item("alice", "我喜欢绿茶", turn=f"t{i}", ts=BASE + i) for i in range(4)]
    members = records(items)
    width = len(members[0].vector)
    held = [np.full((3, width), i, dtype=np.float32) for i in range(4)]
    members = [dataclasses.replace(m, passages=p) for m, p in zip(members, held, strict=True)]
    members[1] = dataclasses.replace(members[1], passages=None)  # a turn of one sentence
    merged = merge_group(members)
    assert merged.passages is not None
    assert len(merged.passages) == MAX_MERGED_PASSAGES
    np.testing.assert_array_equal(merged.passages[:, 0], [3, 3, 3, 2, 2, 2, 0, 0])
    assert merge_group(records(items[:2])).passages is None


def test_over_the_cap_similar_events_merge_and_nothing_is_lost(store, encoder, make_item, terms):
    settings = EpisodicSettings(max_events_per_user=3, merge_similarity=0.9)
    items = [make_item("alice", "I love green tea", turn=f"t{i}", ts=BASE + i) for i in range(4)]
    items += [make_item("alice", f"distinct topic number {w}") for w in ("alpha", "beta")]
    items += [make_item("bob", "I love green tea", turn=f"b{i}") for i in range(2)]
    report = write_events(store, encoder, terms, items, settings)
    assert report.written == 8
    assert report.merged_groups == 1
    assert report.removed == 3
    assert report.over_cap == {}
    held = from_table(store.scan("alice"))
    assert len(held) == 3
    assert sum(r.event.count for r in held) == 6, "every original event is accounted for"
    (tea,) = [r for r in held if r.event.count == 4]
    assert sorted([tea.event.turn_id, *tea.event.evidence_turn_ids]) == ["t0", "t1", "t2", "t3"]
    assert store.count("bob") == 2, "bob is under the cap: untouched"


def test_when_nothing_is_similar_the_user_stays_over_cap_and_it_is_reported(
    store, encoder, make_item, terms
):
    settings = EpisodicSettings(max_events_per_user=2)
    items = [make_item("alice", t) for t in ("green tea", "export bug", "math homework")]
    report = write_events(store, encoder, terms, items, settings)
    assert report.over_cap == {"alice": 1}
    assert store.count("alice") == 3
    assert enforce_cap(store, "alice", 5, 0.9).removed == 0


def test_a_bad_item_rejects_the_whole_batch(store, encoder, make_item, terms):
    good = make_item("alice", "I love tea")
    bad_event, _, _ = make_item("alice", "original")
    with pytest.raises(EpisodicInputError, match="raw_hash"):
        write_events(
            store, encoder, terms, [good, IndexItem(bad_event, "tampered")], EpisodicSettings()
        )
    assert store.count() == 0
