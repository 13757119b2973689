"""Dwar7s Spring balance, a first look: games between the game's heuristic and/or random players, with the
checks of spring.md §12.3 (seat shares, early ends, monsters killed, quests taken, where the points come from,
how often each dwarf action is used).

    .venv/bin/python bench/spring_selfplay.py --games 200 --players 4                 # heuristic self-play
    .venv/bin/python bench/spring_selfplay.py --games 200 --players 4 --vs-random     # 1 heuristic, rotated seat
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter

from dwarfhall.agents import make_agent, play_game
from dwarfhall.games.spring import scoring
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.state import SpringState

DWARF_MOVES = ("build", "fortress", "explore", "summon_faerie", "dragon_spot", "quest", "idle")


def interval(wins: int, games: int) -> str:
    """The share with a 95 % Wilson interval."""
    if not games:
        return "-"
    p = wins / games
    z = 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return f"{100 * p:.1f} % [{100 * (centre - half):.1f}, {100 * (centre + half):.1f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--vs-random", action="store_true", help="one heuristic player (seat rotated), the rest random")
    args = parser.parse_args(argv)
    game = SpringGame({"players": args.players})
    n = args.players
    seat_wins = [0.0] * n
    hero_wins = 0
    early = 0
    monsters = quests = 0
    sources: Counter[str] = Counter()
    moves: Counter[str] = Counter()
    users: Counter[str] = Counter()
    winner_points = 0.0
    start = time.perf_counter()
    for i in range(args.games):
        hero = i % n
        agents = [
            make_agent("heuristic" if not args.vs_random or s == hero else "random", 1000 * i + s) for s in range(n)
        ]
        final = play_game(game, agents, args.seed + i)
        assert isinstance(final, SpringState)
        winners = final.winners()
        for p in winners:
            seat_wins[p] += 1 / len(winners)
        hero_wins += hero in winners
        early += final.era < 4
        monsters += sum(final.defeated)
        quests += sum(final.heroes[p][k] for p in range(n) for k in game.kinds.quests) + sum(
            1 for k in final.removed if k in game.kinds.quests
        )
        winner_points += max(final.scores())
        for p in range(n):
            for source, points in scoring.score_parts(final, p).items():
                sources[source] += points
        replay = game.new_state(args.seed + i)
        used: set[tuple[int, str]] = set()
        for action in final.history:
            player = replay.current_player
            move = str(replay.describe_action(action).payload["move"])
            if move in DWARF_MOVES:
                moves[move] += 1
                used.add((player, move))
            replay.apply(action)
        for _player, move in used:
            users[move] += 1
    elapsed = time.perf_counter() - start
    g = args.games
    mode = "1 heuristic (seat rotated) vs random" if args.vs_random else "heuristic self-play"
    print(f"spring, {n} players, {g} games, {mode}, {elapsed:.1f} s")
    if args.vs_random:
        print(f"heuristic wins: {interval(hero_wins, g)} (fair share {100 / n:.0f} %)")
    print("seat win shares: " + ", ".join(f"{p}: {100 * w / g:.1f} %" for p, w in enumerate(seat_wins)))
    print(f"winner's points {winner_points / g:.1f}; ended before era 4: {100 * early / g:.1f} %")
    print(f"monsters killed per game {monsters / g:.2f} of 9; quests taken per game {quests / g:.2f} of 26")
    total = sum(sources.values()) or 1
    print("points by source: " + ", ".join(f"{k} {100 * v / total:.0f} %" for k, v in sources.most_common()))
    print("dwarf actions per game: " + ", ".join(f"{k} {moves[k] / g:.1f}" for k in DWARF_MOVES))
    shares = ", ".join(f"{k} {100 * users[k] / (g * n):.0f} %" for k in DWARF_MOVES)
    print("players using each at least once: " + shares)
    return 0


if __name__ == "__main__":
    sys.exit(main())
