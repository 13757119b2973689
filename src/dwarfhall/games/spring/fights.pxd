# C types for fights.py when compiled (scripts/build-compiled): seats, locations, counts and card kinds are small
# ints; the generator is the core's extension type, so a reveal's draws are C calls.
cimport cython
from dwarfhall.core.rng cimport Rng as CRng  # another name: the .py reads it off the state
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.tables cimport GameTables

@cython.locals(count=Py_ssize_t, fortress=Py_ssize_t, owner_at=list, spot=Py_ssize_t)
cpdef Py_ssize_t reveal_count(SpringFields state, Py_ssize_t player, Py_ssize_t wildland)

@cython.locals(tables=GameTables, held=list, deck=list, size=Py_ssize_t, take=Py_ssize_t, axes=Py_ssize_t,
               packs=Py_ssize_t, rng=CRng, card_axes=tuple, card_backpacks=tuple, i=Py_ssize_t, j=Py_ssize_t,
               card=object)
cpdef tuple reveal(SpringFields state, Py_ssize_t player, Py_ssize_t count)
