# C types for turns.py when compiled (scripts/build-compiled): the turn's steps call each other in C.
cimport cython
from dwarfhall.games.alewar.end cimport finish
from dwarfhall.games.alewar.reinforcement cimport may_reinforce

cdef int DRAW, MOVE, REINFORCE, GOBLINS

cpdef start_turn(object state)

cpdef end_turn(object state)
