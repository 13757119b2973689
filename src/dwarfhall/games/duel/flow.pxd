# C types for flow.py when compiled (scripts/build-compiled): the rules modules call one another in C (their
# functions are cimported, so `damage.land(...)` is a C call), and ids, kinds and players are small C ints.
cimport cython
from dwarfhall.games.duel cimport damage, dice, windows
from dwarfhall.games.duel.legal cimport effect_ids
from dwarfhall.games.duel.payments cimport naturals

@cython.locals(stack=list, kind=cython.long, slot=cython.long)
cpdef apply(object s, long action_id)

@cython.locals(stack=list, phase=cython.long)
cpdef settle(object s)

cpdef long extra_draws(object s, long player) except? -1

cpdef bint draw_choice_open(object s) except -1

@cython.locals(p=cython.long, pile=list, hand=list, hand_n=list, i=cython.long)
cpdef draw(object s, long n)

cpdef _draw_action(object s, long a)

cpdef _preroll_action(object s, long a)

cpdef _roll(object s)

cpdef _reroll_action(object s, long a)

cpdef _start_card_phase(object s)

@cython.locals(kind=cython.long, pay=cython.long)
cpdef _card_action(object s, long a)

cpdef _own_twist(object s, long a)

@cython.locals(value=cython.long, axes=cython.long, wilds=cython.long, natural=cython.long)
cpdef _play_card(object s, long p, long kind, long pay)

@cython.locals(ability=cython.long)
cpdef _play_twist(object s, long p, long kind)

@cython.locals(src=cython.long, target=cython.long, face=cython.long, source=cython.long)
cpdef _damage(object s, long dealer, long a)

@cython.locals(p=cython.long, ability=cython.long, kind=cython.long, dmg=cython.long, pile=list)
cpdef _resolve_effect(object s, long a)

@cython.locals(p=cython.long, event=cython.long)
cpdef _finish_effect(object s)

@cython.locals(hand=list, known=list, hand_n=list)
cpdef _from_hand(object s, long p, long kind)

cpdef _window_twist(object s, long owner, long a)

@cython.locals(kind=cython.long, slot=cython.long)
cpdef _pass(object s)

@cython.locals(p=cython.long)
cpdef finish_turn(object s)

cpdef _decide(object s, long phase, long a)
