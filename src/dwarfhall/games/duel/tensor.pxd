# C types for tensor.py when compiled (scripts/build-compiled): the fillers read the state's C fields and write
# through a typed float32 view of their slice (the small segments are written by two fillers, _head and _tail, so
# that the view's conversion at the call is paid once for many entries).
cimport cython
from dwarfhall.core.tensors cimport codes, fraction
from dwarfhall.games.duel.dice cimport dice_to_roll
from dwarfhall.games.duel.scoring cimport vp, winner
from dwarfhall.games.duel.statefields cimport DuelFields

cdef long PREROLL, CANCEL, PILE, GONE, ANSWER_MASK, ANSWERS_UNKNOWN
cdef Py_ssize_t _WINDOWS, _FRAME, _PHASES, _MAX_DICE

@cython.locals(to_act=long)
cpdef _head(DuelFields s, object viewer, float[::1] out)

@cython.locals(half=Py_ssize_t, p=Py_ssize_t, i=Py_ssize_t, at=Py_ssize_t, kinds=list, damage=list)
cpdef _display(DuelFields s, object viewer, float[::1] out)

@cython.locals(width=Py_ssize_t, p=Py_ssize_t, i=Py_ssize_t, d=long, kinds=list, damage=list)
cpdef _display_damage(DuelFields s, object viewer, float[::1] out)

@cython.locals(half=Py_ssize_t)
cpdef _discard_order(DuelFields s, object viewer, float[::1] out)

@cython.locals(i=Py_ssize_t, dice=list, spent=list, at=Py_ssize_t, w=long)
cpdef _tail(Py_ssize_t n, DuelFields s, object viewer, float[::1] out)

@cython.locals(top=Py_ssize_t, i=Py_ssize_t, here=Py_ssize_t, owner=long, kind=long, slot=long, source=long,
               answer=long)
cpdef _windows(list stack, float[::1] out, Py_ssize_t at)
