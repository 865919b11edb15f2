"""`jiyi bench beliefs`: scenario files checked at the door, states judged, the write path run."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from jiyi.bench import beliefs
from jiyi.bench.beliefs import BeliefState, Reading, ScenarioFileError
from jiyi.config import load_settings
from jiyi.domain import EdgeSource, Entity, EntityKind, RelationKind
from jiyi.graph.queries import Belief

SCENARIO = {
    "id": "en_tiny",
    "lang": "en",
    "title": "a fact, a feeling of someone else, an allergy",
    "covers": ["identity", "attribution"],
    "consent": True,
    "evaluate_at": "2026-03-10T09:00:00+00:00",
    "turns": [
        {"session": "s1", "at": "2026-03-01T10:00:00+00:00", "role": "user",
         "content": "hi! I live in Lyon btw"},
        {"session": "s1", "at": "2026-03-01T10:01:00+00:00", "role": "assistant",
         "content": "Lyon, lovely. What are we studying?"},
        {"session": "s2", "at": "2026-03-05T10:00:00+00:00", "role": "user",
         "content": "my dad swears by flashcards. also I'm allergic to peanuts"},
    ],
    "expect": [
        {"relation": "lives_in", "object": ["Lyon"], "state": "firm"},
        {"relation": "allergic_to", "object": ["peanuts", "peanut"], "state": "firm"},
        {"relation": "prefers", "object": ["flashcards"], "state": "absent"},
        {"relation": "learning_style", "object": ["flashcards"], "state": "absent"},
    ],
}  # fmt: skip


def write(folder: Path, scenario: dict, name: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name or scenario['id']}.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    return path


def belief(relation: RelationKind, name: str, confidence: float, *aliases: str) -> Belief:
    entity = Entity(entity_id="e", kind=EntityKind.CONCEPT, name=name, aliases=list(aliases))
    return Belief(relation, entity, confidence, confidence, EdgeSource.RULE, [], 0, "edge")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"expect": [{"relation": "owns", "object": ["a car"], "state": "firm"}]},
         "expect.0.relation"),
        ({"expect": [{"relation": "goal", "object": ["x"], "state": "sure"}]}, "expect.0.state"),
        ({"turns": []}, "turns"),
        ({"evaluate_at": "2026-02-01T00:00:00+00:00"}, "evaluate_at"),
        ({"consent": None}, "consent"),
    ],
)  # fmt: skip
def test_a_malformed_scenario_names_the_file_the_scenario_and_the_field(tmp_path, change, field):
    write(tmp_path, SCENARIO | change)
    with pytest.raises(ScenarioFileError, match=rf"en_tiny\.json: scenario 'en_tiny': .*{field}"):
        beliefs.load_scenarios(tmp_path)


def test_a_scenario_whose_id_is_not_its_file_name_is_refused(tmp_path):
    write(tmp_path, SCENARIO, name="other")
    with pytest.raises(ScenarioFileError, match="id: must equal the file name 'other'"):
        beliefs.load_scenarios(tmp_path)


def test_unreadable_json_names_the_file(tmp_path):
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    with pytest.raises(ScenarioFileError, match=r"broken\.json: not readable JSON"):
        beliefs.load_scenarios(tmp_path)


def test_the_bundled_dev_scenarios_load():
    scenarios = beliefs.load_scenarios(beliefs.SCENARIO_DIR)
    assert len(scenarios) >= 24
    assert {s.lang for s in scenarios} == {"zh", "en"}
    assert {t for s in scenarios for t in s.covers} == set(beliefs.Tag)


def test_states_are_judged_by_decayed_confidence_and_names_by_any_form():
    [scenario] = [beliefs.Scenario.model_validate(SCENARIO)]
    held = [
        belief(RelationKind.LIVES_IN, "lyon", 0.9),  # case aside
        belief(RelationKind.ALLERGIC_TO, "nuts", 0.3, "Peanut"),  # weak, named by an alias
        belief(RelationKind.GOAL, "pass it", 0.6),  # names nothing expected: junk
        belief(RelationKind.PREFERS, "flashcards", 0.15),  # under 0.2: not held
    ]
    result = beliefs.judge("x", [(scenario, Reading(held, child_mode=False))])
    states = {j.expectation.relation: j.state for j in result.judgements}
    assert states[RelationKind.LIVES_IN] is BeliefState.FIRM
    assert states[RelationKind.ALLERGIC_TO] is BeliefState.WEAK
    assert states[RelationKind.PREFERS] is BeliefState.ABSENT
    assert result.met() == (3, 4)
    assert [k.belief.entity.name for k in result.junk] == ["pass it"]
    assert result.held == 3
    assert result.child_mode_right == 1


def test_a_grade_named_with_or_without_its_article_is_one_name():
    expectation = beliefs.Expectation(
        relation=RelationKind.GOAL, object=["A in chemistry"], state=BeliefState.FIRM
    )
    assert beliefs.names(belief(RelationKind.GOAL, "an A in chemistry", 0.7), expectation)
    assert beliefs.names(belief(RelationKind.GOAL, "the A in chemistry", 0.7), expectation)


@pytest.mark.integration
def test_the_bench_runs_the_write_path_next_to_its_baselines(tmp_path):
    write(tmp_path / "scenarios", SCENARIO)
    settings = load_settings(data_dir=tmp_path / "unused", embedder={"model": "hashing:64"})
    result = beliefs.run(beliefs.load_scenarios(tmp_path / "scenarios"), settings)
    by_name = {s.name: s for s in result.systems}
    assert set(by_name) == {"nothing held", "rules alone", "rules, read", "jiyi"}
    assert by_name["nothing held"].met() == (2, 4)
    assert by_name["jiyi"].met() == (4, 4)
    assert by_name["jiyi"].junk == []
    text = beliefs.report(result, verbose=True)
    assert "states met" in text
    assert "junk" in text
    assert "per tag" in text
    assert json.loads(beliefs.to_json(result))["jiyi"]["states_met"] == 1.0


MESSAGES = [
    {"id": "en-1", "lang": "en", "text": "hi! I live in Lyon btw",
     "claims": [{"relation": "lives_in", "object": ["Lyon"], "state": "firm"}]},
    {"id": "en-2", "lang": "en", "text": "my dad swears by flashcards", "claims": []},
]  # fmt: skip


def write_messages(path: Path, lines: list[dict | str]) -> Path:
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def test_labelled_messages_become_one_turn_chats_with_consent(tmp_path):
    scenarios = beliefs.load_messages(write_messages(tmp_path / "m.jsonl", MESSAGES))
    assert [s.id for s in scenarios] == ["message_en_1", "message_en_2"]
    first, second = scenarios
    assert first.consent
    assert [t.content for t in first.turns] == ["hi! I live in Lyon btw"]
    assert first.evaluate_at > first.turns[0].at
    assert second.expect == []  # whatever it leaves held is junk


@pytest.mark.parametrize(
    ("line", "where"),
    [
        ("{not json", "m.jsonl:2: not JSON"),
        ({"id": "en-3", "lang": "fr", "text": "salut"}, "m.jsonl:2: message 'en-3': lang"),
        ({"id": "en-3", "lang": "en", "text": "x",
          "claims": [{"relation": "goal", "object": [], "state": "firm"}]},
         "m.jsonl:2: message 'en-3': claims.0.object"),
        ({"id": "zh-3", "lang": "zh", "text": "我上四年级", "child_mode": "yes"},
         "m.jsonl:2: message 'zh-3': child_mode"),
    ],
)  # fmt: skip
def test_a_malformed_message_names_the_file_the_line_and_the_field(tmp_path, line, where):
    path = write_messages(tmp_path / "m.jsonl", [MESSAGES[0], line])
    with pytest.raises(ScenarioFileError, match=re.escape(where)):
        beliefs.load_messages(path)


def test_a_childs_message_is_judged_on_the_child_mode_it_must_switch_on(tmp_path):
    claim = {"relation": "school_year", "object": ["四年级"], "state": "absent"}
    child = {
        "id": "zh-4",
        "lang": "zh",
        "text": "我上四年级",
        "child_mode": True,
        "claims": [claim],
    }
    path = write_messages(tmp_path / "m.jsonl", [MESSAGES[0], child])
    adult, child_case = beliefs.load_messages(path)
    assert (adult.child_mode, child_case.child_mode) == (False, True)  # absent means an adult
    switched = beliefs.judge("x", [(child_case, Reading([], child_mode=True))])
    left_on = beliefs.judge("x", [(child_case, Reading([], child_mode=False))])
    assert (switched.child_mode_right, left_on.child_mode_right) == (1, 0)


def test_the_bundled_message_files_load():
    for path in sorted(beliefs.MESSAGE_DIR.glob("*.jsonl")):
        assert len(beliefs.load_messages(path)) >= 200


@pytest.mark.integration
def test_the_bench_judges_messages_on_the_write_path(tmp_path):
    settings = load_settings(data_dir=tmp_path / "unused", embedder={"model": "hashing:64"})
    cases = beliefs.load_messages(write_messages(tmp_path / "m.jsonl", MESSAGES))
    by_name = {s.name: s for s in beliefs.run(cases, settings).systems}
    assert by_name["jiyi"].met() == (1, 1)
    assert by_name["jiyi"].junk == []  # the dad's flashcards are not the user's
    assert "per relation" in beliefs.report(beliefs.run(cases, settings))
