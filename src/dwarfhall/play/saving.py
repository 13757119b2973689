"""Saving a game in play (on request, on quitting, when interrupted) and writing its replay at the end."""

from __future__ import annotations

import tempfile
from datetime import datetime
from pathlib import Path

from dwarfhall.core.record import GameRecord

from .launcher import command_name
from .savefile import SaveFile, new_path, write_json
from .table import Table


class Saving(Table):
    """Save files (the game so far, to resume) and replay files (the finished game)."""

    def save_file(self) -> SaveFile:
        record = GameRecord.of(self.state, players=list(self.settings.seats), **self.hints.meta())
        return SaveFile(
            record=record,
            mode=self.settings.mode,
            seats=list(self.settings.seats),
            lang=self.t.lang,
            auto_forced=self.settings.auto_forced,
        )

    def save(self, path: Path | None, suffix: str = "") -> Path | None:
        """Writes a save file and says where; on failure says why and returns None."""
        if path is None:
            path = new_path(self.settings.save_dir, self.state.game.name, suffix)
        elif not path.parent.parts:
            path = self.settings.save_dir / path  # a bare name goes into the save folder
        try:
            self.save_file().write(path)
        except OSError as exc:
            self.error(self.t("save_failed", error=f"{path}: {exc.strerror or exc}"))
            return None
        self.saved_at = len(self.state.history)
        self.last_save = path
        self.say(self.t("saved", path=path), "good")
        self.say(self.t("resume_hint", command=command_name(), path=path))
        return path

    def autosave(self) -> None:
        if self.state.is_terminal or self.saved_at == len(self.state.history):
            if self.last_save is not None and not self.state.is_terminal:
                self.say(self.t("saved", path=self.last_save), "good")
            return
        if self.save(None, "-autosave") is None:
            # the save folder is unusable: the temporary folder is better than losing the game
            self.save(new_path(Path(tempfile.gettempdir()), self.state.game.name, "-autosave"))

    def write_replay(self) -> Path | None:
        record = GameRecord.of(
            self.state,
            players=list(self.settings.seats),
            mode=self.settings.mode,
            lang=self.t.lang,
            finished=datetime.now().isoformat(timespec="seconds"),
            returns=self.state.returns(),
            scores=self.state.scores(),
            **self.hints.meta(),
        )
        path = new_path(self.settings.save_dir, self.state.game.name, "-replay")
        try:
            write_json(path, record.to_json())
        except OSError as exc:
            self.error(self.t("replay_failed", error=f"{path}: {exc.strerror or exc}"))
            return None
        self.say(self.t("replay_written", path=path))
        return path
