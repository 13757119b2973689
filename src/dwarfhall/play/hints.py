"""The `hint` command of `dwarfhall play`: the bot's three best moves for the person deciding now.

The rule: in a game with one person against the computer, hints are on; with several people at the table
(hot-seat, or people and computer players together) they are on only if every person allows them, asked
once per game when someone first wants a hint. A game's save and record say who used hints (`meta.hints`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.agents.review import MoveChance, analyse, decision_seed
from dwarfhall.core.game import State
from dwarfhall.core.view import PlayerView

from .coach_texts import CoachTexts, percent
from .keywords import NO, YES
from .savefile import HUMAN

if TYPE_CHECKING:
    from .reading import Reading

HINT_ITERS = 2000  # search iterations for a hint: under half a second in the Duel
HINT_MOVES = 3


class HintRule:
    """Whether hints may be shown at this table, and who used them."""

    def __init__(self, seats: list[str]) -> None:
        self.people = [i for i, who in enumerate(seats) if who == HUMAN]
        # one person against the computer needs nobody's leave; several people are asked once
        self.allowed: bool | None = True if len(self.people) == 1 else None
        self.used: dict[int, int] = {}

    def decide(self, ask: Callable[[int], bool]) -> bool:
        """Whether hints are on; asks each person in turn the first time (one "no" keeps them off)."""
        if self.allowed is None:
            self.allowed = all(ask(person) for person in self.people)
        return self.allowed

    def note_use(self, seat: int) -> None:
        self.used[seat] = self.used.get(seat, 0) + 1

    def meta(self) -> dict[str, Any]:
        """What a save or record keeps: who used hints how often, and the table's answer once given."""
        if not self.used and self.allowed is not False:
            return {}
        return {"hints": {"allowed": self.allowed, "used": {str(seat): n for seat, n in sorted(self.used.items())}}}

    def restore(self, meta: Mapping[str, Any]) -> None:
        """Takes back what `meta()` wrote (a resumed game keeps its answer and its count)."""
        hints = meta.get("hints")
        if not isinstance(hints, Mapping):
            return
        if isinstance(hints.get("allowed"), bool) and len(self.people) > 1:
            self.allowed = hints["allowed"]
        self.used = {int(seat): int(n) for seat, n in dict(hints.get("used", {})).items() if str(seat).isdigit()}


def hint_users(meta: Mapping[str, Any]) -> list[int]:
    """The seats that used hints, from a record's or save's meta."""
    hints = meta.get("hints")
    if not isinstance(hints, Mapping) or not isinstance(hints.get("used"), Mapping):
        return []
    return sorted(int(seat) for seat, n in hints["used"].items() if str(seat).isdigit() and n)


def best_moves(state: State, player: int, iters: int = HINT_ITERS, n: int = HINT_MOVES) -> list[MoveChance]:
    """The search's best `n` moves for `player`, seen only through that player's view."""
    view = PlayerView(state, player)
    return analyse(view, iters, decision_seed(0, view.move_number))[:n]


def give_hint(session: Reading, player: int) -> None:
    """Answers `hint` typed by `player`: asks the table if needed, then shows the best moves."""
    texts = CoachTexts(session.t.lang)
    asking = session.hints.allowed is None
    if asking and session.shared_keyboard:
        # the others come to the keyboard to answer: the asker's hand must leave the screen first
        session.console.clear()
        session.on_screen = None
    allowed = session.hints.decide(lambda person: _allows(session, texts, person))
    if asking and session.shared_keyboard:
        session.handover(player)  # the keyboard back to the asker, then their own screen again
        session.show(player)
    if not allowed:
        session.say(texts("hint_refused"))
        return
    if asking:
        session.say(texts("hint_allowed"))
    legal = session.state.legal_actions()
    if len(legal) == 1:
        session.say(texts("hint_forced", label=legal[0].label(texts.lang)))
        return
    session.say(texts("hint_thinking"), "dim")
    moves = best_moves(session.state, player)
    session.hints.note_use(player)
    session.say(texts("hint_title", player=session.who(player)), "title")
    for move in moves:
        label = session.state.describe_action(move.action).label(texts.lang)
        session.say(texts("hint_line", label=label, chance=percent(move.chance)))


def _allows(session: Reading, texts: CoachTexts, person: int) -> bool:
    while True:
        answer = session.console.read(texts("hint_ask", player=texts.player(person))).strip().lower()
        if answer in YES:
            return True
        if answer in NO:
            return False
        session.say(texts("hint_ask_again"))
