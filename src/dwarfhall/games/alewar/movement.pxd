# C types for movement.py when compiled (scripts/build-compiled): bitboards of the 36 squares are unsigned 64-bit
# integers (shifts and masks as in Python, never above bit 41), squares, units and steps small ints.
cimport cython
from dwarfhall.games.alewar.combat cimport target_next_to
from dwarfhall.games.alewar.turns cimport end_turn

cdef unsigned long long ONE, FULL, NOT_COLUMN_A, NOT_COLUMN_F
cdef int SIZE, SQUARES, UNITS, FIRST_GOBLIN, DWARVES, GOBLINS, EMPTY, ATTACK
cdef tuple _ROW_IDS

@cython.locals(friends=cython.ulonglong, enemies=cython.ulonglong, barrels=cython.ulonglong,
               blocked=cython.ulonglong, passable=cython.ulonglong, free=cython.ulonglong,
               unit=cython.int, sq=cython.int, pos=list)
cpdef (unsigned long long, unsigned long long) movement_bits(object state, int side)

@cython.locals(ids=list, side=cython.int, passable=cython.ulonglong, free=cython.ulonglong, movement=tuple,
               pos=list, unit=cython.int, start=cython.int, reached=cython.ulonglong, frontier=cython.ulonglong,
               _=cython.int, bits=cython.ulonglong, first=cython.int, rows=tuple, row=cython.int,
               row_ids=tuple)
cpdef list move_ids(object state)

@cython.locals(pos=list, occ=list, start=cython.int)
cpdef move(object state, int unit, int dest)
