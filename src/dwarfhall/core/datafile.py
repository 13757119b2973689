"""Reading the games' TOML data files with errors that name the file."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from .errors import DataError


def read_toml(path: str | Path, what: str) -> dict[str, Any]:
    """The parsed file, or DataError saying which `what` (e.g. 'cards file') could not be read and why."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise DataError(f"cannot read {what} {path}: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{what} {path} is not valid TOML: {exc}") from exc
