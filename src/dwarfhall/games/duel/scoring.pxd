# C types for scoring.py when compiled (scripts/build-compiled): victory points are small ints.
cimport cython
from dwarfhall.games.duel.statefields cimport DuelFields

@cython.locals(points=tuple, total=cython.long)
cpdef long vp(DuelFields s, long player) except? -1

@cython.locals(a=cython.long, b=cython.long)
cpdef long winner(DuelFields s) except? -2
