# C types for rng.py when compiled (scripts/build-compiled): SplitMix64 in exact unsigned 64-bit arithmetic,
# which wraps as `& _MASK` does in Python; every product with a bound `n` stays a Python int, so `* n >> 64`
# is exact for any n.
cimport cython

cdef unsigned long long _MASK, _GOLDEN, _MIX1, _MIX2, _CHUNK_MASK
cdef int _CHUNK

cdef class Rng:
    cdef public unsigned long long state

    @cython.locals(s=cython.ulonglong)
    cpdef object next_u64(self)

    @cython.locals(s=cython.ulonglong)
    cpdef object below(self, object n)

    cpdef object randint(self, object low, object high)

    cpdef object die(self, object sides=*)

    @cython.locals(s=cython.ulonglong)
    cpdef double random(self)

    @cython.locals(s=cython.ulonglong, n=object)
    cpdef object choice(self, object seq)

    @cython.locals(s=cython.ulonglong, z=cython.ulonglong, i=object, j=object)
    cpdef shuffle(self, object items)

    # a list's items are swapped directly (a list typed as object went through generic item access)
    @cython.locals(s=cython.ulonglong, z=cython.ulonglong, word=cython.ulonglong, bits=cython.int,
                   i=cython.Py_ssize_t, j=cython.Py_ssize_t)
    cpdef shuffle_quick(self, list items)

    cpdef Rng spawn(self)

    cpdef Rng clone(self)
