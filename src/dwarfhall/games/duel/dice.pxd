# C types for dice.py when compiled (scripts/build-compiled): dice faces, counts and loop indices are small ints.
cimport cython

@cython.locals(i=cython.Py_ssize_t, face=cython.Py_ssize_t, c=list)
cpdef tuple counts(object s)

@cython.locals(n=cython.Py_ssize_t, rerolls=cython.long, dice=list)
cpdef roll(object s)
