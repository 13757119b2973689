# C types for reinforcement.py when compiled (scripts/build-compiled): squares and codes are small ints.
cimport cython

cdef tuple REINFORCEMENT_SQUARES
cdef int LAKE, EMPTY, FIRST_GOBLIN, OUT

@cython.locals(pos=list, occ=list, s=cython.int)
cpdef bint may_reinforce(object state) except? -1

@cython.locals(unit=cython.int)
cpdef bring_back(object state, int slot, int sq)
