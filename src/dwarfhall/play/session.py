"""The game loop of `dwarfhall play`, independent of the terminal (input and output go through a Console).

The parts a session is made of, each in its own module: the table it plays at (table.py: the game, the seats,
writing to the console, playing a move), the screens of a decision (screens.py), saving (saving.py) and
reading what a person types (reading.py). Privacy rule: a screen only ever shows the observation of the
player deciding on it; with several people at one keyboard, a hand-over screen without any private information
comes before each change of who is looking.
"""

from __future__ import annotations

from dwarfhall.core.view import PlayerView

from .reading import Reading
from .savefile import HUMAN
from .scoresheet import sheet_lines
from .seats import agent_for
from .table import Outcome, Quit, Resigned, Settings
from .texts import number

__all__ = ["Outcome", "Session", "Settings"]


class Session(Reading):
    """One game from its introduction to its result: whose turn it is, and the computer's moves."""

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
        except Quit:
            return Outcome.QUIT
        except Resigned as given_up:
            self.finish_resigned(given_up.seat)
            return Outcome.RESIGNED
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

    def computer_turn(self, player: int) -> None:
        with self.console.busy():  # keys pressed meanwhile would land in the output and become the next move
            started = self.timing.start()
            agent = agent_for(
                self.settings.seats[player], self.state.seed, player, len(self.state.history), self.state.game.name
            )
            legal = self.state.legal_action_ids()
            if len(legal) == 1:
                action_id = legal[0]  # a forced move needs no thinking, but it waits as long as a choice would
            else:
                action_id = agent.choose(PlayerView(self.state, player))
            self.timing.release(started, self.timing.delay_for(agent, people_watch=bool(self.humans)))
            action = self.play(player, action_id)
            label = action.label(self.t.lang)
            self.say(self.t("computer_plays", player=self.t.player(player), label=label), "computer")
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

    def human_turn(self, player: int) -> None:
        if self.shared_keyboard and self.on_screen != player:
            self.handover(player)
        self.show(player)
        moves_before = len(self.state.history)
        while len(self.state.history) == moves_before and self.state.current_player == player:
            legal = self.state.legal_actions()
            key = "prompt_single" if len(legal) == 1 else "prompt"
            line = self.console.read(self.t(key, player=self.who(player)))
            self.handle(player, line)

    def finish_resigned(self, seat: int) -> None:
        """The end of a game given up: who gave up and who wins (the game itself did not reach its end)."""
        others = [p for p in range(self.state.num_players) if p != seat]
        self.say("")
        self.say(f"== {self.title} — {self.t('game_over')} ==", "title")
        self.say(self.t("resigned", player=self.who(seat), players=", ".join(self.who(p) for p in others)), "good")

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
        sheet = self.state.score_sheet()
        if sheet is not None:
            self.say("")
            for line in sheet_lines(sheet, self.who, self.t.lang):
                self.say(line)
        self.write_replay()
