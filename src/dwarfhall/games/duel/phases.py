"""Phases of a turn and the response-window frames (constants shared by every rules module)."""

from __future__ import annotations

# phases of the active player's turn
DRAW = 0  # decide whether to draw the extra cards (only with Ancient Knowledge / Informant in display)
PREROLL = 1  # the decision point before rolling (Andôkai's Power / Surround adds dice to this roll)
REROLL = 2  # re-roll dice with Rodario's Trickery / Cunning Leader, or keep them
CARD = 3  # play cards, use Allies, end the turn
EFFECT = 4  # an Event played this moment awaits its target
ENDING = 5  # the turn is over once the last response window closes
OVER = 6
PHASE_NAMES = ("draw", "pre_roll", "reroll", "card", "effect", "ending", "over")

# window frames on `stack`: (owner, kind, slot, source kind)
RESPONSE = 0  # the owner may play Twists of Fate, then passes; slot = ANSWERS_*, source = the card answered
CANCEL = 1  # a point of damage aimed at the owner's draw pile (slot -1) or display card (slot >= 0)
PILE = -1
GONE = -2  # the card a pending point was aimed at has left the display; the point does nothing

# what a response window answers (its slot), the card concerned in its source field
ANSWERS_UNKNOWN = 0  # a window from a scenario or a save that does not say
ANSWERS_ROLL = 1  # the active player's dice are final
ANSWERS_END = 2  # the active player ended the turn
ANSWERS_CARD = 3  # the other player played (or finished) the card in the source field
ANSWER_NAMES = ("unknown", "roll", "end", "card")
# a response window opened by the play of an any-die Ally (the Dwarf King / Bislipur) keeps that Ally's kind in
# its slot above the answer code, (kind + 1) << FRESH_SHIFT, even once it answers a later Twist: a damage Twist
# played in it may hit that Ally past a guard (rulebook note on Throwing Axe / Dagger)
ANSWER_MASK = 7
FRESH_SHIFT = 3

Frame = tuple[int, int, int, int]
