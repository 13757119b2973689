"""How the person started dwarfhall, so that a hint names a command that works where they typed it."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

LAUNCHER_VARIABLE = "DWARFHALL_LAUNCHER"
"""Set by scripts/run to the path it was called by (e.g. `scripts/run`); it runs `dwarfhall` with its arguments."""


def command_name() -> str:
    """The command to type for `dwarfhall ...`: scripts/run as it was called when it started us, `dwarfhall`
    when that name finds this program, else the program's path (e.g. `.venv/bin/dwarfhall`)."""
    launcher = os.environ.get(LAUNCHER_VARIABLE, "").strip()
    if launcher:
        return launcher
    program = sys.argv[0] if sys.argv else ""
    if program.endswith("__main__.py"):
        return "python -m dwarfhall"
    if not Path(program).name.startswith("dwarfhall"):  # a session run inside another program (a test, a notebook)
        return "dwarfhall"
    found = shutil.which("dwarfhall")
    if found is not None and Path(found).resolve() == Path(program).resolve():
        return "dwarfhall"
    return program
