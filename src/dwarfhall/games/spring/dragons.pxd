# C types for dragons.py when compiled (scripts/build-compiled): seats are small ints.
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.tables cimport GameTables

@cython.locals(tables=GameTables)
cpdef Py_ssize_t nest_limit(SpringFields state, Py_ssize_t player) except? -1
