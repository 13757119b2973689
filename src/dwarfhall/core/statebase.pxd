# C types for statebase.py when compiled (scripts/build-compiled): every state's core fields live in the C
# struct of an extension type, which compiled rules and batch loops read directly (a game's C subclass adds its own).
from dwarfhall.core.rng cimport Rng as CRng  # another name: the .py imports Rng itself

cdef class StateFields:
    cdef public object _legal
    cdef public object game
    cdef public list history
    cdef public CRng rng
    cdef public object seed
    cdef public object start
