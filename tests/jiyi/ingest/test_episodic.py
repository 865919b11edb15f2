"""Batched embedding and upsert: one encoder call per batch, one bad turn never sinks the rest."""

from __future__ import annotations

from jiyi.composition import Stores
from jiyi.config import LimitsSettings
from jiyi.domain import Event
from jiyi.episodic.records import from_table
from jiyi.ingest import Stage, TurnWork
from jiyi.ingest.episodic import HeldCounts, embed_batch, upsert_batch
from jiyi.ingest.extract import extract_events
from jiyi.ingest.parse import parse_record


def _work(ctx: Stores, turn) -> TurnWork:  # type: ignore[no-untyped-def]
    work = parse_record(
        turn.model_dump_json(),
        key=turn.user_id,
        source="t",
        limits=LimitsSettings(max_content_bytes=4096),
    )
    assert isinstance(work, TurnWork)
    (work,) = extract_events([work], ctx.extract)
    assert isinstance(work, TurnWork)
    return work


class CountingEncoder:
    """The real hashing encoder, counting its calls (to show batching)."""

    def __init__(self, inner) -> None:  # type: ignore[no-untyped-def]
        self.inner, self.calls = inner, 0
        self.dimension, self.space_id = inner.dimension, inner.space_id

    def encode(self, texts):  # type: ignore[no-untyped-def]
        self.calls += 1
        return self.inner.encode(texts)


def test_a_batch_is_embedded_at_once_and_a_bad_turn_is_set_aside(ctx: Stores, make_turn):
    works = [_work(ctx, make_turn(text, user=f"u{i}")) for i, text in
             enumerate(["I love hiking", "我不太理解链式法则", "I hate hiking"])]  # fmt: skip
    empty = works[1].events[0].model_copy(update={"summary": "", "keywords": [], "attributes": {}})
    works[1] = works[1].with_events([Event.model_validate(empty.model_dump())])
    encoder = CountingEncoder(ctx.encoder)

    batch, rejected = embed_batch(works, encoder, ctx.terms, keep_raw_text=False)
    assert [r.stage for r in rejected] == [Stage.EPISODIC]
    assert "nothing to index" in rejected[0].reason
    assert [w.turn.user_id for w in batch.works] == ["u0", "u2"]

    stored, failed = upsert_batch(batch, ctx.episodic, ctx.settings.episodic, HeldCounts())
    assert failed == []
    assert [w.turn.user_id for w in stored] == ["u0", "u2"]
    assert ctx.episodic.count() == 2
    raw = from_table(ctx.episodic.scan("u0"))[0]
    assert raw.raw_text is None  # the raw text is not kept by default


def test_the_cap_check_counts_only_when_a_user_may_be_over() -> None:
    held = HeldCounts()
    assert held.may_exceed("u1", 5, cap=10)  # unknown: must count
    held.set("u1", 3)
    assert not held.may_exceed("u1", 5, cap=10)  # at most 8
    assert held.may_exceed("u1", 5, cap=10)  # at most 13: count again
