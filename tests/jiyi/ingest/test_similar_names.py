"""Name matching by embedding (`jiyi.ingest.similar_names`), in the real hashing space."""

from __future__ import annotations

from jiyi.ingest.similar_names import SimilarNames
from models.hashing import HashingEncoder


def test_a_close_phrasing_lands_on_the_earlier_name_and_a_different_thing_does_not() -> None:
    names = SimilarNames(HashingEncoder(1024), {"latin": 0.6})
    earlier = ["quadratic formula", "mitochondria"]
    assert names.match("the quadratic formulas", earlier) == "quadratic formula"
    assert names.match("photosynthesis", earlier) is None


def test_only_scripts_with_a_measured_threshold_are_compared() -> None:
    names = SimilarNames(HashingEncoder(1024), {"latin": 0.6})
    assert names.match("二次函数图像", ["二次函数的图像"]) is None  # no threshold for Han here
    han = SimilarNames(HashingEncoder(1024), {"han": 0.5})
    assert han.match("二次函数图像", ["二次函数的图像", "quadratic formula"]) == "二次函数的图像"


def test_the_same_name_is_not_a_match_of_itself() -> None:
    names = SimilarNames(HashingEncoder(1024), {"latin": 0.1})
    assert names.match("The Chain Rule", ["chain rule"]) is None
