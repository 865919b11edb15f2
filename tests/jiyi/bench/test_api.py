import random
import time
from pathlib import Path

import pytest

from jiyi.bench import api
from jiyi.config import load_settings


def test_queries_are_the_questions_and_fragments_of_what_users_said() -> None:
    texts = ["I keep mixing up velocity and acceleration", "我总把加速度和速度搞混了呀"]
    workload = api.Workload.of(texts, ["what does the user mix up?"])
    assert workload.texts == texts
    assert workload.queries[0] == "what does the user mix up?"
    assert len(set(workload.queries)) > 10  # varied: no cache answers them
    for query in workload.queries[1:]:
        assert any(query in text for text in texts)
    assert api._fragment("ok", random.Random(1)) == "ok"


@pytest.mark.integration
@pytest.mark.parametrize("deployment", ["pair", "inline"])
def test_load_bench_runs_real_servers_and_reports(deployment: api.Deployment) -> None:
    result = api.run(seconds=3, clients=2, ingest_every=3, users=3, history=4,
                     model="hashing:64", deployment=deployment)  # fmt: skip
    assert result.load.errors == 0
    assert set(result.load.latencies_ms) == {"ingest", "recall"}
    assert result.baseline.requests > 0
    assert result.in_process_recalls_per_s > 0
    text = api.report(result)
    assert "mixed throughput / healthz throughput" in text
    assert "in-process recall" in text
    expected = {"server", "load generator"} | ({"stream"} if deployment == "pair" else set())
    assert set(result.cpu_cores) == expected
    assert result.cpu_cores["server"] > 0  # it served the load
    assert "CPU during the mixed load, in cores" in text
    if deployment == "pair":  # the stream kept up with the ingests, or says how far behind
        assert result.stream_turns_per_s is not None
        assert result.stream_turns_per_s >= 0
        assert result.stream_lag is not None
        assert "turns not yet finished" in text
    else:
        assert result.stream_turns_per_s is None
        assert "turns not yet finished" not in text


@pytest.mark.integration
def test_the_in_process_ceiling_times_recalls_only_not_the_histories_written_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes = api.Memory.add_turns

    def slow_writes(self, turns):  # the histories take longer than the timed recalls
        time.sleep(1.5)
        return writes(self, turns)

    monkeypatch.setattr(api.Memory, "add_turns", slow_writes)
    settings = load_settings(data_dir=tmp_path, embedder={"model": "hashing:64"})
    work = api.Workload.of(["I keep mixing up velocity and acceleration"], ["what?"])
    assert api._fill_and_recall(settings, 1, 2, work, 1, 1.0, random.Random(0)) > 0
