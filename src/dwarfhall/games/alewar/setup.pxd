# C types for setup.py when compiled (scripts/build-compiled): squares, units and ids are small ints; placing
# the last barrel starts the first turn in C.
cimport cython
from dwarfhall.games.alewar.turns cimport start_turn

cdef tuple SETUP_SQUARES
cdef int LAKE, SQUARES, DWARVES, EMPTY, FIRST_BARREL, FIRST_GOBLIN, GOBLINS, RESERVE, UNITS
cdef long PLACE_UNIT_ID, PLACE_BARREL_ID

@cython.locals(occ=list, pos=list, side=cython.int, free=list, ids=list, first=cython.int, unit=cython.int,
               base=cython.long, s=cython.int)
cpdef list place_unit_ids(object state)

@cython.locals(pos=list, placed=cython.int)
cpdef place_unit(object state, int unit, int sq)

@cython.locals(occ=list, s=cython.int)
cpdef list barrel_ids(object state)

@cython.locals(barrels=list, barrel=cython.int)
cpdef place_barrel(object state, int sq)
