"""`dwarfhall replay FILE`: step through a game record as one player (or the public) saw it.

A record holds the seed, so the file itself is the referee's copy; the screen
shows only the chosen viewer's observation after each move, never the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.i18n import pick
from dwarfhall.core.record import GameRecord
from dwarfhall.core.registry import load_game

from .console import Console, paint
from .scoresheet import sheet_lines
from .screen import MIN_BOARD_ROWS, fit, rows
from .texts import Texts, number


def replay(record: GameRecord, viewer: int | None, lang: str, console: Console, step: bool = False) -> int:
    """Shows the record; with `step`, a pager: Enter/n next, p back, g N to move N, s start, e end, q stop."""
    t = Texts(lang)
    game = load_game(record.game, record.options)
    if viewer is not None and not 0 <= viewer < game.num_players:
        raise DwarfhallError(f"--as {viewer}: {game.name} has players 0 to {game.num_players - 1}")
    view = game.text_view()
    title = pick(game.title, lang)
    color = console.color

    def say(text: str, style: str = "") -> None:
        text = fit(text, console.width)
        console.write(paint(text, style, color) if style else text)

    who = t("replay_public") if viewer is None else t.player(viewer)
    say(t("replay_title", title=title, moves=len(record.actions), viewer=who), "title")
    if record.players:
        say(t("replay_seats", seats=", ".join(f"{t.player(i)} = {p}" for i, p in enumerate(record.players))))
    frames = _frames(record, viewer, lang, t)

    def show(n: int) -> None:
        heading, observation = frames[n]
        say("")
        say(f"-- {heading} --", "title")
        # drawn to the terminal's size, leaving rows for the heading above and the pager's prompt below
        view.width = max(40, console.width)
        view.height = max(MIN_BOARD_ROWS, console.height - rows(f"-- {heading} --", console.width) - 2)
        say(view.render(observation, lang, color))

    if not step:
        for n in range(len(frames)):
            show(n)
    elif not _page(frames, show, console, t, say):
        return 0  # stopped before the end: the result stays unsaid
    state = record.initial_state()
    for action_id in record.actions:
        state.apply(action_id)
    say("")
    if not state.is_terminal:
        say(t("replay_unfinished"))
        return 0
    winners = state.winners()
    key = "winner" if len(winners) == 1 else "draw"
    say(t(key, players=t.players(winners)), "good")
    say(t("scores", scores=", ".join(f"{t.player(p)}: {number(s)}" for p, s in enumerate(state.scores()))))
    sheet = state.score_sheet()
    if sheet is not None:
        say("")
        for line in sheet_lines(sheet, t.player, t.lang):
            say(line)
    return 0


Frame = tuple[str, dict[str, Any]]


def _frames(record: GameRecord, viewer: int | None, lang: str, t: Texts) -> list[Frame]:
    """The start and the position after each move, as the viewer's observation (never the state)."""
    state = record.initial_state()
    frames: list[Frame] = [(t("replay_start"), state.observation(viewer))]
    for n, action_id in enumerate(record.actions, 1):
        player = state.current_player
        label = state.describe_action(action_id).log_label(lang)
        state.apply(action_id)
        frames.append((t("replay_move", n=n, player=t.player(player), label=label), state.observation(viewer)))
    return frames


def _page(
    frames: list[Frame], show: Callable[[int], None], console: Console, t: Texts, say: Callable[..., None]
) -> bool:
    """Moves through the frames as the reader asks; True once past the last move, False on q or end of input."""
    last = len(frames) - 1
    at = 0
    show(at)
    while True:
        try:
            line = console.read(t("replay_pager", n=at, last=last)).strip().lower()
        except (EOFError, KeyboardInterrupt):
            say("")
            return False
        word, _, argument = line.partition(" ")
        if word in ("q", "quit", "ende", "beenden"):
            return False
        if word in ("", "n", "next", "weiter"):
            if at == last:
                return True  # past the last move: the result follows
            at += 1
        elif word in ("p", "prev", "back", "zurück", "zurueck"):
            if at == 0:
                say(t("replay_at_start"))
                continue
            at -= 1
        elif word in ("s", "start", "anfang"):
            at = 0
        elif word in ("e", "end", "schluss"):
            at = last
        elif word in ("g", "go", "gehe") or word.isdigit():
            target = argument if word in ("g", "go", "gehe") else word
            if not target.isdigit() or not 0 <= int(target) <= last:
                say(t("replay_bad_move", text=target, last=last), "error")
                continue
            at = int(target)
        else:
            say(t("replay_pager_help"))
            continue
        show(at)
