from jiyi.bench import library


def test_the_library_bench_times_every_call_and_its_baseline():
    result = library.run(turns=20, users=2, model="hashing:64", repeats=2)
    assert len(result.add_ms) == len(result.encode_ms) == 2
    assert all(ms > 0 for ms in result.add_ms + result.encode_ms)
    text = library.report(result)
    assert "one Memory.add_turns call each" in text
    assert "embedder alone" in text
