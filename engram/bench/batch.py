"""`engram bench batch`: the nightly assets timed at scale, each beside a plain baseline.

Measured in one run on this machine: decay over N edges (polars, vectorised; baseline: the
per-edge Python function the read path uses), the noise rule over M events (vectorised; baseline:
a per-event Python window count), similar-event merging and archiving over M events held in a
real LanceDB store, and one LoRA epoch on P pairs. The decay goal is 10 million edges in < 60 s.
"""

from __future__ import annotations

import random

from engram.domain import (
    Event,
    EventType,
    ExtractionSource,
    event_id_for,
    text_hash,
)

DAY_MS = 86_400_000
DECAY_GOAL_EDGES = 10_000_000
DECAY_GOAL_SECONDS = 60.0

_TOPICS = [
    ("电磁感应", "electromagnetic induction"),
    ("楞次定律", "Lenz's law"),
    ("右手定则", "right-hand rule"),
    ("三角函数", "trigonometry"),
    ("加速度", "acceleration"),
    ("动量守恒", "conservation of momentum"),
    ("化学平衡", "chemical equilibrium"),
    ("英语语法", "English grammar"),
]
_PHRASES = {
    EventType.CONCEPT_CONFUSION: ("搞不懂{zh}", "confused about {en}"),
    EventType.PREFERENCE: ("喜欢用动画学{zh}", "likes animations for {en}"),
    EventType.QUESTION: ("问了{zh}的问题", "asked about {en}"),
    EventType.TASK_REQUEST: ("请求复习{zh}", "asked to review {en}"),
    EventType.GREETING: ("你好", "hello there"),
    EventType.SMALL_TALK: ("今天天气不错", "nice weather today"),
}


def synthetic_events(
    users: int, per_user: int, now_ms: int, days: int = 60, seed: int = 7
) -> list[tuple[Event, str]]:
    """(event, raw text) pairs over `days` before `now_ms`, zh and en, with repeats to merge."""
    rng = random.Random(seed)
    types = list(_PHRASES)
    items = []
    for u in range(users):
        user = f"u{u:06d}"
        for i in range(per_user):
            event_type = rng.choice(types)
            zh, en = rng.choice(_TOPICS)
            template = _PHRASES[event_type][i % 2]
            text = template.format(zh=zh, en=en)
            turn = f"t{u:06d}-{i:05d}"
            items.append(
                (
                    Event(
                        event_id=event_id_for(user, turn, event_type),
                        user_id=user,
                        session_id=f"s{u:06d}-{i // 10:04d}",
                        turn_id=turn,
                        ts=now_ms - rng.randrange(days * DAY_MS),
                        event_type=event_type,
                        keywords=[zh if i % 2 == 0 else en],
                        summary=text[:50],
                        raw_hash=text_hash(text),
                        confidence=round(rng.uniform(0.5, 0.95), 3),
                        source=ExtractionSource.RULE,
                    ),
                    text,
                )
            )
    return items
