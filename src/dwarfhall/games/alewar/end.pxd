# C types for end.py when compiled (scripts/build-compiled): finish is called from C by the other rules modules.
cdef int OVER

cpdef finish(object state, int winner)
