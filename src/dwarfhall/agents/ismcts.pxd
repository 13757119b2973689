# C types for ismcts.py when compiled (scripts/build-compiled): the tree's nodes keep their counts and sums in a
# C struct, and the walk down the tree, UCB and the backing up run in C. `libc.math` beside the .py's `import math`
# makes `math.log` and `math.sqrt` the C library's functions, which Python's math module calls as well.
cimport cython
from libc cimport math
from dwarfhall.core.rng cimport Rng as CRng  # another name: the .py imports Rng itself

cdef class _Node:
    cdef public long long avail
    cdef public dict children
    cdef public dict outcomes
    cdef public Py_ssize_t player
    cdef public double total
    cdef public long long visits

@cython.locals(timed=cython.bint, every=cython.longlong, done=cython.longlong, now=cython.double, left=cython.double)
cpdef long long _search(_Node root, object sample, object advice, object guide, tuple args, double limit,
                        object clock, double start, double deadline, bint settle) except -1

@cython.locals(node=_Node, child=_Node, best_child=_Node, visited=_Node, path=list, legal=tuple, children=dict,
               untried=list, expanded=cython.bint, expanding=cython.bint, at_root=cython.bint, biased=cython.bint,
               score=cython.double, best_score=cython.double, values=list)
cpdef _iteration(_Node root, object state, object advice, object guide, CRng rng, double c, double bias,
                 dict prior, bint guided, Py_ssize_t depth, bint seen, object first)

@cython.locals(outcomes=dict, node=_Node)
cpdef _Node _after(_Node child, object state, object action)

@cython.locals(child=_Node)
cpdef object _most_visited(_Node root, tuple legal)

@cython.locals(legal=tuple)
cpdef list _playout(object state, object advice, CRng rng, bint guided, Py_ssize_t depth)

@cython.locals(child=_Node, first=cython.longlong, second=cython.longlong)
cpdef bint _settled(_Node root, double left) except -1
