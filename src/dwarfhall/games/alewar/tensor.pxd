# C types for tensor.py when compiled (scripts/build-compiled): the fillers that loop write through a typed float32
# view of their slice (Ale War's state is a Python class, so its fields are still read by name, once per filler).
cimport cython
from dwarfhall.core.tensors cimport fraction

cdef long RESERVE, OUT
cdef Py_ssize_t _SQUARES, _UNIT_WIDTH, _ROLLS, _ENTRY

@cython.locals(unit=Py_ssize_t, sq=long, at=Py_ssize_t)
cpdef _units(object pos, long moved, tuple movement, tuple armor, float[::1] out)

@cython.locals(i=Py_ssize_t, a=object, b=object)
cpdef _pairs(object rolls, float[::1] out)

@cython.locals(i=Py_ssize_t, at=Py_ssize_t, seat=long, code=object, sq=long, rolls=object, a=object, b=object)
cpdef _terrain_log(object s, object viewer, float[::1] out)

@cython.locals(i=Py_ssize_t, entry=object)
cpdef _terrain_rolls(object s, object viewer, float[::1] out)

cpdef _roll_off(object s, object viewer, float[::1] out)
