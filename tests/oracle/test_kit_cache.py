"""tests/oracle/kit_cache.py: an entry is made once per key, whole or not at all; keys follow bytes, not names."""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest


def _kit_cache() -> ModuleType:
    if "kit_cache" not in sys.modules:
        spec = importlib.util.spec_from_file_location("kit_cache", Path(__file__).resolve().parent / "kit_cache.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["kit_cache"] = module
        spec.loader.exec_module(module)
    return sys.modules["kit_cache"]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TRIPLEA_TEST_CACHE", str(tmp_path / "store"))
    return tmp_path / "store"


def test_an_entry_is_made_once(store: Path) -> None:
    made: list[Path] = []

    def make(folder: Path) -> None:
        made.append(folder)
        (folder / "out.txt").write_text("played", encoding="utf-8")

    first = _kit_cache().entry("games", "k1", make)
    second = _kit_cache().entry("games", "k1", make)
    assert first == second == store / "games" / "k1" and len(made) == 1
    assert (first / "out.txt").read_text(encoding="utf-8") == "played"


def test_a_failed_make_leaves_no_entry(store: Path) -> None:
    def fail(folder: Path) -> None:
        (folder / "half.txt").write_text("half", encoding="utf-8")
        raise RuntimeError("the kit failed")

    with pytest.raises(RuntimeError):
        _kit_cache().entry("games", "k2", fail)
    assert not (store / "games" / "k2").exists()
    assert [p.name for p in (store / "games").iterdir()] == ["k2.lock"]


def test_off_means_no_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRIPLEA_TEST_CACHE", "off")
    assert _kit_cache().entry("games", "k3", lambda folder: None) is None


def test_keys_follow_the_bytes_and_the_parts(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.xml", tmp_path / "b.xml", tmp_path / "c.xml"
    a.write_bytes(b"<game/>")
    b.write_bytes(b"<game/>")
    c.write_bytes(b"<game />")
    key = _kit_cache().key
    assert key(["rounds=3"], [a]) == key(["rounds=3"], [b])
    assert len({key(["rounds=3"], [a]), key(["rounds=3"], [c]), key(["rounds=2"], [a]), key(["rounds=3"], [a, b]),
                key(["rounds=3", ""], [a])}) == 5


def test_entries_nobody_read_for_a_month_go(store: Path) -> None:
    cache = _kit_cache()
    old = cache.entry("games", "old", lambda folder: None)
    month_ago = time.time() - (cache.KEEP_DAYS + 1) * 86400
    os.utime(old, (month_ago, month_ago))
    cache.entry("games", "new", lambda folder: None)
    assert not old.exists() and (store / "games" / "new").is_dir()
