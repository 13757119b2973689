"""`dwarfhall play` and `dwarfhall replay`: argparse wiring around the session and the replay viewer."""

from __future__ import annotations

import argparse
import dataclasses
import secrets
import sys
from pathlib import Path
from typing import Any

from dwarfhall.core.i18n import LANGUAGES
from dwarfhall.core.registry import game_class
from dwarfhall.core.seeds import SEED_MAX, check_seed

from .console import TerminalConsole, default_delay, wants_color
from .replay import replay
from .savefile import load_record, load_save
from .seats import SetupError, choose_seats, opponent_spec
from .session import Outcome, Session, Settings

PLAY_EPILOG = """\
examples:
  dwarfhall play duel
      against the computer (heuristic), you are Player 0; the game says who
      starts and why (the Duel draws the first player; in Ale War a roll-off
      decides who picks a side, and the Dwarves begin)
  dwarfhall play duel --seat 1 --lang de
      you are Player 1 (not always second), German texts
  dwarfhall play alewar --hotseat
      two people at one keyboard
  dwarfhall play spring --players 3 --vs random --vs heuristic
      Spring for three: you, then one computer player each
  dwarfhall play GAME --seat 0 --seat 2 --vs random --vs heuristic
      a 4-player game: people at seats 0 and 2 (hand-over screens between
      them), the computer at seats 1 and 3
  dwarfhall play --resume saves/duel-20250101-120000.json

Players count from 0, like --seat. Save files and replay files hold the seed,
so they reveal every hidden card: they are the referee's copy. `dwarfhall` is
`scripts/run` outside the activated .venv. See docs/play.md.
"""

REPLAY_EPILOG = """\
A record file holds the seed, so it reveals every hidden card to whoever
reads the file itself (it is the referee's copy). On screen, the replay shows
after each move only what --as PLAYER saw (seats count from 0), or the public
view without --as.
"""

# exit codes: a finished game or an answered quit is 0; an interrupted (auto-saved) game is 130
EXIT_CODES = {Outcome.FINISHED: 0, Outcome.QUIT: 0, Outcome.INTERRUPTED: 130}


def add_commands(sub: Any) -> None:
    play: argparse.ArgumentParser = sub.add_parser(
        "play",
        help="play a game in the terminal, against the computer or hot-seat",
        epilog=PLAY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", nargs="?", help="the game (dwarfhall games lists them); optional with --resume")
    mode = play.add_mutually_exclusive_group()
    mode.add_argument(
        "--vs",
        action="append",
        metavar="SPEC",
        help="the computer player: a level (easy, normal, hard, expert) or an agent spec: random, heuristic (default), "
        "ismcts:time=0.5; repeat it to give each computer seat its own, in seat order",
    )
    mode.add_argument("--hotseat", action="store_true", help="people on every seat, taking turns at this keyboard")
    play.add_argument(
        "--seat", type=int, action="append", metavar="N", help="your seat against the computer, from 0 (default 0)"
    )
    play.add_argument(
        "--players", type=int, metavar="N", help="how many players (games with an option 'players', e.g. spring)"
    )
    play.add_argument("--lang", choices=LANGUAGES, help="language of the texts (default en)")
    play.add_argument("--seed", type=int, metavar="N", help=f"seed of the deal, 0..{SEED_MAX} (default: a random one)")
    play.add_argument("--options", nargs="+", action="extend", default=[], metavar="NAME=VALUE", help="game options")
    play.add_argument(
        "--cards", metavar="FILE", help="play with your own cards file (games with an option 'cards', e.g. duel)"
    )
    play.add_argument(
        "--components", metavar="FILE", help="play with your own components file (games with an option 'components')"
    )
    play.add_argument("--scenario", metavar="FILE", help="start from a position written as a TOML or JSON scenario")
    play.add_argument(
        "--auto-pass",
        action="store_true",
        help="hot-seat: play a person's only move without a hand-over (faster, but shows when someone had no choice)",
    )
    play.add_argument("--resume", metavar="SAVEFILE", help="continue a saved game")
    play.add_argument(
        "--save-dir", type=Path, default=Path("saves"), metavar="DIR", help="where saves and replays go (./saves)"
    )
    play.add_argument("--no-color", action="store_true", help="no ANSI colours (also: NO_COLOR=1)")
    play.set_defaults(func=run_play)

    rep: argparse.ArgumentParser = sub.add_parser(
        "replay",
        help="step through a game record, as one player saw it",
        epilog=REPLAY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rep.add_argument("file", type=Path, help="a replay file written by `dwarfhall play` (or a save file)")
    rep.add_argument("--as", dest="as_player", type=int, metavar="PLAYER", help="show this seat's view (from 0)")
    rep.add_argument("--lang", choices=LANGUAGES, default="en")
    rep.add_argument(
        "--step", action="store_true", help="page through it: Enter/n next, p back, g N move N, s start, e end, q stop"
    )
    rep.add_argument("--no-color", action="store_true")
    rep.set_defaults(func=run_replay)


def run_play(args: argparse.Namespace) -> int:
    console = TerminalConsole(wants_color(sys.stdout, args.no_color))
    if args.resume is not None:
        session = resumed_session(args, console)
    else:
        session = new_session(args, console)
    return EXIT_CODES[session.run()]


def new_session(args: argparse.Namespace, console: TerminalConsole) -> Session:
    if args.seed is not None:
        check_seed(args.seed, "--seed")  # the same rule as arena, simulate and records
    if not args.game:
        raise SetupError("name a game to play (dwarfhall games lists them), or --resume a save file")
    cls = game_class(args.game)
    words = list(args.options)
    words += [f"cards={args.cards}"] if args.cards else []
    words += [f"components={args.components}"] if args.components else []
    if args.players is not None:
        words = with_players(args.game, cls.options_type, words, args.players)
    game = cls(cls.options_type.from_strings(words))
    seating = choose_seats(game, args.vs, args.hotseat, args.seat)
    if args.auto_pass and len(seating.humans) < 2:
        raise SetupError(
            "--auto-pass is for several people at one keyboard; with one person only moves are always played for you"
        )
    if args.scenario:
        if args.seed is not None:
            raise SetupError("--scenario gives the position and its seed; it does not go with --seed")
        state = game.load_scenario(args.scenario)
    else:
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        state = game.new_state(seed)
    settings = Settings(
        seating.mode, seating.seats, args.lang or "en", args.save_dir, default_delay(), auto_forced=args.auto_pass
    )
    session = Session(state, settings, console)
    notices = seating.notices + (["auto_forced_notice"] if args.auto_pass else [])
    session.intro(notices)
    if args.scenario:
        session.say(session.t("scenario_loaded", path=args.scenario))
    return session


def with_players(game: str, options_type: type[Any], words: list[str], players: int) -> list[str]:
    """The option words with `players=N` from --players; a game without that option, or an --options
    players=M that says otherwise, is a SetupError."""
    if "players" not in {f.name for f in dataclasses.fields(options_type)}:
        raise SetupError(f"--players: {game} has no option 'players' (its number of players is fixed)")
    for word in words:
        name, _, value = word.partition("=")
        if name.strip() == "players" and value.strip().lstrip("0") != str(players).lstrip("0"):
            raise SetupError(f"--players {players} does not agree with --options {word}")
    return [*words, f"players={players}"]


def resumed_session(args: argparse.Namespace, console: TerminalConsole) -> Session:
    clashes = [
        flag
        for flag, given in (
            ("--vs", args.vs is not None),
            ("--hotseat", args.hotseat),
            ("--seat", bool(args.seat)),
            ("--seed", args.seed is not None),
            ("--players", args.players is not None),
            ("--options", bool(args.options)),
            ("--cards", args.cards is not None),
            ("--components", args.components is not None),
            ("--scenario", args.scenario is not None),
            ("--auto-pass", args.auto_pass),
        )
        if given
    ]
    if clashes:
        raise SetupError(f"--resume continues a game as it was saved; it does not go with {', '.join(clashes)}")
    save = load_save(args.resume)
    if args.game and args.game != save.game:
        raise SetupError(f"{args.resume} is a game of {save.game}, not {args.game}")
    state = save.restore(str(args.resume))
    seats, notices = list(save.seats), []
    for i, spec in enumerate(seats):
        if spec != "human":
            seats[i], more = opponent_spec(state.game, spec)  # the computer player may have gone away
            notices += [n for n in more if n not in notices]
    settings = Settings(
        save.mode, seats, args.lang or save.lang, args.save_dir, default_delay(), auto_forced=save.auto_forced
    )
    session = Session(state, settings, console)
    session.hints.restore(save.record.meta)  # hints allowed or refused, and used, stay so
    session.intro(notices, resumed=True)
    return session


def run_replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    console = TerminalConsole(wants_color(sys.stdout, args.no_color))
    return replay(record, args.as_player, args.lang, console, args.step)
