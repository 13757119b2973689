"""The game loop of `dwarfhall play`, independent of the terminal (input and output go through a Console).

Privacy rule: a screen only ever shows the observation of the player deciding
on it; with several people at one keyboard, a hand-over screen without any
private information comes before each change of who is looking.
"""

from __future__ import annotations

import difflib
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
from .hints import HintRule, give_hint
from .menu import Menu
from .savefile import HUMAN, SaveFile, new_path, write_json
from .seats import agent_for
from .terminal import clip, columns, strip_ansi, visible_len, wrap_words
from .texts import Texts, number
from .timing import AnswerTiming

# built-in commands; each accepts its English and German name
COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "hilfe", "?"),
    "board": ("board", "show", "brett", "zeige"),
    "moves": ("moves", "züge", "zuege"),
    "log": ("log", "protokoll"),
    "rules": ("rules", "regeln"),
    "save": ("save", "speichern"),
    "hint": ("hint", "tipp"),
    "quit": ("quit", "exit", "beenden", "ende"),
}
_ALIASES = {alias: name for name, aliases in COMMANDS.items() for alias in aliases}
_YES = ("y", "yes", "j", "ja")
COMPACT_BELOW = 40  # rows: a shorter terminal gets the compact screen
COMPACT_COLUMNS_FROM = 5  # moves: on a short screen a list this long goes into two columns
MIN_BOARD_ROWS = 8  # rows the board keeps whatever else the screen must show
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
        self.timing = AnswerTiming(settings.delay)
        # per person: (log length, line) of what came of each move, as their observations show it
        self.journal: dict[int, list[tuple[int, str]]] = {p: [] for p in self.humans}
        self.told: dict[int, int] = {p: 0 for p in self.humans}
        self.hints = HintRule(settings.seats)

    @property
    def shared_keyboard(self) -> bool:
        return len(self.humans) > 1

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
        return self.view.render(self.state.observation(viewer), self.t.lang, self.console.color)

    def rows(self, lines: list[str]) -> int:
        """Rows `lines` take on the screen once said (long plain lines are broken to the width)."""
        return sum(fit(line, self.console.width).count("\n") + 1 for line in lines)

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
        else:
            self.announce_starter()

    def announce_starter(self) -> None:
        """Who begins and what decided it, as the game tells it (else who makes the first decision)."""
        first = self.state.current_player
        if self.state.is_terminal or not 0 <= first < self.state.num_players:
            return
        public = self.state.observation(None)
        told = self.view.opening(public, self.state.game.options, self.who, self.t.lang)
        self.say(told or self.t("starts", player=self.who(first)), "title")

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
        """Applies a move (IllegalAction leaves everything unchanged), logs its label and what came of it."""
        action = self.state.describe_action(action_id)
        before = {p: self.state.observation(p) for p in self.humans}
        self.state.apply(action_id)
        self.log.append((player, action))
        for p in self.humans:  # each person hears only what their own observations show
            lines = self.view.narrate(before[p], action, self.state.observation(p), self.t.lang)
            self.journal[p] += [(len(self.log), line) for line in lines]
        return action

    def tell(self) -> None:
        """Against the computer: the outcomes of the last moves for the one person, as they happen."""
        if self.shared_keyboard or not self.humans:
            return
        person = self.humans[0]
        for _, line in self.journal[person][self.told[person] :]:
            self.say("  " + line, "dim")
        self.told[person] = len(self.journal[person])

    def computer_turn(self, player: int) -> None:
        started = self.timing.start()
        agent = agent_for(self.settings.seats[player], self.state.seed, player, len(self.state.history))
        legal = self.state.legal_action_ids()
        if len(legal) == 1:
            action_id = legal[0]  # a forced move needs no thinking, but it waits as long as a choice would
        else:
            action_id = agent.choose(PlayerView(self.state, player))
        self.timing.release(started, self.timing.delay_for(agent, people_watch=bool(self.humans)))
        action = self.play(player, action_id)
        self.say(self.t("computer_plays", player=self.t.player(player), label=action.label(self.t.lang)), "computer")
        self.tell()

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
        self.tell()

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
        """A screen with nothing on it but whom to give the keyboard to; save and quit work here too."""
        self.console.clear()
        self.on_screen = None
        prompt = paint(self.t("handover", player=self.t.player(player)), "handover", self.console.color)
        while True:
            text = self.console.read(prompt).strip()
            if not text:
                break
            word, _, argument = text.partition(" ")
            command = _ALIASES.get(word.lower())
            if command == "save":
                self.save(Path(argument.strip()) if argument.strip() else None)
            elif command == "quit":
                self.quit()
            else:  # anything else would show this player's private view before the hand-over is done
                self.say(self.t("handover_help"))
        self.console.clear()

    def show(self, player: int) -> None:
        """The screen of a decision: header, board, (at a shared keyboard) the news, the moves and the prompt,
        all within the terminal's rows so that the top of the board is still on the screen at the prompt."""
        if self.shared_keyboard and self.on_screen != player:
            self.handover(player)
        above: list[tuple[str, str]] = [] if self.compact else [("", "")]
        if not (self.compact and self.view.names_decider):
            above.append((self.t("header", move=len(self.state.history) + 1, player=self.who(player)), "title"))
        news = self.news(player) if self.shared_keyboard else []
        moves = self.move_lines()
        board = self.draw(player, self.rows(moves) + 1 + len(above))
        if news:
            # the news gets the rows the board and the moves leave (`log` has it all), so none scrolls away
            room = self.console.height - len(above) - self.rows([board, *moves]) - 1
            if len(news) > room:
                cut = [self.t("since_last_cut", n=len(news) - max(1, room))]
                news = [*cut, *news[len(news) - room + 1 :]][: max(0, room)]
            board = self.draw(player, self.rows([*news, *moves]) + 1 + len(above))
        for text, style in above:
            self.say(text, style)
        if self.compact:  # a short screen: the news first, then the board and the moves together
            for line in news:
                self.say(line)
            self.say(board)
        else:
            self.say(board)
            for line in news:
                self.say(line)
        self.on_screen = player
        for line in moves:
            self.say(line)
        self.seen[player] = len(self.log)

    def news(self, player: int) -> list[str]:
        """At a shared keyboard: the others' moves since this person's last screen, and what came of every
        move (their own included) as this person's observations show it."""
        start = self.seen[player]
        outcomes: dict[int, list[str]] = {}
        for n, line in self.journal[player][self.told[player] :]:
            outcomes.setdefault(n, []).append(line)
        self.told[player] = len(self.journal[player])
        lines: list[str] = []
        for n, (p, action) in enumerate(self.log[start:], start + 1):
            if p != player:
                lines.append("  " + self.t("played", player=self.t.player(p), label=action.label(self.t.lang)))
            lines += ["    " + line for line in outcomes.pop(n, [])]
        lines += ["    " + line for n in sorted(outcomes) for line in outcomes[n]]
        if not lines:
            return []
        lines = [self.t("since_last"), *lines]
        fitted = fit("\n".join(lines), self.console.width).split("\n")
        return fitted if self.compact else ["", *fitted]

    def show_log(self, player: int) -> None:
        """The game so far as this person saw it: every move and what came of it (the last screenful)."""
        outcomes: dict[int, list[str]] = {}
        for n, line in self.journal[player]:
            outcomes.setdefault(n, []).append(line)
        lines = []
        for n, (p, action) in enumerate(self.log, 1):
            lines.append(f"{n:>3}. " + self.t("played", player=self.t.player(p), label=action.label(self.t.lang)))
            lines += ["       " + line for line in outcomes.get(n, [])]
        if not lines:
            self.say(self.t("log_empty"))
            return
        self.say(self.t("log_title"), "title")
        for line in lines[-max(5, self.console.height - 4) :]:
            self.say(line)

    def menu(self) -> Menu:
        player = self.state.current_player
        return Menu.of(self.state.legal_actions(), self.view, self.t.lang, self.state.observation(player))

    def list_moves(self) -> None:
        for line in self.move_lines():
            self.say(line)

    def move_lines(self) -> list[str]:
        """The numbered moves as printed, alike moves on one line: in columns when long; on a short screen
        shortened to two columns."""
        out = [] if self.compact else ["", self.t("your_moves")]  # a short screen: the numbers say it
        width = self.console.width - 2
        menu = self.menu()
        more = lambda n, keys: self.t("more_ways", n=n, keys=keys)  # noqa: E731
        items = menu.lines(self.t.lang, more, width)
        if self.compact and len(items) >= COMPACT_COLUMNS_FROM:
            # two columns of shortened lines, so the board above stays on the screen
            narrow = menu.lines(self.t.lang, more, width // 2 - 3)
            if len(narrow) == len(menu.entries) and len(columns(narrow, width, min_items=1)) < len(narrow):
                return out + ["  " + line for line in columns(narrow, width, min_items=1)]
        if len(items) > len(menu.entries):  # some lines wrapped: one column
            return out + ["  " + item for item in items]
        return out + ["  " + line for line in columns(items, width, min_items=6 if self.compact else 10)]

    def list_variants(self, menu: Menu, n: int) -> None:
        """The variants of line `n`: their shared words once, then what differs in columns; on a short screen
        under the board drawn again, so that the whole choice is on the screen at once."""
        width = self.console.width - 4
        shared, grouped, apart = menu.variants(n, self.t.lang)
        lines = [f"  {n}) {clip(shared, width - 2)}"] if shared else []
        lines += ["    " + line for line in columns([clip(item, width) for item in grouped], width, min_items=2)]
        indent = "    " if shared else "  "
        lines += [indent + line for line in columns([clip(item, width) for item in apart], width, min_items=6)]
        if self.compact:
            self.say(self.draw(self.state.current_player, self.rows(lines) + 1))
        for line in lines:
            self.say(line)

    @property
    def compact(self) -> bool:
        """A short terminal: no blank lines between the parts of a screen."""
        return self.console.height < COMPACT_BELOW

    def handle(self, player: int, line: str) -> None:
        """One line typed by `player`: a move, a command, or an error message; nothing else changes."""
        text = line.strip()
        legal = self.state.legal_actions()
        if not text:
            if len(legal) == 1:
                self.play(player, legal[0].id)
                self.tell()
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
            self.game_command(player, game_commands[word.lower()], argument.strip())
            return
        action_id = self.parse(text, legal, player)
        if action_id is None:
            return
        self.play(player, action_id)
        self.tell()

    def parse(self, text: str, legal: list[Action], player: int) -> int | None:
        """A legal action id for typed text, or None after saying what was wrong."""
        menu = self.menu()
        choice = menu.choice(text)
        if choice is not None:
            n, variant = choice
            if not 1 <= n <= len(menu.entries):
                self.error(self.t("no_such_number", n=n, count=len(menu.entries)))
                return None
            if variant is None:
                self.list_variants(menu, n)
                return None
            if variant >= len(menu.entries[n - 1]):
                self.error(self.t("no_such_variant", text=text, n=n, count=len(menu.entries[n - 1])))
                return None
            return menu.entries[n - 1][variant].id
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
            suggestion = self.suggest(text)
            if suggestion:
                self.error(self.t("did_you_mean", text=text, suggestion=suggestion))
            else:
                self.error(self.t("unknown_input", text=text))
            return None
        if action_id not in {a.id for a in legal}:
            self.error(self.t("not_legal_now", text=text))
            return None
        return action_id

    def game_command(self, player: int, name: str, argument: str) -> None:
        try:
            out = self.view.run_command(name, argument, self.state.observation(player), self.t.lang, self.console.color)
        except DwarfhallError as exc:
            self.error(self.t("command_failed", name=name, error=exc))
            return
        if out:
            self.say(out)

    def command(self, player: int, name: str, argument: str) -> None:
        if name == "help":
            self.help()
        elif name == "board" and argument and "board" in self.view.commands():
            self.game_command(player, "board", argument)  # `board 2`: the game's own board command
        elif name == "board":
            self.say(self.draw(player))
        elif name == "moves":
            self.list_moves()
        elif name == "rules":
            self.say(self.view.rules(self.t.lang) or self.t("no_rules", title=self.title))
        elif name == "log":
            self.show_log(player)
        elif name == "save":
            self.save(Path(argument) if argument else None)
        elif name == "quit":
            self.quit()
        elif name == "hint":
            give_hint(self, player)

    def suggest(self, text: str) -> str | None:
        """The command nearest to a mistyped first word (with its argument), or None when none is near."""
        word, _, argument = text.partition(" ")
        names = list(_ALIASES) + [name.lower() for name in self.view.commands()]
        close = difflib.get_close_matches(word.lower(), names, n=1, cutoff=0.75)
        if not close:
            return None
        return f"{close[0]} {argument}".strip()

    def help(self) -> None:
        self.say(self.t("help_title"))
        for name, aliases in COMMANDS.items():
            shown = " / ".join(a for a in aliases if a != "zuege")
            arg = {"save": " [FILE]"}.get(name, "")
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
        self.say(self.draw(viewer, below=6))  # the result, the scores and the replay file under it
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


def fit(text: str, width: int) -> str:
    lines = []
    for line in text.split("\n"):
        if visible_len(line) <= width or strip_ansi(line) != line or _has_path(line):  # a path stays whole: copyable
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        lines += wrap_words(line, indent, width, rest="  ") or [line]
    return "\n".join(lines)


def _has_path(line: str) -> bool:
    return any("/" in word and "." in word for word in line.split())


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
