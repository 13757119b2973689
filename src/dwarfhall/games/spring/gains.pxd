# C types for gains.py when compiled (scripts/build-compiled): counts, amounts and indices are small ints.
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.tables cimport GameTables
from dwarfhall.games.spring.monsters cimport monster_in_play_caps

@cython.locals(limit=Py_ssize_t, hand=list, drawn=Py_ssize_t)
cpdef Py_ssize_t draw_faeries(SpringFields state, Py_ssize_t player, Py_ssize_t count)

@cython.locals(tables=GameTables, treasury=list, left=list, r=Py_ssize_t, by_taken=tuple, taken=Py_ssize_t,
               cap=object)
cpdef produce(SpringFields state, Py_ssize_t player)
