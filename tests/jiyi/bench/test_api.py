import pytest

from jiyi.bench import api


@pytest.mark.integration
def test_load_bench_runs_a_real_server_and_reports():
    load, baseline = api.run(seconds=3, clients=2, ingest_every=3, users=3, model="hashing:64")
    assert load.errors == 0
    assert set(load.latencies_ms) == {"ingest", "recall"}
    assert baseline.requests > 0
    text = api.report(load, baseline)
    assert "mixed throughput / healthz throughput" in text
