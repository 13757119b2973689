# C types for faeries.py when compiled (scripts/build-compiled): seats, cards and counts are small ints.
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.tables cimport GameTables
from dwarfhall.games.spring.targets cimport targets_of

@cython.locals(tables=GameTables, what=object, dwarfs=list, owners=Py_ssize_t, locations=list)
cpdef bint playable(SpringFields state, Py_ssize_t player, Py_ssize_t card)
