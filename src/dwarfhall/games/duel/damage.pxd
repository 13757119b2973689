# C types for damage.py when compiled (scripts/build-compiled): loop indices, slots and target codes are small ints.
cimport cython
from dwarfhall.games.duel.statefields cimport DuelFields
from dwarfhall.games.duel.tables cimport Tables as CTables  # another name: the .py imports Tables itself

# the names this module imports from the constant modules, as C integers (they are compared with C ints)
cdef long CANCEL, FRESH_SHIFT, GONE, OVER, PILE, RESPONSE, NO_CREDIT

cdef bint _BY_INDEX

@cython.locals(t=CTables, victim=cython.Py_ssize_t, i=cython.Py_ssize_t, found=list, kinds=list, dmg=list, code=tuple,
               guard_kinds=frozenset,
               base=cython.long, k=cython.Py_ssize_t, target=cython.long, j=cython.Py_ssize_t)
cpdef list targets(DuelFields s, long dealer)

@cython.locals(kinds=list, dmg=list, i=cython.Py_ssize_t)
cpdef Py_ssize_t slot_of(DuelFields s, long player, long kind, long damage) except -1

@cython.locals(t=CTables, rank=tuple, best=cython.long, r=cython.long, k=cython.Py_ssize_t)
cpdef long credited_ally(DuelFields s, long player, long face) except? -2

@cython.locals(victim=cython.long, slot=cython.long, kind=cython.long, damage=cython.long)
cpdef declare(DuelFields s, long dealer, long target, long source_kind)

@cython.locals(pile=list, dmg=list)
cpdef land(DuelFields s, long victim, long slot)

@cython.locals(kind=cython.long, stack=list, i=cython.Py_ssize_t)
cpdef remove_from_display(DuelFields s, long player, long slot)

cpdef end_game(DuelFields s, object reason)
