"""Spring's action ids: named blocks laid end to end (see docs/rules/spring.md, "Actions").

Map targets are place numbers, petal place x 7 + spot (a wildland is spot 0 of its petal), so an id means the
same map place whatever tiles were laid there.
"""

from __future__ import annotations

from operator import itemgetter

from dwarfhall.core import ActionSpace

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

# block bounds and strides as plain ints for the hot paths (legal moves and the playing advice)
START_AT, START_END, START_STRIDE = START_SETTLEMENT.base, START_SETTLEMENT.end, START_SETTLEMENT.strides[0]
BUILD_AT, BUILD_END, BUILD_STRIDE = BUILD.base, BUILD.end, BUILD.strides[0]
FORTRESS_AT, FORTRESS_END = FORTRESS.base, FORTRESS.end
EXPLORE_AT, EXPLORE_END = EXPLORE.base, EXPLORE.end
DRAGON_SPOT_AT, DRAGON_SPOT_END = DRAGON_SPOT.base, DRAGON_SPOT.end
QUEST_AT, QUEST_END, QUEST_STRIDE = QUEST.base, QUEST.end, QUEST.strides[0]
QUEST_TWO_AT = QUEST_AT + QUEST_STRIDE  # the second expedition spot's first id
TRAIN_AT, TRAIN_END = TRAIN.base, TRAIN.end
PLAY_FAERIE_AT, PLAY_FAERIE_END = PLAY_FAERIE.base, PLAY_FAERIE.end

# per place number, the id for that place (per line too, where a block has lines): a list of ids for sorted places
# is then picked in C (`ids_at`) instead of added up one by one
START_IDS = tuple(
    tuple(range(START_AT + line * START_STRIDE, START_AT + line * START_STRIDE + PLACES))
    for line in range(LINES)
)
BUILD_IDS = tuple(
    tuple(range(BUILD_AT + line * BUILD_STRIDE, BUILD_AT + line * BUILD_STRIDE + PLACES))
    for line in range(LINES)
)
FORTRESS_IDS = tuple(range(FORTRESS_AT, FORTRESS_END))
EXPLORE_IDS = tuple(range(EXPLORE_AT, EXPLORE_END))


def ids_at(ids: tuple[int, ...], places: list[int]) -> list[int]:
    """`[ids[place] for place in places]`."""
    if len(places) > 1:
        return list(itemgetter(*places)(ids))
    return [ids[place] for place in places]  # itemgetter of one index gives the item itself, of none it fails
