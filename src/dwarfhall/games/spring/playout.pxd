# C types for playout.py when compiled (scripts/build-compiled): the legal ids, the draw and the action are C calls
# (cimported), the counts C integers; the action stays the legal list's own int object (appended to the history as
# it is, not boxed anew).
cimport cython
from dwarfhall.core.rng cimport Rng as CRng  # another name: the .py imports Rng itself
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.legal cimport legal_action_ids
from dwarfhall.games.spring.flow cimport apply

cdef long OVER

@cython.locals(history=list, played=cython.Py_ssize_t, ids=list, action=object)
cpdef Py_ssize_t random_playout(SpringFields state, CRng rng, Py_ssize_t cap) except -1
