"""The game loop of `dwarfhall play`, independent of the terminal (input and output go through a Console).

Privacy rule: a screen only ever shows the observation of the player deciding
on it; with several people at one keyboard, a hand-over screen without any
private information comes before each change of who is looking.
"""

from __future__ import annotations

import enum
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from dwarfhall.core.actions import Action
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import State
from dwarfhall.core.i18n import pick
from dwarfhall.core.record import GameRecord
from dwarfhall.core.view import PlayerView

from .console import Console, paint
from .savefile import HUMAN, SaveFile, new_path, write_json
from .seats import agent_for
from .terminal import columns
from .texts import Texts, number

# built-in commands; each accepts its English and German name
COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "hilfe", "?"),
    "board": ("board", "show", "brett", "zeige"),
    "moves": ("moves", "züge", "zuege"),
    "save": ("save", "speichern"),
    "quit": ("quit", "exit", "beenden", "ende"),
}
_ALIASES = {alias: name for name, aliases in COMMANDS.items() for alias in aliases}
_YES = ("y", "yes", "j", "ja")
_NO = ("n", "no", "nein")


class Outcome(enum.Enum):
    FINISHED = 0
    QUIT = 1
    INTERRUPTED = 2


class _Quit(Exception):
    """Raised inside a turn when the person has chosen to stop."""


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


class Session:
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

    @property
    def shared_keyboard(self) -> bool:
        return len(self.humans) > 1

    # -- output helpers ------------------------------------------------------------------
    def say(self, text: str, style: str = "") -> None:
        self.console.write(paint(text, style, self.console.color) if style else text)

    def error(self, text: str) -> None:
        self.say(text, "error")

    def who(self, seat: int) -> str:
        name = self.t.player(seat)
        if self.settings.seats[seat] != HUMAN:
            return f"{name} ({self.t('computer')})"
        if not self.shared_keyboard:
            return f"{name} ({self.t('you')})"
        return name

    # -- the loop ------------------------------------------------------------------------
    def intro(self, notices: list[str] | None = None, resumed: bool = False) -> None:
        for key in notices or []:
            self.say(self.t(key, title=self.title))
        if self.settings.mode == "hotseat":
            self.say(self.t("intro_hotseat", title=self.title, n=len(self.humans)), "title")
        else:
            specs = sorted({s for s in self.settings.seats if s != HUMAN})
            self.say(
                self.t("intro_vs", title=self.title, player=self.t.players(self.humans), spec=", ".join(specs)),
                "title",
            )
        if resumed:
            self.say(self.t("resumed", move=len(self.state.history) + 1))

    def run(self) -> Outcome:
        """Plays until the end, a quit, or Ctrl-C/Ctrl-D (which save automatically)."""
        try:
            while not self.state.is_terminal:
                player = self.state.current_player
                if self.settings.seats[player] == HUMAN:
                    if self.auto_forced:
                        self.forced_move(player)
                        continue
                    self.human_turn(player)
                else:
                    self.computer_turn(player)
        except _Quit:
            return Outcome.QUIT
        except (EOFError, KeyboardInterrupt):
            self.say("")
            self.say(self.t("interrupted"))
            self.autosave()
            return Outcome.INTERRUPTED
        except BaseException:
            self.autosave()  # a fault in a game or agent must not cost the person their game
            raise
        self.finish()
        return Outcome.FINISHED

    def play(self, player: int, action_id: int) -> Action:
        """Applies a move (IllegalAction leaves everything unchanged) and logs its label."""
        action = self.state.describe_action(action_id)
        self.state.apply(action_id)
        self.log.append((player, action))
        return action

    def computer_turn(self, player: int) -> None:
        legal = self.state.legal_action_ids()
        if len(legal) == 1:
            action_id = legal[0]  # a forced move needs no thinking
        else:
            agent = agent_for(self.settings.seats[player], self.state.seed, player, len(self.state.history))
            action_id = agent.choose(PlayerView(self.state, player))
        action = self.play(player, action_id)
        self.say(self.t("computer_plays", player=self.t.player(player), label=action.label(self.t.lang)), "computer")
        self.console.pause(self.settings.delay)

    @property
    def auto_forced(self) -> bool:
        """True when the person to decide has exactly one move and it may be played for them."""
        if len(self.state.legal_action_ids()) != 1:
            return False
        return self.settings.auto_forced or not self.shared_keyboard

    def forced_move(self, player: int) -> None:
        """Plays a person's only move; a passed response window goes by silently, anything else is said."""
        action = self.play(player, self.state.legal_action_ids()[0])
        if not action.payload.get("window"):
            self.say(self.t("forced", player=self.who(player), label=action.label(self.t.lang)), "computer")

    # -- a person's decision -------------------------------------------------------------
    def human_turn(self, player: int) -> None:
        self.show(player)
        moves_before = len(self.state.history)
        while len(self.state.history) == moves_before and self.state.current_player == player:
            legal = self.state.legal_actions()
            key = "prompt_single" if len(legal) == 1 else "prompt"
            line = self.console.read(self.t(key, player=self.who(player)))
            self.handle(player, line)

    def handover(self, player: int) -> None:
        """A screen with nothing on it but whom to give the keyboard to."""
        self.console.clear()
        self.on_screen = None
        self.console.read(paint(self.t("handover", player=self.t.player(player)), "handover", self.console.color))
        self.console.clear()

    def show(self, player: int) -> None:
        if self.shared_keyboard and self.on_screen != player:
            self.handover(player)
        self.say("")
        self.say(self.t("header", move=len(self.state.history) + 1, player=self.who(player)), "title")
        self.say(self.view.render(self.state.observation(player), self.t.lang, self.console.color))
        self.on_screen = player
        if self.shared_keyboard:
            news = [(p, a) for p, a in self.log[self.seen[player] :] if p != player]
            if news:
                self.say("")
                self.say(self.t("since_last"))
                for p, action in news:
                    self.say("  " + self.t("played", player=self.t.player(p), label=action.label(self.t.lang)))
        self.seen[player] = len(self.log)
        self.list_moves()

    def list_moves(self) -> None:
        self.say("")
        self.say(self.t("your_moves"))
        items = [f"{i:>2}) {a.label(self.t.lang)}" for i, a in enumerate(self.state.legal_actions(), 1)]
        for line in columns(items, self.console.width - 2):
            self.say("  " + line)

    def handle(self, player: int, line: str) -> None:
        """One line typed by `player`: a move, a command, or an error message; nothing else changes."""
        text = line.strip()
        legal = self.state.legal_actions()
        if not text:
            if len(legal) == 1:
                self.play(player, legal[0].id)
            else:
                self.say(self.t("empty_input"))
            return
        word, _, argument = text.partition(" ")
        command = _ALIASES.get(word.lower())
        if command is not None:
            self.command(player, command, argument.strip())
            return
        game_commands = {name.lower(): name for name in self.view.commands()}
        if word.lower() in game_commands:
            name = game_commands[word.lower()]
            try:
                out = self.view.run_command(
                    name, argument.strip(), self.state.observation(player), self.t.lang, self.console.color
                )
            except DwarfhallError as exc:
                self.error(self.t("command_failed", name=name, error=exc))
                return
            if out:
                self.say(out)
            return
        action_id = self.parse(text, legal, player)
        if action_id is None:
            return
        self.play(player, action_id)

    def parse(self, text: str, legal: list[Action], player: int) -> int | None:
        """A legal action id for typed text, or None after saying what was wrong."""
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1].id
            self.error(self.t("no_such_number", n=n, count=len(legal)))
            return None
        try:
            action_id = self.view.parse_move(text, legal, self.state.observation(player))
        except DwarfhallError as exc:
            self.error(str(exc))
            return None
        if action_id is None:
            wanted = text.casefold()
            matches = [a.id for a in legal if wanted in {a.label(self.t.lang).casefold(), a.label("en").casefold()}]
            if len(matches) == 1:
                return matches[0]
            self.error(self.t("unknown_input", text=text))
            return None
        if action_id not in {a.id for a in legal}:
            self.error(self.t("not_legal_now", text=text))
            return None
        return action_id

    def command(self, player: int, name: str, argument: str) -> None:
        if name == "help":
            self.help()
        elif name == "board":
            self.say(self.view.render(self.state.observation(player), self.t.lang, self.console.color))
        elif name == "moves":
            self.list_moves()
        elif name == "save":
            self.save(Path(argument) if argument else None)
        elif name == "quit":
            self.quit()

    def help(self) -> None:
        self.say(self.t("help_title"))
        for name, aliases in COMMANDS.items():
            shown = " / ".join(a for a in aliases if a != "zuege")
            arg = " [FILE]" if name == "save" else ""
            self.say(f"  {shown}{arg}: {self.t('cmd_' + name)}")
        extra = self.view.commands()
        if extra:
            self.say(self.t("help_game_title"))
            for cmd, text in extra.items():
                self.say(f"  {cmd}: {pick(text, self.t.lang)}")

    def quit(self) -> None:
        while True:
            answer = self.console.read(self.t("quit_ask")).strip().lower()
            if not answer:
                return
            if answer in _YES:
                if self.save(None) is not None:
                    raise _Quit
                return  # the save failed: keep playing rather than lose the game
            if answer in _NO:
                self.say(self.t("quit_unsaved"))
                raise _Quit
            self.say(self.t("quit_again"))

    # -- saving --------------------------------------------------------------------------
    def save_file(self) -> SaveFile:
        record = GameRecord.of(self.state, players=list(self.settings.seats))
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
        self.say(self.t("resume_hint", path=path))
        return path

    def autosave(self) -> None:
        if self.state.is_terminal or self.saved_at == len(self.state.history):
            if self.last_save is not None and not self.state.is_terminal:
                self.say(self.t("saved", path=self.last_save), "good")
            return
        if self.save(None, "-autosave") is None:
            # the save folder is unusable: the temporary folder is better than losing the game
            self.save(new_path(Path(tempfile.gettempdir()), self.state.game.name, "-autosave"))

    # -- the end -------------------------------------------------------------------------
    def finish(self) -> None:
        if self.shared_keyboard:
            self.console.clear()  # the last player's hand must not stay on the shared screen
            viewer: int | None = None
        else:
            viewer = self.humans[0] if self.humans else None
        self.say("")
        self.say(f"== {self.title} — {self.t('game_over')} ==", "title")
        self.say(self.view.render(self.state.observation(viewer), self.t.lang, self.console.color))
        self.say("")
        winners = self.state.winners()
        if len(winners) == 1:
            self.say(self.t("winner", players=self.who(winners[0])), "good")
        else:
            self.say(self.t("draw", players=", ".join(self.who(w) for w in winners)), "good")
        scores = self.state.scores()
        self.say(self.t("scores", scores=", ".join(f"{self.who(p)}: {number(s)}" for p, s in enumerate(scores))))
        self.write_replay()

    def write_replay(self) -> Path | None:
        record = GameRecord.of(
            self.state,
            players=list(self.settings.seats),
            mode=self.settings.mode,
            lang=self.t.lang,
            finished=datetime.now().isoformat(timespec="seconds"),
            returns=self.state.returns(),
            scores=self.state.scores(),
        )
        path = new_path(self.settings.save_dir, self.state.game.name, "-replay")
        try:
            write_json(path, record.to_json())
        except OSError as exc:
            self.error(self.t("replay_failed", error=f"{path}: {exc.strerror or exc}"))
            return None
        self.say(self.t("replay_written", path=path))
        return path


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
