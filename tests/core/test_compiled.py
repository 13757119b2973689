"""The compiled build: it plays the same games as pure Python, and it never runs when it does not match the sources."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dwarfhall import _compiled

ROOT = Path(__file__).resolve().parents[2]


def _fresh_build() -> bool:
    manifest = _compiled.read_manifest()
    return manifest is not None and not _compiled.stale_modules(manifest)


def test_both_modes_play_identical_games() -> None:
    """Digests of random games, observations, samples and ISMCTS visit counts, in one process per mode."""
    args = ["--games", "1", "--plain", "2", "--search", "1", "--modes"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench/fingerprint.py"), *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    modes = [line.split(":")[0] for line in done.stdout.splitlines() if " games, " in line]
    # without a build here (no compiler) both runs are pure Python and this checks determinism across processes
    assert modes == ["pure", "compiled" if _fresh_build() else "pure"]
    assert "18 of 18 games identical" in done.stdout


def test_the_pure_switch_forces_pure_python() -> None:
    code = "import dwarfhall, dwarfhall.core.rng as r; from dwarfhall._compiled import is_compiled;"
    code += "print(dwarfhall.MODE, is_compiled(r))"
    env = {**os.environ, "DWARFHALL_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.split() == ["pure", "False"]
    assert done.stderr == ""


def _fake_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edited: str | None) -> None:
    monkeypatch.setattr(_compiled, "EXT_DIR", tmp_path)
    monkeypatch.setattr(_compiled, "MANIFEST", tmp_path / "manifest.json")
    modules = {}
    for module in _compiled.MODULES:
        (tmp_path / f"{module}.so").write_bytes(b"")
        digest = "0" * 64 if module == edited else _compiled.source_hash(module)
        modules[module] = {"file": f"{module}.so", "sha256": digest}
    manifest = {"tag": _compiled.build_tag(), "modules": modules}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def test_a_build_that_matches_every_source_is_not_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_build(tmp_path, monkeypatch, edited=None)
    manifest = _compiled.read_manifest()
    assert manifest is not None and _compiled.stale_modules(manifest) == []


def test_an_edited_source_turns_the_whole_build_off_and_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _fake_build(tmp_path, monkeypatch, edited="dwarfhall.core.rng")
    monkeypatch.delenv("DWARFHALL_PURE", raising=False)
    monkeypatch.setattr(_compiled, "MODE", "pure")
    finders = list(sys.meta_path)
    assert _compiled.install() == "pure"
    assert sys.meta_path == finders
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "core.rng" in err and "scripts/build-compiled" in err


def test_a_build_for_another_python_is_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_build(tmp_path, monkeypatch, edited=None)
    manifest = _compiled.read_manifest()
    assert manifest is not None
    manifest["tag"] = "cpython-00 .so"
    assert _compiled.stale_modules(manifest) == list(_compiled.MODULES)


def test_the_finder_loads_only_the_hot_modules_from_the_build(tmp_path: Path) -> None:
    finder = _compiled._CompiledFinder({"dwarfhall.core.rng": tmp_path / "rng.so"})
    spec = finder.find_spec("dwarfhall.core.rng", None)
    assert spec is not None and spec.origin == str(tmp_path / "rng.so")
    assert finder.find_spec("dwarfhall.core.game", None) is None
