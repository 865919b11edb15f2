"""The learned claim reader: tokens for zh and en alike, a perceptron that learns, spans found
in words it was never shown, deterministic training, and training files refused by line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jiyi.extraction.claim_reader import (
    NONE,
    AveragedPerceptron,
    ClaimReader,
    LabelledSentence,
    TrainingDataError,
    load_training,
    tokens,
    train,
)
from jiyi.extraction.engine import prepare
from jiyi.text import split_sentences


def test_tokens_keep_latin_words_whole_and_split_han_characters_knowing_their_word() -> None:
    toks = tokens("I can't do 链式法则 lol")
    assert [t.text for t in toks] == ["I", "can't", "do", "链", "式", "法", "则", "lol"]
    assert (toks[3].word, toks[3].place, toks[4].place) == ("链式法则", "B", "I")
    assert toks[1].word == ""  # a Latin word needs no jieba word


def test_the_perceptron_learns_a_separable_problem_and_averages() -> None:
    model = AveragedPerceptron()
    model.labels = {"a", "b"}
    data = [(["x", "bias"], "a"), (["y", "bias"], "b")] * 5
    for features, truth in data:
        guess, _ = model.predict(features)
        model.update(truth, guess, features)
    model.average()
    assert model.predict(["x", "bias"])[0] == "a"
    assert model.predict(["y", "bias"])[0] == "b"


def _sentences() -> list[LabelledSentence]:
    frames = [
        ("I keep getting lost on {}", "learning_obstacle"),
        ("honestly {} makes zero sense to me", "learning_obstacle"),
        ("I live in {} now", "lives_in"),
        ("moved to {} last year and love it", "lives_in"),
    ]
    objects = ["fractions", "the subjunctive", "recursion", "Leeds", "Lyon", "Osaka"]
    out = []
    for frame, relation in frames:
        for obj in objects:
            text = frame.format(obj)
            start = text.index(obj)
            out.append(LabelledSentence(text, ((start, start + len(obj), relation, "stated"),)))
    out += [LabelledSentence(f"what is {o}?", ()) for o in objects]
    return out


def test_a_reader_names_spans_and_relations_in_new_words(word_vectors) -> None:
    reader = train(_sentences(), word_vectors)
    found = reader.read("I keep getting lost on derivatives")
    assert [(s.relation, s.text) for s in found] == [("learning_obstacle", "derivatives")]
    assert [(s.relation, s.text) for s in reader.read("I live in Porto now")] == [
        ("lives_in", "Porto")
    ]
    assert reader.read("what is Porto?") == []


def test_training_is_deterministic(word_vectors) -> None:
    one, two = train(_sentences(), word_vectors), train(_sentences(), word_vectors)
    for name in ("tagger", "classifier", "stance"):
        a, b = getattr(one, name), getattr(two, name)
        assert a.index == b.index
        assert (a.weights == b.weights).all()
    pairs = zip(one.classes.centroids, two.classes.centroids, strict=True)
    assert all((a == b).all() for a, b in pairs)


def test_a_saved_reader_reads_as_the_trained_one(tmp_path: Path, word_vectors) -> None:
    reader = train(_sentences(), word_vectors)
    reader.save(tmp_path / "r.npz")
    loaded = ClaimReader.load(tmp_path / "r.npz", word_vectors)
    sentence = "honestly recursion makes zero sense to me"
    assert loaded.read(sentence) == reader.read(sentence) != []
    assert not list(tmp_path.glob("*.partial.npz"))


def _write(tmp_path: Path, *lines: dict) -> Path:
    (tmp_path / "t.jsonl").write_text(
        "\n".join(json.dumps(line, ensure_ascii=False) for line in lines), encoding="utf-8"
    )
    return tmp_path


def test_loading_cuts_sentences_and_places_each_span() -> None:
    message = {
        "id": "x",
        "lang": "en",
        "text": "my mom loves flashcards. i dont get limits at all",
        "claims": [
            {
                "relation": "learning_style",
                "object": ["flashcards"],
                "state": "absent",
                "why": "other",
            },
            {
                "relation": "learning_obstacle",
                "object": ["limits"],
                "state": "firm",
                "why": "stated",
            },
            {
                "relation": "interested_in",
                "object": ["at all"],
                "state": "absent",
                "why": "question",
            },
        ],
    }
    sentences = load_training(
        _write(Path(pytest.importorskip("tempfile").mkdtemp()), message), split_sentences, prepare
    )
    assert [s.text for s in sentences] == ["my mom loves flashcards.", "i don't get limits at all"]
    assert sentences[0].spans == ((13, 23, "learning_style", "other"),)  # the relation, and whose
    assert sentences[1].spans[1][2] == NONE  # a question's topic is no claim


@pytest.mark.parametrize(
    ("claim", "message"),
    [
        ({"relation": "goal", "object": ["Paris"], "state": "firm"}, "is not in the text"),
        ({"relation": "likes", "object": ["maths"], "state": "firm"}, "relation 'likes'"),
        ({"relation": "goal", "object": ["maths"], "state": "firm", "why": "meh"}, "why 'meh'"),
        ({"relation": "goal", "object": [], "state": "firm"}, "must list the span first"),
    ],
)
def test_a_bad_training_line_is_refused_naming_file_line_and_field(
    tmp_path: Path, claim: dict, message: str
) -> None:
    good = {"id": "a", "lang": "en", "text": "I like maths", "claims": []}
    bad = {"id": "b", "lang": "en", "text": "I like maths", "claims": [claim]}
    with pytest.raises(TrainingDataError, match=rf"t\.jsonl:2: claims\[0\].*{message}"):
        load_training(_write(tmp_path, good, bad), split_sentences, prepare)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{oops", "not JSON"),
        ("[1, 2]", "text must be a string"),
        ('{"claims": []}', "text must be a string"),
        ('{"text": "hi", "claims": {}}', "claims must be a list"),
    ],
)
def test_a_malformed_line_is_refused_by_line(tmp_path: Path, line: str, message: str) -> None:
    (tmp_path / "t.jsonl").write_text(f'{{"text": "a", "claims": []}}\n{line}\n', encoding="utf-8")
    with pytest.raises(TrainingDataError, match=rf"t\.jsonl:2: {message}"):
        load_training(tmp_path, split_sentences, prepare)


def test_a_claim_read_as_someone_elses_or_past_is_not_returned(word_vectors) -> None:
    sentences = []
    for obj in ("fractions", "recursion", "the subjunctive", "limits"):
        for text, why in (
            (f"I keep getting lost on {obj}", "stated"),
            (f"my brother keeps getting lost on {obj}", "other"),
            (f"back in school I kept getting lost on {obj}", "past"),
        ):
            at = text.index(obj)
            sentences.append(
                LabelledSentence(text, ((at, at + len(obj), "learning_obstacle", why),))
            )
    reader = train(sentences, word_vectors)
    assert [s.text for s in reader.read("I keep getting lost on derivatives")] == ["derivatives"]
    assert reader.read("my brother keeps getting lost on derivatives") == []
    assert reader.read("back in school I kept getting lost on derivatives") == []
