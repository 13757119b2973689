# C types for batch.py when compiled (scripts/build-compiled): the generator's draws are direct C calls and the
# counts C integers, so a random game returns to Python only for the rules' own calls.
cimport cython
from dwarfhall.core.rng cimport Rng as CRng  # another name: the .py imports Rng itself
from dwarfhall.core.statebase cimport StateFields

@cython.locals(played=cython.Py_ssize_t, history=list)
cpdef Py_ssize_t random_playout(object state, CRng rng, Py_ssize_t cap=*) except -1

@cython.locals(total=cython.Py_ssize_t, i=cython.Py_ssize_t)
cpdef Py_ssize_t play_random(object game, object seed, Py_ssize_t games=*) except -1

@cython.locals(player=cython.Py_ssize_t, rng=CRng, legal=object, action=object)
cpdef Py_ssize_t play_drawn(StateFields state, Py_ssize_t seat, Py_ssize_t limit, Py_ssize_t moves, list draws) except -1

@cython.locals(history=list, played=cython.Py_ssize_t, legal=object, player=cython.Py_ssize_t, action=object,
               rng=CRng, counts=dict, key=object, named=object)
cpdef Py_ssize_t play_seated(StateFields state, list draws, Py_ssize_t limit, list used) except -1
