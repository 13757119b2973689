# C types for playout.py when compiled (scripts/build-compiled): the pick and the action are C calls
# (cimported), the counts C integers.
cimport cython
from dwarfhall.core.rng cimport Rng as CRng  # another name: the .py imports Rng itself
from dwarfhall.games.duel.statefields cimport DuelFields
from dwarfhall.games.duel.legal cimport random_id
from dwarfhall.games.duel.flow cimport apply

@cython.locals(history=list, played=cython.Py_ssize_t, action=cython.long)
cpdef Py_ssize_t random_playout(DuelFields s, CRng rng, Py_ssize_t cap) except -1
