"""Reading user and data files (TOML, JSON) with errors that name the file and never a traceback."""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .errors import DataError

# deeper nesting than any dwarfhall file needs; the parsers would otherwise hit Python's recursion limit
MAX_DEPTH = 64


def depth_of(value: Any) -> int:
    """How deeply lists and tables nest in parsed data, counted without recursion."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
            todo.extend((v, depth) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def parse_text(raw: bytes, fmt: str) -> Any:
    """Parse `raw` as "toml" or "json"; ValueError with a one-line reason (not UTF-8, too deep, broken syntax)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"is not text in UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    text = text.removeprefix("\ufeff")
    try:
        data = tomllib.loads(text) if fmt == "toml" else json.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"is not valid TOML: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"is broken JSON at line {exc.lineno}: {exc.msg}") from None
    except RecursionError:
        raise ValueError(f"nests lists/tables more than {MAX_DEPTH} levels deep") from None
    if depth_of(data) > MAX_DEPTH:  # parsed, but later steps (saving, copying) would recurse through it
        raise ValueError(f"nests lists/tables more than {MAX_DEPTH} levels deep")
    return data


def read_bytes(path: str | Path, what: str, error: type[Exception] = DataError) -> bytes:
    """The file's bytes, or `error` naming `what` and the file."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise error(f"cannot read {what} {path}: no such file") from None
    except IsADirectoryError:
        raise error(f"cannot read {what} {path}: it is a folder, not a file") from None
    except OSError as exc:
        raise error(f"cannot read {what} {path}: {exc.strerror}") from None


def file_stamps(paths: Iterable[str | Path], what: str) -> tuple[int, ...]:
    """Each file's modification time, the key of a cache that reads a changed data file again; DataError naming
    `what` and the first file that cannot be read."""
    stamps = []
    for path in paths:
        try:
            stamps.append(os.stat(path).st_mtime_ns)
        except FileNotFoundError:
            raise DataError(f"cannot read {what} {path}: no such file") from None
        except OSError as exc:
            raise DataError(f"cannot read {what} {path}: {exc.strerror}") from None
    return tuple(stamps)


def read_document(path: str | Path, what: str, fmt: str, error: type[Exception] = DataError) -> Any:
    """A parsed TOML/JSON file; `error` names `what`, the file and the problem in one line."""
    raw = read_bytes(path, what, error)
    try:
        return parse_text(raw, fmt)
    except ValueError as exc:
        raise error(f"{what} {path} {exc}") from None


def read_toml(path: str | Path, what: str) -> dict[str, Any]:
    """The parsed file, or DataError saying which `what` (e.g. 'cards file') could not be read and why."""
    data: dict[str, Any] = read_document(path, what, "toml")
    return data
