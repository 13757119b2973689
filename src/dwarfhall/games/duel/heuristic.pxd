# C types for heuristic.py when compiled (scripts/build-compiled): the state is the Duel's C fields, counts are C
# ints and the position score's floats are C doubles. A double gives the same bits as a Python float operation by
# operation (IEEE arithmetic in the .py's order; an int / int of small ints is exact before it is rounded once
# either way; scripts/build_compiled.py compiles with -ffp-contract=off, so no a * b + c is fused).
# The constants typed here are read by this module only (typed, they are no longer module attributes).
cimport cython
from libc cimport math  # math.tanh: the C library's, which Python's math.tanh calls too
from dwarfhall.games.duel.statefields cimport DuelFields
from dwarfhall.games.duel.tables cimport Tables as CTables  # another name: the .py imports Tables itself
from dwarfhall.games.duel.dice cimport counts, support_total
from dwarfhall.games.duel.payments cimport naturals
from dwarfhall.games.duel cimport scoring

@cython.locals(cached=tuple)
cpdef tuple worth_table(CTables t)

cdef double HAND, WILD, BONUS_DIE, DIE, AXE_DIE, HORIZON, LEAD_AT_END, SCALE, LASTING

cpdef double rounds_left(DuelFields s) except? -1.0

cpdef double _rounds(long pile, DuelFields s, long p) except? -1.0

@cython.locals(t=CTables, mask=cython.long, points=cython.long, c=tuple, face=cython.long)
cpdef long damage_points(DuelFields s, long player) except? -1

@cython.locals(t=CTables, health=tuple, vp=tuple, engine=tuple, piles=list, extra=list, hurt=list,
               victims_turn=cython.long, p=cython.long, points=cython.long, i=cython.Py_ssize_t, k=cython.long,
               dmg=cython.long, card_vp=cython.long, hp=cython.long, gain=cython.double, worth=cython.double,
               future=cython.double, lasting=cython.double, total=cython.double, lead=cython.double,
               sign=cython.double, own=cython.double, held=cython.long, wilds=cython.long, bonus=cython.long)
cpdef double score(DuelFields s) except? -1e300

@cython.locals(p=cython.long, phase=cython.long, value=cython.double, spent=list, i=cython.Py_ssize_t,
               face=cython.long)
cpdef double _turn_resources(DuelFields s, double future) except? -1e300

cpdef long _vp_lead(DuelFields s, long player) except? -999999

cpdef tuple _source(long a, DuelFields s)

@cython.locals(base=cython.long, a=cython.long)
cpdef list _damage_ids(DuelFields s, object legal)

# the rules of thumb: C functions that `advise` calls in order
cpdef object advise(DuelFields s, long player, object legal)

cpdef long _cheapest_source(list ids) except? -1

@cython.locals(t=CTables, future=cython.double)
cpdef double _card_worth(DuelFields s, long k) except? -1e300

@cython.locals(t=CTables, owner=cython.long, slot=cython.long, hand=list, k=cython.long)
cpdef object save_card(DuelFields s, long player, object legal)

@cython.locals(t=CTables, health=tuple, best=list, a=cython.long, target=cython.long, kind=cython.long,
               dmg=cython.long, worth=cython.double)
cpdef list _most_valuable(DuelFields s, list ids, long reach, double floor)

@cython.locals(best=list)
cpdef object finish_off(DuelFields s, long player, object legal)

cpdef object draw_choice(DuelFields s, long player, object legal)

@cython.locals(pile=cython.Py_ssize_t, at_pile=list)
cpdef object close_out(DuelFields s, long player, object legal)

@cython.locals(hand=list)
cpdef long _throws_in_hand(DuelFields s, long player) except? -1

@cython.locals(end=cython.long)
cpdef list _plays(DuelFields s, object legal)

@cython.locals(vp=tuple, plays=list)
cpdef object vp_at_the_end(DuelFields s, long player, object legal)

@cython.locals(t=CTables, kind=cython.long, by_dice=list, points=cython.long, best=list, at_pile=list)
cpdef object spend_leftovers(DuelFields s, long player, object legal)
