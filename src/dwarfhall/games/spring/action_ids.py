"""Spring's action ids: named blocks laid end to end (see docs/rules/spring.md, "Actions").

Map targets are place numbers, petal place x 7 + spot (a wildland is spot 0 of its petal), so an id means the
same map place whatever tiles were laid there.
"""

from __future__ import annotations

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
