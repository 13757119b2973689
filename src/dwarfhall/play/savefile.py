"""Save files of unfinished games, and loading records for replays.

A save file holds the full GameRecord (seed and action ids), so like every record
it is the referee's copy: it reveals every hidden card to whoever opens it.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from dwarfhall.agents.base import AgentSpecError, check_spec
from dwarfhall.core.datafile import parse_text
from dwarfhall.core.errors import DwarfhallError, RecordError
from dwarfhall.core.game import State
from dwarfhall.core.i18n import languages
from dwarfhall.core.record import FORMAT as RECORD_FORMAT
from dwarfhall.core.record import GameRecord
from dwarfhall.core.registry import load_game

FORMAT = "dwarfhall-save"
VERSION = 1
HUMAN = "human"
MODES = ("vs", "hotseat")


class SaveFileError(DwarfhallError, ValueError):
    """A save file that cannot be read or restored; the message names the file and the problem."""


@dataclass
class SaveFile:
    """An unfinished game and how it was being played."""

    record: GameRecord
    mode: str
    seats: list[str]  # HUMAN or an agent spec, one per player
    lang: str
    auto_forced: bool = False

    @property
    def game(self) -> str:
        return self.record.game

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.record.game,
            "options": self.record.options,
            "saved": datetime.now().isoformat(timespec="seconds"),
            "settings": {
                "mode": self.mode,
                "seats": list(self.seats),
                "lang": self.lang,
                "auto_forced": self.auto_forced,
            },
            "record": self.record.to_json(),
        }

    def write(self, path: Path) -> Path:
        """Writes atomically, so an interrupted save never leaves a half-written file."""
        write_json(path, self.to_json())
        return path

    def restore(self, where: str = "save file") -> State:
        """The saved position, by replaying the record."""
        try:
            game = load_game(self.record.game, self.record.options)
        except DwarfhallError as exc:
            raise SaveFileError(f"{where}: {exc}") from exc
        if len(self.seats) != game.num_players:
            raise SaveFileError(
                f"{where}: settings.seats: {game.name} has {game.num_players} players, the file lists {len(self.seats)}"
            )
        try:
            return self.record.final_state()
        except DwarfhallError as exc:
            raise SaveFileError(f"{where}: record: {exc}") from exc


def write_json(path: Path, data: Mapping[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def new_path(save_dir: Path, game: str, suffix: str = "") -> Path:
    """A fresh timestamped file name in `save_dir` that does not overwrite anything."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{game}-{stamp}{suffix}"
    path = save_dir / f"{base}.json"
    n = 2
    while path.exists():
        path = save_dir / f"{base}-{n}.json"
        n += 1
    return path


def read_json(path: Path, kind: str) -> Any:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SaveFileError(f"{path}: is a folder, not a {kind}") from None
    except OSError as exc:
        raise SaveFileError(f"{path}: cannot read it: {exc.strerror}") from exc
    try:
        return parse_text(raw, "json")
    except ValueError as exc:
        raise SaveFileError(f"{path}: not a {kind}: it {exc}") from None


def parse_save(data: Any, where: str) -> SaveFile:
    """A SaveFile from parsed JSON; SaveFileError names the first problem found."""
    if not isinstance(data, Mapping):
        raise SaveFileError(f"{where}: not a save file (expected a JSON object)")
    fmt = data.get("format")
    if fmt == RECORD_FORMAT:
        raise SaveFileError(f"{where}: this is a finished game's record; watch it with `dwarfhall replay {where}`")
    if fmt != FORMAT:
        raise SaveFileError(f"{where}: format: expected {FORMAT!r}, found {fmt!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(f"{where}: version: missing or not a whole number")
    if version > VERSION:
        raise SaveFileError(f"{where}: version {version} is newer than this dwarfhall reads ({VERSION})")
    if version < 1:
        raise SaveFileError(f"{where}: version: {version} is not a save file version")
    raw = data.get("record")
    if not isinstance(raw, Mapping):
        raise SaveFileError(f"{where}: record: missing or not an object")
    try:
        record = GameRecord.from_json(raw)
    except RecordError as exc:
        raise SaveFileError(f"{where}: record: {exc}") from exc
    if data.get("game") != record.game:
        raise SaveFileError(f"{where}: game: {data.get('game')!r} does not match the record's game {record.game!r}")
    if data.get("options", record.options) != record.options:
        raise SaveFileError(f"{where}: options: do not match the record's options")
    settings = data.get("settings")
    if not isinstance(settings, Mapping):
        raise SaveFileError(f"{where}: settings: missing or not an object")
    mode = settings.get("mode")
    if mode not in MODES:
        raise SaveFileError(f"{where}: settings.mode: {mode!r} is not one of {', '.join(MODES)}")
    seats = settings.get("seats")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise SaveFileError(f"{where}: settings.seats: expected a list of 'human' or agent specs")
    for i, seat in enumerate(seats):
        if seat != HUMAN:
            try:
                check_spec(seat)  # the whole spec, parameters and their ranges included
            except AgentSpecError as exc:
                raise SaveFileError(f"{where}: settings.seats[{i}]: {exc}") from exc
    if HUMAN not in seats:
        raise SaveFileError(f"{where}: settings.seats: no seat is played by a person")
    lang = settings.get("lang")
    if lang not in languages():
        raise SaveFileError(f"{where}: settings.lang: {lang!r} is not one of {', '.join(languages())}")
    auto_forced = settings.get("auto_forced", False)
    if not isinstance(auto_forced, bool):
        raise SaveFileError(f"{where}: settings.auto_forced: must be true or false")
    return SaveFile(record=record, mode=str(mode), seats=list(seats), lang=str(lang), auto_forced=auto_forced)


def load_save(path: str | Path) -> SaveFile:
    path = Path(path)
    save = parse_save(read_json(path, "save file"), str(path))
    save.restore(str(path))  # fail now, with the file's name, rather than mid-game
    return save


def load_record(path: str | Path) -> GameRecord:
    """A record for replaying: a record file, or the record inside a save file."""
    path = Path(path)
    data = read_json(path, "game record")
    if isinstance(data, Mapping) and data.get("format") == FORMAT:
        return parse_save(data, str(path)).record
    try:
        record = GameRecord.from_json(data)
        record.final_state()  # check it replays before showing anything
    except DwarfhallError as exc:
        raise SaveFileError(f"{path}: {exc}") from exc
    return record
