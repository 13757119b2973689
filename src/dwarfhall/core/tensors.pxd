# C types for tensors.py when compiled (scripts/build-compiled): the helpers the games' fillers call in C.
cimport cython

cpdef double fraction(double count, double scale)

@cython.locals(i=Py_ssize_t, n=long)
cpdef codes(object values, float[::1] out)

@cython.locals(part=tuple)
cpdef _fill(tuple views, object state, object viewer)

@cython.locals(mask=bytearray, k=Py_ssize_t)
cpdef legal_mask(object ids, Py_ssize_t size)
