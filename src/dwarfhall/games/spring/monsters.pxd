# C types for monsters.py when compiled (scripts/build-compiled).
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields

@cython.locals(caps=tuple, card=Py_ssize_t)
cpdef bint monster_in_play_caps(SpringFields state, object spot_kind)

cdef Py_ssize_t NO_ONE  # read from phases.py as a C int (no module imports it from here)

@cython.locals(index=Py_ssize_t, occupied=list, web_at=list, owner_at=list, placed=Py_ssize_t, blocked=list,
               i=Py_ssize_t, w=Py_ssize_t)
cpdef spawn(SpringFields state, Py_ssize_t card)
