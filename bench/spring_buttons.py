"""Buttons per decision on Spring's page: top-level entries of the move list, and the ways offered after one pick.

    .venv/bin/python bench/spring_buttons.py --games 6 --seed 1

Random whole games at 2, 3 and 4 players (eras as the option says); at each decision of the player to act, the
move list's top-level entries (a heading per group, a button per move without one: `move_ui`) and, for every
thing a move starts from (a map spot, a card, a dragon), how many moves that first pick leaves (the popup).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from dwarfhall.core.registry import load_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--eras", type=int, default=4)
    args = parser.parse_args()
    top: list[int] = []
    popup: list[int] = []
    actions_seen: list[int] = []
    start = time.perf_counter()
    for k in range(args.games):
        players = 2 + k % 3
        game = load_game("spring", {"players": players, "eras": args.eras})
        view = game.web_view()
        state = game.new_state(args.seed + k)
        rng = random.Random(args.seed + k)
        while not state.is_terminal:
            actions = state.legal_actions()
            ui = view.move_ui(state.observation(state.current_player), actions, "en")
            top.append(len({u.group for u in ui.values() if u.group}) + sum(1 for u in ui.values() if not u.group))
            firsts = Counter(u.things[0] for u in ui.values() if u.things)
            popup.append(max(firsts.values(), default=0))
            actions_seen.append(len(actions))
            state.apply(rng.choice(actions).id)
    took = time.perf_counter() - start
    print(f"{args.games} games, {len(top)} decisions, {took:.0f} s")
    print(f"legal moves per decision: max {max(actions_seen)}, mean {sum(actions_seen) / len(actions_seen):.1f}")
    print(f"top-level entries: max {max(top)}, mean {sum(top) / len(top):.2f}")
    print(f"moves left after the first pick: max {max(popup)}, mean {sum(popup) / len(popup):.2f}")


if __name__ == "__main__":
    main()
