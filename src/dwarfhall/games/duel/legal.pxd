# C types for legal.py when compiled (scripts/build-compiled): the play table's key, bit masks and loop indices
# are small ints (the key packs at most 6 dice in 3 bits each above 2 bits of Wild Cards).
cimport cython

@cython.locals(p=cython.Py_ssize_t, wilds=cython.long, key=cython.long, i=cython.Py_ssize_t,
               face=cython.Py_ssize_t, mask=cython.long, src_bits=cython.long, ids=list)
cpdef list card_ids(object s)
