"""The composition root: where a deployment keeps its data and how each of its parts is opened.

Every path under `data_dir` is named once, in `DataLayout`, and every backend choice
(`settings.<part>.backend`) is made here, so the library, the stream, the CLI, the API and the
Dagster resources open the same files with the same rules. Protocol modules import no backend:
only this module does, lazily, so a deployment never imports a client library it does not use.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from jiyi.archive.base import Archive
from jiyi.audit import AuditLog
from jiyi.config import Settings, usable_cores
from jiyi.deadletter import DeadLetterStore
from jiyi.domain import Event, Turn
from jiyi.episodic.store import EpisodicStore
from jiyi.episodic.terms import IndexTerms
from jiyi.extraction.engine import ResidueStage, add_residue, extract_answer
from jiyi.extraction.residue import build_residue_stage
from jiyi.feedback import FeedbackLog
from jiyi.graph.service import GraphService
from jiyi.graph.store import GraphStore
from jiyi.ingest.answers import AnswerReader
from jiyi.ingest.episodic import HeldCounts
from jiyi.ingest.extract import Completer, Extractor, RuleSettings, rule_extractor
from jiyi.ingest.similar_names import THRESHOLDS as SIMILAR_NAME_THRESHOLDS
from jiyi.ingest.similar_names import SimilarNames
from jiyi.ingest.work import Rejected
from jiyi.keyfile import load_or_create_key
from jiyi.privacy import ConsentStore
from jiyi.privacy.identity import IdentityStore
from jiyi.turnlog import LogRecord, TurnLog
from models.embedder import SpaceEncoder
from models.registry import AdapterRegistry, AdapterVersion

if TYPE_CHECKING:
    from bytewax.inputs import Source

    from jiyi.api.keys import ApiKeyStore


@dataclass(frozen=True)
class DataLayout:
    """Every file and directory an embedded deployment keeps under its data directory."""

    root: Path

    @property
    def episodic(self) -> Path:
        return self.root / "episodic"

    def episodic_staging(self, adapter_version: str) -> Path:
        """Where the store re-embedded for a candidate adapter is built before it is swapped in."""
        return self.root / f"episodic.next-{adapter_version}"

    def episodic_backup(self, stamp: int) -> Path:
        """Where the live store goes when a re-embedded one replaces it."""
        return self.root / f"episodic.prev-{stamp}"

    @property
    def graph(self) -> Path:
        return self.root / "graph.sqlite3"

    @property
    def turn_log(self) -> Path:
        return self.root / "turnlog"

    @property
    def dead_letters(self) -> Path:
        return self.root / "dead_letters.sqlite3"

    @property
    def consent(self) -> Path:
        return self.root / "consent.sqlite3"

    @property
    def identity(self) -> Path:
        return self.root / "identity.sqlite3"

    @property
    def feedback(self) -> Path:
        return self.root / "feedback.sqlite3"

    @property
    def audit(self) -> Path:
        return self.root / "audit.sqlite3"

    @property
    def store_items(self) -> Path:
        """The values agent-framework stores keep (`jiyi.store_items`: the LangGraph store)."""
        return self.root / "store_items.sqlite3"

    @property
    def api_keys(self) -> Path:
        return self.root / "api_keys.sqlite3"

    @property
    def index_key(self) -> Path:
        """The blind-index key, when `episodic.index_key` is not set."""
        return self.root / "index.key"

    @property
    def link_secret(self) -> Path:
        """Signs the transparency page's links."""
        return self.root / "transparency.key"

    @property
    def adapters(self) -> Path:
        return self.root / "adapters"

    @property
    def archive(self) -> Path:
        return self.root / "archive"

    @property
    def recovery(self) -> Path:
        """Bytewax recovery snapshots of `jiyi stream`."""
        return self.root / "recovery"

    @property
    def stream_progress(self) -> Path:
        """Each stream worker's progress file."""
        return self.root / "stream"

    @property
    def dagster_home(self) -> Path:
        return self.root / "dagster"

    @property
    def decay(self) -> Path:
        """The nightly decay's snapshot and change files."""
        return self.root / "batch" / "decay"

    @property
    def noise_ledger(self) -> Path:
        return self.root / "batch" / "noise_ledger.parquet"

    @property
    def metrics(self) -> Path:
        return self.root / "batch" / "metrics"

    @property
    def evaluations(self) -> Path:
        """The adapter promotion gate's reports."""
        return self.root / "batch" / "evaluations"


def layout(settings: Settings) -> DataLayout:
    return DataLayout(settings.data_dir)


# ---- models and keys ---------------------------------------------------------------------------


def adapter_registry(settings: Settings) -> AdapterRegistry:
    return AdapterRegistry(layout(settings).adapters)


def open_similar_names(settings: Settings, encoder: SpaceEncoder) -> SimilarNames:
    """Name matching in the deployment's space, at the thresholds measured for its encoder."""
    from models.channels import primary_encoder

    chosen = settings.graph.similar_name_thresholds
    measured = SIMILAR_NAME_THRESHOLDS.get(settings.embedder.model, {})
    return SimilarNames(primary_encoder(encoder), measured if chosen is None else dict(chosen))


def open_encoder(settings: Settings) -> SpaceEncoder:
    """The embedder these settings name: the model plus the named or promoted LoRA adapter."""
    from models.hashing import PREFIX, HashingEncoder

    if settings.embedder.model.startswith(PREFIX):
        hashing = HashingEncoder.from_model_name(settings.embedder.model)
        return _with_turn_channel(settings, hashing, hashing)
    adapter = adapter_registry(settings).resolve(settings.embedder.adapter_version)
    return open_adapter_encoder(settings, adapter)


def open_adapter_encoder(settings: Settings, adapter: AdapterVersion | None) -> SpaceEncoder:
    """The deployment's model with `adapter` (None: the base model), on the deployment's runtime
    and quantisation, with the CJK channel beside it (`embedder.cjk_model`) and the turn channel
    (`embedder.turn_channel`, `models.channels`): a candidate adapter is judged, and a store
    re-embedded, in the space it would serve in."""
    from models.channels import ChannelEncoder
    from models.embedder import USE_MODEL, load_embedder

    embedder = settings.embedder

    def model(version: AdapterVersion | None) -> SpaceEncoder:
        return load_embedder(
            embedder.model,
            version,
            embedder.batch_size,
            embedder.device,
            embedder.runtime,
            embedder.quantisation,
            embedder.batch_threads or usable_cores(),
            embedder.query_quantisation,
        )

    primary = model(adapter)
    inner: SpaceEncoder = primary
    if embedder.cjk_model != "none" and embedder.model != USE_MODEL:
        cjk = load_embedder(embedder.cjk_model, query_quantisation=embedder.query_quantisation)
        inner = ChannelEncoder(primary, cjk)
    return _with_turn_channel(settings, inner, primary if adapter is None else model(None))


def _with_turn_channel(settings: Settings, inner: SpaceEncoder, base: SpaceEncoder) -> SpaceEncoder:
    """`inner` with the whole turn's vector beside it and its passages' in their column, in
    the base model's space (no adapter), unless `embedder.turn_channel` is off."""
    from models.channels import TurnChannelEncoder

    if not settings.embedder.turn_channel:
        return inner
    return TurnChannelEncoder(inner, base, settings.embedder.turn_passages)


def open_index_terms(settings: Settings) -> IndexTerms:
    """The deployment's blind-index terms: keyed by `episodic.index_key` (set it, the same on
    every machine, when processes do not share a data directory), else by a key file created
    under the data directory on first use."""
    secret = settings.episodic.index_key
    if secret is not None:
        return IndexTerms(secret.get_secret_value().encode("utf-8"))
    return IndexTerms(load_or_create_key(layout(settings).index_key))


def link_secret(settings: Settings) -> bytes:
    return load_or_create_key(layout(settings).link_secret)


# ---- stores ------------------------------------------------------------------------------------


def open_episodic_store(settings: Settings, encoder: SpaceEncoder) -> EpisodicStore:
    """The configured backend, bound to the encoder's vector space."""
    if settings.episodic.backend == "weaviate":
        from jiyi.episodic.weaviate_store import WeaviateEpisodicStore

        return WeaviateEpisodicStore.connect(settings.episodic, encoder.space_id, encoder.dimension)
    return open_local_episodic_store(
        layout(settings).episodic, encoder, settings.episodic.user_packs
    )


def _refuse_staging_without_lancedb(settings: Settings) -> None:
    """Re-embedding builds a staging store beside the live one and swaps directories: only the
    embedded LanceDB backend has directories to swap (Weaviate would need a collection alias)."""
    if settings.episodic.backend != "lancedb":
        raise NotImplementedError("re-embedding into a staging store needs the LanceDB backend")


def open_staging_episodic_store(
    settings: Settings, adapter_version: str, encoder: SpaceEncoder
) -> EpisodicStore:
    """An empty store beside the live one, filled with a candidate adapter's vectors and then
    swapped in (`swap_in_staging_store`): re-embedding never rewrites the live store in place."""
    _refuse_staging_without_lancedb(settings)
    return open_local_episodic_store(layout(settings).episodic_staging(adapter_version), encoder)


def open_stored_episodic_store(settings: Settings) -> EpisodicStore | None:
    """The live embedded store in the space it was written in, whatever the embedder is now
    (None: nothing stored yet), for re-embedding it into the configured one."""
    _refuse_staging_without_lancedb(settings)
    from jiyi.episodic.lancedb_store import LanceEpisodicStore, stored_space

    path = layout(settings).episodic
    found = stored_space(path)
    return None if found is None else LanceEpisodicStore(path, *found)


def open_local_episodic_store(
    path: Path, encoder: SpaceEncoder, packs: bool = True
) -> EpisodicStore:
    """The embedded (LanceDB) store in a directory of its own: the deployment's default, a
    staging store, or a benchmark's scratch store in a temporary directory. `packs`:
    `episodic.user_packs`."""
    from jiyi.episodic.lancedb_store import LanceEpisodicStore

    return LanceEpisodicStore(path, encoder.space_id, encoder.dimension, packs)


def open_graph_store(settings: Settings) -> GraphStore:
    """SQLite under the data directory by default, or Neo4j (or any Bolt server) by URI."""
    graph = settings.graph
    if graph.backend == "neo4j":
        from jiyi.graph.neo4j_store import Neo4jGraphStore

        auth = None
        if graph.neo4j_user:
            password = graph.neo4j_password.get_secret_value() if graph.neo4j_password else ""
            auth = (graph.neo4j_user, password)
        return Neo4jGraphStore(graph.neo4j_uri or "", auth=auth, database=graph.neo4j_database)
    from jiyi.graph.sqlite_store import SqliteGraphStore

    return SqliteGraphStore(layout(settings).graph)


def open_archive(settings: Settings) -> Archive:
    """A directory under the data directory by default, or an S3 bucket."""
    if settings.archive.backend == "s3":
        from jiyi.archive.s3 import s3_archive

        return s3_archive(settings.archive)
    from jiyi.archive.local import local_archive

    return local_archive(layout(settings).archive)


def open_audit_log(settings: Settings) -> AuditLog:
    return AuditLog(layout(settings).audit)


def open_consent_store(settings: Settings) -> ConsentStore:
    return ConsentStore(layout(settings).consent, settings.privacy.child_age_threshold)


def open_dead_letters(settings: Settings) -> DeadLetterStore:
    return DeadLetterStore(layout(settings).dead_letters)


def open_identity_store(settings: Settings) -> IdentityStore:
    return IdentityStore(layout(settings).identity)


def open_feedback_log(settings: Settings) -> FeedbackLog:
    return FeedbackLog(layout(settings).feedback)


def open_key_store(settings: Settings) -> ApiKeyStore:
    from jiyi.api.keys import ApiKeyStore

    return ApiKeyStore(layout(settings).api_keys)


# ---- the turn log and the stream's source --------------------------------------------------------


def open_turn_log(settings: Settings) -> TurnLog:
    """Where turns are appended: SQLite partitions under the data directory, or a Kafka topic."""
    if settings.turn_log.backend == "kafka":
        from jiyi.turnlog.kafka import KafkaTurnLog

        return KafkaTurnLog.from_settings(settings.turn_log)
    from jiyi.turnlog.local import LocalTurnLog

    return LocalTurnLog(layout(settings).turn_log, settings.turn_log.partitions)


def turn_log_origin(settings: Settings) -> str:
    """The prefix of a log position (`origin:partition:offset`) in progress and dead letters."""
    return "kafka" if settings.turn_log.backend == "kafka" else "turnlog"


def open_turn_source(
    settings: Settings, tail: bool, stop: threading.Event | None = None
) -> Source[LogRecord]:
    """The configured turn log as the stream's Bytewax source.

    The sources are Bytewax objects, so they live in `pipelines/` (the only layer that imports
    Bytewax); the choice between them is made here with the other backend choices.
    """
    if settings.turn_log.backend == "kafka":
        from pipelines.kafka import KafkaTurnSource

        return KafkaTurnSource.from_settings(settings.turn_log, tail, stop)
    from pipelines.sources import TurnLogSource

    path, partitions = layout(settings).turn_log, settings.turn_log.partitions
    return TurnLogSource(path, partitions, tail=tail, stop=stop)


def turn_log_heads(settings: Settings) -> dict[str, int]:
    """The highest offset appended per partition of the embedded log (`turnlog:N` → offset);
    empty for Kafka, whose consumer lag the broker's own tooling reports."""
    if settings.turn_log.backend != "local":
        return {}
    from jiyi.turnlog.local import LocalTurnLog

    turn_log = LocalTurnLog(layout(settings).turn_log, settings.turn_log.partitions)
    try:
        return {f"turnlog:{p}": turn_log.head(p) for p in range(turn_log.partitions)}
    finally:
        turn_log.close()


def turn_history(settings: Settings, batch: int = 5000) -> Iterator[LogRecord]:
    """Every record of the embedded turn log, partition by partition, for the nightly batch;
    nothing for Kafka (a topic keeps what its retention allows, not a history to rescan)."""
    if settings.turn_log.backend != "local" or not layout(settings).turn_log.is_dir():
        return
    from jiyi.turnlog.local import LocalTurnLog

    turn_log = LocalTurnLog(layout(settings).turn_log, settings.turn_log.partitions)
    try:
        for partition in range(turn_log.partitions):
            after = 0
            while records := turn_log.read(partition, after, limit=batch):
                after = records[-1].offset
                yield from records
    finally:
        turn_log.close()


# ---- what every wiring of the write path shares ---------------------------------------------


def one_blas_thread() -> None:
    """NumPy's BLAS on one thread, for the rest of the process.

    Its products here are small (a turn against the residue classifier's 760 exemplars, a
    query against a user's rows), and after each one OpenBLAS keeps its other threads
    spinning for work: a stream that classifies a turn now and then burnt a second core doing
    nothing, taken from the API beside it (the stream's rule extraction: 8.4 ms of CPU a turn,
    3.6 ms on one thread, in the same wall time)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")


@dataclass
class Stores:
    """The stores and models one process uses, opened together from settings: the library
    (`Memory`), a stream worker and the benchmarks each hold one."""

    settings: Settings
    rules: Extractor  # the rules alone (`rule_extractor`)
    completer: Completer  # the residue stage after them
    answer_reader: AnswerReader
    encoder: SpaceEncoder
    terms: IndexTerms
    episodic: EpisodicStore
    graph: GraphService
    consent: ConsentStore
    audit: AuditLog
    dead_letters: DeadLetterStore
    similar_names: SimilarNames
    held: HeldCounts = field(default_factory=HeldCounts)

    @classmethod
    def open(
        cls,
        settings: Settings,
        encoder: SpaceEncoder | None = None,
        residue: ResidueStage | None = None,
    ) -> Stores:
        """Open every store the write path touches (the encoder from settings unless given; the
        residue stage from `extraction.residue` unless given)."""
        one_blas_thread()
        encoder = encoder or open_encoder(settings)
        if residue is None and settings.extraction.residue == "classifier":
            residue = build_residue_stage(settings, encoder)
        audit = open_audit_log(settings)
        return cls(
            settings=settings,
            rules=rule_extractor(RuleSettings.of(settings)),
            completer=partial(add_residue, residue=residue),
            answer_reader=partial(extract_answer, read_claims=settings.extraction.read_claims),
            encoder=encoder,
            terms=open_index_terms(settings),
            episodic=open_episodic_store(settings, encoder),
            graph=GraphService(open_graph_store(settings), audit, settings.graph),
            consent=open_consent_store(settings),
            audit=audit,
            dead_letters=open_dead_letters(settings),
            similar_names=open_similar_names(settings, encoder),
        )

    def extract(self, turns: Sequence[Turn]) -> Sequence[Sequence[Event]]:
        """Each turn's events: the rules, then the residue stage (`engine.extract_all`)."""
        return self.completer(turns, self.rules(turns))

    def dead_letter(self, rejected: Rejected) -> bool:
        """Keep a rejected turn with its stage and reason, for `jiyi dead-letter list|replay`.

        Once: a replay after a crash finds the same payload already waiting and adds nothing.
        """
        if self.dead_letters.pending(rejected.payload, rejected.stage.value):
            return False
        self.dead_letters.put(rejected.payload, rejected.stage.value, rejected.reason, rejected.key)
        return True

    def close(self) -> None:
        self.episodic.close()
        self.graph.store.close()
        self.consent.close()
        self.audit.close()
        self.dead_letters.close()
