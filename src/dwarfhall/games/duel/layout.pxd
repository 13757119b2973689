# C types for layout.py when compiled (scripts/build-compiled): a payment's code in C integers (payments.py
# enumerates the payments of every new dice roll through pay_code), and a card set's Layout as an extension type
# whose offsets the rules read as C fields (the .py keeps its __slots__ for pure Python).
cdef long _AXE_STEP, _WILD_STEP

cpdef long pay_code(long value, long axes, long wilds) except? -1

cdef class Layout:
    cdef readonly long banish_base, damage_base, depth, first_throw_src, kinds, recover_base, sources, targets, throws
    cdef readonly object space

    cpdef long play(self, long kind, long pay)
    cpdef long banish(self, long kind, long damage)
    cpdef long recover(self, long kind)
    cpdef long damage(self, long src, long target)
    cpdef long card_target(self, long kind, long damage)
    cpdef tuple target_parts(self, long target)
