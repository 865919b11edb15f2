from jiyi.bench import working_memory


def test_bench_measures_both_stores_and_reports_ratios():
    result = working_memory.run(sessions=20, turns_per_session=10, chars=40)
    assert [op.name for op in result.jiyi] == ["add", "get", "rollback"]
    assert [op.count for op in result.jiyi] == [200, 200, 200]
    assert result.jiyi_mb > 0
    assert result.baseline_mb > 0
    text = working_memory.report(result)
    assert "speed-up" in text
    assert "memory for 20 sessions" in text
