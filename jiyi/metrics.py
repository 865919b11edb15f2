"""Product metrics (DESIGN.md, after the source article), as pure functions over polars frames.

Inputs, one row each:
- turns:   user_id, session_id, role, client_ts (epoch ms) — from the turn log;
- events:  user_id, session_id, event_id, event_type, ts, attributes (JSON text) — episodic;
- recalls: user_id, session_id, ts, event_id, outcome — one row per memory item the agent
  brought up, with what the user did: "accepted" (used it), "ignored", or "dont_bring_up".

Every metric is reported per UTC day as (day, metric, value, numerator, denominator), so a day's
figure can be recomputed, audited and plotted as a history.
"""

from __future__ import annotations

import polars as pl

from jiyi.domain import EventAttr, EventType

MS_PER_DAY = 86_400_000
RETENTION_DAYS = 7
TASK_TYPES = (EventType.TASK_REQUEST.value, EventType.GOAL.value)
FAILURE_TYPES = (EventType.OPERATION_FAILURE.value, EventType.COMPLAINT.value)
RECALL_OUTCOMES = ("accepted", "ignored", "dont_bring_up")

TURN_SCHEMA = {"user_id": pl.String, "session_id": pl.String, "role": pl.String,
               "client_ts": pl.Int64}  # fmt: skip
EVENT_SCHEMA = {"user_id": pl.String, "session_id": pl.String, "event_id": pl.String,
                "event_type": pl.String, "ts": pl.Int64, "attributes": pl.String}  # fmt: skip
RECALL_SCHEMA = {"user_id": pl.String, "session_id": pl.String, "ts": pl.Int64,
                 "event_id": pl.String, "outcome": pl.String}  # fmt: skip
METRIC_SCHEMA = {"day": pl.Date, "metric": pl.String, "value": pl.Float64,
                 "numerator": pl.Int64, "denominator": pl.Int64}  # fmt: skip


def check_frame(name: str, frame: pl.DataFrame, schema: dict[str, type[pl.DataType]]) -> None:
    """Refuse a frame without a needed column, naming the frame and the column."""
    missing = [c for c in schema if c not in frame.columns]
    if missing:
        raise ValueError(f"{name}: missing columns {missing}")


def _day(column: str) -> pl.Expr:
    return pl.from_epoch(pl.col(column), time_unit="ms").dt.date().alias("day")


def _rows(metric: str, numerator: pl.Expr, denominator: pl.Expr) -> list[pl.Expr]:
    return [
        pl.lit(metric).alias("metric"),
        (numerator / denominator).cast(pl.Float64).alias("value"),
        numerator.cast(pl.Int64).alias("numerator"),
        denominator.cast(pl.Int64).alias("denominator"),
    ]


def _sessions(turns: pl.DataFrame) -> pl.DataFrame:
    """One row per session: its user, start and number of user turns."""
    return turns.group_by("user_id", "session_id").agg(
        pl.col("client_ts").min().alias("start"),
        (pl.col("role") == "user").sum().alias("user_turns"),
    )


def session_depth(turns: pl.DataFrame) -> pl.DataFrame:
    """Session depth: the mean number of user turns (conversation rounds) per session, for the
    sessions that started on each day. numerator = user turns, denominator = sessions."""
    check_frame("turns", turns, TURN_SCHEMA)
    sessions = _sessions(turns).with_columns(_day("start"))
    return (
        sessions.group_by("day")
        .agg(*_rows("session_depth", pl.col("user_turns").sum(), pl.len()))
        .select(list(METRIC_SCHEMA))
    )


def cross_session_retention(
    turns: pl.DataFrame, recalls: pl.DataFrame, as_of_ms: int
) -> pl.DataFrame:
    """7-day cross-session retention: of the users active on day d who came back (a session
    starting within 7 days after their first session that day), the share who used memory again
    (a recalled item they accepted in one of those return sessions). Days whose 7-day window is
    not over by `as_of_ms` are left out, so a figure never changes once reported."""
    check_frame("turns", turns, TURN_SCHEMA)
    check_frame("recalls", recalls, RECALL_SCHEMA)
    sessions = _sessions(turns)
    first = (
        sessions.with_columns(_day("start"))
        .group_by("user_id", "day")
        .agg(pl.col("start").min().alias("first"))
    )
    window = RETENTION_DAYS * MS_PER_DAY
    returns = first.join(sessions.select("user_id", "session_id", "start"), on="user_id").filter(
        (pl.col("start") > pl.col("first")) & (pl.col("start") <= pl.col("first") + window)
    )
    used = recalls.filter(pl.col("outcome") == "accepted").select("user_id", "session_id").unique()
    per_user = (
        returns.join(
            used.with_columns(pl.lit(True).alias("used")), on=["user_id", "session_id"], how="left"
        )
        .group_by("user_id", "day", "first")
        .agg(pl.col("used").any().fill_null(False))
    )
    complete = per_user.filter(pl.col("first") + window <= as_of_ms)
    return (
        complete.group_by("day")
        .agg(*_rows("retention_7d", pl.col("used").sum(), pl.len()))
        .select(list(METRIC_SCHEMA))
    )


def task_success_rate(events: pl.DataFrame) -> pl.DataFrame:
    """Task success rate: of the tasks users stated each day (task_request and goal events), the
    share whose next event from that user in the same session is not a failure signal
    (operation_failure, complaint, or feedback with negative polarity) — the first answer
    satisfied the request. A task with no later event in its session counts as satisfied."""
    check_frame("events", events, EVENT_SCHEMA)
    polarity = pl.col("attributes").str.json_path_match(f"$.{EventAttr.POLARITY.value}")
    failure = pl.col("event_type").is_in(FAILURE_TYPES) | (
        (pl.col("event_type") == EventType.FEEDBACK.value) & (polarity == "negative")
    )
    ordered = events.sort("user_id", "session_id", "ts", "event_id").with_columns(
        failure.fill_null(False).shift(-1).over("user_id", "session_id").alias("next_failed")
    )
    tasks = ordered.filter(pl.col("event_type").is_in(TASK_TYPES)).with_columns(_day("ts"))
    succeeded = (~pl.col("next_failed").fill_null(False)).sum()
    return (
        tasks.group_by("day")
        .agg(*_rows("task_success_rate", succeeded, pl.len()))
        .select(list(METRIC_SCHEMA))
    )


def memory_interference_rate(recalls: pl.DataFrame) -> pl.DataFrame:
    """Memory interference rate: of the memory items the agent brought up each day, the share
    the user answered with "don't bring that up"."""
    check_frame("recalls", recalls, RECALL_SCHEMA)
    unknown = recalls.filter(~pl.col("outcome").is_in(RECALL_OUTCOMES))
    if unknown.height:
        raise ValueError(f"recalls.outcome: unknown values {unknown['outcome'].unique().to_list()}")
    return (
        recalls.with_columns(_day("ts"))
        .group_by("day")
        .agg(
            *_rows(
                "memory_interference_rate", (pl.col("outcome") == "dont_bring_up").sum(), pl.len()
            )
        )
        .select(list(METRIC_SCHEMA))
    )


def recall_frame(
    recalls: pl.DataFrame, feedback: pl.DataFrame, turns: pl.DataFrame
) -> pl.DataFrame:
    """The `recalls` input built from the feedback log and the turn log.

    recalls: user_id, event_id, at (an item the agent brought up); feedback: user_id, event_id,
    kind ("useful" | "dont_bring_up"), at; turns as above plus `content`. Each recalled item gets
    the session and the query (the user's latest turn at or before it was recalled) and the
    outcome of the first feedback on that item after it: useful → "accepted", dont_bring_up →
    "dont_bring_up", none → "ignored". A recall with no earlier turn of its user is left out.
    """
    check_frame("turns", turns, {**TURN_SCHEMA, "content": pl.String})
    user_turns = (
        turns.filter(pl.col("role") == "user")
        .select("user_id", "session_id", pl.col("client_ts").alias("ts"), pl.col("content"))
        .sort("ts")
    )
    items = recalls.select("user_id", "event_id", pl.col("at").cast(pl.Int64).alias("ts")).sort(
        "ts"
    )
    with_query = items.join_asof(
        user_turns, on="ts", by="user_id", strategy="backward", check_sortedness=False
    )
    answers = feedback.select(
        "user_id", "event_id", pl.col("at").cast(pl.Int64).alias("answered_at"), "kind"
    ).sort("answered_at")
    answered = with_query.sort("ts").join_asof(
        answers, left_on="ts", right_on="answered_at", by=["user_id", "event_id"],
        strategy="forward", check_sortedness=False,
    )  # fmt: skip
    outcome = (
        pl.when(pl.col("kind") == "useful")
        .then(pl.lit("accepted"))
        .when(pl.col("kind") == "dont_bring_up")
        .then(pl.lit("dont_bring_up"))
        .otherwise(pl.lit("ignored"))
    )
    return answered.filter(pl.col("session_id").is_not_null()).select(
        "user_id", "session_id", "ts", "event_id", outcome.alias("outcome"),
        pl.col("content").alias("query"),
    )  # fmt: skip


def all_metrics(
    turns: pl.DataFrame, events: pl.DataFrame, recalls: pl.DataFrame, as_of_ms: int
) -> pl.DataFrame:
    """Every metric for every day the inputs cover, in one long frame sorted by day."""
    parts = [
        session_depth(turns),
        cross_session_retention(turns, recalls, as_of_ms),
        task_success_rate(events),
        memory_interference_rate(recalls),
    ]
    return pl.concat(parts).cast(METRIC_SCHEMA).sort("day", "metric")  # type: ignore[arg-type]


def update_history(history: pl.DataFrame | None, latest: pl.DataFrame) -> pl.DataFrame:
    """The history with the latest run's figures replacing any earlier figure for the same day."""
    if history is None or history.height == 0:
        return latest.sort("day", "metric")
    kept = history.join(latest.select("day", "metric"), on=["day", "metric"], how="anti")
    return pl.concat([kept, latest]).sort("day", "metric")
