# C types for rng.py when compiled (scripts/build-compiled): SplitMix64 in exact unsigned 64-bit arithmetic,
# which wraps as `& _MASK` does in Python; the product of a draw with a bound, `x * n >> 64`, is taken in unsigned
# 128-bit C arithmetic (exact for bounds below 2**63; `below` takes larger ones as Python ints, exact for any n).
cimport cython

# an unsigned 128-bit integer (gcc's), for the exact product of a 64-bit draw and a bound; Cython is told it is an
# integer type, the C code declares it with its real width
cdef extern from *:
    """
    typedef unsigned __int128 dwarfhall_u128;
    """
    ctypedef unsigned long long u128 "dwarfhall_u128"

cdef unsigned long long _MASK, _GOLDEN, _MIX1, _MIX2, _CHUNK_MASK
cdef int _CHUNK

cdef class Rng:
    cdef public unsigned long long state

    @cython.locals(s=cython.ulonglong)
    cpdef object next_u64(self)

    @cython.locals(s=cython.ulonglong, x=u128, bound=cython.longlong, scaled=cython.ulonglong)
    cpdef object below(self, object n)

    cpdef object randint(self, object low, object high)

    cpdef object die(self, object sides=*)

    @cython.locals(s=cython.ulonglong)
    cpdef double random(self)

    @cython.locals(s=cython.ulonglong, n=cython.Py_ssize_t, x=u128, i=cython.Py_ssize_t)
    cpdef object choice(self, object seq)

    @cython.locals(s=cython.ulonglong, z=u128, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
    cpdef shuffle(self, object items)

    # a list's items are swapped directly (a list typed as object went through generic item access)
    @cython.locals(s=cython.ulonglong, z=cython.ulonglong, word=cython.ulonglong, bits=cython.int,
                   i=cython.Py_ssize_t, j=cython.Py_ssize_t)
    cpdef shuffle_quick(self, list items)

    cpdef Rng spawn(self)

    cpdef Rng clone(self)
