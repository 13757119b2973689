# C types for statefields.py when compiled (scripts/build-compiled): the Duel's hot state as C fields of an
# extension type (the rules modules' .pxd files type their state argument as DuelFields and read these directly).
cimport cython
from dwarfhall.core.statebase cimport StateFields
from dwarfhall.games.duel.tables cimport Tables as CTables  # another name: the .py imports Tables itself

cdef class DuelFields(StateFields):
    cdef public long active, effect, fresh, phase, rerolls, to_act, turn
    cdef public bint is_terminal, mode_always, used_die
    cdef public list bonus, dice, discard, disp, dmg, hand, hand_n, known, pile, spent, stack, wild
    cdef public tuple sides
    cdef public CTables tables
    cdef public object reason

@cython.locals(h=list, k=list, p=list, d=list, m=list, x=list)
cpdef copy_fields(DuelFields source, DuelFields other)
