# C types for tensor.py when compiled (scripts/build-compiled): the fillers read the state's C fields and write
# through a typed float32 view of their slice where they loop (converting the memoryview costs about as much as a
# few writes through it, so a filler that writes one or two entries takes it as a plain object).
cimport cython
from dwarfhall.core.tensors cimport codes, fraction
from dwarfhall.games.duel.dice cimport dice_to_roll
from dwarfhall.games.duel.scoring cimport vp, winner
from dwarfhall.games.duel.statefields cimport DuelFields

cdef long PREROLL, CANCEL, PILE, GONE, ANSWER_MASK, ANSWERS_UNKNOWN
cdef Py_ssize_t _WINDOWS, _FRAME

cpdef _turn(DuelFields s, object viewer, object out)
cpdef _active(DuelFields s, object viewer, object out)
cpdef _to_act(DuelFields s, object viewer, object out)
cpdef _phase(DuelFields s, object viewer, object out)
cpdef _seat0_good(DuelFields s, object viewer, object out)

@cython.locals(half=Py_ssize_t, p=Py_ssize_t, i=Py_ssize_t, at=Py_ssize_t, kinds=list, damage=list)
cpdef _display(DuelFields s, object viewer, float[::1] out)

@cython.locals(width=Py_ssize_t, p=Py_ssize_t, i=Py_ssize_t, d=long, kinds=list, damage=list)
cpdef _display_damage(DuelFields s, object viewer, float[::1] out)

@cython.locals(half=Py_ssize_t)
cpdef _discard_order(DuelFields s, object viewer, float[::1] out)

cpdef _vp(DuelFields s, object viewer, object out)

@cython.locals(i=Py_ssize_t, dice=list, spent=list)
cpdef _dice(DuelFields s, object viewer, float[::1] out)

cpdef _dice_to_roll(DuelFields s, object viewer, object out)
cpdef _rerolls(DuelFields s, object viewer, object out)
cpdef _used_die(DuelFields s, object viewer, object out)
cpdef _effect(DuelFields s, object viewer, object out)
cpdef _windows_open(DuelFields s, object viewer, object out)

@cython.locals(stack=list, top=Py_ssize_t, i=Py_ssize_t, at=Py_ssize_t, owner=long, kind=long, slot=long, source=long,
               answer=long)
cpdef _windows(DuelFields s, object viewer, float[::1] out)

@cython.locals(w=long)
cpdef _winner(DuelFields s, object viewer, object out)
cpdef _reason(DuelFields s, object viewer, object out)
