# C types for payments.py when compiled (scripts/build-compiled): a payment's parts are small ints, and the
# enumeration of a cost's payments runs in C (pay_code is a C call). AXE, MAX_AXES, MAX_WILDS, COST_FREE and
# COST_SINGLE are names this module imports for itself (typed, they are not attributes of it).
cimport cython
from dwarfhall.games.duel.layout cimport pay_code

cdef long AXE, MAX_AXES, MAX_WILDS, COST_FREE, COST_SINGLE

@cython.locals(axes=cython.long, found=list, value=cython.long, natural=cython.long)
cpdef tuple payments(long cost_kind, long cost_value, long need, tuple counts, long wilds)

@cython.locals(used_axes=cython.long)
cpdef _fill(list found, long value, long rest, long axes, long wilds)

cpdef long naturals(long cost_kind, long cost_count, long value, long axes, long wilds) except? -1
