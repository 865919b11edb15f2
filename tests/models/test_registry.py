from __future__ import annotations

import json

import pytest

from models.registry import PROMOTED_FILE, AdapterRegistry, RegistryError


@pytest.fixture
def adapter_dir(tmp_path):
    """A directory shaped like a saved peft adapter (the real one is built in test_embedder)."""
    path = tmp_path / "saved"
    path.mkdir()
    (path / "adapter_config.json").write_text(json.dumps({"r": 8}))
    (path / "adapter_model.safetensors").write_bytes(b"\0" * 16)
    return path


def test_register_list_get_promote_resolve(tmp_path, adapter_dir):
    registry = AdapterRegistry(tmp_path / "adapters")
    assert registry.list() == []
    assert registry.resolve(None) is None, "no promoted version: the base model is used"
    v1 = registry.register("v1", adapter_dir, "packaged:all-MiniLM-L6-v2", {"recall@5": 0.61})
    v2 = registry.register("v2", adapter_dir, "packaged:all-MiniLM-L6-v2", {"recall@5": 0.64})
    assert [v.version for v in registry.list()] == ["v1", "v2"]
    assert registry.get("v1").metrics == {"recall@5": 0.61}
    assert (v1.path / "adapter_model.safetensors").is_file()
    registry.promote("v2")
    assert registry.resolve(None) == v2
    assert registry.resolve("v1") == v1
    assert (tmp_path / "adapters" / PROMOTED_FILE).read_text() == "v2"
    assert not [p for p in (tmp_path / "adapters").iterdir() if p.name.startswith(".")]


def test_versions_are_never_overwritten_and_names_are_checked(tmp_path, adapter_dir):
    registry = AdapterRegistry(tmp_path)
    registry.register("v1", adapter_dir, "m")
    with pytest.raises(RegistryError, match="already registered"):
        registry.register("v1", adapter_dir, "m")
    for bad in ["", "../x", "a/b", "x" * 65, ".hidden"]:
        with pytest.raises(RegistryError, match="version"):
            registry.register(bad, adapter_dir, "m")
    with pytest.raises(RegistryError, match="not registered"):
        registry.promote("v9")
    with pytest.raises(RegistryError, match="adapter_config"):
        registry.register("v2", tmp_path / "missing", "m")
    assert registry.promoted() is None


def test_a_failed_copy_leaves_no_half_version(tmp_path, adapter_dir, monkeypatch):
    registry = AdapterRegistry(tmp_path / "reg")

    def broken_copy(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("models.registry.shutil.copytree", broken_copy)
    with pytest.raises(OSError, match="disk full"):
        registry.register("v1", adapter_dir, "m")
    assert registry.list() == []
    assert list((tmp_path / "reg" / "versions").iterdir()) == []
