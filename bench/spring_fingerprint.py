"""Dwar7s Spring fingerprints: one digest per game of everything a driver can see, to prove that a faster engine
plays exactly the same games as an older one.

Each game is played from its seed by random legal moves or by the game's heuristic (random where it advises
nothing); the digest covers every legal-id tuple, and at regular steps the observations of every seat and of the
public, `to_json`, the legal actions' payloads and labels, determinized samples, a clone, the heuristic's
evaluations and advice, scores; at the end the returns, scores and `to_json`. A few positions also get a short
ISMCTS search (its choice and visit counts). Run the same command under two source trees and compare:

    PYTHONPATH=/path/to/old/src .venv/bin/python bench/spring_fingerprint.py --games 100 --out /tmp/old.txt
    PYTHONPATH=src .venv/bin/python bench/spring_fingerprint.py --games 100 --check /tmp/old.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

from dwarfhall.agents.ismcts import ISMCTSAgent
from dwarfhall.core import PlayerView, Rng
from dwarfhall.games.spring.game import SpringGame

# option sets beside the defaults, so the optional rules' paths are covered too
VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"layout": "balanced", "first_player": "random"},
    {"dragon_training": "gold_only", "expedition_order": "ordered"},
    {"eras": 2},
)
EVERY = 13  # steps between the expensive looks at a position


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def game_digest(game: SpringGame, seed: int, mode: str, search: bool, every: int = EVERY) -> tuple[str, int]:
    """The digest of one game and its number of actions."""
    h = hashlib.sha256()
    feed = h.update
    state = game.new_state(seed)
    mover = Rng(seed * 7919 + 1)
    advice = game.heuristic()
    players = state.num_players
    step = 0
    while not state.is_terminal:
        legal = state.legal_action_ids()
        feed(_dump([state.current_player, legal]).encode())
        if every and step % every == 0:
            for viewer in [*range(players), None]:
                feed(_dump(state.observation(viewer)).encode())
            feed(_dump(state.to_json()).encode())
            feed(_dump([a.to_json() for a in state.legal_actions()]).encode())
            clone = state.clone()
            feed(_dump(clone.to_json() == state.to_json()).encode())
            for p in range(players):
                sample = state.determinize(p, Rng(seed + step + p))
                feed(_dump([sample.to_json(), list(sample.legal_action_ids())]).encode())
                feed(_dump(advice.evaluate(sample, p)).encode())
            feed(_dump([advice.evaluate(state, p) for p in range(players)]).encode())
            feed(_dump(advice.choose(state, state.current_player, Rng(step))).encode())
            feed(_dump(state.scores()).encode())
        if search and step % (EVERY * 5) == 3 and len(legal) > 1:
            for advised in ("tree", "off"):
                agent = ISMCTSAgent({"iters": "40", "stop": "budget", "advice": advised}, seed + step)
                chosen = agent.choose(PlayerView(state, state.current_player))
                root = agent.last_tree
                children = root.children.items() if root is not None and agent.last_iterations else ()
                visits = sorted((a, c.visits, c.avail, round(c.total, 9)) for a, c in children)
                feed(_dump([chosen, agent.last_iterations, visits]).encode())
        action = None
        if mode == "heuristic":
            action = advice.choose(state, state.current_player, mover)
        if action is None:
            action = legal[mover.below(len(legal))]
        state.apply(action)
        step += 1
    feed(_dump([state.returns(), state.scores(), state.winners(), state.to_json()]).encode())
    feed(_dump(state.observation(None)).encode())
    return h.hexdigest(), len(state.history)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="games per player count and mode (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--search", type=int, default=3, help="games per player count with ISMCTS looks")
    parser.add_argument(
        "--plain",
        type=int,
        default=0,
        help="more random games per player count, seeds after"
        " the others, digesting only the legal ids and the end (fast)",
    )
    parser.add_argument("--out", help="write the digests to this file")
    parser.add_argument("--check", help="compare with the digests in this file; exit 1 on any difference")
    args = parser.parse_args(argv)
    lines: list[str] = []
    actions = 0
    for players in args.players:
        for v, variant in enumerate(VARIANTS):
            game = SpringGame({"players": players, **variant})
            for mode in ("random", "heuristic"):
                for i in range(args.games):
                    seed = args.seed + i
                    digest, n = game_digest(game, seed, mode, search=i < args.search and v == 0)
                    actions += n
                    lines.append(f"{players} {v} {mode} {seed} {n} {digest}")
        game = SpringGame({"players": players})
        for i in range(args.plain):
            seed = args.seed + args.games + i
            digest, n = game_digest(game, seed, "random", search=False, every=0)
            actions += n
            lines.append(f"{players} plain random {seed} {n} {digest}")
    print(f"{len(lines)} games, {actions} actions")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            expected = f.read().split("\n")[:-1]
        if len(expected) != len(lines):
            print(f"different game count: {len(expected)} expected, {len(lines)} played")
            return 1
        bad = [(e, g) for e, g in zip(expected, lines, strict=True) if e != g]
        for e, g in bad[:10]:
            print(f"expected {e}\n     got {g}")
        print(f"{len(lines) - len(bad)} of {len(lines)} games identical")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
