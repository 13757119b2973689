"""Fingerprints of every game: one digest per game of everything a driver can see, to prove that the compiled
build plays exactly the same games as pure Python, and a changed engine the same games as an older one.

Each game is played from its seed by random legal moves (or, with `--drivers heuristic`, by the game's advice,
random where it advises nothing); the digest covers every legal-id tuple, and every `--every` steps the
observations and observation tensors of every seat and of the public, `to_json`, the legal actions' payloads and
labels, determinized samples (with the heuristic's evaluation of each), a clone, the heuristic's evaluations and
advice and the scores; at the end the returns, scores, winners and `to_json`. The first games of each table also
get short ISMCTS searches at a few positions, with and without the heuristic's advice in the tree (choice,
iterations and visit counts). `--variants` adds the option sets a game lists in VARIANTS (Spring's optional
rules).

    .venv/bin/python bench/fingerprint.py --games 200 --modes     # pure Python and compiled, compared
    DWARFHALL_PURE=1 .venv/bin/python bench/fingerprint.py --games 200 --out /tmp/pure.txt
    .venv/bin/python bench/fingerprint.py --games 200 --check /tmp/pure.txt

A faster engine against an older tree (the same script, two source trees), here Spring's full set:

    PYTHONPATH=/path/to/old/src .venv/bin/python bench/fingerprint.py --only spring --variants \\
        --drivers random heuristic --games 40 --plain 300 --out /tmp/old.txt
    PYTHONPATH=src .venv/bin/python bench/fingerprint.py --only spring --variants \\
        --drivers random heuristic --games 40 --plain 300 --check /tmp/old.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

import dwarfhall
from dwarfhall.agents.ismcts import ISMCTSAgent
from dwarfhall.core import PlayerView, Rng, load_game

# (game, options) per table; Spring at every player count
TABLES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("duel", {}),
    ("duel", {"response_windows": "when_able"}),
    ("alewar", {}),
    ("spring", {"players": 2}),
    ("spring", {"players": 3}),
    ("spring", {"players": 4}),
)
# option sets beside a table's own (--variants), so the optional rules' paths are covered too
VARIANTS: dict[str, tuple[dict[str, Any], ...]] = {
    "spring": (
        {"layout": "balanced", "first_player": "random"},
        {"dragon_training": "gold_only", "expedition_order": "ordered"},
        {"eras": 2},
    ),
}
DRIVERS = ("random", "heuristic")
EVERY = 11  # steps between the expensive looks at a position
SEARCH_EVERY = 37  # steps between ISMCTS looks in the games that have them


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def game_digest(game: Any, seed: int, search: bool, every: int = EVERY, driver: str = "random") -> tuple[str, int]:
    """The digest of one game, its moves chosen by `driver` (one of DRIVERS), and its number of actions."""
    h = hashlib.sha256()
    feed = h.update
    state = game.new_state(seed)
    mover = Rng(seed * 7919 + 1)
    advice = game.heuristic()
    players = state.num_players
    step = 0
    while not state.is_terminal:
        legal = state.legal_action_ids()
        feed(_dump([state.current_player, legal]))
        if every and step % every == 0:
            for viewer in [*range(players), None]:
                feed(_dump(state.observation(viewer)))
                feed(state.observation_tensor(viewer).tobytes())  # the research layer's encoding, every entry
            feed(_dump(state.to_json()))
            feed(_dump([a.to_json() for a in state.legal_actions()]))
            feed(_dump(state.clone().to_json() == state.to_json()))
            for p in range(players):
                sample = state.determinize(p, Rng(seed + step + p))
                feed(_dump([sample.to_json(), list(sample.legal_action_ids())]))
                if advice is not None:
                    feed(_dump(advice.evaluate(sample, p)))
            if advice is not None:
                feed(_dump([advice.evaluate(state, p) for p in range(players)]))
                feed(_dump(advice.choose(state, state.current_player, Rng(step))))
            feed(_dump(state.scores()))
        if search and step % SEARCH_EVERY == 3 and len(legal) > 1:
            for advised in ("tree", "off"):
                agent = ISMCTSAgent({"iters": "40", "stop": "budget", "advice": advised}, seed + step)
                chosen = agent.choose(PlayerView(state, state.current_player))
                root = agent.last_tree
                children = root.children.items() if root is not None and agent.last_iterations else ()
                visits = sorted((a, c.visits, c.avail, round(c.total, 9)) for a, c in children)
                feed(_dump([chosen, agent.last_iterations, visits]))
        action = None
        if driver == "heuristic" and advice is not None:
            action = advice.choose(state, state.current_player, mover)
        state.apply(legal[mover.below(len(legal))] if action is None else action)
        step += 1
    feed(_dump([state.returns(), state.scores(), state.winners(), state.to_json()]))
    feed(_dump(state.observation(None)))
    return h.hexdigest(), len(state.history)


def tables(only: str | None, variants: bool) -> list[tuple[str, dict[str, Any], bool]]:
    """(game, options, whether it is a variant) of every table played: TABLES, then each one's VARIANTS."""
    chosen = [(name, options) for name, options in TABLES if only in (None, name)]
    if not chosen:
        raise SystemExit(f"no table of a game {only!r}; the games: {', '.join(sorted({n for n, _ in TABLES}))}")
    extra = [(n, {**o, **v}, True) for n, o in chosen for v in VARIANTS.get(n, ()) if variants]
    return [(n, o, False) for n, o in chosen] + extra


def fingerprints(
    games: int,
    seed: int,
    search: int,
    plain: int,
    every: int = EVERY,
    only: str | None = None,
    variants: bool = False,
    drivers: tuple[str, ...] = ("random",),
) -> tuple[list[str], int]:
    """One line per game: table, game, driver, seed, length and digest; and the number of actions played."""
    lines: list[str] = []
    actions = 0
    for t, (name, options, variant) in enumerate(tables(only, variants)):
        game = load_game(name, options)
        for driver in drivers:
            for i in range(games):
                digest, n = game_digest(game, seed + i, search=i < search, every=every, driver=driver)
                actions += n
                lines.append(f"{t} {name} {driver} {seed + i} {n} {digest}")
        # the plain games (seeds after the others, a table's own options) digest only the legal ids and the end
        for i in range(0 if variant else plain):
            digest, n = game_digest(game, seed + games + i, search=False, every=0)
            actions += n
            lines.append(f"{t} {name} plain {seed + games + i} {n} {digest}")
    return lines, actions


def compare(expected: list[str], lines: list[str]) -> int:
    if len(expected) != len(lines):
        print(f"different game count: {len(expected)} expected, {len(lines)} played")
        return 1
    bad = [(e, g) for e, g in zip(expected, lines, strict=True) if e != g]
    for e, g in bad[:10]:
        print(f"expected {e}\n     got {g}")
    print(f"{len(lines) - len(bad)} of {len(lines)} games identical")
    return 1 if bad else 0


def run_modes(argv: list[str]) -> int:
    """Run this script once per mode in its own process and compare the digests."""
    outputs = []
    with tempfile.TemporaryDirectory() as tmp:
        for switch in ("1", "0"):
            out = os.path.join(tmp, f"pure{switch}.txt")
            env = {**os.environ, "DWARFHALL_PURE": switch}
            subprocess.run([sys.executable, __file__, *argv, "--out", out], env=env, check=True)
            with open(out, encoding="utf-8") as f:
                outputs.append(f.read().split("\n")[:-1])
    return compare(outputs[0], outputs[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="fully digested games per table (default 30)")
    parser.add_argument("--plain", type=int, default=0, help="more games per table digesting legal ids and the end")
    parser.add_argument("--search", type=int, default=2, help="games per table with ISMCTS looks (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=EVERY, help=f"steps between full looks (default {EVERY})")
    parser.add_argument("--only", metavar="GAME", help="play only this game's tables")
    parser.add_argument("--variants", action="store_true", help="also play the option sets in VARIANTS")
    parser.add_argument("--drivers", nargs="+", choices=DRIVERS, default=["random"], help="who picks the moves")
    parser.add_argument("--out", help="write the digests to this file")
    parser.add_argument("--check", help="compare with the digests in this file; exit 1 on any difference")
    parser.add_argument("--modes", action="store_true", help="play in pure Python and compiled, and compare")
    args = parser.parse_args(argv)
    if args.modes:
        rest = [f"--games={args.games}", f"--plain={args.plain}", f"--search={args.search}", f"--seed={args.seed}"]
        rest += [f"--every={args.every}", "--drivers", *args.drivers]
        rest += [f"--only={args.only}"] * (args.only is not None) + ["--variants"] * args.variants
        return run_modes(rest)
    start = time.perf_counter()
    drivers = tuple(args.drivers)
    lines, actions = fingerprints(
        args.games, args.seed, args.search, args.plain, args.every, args.only, args.variants, drivers
    )
    print(f"{dwarfhall.MODE}: {len(lines)} games, {actions} actions in {time.perf_counter() - start:.1f} s")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            return compare(f.read().split("\n")[:-1], lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
