# C types for quests.py when compiled (scripts/build-compiled): a requirement's numbers are small ints.
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.tables cimport GameTables
from dwarfhall.games.spring.targets cimport Targets

cdef bint _COMPILED

@cython.locals(treasury=list, tables=GameTables, resources=tuple, faerie_cards=Py_ssize_t,
               settlements=Py_ssize_t, line=Py_ssize_t, dragons=Py_ssize_t, level=Py_ssize_t,
               monsters=Py_ssize_t, fortress=bint)
cpdef bint meets(SpringFields state, Py_ssize_t player, tuple needs, Targets found=*)

@cython.locals(held=Py_ssize_t, card=Py_ssize_t, count=Py_ssize_t)
cpdef Py_ssize_t faerie_cards_held(GameTables tables, list hand)
