from jiyi.deadletter import DeadLetterStore


def test_dead_letters_keep_payload_and_reason(tmp_path):
    store = DeadLetterStore(tmp_path / "dead.sqlite")
    first = store.put("{broken", stage="validate", reason="not valid JSON")
    store.put('{"user_id": "u1", "role": "narrator"}', "validate", "role: unknown", key="u1")
    entries = store.entries()
    assert [e.id for e in entries] == [first, first + 1]
    assert entries[0].payload == "{broken"
    assert entries[0].reason == "not valid JSON"
    store.mark_replayed([first])
    assert [e.id for e in store.entries()] == [first + 1]
    assert len(store.entries(include_replayed=True)) == 2


def test_erasure_finds_a_user_by_key_or_payload(tmp_path):
    store = DeadLetterStore(tmp_path / "dead.sqlite")
    store.put('{"user_id": "u1", "content": ""}', "validate", "empty", key="u1")
    store.put('{"user_id":"u1","role":5}', "validate", "role", key="")
    store.put('{"user_id": "u10", "content": ""}', "validate", "empty", key="u10")
    assert store.erase_user("u1") == 2
    assert [e.key for e in store.entries()] == ["u10"]
    assert store.count() == 1
