from concurrent.futures import ProcessPoolExecutor

from jiyi.keyfile import KEY_BYTES, load_or_create_key


def test_a_key_is_created_once_private_and_then_reread(tmp_path):
    path = tmp_path / "secrets" / "index.key"
    key = load_or_create_key(path)
    assert len(key) == KEY_BYTES
    assert path.stat().st_mode & 0o077 == 0
    assert load_or_create_key(path) == key
    assert [p.name for p in path.parent.iterdir()] == ["index.key"]  # no temporary left behind


def test_processes_racing_to_create_a_key_all_get_the_same_one(tmp_path):
    path = tmp_path / "index.key"
    with ProcessPoolExecutor(4) as pool:
        keys = list(pool.map(load_or_create_key, [path] * 16))
    assert len(set(keys)) == 1
    assert keys[0] == path.read_bytes()
