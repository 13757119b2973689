"""Constants shared by the state and the rules: the phases and the empty marker."""

PLACING = 0  # the starting settlements, in snake order
ACTIONS = 1  # the action phase of an era
OVER = 2

NO_ONE = -1  # no card, no player, no location
RESOURCES = 3  # wood, food, gold: indices into a treasury
