"""Compiles dwarfhall's hot modules with Cython into src/dwarfhall/_ext; quick when nothing changed.

The `.py` files stay the rules; the `.pxd` files beside them only add C types. Without Cython or a C compiler
this says so once and leaves dwarfhall in pure Python. `--force` rebuilds, `--clean` removes the build.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
# the loader's own module, read without importing the package (which would load a build it may replace)
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location("_dwarfhall_compiled", ROOT / "src/dwarfhall/_compiled.py")
assert _spec is not None and _spec.loader is not None
compiled = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compiled)

COMPILE_ARGS = ["-O2", "-g0", "-ffp-contract=off", "-fno-plt"]
DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # annotations are documentation; C types come only from the .pxd files
    "binding": True,  # compiled functions keep their names, signatures and docstrings
    "embedsignature": True,
}


def compiler_missing() -> str | None:
    """Why no build can be made here, or None."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc}) found"
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        return "the Python headers are missing"
    return None


def up_to_date() -> bool:
    manifest = compiled.read_manifest()
    if manifest is None or manifest.get("cython") != cython_version():
        return False
    if manifest.get("compile_args") != COMPILE_ARGS:
        return False
    return not compiled.stale_modules(manifest) and sorted(manifest["modules"]) == sorted(compiled.MODULES)


def cython_version() -> str:
    import Cython

    return str(Cython.__version__)


def build(jobs: int, force: bool) -> None:
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    src = ROOT / "src"
    hashes = {m: compiled.source_hash(m) for m in compiled.MODULES}
    extensions = [
        # -O2 without debug information: builds in about half the time of -O3 -g, and runs as fast here;
        # -ffp-contract=off: no a * b + c fused into one rounding, so C doubles round as Python's floats do;
        # -fno-plt: calls into libpython through the GOT, not a PLT stub each (fewer instruction-cache misses)
        Extension(m, [str(src.joinpath(*m.split(".")).with_suffix(".py"))], extra_compile_args=COMPILE_ARGS)
        for m in compiled.MODULES
    ]
    modules = cythonize(
        extensions,
        build_dir=str(ROOT / "build/cython"),
        compiler_directives=DIRECTIVES,
        nthreads=jobs,
        quiet=True,
        force=force,
    )
    dist = Distribution({"ext_modules": modules, "script_args": []})
    cmd = build_ext(dist)
    # kept between builds: cythonize and build_ext redo only the modules whose sources changed
    cmd.build_lib = str(ROOT / "build/lib-compiled")
    cmd.build_temp = str(ROOT / "build/temp-compiled")
    cmd.parallel = jobs
    cmd.force = force
    cmd.ensure_finalized()
    cmd.run()
    shutil.rmtree(compiled.EXT_DIR, ignore_errors=True)
    compiled.EXT_DIR.mkdir()
    entries = {}
    for module in compiled.MODULES:
        built = Path(cmd.get_ext_fullpath(module))
        name = module + compiled.importlib.machinery.EXTENSION_SUFFIXES[0]
        shutil.copy2(built, compiled.EXT_DIR / name)
        entries[module] = {"file": name, "sha256": hashes[module]}
    manifest = {
        "tag": compiled.build_tag(),
        "cython": cython_version(),
        "compile_args": COMPILE_ARGS,
        "modules": entries,
    }
    compiled.MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--force", action="store_true", help="rebuild even if the build matches the sources")
    parser.add_argument("--clean", action="store_true", help="remove the build: dwarfhall runs as pure Python")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.clean:
        shutil.rmtree(compiled.EXT_DIR, ignore_errors=True)
        return 0
    missing = compiler_missing()
    if missing:
        # an old build would only be refused as stale at every start: remove it and say once why
        shutil.rmtree(compiled.EXT_DIR, ignore_errors=True)
        print(f"build-compiled: {missing}; dwarfhall runs as pure Python", file=sys.stderr)
        return 0
    if not args.force and up_to_date():
        return 0
    # other C flags than the kept objects were built with: every module again, not only the changed ones
    old = compiled.read_manifest()
    force = args.force or (old is not None and old.get("compile_args") != COMPILE_ARGS)
    count = len(compiled.MODULES)
    print(f"build-compiled: compiling the hot modules whose sources changed (of {count})", file=sys.stderr)
    try:
        build(args.jobs, force)
    except (Exception, SystemExit):
        # a .pxd that no longer fits its .py: no build at all rather than an old one, and say why above
        shutil.rmtree(compiled.EXT_DIR, ignore_errors=True)
        print("build-compiled: the build failed (see above); dwarfhall runs as pure Python", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
