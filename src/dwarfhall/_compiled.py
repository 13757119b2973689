"""Which build runs: the compiled hot modules when they match their sources, pure Python otherwise.

`scripts/build-compiled` compiles the modules in `MODULES` (Cython, the same `.py` files typed by the `.pxd`
files beside them) into `_ext/` with a manifest of their sources' hashes. At import, `install` puts a finder in
front of the import system that loads those extensions only if every source still has the hash it was built
from; the `.py` files are never shadowed by a file beside them, so an edited source always runs as written.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# the hot modules, compiled in this order; a module's `.pxd` (when there is one) is hashed with its `.py`
MODULES: tuple[str, ...] = (
    "dwarfhall.core.rng",
    "dwarfhall.core.batch",
    "dwarfhall.core.statebase",
    "dwarfhall.core.game",
    "dwarfhall.core.zones",
    "dwarfhall.core.tensors",
    "dwarfhall.agents.ismcts",
    "dwarfhall.games.duel.tables",
    "dwarfhall.games.duel.statefields",
    "dwarfhall.games.duel.state",
    "dwarfhall.games.duel.legal",
    "dwarfhall.games.duel.flow",
    "dwarfhall.games.duel.playout",
    "dwarfhall.games.duel.dice",
    "dwarfhall.games.duel.damage",
    "dwarfhall.games.duel.usage",
    "dwarfhall.games.duel.windows",
    "dwarfhall.games.duel.payments",
    "dwarfhall.games.duel.layout",
    "dwarfhall.games.duel.scoring",
    "dwarfhall.games.duel.tensor",
    "dwarfhall.games.alewar.end",
    "dwarfhall.games.alewar.reinforcement",
    "dwarfhall.games.alewar.turns",
    "dwarfhall.games.alewar.setup",

    "dwarfhall.games.duel.heuristic",
    "dwarfhall.games.alewar.movement",
    "dwarfhall.games.alewar.combat",
    "dwarfhall.games.alewar.flow",
    "dwarfhall.games.alewar.board",
    "dwarfhall.games.alewar.heuristic",
    "dwarfhall.games.alewar.tensor",
    "dwarfhall.games.spring.legal",
    "dwarfhall.games.spring.flow",
    "dwarfhall.games.spring.playout",
    "dwarfhall.games.spring.targets",
    "dwarfhall.games.spring.heuristic",
    "dwarfhall.games.spring.tensor",
    "dwarfhall.games.spring.state",
    "dwarfhall.games.spring.tables",
    "dwarfhall.games.spring.statefields",
    "dwarfhall.games.spring.quests",
    "dwarfhall.games.spring.faeries",
    "dwarfhall.games.spring.gains",
    "dwarfhall.games.spring.dragons",
    "dwarfhall.games.spring.fights",
    "dwarfhall.games.spring.monsters",
    "dwarfhall.games.spring.reveals",
    "dwarfhall.games.spring.observation",
    "dwarfhall.games.spring.setup",
    "dwarfhall.games.spring.pieces",
    "dwarfhall.games.spring.scoring",
    "dwarfhall.games.spring.odds",
    "dwarfhall.games.spring.layout",
    "dwarfhall.games.spring.worldmap",
    "dwarfhall.games.spring.hexmap",
)
PACKAGE_DIR = Path(__file__).resolve().parent
EXT_DIR = PACKAGE_DIR / "_ext"
MANIFEST = EXT_DIR / "manifest.json"
PURE_SWITCH = "DWARFHALL_PURE"

MODE = "pure"  # "compiled" once `install` has found a build that matches the sources


def source_files(module: str) -> list[Path]:
    """The `.py` of a hot module and its `.pxd` if there is one."""
    base = PACKAGE_DIR.parent.joinpath(*module.split("."))
    files = [base.with_suffix(".py")]
    pxd = base.with_suffix(".pxd")
    if pxd.exists():
        files.append(pxd)
    return files


def source_hash(module: str) -> str:
    import hashlib  # loaded only when there is a build to check: a pure-Python start stays as quick as before

    h = hashlib.sha256()
    for path in source_files(module):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def build_tag() -> str:
    """What an extension is bound to besides its sources: the interpreter's ABI."""
    return f"{sys.implementation.cache_tag} {importlib.machinery.EXTENSION_SUFFIXES[0]}"


def read_manifest() -> dict[str, object] | None:
    import json

    try:
        data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def stale_modules(manifest: dict[str, object]) -> list[str]:
    """Hot modules whose build is missing or differs from the sources; all of them if built for another Python."""
    built = manifest.get("modules")
    if manifest.get("tag") != build_tag() or not isinstance(built, dict):
        return list(MODULES)
    stale = []
    for module in MODULES:
        entry = built.get(module)
        if (
            not isinstance(entry, dict)
            or entry.get("sha256") != source_hash(module)
            or not (EXT_DIR / str(entry.get("file"))).is_file()
        ):
            stale.append(module)
    return stale


class _CompiledFinder:
    """Finds the compiled extension of a hot module (the build was checked against the sources beforehand)."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        import importlib.util

        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install() -> str:
    """Choose the mode once per process: compiled if a build matches every source and DWARFHALL_PURE is unset."""
    global MODE
    if os.environ.get(PURE_SWITCH, "") not in ("", "0"):
        return MODE
    if not MANIFEST.exists():  # never built (no compiler, or not asked for): pure Python, nothing to say
        return MODE
    manifest = read_manifest() or {}
    stale = stale_modules(manifest)
    if stale:
        # mixed builds could disagree on the compiled types, so one stale module turns the whole build off
        shown = ", ".join(m.removeprefix("dwarfhall.") for m in stale[:4]) + (" ..." if len(stale) > 4 else "")
        print(
            f"dwarfhall: the compiled build is older than its sources ({shown}); running pure Python"
            " until `scripts/build-compiled` runs again",
            file=sys.stderr,
        )
        return MODE
    built = manifest["modules"]
    assert isinstance(built, dict)
    files = {module: EXT_DIR / str(built[module]["file"]) for module in MODULES}
    sys.meta_path.insert(0, _CompiledFinder(files))
    MODE = "compiled"
    return MODE


def is_compiled(module: ModuleType) -> bool:
    """True if `module` was loaded from a compiled extension."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)
