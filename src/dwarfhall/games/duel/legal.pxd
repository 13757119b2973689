# C types for legal.py when compiled (scripts/build-compiled): the play table's key, bit masks and loop indices
# are small ints (the key packs at most 6 dice in 3 bits each above 2 bits of Wild Cards); the other rules
# modules' functions are C calls.
cimport cython
from dwarfhall.core.rng cimport Rng as CRng  # another name: the .py imports Rng itself
from dwarfhall.games.duel.statefields cimport DuelFields
from dwarfhall.games.duel.tables cimport Tables as CTables  # another name: the .py imports Tables itself
from dwarfhall.games.duel.layout cimport Layout as CLayout
from dwarfhall.games.duel cimport damage, windows
from dwarfhall.games.duel.dice cimport counts
from dwarfhall.games.duel.payments cimport payments

# the names this module imports from the constant modules, as C integers (they are compared with C ints)
cdef long AXE, DRAW_ALL, DRAW_ONE, END_TURN, KEEP_DICE, PASS, REROLL_BASE, ROLL, SHORT_REST_BASE, SRC_AXE, SRC_WILD
cdef long CARD, DRAW, EFFECT, PREROLL, REROLL, A_BANISH, A_MORE_DICE, A_RECOVER, A_TAKE_WILD, A_WILD_DIE, WILD_CARDS

cdef bint _BY_INDEX
cdef long _DIE_KEY[7]
cdef long _AXE_OR_WILD

@cython.locals(stack=list, phase=cython.long, ids=list, spent=list, i=cython.Py_ssize_t, face=cython.long, hand=list,
               k=cython.Py_ssize_t, frame=tuple)
cpdef list legal_ids(DuelFields s)

@cython.locals(t=CTables, p=cython.Py_ssize_t, ids=list, hand=list, check=tuple, targets=list, base=cython.long,
               target=cython.long, k=cython.Py_ssize_t, ability=cython.long, plays=tuple, got=tuple, sources=tuple,
               throw_base=tuple, playable=tuple, src_bits=cython.long)
cpdef list card_ids(DuelFields s)

@cython.locals(stack=list, hand=list, k=cython.Py_ssize_t, ids=list)
cpdef long random_id(DuelFields s, CRng rng) except? -1

@cython.locals(t=CTables, p=cython.Py_ssize_t, hand=list, check=tuple, targets=list, k=cython.Py_ssize_t,
               ability=cython.long, plays=tuple, got=tuple, sources=tuple, playable=tuple, src_bits=cython.long,
               held=list, n=cython.Py_ssize_t, throws=cython.Py_ssize_t, width=cython.Py_ssize_t, i=cython.Py_ssize_t,
               row=cython.Py_ssize_t, target=cython.long)
cdef long _card_pick(DuelFields s, CRng rng) except? -1

@cython.locals(wilds=cython.long, key=cython.long, i=cython.Py_ssize_t, face=cython.Py_ssize_t, spent=list,
               entry=tuple)
cdef tuple _play_entry(DuelFields s, CTables t, Py_ssize_t p)

@cython.locals(mask=cython.long, bits=cython.long, damage_mask=tuple, k=cython.Py_ssize_t)
cdef tuple _damage_sources(DuelFields s, CTables t, Py_ssize_t p, long src_bits)

@cython.locals(by_cost=list, kind=cython.long, playable=tuple, value=cython.long, count=cython.long, plays=list,
               k=cython.Py_ssize_t, ability=cython.long, base=cython.long, pay=cython.long, bits=cython.long,
               face=cython.Py_ssize_t)
cpdef tuple card_plays(CTables t, tuple c, long wilds)

@cython.locals(p=cython.long)
cpdef bint _has_effect(DuelFields s, long p, long ability) except -1

@cython.locals(t=CTables, layout=CLayout, p=cython.long, ability=cython.long, other=cython.long, found=list)
cpdef list effect_ids(DuelFields s)
