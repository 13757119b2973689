# C types for flow.py when compiled (scripts/build-compiled): action ids and phases are small ints, and the rules
# functions it dispatches to are called in C.
cimport cython
from dwarfhall.games.alewar.combat cimport attack, targets
from dwarfhall.games.alewar.movement cimport move, move_ids
from dwarfhall.games.alewar.reinforcement cimport bring_back
from dwarfhall.games.alewar.setup cimport barrel_ids, place_barrel, place_unit, place_unit_ids
from dwarfhall.games.alewar.turns cimport end_turn

cdef int SIZE, SQUARES
cdef long ATTACK_ID, CHOOSE_DWARVES, CHOOSE_GOBLINS, MOVE_ID, NO_ATTACK, NO_REINFORCEMENT, PASS, PICK_TERRAIN
cdef long PLACE_BARREL, PLACE_UNIT, REINFORCE_ID
cdef int ATTACK, MOVE, OVER, PLACE_BARRELS, PLACE_UNITS, REINFORCE, SIDES, TERRAIN

@cython.locals(phase=cython.int, t=cython.long)
cpdef list legal_ids(object state)

@cython.locals(offset=cython.long)
cpdef apply(object state, long action_id)
