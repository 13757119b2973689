"""What a person types at their turn or at a hand-over: moves (by number, by words, by a unique beginning),
the built-in commands, the game's own commands, and the answers to the quit question."""

from __future__ import annotations

import difflib
from pathlib import Path

from dwarfhall.core.actions import Action
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.i18n import pick

from .console import paint
from .hints import give_hint
from .keywords import ALIASES, COMMANDS, NO, YES
from .saving import Saving
from .screens import Screens
from .table import Quit, Resigned

MIN_PREFIX = 3  # letters: a shorter beginning of a move is more likely a typo than a choice
SHOWN_ALTERNATIVES = 4  # moves named when a typed move is understood but not possible now


class Reading(Screens, Saving):
    """Turns typed lines into moves and commands; a line that is neither is answered with what went wrong."""

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
            command = ALIASES.get(word.lower())
            if command == "save":
                self.save(Path(argument.strip()) if argument.strip() else None)
            elif command == "quit":
                self.quit()
            else:  # anything else would show this player's private view before the hand-over is done
                self.say(self.t("handover_help"))
        self.console.clear()

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
        command = ALIASES.get(word.lower())
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
            action_id = self.by_label(text, legal)
        if action_id is None:
            self.not_understood(text, legal, player)
            return None
        if action_id not in {a.id for a in legal}:
            self.error(self.t("not_legal_now", text=text))
            return None
        return action_id

    def by_label(self, text: str, legal: list[Action]) -> int | None:
        """The one legal move whose label (in the session's language or in English) is `text`, else the one
        whose label begins with it (`attack` for the only attack); None when none or several do."""
        wanted = " ".join(text.casefold().split())
        labels = {a.id: {" ".join(a.label(lang).casefold().split()) for lang in (self.t.lang, "en")} for a in legal}
        exact = [a for a, names in labels.items() if wanted in names]
        if len(exact) == 1:
            return exact[0]
        if len(wanted) < MIN_PREFIX:
            return None
        begun = [a for a, names in labels.items() if any(name.startswith(wanted) for name in names)]
        return begun[0] if len(begun) == 1 else None

    def kin(self, text: str, legal: list[Action], player: int) -> list[Action]:
        """The legal moves of the kind the first typed word names (`dwarf` in `dwarf C`), by their labels or
        by the game's own reading of that word alone."""
        word = text.split()[0].casefold()
        if len(word) < MIN_PREFIX or word.isdigit():
            return []
        observation = self.state.observation(player)
        found = []
        for action in legal:
            firsts = {action.label(lang).casefold().split()[0] for lang in (self.t.lang, "en") if action.label(lang)}
            if any(first.startswith(word) for first in firsts):
                found.append(action)
                continue
            try:
                if self.view.parse_move(word, [action], observation) == action.id:
                    found.append(action)
            except DwarfhallError:
                continue
        return found

    def not_understood(self, text: str, legal: list[Action], player: int) -> None:
        """Says why typed text is no move now: a move of a known kind that is not possible now (with the ones
        of that kind that are), a near command, or text that was not understood at all."""
        kin = self.kin(text, legal, player) if len(text.split()) > 1 else []
        if kin:
            shown = [a.label(self.t.lang) for a in kin[:SHOWN_ALTERNATIVES]]
            more = len(kin) - len(shown)
            moves = "; ".join(shown) + (" " + self.t("and_more", n=more) if more else "")
            rest = text.split(maxsplit=1)[1]
            reason = self.view.why_not(text, kin, self.state.observation(player), self.t.lang)
            if reason:
                self.error(self.t("not_possible_because", text=text, reason=reason, moves=moves))
            else:
                self.error(self.t("not_possible_now", text=text, rest=rest, moves=moves))
            return
        suggestion = self.suggest(text)
        if suggestion:
            self.error(self.t("did_you_mean", text=text, suggestion=suggestion))
        else:
            self.error(self.t("unknown_input", text=text))

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
        elif name == "undo":
            self.undo(player)
        elif name == "resign":
            self.resign(player)

    def undo(self, player: int) -> None:
        """Takes back the person's last move of this turn, or says which part of the rule forbids it."""
        action = self.take_back(player)
        if action is not None:
            self.say(self.t("undo_done", label=action.label(self.t.lang)))
            return  # the turn starts again from the earlier position, with its screen
        if self.last_mover is not None and self.last_mover != player:
            self.error(self.t("undo_other"))
        elif self.undo_block in ("turn", "chance", "revealed"):
            self.error(self.t(f"undo_{self.undo_block}"))
        else:
            self.error(self.t("undo_none"))

    def resign(self, player: int) -> None:
        """Asks once; yes gives the game up, anything else keeps playing."""
        self.say(self.t("resign_ask"))
        if self.console.read(self.t("resign_prompt")).strip().lower() in YES:
            raise Resigned(player)

    def suggest(self, text: str) -> str | None:
        """The command nearest to a mistyped first word (with its argument), or None when none is near."""
        word, _, argument = text.partition(" ")
        names = list(ALIASES) + [name.lower() for name in self.view.commands()]
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
        """Asks whether to save first; Enter keeps playing."""
        self.say(self.t("quit_ask"))
        while True:
            answer = self.console.read(self.t("quit_prompt")).strip().lower()
            if not answer:
                return
            if answer in YES:
                if self.save(None) is not None:
                    raise Quit
                return  # the save failed: keep playing rather than lose the game
            if answer in NO:
                self.say(self.t("quit_unsaved"))
                raise Quit
            self.say(self.t("quit_again"))
