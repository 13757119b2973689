"""Spring's declarations for the core's kit, in one place: its zones and its action-id space.

The state keeps each zone in a plain list (`state.faerie_hand[p]`, `state.expedition_deck`, ...); the zones say
who sees what, and the core derives hiding, determinize and the flat observation tensor from them. The action
space names every block of ids, laid end to end (see docs/rules/spring.md, "Actions"); `layout.py` reads the
plain offsets the hot paths use off it. Map targets are place numbers, petal place x 7 + spot (a wildland is
spot 0 of its petal), so an id means the same map place whatever tiles were laid there.
"""

from __future__ import annotations

from collections.abc import Sequence

from dwarfhall.core import ActionSpace, ZoneSet, area, hand, pile

from .hexmap import POSITIONS, SPOTS_PER_PETAL

PLACES = len(POSITIONS) * SPOTS_PER_PETAL
LINES = 3

SPACE = ActionSpace()
START_SETTLEMENT = SPACE.block("start_settlement", line=LINES, place=PLACES)
NEST = 6  # a nest holds at most 6 dragons (5, 6 with the fortress)
AREA = 6  # the expedition area shows 6 cards
SUCCESS_CHOICES = 6  # 0..5 backpack successes added to a gathering
DECK_KINDS = 12 + 26 + 7  # what a heroes deck can hold: monster, quest and hero kinds (the first card kinds)

# dwarf actions (each spends one dwarf from the bastion)
BUILD = SPACE.block("build", line=LINES, place=PLACES)
FORTRESS = SPACE.block("fortress", place=PLACES)
EXPLORE = SPACE.block("explore", place=PLACES)
SUMMON = SPACE.single("summon_faerie")
DRAGON_SPOT = SPACE.block("dragon_spot", spot=2)
QUEST = SPACE.block("quest", spot=2, card=AREA)
IDLE = SPACE.single("idle")
# the steps inside a dwarf action
FIGHT = SPACE.single("fight")
GATHER = SPACE.single("gather")
LEAVE = SPACE.single("leave")
ADD_BACKPACKS = SPACE.block("add_backpacks", n=SUCCESS_CHOICES)
COMMAND = SPACE.block("command", dragon=NEST)
COMMAND_DONE = SPACE.single("command_done")
CHOOSE_RESOURCE = SPACE.block("choose_resource", resource=LINES)
TRIM = SPACE.block("trim", card=DECK_KINDS)
NO_TRIM = SPACE.single("no_trim")
# free actions, and the end of a turn
TRAIN = SPACE.block("train", dragon=NEST)
END_TURN = SPACE.single("end_turn")
# faerie cards: play one, then each application (or skip the rest)
FAERIE_ENTRIES = 20  # at most one faerie entry per card
SEATS = 4
PLAY_FAERIE = SPACE.block("play_faerie", faerie=FAERIE_ENTRIES)
FAERIE_APPLY = SPACE.single("faerie_apply")
FAERIE_SKIP = SPACE.single("faerie_skip")
REMOVE_WEB = SPACE.block("remove_web", place=PLACES)
MOVE_FROM = SPACE.block("move_from", place=PLACES)
MOVE_TO = SPACE.block("move_to", place=PLACES)
SWAP_OWN = SPACE.block("swap_own", place=PLACES)
SWAP_OTHER = SPACE.block("swap_other", place=PLACES)
PICK_DWARF = SPACE.block("pick_dwarf", owner=SEATS, place=PLACES)


def zones(players: int, keys: Sequence[str], most: int | None = None) -> ZoneSet:
    """Spring's zones for `players` seats and the card kinds named by `keys` (kinds.CardKinds); `most` bounds the
    cards of one zone (tensor.zone_bound).

    R38: faerie hands are hidden (their size is public), so are the order of every pile and the monsters left
    in the box; boards, map, expedition area, discard pile and heroes decks are public.
    """
    return ZoneSet(
        [
            pile("expedition_deck", "expedition", per_player=False),
            pile("unused_monsters", "unused", per_player=False),
            area("expedition_area", per_player=False),
            pile("egg_pile", "eggs", per_player=False),
            pile("faerie_deck", "faeries", per_player=False),
            hand("faerie_hand", "faeries", counts=True),
            area("faerie_discard", per_player=False),
            area("heroes", counts=True),
            area("removed", per_player=False),
        ],
        players,
        len(keys),
        keys,
        most,
    )
