# C types for dice.py when compiled (scripts/build-compiled): dice faces, counts and loop indices are small ints.
cimport cython

@cython.locals(i=cython.Py_ssize_t, face=cython.Py_ssize_t, c=list, spent=list)
cpdef tuple counts(object s)

@cython.locals(amount=tuple, total=cython.long)
cpdef long support_total(object s, long player, long ability) except? -1

cpdef long dice_to_roll(object s, long player) except? -1

@cython.locals(p=cython.long, n=cython.Py_ssize_t, rerolls=cython.long, dice=list, extra_die=tuple, reroll=tuple,
               i=cython.Py_ssize_t)
cpdef roll(object s)

@cython.locals(i=cython.Py_ssize_t)
cpdef reroll(object s, long face)

@cython.locals(dice=list, spent=list, i=cython.Py_ssize_t)
cpdef spend(object s, long face, long n)

cpdef make_wild(object s, long face)

@cython.locals(spent=list, i=cython.Py_ssize_t, f=cython.long)
cpdef Py_ssize_t _find(object s, long face) except -1
