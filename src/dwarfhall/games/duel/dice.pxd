# C types for dice.py when compiled (scripts/build-compiled): dice faces, counts and loop indices are small ints.
cimport cython
from dwarfhall.core.rng cimport Rng
from dwarfhall.games.duel.statefields cimport DuelFields
from dwarfhall.games.duel.tables cimport Tables as CTables  # another name: the .py imports Tables itself

# the names this module imports from the constant modules, as C integers (they are compared with C ints)
cdef long AXE, A_EXTRA_DIE, A_REROLL

@cython.locals(i=cython.Py_ssize_t, face=cython.Py_ssize_t, c=list, spent=list)
cpdef tuple counts(DuelFields s)

@cython.locals(amount=tuple, total=cython.long, k=cython.Py_ssize_t)
cpdef long support_total(DuelFields s, long player, long ability) except? -1

cpdef long dice_to_roll(DuelFields s, long player) except? -1

@cython.locals(t=CTables, p=cython.long, n=cython.Py_ssize_t, rerolls=cython.long, dice=list, rng=Rng, extra_die=tuple, reroll=tuple,
               i=cython.Py_ssize_t, k=cython.Py_ssize_t, more=cython.long, again=cython.long)
cpdef roll(DuelFields s)

@cython.locals(i=cython.Py_ssize_t)
cpdef reroll(DuelFields s, long face)

@cython.locals(dice=list, spent=list, i=cython.Py_ssize_t)
cpdef spend(DuelFields s, long face, long n)

cpdef make_wild(DuelFields s, long face)

@cython.locals(spent=list, i=cython.Py_ssize_t, f=cython.long)
cpdef Py_ssize_t _find(DuelFields s, long face) except -1
