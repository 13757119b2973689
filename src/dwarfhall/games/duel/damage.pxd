# C types for damage.py when compiled (scripts/build-compiled): loop indices and target codes are small ints.
cimport cython

@cython.locals(victim=cython.Py_ssize_t, i=cython.Py_ssize_t, found=list)
cpdef list targets(object s, object dealer)
