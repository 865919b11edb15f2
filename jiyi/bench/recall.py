"""`jiyi bench locomo | longmemeval | recall-latency`: does the episodic tier find the evidence?

Recall benches index each conversation (LoCoMo) or question haystack (LongMemEval) as one user:
every turn becomes one event through the real write path (extraction when `jiyi.extraction`
provides an engine, embedding, LanceDB upsert, caps and merging), then each question is asked
through `jiyi.episodic.recall`. Baselines measured in the same run on the same turns: BM25
alone (k1=1.2, b=0.75, `jiyi.text.tokenize`: lower-cased, stopwords removed) and the embedder
alone (cosine), both over the full turn text; with a CJK channel (`models.channels`) "vector" is
the primary model alone and, when some turn has CJK characters, "vector/cjk" the CJK channel's
encoder alone over every turn. Both storage modes are measured: "minimised"
(summary + keywords + hash, the default) and "raw" (`episodic.keep_raw_text`). A hit counts for
every turn it stands for (a merged event covers all its evidence turns).

The latency bench fills one LanceDB store with users × events (texts drawn from the benchmark
dialogues, embedded once) and times `recall` end to end, query embedding included.
"""

from __future__ import annotations

import copy
import json
import multiprocessing
import random
import re
import secrets
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from statistics import quantiles

import numpy as np
import pyarrow as pa

from jiyi.archive.local import local_archive
from jiyi.bench.stats import Percentiles
from jiyi.bench.vector_cache import VectorCache
from jiyi.composition import one_blas_thread, open_local_episodic_store
from jiyi.config import EpisodicSettings, ForgettingSettings, Settings
from jiyi.domain import WHOLE_TURN_RULE, Event, EventType, Role, Turn, event_id_for
from jiyi.episodic.bm25 import BM25
from jiyi.episodic.indexing import build_records
from jiyi.episodic.merging import write_events
from jiyi.episodic.records import IndexItem, arrow_schema, to_table
from jiyi.episodic.retrieval import config_for, recall
from jiyi.episodic.store import EpisodicStore
from jiyi.episodic.terms import IndexTerms
from jiyi.episodic.user_rows import PACKS_QUEUED
from jiyi.extraction import whole_turn_event as extraction_whole_turn_event
from jiyi.maintenance import nightly_for_user
from jiyi.text import index_terms, tokenize
from models.channels import (
    ChannelEncoder,
    TurnChannelEncoder,
    cjk_channels,
    has_cjk,
    primary_encoder,
)
from models.embedder import SpaceEncoder, encode_queries

KS = (5, 10)
SESSION_DEPTH = 60  # events fetched per question when ranking sessions (enough for 10 sessions)
MODES = {"minimised": False, "raw": True}
CJK_BASELINE = "vector/cjk"
REFUSED = "turns refused"  # turns the write path refuses: no event
BASELINES = ("bm25", "vector", CJK_BASELINE)
AFTER_NIGHTLY = "+nightly"  # a mode's row after a nightly run (`maintenance.nightly_for_user`)
# The row of the best any ranking can score: all@k is out of reach for a question with more
# than k pieces of evidence (a LongMemEval-S question has six evidence sessions).
CEILING = "(ceiling)"
RETRIEVERS = [
    *BASELINES,
    *(f"jiyi/{mode}" for mode in MODES),
    *(f"jiyi/{mode}{AFTER_NIGHTLY}" for mode in MODES),
]
RULE_MARGIN = 0.02  # "never worse than its parts": the allowance for noise
_EVIDENCE = re.compile(r"D:?(\d+):(\d+)")


@dataclass(frozen=True)
class BenchTurn:
    turn_id: str
    session_id: str
    text: str
    ts: int
    role: Role = Role.USER


@dataclass(frozen=True)
class BenchQuestion:
    text: str
    category: str
    gold_turns: frozenset[str]
    gold_sessions: frozenset[str]
    ts: int


@dataclass(frozen=True)
class Haystack:
    """One user's history and the questions asked of it."""

    user_id: str
    turns: list[BenchTurn]
    questions: list[BenchQuestion]


def _epoch_ms(value: str, fmt: str) -> int:
    try:
        return int(datetime.strptime(value.strip(), fmt).timestamp() * 1000)
    except ValueError:
        return 0


def dia_id(session: int | str, turn: int | str) -> str:
    return f"D{int(session)}:{int(turn)}"


def parse_evidence(evidence: Sequence[str]) -> frozenset[str]:
    """LoCoMo evidence ids, parsed leniently ("D8:6; D9:17", "D:11:26", "D30:05" all occur)."""
    return frozenset(dia_id(s, t) for item in evidence for s, t in _EVIDENCE.findall(item))


def load_locomo(path: Path, limit: int | None = None) -> Iterator[Haystack]:
    """Conversations; each turn indexed as "speaker: text [shares caption]" (the caption of an
    image the speaker shared, when there is one); questions with no valid evidence skipped."""
    for sample in json.loads(Path(path).read_text(encoding="utf-8")):
        conversation = sample["conversation"]
        turns: list[BenchTurn] = []
        session_numbers = sorted(
            int(key.split("_")[1]) for key in conversation if re.fullmatch(r"session_\d+", key)
        )
        for number in session_numbers:
            start = _epoch_ms(
                conversation.get(f"session_{number}_date_time", ""), "%I:%M %p on %d %B, %Y"
            )
            for i, turn in enumerate(conversation[f"session_{number}"]):
                turn_id = dia_id(*_EVIDENCE.findall(turn["dia_id"])[0])
                text = f"{turn['speaker']}: {turn['text']}"
                if turn.get("blip_caption"):  # the image the speaker shared, as a caption
                    text += f" [shares {turn['blip_caption']}]"
                turns.append(BenchTurn(turn_id, f"S{number}", text, start + i * 1000))
        known = {t.turn_id for t in turns}
        last = max((t.ts for t in turns), default=0)
        questions = []
        for qa in sample["qa"]:
            gold = parse_evidence(qa.get("evidence", [])) & known
            if gold:
                sessions = frozenset(g.split(":")[0].replace("D", "S") for g in gold)
                questions.append(
                    BenchQuestion(qa["question"], str(qa["category"]), gold, sessions, last)
                )
        yield Haystack(sample["sample_id"], turns, questions[:limit] if limit else questions)


def load_longmemeval(path: Path, limit: int | None = None) -> Iterator[Haystack]:
    """One haystack per question; abstention questions (`_abs`) are excluded from scoring."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    questions = [q for q in data if not q["question_id"].endswith("_abs")]
    for item in questions[:limit] if limit else questions:
        turns = []
        gold_turns = set()
        for session_id, date, session in zip(
            item["haystack_session_ids"],
            item["haystack_dates"],
            item["haystack_sessions"],
            strict=True,
        ):
            start = _epoch_ms(date, "%Y/%m/%d (%a) %H:%M")
            for i, turn in enumerate(session):
                if not turn["content"].strip():
                    continue  # a blank turn (the dev split has one): the write path refuses it
                turn_id = f"{session_id}:{i}"
                role = Role(turn["role"])
                turns.append(
                    BenchTurn(turn_id, session_id, turn["content"], start + i * 1000, role)
                )
                if turn.get("has_answer"):
                    gold_turns.add(turn_id)
        question = BenchQuestion(
            item["question"],
            item["question_type"],
            frozenset(gold_turns),
            frozenset(item["answer_session_ids"]),
            _epoch_ms(item["question_date"], "%Y/%m/%d (%a) %H:%M"),
        )
        yield Haystack(item["question_id"], turns, [question])


def _write_path_turn(user_id: str, turn: BenchTurn) -> Turn:
    return Turn(
        user_id=user_id,
        session_id=turn.session_id,
        role=turn.role,
        content=turn.text,
        client_ts=turn.ts,
        turn_id=turn.turn_id,
    )


def whole_turn_event(user_id: str, turn: BenchTurn) -> Event:
    """The turn as one event, as the write path keeps an assistant's turn no rule covers."""
    return extraction_whole_turn_event(_write_path_turn(user_id, turn))


Extractor = Callable[[Turn], list[Event]]  # e.g. jiyi.extraction.extract with a residue stage


def turn_events(user_id: str, turn: BenchTurn, extractor: Extractor | None) -> list[Event]:
    """Every event extraction yields from the turn, as the write path stores them ("Thanks,
    Maria. What do you have in this spread?" is feedback and a question), or with no
    extractor the whole turn as one event; none for a turn the write path refuses (a lone
    zero-width space, control characters)."""
    try:
        said = _write_path_turn(user_id, turn)
        return list(extractor(said)) if extractor else [extraction_whole_turn_event(said)]
    except ValueError:  # the boundary's and extraction's bad-input errors
        return []


def extractor_for(settings: Settings, encoder: SpaceEncoder) -> Extractor:
    """jiyi's extraction as the write path runs it: rules, then the residue stage."""
    from jiyi.extraction import extract
    from jiyi.extraction.residue import build_residue_stage

    residue = build_residue_stage(settings, encoder)
    return partial(extract, residue=residue, max_content_bytes=settings.limits.max_content_bytes)


class CachedEncoder:
    """Remembers vectors by text, so the baselines and the raw mode embed each turn once; with
    a `VectorCache`, across runs too (new vectors are written in batches, and on `flush`)."""

    FLUSH_EVERY = 256

    def __init__(self, encoder: SpaceEncoder, kept: VectorCache | None = None) -> None:
        self._encoder = encoder
        self.dimension = encoder.dimension
        self.space_id = encoder.space_id
        self._cache: dict[str, np.ndarray] = {}
        self._queries: dict[str, np.ndarray] = {}
        self._kept = kept
        self._new: dict[str, np.ndarray] = {}

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if missing and self._kept is not None:
            self._cache.update(self._kept.get(missing))
            missing = [t for t in missing if t not in self._cache]
        if missing:
            fresh = dict(zip(missing, self._encoder.encode(missing), strict=True))
            self._cache.update(fresh)
            if self._kept is not None:
                self._new.update(fresh)
                if len(self._new) >= self.FLUSH_EVERY:
                    self.flush()
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([self._cache[t] for t in texts])

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """The encoder's query path (`encode_queries`), remembered apart from the texts'
        vectors and never written to the `VectorCache`: a query's may be in another precision."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._queries))
        if missing:
            fresh = encode_queries(self._encoder, missing)
            self._queries.update(zip(missing, fresh, strict=True))
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([self._queries[t] for t in texts])

    def flush(self) -> None:
        """Write the vectors encoded since the last flush to the `VectorCache`, if any."""
        if self._kept is not None and self._new:
            self._kept.put(self._new)
            self._new = {}


def cached(encoder: SpaceEncoder, path: Path | None = None) -> SpaceEncoder:
    """`encoder` behind a `CachedEncoder` (kept in the `VectorCache` at `path` if given); a
    `ChannelEncoder` is rebuilt of cached channels, so each channel's vectors are kept in its
    own space, and a model's vectors serve it with or without the other channel."""
    if isinstance(encoder, CachedEncoder):
        return encoder
    if isinstance(encoder, ChannelEncoder):
        return ChannelEncoder(cached(encoder.primary, path), cached(encoder.cjk, path))
    if isinstance(encoder, TurnChannelEncoder):
        inner = cached(encoder.inner, path)
        # the base model serving both keeps the query's one encoding
        shared = encoder.turn is primary_encoder(encoder.inner)
        turn = primary_encoder(inner) if shared else cached(encoder.turn, path)
        return TurnChannelEncoder(inner, turn, encoder.passages)
    # an `Embedder` keys its vectors by what computed them as well (`vectors_id`: bfloat16's are
    # in the float space but not float32's), so a run measures its own runtime's vectors
    key = getattr(encoder, "vectors_id", encoder.space_id)
    kept = None if path is None else VectorCache(path, key, encoder.dimension)
    return CachedEncoder(encoder, kept)


def flush(encoder: SpaceEncoder) -> None:
    """`CachedEncoder.flush` for each cached encoder in `encoder` (`cached`)."""
    if isinstance(encoder, CachedEncoder):
        encoder.flush()
    elif isinstance(encoder, ChannelEncoder):
        flush(encoder.primary)
        flush(encoder.cjk)
    elif isinstance(encoder, TurnChannelEncoder):
        flush(encoder.inner)
        flush(encoder.turn)


Ranker = Callable[[BenchQuestion, int], list[str]]  # question, depth → ranked turn ids


def bm25_ranker(haystack: Haystack) -> Ranker:
    index = BM25([tokenize(t.text) for t in haystack.turns])
    ids = [t.turn_id for t in haystack.turns]

    def rank(question: BenchQuestion, depth: int) -> list[str]:
        scores = index.scores(tokenize(question.text))
        return [ids[i] for i in np.argsort(-scores, kind="stable")[:depth]]

    return rank


def vector_ranker(haystack: Haystack, encoder: SpaceEncoder) -> Ranker:
    matrix = encoder.encode([t.text for t in haystack.turns])
    ids = [t.turn_id for t in haystack.turns]

    def rank(question: BenchQuestion, depth: int) -> list[str]:
        scores = matrix @ encoder.encode([question.text])[0]
        return [ids[i] for i in np.argsort(-scores, kind="stable")[:depth]]

    return rank


@dataclass
class IndexStats:
    turns: int = 0
    events: int = 0
    merged_groups: int = 0
    removed: int = 0
    index_bytes: int = 0  # the store's files once compacted
    query_ms: list[float] = field(default_factory=list)  # per `recall` (query vector cached)

    def size_report(self) -> str:
        per_thousand = self.index_bytes / max(self.turns, 1) * 1000 / 1024
        times = self.query_ms * 2 if len(self.query_ms) == 1 else self.query_ms or [0.0, 0.0]
        cuts = quantiles(times, n=100, method="inclusive")
        return (
            f"index {per_thousand:,.0f} KiB per 1,000 turns; "
            f"recall p50 {cuts[49]:.1f} ms, p95 {cuts[94]:.1f} ms"
        )


def index_items(
    haystack: Haystack, events: Sequence[Sequence[Event]], terms: IndexTerms
) -> list[IndexItem]:
    """Each turn's events (`events[i]` for the i-th turn) with its text and, as the write path
    does, the context terms of the turn before it in the same session."""
    items, previous = [], None
    for said, turn in zip(events, haystack.turns, strict=True):
        same_session = previous is not None and previous.session_id == turn.session_id
        context = terms.context(haystack.user_id, previous.text) if same_session else ()
        items.extend(IndexItem(event, turn.text, context) for event in said)
        previous = turn
    return items


def jiyi_ranker(
    haystack: Haystack,
    items: Sequence[IndexItem],
    store: EpisodicStore,
    encoder: SpaceEncoder,
    terms: IndexTerms,
    settings: EpisodicSettings,
    stats: IndexStats,
) -> Ranker:
    """Write the haystack's events through the real write path, then rank with `recall`."""
    report = write_events(store, encoder, terms, items, settings)
    stats.events += report.written
    stats.merged_groups += report.merged_groups
    stats.removed += report.removed

    def rank(question: BenchQuestion, depth: int) -> list[str]:
        hits = recall(
            store,
            encoder,
            terms,
            haystack.user_id,
            question.text,
            depth,
            now_ms=question.ts,
            config=config_for(settings),
        )
        return [t for h in hits for t in (h.event.turn_id, *h.event.evidence_turn_ids)]

    return rank


@dataclass
class Tally:
    """recall_any / recall_all hits per (retriever, level, k, category)."""

    hits: dict[tuple[str, str, int, str, str], int] = field(
        default_factory=lambda: defaultdict(int)
    )
    questions: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(
        self, retriever: str, level: str, ranked: Sequence[str], gold: frozenset[str], cat: str
    ) -> None:
        for k in KS:
            top = set(ranked[:k])
            for category in (cat, "all"):
                self.hits[(retriever, level, k, "any", category)] += bool(top & gold)
                self.hits[(retriever, level, k, "all", category)] += gold <= top

    def add_ceiling(self, level: str, gold: frozenset[str], cat: str) -> None:
        """The `CEILING` row, once per question and level: what a perfect ranking scores."""
        self.add(CEILING, level, sorted(gold), gold, cat)

    def recall(self, retriever: str, level: str, k: int, kind: str, category: str) -> float:
        n = self.questions[category]
        return self.hits[(retriever, level, k, kind, category)] / n if n else float("nan")


def _sessions(ranked_turns: Sequence[str], session_of: dict[str, str]) -> list[str]:
    return list(dict.fromkeys(session_of[t] for t in ranked_turns))


@dataclass
class RecallBenchResult:
    name: str
    tally: Tally
    retrievers: list[str]
    levels: list[str]
    categories: list[str]
    index_stats: dict[str, IndexStats]
    event_sources: Counter[str]  # rule / classifier / llm / whole_turn: where each event came from,
    # and REFUSED: how many turns the write path refused
    seconds: float


@dataclass
class BenchPart:
    """What one process measured over its share of the haystacks; parts add up."""

    tally: Tally = field(default_factory=Tally)
    stats: dict[str, IndexStats] = field(default_factory=lambda: {m: IndexStats() for m in MODES})
    sources: Counter[str] = field(default_factory=Counter)

    def add(self, other: BenchPart) -> None:
        for key, hits in other.tally.hits.items():
            self.tally.hits[key] += hits
        for category, count in other.tally.questions.items():
            self.tally.questions[category] += count
        for mode, stats in other.stats.items():
            mine = self.stats[mode]
            mine.turns += stats.turns
            mine.events += stats.events
            mine.merged_groups += stats.merged_groups
            mine.removed += stats.removed
            mine.index_bytes += stats.index_bytes
            mine.query_ms += stats.query_ms
        self.sources.update(other.sources)


def _ask(
    part: BenchPart,
    retriever: str,
    rank: Ranker,
    question: BenchQuestion,
    depth: int,
    session_of: dict[str, str] | None,
) -> None:
    """Rank for `question` and tally the turns (and, given `session_of`, the sessions)."""
    t0 = time.perf_counter()
    ranked = rank(question, depth)
    mode = retriever.removeprefix("jiyi/")
    if mode in part.stats:  # a same-day row: its query time
        part.stats[mode].query_ms.append((time.perf_counter() - t0) * 1000)
    part.tally.add(retriever, "turn", ranked, question.gold_turns, question.category)
    if session_of is not None:
        sessions = _sessions(ranked, session_of)
        part.tally.add(retriever, "session", sessions, question.gold_sessions, question.category)


def bench_haystacks(
    haystacks: Sequence[Haystack],
    encoder: SpaceEncoder,
    session_level: bool,
    settings: EpisodicSettings,
    extractor: Extractor | None,
    modes: Sequence[str] = tuple(MODES),
    nightly: ForgettingSettings | None = None,
) -> BenchPart:
    """Every retriever on every question of `haystacks`, in one process: one store per mode
    (of `modes`: a gate that judges one deployment writes its mode alone); with `nightly`,
    each mode's again after a nightly run (`maintenance.nightly_for_user`)."""
    cached_encoder = cached(encoder)
    channels = cjk_channels(cached_encoder)
    cjk_baseline = channels is not None and any(has_cjk(t.text) for h in haystacks for t in h.turns)
    terms = IndexTerms(secrets.token_bytes(32))
    part = BenchPart(stats={mode: IndexStats() for mode in modes})
    tally, stats = part.tally, part.stats
    depth = SESSION_DEPTH if session_level else max(KS)
    with tempfile.TemporaryDirectory(prefix="jiyi-bench-") as tmp:
        stores = {
            mode: open_local_episodic_store(Path(tmp) / mode, cached_encoder) for mode in modes
        }
        archive = local_archive(Path(tmp) / "archive")
        for haystack in haystacks:
            rankers: dict[str, Ranker] = {
                "bm25": bm25_ranker(haystack),
                "vector": vector_ranker(haystack, primary_encoder(cached_encoder)),
            }
            if channels is not None and cjk_baseline:
                rankers[CJK_BASELINE] = vector_ranker(haystack, channels.cjk)
            events = [turn_events(haystack.user_id, t, extractor) for t in haystack.turns]
            part.sources.update(
                e.rule if e.rule == WHOLE_TURN_RULE else e.source.value for s in events for e in s
            )
            part.sources.update(REFUSED for said in events if not said)
            items = index_items(haystack, events, terms)
            for mode in modes:
                keep = MODES[mode]
                stats[mode].turns += len(haystack.turns)
                mode_settings = settings.model_copy(update={"keep_raw_text": keep})
                rankers[f"jiyi/{mode}"] = jiyi_ranker(
                    haystack,
                    items,
                    stores[mode],
                    cached_encoder,
                    terms,
                    mode_settings,
                    stats[mode],
                )
            session_of = None
            if session_level:
                session_of = {t.turn_id: t.session_id for t in haystack.turns}
            for question in haystack.questions:
                tally.questions[question.category] += 1
                tally.questions["all"] += 1
                tally.add_ceiling("turn", question.gold_turns, question.category)
                if session_level:
                    tally.add_ceiling("session", question.gold_sessions, question.category)
                for retriever, rank in rankers.items():
                    _ask(part, retriever, rank, question, depth, session_of)
            if nightly is not None and haystack.questions:  # asked again after a nightly run
                asked_at = max(q.ts for q in haystack.questions)
                for mode in modes:
                    nightly_for_user(
                        stores[mode], archive, haystack.user_id, settings, nightly, asked_at
                    )
                for question in haystack.questions:
                    for mode in modes:
                        retriever = f"jiyi/{mode}{AFTER_NIGHTLY}"
                        rank = rankers[f"jiyi/{mode}"]
                        _ask(part, retriever, rank, question, depth, session_of)
            flush(cached_encoder)
        for mode, store in stores.items():
            store.purge_deleted()
            stats[mode].index_bytes = sum(
                f.stat().st_size for f in (Path(tmp) / mode).rglob("*") if f.is_file()
            )
    return part


# A worker process's bench tools (its own encoder, cache and extractor), built once per process.
BenchTools = tuple[SpaceEncoder, Extractor | None]
_worker_tools: BenchTools | None = None


def open_bench_tools(settings: Settings, extract: bool = True, keep: bool = True) -> BenchTools:
    """The embedder behind a text cache (kept between runs under the data directory when
    `keep`) and, if `extract`, the extraction a bench writes with (it shares the cache)."""
    from jiyi.composition import open_encoder

    path = settings.data_dir / "bench" / "vectors.sqlite" if keep else None
    embedder = cached(open_encoder(settings), path)
    return embedder, extractor_for(settings, embedder) if extract else None


def _open_worker(opener: Callable[[], BenchTools]) -> None:
    global _worker_tools
    _worker_tools = opener()


def _bench_in_worker(
    haystacks: Sequence[Haystack],
    session_level: bool,
    settings: EpisodicSettings,
    modes: Sequence[str],
    nightly: ForgettingSettings | None,
) -> BenchPart:
    if _worker_tools is None:
        raise RuntimeError("bench worker: the pool's initializer did not open the tools")
    encoder, extractor = _worker_tools
    return bench_haystacks(haystacks, encoder, session_level, settings, extractor, modes, nightly)


def shares(haystacks: Sequence[Haystack], count: int) -> list[list[Haystack]]:
    """`haystacks` dealt into `count` shares of about equal work (turns × questions, largest
    first to the lightest share), each share in the input order; empty shares are dropped."""
    load = [0] * count
    dealt: list[list[int]] = [[] for _ in range(count)]
    work = sorted(
        range(len(haystacks)),
        key=lambda i: -len(haystacks[i].turns) * (1 + len(haystacks[i].questions)),
    )
    for i in work:
        lightest = load.index(min(load))
        dealt[lightest].append(i)
        load[lightest] += len(haystacks[i].turns) * (1 + len(haystacks[i].questions))
    return [[haystacks[i] for i in sorted(share)] for share in dealt if share]


def run_recall_bench(
    name: str,
    haystacks: Sequence[Haystack],
    encoder: SpaceEncoder | None,
    session_level: bool,
    settings: EpisodicSettings | None = None,
    extractor: Extractor | None = None,
    workers: int = 1,
    opener: Callable[[], BenchTools] | None = None,
    modes: Sequence[str] = tuple(MODES),
    nightly: ForgettingSettings | None = None,
) -> RecallBenchResult:
    """Every retriever on every question, with `encoder` and `extractor`, else (None) the
    ones `opener` builds: a picklable callable such as `partial(open_bench_tools, settings)`.
    With `nightly`, every mode is asked again after a nightly run when the questions are asked
    (`maintenance.nightly_for_user`).
    With `workers` > 1 and an `opener`, haystacks are dealt to that many processes, each
    opening its own tools: haystacks are independent users, so only the figures are gathered.
    Processes share vectors only through the `VectorCache` kept between runs: within a run,
    only 5 % of LongMemEval-S dev turn texts recur across haystacks."""
    started = time.perf_counter()
    settings = settings or EpisodicSettings()
    dealt = shares(haystacks, workers) if workers > 1 and opener is not None else []
    part = BenchPart(stats={mode: IndexStats() for mode in modes})
    if len(dealt) <= 1 and encoder is None:
        if opener is None:
            raise ValueError("run_recall_bench: pass an encoder or an opener")
        encoder, extractor = opener()
    if len(dealt) > 1:
        context = multiprocessing.get_context("spawn")  # no forked copy of model thread pools
        with ProcessPoolExecutor(
            len(dealt), mp_context=context, initializer=_open_worker, initargs=(opener,)
        ) as pool:
            for done in pool.map(
                _bench_in_worker,
                dealt,
                [session_level] * len(dealt),
                [settings] * len(dealt),
                [modes] * len(dealt),
                [nightly] * len(dealt),
            ):
                part.add(done)
    else:
        assert encoder is not None  # opened above
        part = bench_haystacks(
            haystacks, encoder, session_level, settings, extractor, modes, nightly
        )
    tally = part.tally
    retrievers = [r for r in RETRIEVERS if any(key[0] == r for key in tally.hits)]
    levels = ["turn", "session"] if session_level else ["turn"]
    categories = [*sorted(c for c in tally.questions if c != "all"), "all"]
    return RecallBenchResult(
        name,
        tally,
        retrievers,
        levels,
        categories,
        part.stats,
        part.sources,
        time.perf_counter() - started,
    )


def report(result: RecallBenchResult) -> str:
    tally = result.tally
    lines = [
        f"{result.name}: {tally.questions['all']} questions, {result.seconds:.0f} s; "
        "recall_any@k / recall_all@k by category (n)",
        "  events extracted, from: "
        + ", ".join(f"{k} {v}" for k, v in sorted(result.event_sources.items()) if k != REFUSED)
        + f"; {result.event_sources[REFUSED]} turns refused by the write path",
    ]
    lines.append(
        f"  {CEILING}: the best any ranking can score (all@k: the questions whose evidence fits"
        " in k)"
    )
    if any(r.endswith(AFTER_NIGHTLY) for r in result.retrievers):
        lines.append(
            f"  jiyi/<mode>{AFTER_NIGHTLY}: the same questions after a nightly run on the user's"
            " events when they are asked (merging, cold small talk archived, the noise rule)"
        )
    for mode, stats in result.index_stats.items():
        lines.append(
            f"  jiyi/{mode}: {stats.events} events written, {stats.merged_groups} merge groups, "
            f"{stats.removed} events folded into merged ones; {stats.size_report()}"
        )
    header = f"{'level':<8}{'retriever':<18}" + "".join(
        f"{c + f' ({tally.questions[c]})':>34}" for c in result.categories
    )
    sub = " " * 26 + "".join(
        f"{'any@5':>8}{'any@10':>9}{'all@5':>8}{'all@10':>9}" for _ in result.categories
    )
    lines += [header, sub]
    ceiling = [CEILING] if any(key[0] == CEILING for key in tally.hits) else []
    for level in result.levels:
        for retriever in [*result.retrievers, *ceiling]:
            cells = "".join(
                f"{tally.recall(retriever, level, 5, 'any', c):>8.3f}"
                f"{tally.recall(retriever, level, 10, 'any', c):>9.3f}"
                f"{tally.recall(retriever, level, 5, 'all', c):>8.3f}"
                f"{tally.recall(retriever, level, 10, 'all', c):>9.3f}"
                for c in result.categories
            )
            lines.append(f"{level:<8}{retriever:<18}{cells}")
    below = shortfalls(result)
    lines.append(
        f"jiyi below the better of its parts by more than {RULE_MARGIN}: "
        + (f"{len(below)} cells" if below else "none")
    )
    lines += [f"  {s}" for s in below]
    return "\n".join(lines)


@dataclass(frozen=True)
class Shortfall:
    """One cell where a jiyi mode is below the better of the baselines of the same run."""

    retriever: str
    level: str
    category: str
    metric: str  # e.g. "any@10"
    value: float
    best: float
    best_retriever: str

    def __str__(self) -> str:
        return (
            f"{self.retriever} {self.level} {self.category} {self.metric}: {self.value:.3f} "
            f"against {self.best_retriever} {self.best:.3f}"
        )


def shortfalls(result: RecallBenchResult, margin: float = RULE_MARGIN) -> list[Shortfall]:
    """Every cell (mode, level, category, any/all@k) where jiyi loses more than `margin` to
    the better of BM25, vector-only and the CJK channel's vectors in this run: the rule each
    change is judged by, printed so that no run can hide a lost category behind its average."""
    tally, found = result.tally, []
    baselines = [r for r in result.retrievers if r in BASELINES]
    for retriever in (r for r in result.retrievers if r.startswith("jiyi/")):
        for level in result.levels:
            for category in result.categories:
                for kind in ("any", "all"):
                    for k in KS:
                        value = tally.recall(retriever, level, k, kind, category)
                        best, name = max(
                            (tally.recall(b, level, k, kind, category), b) for b in baselines
                        )
                        if value < best - margin - 1e-9:
                            found.append(
                                Shortfall(
                                    retriever, level, category, f"{kind}@{k}", value, best, name
                                )
                            )
    return found


# --- latency ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LatencyResult:
    """Recall latency per query, query embedding included, in processes that hold nobody's
    rows in memory, for three kinds of user asked in turn: read before (rows from their pack,
    `user_rows`), never read (rows from LanceDB, packed behind the read), and never read by a
    store with packs off (`episodic.user_packs`: rows from LanceDB alone, as before packs)."""

    users: int
    events_per_user: int
    queries: int
    load_s: float
    pack_s: float  # reading half the users once, which packs their rows
    read_before: Percentiles
    first_read: Percentiles
    without_packs: Percentiles
    embed: Percentiles


def pool_texts(locomo: Path | None, memorybank: Path | None, size: int) -> list[str]:
    texts: list[str] = []
    if locomo and locomo.is_file():
        texts += [t.text for h in load_locomo(locomo) for t in h.turns]
    if memorybank and memorybank.is_file():
        for user in json.loads(memorybank.read_text(encoding="utf-8")).values():
            for day in user.get("history", {}).values():
                texts += [turn["query"] for turn in day if turn.get("query")]
    if not texts:
        raise ValueError("latency bench: no dialogue text found (pass --locomo or --memorybank)")
    random.Random(0).shuffle(texts)
    return list(dict.fromkeys(texts))[:size]


def bulk_load(
    store: EpisodicStore,
    encoder: SpaceEncoder,
    terms: IndexTerms,
    texts: Sequence[str],
    users: int,
    events_per_user: int,
    rng: random.Random,
    prefix: str = "user",
) -> None:
    """`users` users (`prefix`0, `prefix`1, …) of `events_per_user` events drawn from `texts`,
    appended in blocks of 100,000 rows. Rows are embedded once and copied to every user; their
    lexical terms are blinded with each user's own key, as the write path would, so a query
    matches as many rows as it really would."""
    pool = [whole_turn_event("pool", BenchTurn(f"p{i}", "s", t, 0)) for i, t in enumerate(texts)]
    items = [IndexItem(e, t) for e, t in zip(pool, texts, strict=True)]
    pool_records = build_records(items, encoder, terms, keep_raw_text=False)
    plain_terms = [index_terms(t) for t in texts]
    pool_table = to_table(pool_records, arrow_schema(encoder.dimension, encoder.space_id))
    per_user = min(events_per_user, len(pool_records))
    turn_ids = [f"t{j}" for j in range(per_user)]
    ts = pa.array([1_700_000_000_000 + j * 60_000 for j in range(per_user)], pa.int64())
    parts = []
    for u in range(users):
        user_id = f"{prefix}{u}"
        chosen = rng.sample(range(len(pool_records)), per_user)
        part = pool_table.take(chosen)
        types = part.column("event_type").to_pylist()
        vocabulary = list({t for i in chosen for t in plain_terms[i]})
        blinded = dict(zip(vocabulary, terms.blind(user_id, vocabulary), strict=True))
        columns = {
            "tokens": pa.array([" ".join(blinded[t] for t in plain_terms[i]) for i in chosen]),
            "user_id": pa.array([user_id] * per_user),
            "event_id": pa.array(
                [
                    event_id_for(user_id, t, EventType(e))
                    for t, e in zip(turn_ids, types, strict=True)
                ]
            ),
            "turn_id": pa.array(turn_ids),
            "ts": ts,
        }
        for name, values in columns.items():
            index = part.schema.get_field_index(name)
            part = part.set_column(index, part.schema.field(index), values)
        parts.append(part)
        if len(parts) * per_user >= 100_000 or u == users - 1:
            store.append_rows(pa.concat_tables(parts))
            parts = []


def run_latency(
    encoder: SpaceEncoder,
    texts: Sequence[str],
    users: int = 10_000,
    events_per_user: int = 200,
    queries: int = 600,
    data_dir: Path | None = None,
    seed: int = 7,
) -> LatencyResult:
    """Fill a store with users × events drawn from `texts` (`bulk_load`) and read every other
    user once, then time `recall` per query of distinct users, interleaved, in two fresh
    stores (other processes: nobody's rows in memory), one with packs and one without
    (`LatencyResult`), with NumPy's BLAS on one thread as in every process that serves
    recalls (`Stores.open`): OpenBLAS's idle threads spin on the core the read needs."""
    one_blas_thread()
    rng = random.Random(seed)
    terms = IndexTerms(secrets.token_bytes(32))
    started = time.perf_counter()
    if data_dir is not None:
        data_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="jiyi-latency-", dir=data_dir) as tmp:
        store = open_local_episodic_store(Path(tmp), encoder)
        bulk_load(store, encoder, terms, texts, users, events_per_user, rng)
        store.optimize()
        load_s = time.perf_counter() - started
        store.close()
        started = time.perf_counter()
        # Every other user read once, by processes that each read as many as their queue of
        # packs holds and then close, which writes those packs: back-to-back reads with no
        # pause between them would outrun the writing thread, as no server's users do.
        for first in range(0, users, 2 * PACKS_QUEUED):
            store = open_local_episodic_store(Path(tmp), encoder)
            for user in range(first, min(users, first + 2 * PACKS_QUEUED), 2):
                store.scan(f"user{user}")
            store.close()
        pack_s = time.perf_counter() - started
        stores = {
            packs: open_local_episodic_store(Path(tmp), encoder, packs) for packs in (True, False)
        }
        # Distinct users: the even ones were read (packed), odd ones split by packs on or off.
        chosen = rng.sample(range(users), min(users, queries + 1))
        asked = [(user, rng.choice(texts)[:200]) for user in chosen]
        timer = EncodeTimer(encoder)
        times: dict[str, list[float]] = {"read": [], "packs": [], "no packs": []}
        embeds = []
        for n, (user, query) in enumerate(asked):
            kind = "read" if user % 2 == 0 else "packs" if user % 4 == 3 else "no packs"
            timer.last_ms = 0.0
            t0 = time.perf_counter_ns()
            recall(stores[kind != "no packs"], timer.timed, terms, f"user{user}", query, k=10)
            if n:  # the first is a warm-up: first-query caches are not steady state
                times[kind].append((time.perf_counter_ns() - t0) / 1e6)
                embeds.append(timer.last_ms)
        for opened in stores.values():
            opened.close()
    return LatencyResult(
        users,
        events_per_user,
        queries,
        load_s,
        pack_s,
        *(Percentiles.of(times[kind]) for kind in ("read", "packs", "no packs")),
        Percentiles.of(embeds),
    )


class EncodeTimer:
    """How long an encoder's last query encoding (`encode_queries`) took, in ms: `timed` is a
    copy of the encoder whose query path is timed, of the same class, so recall reads its
    channels as it would the encoder's own."""

    def __init__(self, encoder: SpaceEncoder) -> None:
        self.last_ms = 0.0
        self.timed: SpaceEncoder = copy.copy(encoder)

        def timed(texts: Sequence[str]) -> np.ndarray:
            t0 = time.perf_counter_ns()
            rows = encode_queries(encoder, texts)
            self.last_ms = (time.perf_counter_ns() - t0) / 1e6
            return rows

        self.timed.encode_queries = timed  # type: ignore[attr-defined]


def latency_report(result: LatencyResult) -> str:
    return (
        f"recall latency: {result.users:,} users x {result.events_per_user} events "
        f"(LanceDB, loaded + indexed in {result.load_s:.0f} s; half the users read once in "
        f"{result.pack_s:.0f} s, which packs their rows), {result.queries} queries of distinct "
        f"users, query embedding included, by processes holding nobody's rows in memory "
        f"(goal p95 < 25 ms; mem0's published search p95: 200 ms):\n"
        f"  users read before (rows from their pack): {result.read_before}\n"
        f"  users never read (rows from LanceDB, packed behind): {result.first_read}\n"
        f"  users never read, packs off (LanceDB alone, as before packs): "
        f"{result.without_packs}\n"
        f"  of which the query embedding: p50 {result.embed.p50_ms:.1f} ms, "
        f"p95 {result.embed.p95_ms:.1f} ms"
    )
