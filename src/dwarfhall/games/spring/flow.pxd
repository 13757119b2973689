# C types for flow.py when compiled (scripts/build-compiled): ids, seats, lines, places and spots are small ints.
cimport cython

@cython.locals(player=Py_ssize_t, line=Py_ssize_t, place=Py_ssize_t, pending=list)
cpdef apply(object state, Py_ssize_t action_id)

@cython.locals(location=Py_ssize_t, line=Py_ssize_t, place=Py_ssize_t, spot=Py_ssize_t, index=Py_ssize_t)
cpdef _apply_dwarf_action(object state, Py_ssize_t player, Py_ssize_t action_id)

cpdef _settle_at(object state, Py_ssize_t player, Py_ssize_t location)

@cython.locals(step=list)
cpdef _apply_pending(object state, Py_ssize_t player, Py_ssize_t action_id)

@cython.locals(n=Py_ssize_t)
cpdef _next_turn(object state)

@cython.locals(p=Py_ssize_t)
cpdef start_era(object state)
