"""Spring's action ids as plain ints for the hot paths (legal moves and the playing advice), read off the
action space of `kit.py`: block bounds and strides, and per place number the id for that place."""

from __future__ import annotations

from operator import itemgetter

from .kit import (
    ADD_BACKPACKS,
    BUILD,
    CHOOSE_RESOURCE,
    COMMAND,
    DRAGON_SPOT,
    EXPLORE,
    FORTRESS,
    LINES,
    MOVE_FROM,
    MOVE_TO,
    PICK_DWARF,
    PLACES,
    PLAY_FAERIE,
    QUEST,
    REMOVE_WEB,
    START_SETTLEMENT,
    SWAP_OTHER,
    SWAP_OWN,
    TRAIN,
    TRIM,
)

# block bounds and strides
START_AT, START_END, START_STRIDE = START_SETTLEMENT.base, START_SETTLEMENT.end, START_SETTLEMENT.strides[0]
BUILD_AT, BUILD_END, BUILD_STRIDE = BUILD.base, BUILD.end, BUILD.strides[0]
FORTRESS_AT, FORTRESS_END = FORTRESS.base, FORTRESS.end
EXPLORE_AT, EXPLORE_END = EXPLORE.base, EXPLORE.end
DRAGON_SPOT_AT, DRAGON_SPOT_END = DRAGON_SPOT.base, DRAGON_SPOT.end
QUEST_AT, QUEST_END, QUEST_STRIDE = QUEST.base, QUEST.end, QUEST.strides[0]
QUEST_TWO_AT = QUEST_AT + QUEST_STRIDE  # the second expedition spot's first id
TRAIN_AT, TRAIN_END = TRAIN.base, TRAIN.end
PLAY_FAERIE_AT, PLAY_FAERIE_END = PLAY_FAERIE.base, PLAY_FAERIE.end
# the steps inside a dwarf action
ADD_BACKPACKS_AT, ADD_BACKPACKS_END = ADD_BACKPACKS.base, ADD_BACKPACKS.end
COMMAND_AT, COMMAND_END = COMMAND.base, COMMAND.end
CHOOSE_RESOURCE_AT, CHOOSE_RESOURCE_END = CHOOSE_RESOURCE.base, CHOOSE_RESOURCE.end
TRIM_AT, TRIM_END = TRIM.base, TRIM.end
# a faerie's applications (the place blocks: one id per place number; picking a dwarf: owner x PLACES + place)
REMOVE_WEB_AT, REMOVE_WEB_END = REMOVE_WEB.base, REMOVE_WEB.end
MOVE_FROM_AT, MOVE_FROM_END = MOVE_FROM.base, MOVE_FROM.end
MOVE_TO_AT = MOVE_TO.base
SWAP_OWN_AT, SWAP_OWN_END = SWAP_OWN.base, SWAP_OWN.end
SWAP_OTHER_AT = SWAP_OTHER.base
PICK_DWARF_AT, PICK_DWARF_END, PICK_DWARF_STRIDE = PICK_DWARF.base, PICK_DWARF.end, PICK_DWARF.strides[0]

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


# compiled (this module is then an extension, not the .py), the comprehension is a C loop; in Python an itemgetter
# is faster
_BY_INDEX = not __file__.endswith((".py", ".pyc"))


def ids_at(ids: tuple[int, ...], places: list[int]) -> list[int]:
    """`[ids[place] for place in places]`."""
    if len(places) > 1 and not _BY_INDEX:
        return list(itemgetter(*places)(ids))
    return [ids[place] for place in places]  # itemgetter of one index gives the item itself, of none it fails
