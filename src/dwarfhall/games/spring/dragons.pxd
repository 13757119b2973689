# C types for dragons.py when compiled (scripts/build-compiled): seats are small ints.
cimport cython

cpdef object nest_limit(object state, Py_ssize_t player)
