# C types for payments.py when compiled (scripts/build-compiled): a payment's parts are small ints.
cpdef long naturals(long cost_kind, long cost_count, long value, long axes, long wilds) except? -1
