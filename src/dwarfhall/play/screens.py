"""The screens of a person's decision: the board with the news and the moves, their variants, the log."""

from __future__ import annotations

from .menu import Menu
from .screen import COMPACT_COLUMNS_FROM, fit
from .table import Table
from .terminal import clip, columns


class Screens(Table):
    """Draws what a person sees when it is their turn, fitted to the terminal's rows and columns."""

    def show(self, player: int) -> None:
        """The screen of a decision: header, board, (at a shared keyboard) the news, the moves and the prompt,
        all within the terminal's rows so that the top of the board is still on the screen at the prompt (at a
        shared keyboard, after the hand-over)."""
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
                lines.append("  " + self.t("played", player=self.t.player(p), label=action.log_label(self.t.lang)))
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
            lines.append(f"{n:>3}. " + self.t("played", player=self.t.player(p), label=action.log_label(self.t.lang)))
            lines += ["       " + line for line in outcomes.get(n, [])]
        if not lines:
            self.say(self.t("log_empty"))
            return
        self.say(self.t("log_title"), "title")
        for line in lines[-max(5, self.console.height - 4) :]:
            self.say(line)

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
