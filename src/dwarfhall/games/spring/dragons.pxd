# C types for dragons.py when compiled (scripts/build-compiled): seats are small ints.
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields

cpdef object nest_limit(SpringFields state, Py_ssize_t player)
