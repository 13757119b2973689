# C types for flow.py when compiled (scripts/build-compiled): the rules modules call one another in C (their
# functions are cimported, so `damage.land(...)` is a C call), and ids, kinds and players are small C ints.
cimport cython
from dwarfhall.games.duel.statefields cimport DuelFields
from dwarfhall.games.duel.tables cimport Tables as CTables  # another name: the .py imports Tables itself
from dwarfhall.games.duel.layout cimport Layout as CLayout
from dwarfhall.games.duel cimport damage, dice, windows
from dwarfhall.games.duel.legal cimport effect_ids
from dwarfhall.games.duel.payments cimport naturals

# the names this module imports from the constant modules, as C integers (they are compared with C ints)
cdef long TERMINAL, AXE, DRAW_ALL, END_TURN, KEEP_DICE, NPAY, PASS, PLAY_BASE, REROLL_BASE, ROLL, SHORT_REST_BASE
cdef long SRC_AXE, SRC_WILD, ANSWERS_CARD, ANSWERS_END, ANSWERS_ROLL, CANCEL, CARD, DRAW, EFFECT, ENDING, PREROLL
cdef long REROLL, A_BANISH, A_CANCEL, A_EXTRA_DRAW, A_MORE_DICE, A_RECOVER, A_TAKE_WILD, A_WILD_DIE

@cython.locals(stack=list, kind=cython.long, slot=cython.long)
cpdef apply(DuelFields s, long action_id)

@cython.locals(stack=list, phase=cython.long)
cpdef settle(DuelFields s)

cpdef long extra_draws(DuelFields s, long player) except? -1

cpdef bint draw_choice_open(DuelFields s) except -1

@cython.locals(p=cython.long, pile=list, hand=list, hand_n=list, i=cython.long)
cpdef draw(DuelFields s, long n)

cpdef _draw_action(DuelFields s, long a)

cpdef _preroll_action(DuelFields s, long a)

cpdef _roll(DuelFields s)

cpdef _reroll_action(DuelFields s, long a)

cpdef _start_card_phase(DuelFields s)

@cython.locals(t=CTables, kind=cython.long, pay=cython.long)
cpdef _card_action(DuelFields s, long a)

cpdef _own_twist(DuelFields s, long a)

@cython.locals(t=CTables, value=cython.long, axes=cython.long, wilds=cython.long, natural=cython.long)
cpdef _play_card(DuelFields s, long p, long kind, long pay)

@cython.locals(t=CTables, ability=cython.long)
cpdef _play_twist(DuelFields s, long p, long kind)

@cython.locals(t=CTables, layout=CLayout, src=cython.long, target=cython.long, face=cython.long, source=cython.long)
cpdef _damage(DuelFields s, long dealer, long a)

@cython.locals(t=CTables, layout=CLayout, p=cython.long, ability=cython.long, kind=cython.long, dmg=cython.long, pile=list)
cpdef _resolve_effect(DuelFields s, long a)

@cython.locals(p=cython.long, event=cython.long)
cpdef _finish_effect(DuelFields s)

@cython.locals(hand=list, known=list, hand_n=list)
cpdef _from_hand(DuelFields s, long p, long kind)

cpdef _window_twist(DuelFields s, long owner, long a)

@cython.locals(kind=cython.long, slot=cython.long)
cpdef _pass(DuelFields s)

@cython.locals(p=cython.long)
cpdef finish_turn(DuelFields s)

cpdef _decide(DuelFields s, long phase, long a)
