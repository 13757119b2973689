"""What every part of a terminal session shares: the game, the seats, the console, and writing to it.

Privacy rule: a screen only ever shows the observation of the player deciding
on it; with several people at one keyboard, a hand-over screen without any
private information comes before each change of who is looking.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from dwarfhall.core.actions import Action
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import State
from dwarfhall.core.i18n import pick
from dwarfhall.core.record import GameRecord
from dwarfhall.core.takeback import undo_block

from .console import Console, paint
from .hints import HintRule
from .menu import Menu
from .savefile import HUMAN
from .screen import COMPACT_BELOW, MIN_BOARD_ROWS, fit
from .texts import Texts
from .timing import AnswerTiming


class Outcome(enum.Enum):
    FINISHED = 0
    QUIT = 1
    INTERRUPTED = 2
    RESIGNED = 3


class Quit(Exception):
    """Raised inside a turn when the person has chosen to stop."""


class Resigned(Exception):
    """Raised inside a turn when the person gives the game up."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


@dataclass
class Settings:
    mode: str  # "vs" or "hotseat"
    seats: list[str]  # HUMAN or an agent spec per seat
    lang: str = "en"
    save_dir: Path = Path("saves")
    delay: float = 0.0  # seconds after each computer move
    # play a person's only legal move without asking; off in hot-seat unless asked for, since the
    # missing hand-over would show the others that this player had no choice (e.g. no Twist to play)
    auto_forced: bool = False


class Table:
    """The game at the table and the console it is played on; moves are played and told here."""

    def __init__(self, state: State, settings: Settings, console: Console) -> None:
        if len(settings.seats) != state.num_players:
            raise DwarfhallError(f"{state.game.name} has {state.num_players} seats, got {len(settings.seats)}")
        self.state = state
        self.settings = settings
        self.console = console
        self.t = Texts(settings.lang)
        self.view = state.game.text_view()
        self.title = pick(state.game.title, settings.lang)
        self.humans = [i for i, s in enumerate(settings.seats) if s == HUMAN]
        self.log: list[tuple[int, Action]] = _log_of(state)
        self.seen: dict[int, int] = {p: len(self.log) for p in self.humans}  # log length at each one's last screen
        self.on_screen: int | None = None  # whose private view the screen shows now
        self.saved_at: int | None = None  # history length at the last save
        self.last_save: Path | None = None
        self.timing = AnswerTiming(settings.delay)
        # per person: (log length, line) of what came of each move, as their observations show it
        self.journal: dict[int, list[tuple[int, str]]] = {p: [] for p in self.humans}
        self.told: dict[int, int] = {p: 0 for p in self.humans}
        self.hints = HintRule(settings.seats)
        # the table's undo rule (core.takeback): positions before the moves their person may still take back
        self.undoable: list[tuple[State, int, dict[int, int]]] = []
        self.last_mover: int | None = None
        self.undo_block: str | None = None

    @property
    def shared_keyboard(self) -> bool:
        return len(self.humans) > 1

    @property
    def compact(self) -> bool:
        """A short terminal: no blank lines between the parts of a screen."""
        return self.console.height < COMPACT_BELOW

    # -- output helpers ------------------------------------------------------------------
    def say(self, text: str, style: str = "") -> None:
        """Writes text, each long plain line broken at spaces to the terminal's width (boards come fitted)."""
        self.console.write(
            paint(fit(text, self.console.width), style, self.console.color) if style else fit(text, self.console.width)
        )

    def error(self, text: str) -> None:
        self.say(text, "error")

    def who(self, seat: int) -> str:
        name = self.t.player(seat)
        if self.settings.seats[seat] != HUMAN:
            return f"{name} ({self.t('computer')})"
        if not self.shared_keyboard:
            return f"{name} ({self.t('you')})"
        return name

    def draw(self, viewer: int | None, below: int = 1) -> str:
        """The board as `viewer` sees it, as wide as the terminal is now and leaving `below` rows free under it
        (the prompt, the moves): a view that does not fit draws its shorter screen."""
        self.view.width = max(40, self.console.width)
        self.view.height = max(MIN_BOARD_ROWS, self.console.height - below)
        deciding = viewer is not None and viewer == self.state.current_player and not self.state.is_terminal
        self.view.offered = self.state.legal_actions() if deciding else ()
        return self.view.render(self.state.observation(viewer), self.t.lang, self.console.color)

    def rows(self, lines: list[str]) -> int:
        """Rows `lines` take on the screen once said (long plain lines are broken to the width)."""
        return sum(fit(line, self.console.width).count("\n") + 1 for line in lines)

    def menu(self) -> Menu:
        player = self.state.current_player
        return Menu.of(self.state.legal_actions(), self.view, self.t.lang, self.state.observation(player))

    # -- moves ---------------------------------------------------------------------------
    def play(self, player: int, action_id: int) -> Action:
        """Applies a move (IllegalAction leaves everything unchanged), logs its label and what came of it."""
        action = self.state.describe_action(action_id)
        before = {p: self.state.observation(p) for p in self.humans}
        position = self.state.clone() if player in self.humans else None
        journal = {p: len(lines) for p, lines in self.journal.items()}
        self.state.apply(action_id)
        self.note_undo(player, position, action_id, len(self.log), journal)
        self.log.append((player, action))
        for p in self.humans:  # each person hears only what their own observations show
            lines = self.view.narrate(before[p], action, self.state.observation(p), self.t.lang)
            self.journal[p] += [(len(self.log), line) for line in lines]
        return action

    def note_undo(
        self, player: int, position: State | None, action_id: int, log_length: int, journal: dict[int, int]
    ) -> None:
        """Keeps the position before a person's move while the rule lets them take it back, else forgets all."""
        why = "turn" if position is None else undo_block(position, action_id, self.state)
        if why is None and position is not None:
            self.undoable.append((position, log_length, journal))
        else:
            self.undoable.clear()
        self.undo_block, self.last_mover = why, player

    def take_back(self, player: int) -> Action | None:
        """Undoes `player`'s last move of this turn; None (and nothing changed) when the rule forbids it."""
        if not self.undoable or self.last_mover != player:
            return None
        position, log_length, journal = self.undoable.pop()
        _, action = self.log[log_length]
        self.state = position
        del self.log[log_length:]
        for p, n in journal.items():
            del self.journal[p][n:]
            self.told[p] = min(self.told[p], n)
            self.seen[p] = min(self.seen[p], log_length)
        return action

    def tell(self) -> None:
        """Against the computer: the outcomes of the last moves for the one person, as they happen."""
        if self.shared_keyboard or not self.humans:
            return
        person = self.humans[0]
        for _, line in self.journal[person][self.told[person] :]:
            self.say("  " + line, "dim")
        self.told[person] = len(self.journal[person])


def _log_of(state: State) -> list[tuple[int, Action]]:
    """Who played what so far, rebuilt from the record (for a resumed game)."""
    record = GameRecord.of(state)
    log: list[tuple[int, Action]] = []
    if not record.actions:
        return log
    replay = record.initial_state()
    for action_id in record.actions:
        log.append((replay.current_player, replay.describe_action(action_id)))
        replay.apply(action_id)
    return log
