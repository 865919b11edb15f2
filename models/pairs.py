"""Training pairs for the embedder: (query, the memory statement it should find).

Sources, all zh and en: events with the turn they came from (the turn's text should find the
event's indexed text), each turn with the next one in its session (what is said next answers or
continues it), recalled-and-accepted items (the query should find what the user accepted), and
the domain pair files under `data/training/`. Each pair has a group (a concept, an event, a
memory); the train / held-out split is by a stable hash of the group, so every pair about one
group lands on one side and the held-out score measures items never seen in training.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import polars as pl

DEFAULT_DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "training"
_HAN = re.compile(r"[\u3400-\u9fff]")
MAX_TEXT_CHARS = 2000
PAIR_SALT = "jiyi-pairs-v1"  # which groups `split_pairs` holds out; recall probes read the same


class PairError(ValueError):
    """A pair source that cannot be used; the message names the file, line and field."""


@dataclass(frozen=True)
class Pair:
    query: str
    positive: str
    lang: str  # "zh" | "en": Han characters in either side make it zh
    source: str  # "domain" | "event" | "conversation" | "recall"
    group: str


def lang_of(*texts: str) -> str:
    return "zh" if any(_HAN.search(t) for t in texts) else "en"


def make_pair(query: str, positive: str, source: str, group: str) -> Pair:
    """A checked pair: both sides non-blank strings of reasonable length."""
    for name, text in (("query", query), ("positive", positive)):
        if not isinstance(text, str) or not text.strip():
            raise PairError(f"{name}: must be a non-blank string")
        if len(text) > MAX_TEXT_CHARS:
            raise PairError(f"{name}: {len(text)} characters, over {MAX_TEXT_CHARS}")
    return Pair(query.strip(), positive.strip(), lang_of(query, positive), source, group)


def load_pair_file(path: Path) -> list[Pair]:
    """One JSON object per line with `query`, `positive` and `group`."""
    pairs = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            pairs.append(make_pair(row["query"], row["positive"], "domain", str(row["group"])))
        except (ValueError, KeyError, TypeError) as exc:
            detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise PairError(f"{path}:{number}: {detail}") from None
    return pairs


def domain_pairs(directory: Path = DEFAULT_DATA_DIR) -> list[Pair]:
    """Every `*.jsonl` pair file in the directory, in name order."""
    return [p for f in sorted(Path(directory).glob("*.jsonl")) for p in load_pair_file(f)]


def event_pairs(events: pl.DataFrame, turns: pl.DataFrame) -> list[Pair]:
    """Turn text → the event's indexed text (summary and keywords), joined on `turn_id`, grouped
    by the turn's session, so a session held out of training (`split_pairs`) is held out whole
    and recall can be probed on it (`jiyi.bench.probes`).

    `events`: turn_id, event_id, summary, keywords (list); `turns`: user_id, session_id,
    turn_id, content.
    """
    columns = ["user_id", "session_id", "turn_id", "content"]
    joined = events.join(turns.select(columns), on="turn_id", how="inner")
    pairs = []
    for row in joined.iter_rows(named=True):
        positive = " ".join([row["summary"], *row["keywords"]]).strip()
        if positive and row["content"].strip() and row["content"].strip() != positive:
            group = session_group(row["user_id"], row["session_id"])
            pairs.append(make_pair(row["content"][:MAX_TEXT_CHARS], positive, "event", group))
    return pairs


def conversation_pairs(turns: pl.DataFrame) -> list[Pair]:
    """Each turn → the next turn of its session, grouped by session.

    A question is answered, and a remark taken up, by the turn after it, so these pairs teach
    what recall needs: a question about something finds the turns that say it, not only the
    turns that repeat its words. They come from what the store holds, never from a benchmark's
    questions. `turns`: user_id, session_id, client_ts, content.
    """
    ordered = turns.sort(["user_id", "session_id", "client_ts"], maintain_order=True)
    pairs = []
    for turn, reply in pairwise(ordered.iter_rows(named=True)):
        session = (turn["user_id"], turn["session_id"])
        if session != (reply["user_id"], reply["session_id"]):
            continue
        query, positive = turn["content"].strip(), reply["content"].strip()
        if query and positive and query != positive:
            group = session_group(*session)
            pairs.append(
                make_pair(query[:MAX_TEXT_CHARS], positive[:MAX_TEXT_CHARS], "conversation", group)
            )
    return pairs


def recall_pairs(recalls: pl.DataFrame, events: pl.DataFrame) -> list[Pair]:
    """Accepted recalls: the query → the accepted event's indexed text.

    `recalls`: query, event_id, outcome ("accepted" kept); `events`: event_id, summary, keywords.
    """
    accepted = recalls.filter(pl.col("outcome") == "accepted").join(
        events.select("event_id", "summary", "keywords"), on="event_id", how="inner"
    )
    return [
        make_pair(
            row["query"], " ".join([row["summary"], *row["keywords"]]), "recall", row["event_id"]
        )
        for row in accepted.iter_rows(named=True)
    ]


def dedupe(pairs: Iterable[Pair]) -> list[Pair]:
    seen: dict[tuple[str, str], Pair] = {}
    for pair in pairs:
        seen.setdefault((pair.query, pair.positive), pair)
    return list(seen.values())


def session_group(user_id: str, session_id: str) -> str:
    """The group of a session's conversation pairs: a session is trained on or held out whole."""
    return f"{user_id}/{session_id}"


def held_out(group: str, fraction: float, salt: str) -> bool:
    digest = hashlib.sha256(f"{salt}\x1f{group}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < fraction


def split_pairs(
    pairs: Sequence[Pair], eval_fraction: float = 0.2, salt: str = PAIR_SALT
) -> tuple[list[Pair], list[Pair]]:
    """(train, held-out): deterministic, by group, so no group straddles the two."""
    if not 0.0 < eval_fraction < 1.0:
        raise PairError(f"eval_fraction: must be between 0 and 1, got {eval_fraction}")
    train = [p for p in pairs if not held_out(p.group, eval_fraction, salt)]
    evaluation = [p for p in pairs if held_out(p.group, eval_fraction, salt)]
    return train, evaluation
