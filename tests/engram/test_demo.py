from engram.config import Settings
from engram.demo import Rejection, parse_turns, run_demo


def test_every_bad_line_is_reported_with_its_reason(tmp_path):
    path = tmp_path / "turns.jsonl"
    path.write_text(
        '{"user_id": "u1", "session_id": "s1", "role": "user", "content": "hi", "client_ts": 1}\n'
        "\n"
        "{broken\n"
        '{"user_id": "u1", "session_id": "s1", "role": "user", "content": "'
        + "x" * 300
        + '", "client_ts": 2}\n'
    )
    parsed = list(parse_turns(path, max_content_bytes=256))
    assert [line for line, _ in parsed] == [1, 3, 4]
    assert not isinstance(parsed[0][1], Rejection)
    assert "not valid JSON" in parsed[1][1].reason
    assert parsed[2][1].reason.startswith("content: is 300 bytes")


def test_demo_keeps_good_turns_when_others_are_bad():
    report = run_demo(Settings())
    assert report.accepted == 9
    alice = report.sessions["u-alice/s-2026-11-01"]
    assert any(turn["truncated"] for turn in alice)
    assert all("<script" not in str(turn["content"]) for turn in alice)
    bob = report.sessions["u-bob/s-bob-1"]
    # Ordered by client timestamp, not arrival: the preference (ts ...105) precedes the confusion.
    assert bob[2]["content"] == "我喜欢用动画学数学。"
