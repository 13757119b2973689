# C types for monsters.py when compiled (scripts/build-compiled).
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields

@cython.locals(caps=tuple, card=Py_ssize_t)
cpdef bint monster_in_play_caps(SpringFields state, object spot_kind)
