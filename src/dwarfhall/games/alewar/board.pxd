# C types for board.py when compiled (scripts/build-compiled): bitboards of the 36 squares are unsigned 64-bit
# integers; only private names are typed, so that the public constants stay Python attributes of the module.
cimport cython

cdef unsigned long long _SIZE, _FULL, _NOT_COLUMN_A, _NOT_COLUMN_F

cpdef unsigned long long spread(unsigned long long bits)

@cython.locals(open_bits=cython.ulonglong, reached=cython.ulonglong, grown=cython.ulonglong)
cpdef bint lakes_leave_board_connected(unsigned long long lakes) except? -1

@cython.locals(sq=Py_ssize_t, k=long)
cpdef list squares_with(object terrain, long kind)

@cython.locals(sq=long)
cpdef list on_board(object squares, Py_ssize_t start, Py_ssize_t stop)
