# C types for heuristic.py when compiled (scripts/build-compiled): squares, counts and hit faces are small ints, the
# score a C double (the same IEEE operations in the same order as in Python), the combat arithmetic called in C.
cimport cython
from dwarfhall.games.alewar.board cimport spread
from dwarfhall.games.alewar.combat cimport attack_modifier, hitting_faces, targets

cdef tuple NEIGHBOURS
cdef int SIZE, SQUARES, TREE, LAKE, DWARVES, FIRST_BARREL, FIRST_GOBLIN, GOBLINS, OUT
cdef long ATTACK_ID, MOVE_ID, NO_ATTACK, PASS
cdef unsigned long long ONE
cdef double W_BARREL, W_DWARF, W_GOBLIN, W_THREAT, W_APPROACH, W_GUARD, W_OPEN, MOVER_FACTOR, WAITING_FACTOR

@cython.locals(pos=list, barrels=list, movement=tuple, armor=tuple, dwarves_standing=cython.int,
               dwarves_out=cython.int, goblins_out=cython.int, barrels_out=cython.int, barrels_standing=cython.int,
               u=cython.int, sq=cython.int, b=cython.int, d=cython.int, dsq=cython.int, score=cython.double,
               dwarf_factor=cython.double, goblin_factor=cython.double, barrel_armor=cython.int, best=cython.int,
               nearest=cython.int, gap=cython.int, faces=cython.int, guards=cython.int,
               sides=cython.int, n=cython.int, open_mask=cython.ulonglong)
cpdef double dwarf_score(object state) except? -1e300

@cython.locals(occ=list, code=cython.int, side=cython.int, armor=cython.int, modifier=cython.int)
cpdef int _faces_from(object state, int unit, int from_sq, int target_sq) except? -1

@cython.locals(occ=list, pos=list, legal=tuple, armor=tuple, barrel_armor=cython.int, side=cython.int, options=list,
               top=cython.int, aims=cython.ulonglong, strike=cython.ulonglong, b=cython.int, d=cython.int, sq=cython.int,
               action=cython.long, offset=cython.long, unit=cython.int, dest=cython.int, n=cython.int,
               code=cython.int, wanted=cython.bint, m=cython.int, modifier=cython.int, faces=cython.int, f=cython.int)
cpdef object _move_to_strike(object state, object rng)

@cython.locals(unit=cython.int, occ=list, start=cython.int, best=list, best_key=cython.int, target=cython.int,
               faces=cython.int, key=cython.int)
cpdef long _best_attack(object state, object rng) except? -1
