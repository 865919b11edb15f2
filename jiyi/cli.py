"""The `jiyi` command line."""

from __future__ import annotations

import dataclasses
import gc
import json
from functools import partial
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from jiyi import __version__
from jiyi.config import ConfigError, Settings, load_settings, public_view, usable_cores
from jiyi.logs import configure_logging

if TYPE_CHECKING:
    from jiyi.api.keys import ApiKeyStore
    from jiyi.bench.recall import Haystack
    from jiyi.memory import Memory

app = typer.Typer(
    help="jiyi: long-term memory for AI agents (working, episodic and semantic tiers).",
    no_args_is_help=True,
    add_completion=False,
)
config_app = typer.Typer(help="Inspect and validate settings.", no_args_is_help=True)
bench_app = typer.Typer(
    help="Benchmarks; each prints ratios against a baseline run alongside.", no_args_is_help=True
)
app.add_typer(config_app, name="config")
app.add_typer(bench_app, name="bench")

ConfigOption = Annotated[
    Path | None,
    typer.Option(
        "--config",
        "-c",
        help="TOML settings file (default: $JIYI_CONFIG_FILE, else ./jiyi.toml when present).",
        exists=True,
        dir_okay=False,
    ),
]


def _settings(config: Path | None, **overrides: Any) -> Settings:
    try:
        settings = load_settings(config, **overrides)
    except ConfigError as exc:
        typer.secho(str(exc), fg=typer.colors.RED, err=True)
        raise typer.Exit(code=2) from None
    configure_logging(settings.log_level, settings.log_format)
    return settings


@app.command()
def version() -> None:
    """Print jiyi's version."""
    typer.echo(__version__)


@config_app.command("show")
def config_show(config: ConfigOption = None) -> None:
    """Print the effective settings as JSON, secrets masked."""
    typer.echo(json.dumps(public_view(_settings(config)), indent=2, ensure_ascii=False))


@config_app.command("check")
def config_check(config: ConfigOption = None) -> None:
    """Validate the settings; exit 2 naming every bad setting and its allowed values."""
    settings = _settings(config)
    typer.echo(
        f"settings OK: data_dir={settings.data_dir} episodic={settings.episodic.backend} "
        f"graph={settings.graph.backend} archive={settings.archive.backend} "
        f"turn_log={settings.turn_log.backend}"
    )


@app.command()
def reembed(config: ConfigOption = None) -> None:
    """Re-embed the episodic store into the configured embedder's space, after changing
    embedder.model, runtime or quantisation (stop the API and the stream first)."""
    from jiyi.composition import open_encoder
    from jiyi.maintenance import reembed_into_configured_space

    settings = _settings(config)
    encoder = open_encoder(settings)
    backup = reembed_into_configured_space(settings, encoder)
    if backup is None:
        typer.echo(f"the episodic store is already in {encoder.space_id} (or empty): nothing to do")
        return
    typer.echo(f"re-embedded into {encoder.space_id}; the previous store is kept at {backup}")


@app.command()
def demo(
    api: Annotated[
        str | None, typer.Option(help="play through a running API (e.g. http://127.0.0.1:8420)")
    ] = None,
    key: Annotated[str | None, typer.Option(help="API key for --api (default: a new one)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
    config: ConfigOption = None,
) -> None:
    """Play the bundled zh/en conversations, then print what was recalled and believed."""
    from jiyi.demo import HttpClient, LibraryClient, play, render
    from jiyi.memory import Memory

    settings = _settings(config)
    if api:
        report = play(HttpClient(api, key or _key_store(settings).create("demo", "jiyi demo")),
                      settings)  # fmt: skip
    else:
        memory = Memory(settings)
        try:
            report = play(LibraryClient(memory), settings)
        finally:
            memory.close()
    if as_json:
        typer.echo(json.dumps(dataclasses.asdict(report), indent=2, ensure_ascii=False))
    else:
        typer.echo(render(report))


@bench_app.command("api")
def bench_api(
    seconds: Annotated[float, typer.Option(min=1)] = 60,
    clients: Annotated[int, typer.Option(min=1, max=64)] = 8,
    ingest_every: Annotated[int, typer.Option(min=1, help="1 ingest per N requests")] = 5,
    users: Annotated[int, typer.Option(min=1)] = 40,
    history: Annotated[int, typer.Option(min=1, help="turns each user has said before")] = 60,
    deployment: Annotated[
        str, typer.Option(help="pair: serve --no-inline + stream (production); inline: serve")
    ] = "pair",
    locomo: Annotated[Path | None, typer.Option(exists=True, dir_okay=False)] = None,
    memorybank: Annotated[Path | None, typer.Option(exists=True, dir_okay=False)] = None,
    model: Annotated[str | None, typer.Option(help="embedder.model for the server")] = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="API processes (jiyi serve --workers)")
    ] = 1,
) -> None:
    """Load test of the HTTP API: mixed ingest + recall over users with real histories, vs
    /healthz and the in-process recall rate, on loopback."""
    from jiyi.bench import api

    if deployment not in ("pair", "inline"):
        raise typer.BadParameter("pair or inline", param_hint="--deployment")
    workload = api.benchmark_workload(locomo, memorybank) if locomo or memorybank else None
    chosen = cast("api.Deployment", deployment)
    result = api.run(
        seconds, clients, ingest_every, users, history, model, chosen, workload, workers
    )
    typer.echo(api.report(result))


@bench_app.command("working-memory")
def bench_working_memory(
    sessions: Annotated[int, typer.Option(min=1)] = 1000,
    turns: Annotated[int, typer.Option(min=1)] = 50,
    chars: Annotated[int, typer.Option(min=1)] = 100,
) -> None:
    """Working memory: add/get/rollback ops/s and p50/p99, and the memory of N sessions."""
    from jiyi.bench import working_memory

    typer.echo(working_memory.report(working_memory.run(sessions, turns, chars)))


@bench_app.command("batch")
def bench_batch(
    edges: Annotated[int, typer.Option(min=1, help="edges for the decay recompute")] = 10_000_000,
    events: Annotated[int, typer.Option(min=200, help="events for merging, archive")] = 100_000,
    pairs: Annotated[int, typer.Option(min=2, help="pairs for one LoRA epoch")] = 2000,
    lora: Annotated[bool, typer.Option(help="include the LoRA epoch")] = True,
) -> None:
    """Nightly batch: decay (vs a Python loop), noise, merging, archiving, one LoRA epoch."""
    from jiyi.bench import batch

    typer.echo(batch.report_text(batch.run(edges, events, pairs, lora)))


@bench_app.command("graph")
def bench_graph(
    scenarios: Annotated[
        Path | None,
        typer.Option(exists=True, file_okay=False, help="Scenario folder (default: data's)."),
    ] = None,
    bolt_uri: Annotated[
        str | None, typer.Option(help="Run on a Bolt server (e.g. bolt://127.0.0.1:7687).")
    ] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List each mistake.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    config: ConfigOption = None,
) -> None:
    """Semantic graph accuracy on scripted zh/en scenarios: precision, recall, error rate."""
    from jiyi.bench import graph_rules

    result = graph_rules.run(
        scenarios or graph_rules.SCENARIO_DIR, _settings(config).graph, bolt_uri
    )
    typer.echo(graph_rules.to_json(result) if as_json else graph_rules.report(result, verbose))


@bench_app.command("beliefs")
def bench_beliefs(
    scenarios: Annotated[
        Path | None,
        typer.Option(exists=True, file_okay=False, help="Scenario folder (default: data's)."),
    ] = None,
    messages: Annotated[
        Path | None,
        typer.Option(
            exists=True,
            dir_okay=False,
            help="Labelled single messages (JSONL) instead of scenarios: data/claim_messages/.",
        ),
    ] = None,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="List each miss and each junk belief.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    config: ConfigOption = None,
) -> None:
    """Beliefs from raw zh/en chats through the write path: states met, firm found, junk."""
    from jiyi.bench import beliefs

    try:
        if messages is not None:
            cases = beliefs.load_messages(messages)
        else:
            cases = beliefs.load_scenarios(scenarios or beliefs.SCENARIO_DIR)
        result = beliefs.run(cases, _settings(config))
    except beliefs.ScenarioFileError as exc:
        typer.secho(str(exc), fg=typer.colors.RED, err=True)
        raise typer.Exit(code=2) from None
    typer.echo(beliefs.to_json(result) if as_json else beliefs.report(result, verbose))


@bench_app.command("names")
def bench_names(
    scenarios: Annotated[
        Path | None,
        typer.Option(exists=True, file_okay=False, help="Scenario folder (default: data's)."),
    ] = None,
    config: ConfigOption = None,
) -> None:
    """Name matching by embedding: same-object forms joined and false merges per threshold."""
    from jiyi.bench import beliefs, names
    from jiyi.composition import open_encoder
    from models.channels import primary_encoder

    settings = _settings(config)
    encoder = primary_encoder(open_encoder(settings))  # name matching's space (no CJK channel)
    results = names.run(scenarios or beliefs.SCENARIO_DIR, encoder)
    typer.echo(names.report(results, encoder.space_id))


DataOption = Annotated[
    Path, typer.Option("--data", exists=True, dir_okay=False, help="The benchmark's JSON file.")
]
LimitOption = Annotated[
    int | None, typer.Option(min=1, help="Only the first N conversations/questions (quick runs).")
]


WorkersOption = Annotated[
    int | None,
    typer.Option(
        min=1,
        help="Processes to deal the haystacks to (default: locomo 1, longmemeval every core).",
    ),
]


VectorCacheOption = Annotated[
    bool,
    typer.Option(
        "--vector-cache/--no-vector-cache",
        help="Keep the turns' vectors between runs (DATA_DIR/bench/vectors.sqlite).",
    ),
]


def _recall_bench(
    name: str,
    haystacks: list[Haystack],
    session_level: bool,
    settings: Settings,
    workers: int,
    vector_cache: bool,
) -> None:
    """Run a recall bench on `workers` processes (the tools opened in each, or here for one)."""
    from jiyi.bench import recall

    opener = partial(recall.open_bench_tools, settings, keep=vector_cache)
    result = recall.run_recall_bench(
        name,
        haystacks,
        None,
        session_level,
        settings.episodic,
        None,
        workers,
        opener,
        nightly=settings.forgetting,
    )
    typer.echo(recall.report(result))


@bench_app.command("locomo")
def bench_locomo(
    data: DataOption,
    limit: LimitOption = None,
    config: ConfigOption = None,
    workers: WorkersOption = None,
    vector_cache: VectorCacheOption = True,
) -> None:
    """LoCoMo: turn-level recall@5/10 of BM25, the embedder and jiyi (both storage modes)."""
    from jiyi.bench import recall

    haystacks = list(recall.load_locomo(data))[:limit]
    _recall_bench("LoCoMo", haystacks, False, _settings(config), workers or 1, vector_cache)


@bench_app.command("longmemeval")
def bench_longmemeval(
    data: DataOption,
    limit: LimitOption = None,
    config: ConfigOption = None,
    workers: WorkersOption = None,
    vector_cache: VectorCacheOption = True,
) -> None:
    """LongMemEval: turn- and session-level recall@5/10 of BM25, the embedder and jiyi."""
    from jiyi.bench import recall

    haystacks = list(recall.load_longmemeval(data, limit))
    workers = workers or usable_cores()
    _recall_bench("LongMemEval", haystacks, True, _settings(config), workers, vector_cache)


@bench_app.command("lora")
def bench_lora(
    data: DataOption,
    train: Annotated[
        Path | None,
        typer.Option(
            exists=True,
            dir_okay=False,
            help="Conversations to train on, in DATA's format (default: DATA's own, as the "
            "nightly job trains on the store it serves).",
        ),
    ] = None,
    kind: Annotated[
        str, typer.Option(help="DATA's format: locomo, longmemeval or memorybank.")
    ] = "locomo",
    epochs: Annotated[int, typer.Option(min=1, max=20)] = 2,
    max_pairs: Annotated[int, typer.Option(min=2, help="Training pairs at most.")] = 2000,
    limit: LimitOption = None,
    config: ConfigOption = None,
    workers: WorkersOption = None,
) -> None:
    """A LoRA adapter trained on conversations (each turn and the next; no questions), and
    every retriever with the base model and with it, in one run."""
    from jiyi.bench import lora, recall
    from jiyi.bench.memorybank import load_memorybank
    from models.training import TrainingConfig, TrainingError

    def memorybank_users(path: Path, limit: int | None = None) -> list[recall.Haystack]:
        return load_memorybank(path)[:limit]

    loaders = {
        "locomo": recall.load_locomo,
        "longmemeval": recall.load_longmemeval,
        "memorybank": memorybank_users,
    }
    if kind not in loaders:
        raise typer.BadParameter(
            f"{kind!r}: use locomo, longmemeval or memorybank", param_hint="--kind"
        )
    haystacks = list(loaders[kind](data, limit))
    train_on = list(loaders[kind](train)) if train else haystacks
    training = TrainingConfig(epochs=epochs)
    try:
        bench = lora.run(
            kind, haystacks, train_on, kind == "longmemeval", _settings(config), training,
            max_pairs, workers or 1,
        )  # fmt: skip
    except (ValueError, TrainingError) as exc:  # a model that takes no adapter, too few pairs
        typer.secho(str(exc), fg=typer.colors.RED, err=True)
        raise typer.Exit(code=2) from None
    typer.echo(
        f"adapter {bench.adapter.version}: {bench.pairs} conversation pairs, {epochs} epochs"
    )
    typer.echo(recall.report(bench.result))


@bench_app.command("memorybank")
def bench_memorybank(
    data: DataOption,
    questions: Annotated[
        Path | None,
        typer.Option(exists=True, dir_okay=False, help="Questions (default: data/recall's)."),
    ] = None,
    config: ConfigOption = None,
) -> None:
    """MemoryBank (Chinese): turn-level recall@5/10 of BM25, the embedder and jiyi."""
    from jiyi.bench import memorybank, recall

    typer.echo(recall.report(memorybank.run(data, questions, _settings(config))))


@bench_app.command("recall-latency")
def bench_recall_latency(
    locomo: Annotated[Path | None, typer.Option(exists=True, dir_okay=False)] = None,
    memorybank: Annotated[Path | None, typer.Option(exists=True, dir_okay=False)] = None,
    users: Annotated[int, typer.Option(min=1)] = 10_000,
    events: Annotated[int, typer.Option(min=1)] = 200,
    queries: Annotated[int, typer.Option(min=10)] = 600,
    pool: Annotated[int, typer.Option(min=10, help="distinct event texts embedded")] = 4000,
    config: ConfigOption = None,
) -> None:
    """Recall p50/p95/p99 per query (query embedding included) at USERS x EVENTS on LanceDB,
    of users read before (their pack) and of users never read."""
    from jiyi.bench import recall
    from jiyi.composition import open_encoder

    settings = _settings(config)
    texts = recall.pool_texts(locomo, memorybank, pool)
    result = recall.run_latency(
        open_encoder(settings), texts, users, events, queries, data_dir=settings.data_dir
    )
    typer.echo(recall.latency_report(result))


@app.command()
def extract(
    file: Annotated[
        Path,
        typer.Argument(
            exists=True, dir_okay=False, help="MemoryBank, LoCoMo or JSON-lines turns file."
        ),
    ],
    coverage: Annotated[
        bool, typer.Option("--coverage", help="Report rule coverage and events per type.")
    ] = False,
    residue: Annotated[
        str,
        typer.Option(help="Stage for turns no rule covers: none, lexical or model."),
    ] = "none",
    as_json: Annotated[bool, typer.Option("--json", help="Coverage report as JSON.")] = False,
    config: ConfigOption = None,
) -> None:
    """Extract typed events from a dialogue file (JSON lines), or report rule coverage."""
    from jiyi.extraction import coverage as extraction

    settings = _settings(config)
    try:
        stage = extraction.residue_for(residue, settings)
        if not coverage:
            for line in extraction.event_lines(file, stage):
                typer.echo(line)
            return
        report = extraction.coverage_of(file, stage)
    except ValueError as exc:
        typer.secho(str(exc), fg=typer.colors.RED, err=True)
        raise typer.Exit(code=2) from None
    text = json.dumps(report.as_dict(), indent=2, ensure_ascii=False)
    typer.echo(text if as_json else extraction.render(report))


@app.command("calibrate-reader")
def calibrate_reader(
    training: Annotated[
        Path | None,
        typer.Option(
            help="Training folder (default: the project's data/claim_training/).",
            exists=True,
            file_okay=False,
        ),
    ] = None,
    write: Annotated[
        bool, typer.Option("--write", help="Save the fit as the folder's calibration.json.")
    ] = False,
) -> None:
    """Train the learned claim reader once per writer held out, report what it finds on the
    held-out messages at each probability, and fit its margins to probabilities (minutes)."""
    from jiyi.extraction import reader_calibration as calibration
    from jiyi.extraction.claim_reader import DEFAULT_TRAINING
    from jiyi.extraction.engine import prepare
    from jiyi.text import split_sentences
    from models.use import UseWordVectors

    folder = training or DEFAULT_TRAINING
    outcomes, claims = calibration.held_out_outcomes(
        folder, UseWordVectors(), split_sentences, prepare
    )
    fitted = calibration.fit(outcomes, folder)
    typer.echo(calibration.report(fitted, outcomes, claims))
    if write:
        fitted.save(folder / calibration.CALIBRATION_FILE)
        typer.echo(f"written: {folder / calibration.CALIBRATION_FILE}")


keys_app = typer.Typer(help="API keys: one per client application, each confined to a tenant.",
                       no_args_is_help=True)  # fmt: skip
app.add_typer(keys_app, name="keys")


def _ready_to_serve(memory: Memory) -> None:
    """Warm up (`Memory.warm_up`), then put what the process has built beyond the garbage
    collector's reach (`gc.freeze`): the models, vocabularies and jieba's dictionary are about
    630,000 objects that live as long as the process, and a full collection walked them all in
    330 ms, a stall for every request in flight (after freezing: under 0.01 ms)."""
    memory.warm_up()
    gc.collect()
    gc.freeze()


def _key_store(settings: Settings) -> ApiKeyStore:
    from jiyi.composition import open_key_store

    return open_key_store(settings)


@keys_app.command("create")
def keys_create(
    tenant: Annotated[str, typer.Argument(help="tenant the key is confined to")],
    name: Annotated[str, typer.Option(help="a label, e.g. the application's name")] = "default",
    config: ConfigOption = None,
) -> None:
    """Create an API key; it is printed once and only its hash is stored."""
    typer.echo(_key_store(_settings(config)).create(tenant, name))


@keys_app.command("list")
def keys_list(config: ConfigOption = None) -> None:
    """List keys (ids, tenants, labels; never the secrets)."""
    for key in _key_store(_settings(config)).list():
        state = "revoked" if key.revoked_at else "active"
        typer.echo(f"{key.key_id}  {key.tenant}  {key.name}  {state}")


@keys_app.command("revoke")
def keys_revoke(key_id: str, config: ConfigOption = None) -> None:
    """Revoke a key by its id (the part after `jiyi_`)."""
    if not _key_store(_settings(config)).revoke(key_id):
        typer.secho(f"no active key {key_id}", fg=typer.colors.RED, err=True)
        raise typer.Exit(code=1)
    typer.echo(f"revoked {key_id}")


links_app = typer.Typer(help="Transparency-page links an application issued to its users.",
                        no_args_is_help=True)  # fmt: skip
app.add_typer(links_app, name="links")


@links_app.command("revoke")
def links_revoke(
    link_id: Annotated[str, typer.Argument(help="the link_id returned when the link was issued")],
    config: ConfigOption = None,
) -> None:
    """Revoke one transparency link now; the user's other links keep working."""
    from jiyi.api.tokens import link_tenant
    from jiyi.composition import link_secret

    settings = _settings(config)
    store = _key_store(settings)
    tenant = link_tenant(store, link_secret(settings), link_id)
    if tenant is None:
        typer.secho(f"no link {link_id}", fg=typer.colors.RED, err=True)
        raise typer.Exit(code=1)
    store.revoke_link(link_id, tenant)
    typer.echo(f"revoked link {link_id} of tenant {tenant}")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="interface to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535)] = 8420,
    inline: Annotated[
        bool,
        typer.Option(help="process turns in the API itself; --no-inline when `jiyi stream` runs"),
    ] = True,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            "-w",
            min=1,
            help="API processes behind one front that routes each user to one of them "
            "(with --no-inline: the stream writes)",
        ),
    ] = 1,
    uds: Annotated[str | None, typer.Option(hidden=True)] = None,  # a worker's socket
    peer: Annotated[list[str] | None, typer.Option(hidden=True)] = None,  # the other workers'
    config: ConfigOption = None,
) -> None:
    """Serve the HTTP API (OpenAPI at /docs, MCP at /mcp) on the embedded or configured stores."""
    if workers > 1:
        if inline:
            raise typer.BadParameter(
                "several workers serve reads and append turns to the log; run `jiyi stream` for "
                "the write path and pass --no-inline",
                param_hint="--workers",
            )
        from jiyi.api.front import serve_with_workers

        worker_args = ["--no-inline", *(["--config", str(config)] if config else [])]
        raise typer.Exit(code=serve_with_workers(host, port, workers, worker_args, typer.echo))

    import uvicorn

    from jiyi.api.app import create_app
    from jiyi.api.http_protocol import JsonErrorProtocol
    from jiyi.api.peers import PeerWorkers
    from jiyi.memory import Memory

    settings = _settings(config)
    peers = PeerWorkers(peer) if uds else None
    memory = Memory(settings, process_inline=inline, peers=peers)
    _ready_to_serve(memory)
    api = create_app(memory, _key_store(settings), worker=peers is not None)
    if find_spec("mcp"):  # the `agents` extra: MCP clients at /mcp, with the same keys
        from jiyi.mcp_server import mount_mcp

        mount_mcp(api)
    where = {"uds": uds} if uds else {"host": host, "port": port}
    try:
        uvicorn.run(api, **where, http=JsonErrorProtocol, log_config=None)
    finally:
        memory.close()
        if peers is not None:
            peers.close()


@app.command("mcp")
def mcp_stdio(
    tenant: Annotated[
        str | None, typer.Option(help="tenant every user id is scoped to (default: mcp.tenant)")
    ] = None,
    user: Annotated[
        str | None,
        typer.Option(help="user a tool call that names none is about (default: mcp.user_id)"),
    ] = None,
    config: ConfigOption = None,
) -> None:
    """Serve memory to an MCP client (an agent, Claude Desktop) over stdio, for one tenant."""
    from jiyi.mcp_server import Caller, serve_stdio
    from jiyi.memory import Memory

    given = {"tenant": tenant, "user_id": user}
    settings = _settings(config, mcp={k: v for k, v in given.items() if v is not None})
    if settings.mcp.tenant is None:
        typer.secho("jiyi mcp needs a tenant: --tenant, or mcp.tenant (JIYI_MCP__TENANT)",
                    fg=typer.colors.RED, err=True)  # fmt: skip
        raise typer.Exit(code=2)
    memory = Memory(settings)
    _ready_to_serve(memory)
    try:
        serve_stdio(memory, Caller(settings.mcp.tenant, settings.mcp.user_id))
    finally:
        memory.close()


# ---- the streaming write path (pipelines/) --------------------------------------------------


@app.command()
def stream(
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="workers per process")] = 1,
    process_id: Annotated[
        int | None, typer.Option("--process-id", "-i", help="this process in a cluster")
    ] = None,
    addresses: Annotated[
        str | None, typer.Option("--addresses", "-a", help='cluster, e.g. "h0:2101;h1:2101"')
    ] = None,
    recovery_dir: Annotated[
        Path | None, typer.Option("--recovery-dir", "-r", help="default: <data_dir>/recovery")
    ] = None,
    recovery: Annotated[bool, typer.Option(help="resume from snapshots after a restart")] = True,
    snapshot_s: Annotated[float, typer.Option(min=0.1, help="seconds between snapshots")] = 1.0,
    once: Annotated[
        bool, typer.Option(help="drain the log and exit instead of tailing it")
    ] = False,
    config: ConfigOption = None,
) -> None:
    """Run the Bytewax dataflow from the turn log into the stores (SIGTERM stops it cleanly)."""
    from datetime import timedelta

    from pipelines.run import StreamOptions, default_recovery_dir, run_stream

    settings = _settings(config)
    options = StreamOptions(
        workers=workers, process_id=process_id,
        addresses=addresses.split(";") if addresses else None,
        recovery_dir=(recovery_dir or default_recovery_dir(settings)) if recovery else None,
        snapshot_interval=timedelta(seconds=snapshot_s), tail=not once,
    )  # fmt: skip
    run_stream(settings, options)


@app.command("stream-status")
def stream_status_command(config: ConfigOption = None) -> None:
    """Each stream worker's progress and the turns the stream is behind the log head."""
    from pipelines.status import stream_status

    status = stream_status(_settings(config))
    typer.echo(json.dumps(
        {"lag_turns": status.lag, "heads": status.heads, "finished": status.finished,
         "workers": [dataclasses.asdict(w) for w in status.workers]}, indent=2,
    ))  # fmt: skip


dead_letter_app = typer.Typer(help="Turns the stream could not process.", no_args_is_help=True)
app.add_typer(dead_letter_app, name="dead-letter")


@dead_letter_app.command("list")
def dead_letter_list(
    all_entries: Annotated[bool, typer.Option("--all", help="include replayed ones")] = False,
    limit: Annotated[int, typer.Option(min=1)] = 100,
    config: ConfigOption = None,
) -> None:
    """One JSON line per dead letter: id, stage, reason, key, payload."""
    from jiyi.composition import open_dead_letters

    store = open_dead_letters(_settings(config))
    for entry in store.entries(include_replayed=all_entries, limit=limit):
        typer.echo(json.dumps(dataclasses.asdict(entry), ensure_ascii=False))
    store.close()


@dead_letter_app.command("replay")
def dead_letter_replay(
    ids: Annotated[list[int] | None, typer.Argument(help="ids to replay (default: all)")] = None,
    config: ConfigOption = None,
) -> None:
    """Append dead-lettered turns to the turn log again, after their cause is fixed."""
    from jiyi.composition import open_dead_letters, open_turn_log
    from jiyi.ingest.replay import replay_dead_letters

    settings = _settings(config)
    store, turn_log = open_dead_letters(settings), open_turn_log(settings)
    try:
        replayed = replay_dead_letters(store, turn_log, ids or None)
    except ValueError as exc:
        typer.secho(str(exc), fg=typer.colors.RED, err=True)
        raise typer.Exit(code=1) from None
    finally:
        store.close()
        turn_log.close()
    typer.echo(f"replayed {len(replayed)} dead letters into the turn log")


@bench_app.command("library")
def bench_library(
    turns: Annotated[int, typer.Option(min=10)] = 240,
    users: Annotated[int, typer.Option(min=1)] = 8,
    model: Annotated[str, typer.Option(help="embedder.model")] = "packaged:all-MiniLM-L6-v2",
    repeats: Annotated[int, typer.Option(min=1)] = 3,
) -> None:
    """The in-process write path: ms per turn of one Memory.add_turns call per turn, next to
    the embedder alone on the same texts, measured in the same run."""
    from jiyi.bench import library

    typer.echo(library.report(library.run(turns, users, model, repeats)))


@bench_app.command("stream")
def bench_stream(
    turns: Annotated[int, typer.Option(min=100)] = 2000,
    users: Annotated[int, typer.Option(min=1)] = 50,
    model: Annotated[str, typer.Option(help="embedder.model")] = "packaged:all-MiniLM-L6-v2",
    load_share: Annotated[float, typer.Option(min=0.05, max=1.0)] = 0.6,
    breakdown: Annotated[
        bool, typer.Option(help="instead: CPU ms per turn per step, 1 worker, median of 3 runs")
    ] = False,
    locomo: Annotated[
        Path | None,
        typer.Option(help="a LoCoMo JSON file: its turns as the workload (real length)"),
    ] = None,
    batch: Annotated[
        int | None,
        typer.Option(min=1, help="with --breakdown: turns per batch at most (1: light load)"),
    ] = None,
    stored_users: Annotated[
        int, typer.Option(min=0, help="with --breakdown: users × 200 events stored beforehand")
    ] = 0,
) -> None:
    """Stream turns/s into both stores and append→recallable p50/p99, 1 and 2 workers, next
    to the embedder's own encoding throughput measured in the same run."""
    from jiyi.bench import stream as stream_bench

    if breakdown:
        batching = {"batch": batch} if batch else {}  # default: the flow's own batch size
        made = stream_bench.breakdown(
            turns, users, model, locomo=locomo, stored_users=stored_users, **batching
        )
        typer.echo(stream_bench.report_breakdown(made))
        return
    result = stream_bench.run(turns, users, model, (1, 2), load_share, locomo)
    typer.echo(stream_bench.report(result))


@app.command()
def up(
    api_port: Annotated[int, typer.Option(min=1, max=65535)] = 8420,
    dagster_port: Annotated[int, typer.Option(min=1, max=65535)] = 3000,
    dagster: Annotated[bool, typer.Option(help="also run the Dagster UI and daemon")] = True,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1)] = 1,
    api_workers: Annotated[
        int, typer.Option(min=1, help="API processes, each user served by one (serve --workers)")
    ] = 1,
    demo: Annotated[
        bool, typer.Option(help="once up, play the bundled conversations through the API")
    ] = False,
    config: ConfigOption = None,
) -> None:
    """Run the whole local system: HTTP API, stream worker and Dagster UI; Ctrl-C stops all."""
    import os
    import sys

    from jiyi.composition import layout
    from jiyi.supervisor import Service, run_services

    settings = _settings(config)
    jiyi_cmd = [sys.executable, "-m", "jiyi.cli"]
    config_args = ["--config", str(config)] if config else []
    api = f"http://127.0.0.1:{api_port}"
    services = [
        Service("api", [*jiyi_cmd, "serve", "--port", str(api_port), "--no-inline",
                        "--workers", str(api_workers), *config_args], f"{api}/docs",
                f"{api}/healthz"),
        Service("stream", [*jiyi_cmd, "stream", "--workers", str(workers), *config_args]),
    ]  # fmt: skip
    if dagster:
        ui = f"http://127.0.0.1:{dagster_port}"
        services.append(
            Service("dagster", [sys.executable, "-m", "dagster", "dev", "-w", "workspace.yaml",
                                "-h", "127.0.0.1", "-p", str(dagster_port)],
                    ui, f"{ui}/server_info")
        )  # fmt: skip
    env = dict(os.environ)
    env.setdefault("DAGSTER_HOME", str(layout(settings).dagster_home.resolve()))
    os.makedirs(env["DAGSTER_HOME"], exist_ok=True)
    typer.echo(f"jiyi up: data in {settings.data_dir.resolve()}; Ctrl-C stops everything")

    def play_demo() -> None:
        from jiyi.demo import HttpClient, play, render

        key = _key_store(settings).create("demo", "jiyi up --demo")
        typer.echo(render(play(HttpClient(api, key), settings)))
        typer.echo(f"jiyi up: still running; try `jiyi demo --api {api}` or {api}/docs")

    code = run_services(services, env, typer.echo, play_demo if demo else None)
    raise typer.Exit(code=code)


if __name__ == "__main__":
    app()
