# C types for combat.py when compiled (scripts/build-compiled): squares, occupancy codes, modifiers, armor and dice
# are small ints; the state stays a Python object.
cimport cython
from dwarfhall.games.alewar.end cimport finish

cdef tuple NEIGHBOURS
cdef int HILL, TREE, DWARVES, GOBLINS, EMPTY, FIRST_BARREL, FIRST_GOBLIN, OUT

@cython.locals(modifier=cython.int, n=cython.int, code=cython.int)
cpdef int attack_modifier(int attacker_sq, int target_sq, int side, object occ, object terrain,
                         int vacated=*) except? -99

@cython.locals(needed=cython.int)
cpdef int hitting_faces(int armor, int modifier, object rule) except? -1

@cython.locals(total=cython.int)
cpdef bint is_hit(int die, int modifier, int armor, object rule) except? -1

@cython.locals(occ=list, n=cython.int)
cpdef list targets(object state, int unit)

@cython.locals(n=cython.int, code=cython.int)
cpdef bint target_next_to(list occ, int sq, bint dwarf) except? -1

@cython.locals(attacker=cython.int, occ=list, code=cython.int, side=cython.int, modifier=cython.int, armor=cython.int,
               die=cython.int, hit=cython.bint, barrels=list, pos=list, u=cython.int)
cpdef attack(object state, int target_sq)
