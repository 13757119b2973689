# C types for heuristic.py when compiled (scripts/build-compiled): counts, levels and amounts are small ints and
# the worths C doubles (the same IEEE sums, in the same order, as Python's floats).
cimport cython
from dwarfhall.games.spring.tables cimport GameTables

@cython.locals(icons=tuple, line_left=list, total=Py_ssize_t, r=Py_ssize_t, shown=tuple)
cpdef Py_ssize_t production(object state, Py_ssize_t player)

@cython.locals(tables=GameTables, costs=tuple, need=list, level=Py_ssize_t)
cpdef list training_left(object state, Py_ssize_t player)

@cython.locals(output=tuple, line_left=list, have=list, line=Py_ssize_t, left=Py_ssize_t, made=tuple,
               r=Py_ssize_t)
cpdef list supply(object state, Py_ssize_t player, Py_ssize_t eras_left)

@cython.locals(tables=GameTables, need=list, fortress_rate=double, worth=double, spare=Py_ssize_t,
               r=Py_ssize_t, amount=Py_ssize_t, used=Py_ssize_t, saved=Py_ssize_t, room=Py_ssize_t,
               eggs=Py_ssize_t, cost=Py_ssize_t)
cpdef double resource_worth(object state, Py_ssize_t player, list have, Py_ssize_t eras_left, bint fortress)

@cython.locals(tables=GameTables, deck=list, dragon_vp=tuple, line_left=list, levels=list, points=double,
               eras_left=Py_ssize_t, later=double, level=Py_ssize_t, left=Py_ssize_t)
cpdef double estimate(object state, Py_ssize_t player, bint flat=*)
