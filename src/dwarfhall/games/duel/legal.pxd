# C types for legal.py when compiled (scripts/build-compiled): the play table's key, bit masks and loop indices
# are small ints (the key packs at most 6 dice in 3 bits each above 2 bits of Wild Cards); the other rules
# modules' functions are C calls.
cimport cython
from dwarfhall.games.duel.statefields cimport DuelFields
from dwarfhall.games.duel.tables cimport Tables as CTables  # another name: the .py imports Tables itself
from dwarfhall.games.duel cimport damage, windows
from dwarfhall.games.duel.dice cimport counts
from dwarfhall.games.duel.payments cimport payments

cdef bint _BY_INDEX

@cython.locals(stack=list, phase=cython.long, ids=list, spent=list, i=cython.Py_ssize_t, face=cython.long, hand=list,
               k=cython.Py_ssize_t, frame=tuple)
cpdef list legal_ids(DuelFields s)

@cython.locals(t=CTables, p=cython.Py_ssize_t, wilds=cython.long, key=cython.long, i=cython.Py_ssize_t,
               face=cython.Py_ssize_t, mask=cython.long, src_bits=cython.long, ids=list, hand=list, spent=list,
               check=tuple, damage_mask=tuple, targets=list, base=cython.long, target=cython.long,
               k=cython.Py_ssize_t, plays=tuple, got=tuple, entry=tuple, sources=tuple, throw_base=tuple,
               playable=tuple)
cpdef list card_ids(DuelFields s)

@cython.locals(by_cost=list, kind=cython.long, playable=tuple, value=cython.long, count=cython.long, plays=list,
               k=cython.Py_ssize_t, ability=cython.long, base=cython.long, pay=cython.long, bits=cython.long,
               face=cython.Py_ssize_t)
cpdef tuple card_plays(CTables t, tuple c, long wilds)

@cython.locals(p=cython.long)
cpdef bint _has_effect(DuelFields s, long p, long ability) except -1

@cython.locals(t=CTables, p=cython.long, ability=cython.long, other=cython.long, found=list)
cpdef list effect_ids(DuelFields s)
