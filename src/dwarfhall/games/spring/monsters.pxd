# C types for monsters.py when compiled (scripts/build-compiled).
cimport cython

@cython.locals(caps=tuple, card=Py_ssize_t)
cpdef bint monster_in_play_caps(object state, object spot_kind)
