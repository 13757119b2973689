# C types for heuristic.py when compiled (scripts/build-compiled): the state is the Duel's C fields and counts
# are C ints; every float stays a Python float (the same rounding, operation by operation, as pure Python).
cimport cython
from dwarfhall.games.duel.statefields cimport DuelFields
from dwarfhall.games.duel.tables cimport Tables as CTables  # another name: the .py imports Tables itself
from dwarfhall.games.duel.dice cimport counts, support_total
from dwarfhall.games.duel.payments cimport naturals

cpdef object rounds_left(DuelFields s)

cpdef object _rounds(long pile, DuelFields s, long p)

@cython.locals(t=CTables, mask=cython.long, points=cython.long, c=tuple, face=cython.long)
cpdef long damage_points(DuelFields s, long player) except? -1

@cython.locals(t=CTables, piles=list, extra=list, victims_turn=cython.long, p=cython.long, points=cython.long)
cpdef object score(DuelFields s)

@cython.locals(p=cython.long, phase=cython.long)
cpdef object _turn_resources(DuelFields s, object future)

cpdef long _vp_lead(DuelFields s, long player) except? -999999

cpdef tuple _source(long a, DuelFields s)

@cython.locals(base=cython.long)
cpdef list _damage_ids(DuelFields s, object legal)
