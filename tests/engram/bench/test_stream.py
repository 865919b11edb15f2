import pytest

from engram.bench import stream


def test_the_workload_mixes_languages_and_users() -> None:
    turns = stream.workload(200, users=10)
    assert len({t.user_id for t in turns}) == 10
    assert len({t.turn_id for t in turns}) == 200
    assert any("我" in t.content for t in turns)
    assert any(t.content.startswith("I ") for t in turns)


@pytest.mark.integration
def test_the_benchmark_runs_end_to_end_with_one_and_two_workers() -> None:
    result = stream.run(turns=120, users=6, model="hashing:64", workers=(1, 2))
    assert [r.workers for r in result.results] == [1, 2]
    for r in result.results:  # every turn was drained and measured; no timing is asserted
        assert r.turns == 120
        assert 0 < r.p50_ms <= r.p99_ms
    lines = stream.report(result).splitlines()
    assert len(lines) == 4
