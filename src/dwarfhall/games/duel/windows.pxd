# C types for windows.py when compiled (scripts/build-compiled): players, kinds and window codes are small ints;
# damage targets come from a C call.
cimport cython
from dwarfhall.games.duel.statefields cimport DuelFields
from dwarfhall.games.duel.tables cimport Tables as CTables  # another name: the .py imports Tables itself
from dwarfhall.games.duel cimport damage

# the names this module imports from the constant modules, as C integers (they are compared with C ints)
cdef long WILD_CARDS, FREE, ANSWER_MASK, ANSWERS_CARD, CANCEL, ENDING, FRESH_SHIFT, GONE, RESPONSE
cdef long A_CANCEL, A_MORE_DICE, A_TAKE_WILD, A_THROW

@cython.locals(t=CTables, hand=list, found=list, throws=list, ab=cython.long, base=cython.long, k=cython.Py_ssize_t,
               ability=tuple, play_base=tuple)
cpdef list twist_ids(DuelFields s, long player, bint cancel)

cpdef bint can_cancel(tuple frame) except -1

cpdef bint can_act(DuelFields s, tuple frame) except -1

@cython.locals(other=cython.long, stack=list, fresh=cython.long)
cpdef respond(DuelFields s, long player, long answers, long card=*)

cpdef long fresh_bits(DuelFields s, long answers, long card) except? -1

@cython.locals(wild=list, other=cython.long)
cpdef take_wild(DuelFields s, long player)
