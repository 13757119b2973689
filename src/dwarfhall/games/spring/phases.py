"""Constants shared by the state and the rules: the phases, the empty marker, the resources, the turn stages and
the kinds of pending decision."""

PLACING = 0  # the starting settlements, in snake order
ACTIONS = 1  # the action phase of an era
OVER = 2

NO_ONE = -1  # no card, no player, no location
RESOURCES = 3  # wood, food, gold: indices into a treasury
RESOURCE_KEYS = ("wood", "food", "gold")  # by index, as the data files name them
RESOURCE_INDEX = {key: index for index, key in enumerate(RESOURCE_KEYS)}

BEFORE = 0  # a turn's stage: free actions or the dwarf action
AFTER = 1  # the dwarf action is done: free actions or the end of the turn

# the decisions pending inside a dwarf action: [what, ...details]
WILD_CHOICE = 0  # [WILD_CHOICE, location]: fight, gather or leave after entering a wildland
BACKPACKS = 1  # [BACKPACKS, location]: how many backpack successes to add to a gathering
COMMANDING = 2  # [COMMANDING, commanded so far]: the next dragon to exhaust, or done
RESOURCE = 3  # [RESOURCE, how many]: choose a resource, that many times
TRIMMING = 4  # [TRIMMING]: remove a card of the heroes deck, or not
FAERIE = 5  # [FAERIE, card, applications left]: start an application of a played faerie card, or skip the rest
MOVING = 6  # [MOVING, steps left, where the dwarf stands]: the next step of a Wayfinder's dwarf
SWAPPING_SETTLEMENT = 7  # [SWAPPING_SETTLEMENT, own settlement's location]: the other player's settlement
SWAPPING_DWARF = 8  # [SWAPPING_DWARF, owner, location]: the second dwarf of a swap
FAERIE_STEPS = (FAERIE, MOVING, SWAPPING_SETTLEMENT, SWAPPING_DWARF)  # the decisions a faerie card opens
REVEALED = 9  # [REVEALED, location, axes]: a fight's reveal fell short; free actions may still win it (R10)
# the decisions of a dwarf action at which free actions may be taken too (R10); a faerie card's applications and
# the choice of a resource are parts of one effect and resolve whole
FREE_BETWEEN = frozenset([WILD_CHOICE, BACKPACKS, COMMANDING, TRIMMING, REVEALED])
