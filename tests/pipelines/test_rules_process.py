"""The rules in a child process read what the worker's thread would, and a child that dies
stops only the batch it held."""

from __future__ import annotations

from pathlib import Path

import pytest

from jiyi.ingest import Erasure, Rejected, Stage, TurnWork
from jiyi.ingest.extract import RuleSettings, extract_among, rule_extractor
from pipelines.rules_process import RulesProcessError, read_rules, rules_process

from .conftest import TEXTS, settings_for, turn_for

pytestmark = pytest.mark.integration


def works(count: int) -> list[TurnWork | Erasure]:
    items: list[TurnWork | Erasure] = [
        TurnWork(source=f"log:0:{i}", payload="{}", turn=turn_for(i % 3, i)) for i in range(count)
    ]
    bell = turn_for(0, 0).model_copy(update={"content": "ring the bell \x07 now"})
    items.insert(2, TurnWork(source="log:0:bell", payload="{}", turn=bell))
    items.insert(4, Erasure(key="user1", source="log:0:erased"))
    return items


def test_the_child_reads_what_the_workers_thread_would_with_erasures_in_place(
    tmp_path: Path,
) -> None:
    settings = settings_for(tmp_path)
    items = works(len(TEXTS))
    read = read_rules(settings, items)
    assert read == extract_among(items, rule_extractor(RuleSettings.of(settings)))
    assert read[4] == items[4]  # the erasure, where it was among its user's turns
    assert isinstance(read[2], Rejected)
    assert read[2].stage is Stage.EXTRACT
    assert read[2].reason.startswith("ExtractionInputError")
    assert sum(len(item.events) for item in read if isinstance(item, TurnWork)) >= len(TEXTS)


def test_a_child_that_died_fails_its_batch_and_the_next_batch_starts_another(
    tmp_path: Path,
) -> None:
    settings = settings_for(tmp_path)
    child = rules_process(settings)
    child._child.kill()
    child._child.wait()
    with pytest.raises(RulesProcessError, match="exited"):
        child.read_rules(works(2))
    assert len(read_rules(settings, works(2))) == 4
    assert rules_process(settings) is not child
