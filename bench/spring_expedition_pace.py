"""How fast Dwar7s Spring's expedition area empties, read from stored games (spring.md §12.3's early-end check).

A game ends early when the area holds fewer than 6 cards at the end of an era: every card that left it (a quest
taken, a monster defeated) was replaced from the expedition deck until the deck ran out. This replays each stored
game of a run and prints, per era, how many cards had left the area by its end and how many of the players'
expedition spots were used, against what an early end after era 3 needs.

    .venv/bin/python bench/spring_expedition_pace.py --db runs/spring-balance-shipped.sqlite --run 1
"""

from __future__ import annotations

import argparse
import statistics
import sys

from dwarfhall.arena.store import open_store
from dwarfhall.core.record import GameRecord
from dwarfhall.games.spring.layout import QUEST_AT, QUEST_END
from dwarfhall.games.spring.state import SpringState


def pace(record: GameRecord) -> tuple[list[int], list[int], int]:
    """Per era: cards that had left the area by its end, expedition spots used in it; and the eras played."""
    state = record.initial_state()
    assert isinstance(state, SpringState)
    comps = state.game.components
    # every card that can ever be face up: the monsters spawned at set-up and the expedition deck
    total = comps.expedition["spawned_at_setup"] + comps.expedition["monsters_in_deck"] + len(comps.quests)
    gone: list[int] = []
    quests: list[int] = []
    era = state.era
    used = 0
    for action in record.actions:
        if QUEST_AT <= action < QUEST_END and not state.pending:
            used += 1
        state.apply(action)
        if state.era != era or state.is_terminal:
            if era >= 1:  # era 0 is the set-up
                gone.append(total - len(state.expedition_area) - len(state.expedition_deck))
                quests.append(used)
            era, used = state.era, 0
    return gone, quests, state.era


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", required=True, help="a results database written by `dwarfhall simulate`")
    parser.add_argument("--run", type=int, default=1)
    parser.add_argument("--limit", type=int, default=0, help="read at most this many games (0: all)")
    args = parser.parse_args(argv)
    with open_store(args.db, create=False) as store:
        results = store.results(args.run)
    if args.limit:
        results = results[: args.limit]
    if not results:
        print(f"run {args.run} of {args.db} holds no games", file=sys.stderr)
        return 1
    by_era: dict[int, list[int]] = {}
    spots: dict[int, list[int]] = {}
    players = 0
    needed = 0
    for i, result in enumerate(results, 1):
        record = GameRecord.from_json(result.record)
        gone, quests, _ = pace(record)
        state = record.initial_state()
        assert isinstance(state, SpringState)
        comps = state.game.components
        players = state.num_players
        # the area drops below its size once the deck is empty and one more card leaves it
        needed = len(state.expedition_deck) + 1 + (comps.expedition["area"] - len(state.expedition_area))
        for era, (g, q) in enumerate(zip(gone, quests, strict=True), 1):
            by_era.setdefault(era, []).append(g)
            spots.setdefault(era, []).append(q)
        if i % 100 == 0:
            print(f"  {i}/{len(results)} games replayed", file=sys.stderr)
    print(f"{len(results)} games, {players} players; an early end needs {needed} cards gone from the area")
    print("era | cards gone by its end: mean, max, share of games at the early-end count | expedition spots used")
    for era in sorted(by_era):
        gone = by_era[era]
        reached = sum(1 for g in gone if g >= needed) / len(gone)
        used = spots[era]
        print(
            f"{era:3} | {statistics.mean(gone):5.1f}, {max(gone):3}, {100 * reached:5.1f} % "
            f"| {statistics.mean(used):4.1f} of {2 * players} (max {max(used)})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
