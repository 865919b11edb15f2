"""`jiyi bench names`: at what cosine may a new name land on an earlier one?

The belief scenarios list, for each expected object, the surface forms that may name it. Two
forms of one object that neither an alias nor the vocabulary joins are pairs that should merge;
forms of two different objects of one scenario are pairs that must not. For each threshold and
script this prints the share of the first that embedding similarity would join and the number
of the second it would wrongly merge, in the deployment's encoder: the threshold for
`graph.similar_name_thresholds` is the lowest with no false merge
(`jiyi.ingest.similar_names.THRESHOLDS` holds the ones measured for the shipped encoders).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from jiyi import vocabulary
from jiyi.bench.beliefs import load_scenarios
from jiyi.domain import RelationKind
from jiyi.graph.entities import alias_key
from jiyi.ingest.similar_names import script
from models.embedder import SpaceEncoder

THRESHOLDS = (0.70, 0.75, 0.80, 0.85, 0.90, 0.95)
#: Their objects are values the identity rules read ("17", "高二"), never matched by name.
_VALUE_RELATIONS = frozenset({RelationKind.AGE, RelationKind.SCHOOL_YEAR})


@dataclass(frozen=True)
class ScriptResult:
    script: str
    same: int  # pairs that should merge
    different: int  # pairs that must not
    joined: dict[float, float]  # threshold → share of `same` at or above it
    false_merges: dict[float, int]  # threshold → pairs of `different` at or above it
    closest_different: list[tuple[str, str, float]]


def _joined_by_rules(a: str, b: str) -> bool:
    entry = vocabulary.lookup(a)
    return alias_key(a) == alias_key(b) or (entry is not None and entry is vocabulary.lookup(b))


def pairs(folder: Path) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(forms of one object no rule joins, forms of two objects of one scenario), one script."""
    same, different = [], []
    for scenario in load_scenarios(folder):
        forms = [e.object for e in scenario.expect if e.relation not in _VALUE_RELATIONS]
        for names in forms:
            same += [
                (a, b)
                for a, b in itertools.combinations(names, 2)
                if script(a) == script(b) and not _joined_by_rules(a, b)
            ]
        for first, second in itertools.combinations(forms, 2):
            different += [
                (a, b)
                for a in first[:2]
                for b in second[:2]
                if script(a) == script(b) and alias_key(a) != alias_key(b)
            ]
    return same, different


def _cosines(encoder: SpaceEncoder, pairs: list[tuple[str, str]]) -> np.ndarray:
    if not pairs:
        return np.zeros(0)
    left = encoder.encode([a for a, _ in pairs])
    right = encoder.encode([b for _, b in pairs])
    left = left / np.linalg.norm(left, axis=1, keepdims=True)
    right = right / np.linalg.norm(right, axis=1, keepdims=True)
    return np.asarray((left * right).sum(axis=1))


def run(folder: Path, encoder: SpaceEncoder) -> list[ScriptResult]:
    same, different = pairs(folder)
    results = []
    for name in ("latin", "han"):
        kept_same = [p for p in same if script(p[0]) == name]
        kept_different = [p for p in different if script(p[0]) == name]
        to_join, to_keep = _cosines(encoder, kept_same), _cosines(encoder, kept_different)
        closest = np.argsort(-to_keep)[:3]
        results.append(
            ScriptResult(
                script=name,
                same=len(kept_same),
                different=len(kept_different),
                joined={
                    t: float((to_join >= t).mean()) if len(to_join) else 0.0 for t in THRESHOLDS
                },
                false_merges={t: int((to_keep >= t).sum()) for t in THRESHOLDS},
                closest_different=[
                    (*kept_different[i], round(float(to_keep[i]), 3)) for i in closest
                ],
            )
        )
    return results


def report(results: list[ScriptResult], space_id: str) -> str:
    lines = [f"name matching in {space_id}: share of same-object pairs joined / false merges"]
    for r in results:
        lines.append(
            f"{r.script}: {r.same} same-object pairs, {r.different} different-object pairs"
        )
        for t in THRESHOLDS:
            lines.append(
                f"  cosine >= {t:.2f}  joined {r.joined[t]:.3f}  false merges {r.false_merges[t]}"
            )
        lines.append(f"  closest different: {r.closest_different}")
    return "\n".join(lines)
