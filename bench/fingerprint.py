"""Fingerprints of every game: one digest per game of everything a driver can see, to prove that the compiled
build plays exactly the same games as pure Python (and a changed engine the same games as an older one).

Each game is played from its seed by random legal moves; the digest covers every legal-id tuple, and at regular
steps the observations and observation tensors of every seat and of the public, `to_json`, the legal actions'
payloads and labels, determinized samples, a clone, the heuristic's evaluations and advice and the scores; at the
end the returns, scores, winners and `to_json`. The first games of each player count also get short ISMCTS
searches at a few positions (their choice, iterations and visit counts).

    .venv/bin/python bench/fingerprint.py --games 200 --modes     # pure Python and compiled, compared
    DWARFHALL_PURE=1 .venv/bin/python bench/fingerprint.py --games 200 --out /tmp/pure.txt
    .venv/bin/python bench/fingerprint.py --games 200 --check /tmp/pure.txt
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
EVERY = 11  # steps between the expensive looks at a position
SEARCH_EVERY = 37  # steps between ISMCTS looks in the games that have them


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def game_digest(game: Any, seed: int, search: bool, every: int = EVERY) -> tuple[str, int]:
    """The digest of one random game and its number of actions."""
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
                feed(_dump([advice.evaluate(state, p) for p in range(players)]))
                feed(_dump(advice.choose(state, state.current_player, Rng(step))))
            feed(_dump(state.scores()))
        if search and step % SEARCH_EVERY == 3 and len(legal) > 1:
            agent = ISMCTSAgent({"iters": "40", "stop": "budget"}, seed + step)
            chosen = agent.choose(PlayerView(state, state.current_player))
            root = agent.last_tree
            children = root.children.items() if root is not None and agent.last_iterations else ()
            visits = sorted((a, c.visits, c.avail, round(c.total, 9)) for a, c in children)
            feed(_dump([chosen, agent.last_iterations, visits]))
        state.apply(legal[mover.below(len(legal))])
        step += 1
    feed(_dump([state.returns(), state.scores(), state.winners(), state.to_json()]))
    feed(_dump(state.observation(None)))
    return h.hexdigest(), len(state.history)


def fingerprints(games: int, seed: int, search: int, plain: int) -> tuple[list[str], int]:
    """One line per game: table, seed, length and digest; and the number of actions played."""
    lines: list[str] = []
    actions = 0
    for t, (name, options) in enumerate(TABLES):
        game = load_game(name, options)
        for i in range(games + plain):
            full = i < games  # the plain games digest only the legal ids and the end: many games quickly
            digest, n = game_digest(game, seed + i, search=i < search, every=EVERY if full else 0)
            actions += n
            lines.append(f"{t} {name} {seed + i} {n} {digest}")
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
    parser.add_argument("--out", help="write the digests to this file")
    parser.add_argument("--check", help="compare with the digests in this file; exit 1 on any difference")
    parser.add_argument("--modes", action="store_true", help="play in pure Python and compiled, and compare")
    args = parser.parse_args(argv)
    if args.modes:
        rest = [f"--games={args.games}", f"--plain={args.plain}", f"--search={args.search}", f"--seed={args.seed}"]
        return run_modes(rest)
    start = time.perf_counter()
    lines, actions = fingerprints(args.games, args.seed, args.search, args.plain)
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
