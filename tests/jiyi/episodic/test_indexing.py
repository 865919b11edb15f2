import numpy as np

from jiyi.episodic.indexing import build_records
from models.hashing import HashingEncoder


class CountingEncoder(HashingEncoder):
    """The hashing encoder, remembering every text it was asked to encode."""

    def __init__(self) -> None:
        super().__init__(128)
        self.seen: list[str] = []

    def encode(self, texts):  # type: ignore[no-untyped-def]
        self.seen += list(texts)
        return super().encode(texts)


def test_a_text_repeated_in_a_batch_is_encoded_once_and_every_event_gets_its_vector(
    make_item, terms
):
    encoder = CountingEncoder()
    items = [make_item(f"user{i}", "ok thanks", turn=f"t{i}") for i in range(3)]
    items.append(make_item("user9", "I love oolong tea", turn="t9"))
    built = build_records(items, encoder, terms, keep_raw_text=False)
    assert len(encoder.seen) == 2
    assert [r.event.event_id for r in built] == [i.event.event_id for i in items]
    alone = HashingEncoder(128).encode(["ok thanks", "I love oolong tea"])
    for record, expected in zip(built, [alone[0]] * 3 + [alone[1]], strict=True):
        np.testing.assert_allclose(record.vector, expected, rtol=1e-6)
