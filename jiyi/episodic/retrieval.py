"""Recall from the episodic tier: type filter, then hybrid vector + BM25 ranking, then priors.

Pipeline for one user and one query:
1. the store returns that user's rows (optionally of some types only): the user filter sits
   at the storage boundary, so nothing here can see another user's rows;
2. two channels score every event: cosine similarity to the query vector, BM25 over the blinded
   terms (`jiyi.episodic.terms`: the query's terms are blinded with the same user key); a
   third, for users with events in a CJK script, when the encoder has a second channel for them
   (`models.channels`: the multilingual USE beside MiniLM): cosine in that channel; a fourth,
   the cosine of the query to the whole turn each event came from (`TurnChannelEncoder`): the
   event's own vector is of its ≤ 50-character summary in the default minimised mode; a fifth,
   the cosine to the turn's best passage, for a fact said in an aside of a turn about something
   else, or to the turn read with the question it replies to (`reply_pairs`; a Chinese
   turn's pair in the CJK channel);
3. the channels are fused: by default a weighted sum of standardised scores (`fuse`), each
   channel's score counted in standard deviations above that query's mean over the user's
   events, so a channel weighs in as far as it tells events apart for this query; reciprocal-
   rank fusion keeps only ranks (on LoCoMo dev, RRF of BM25 and MiniLM ranks below BM25 alone);
   an event then rises part of the way toward the best of the same speaker's turns around
   its turn in its session (`neighbour_weight`): an answer is often said beside the words
   that ask for it; and, further, toward the turn just before its own when that turn asks
   something (`answer_weight`): a reply seldom repeats the words of the question it answers;
4. priors scale the fused relevance: retrieval weight (noise, "don't bring that up") in full,
   confidence and recency mildly, and, when the query names a time ("two weeks ago", "上周六",
   `jiyi.episodic.timeframe`), nearness to it, and whether the event's speaker is the one
   the query asks about (`jiyi.episodic.query`); an event that is itself a question loses a
   little (`question_weight`). Every hit carries all of these parts: why it was recalled.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from jiyi import clock
from jiyi.config import EpisodicSettings
from jiyi.domain import Event, EventType, text_hash
from jiyi.episodic.bm25 import K1, B, column_scores
from jiyi.episodic.query import (
    PLAIN,
    QueryAnalysis,
    analyse,
    first_talk_prior,
    said_by_user,
    speaker_match,
)
from jiyi.episodic.records import (
    EVENT_COLUMNS,
    EpisodicInputError,
    PassageBlock,
    check_user,
    float32_values,
    indexed_events,
    passage_block,
)
from jiyi.episodic.store import EpisodicStore
from jiyi.episodic.terms import TERM_CHARS, IndexTerms
from jiyi.episodic.timeframe import LAST_MS, closeness
from jiyi.episodic.user_rows import DerivedCache
from models.channels import (
    TurnChannelEncoder,
    TurnParts,
    channel_cosines,
    cjk_channels,
    cjk_part,
    cjk_rows,
    cjk_vectors,
    has_cjk,
    own_vector_encoder,
    primary_encoder,
    split_turn_channel,
)
from models.embedder import SpaceEncoder, check_space, encode_queries

DAY_MS = 86_400_000
MAX_QUERY_CHARS = 2000
_READERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="jiyi-recall-read")
_CJK_QUERIES = ThreadPoolExecutor(max_workers=4, thread_name_prefix="jiyi-recall-cjk")
HIT_COLUMNS = frozenset((*EVENT_COLUMNS, "raw_text"))
NEIGHBOUR_TURNS = 2  # turns each side of a turn that `neighbour_relevance` reads


@dataclass(frozen=True)
class RetrievalConfig:
    """How recall ranks; kept apart from the search itself so benches can vary one knob."""

    fusion: Literal["standard", "convex", "rrf"] = "standard"
    lexical_weight: float = 0.6  # the packaged embedder is English-only and weaker than BM25
    vector_weight: float = 0.4
    # The CJK channel (`models.channels`), for events with CJK characters only: absent for
    # English, so an English-only user's ranking is the two channels above, unchanged.
    cjk_vector_weight: float = 0.5
    # The turn channel (`TurnChannelEncoder`): the whole turn's vector beside the event's own.
    # Events without one (`jiyi.episodic.indexing.gets_turn_vector`) get nothing from it.
    turn_vector_weight: float = 0.2
    # The passage channel: the best of the cosines to the turn's passages (a turn of one
    # sentence: to the turn), for events with a turn vector. Dev, minimised, 0 → 0.4:
    # LongMemEval-S turn any@10 0.946 → 0.968, session all@5 0.860 → 0.903, no category lower;
    # LoCoMo any@10 0.840 → 0.834 (adversarial questions). Replayed offline, 0.3 gains less and
    # loses as much; scoring only turns with passages costs LongMemEval-S preference questions.
    passage_vector_weight: float = 0.4
    # A reply says what its question asked about only together with it ("They were awestruck
    # and humbled." after "How did they react when they saw it?"), so the user's turn that
    # follows one asking something in its session is scored also as that pair, in the passage
    # channel (`reply_pairs`). Dev, minimised: LoCoMo turn any@5 / any@10 / all@5 / all@10
    # 0.741 / 0.832 / 0.657 / 0.749 → 0.747 / 0.842 / 0.661 / 0.758; LongMemEval-S and
    # MemoryBank unchanged. Pairing an assistant's answer too cost LongMemEval-S session
    # multi-session all@5 a question. A Chinese turn has no turn vector: its pair is read in
    # the CJK channel, from the turns' vectors there, after an assistant's turn that asks too
    # (`asking_rows`). MemoryBank zh dev, minimised: 0.897 / 0.983 / 0.776 / 0.914 → 0.948 /
    # 0.983 / 0.828 / 0.914 (raw mode: multi-hop all@5 one question lower); English unchanged.
    reply_pairs: bool = True
    rrf_k: int = 60
    # Priors break ties between comparably relevant events; they must not outweigh relevance:
    # extraction confidence says how sure the type is, not how well the event fits the query.
    confidence_weight: float = 0.2  # a 0.5-confidence event loses 10 % against a certain one
    recency_weight: float = 0.1  # an event a half-life old loses 5 % of its relevance
    recency_half_life_days: float = 30.0
    # What the query says (`jiyi.episodic.query`) may weigh more than a prior: it is part of
    # the question. When it names a time, an event far outside it loses this share of its
    # relevance: the expression narrows the search without hiding a strong match from another
    # day (LongMemEval-S dev: 0.4 and more cost recall, turns are dated when said, not done).
    timing_weight: float = 0.2
    # "我们第一次聊天时…", the user's first session: MemoryBank zh dev, minimised, 0 → 0.5: turn
    # any@5 0.897 → 0.931, temporal 0.667 → 1.000 (its three such questions; 0.3 ranks one
    # lower, 0.8 none higher).
    first_talk_weight: float = 0.5
    # "How did you feel when you saw it?" is answered by a turn that expresses a feeling, often
    # in none of the question's words ("So excited!"), while turns that name the occasion say
    # nothing of it; so when the query asks how someone felt or reacted (`analyse`), an event
    # that is not an emotion (`EventType.EMOTION`) loses this share. On LoCoMo dev, 44 % of
    # the rows of the turns that answer such questions are emotions, against 10 % of all rows.
    # Dev, minimised, turn any@5 / any@10 / all@5 / all@10, 0 → 0.15: LoCoMo 0.776 / 0.879 /
    # 0.683 / 0.786 → 0.780 / 0.883 / 0.687 / 0.790, no category lower; MemoryBank and
    # LongMemEval-S unchanged (no such question). Replayed, 0.2 costs raw mode an
    # adversarial question and 0.3 a multi-hop one; the same cue for likes (preference
    # events) or plans (goals) gained nothing and cost single questions.
    feeling_weight: float = 0.15
    # The other speaker's events lose this share: "what did you recommend" wants the assistant's
    # turns, "how many hours did I spend" the user's (LongMemEval-S dev: flat from 0.4 to 0.7).
    speaker_weight: float = 0.5
    # An event that is itself a question (`EventType.QUESTION`: "what do you love about
    # camping?") repeats the words of a question about the same thing and states nothing, so
    # it crowds the statements out of the top k, the second and third piece of a many-part
    # answer first. Dev, minimised, 0 → 0.05: LoCoMo turn all@10 multi-hop 0.162 → 0.203, all
    # 0.747 → 0.756 (any@5/10 of multi-hop one question less); LongMemEval-S turn any@10
    # 0.935 → 0.946, the rest unchanged; MemoryBank unchanged. Offline, 0.1 and more cost
    # LongMemEval-S turn all@5 (two questions), 0.3 three questions in some category.
    question_weight: float = 0.05
    # An answer often shares no word with its question while a turn beside it does ("I
    # finally finished the sunrise painting." / "Hung it in the hallway, it looks great.", for
    # "where did I hang my painting of the sunrise?"), so an event's relevance closes this
    # share of its gap to the most relevant of the same speaker's turns within
    # `NEIGHBOUR_TURNS` each side of its own in its session (`neighbour_relevance`). A turn
    # that matches as well as its neighbours gains nothing, so a run of matching turns is not
    # lifted as a block over other sessions' evidence. Dev, minimised, turn any@5 / any@10 /
    # all@5 / all@10, 0 → 0.3: LoCoMo 0.762 / 0.844 / 0.677 / 0.758 → 0.770 / 0.865 / 0.683 /
    # 0.774; MemoryBank zh 0.966 / 0.983 / 0.845 / 0.914 → 0.983 / 0.983 / 0.897 / 0.948;
    # LongMemEval-S 0.957 / 0.989 / 0.796 / 0.914 → 0.946 / 0.989 / 0.806 / 0.903, sessions
    # unchanged. The cost, a question in a few cells: LoCoMo multi-hop all@5 and all@10 and
    # adversarial any@10, LongMemEval-S preference any@5 and all@10. 0.2 gains less, 0.5
    # costs LoCoMo multi-hop all@10 four questions.
    neighbour_weight: float = 0.3
    # A reply often holds none of the words a question about it uses, while the question it
    # replies to does ("How did they react when they saw it?" / "They were awestruck and
    # humbled."), so a turn right after one that asks something, in its session, closes this
    # share of its gap to that turn's relevance (`asked_relevance`); the larger of this and the
    # neighbours' lift counts. Dev, minimised, turn any@5 / any@10 / all@5 / all@10, 0 → 0.5:
    # LoCoMo 0.770 / 0.865 / 0.683 / 0.774 → 0.776 / 0.879 / 0.685 / 0.788 (open-domain @5 one
    # question lower); LongMemEval-S and MemoryBank unchanged. Replayed, 0.3 changes nothing
    # and 0.6 gains LoCoMo two questions more but costs LongMemEval-S temporal one.
    answer_weight: float = 0.5
    k1: float = K1
    b: float = B


DEFAULT_CONFIG = RetrievalConfig()


def config_for(settings: EpisodicSettings) -> RetrievalConfig:
    """The deployment's fusion (`episodic.fusion`, `lexical_weight`, `vector_weight`), the
    query-analysis priors (`speaker_weight`, `timing_weight`, `first_talk_weight`) and
    `question_weight`."""
    return RetrievalConfig(
        fusion=settings.fusion,
        lexical_weight=settings.lexical_weight,
        vector_weight=settings.vector_weight,
        cjk_vector_weight=settings.cjk_vector_weight,
        turn_vector_weight=settings.turn_vector_weight,
        passage_vector_weight=settings.passage_vector_weight,
        reply_pairs=settings.reply_pairs,
        speaker_weight=settings.speaker_weight,
        timing_weight=settings.timing_weight,
        first_talk_weight=settings.first_talk_weight,
        feeling_weight=settings.feeling_weight,
        question_weight=settings.question_weight,
        neighbour_weight=settings.neighbour_weight,
        answer_weight=settings.answer_weight,
    )


@dataclass(frozen=True)
class ScoreParts:
    """Why an event was recalled: each channel's raw score and rank, the priors, the product."""

    vector: float  # cosine similarity to the query (the primary channel's)
    lexical: float  # BM25 score
    vector_rank: int  # 1 = best in the user's events
    lexical_rank: int
    # fused channels, with the turns around it (`neighbours`) and the question it answers
    # (`asked`), in [0, 1]
    relevance: float
    confidence: float
    retrieval_weight: float
    recency: float  # 0.5 ** (age / half-life)
    timing: float  # nearness to the time the query names, 1.0 when it names none
    speaker: float  # 1.0 when said by the one the query asks about (the user, by default)
    score: float
    cjk_vector: float | None = (
        None  # cosine in the CJK channel; None: the event has no vector there
    )
    turn_vector: float | None = None  # cosine to the whole turn; None: no turn vector
    # cosine to the turn's best passage, or to it read with the question it replies to
    passage_vector: float | None = None  # None: no turn vector
    statement: float = 1.0  # 0.0 when the event is itself a question (`question_weight`)
    first_talk: float = 1.0  # nearness to the user's first session, when the query asks
    feeling: float = 1.0  # 0.0 when the query asks about a feeling and the event expresses none
    neighbours: float = 0.0  # the best fused relevance of the same speaker's turns around it
    asked: float = 0.0  # the fused relevance of the question its turn answers (`asked_relevance`)


@dataclass(frozen=True)
class Hit:
    event: Event
    score: float
    parts: ScoreParts
    raw_text: str | None = None


def _ranks(scores: np.ndarray) -> np.ndarray:
    order = np.argsort(-scores, kind="stable")
    ranks = np.empty(len(scores), dtype=np.int64)
    ranks[order] = np.arange(1, len(scores) + 1)
    return ranks


def _unit(scores: np.ndarray) -> np.ndarray:
    low, high = float(scores.min()), float(scores.max())
    return (scores - low) / (high - low) if high > low else np.zeros_like(scores)


def _standard(scores: np.ndarray) -> np.ndarray:
    spread = float(scores.std())
    return (scores - scores.mean()) / spread if spread > 0 else np.zeros_like(scores)


def _present(scores: np.ndarray, scale: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """`scale` over the events a channel scored (not NaN); the others get 0 from it."""
    out = np.zeros_like(scores)
    present = ~np.isnan(scores)
    out[present] = scale(scores[present])
    return out


def fuse(
    vector: np.ndarray,
    lexical: np.ndarray,
    config: RetrievalConfig = DEFAULT_CONFIG,
    cjk: np.ndarray | None = None,
    turn: np.ndarray | None = None,
    passage: np.ndarray | None = None,
) -> np.ndarray:
    """Relevance in [0, 1] per event from the two channels' scores.

    "standard" (the default) weighs standardised scores: a channel counts by how far an event
    stands out from the user's other events for this query, so the weights adapt to the query
    without a model call. A query of rare, matched words lifts a few events ten or more
    standard deviations on BM25; a channel with nothing to say (flat cosines: a paraphrase the
    encoder does not see, Chinese that MiniLM reads as [UNK]) peaks at the ≈ 3 deviations that
    noise reaches among a few hundred events, so the clear match is kept. "convex" stretched
    each channel onto [0, 1] whatever its spread, giving such a noise peak full weight (dev,
    minimised mode, turn any@5 / all@5: LoCoMo 0.705 / 0.622 → 0.721 / 0.644, MemoryBank zh
    0.810 / 0.672 → 0.828 / 0.690, LongMemEval-S 0.882 / 0.774 → 0.892 / 0.774). The sum is
    mapped onto [0, 1] (min to max) so that priors scale it from a common floor; events no
    channel tells apart all get 1.

    `cjk`, the CJK channel's cosines (NaN for events without a vector there), is a third
    channel, scaled over the events it scored; the others get nothing from it (standardised:
    the channel's mean). Its weight is `cjk_vector_weight` times the share of events it scored:
    a Chinese user's channel counts in full, while the few Chinese lines of an English user
    cannot lift one of themselves over the English events on a spread measured among a handful.
    `turn`, the turn channel's cosines (NaN for events without a turn vector), is weighed the
    same way with `turn_vector_weight`, and `passage`, the best passage's, with
    `passage_vector_weight`. None leaves the channels before it as they were.
    """
    total = config.vector_weight + config.lexical_weight
    partial = [
        (scores, weight * float(np.mean(~np.isnan(scores))))
        for scores, weight in (
            (cjk, config.cjk_vector_weight),
            (turn, config.turn_vector_weight),
            (passage, config.passage_vector_weight),
        )
        if scores is not None
    ]
    total += sum(weight for _, weight in partial)
    if config.fusion == "rrf":
        rrf = config.vector_weight / (config.rrf_k + _ranks(vector)) + config.lexical_weight / (
            config.rrf_k + _ranks(lexical)
        )
        for scores, weight in partial:
            rrf += _present(scores, lambda s, w=weight: w / (config.rrf_k + _ranks(s)))
        return rrf / (total / (config.rrf_k + 1))
    if config.fusion == "standard":
        fused = config.vector_weight * _standard(vector) + config.lexical_weight * _standard(
            lexical
        )
        for scores, weight in partial:
            fused += weight * _present(scores, _standard)
        # events no channel tells apart are equally relevant: the priors alone order them
        return _unit(fused) if np.ptp(fused) > 0 else np.ones_like(fused)
    lexical_unit = lexical / lexical.max() if lexical.max() > 0 else np.zeros_like(lexical)
    convex = config.vector_weight * _unit(vector) + config.lexical_weight * lexical_unit
    for scores, weight in partial:
        convex += weight * _present(scores, _unit)
    return convex / total


def lexical_scores(
    table: pa.Table, query_tokens: Sequence[str], config: RetrievalConfig = DEFAULT_CONFIG
) -> np.ndarray:
    """BM25 of every row's blind-index terms for the query's (blinded) terms."""
    return column_scores(
        table.column("tokens").combine_chunks(), query_tokens, TERM_CHARS, config.k1, config.b
    )


def vector_matrix(table: pa.Table) -> np.ndarray:
    """The rows' vectors as one (rows, dimension) float32 block (stored in half precision)."""
    vectors = table.column("vector").combine_chunks()
    return float32_values(vectors.flatten()).reshape(len(vectors), -1)


def rank(
    table: pa.Table,
    query_vector: np.ndarray,
    lexical: np.ndarray,
    now_ms: int,
    k: int,
    config: RetrievalConfig = DEFAULT_CONFIG,
    analysis: QueryAnalysis = PLAIN,
    channels: QueryChannels | None = None,
) -> list[Hit]:
    """Pure ranking of one user's rows (`arrow_schema`) for one query, given their
    `lexical_scores` and its `analyse`: the best `k` with parts, one per turn (`best_per_turn`).
    Works on columns; `Event`s are rebuilt only for the hits. Rows of a `ChannelEncoder` or
    `TurnChannelEncoder` need `channels` (`query_channels`): the parts' widths and the query's
    vectors in them.
    """
    if table.num_rows == 0:
        return []
    shape = PLAIN_ROWS if channels is None else channels.shape
    facts = row_facts(table, shape, config.reply_pairs)
    if shape.inner_dimension is not None:
        query_vector = split_turn_channel(query_vector[None, :], shape.inner_dimension).own[0]
    cjk_query = None if channels is None else channels.cjk_query
    by_channel = channel_cosines(facts.own, query_vector, shape.primary_dimension, cjk_query)
    cosine, cjk = by_channel.primary, by_channel.cjk
    if cjk is not None and facts.cjk_replies is not None:
        assert cjk_query is not None  # rows with a CJK channel come from a `ChannelEncoder`
        cjk = np.fmax(cjk, facts.cjk_replies.cosines(cjk_query))
    turn = passage = None
    turn_query = None if channels is None else channels.turn_query
    if facts.turn is not None and turn_query is not None:
        turn = (facts.turn @ turn_query).astype(np.float64)
        if shape.passages:
            passage = best_passage(turn, facts.passages, turn_query)
            if facts.turn_replies is not None:
                passage = np.fmax(passage, facts.turn_replies.cosines(turn_query))
    statement, by_user = facts.statement, facts.by_user
    relevance = fuse(cosine, lexical, config, cjk, turn, passage)
    neighbours, asked = np.zeros(len(relevance)), np.zeros(len(relevance))
    if config.neighbour_weight > 0:
        neighbours = neighbour_relevance(relevance, facts.turns, by_user)
    if config.answer_weight > 0:
        asked = asked_relevance(relevance, facts.turns, facts.answering)
    lift = np.maximum(
        config.neighbour_weight * np.maximum(0.0, neighbours - relevance),
        config.answer_weight * np.maximum(0.0, asked - relevance),
    )
    relevance = relevance + lift
    confidence = table.column("confidence").to_numpy()
    weight = table.column("retrieval_weight").to_numpy()
    ts = table.column("ts").to_numpy()
    recency = 0.5 ** (np.maximum(0, now_ms - ts) / DAY_MS / config.recency_half_life_days)
    timing = closeness(ts, analysis.windows) if analysis.windows else np.ones(len(ts))
    first_talk = np.ones(len(ts))
    if analysis.first_talk:  # the session column is read only for such a question
        sessions = table.column("session_id").to_numpy(zero_copy_only=False)
        first_talk = first_talk_prior(ts, sessions, analysis)
    feeling = of_type(table, EventType.EMOTION) if analysis.feeling else np.ones(len(ts))
    speaker = speaker_match(by_user, analysis)
    score = (
        relevance
        * (1.0 - config.confidence_weight + config.confidence_weight * confidence)
        * weight
        * (1.0 - config.recency_weight + config.recency_weight * recency)
        * (1.0 - config.timing_weight + config.timing_weight * timing)
        * (1.0 - config.first_talk_weight + config.first_talk_weight * first_talk)
        * (1.0 - config.feeling_weight + config.feeling_weight * feeling)
        * (1.0 - config.speaker_weight + config.speaker_weight * speaker)
        * (1.0 - config.question_weight + config.question_weight * statement)
    )
    vector_ranks, lexical_ranks = _ranks(cosine), _ranks(lexical)
    best = best_per_turn(facts.turns.row_turn, score, k)
    # a hit shows its event and raw text: its vectors, passages and tokens are neither taken
    # nor decoded
    shown = [name for name in table.column_names if name in HIT_COLUMNS]
    hits = table.select(shown).take(pa.array(best))
    raw_texts = hits.column("raw_text").to_pylist()
    return [
        Hit(
            event=event,
            score=float(score[i]),
            parts=ScoreParts(
                vector=float(cosine[i]),
                lexical=float(lexical[i]),
                vector_rank=int(vector_ranks[i]),
                lexical_rank=int(lexical_ranks[i]),
                relevance=float(relevance[i]),
                confidence=float(confidence[i]),
                retrieval_weight=float(weight[i]),
                recency=float(recency[i]),
                timing=float(timing[i]),
                speaker=float(speaker[i]),
                score=float(score[i]),
                cjk_vector=None if cjk is None or np.isnan(cjk[i]) else float(cjk[i]),
                turn_vector=None if turn is None or np.isnan(turn[i]) else float(turn[i]),
                passage_vector=(
                    None if passage is None or np.isnan(passage[i]) else float(passage[i])
                ),
                statement=float(statement[i]),
                first_talk=float(first_talk[i]),
                feeling=float(feeling[i]),
                neighbours=float(neighbours[i]),
                asked=float(asked[i]),
            ),
            raw_text=raw_text,
        )
        for i, event, raw_text in (
            (best[row], event, raw_texts[row]) for row, event in indexed_events(hits)
        )
    ]


def best_per_turn(turns: np.ndarray, score: np.ndarray, k: int) -> np.ndarray:
    """The rows of the `k` best scores, one per turn (`turns`: per row, a number its turn's rows
    share, as `SessionTurns.row_turn`): a turn's other events (its feedback beside its
    question, each of two facts) would show the reader the same words again (in raw mode the
    same text) in place of another turn."""
    order = np.argsort(-score, kind="stable")
    _, first = np.unique(turns[order], return_index=True)
    return order[np.sort(first)][:k]


def turn_codes(table: pa.Table) -> np.ndarray:
    """Per row, a number its turn's rows share (session and turn id)."""
    turns = pc.binary_join_element_wise(table.column("session_id"), table.column("turn_id"), "\x1f")
    return turns.combine_chunks().dictionary_encode().indices.to_numpy()


def best_passage(turn: np.ndarray, passages: PassageBlock | None, query: np.ndarray) -> np.ndarray:
    """Per row, the largest cosine of the query to one of its turn's passages; the turn's own
    where it has none (a turn of one sentence is its one passage), NaN without a turn vector.
    Only the passages rows hold are multiplied, as one block."""
    best = turn.copy()
    if passages is None:
        return best
    cosines = (passages.vectors @ query).astype(np.float64)
    held = passages.counts > 0
    starts = np.concatenate([[0], np.cumsum(passages.counts)[:-1]])[held]
    best[held] = np.maximum.reduceat(cosines, starts)
    return best


@dataclass(frozen=True)
class ReplyPairs:
    """The user's turns that reply to a turn asking something, each read with it
    (`reply_pairs`): what scoring them for a query needs, worked out once per read of the rows."""

    rows: int
    order: np.ndarray  # the rows in session order
    counts: np.ndarray  # rows per turn, in that order
    replies: np.ndarray  # the replying turns' positions among the turns
    reply_vectors: np.ndarray  # the replies' vectors
    asked_vectors: np.ndarray  # the vectors of the turns they reply to
    pair_norms: np.ndarray  # the length of each pair's sum

    def cosines(self, query: np.ndarray) -> np.ndarray:
        """Per row, the cosine of `query` to its turn read with the one it replies to (the
        mean of the two vectors, at unit length); NaN for a row that is no such reply."""
        pair = np.full(len(self.counts), np.nan)
        summed = self.reply_vectors @ query + self.asked_vectors @ query
        pair[self.replies] = summed / self.pair_norms
        out = np.full(self.rows, np.nan)
        out[self.order] = np.repeat(pair, self.counts)
        return out

    @property
    def nbytes(self) -> int:
        arrays = (self.order, self.counts, self.replies, self.reply_vectors, self.asked_vectors)
        return sum(a.nbytes for a in arrays) + self.pair_norms.nbytes


@dataclass(frozen=True)
class SessionTurns:
    """The rows' turns in the order they were said in each session: what reading a turn with
    the one before it (`reply_pairs`, `asked_relevance`) or with those around it
    (`neighbour_relevance`), and picking one row per turn (`best_per_turn`), need. A turn is
    its session and turn id (`turn_codes`): its events are said together."""

    order: np.ndarray  # the rows in session order (session, time, turn)
    starts: np.ndarray  # where each turn's rows begin in that order
    sessions: np.ndarray  # per turn, a number its session's turns share
    row_turn: np.ndarray  # per row (in the table's order), its turn's place among the turns

    def best(self, values: np.ndarray) -> np.ndarray:
        """Per turn, in session order, the largest of its rows' `values`."""
        return np.maximum.reduceat(values[self.order], self.starts)

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for a in (self.order, self.starts, self.sessions, self.row_turn))


def session_turns(table: pa.Table) -> SessionTurns:
    """`SessionTurns` of a non-empty table. A turn takes its place at the earliest time its
    rows carry, so its rows stay together even where their times differ."""
    codes = turn_codes(table)
    said = np.full(int(codes.max()) + 1, np.iinfo(np.int64).max)
    np.minimum.at(said, codes, table.column("ts").to_numpy())
    keys = pa.table({"session_id": table.column("session_id"), "said": said[codes], "code": codes})
    order = pc.sort_indices(keys, sort_keys=[(k, "ascending") for k in keys.column_names])
    order = order.to_numpy()
    new_turn = np.concatenate(([True], codes[order][1:] != codes[order][:-1]))
    starts = np.flatnonzero(new_turn)
    sessions = table.column("session_id").combine_chunks().dictionary_encode().indices
    row_turn = np.empty(table.num_rows, dtype=np.int64)
    row_turn[order] = np.cumsum(new_turn) - 1
    return SessionTurns(order, starts, sessions.to_numpy()[order[starts]], row_turn)


def neighbour_relevance(
    relevance: np.ndarray, turns: SessionTurns, by_user: np.ndarray
) -> np.ndarray:
    """Per row, the highest relevance among the turns of the same speaker (`by_user`) within
    `NEIGHBOUR_TURNS` turns each side of its turn in its session (0 where there are none); a
    turn's relevance is its best row's. The other speaker's turn beside a match restates it
    (an assistant's reply) or asks about it; what the same speaker says around it carries on
    with it (LongMemEval-S dev, minimised, turn any@5 / all@10: every neighbour 0.935 / 0.892,
    the same speaker's 0.946 / 0.903, none 0.957 / 0.914)."""
    per_turn = turns.best(relevance)
    speaker = by_user[turns.order[turns.starts]]
    best = np.zeros_like(per_turn)
    for gap in range(1, NEIGHBOUR_TURNS + 1):
        beside = (turns.sessions[gap:] == turns.sessions[:-gap]) & (speaker[gap:] == speaker[:-gap])
        best[gap:] = np.where(beside, np.maximum(best[gap:], per_turn[:-gap]), best[gap:])
        best[:-gap] = np.where(beside, np.maximum(best[:-gap], per_turn[gap:]), best[:-gap])
    return best[turns.row_turn]


def answering_turns(in_order: SessionTurns, asks: np.ndarray) -> np.ndarray:
    """Per turn, in session order, whether the turn just before it in its session asked
    something (one of its rows `asks`: `asking_rows`): the turns that may answer a question."""
    asked = in_order.best(asks.astype(np.int8)) > 0
    answering = np.zeros(len(asked), dtype=bool)
    answering[1:] = (in_order.sessions[1:] == in_order.sessions[:-1]) & asked[:-1]
    return answering


def asked_relevance(
    relevance: np.ndarray, turns: SessionTurns, answering: np.ndarray
) -> np.ndarray:
    """Per row, the relevance of the turn just before its own when its turn is `answering`
    (`answering_turns`), else 0; a turn's relevance is its best row's. Whoever said either:
    the user answers an assistant's question as an assistant answers the user's, and in a chat
    between two people each answers the other, often asking back."""
    per_turn = turns.best(relevance)
    before = np.zeros_like(per_turn)
    before[1:] = np.where(answering[1:], per_turn[:-1], 0.0)
    return before[turns.row_turn]


def reply_pairs(
    in_order: SessionTurns, turns: np.ndarray, answering: np.ndarray, by_user: np.ndarray
) -> ReplyPairs:
    """The rows said by the user (`by_user`) whose turn follows one in its session that asked
    something (`answering`: `answering_turns`), where both turns have a vector in
    `turns` (NaN rows where none). The user's reply is what their memory holds; an assistant's
    answer restates what it answers. The pair's vector is the mean of the two turns' vectors,
    as a turn's is the mean of its passages' (`pooled`), so nothing more is stored and a
    replay of the write path is unchanged."""
    # a turn's events share its vector: one entry per turn, in session order
    order, starts = in_order.order, in_order.starts
    vectors = turns[order[starts]]
    held = ~np.isnan(vectors).any(axis=1)
    users = by_user[order[starts]]
    replies = 1 + np.flatnonzero(answering[1:] & users[1:] & held[1:] & held[:-1])
    together = np.einsum("ij,ij->i", vectors[replies], vectors[replies - 1])
    return ReplyPairs(
        len(order),
        order,
        np.diff(starts, append=len(order)),
        replies,
        vectors[replies],
        vectors[replies - 1],
        np.sqrt(2.0 + 2.0 * together),
    )


def whole_turn_vectors(table: pa.Table, parts: TurnParts, width: int) -> np.ndarray:
    """Each row's vector of its whole turn, for pairing a reply with its question: its turn
    vector, else, for a turn no longer than a summary and stored whole as its summary ("They
    were awestruck and humbled."), its own vector (that summary with its keywords), when that
    is the turn channel's model (no adapter) and the row has nothing in a CJK channel beside
    it. Used for the pairs alone: as the turn channel's score too, it cost LoCoMo multi-hop
    any@10 and all@10 a question each (session 29)."""
    assert parts.turn is not None
    turns = parts.turn.copy()
    missing = np.isnan(turns[:, 0]) & ~np.any(parts.own[:, width:] != 0, axis=1)
    if not missing.any():
        return turns
    summaries, hashes = (table.column(c).to_pylist() for c in ("summary", "raw_hash"))
    whole = [i for i in np.flatnonzero(missing) if text_hash(summaries[i]) == hashes[i]]
    turns[whole] = parts.own[whole, :width]
    return turns


def asking_rows(table: pa.Table, statement: np.ndarray) -> np.ndarray:
    """Per row, whether its turn asks something: the row is a question event (`statements`:
    0.0), or what it stores holds a question mark. Extraction types the user's questions
    alone, and an assistant asking back ("你是否休息得够充足呢？") is what the user's next
    turn answers."""
    marked = pc.match_substring_regex(table.column("summary"), "[?？]")
    return (statement == 0.0) | marked.to_numpy(zero_copy_only=False)


def statements(table: pa.Table) -> np.ndarray:
    """1.0 per row that states something, 0.0 per row whose event is a question."""
    return 1.0 - of_type(table, EventType.QUESTION)


def of_type(table: pa.Table, event_type: EventType) -> np.ndarray:
    """1.0 per row whose event is of `event_type`, else 0.0."""
    same = pc.equal(table.column("event_type"), event_type.value)
    return same.to_numpy(zero_copy_only=False).astype(np.float64)


def check_query(query: str) -> str:
    if not isinstance(query, str):
        raise EpisodicInputError(f"query: expected str, got {type(query).__name__}")
    if not query.strip():
        raise EpisodicInputError("query: must not be empty")
    if len(query) > MAX_QUERY_CHARS:
        raise EpisodicInputError(f"query: at most {MAX_QUERY_CHARS} characters, got {len(query)}")
    return query


def recall(
    store: EpisodicStore,
    encoder: SpaceEncoder,
    terms: IndexTerms,
    user_id: str,
    query: str,
    k: int = 10,
    event_types: Sequence[EventType] | None = None,
    now_ms: int | None = None,
    config: RetrievalConfig = DEFAULT_CONFIG,
) -> list[Hit]:
    """The user's `k` best events for `query` (of `event_types` only, if given), one per turn."""
    check_query(query)
    if k < 1:
        raise EpisodicInputError(f"k: must be >= 1, got {k}")
    if now_ms is not None and not 0 <= now_ms <= LAST_MS:
        raise EpisodicInputError(f"now_ms: expected epoch milliseconds in [0, {LAST_MS}]")
    check_space(store.space_id, encoder.space_id, "recall")
    # The store read (and BM25, and a query's CJK-channel vector when its rows need one) and the
    # query embedding overlap: both release the GIL (Rust, ONNX Runtime, numpy or torch), so a
    # recall costs about the slower of the two, not their sum.
    user = check_user(user_id)
    query_tokens = terms.query(user, query)
    embedded = threading.Event()
    reading = _READERS.submit(
        _read_scored, store, encoder, user, event_types, query, query_tokens, config, embedded
    )
    query_vector = encode_queries(encoder, [query])[0]
    embedded.set()
    read = reading.result()
    now_ms = clock.now_ms() if now_ms is None else now_ms
    channels = query_channels(encoder, query_vector, read)
    return rank(
        read.table, query_vector, read.lexical, now_ms, k, config, analyse(query, now_ms), channels
    )


@dataclass(frozen=True)
class RowShape:
    """How an encoder's rows hold their vectors, the same for every query: the primary width of
    a `ChannelEncoder` (None: the rows' own vector is one encoder's), and for a
    `TurnChannelEncoder` the width of the rows' own part, whether rows may hold passages, and
    whether the rows' own vectors are in the turn channel's space (its model, no adapter)."""

    primary_dimension: int | None = None
    inner_dimension: int | None = None
    passages: bool = False
    own_is_turn_space: bool = False


PLAIN_ROWS = RowShape()


def row_shape(encoder: SpaceEncoder) -> RowShape:
    """The shape of the rows `encoder` writes (`PLAIN_ROWS`: one encoder's vector alone)."""
    channels = cjk_channels(encoder)
    primary = None if channels is None else channels.primary.dimension
    if not isinstance(encoder, TurnChannelEncoder):
        return RowShape(primary)
    own_is_turn_space = encoder.turn is primary_encoder(encoder.inner)
    return RowShape(primary, encoder.inner.dimension, encoder.passages > 0, own_is_turn_space)


@dataclass(frozen=True)
class RowFacts:
    """What ranking reads of one user's rows whatever the query: their own vectors, their turn's
    and its passages', their turns read with the questions they answer, and per row whether
    it states, who said it and whether it asks. The row cache (`jiyi.episodic.user_rows`)
    hands out the same table until its user's next write, so these are worked out once for
    the recalls in between (`row_facts`)."""

    own: np.ndarray  # the rows' own vectors (a turn channel's taken off, back at unit length)
    turn: np.ndarray | None  # `TurnParts.turn`
    passages: PassageBlock | None
    statement: np.ndarray  # `statements`
    by_user: np.ndarray  # `said_by_user`
    answering: np.ndarray  # per turn in session order (`answering_turns`)
    turns: SessionTurns
    turn_replies: ReplyPairs | None  # in the turn channel (`reply_pairs`)
    cjk_replies: ReplyPairs | None  # in the CJK channel

    @property
    def nbytes(self) -> int:
        arrays = [self.own, self.statement, self.by_user, self.answering]
        if self.turn is not None:
            arrays.append(self.turn)
        if self.passages is not None:
            arrays.append(self.passages.vectors)
        pairs = (p.nbytes for p in (self.turn_replies, self.cjk_replies) if p is not None)
        return sum(a.nbytes for a in arrays) + self.turns.nbytes + sum(pairs)


FACTS_BYTES = 64 * 1024 * 1024  # as much again as the row cache (`user_rows.CACHE_BYTES`)
_FACTS: DerivedCache[RowFacts] = DerivedCache(FACTS_BYTES)


def row_facts(table: pa.Table, shape: RowShape, reply_pairs: bool) -> RowFacts:
    """`RowFacts` of a non-empty table, from those already worked out for this very table."""
    return _FACTS.get(table, (shape, reply_pairs), lambda: _facts(table, shape, reply_pairs))


def _facts(table: pa.Table, shape: RowShape, pairs: bool) -> RowFacts:
    own, parts = vector_matrix(table), None
    if shape.inner_dimension is not None:
        parts = split_turn_channel(own, shape.inner_dimension)
        own = parts.own
    statement, by_user = statements(table), said_by_user(table.column("attributes"))
    width, said_in_order = shape.primary_dimension, session_turns(table)
    answering = answering_turns(said_in_order, asking_rows(table, statement))
    cjk_replies = turn_replies = passages = None
    if width is not None and pairs and cjk_rows(own, width).any():
        cjk_replies = reply_pairs(said_in_order, cjk_vectors(own, width), answering, by_user)
    turn = None if parts is None else parts.turn
    if parts is not None and turn is not None and shape.passages:
        passages = passage_block(table, turn.shape[1])
        if pairs:
            said = turn
            if shape.own_is_turn_space:
                said = whole_turn_vectors(table, parts, turn.shape[1])
            turn_replies = reply_pairs(said_in_order, said, answering, by_user)
    return RowFacts(
        own,
        turn,
        passages,
        statement,
        by_user,
        answering,
        said_in_order,
        turn_replies,
        cjk_replies,
    )


@dataclass(frozen=True)
class QueryChannels:
    """What ranking rows of a `ChannelEncoder` or a `TurnChannelEncoder` needs: the rows' shape,
    the query's vector in the CJK channel when some row has one there, and the query's unit
    vector in the turn channel."""

    shape: RowShape
    cjk_query: np.ndarray | None = None
    turn_query: np.ndarray | None = None


@dataclass(frozen=True)
class UserRows:
    """One user's rows for a query, read off the critical path: their BM25 scores, whether some
    row holds a CJK-channel vector, and if so the vector there of a query without CJK
    characters (one with them carries it in its own row)."""

    table: pa.Table
    lexical: np.ndarray
    cjk_rows: bool = False
    english_cjk_query: np.ndarray | None = None


def query_channels(
    encoder: SpaceEncoder, query_vector: np.ndarray, read: UserRows
) -> QueryChannels | None:
    """The query's channels for these rows (None for a one-channel encoder)."""
    shape = row_shape(encoder)
    if shape == PLAIN_ROWS:
        return None
    turn_query = None
    if shape.inner_dimension is not None:
        parts = split_turn_channel(query_vector[None, :], shape.inner_dimension)
        query_vector = parts.own[0]
        turn_query = None if parts.turn is None else parts.turn[0]
    cjk_query = None
    if read.cjk_rows and shape.primary_dimension is not None:
        own = cjk_part(query_vector, shape.primary_dimension)  # a CJK query carries it
        cjk_query = own if own is not None else read.english_cjk_query
    return QueryChannels(shape, cjk_query, turn_query)


def _read_scored(
    store: EpisodicStore,
    encoder: SpaceEncoder,
    user_id: str,
    event_types: Sequence[EventType] | None,
    query: str,
    query_tokens: Sequence[str],
    config: RetrievalConfig,
    embedded: threading.Event,
) -> UserRows:
    """The user's rows, scored, beside the query's embedding: the read is usually done first,
    so BM25, and the CJK channel's encoding of a query without CJK characters (asked only when
    some row has a vector there: a user with Chinese memories asking in English; an
    English-only user pays nothing), take nothing from the critical path. The rows'
    `RowFacts`, which ranking needs next, are worked out here too while the query is still
    being embedded (`embedded` not set; the CJK channel's encoding is waited for anyway): the
    embedding runs on ONNX Runtime, off Python's lock. Once it is done they would only hold
    the recall up, which `rank` does as well."""
    table = store.scan(user_id, event_types)
    lexical = lexical_scores(table, query_tokens, config)
    if table.num_rows == 0:
        return UserRows(table, lexical)
    channels = cjk_channels(encoder)
    cjk, english = False, None
    if channels is not None:
        own = vector_matrix(table)[:, : own_vector_encoder(encoder).dimension]
        cjk = bool(cjk_rows(own, channels.primary.dimension).any())
        if cjk and not has_cjk(query):
            english = _CJK_QUERIES.submit(channels.encode_cjk, [query])
    if english is not None or not embedded.is_set():
        row_facts(table, row_shape(encoder), config.reply_pairs)  # kept for `rank`
    return UserRows(table, lexical, cjk, None if english is None else english.result()[0])
