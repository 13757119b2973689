# C types for tensor.py when compiled (scripts/build-compiled): one filler writes every segment through a typed float32
# view of their slice, its helpers called in C (Ale War's state is a Python class, so its fields are still read by
# name, each once).
cimport cython
from dwarfhall.core.tensors cimport fraction
from dwarfhall.games.alewar.board cimport on_board, squares_with

cdef long RESERVE, OUT, PLACE_UNITS, OVER, DWARVES, GOBLINS, DRAW
cdef Py_ssize_t _SQUARES, _UNIT_WIDTH, _ROLLS, _ENTRY, _PHASES, _UNITS, _BARRELS, _ATTACK

@cython.locals(phase=long, at=Py_ssize_t, seat=long, barrels=object, i=Py_ssize_t, sq=long, left=object,
               kind=Py_ssize_t, n=long, winner=long, last=object)
cpdef _fill(Py_ssize_t pieces, tuple counts, tuple movement, tuple armor, tuple rules, object s, object viewer,
            float[::1] out)

@cython.locals(unit=Py_ssize_t, sq=long)
cpdef Py_ssize_t _units(object pos, long moved, tuple movement, tuple armor, float[::1] out, Py_ssize_t at) except -1

@cython.locals(last=tuple, encoded=float[::1], end=Py_ssize_t)
cpdef Py_ssize_t _terrain_log(object log, Py_ssize_t pieces, float[::1] out, Py_ssize_t at) except -1

@cython.locals(counts_at=Py_ssize_t, i=Py_ssize_t, seat=Py_ssize_t, code=object, sq=Py_ssize_t, rolls=object,
               here=Py_ssize_t, a=object, b=object)
cpdef _encode_log(object log, Py_ssize_t pieces, float[::1] out, Py_ssize_t at)

@cython.locals(here=Py_ssize_t, a=object, b=object)
cpdef Py_ssize_t _pairs(object rolls, float[::1] out, Py_ssize_t at) except -1

@cython.locals(here=Py_ssize_t)
cpdef _last_attack(object last, float[::1] out, Py_ssize_t at)

cpdef list dwarf_squares(object s)
cpdef list goblin_squares(object s)
cpdef list barrel_squares(object s)
cpdef list tree_squares(object s)
cpdef list hill_squares(object s)
cpdef list lake_squares(object s)
