from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from jiyi.config import Settings
from jiyi.domain import Event, Turn
from jiyi.extraction.engine import extract, extract_all
from jiyi.extraction.residue import ResidueClassifier, lexical_encoder, load_exemplars
from jiyi.ingest import Rejected, Stage, TurnWork
from jiyi.ingest.extract import extract_events
from jiyi.ingest.parse import admit_turn
from tests.jiyi.ingest.conftest import MakeTurn


class BreaksOn:
    """The lexical classifier, failing any call that holds `text` (a model's error on one turn)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._classifier = ResidueClassifier(lexical_encoder(), load_exemplars())
        self.calls: list[int] = []

    def extract_all(self, turns: Sequence[Turn]) -> list[Event]:
        self.calls.append(len(turns))
        if any(turn.content == self._text for turn in turns):
            raise RuntimeError("the model gave up")
        return self._classifier.extract_all(turns)


def _extracted(
    settings: Settings, make_turn: MakeTurn, residue: BreaksOn, *texts: str
) -> tuple[list[Turn], list[TurnWork | Rejected]]:
    """The turns said, and what the extract step made of them as one batch."""
    said = [make_turn(text) for text in texts]
    works = []
    for t in said:
        work = admit_turn(t, payload=t.model_dump_json(), source="test", limits=settings.limits)
        assert isinstance(work, TurnWork)
        works.append(work)
    return said, extract_events(works, partial(extract_all, residue=residue))


def test_a_batch_is_read_in_one_call_with_each_turn_as_alone(
    settings: Settings, make_turn: MakeTurn
) -> None:
    residue = BreaksOn("never said")
    said, results = _extracted(
        settings, make_turn, residue, "I love hiking.", "Purple elephants dance", "嗯嗯好的呀"
    )
    assert [w.events for w in results if isinstance(w, TurnWork)] == [
        tuple(extract(turn, residue)) for turn in said
    ]
    assert residue.calls[0] == 2  # the two turns no rule reads, together


def test_a_batch_that_fails_sets_aside_only_the_turn_at_fault(
    settings: Settings, make_turn: MakeTurn
) -> None:
    fails = BreaksOn("Purple elephants dance")
    assert extract_events([], partial(extract_all, residue=fails)) == []
    said, results = _extracted(
        settings, make_turn, fails, "Owls hum", "Purple elephants dance", "Fog"
    )
    assert [type(r) for r in results] == [TurnWork, Rejected, TurnWork]
    rejected = results[1]
    assert isinstance(rejected, Rejected)
    assert (rejected.stage, rejected.reason) == (Stage.EXTRACT, "RuntimeError: the model gave up")
    assert [w.turn for w in results if isinstance(w, TurnWork)] == [said[0], said[2]]
