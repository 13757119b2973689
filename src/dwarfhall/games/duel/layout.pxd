# C types for layout.py when compiled (scripts/build-compiled): a payment's code in C integers (payments.py
# enumerates the payments of every new dice roll through pay_code).
cdef long _AXE_STEP, _WILD_STEP

cpdef long pay_code(long value, long axes, long wilds) except? -1
