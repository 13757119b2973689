# C types for layout.py when compiled (scripts/build-compiled): only `ids_at` (its module constants stay Python
# attributes, which other modules import).
cimport cython

cdef bint _BY_INDEX

@cython.locals(place=Py_ssize_t)
cpdef list ids_at(tuple ids, list places)
