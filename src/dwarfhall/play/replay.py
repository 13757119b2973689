"""`dwarfhall replay FILE`: step through a game record as one player (or the public) saw it.

A record holds the seed, so the file itself is the referee's copy; the screen
shows only the chosen viewer's observation after each move, never the state.
"""

from __future__ import annotations

from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import State
from dwarfhall.core.i18n import pick
from dwarfhall.core.record import GameRecord
from dwarfhall.core.registry import load_game

from .console import Console, paint
from .texts import Texts, number


def replay(record: GameRecord, viewer: int | None, lang: str, console: Console, step: bool = False) -> int:
    """Shows the record move by move; with `step`, waits for Enter after each one. Returns an exit code."""
    t = Texts(lang)
    game = load_game(record.game, record.options)
    if viewer is not None and not 0 <= viewer < game.num_players:
        raise DwarfhallError(f"--as {viewer}: {game.name} has players 0 to {game.num_players - 1}")
    view = game.text_view()
    title = pick(game.title, lang)
    color = console.color

    def say(text: str, style: str = "") -> None:
        console.write(paint(text, style, color) if style else text)

    def board(state: State) -> None:
        say(view.render(state.observation(viewer), lang, color))

    who = t("replay_public") if viewer is None else t.player(viewer)
    say(t("replay_title", title=title, moves=len(record.actions), viewer=who), "title")
    if record.players:
        say(t("replay_seats", seats=", ".join(f"{t.player(i)} = {p}" for i, p in enumerate(record.players))))
    state = record.initial_state()
    say("")
    say(f"-- {t('replay_start')} --", "title")
    board(state)
    for n, action_id in enumerate(record.actions, 1):
        if step:
            try:
                if console.read(t("replay_next")).strip().lower() in ("q", "quit", "ende"):
                    return 0
            except (EOFError, KeyboardInterrupt):
                say("")
                return 0
        player = state.current_player
        label = state.describe_action(action_id).label(lang)
        state.apply(action_id)
        say("")
        say("-- " + t("replay_move", n=n, player=t.player(player), label=label) + " --", "title")
        board(state)
    say("")
    if not state.is_terminal:
        say(t("replay_unfinished"))
        return 0
    winners = state.winners()
    key = "winner" if len(winners) == 1 else "draw"
    say(t(key, players=t.players(winners)), "good")
    say(t("scores", scores=", ".join(f"{t.player(p)}: {number(s)}" for p, s in enumerate(state.scores()))))
    return 0
