# C types for observation.py when compiled (scripts/build-compiled): the monsters' card range as C ints.
cimport cython

@cython.locals(first=Py_ssize_t, end=Py_ssize_t, deck=list, deck_monsters=list, pool=list)
cpdef resample(object state, object sample, object player, object rng)
