"""The `EpisodicStore` contract, run against every backend (see conftest for which run here)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pyarrow as pa
import pytest

from jiyi.domain import EventType
from jiyi.episodic.indexing import index_text
from jiyi.episodic.records import EpisodicInputError, IndexItem, StoredEvent, from_table
from models.embedder import SpaceMismatchError


def test_upsert_then_get_round_trips_every_field(store, encoder, make_item, records):
    event, raw, _ = make_item("alice", "I love hiking in the Alps", keywords=["hiking", "alps"])
    event = event.model_copy(update={"attributes": {"object": "hiking"}, "rule": "en_love"})
    (record,) = records([IndexItem(event, raw)])
    assert store.upsert([record]) == 1
    got = store.get("alice", event.event_id)
    assert got is not None
    assert got.event == event
    assert got.space_id == encoder.space_id
    assert got.tokens == record.tokens
    np.testing.assert_allclose(got.vector, record.vector, rtol=1e-3)  # kept in half precision


def test_passages_round_trip_where_an_event_has_them(store, make_item, records):
    """A turn's passages (`StoredEvent.passages`): as many as it has, none for most rows."""
    with_aside, plain = records([make_item("alice", "I love hiking"), make_item("alice", "Hi")])
    held = np.arange(3 * len(with_aside.vector), dtype=np.float32).reshape(3, -1) / 1000
    store.upsert([dataclasses.replace(with_aside, passages=held), plain])
    got = store.get("alice", with_aside.event.event_id)
    assert got is not None
    assert got.passages is not None
    np.testing.assert_allclose(got.passages, held, rtol=1e-3)  # kept in half precision
    assert store.get("alice", plain.event.event_id).passages is None
    scanned = {r.event.event_id: r for r in from_table(store.scan("alice"))}
    np.testing.assert_allclose(scanned[with_aside.event.event_id].passages, held, rtol=1e-3)
    assert scanned[plain.event.event_id].passages is None


def test_passages_that_are_not_finite_rows_are_refused(store, make_item, records):
    (record,) = records([make_item("alice", "I love hiking")])
    for bad in (np.zeros((0, 4), np.float32), np.full((1, 4), np.nan, np.float32), np.ones(4)):
        with pytest.raises(EpisodicInputError, match="passages"):
            store.upsert([dataclasses.replace(record, passages=bad)])
    assert store.count("alice") == 0


def test_upsert_is_idempotent_by_event_id(store, encoder, make_item, records):
    built = records([make_item("alice", "I love hiking")])
    store.upsert(built)
    store.upsert(built)
    assert store.count("alice") == 1
    changed = built[0].event.model_copy(update={"confidence": 0.3})
    store.upsert(records([IndexItem(changed, "I love hiking")]))
    assert store.count("alice") == 1
    assert store.get("alice", changed.event_id).event.confidence == pytest.approx(0.3)


def test_raw_text_is_not_kept_by_default_only_its_hash(store, encoder, make_item, records, terms):
    event, raw, _ = make_item("alice", "我的手机号是13800000000，我喜欢猫", summary="喜欢猫")
    store.upsert(records([IndexItem(event, raw)]))
    got = store.get("alice", event.event_id)
    assert got.raw_text is None
    assert "13800000000" not in got.tokens
    assert terms.of("alice", "13800000000")[0] in got.tokens  # findable, but only blinded
    table = store.scan("alice")
    assert not any("13800000000" in str(v) for v in table.to_pylist()[0].values())
    assert table.column("raw_hash")[0].as_py() == event.raw_hash


def test_raw_text_is_kept_and_indexed_when_configured(store, encoder, make_item, records, terms):
    event, raw, _ = make_item("alice", "我喜欢在周末去爬山", summary="喜欢爬山")
    store.upsert(records([IndexItem(event, raw)], keep_raw_text=True))
    got = store.get("alice", event.event_id)
    assert got.raw_text == raw
    assert terms.of("alice", "周末")[0] in got.tokens


def test_search_is_scoped_to_one_user_and_ranks_by_similarity(store, encoder, make_item, records):
    store.upsert(
        records(
            [
                make_item("alice", "I love hiking in the mountains"),
                make_item("alice", "I dislike cilantro", EventType.DISLIKE),
                make_item("bob", "I love hiking in the mountains too"),
            ],
        )
    )
    query = encoder.encode(["hiking mountains"])[0]
    hits = store.search("alice", query, limit=10)
    assert [h.event.user_id for h, _ in hits] == ["alice", "alice"]
    assert "hiking" in hits[0][0].event.summary
    assert hits[0][1] >= hits[1][1]
    typed = store.search("alice", query, limit=10, event_types=[EventType.DISLIKE])
    assert [h.event.event_type for h, _ in typed] == [EventType.DISLIKE]


@pytest.mark.parametrize(
    "query",
    ["I love hiking in the mountains", "alice", "*", "' OR user_id = 'alice", "爬山", "x" * 500],
)
def test_user_b_never_sees_user_a_events_whatever_the_query(
    store, encoder, make_item, query, records
):
    store.upsert(
        records(
            [
                make_item("alice", "I love hiking in the mountains"),
                make_item("alice", "我喜欢爬山"),
            ],
        )
    )
    store.upsert(records([make_item("bob", "I like chess")]))
    vector = encoder.encode([query])[0]
    assert all(h.event.user_id == "bob" for h, _ in store.search("bob", vector, limit=50))
    assert set(store.scan("bob").column("user_id").to_pylist()) == {"bob"}
    assert store.scan("carol").num_rows == 0
    assert store.search("carol", vector, limit=5) == []


def test_hostile_user_ids_are_rejected_not_interpolated(store, encoder):
    vector = encoder.encode(["x"])[0]
    for bad in ["' OR '1'='1", "", "a b", "x" * 129]:
        with pytest.raises(EpisodicInputError, match="user_id"):
            store.scan(bad)
        with pytest.raises(EpisodicInputError, match="user_id"):
            store.search(bad, vector, limit=1)
        with pytest.raises(EpisodicInputError, match="user_id"):
            store.delete(bad)


def test_delete_by_id_by_type_and_by_user(store, encoder, make_item, records):
    items = [
        make_item("alice", "I love tea"),
        make_item("alice", "hello there", EventType.GREETING),
        make_item("alice", "nice weather", EventType.SMALL_TALK),
        make_item("bob", "hello", EventType.GREETING),
    ]
    built = records(items)
    store.upsert(built)
    assert store.delete("alice", event_ids=[built[0].event.event_id]) == 1
    assert store.get("alice", built[0].event.event_id) is None
    assert store.delete("alice", event_types=[EventType.GREETING]) == 1
    assert store.count("bob") == 1, "deleting alice's greetings must leave bob's"
    assert store.delete("alice") == 1
    assert store.count("alice") == 0
    assert store.count("bob") == 1
    assert store.delete("alice", event_ids=[built[3].event.event_id]) == 0, "bob's id, alice's call"
    assert store.count() == 1


def test_bad_event_ids_and_types_are_rejected(store):
    with pytest.raises(EpisodicInputError, match="event_id"):
        store.get("alice", "nope'")
    with pytest.raises(EpisodicInputError, match="event_types"):
        store.scan("alice", event_types=["not_a_type"])


def test_scan_returns_arrow_for_batch_jobs(store, encoder, make_item, records):
    store.upsert(records([make_item("alice", "a cat"), make_item("bob", "a dog")]))
    everything = store.scan()
    assert isinstance(everything, pa.Table)
    assert everything.num_rows == 2
    assert sorted(everything.column("user_id").to_pylist()) == ["alice", "bob"]
    assert store.scan("bob").column("user_id").to_pylist() == ["bob"]
    store.upsert(records([make_item("bob", "hi", EventType.GREETING)]))
    greetings = store.scan(event_types=[EventType.GREETING])
    assert greetings.column("summary").to_pylist() == ["hi"]
    assert store.scan("bob", event_types=[]).num_rows == 0
    (record,) = from_table(store.scan("alice"))
    assert record.event.summary == "a cat"
    assert record.vector.shape == (encoder.dimension,)


def test_a_repack_after_a_rewrite_leaves_every_read_as_the_store_holds_it(
    store, make_item, records
):
    store.upsert(records([make_item("alice", "a recipe", confidence=0.5)]))
    store.scan("alice")
    store.upsert(records([make_item("alice", "a recipe", confidence=0.9)]))
    assert store.repack() >= 0
    assert store.scan("alice").column("confidence").to_pylist() == [pytest.approx(0.9)]
    assert set(store.read_users()) <= {"alice"}
    assert store.repack(["alice", "nobody"]) >= 0  # a user without rows is no error
    assert store.scan("alice").column("confidence").to_pylist() == [pytest.approx(0.9)]


def test_vectors_from_another_space_are_refused_before_anything_is_written(
    store, encoder, make_item, records
):
    good, bad = records([make_item("alice", "one"), make_item("alice", "two")])
    foreign = StoredEvent(bad.event, bad.vector, "other-model+base/128", bad.tokens)
    with pytest.raises(SpaceMismatchError, match="other-model"):
        store.upsert([good, foreign])
    assert store.count("alice") == 0
    wrong_dim = StoredEvent(bad.event, bad.vector[:10], bad.space_id, bad.tokens)
    with pytest.raises(EpisodicInputError, match="vector"):
        store.upsert([wrong_dim])
    assert store.count() == 0


def test_build_records_rejects_raw_text_that_does_not_match_the_hash(encoder, make_item, records):
    event, _, _ = make_item("alice", "original")
    with pytest.raises(EpisodicInputError, match="raw_hash"):
        records([IndexItem(event, "tampered")], True)


def test_build_records_rejects_an_event_with_nothing_to_index(encoder, make_item, records):
    event, raw, _ = make_item("alice", "x", summary="")
    with pytest.raises(EpisodicInputError, match="nothing to index"):
        records([IndexItem(event, raw)])


def test_index_text_is_summary_keywords_object_or_the_raw_text_when_kept(make_item):
    event, raw, _ = make_item("alice", "full raw text here", keywords=["k1"], summary="short")
    labels = {"lang": "en", "object_kind": "food", "polarity": "positive"}
    event = event.model_copy(update={"attributes": {"object": "tea", **labels}})
    assert index_text(event) == "short k1 tea"
    assert index_text(event, raw) == "full raw text here"


def test_a_batch_repeating_an_event_stores_it_once_the_last_version_winning(
    store, encoder, make_item, records
):
    event, raw, _ = make_item("alice", "I love tea")
    again = event.model_copy(update={"confidence": 0.4})
    store.upsert(records([IndexItem(event, raw), IndexItem(again, raw)]))
    assert store.count("alice") == 1
    assert store.get("alice", event.event_id).event.confidence == pytest.approx(0.4)


def test_the_index_key_comes_from_settings_or_a_key_file_in_the_data_dir(tmp_path):
    from jiyi.composition import DataLayout, open_index_terms
    from jiyi.config import Settings

    settings = Settings(data_dir=tmp_path)
    first = open_index_terms(settings).of("alice", "tea")
    assert DataLayout(tmp_path).index_key.exists()
    assert open_index_terms(settings).of("alice", "tea") == first  # another process, same key
    keyed = Settings(data_dir=tmp_path / "other", episodic={"index_key": "k" * 32})
    assert open_index_terms(keyed).of("alice", "tea") != first
    assert not DataLayout(tmp_path / "other").index_key.exists()
