# C types for zones.py when compiled (scripts/build-compiled): determinize's re-deal with C counters and a
# direct call of the generator's shuffle.
cimport cython
from dwarfhall.core.rng cimport Rng as CRng  # another name: the .py imports Rng itself
from dwarfhall.core.tensors cimport fraction

@cython.locals(contents=list, pools=list, pool=list, sorted_pool=list, takes=list, pos=cython.Py_ssize_t, at=cython.Py_ssize_t,
               n=cython.Py_ssize_t, chunk=list, new=list, kind=cython.Py_ssize_t, entries=tuple,
               i=cython.Py_ssize_t, kept=tuple)
cpdef redeal(tuple plans, Py_ssize_t kinds, object state, CRng rng, list last, Py_ssize_t viewer)

@cython.locals(out=list, at=cython.Py_ssize_t, pool=list, takes=list, start=cython.Py_ssize_t,
               seen=list, kind=cython.Py_ssize_t, unseen=cython.Py_ssize_t, entries=tuple)
cpdef list _sorted_pools(tuple plans, list contents)

# the zones' tensor: one call writes every zone's segment with C stores into a typed view of their slice
cdef Py_ssize_t _EVERYONE, _NOBODY
cdef bint _BY_INDEX

@cython.locals(attr=str, owner=Py_ssize_t, at=Py_ssize_t, end=Py_ssize_t, high=double, bounded=bint, number=double,
               counts=bint, seen_by=Py_ssize_t, known=object, width=Py_ssize_t, held=object, value=object,
               kind=Py_ssize_t)
cpdef fill_zones(tuple counters, tuple cards, object state, object viewer, float[::1] out)

@cython.locals(size=long, kind=Py_ssize_t, n=long, held=list, item=object, zero=object)
cdef long _counts(object value, float[::1] out, Py_ssize_t at) except? -1

@cython.locals(size=long, kind=Py_ssize_t, n=long, held=list, item=object, zero=object)
cdef long _total(object value) except? -1
