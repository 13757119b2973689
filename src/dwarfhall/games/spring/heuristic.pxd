# C types for heuristic.py when compiled (scripts/build-compiled): counts, levels and amounts are small ints and
# the worths C doubles (the same IEEE sums, in the same order, as Python's floats).
cimport cython
from libc cimport math  # beside the .py's `import math`: math.tanh is the C library's, as Python's math module's
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.tables cimport GameTables, MapTables
from dwarfhall.games.spring.monsters cimport monster_in_play_caps
from dwarfhall.games.spring.dragons cimport nest_limit

@cython.locals(icons=tuple, line_left=list, total=Py_ssize_t, r=Py_ssize_t, shown=tuple)
cpdef Py_ssize_t production(SpringFields state, Py_ssize_t player)

@cython.locals(tables=GameTables, costs=tuple, train_resource=tuple, nest=list, levels=list, top=Py_ssize_t,
               need=list, i=Py_ssize_t, left=Py_ssize_t, k=Py_ssize_t)
cpdef list training_left(SpringFields state, Py_ssize_t player)

@cython.locals(output=tuple, line_left=list, have=list, line=Py_ssize_t, left=Py_ssize_t, made=tuple,
               r=Py_ssize_t)
cpdef list supply(SpringFields state, Py_ssize_t player, Py_ssize_t eras_left)

cpdef bint fortress_open(SpringFields state, Py_ssize_t player, Py_ssize_t eras_left)

@cython.locals(tables=GameTables, need=list, fortress_rate=double, worth=double, spare=Py_ssize_t,
               r=Py_ssize_t, amount=Py_ssize_t, used=Py_ssize_t, saved=Py_ssize_t, room=Py_ssize_t,
               eggs=Py_ssize_t, cost=Py_ssize_t)
cpdef double resource_worth(SpringFields state, Py_ssize_t player, list have, Py_ssize_t eras_left, bint fortress)

@cython.locals(tables=GameTables, deck=list, dragon_vp=tuple, line_left=list, line_vp=tuple, nest=list, levels=list,
               whole=Py_ssize_t, i=Py_ssize_t, r=Py_ssize_t, points=double, eras_left=Py_ssize_t, later=double,
               level=Py_ssize_t, worth=double)
cpdef double estimate(SpringFields state, Py_ssize_t player, bint flat=*)

@cython.locals(total=Py_ssize_t, i=Py_ssize_t, count=Py_ssize_t)
cdef Py_ssize_t _total(list row) except? -1

cdef double _SCALE
cdef bint _BY_INDEX

@cython.locals(whole=Py_ssize_t, k=Py_ssize_t, held=Py_ssize_t, vp=Py_ssize_t)
cdef Py_ssize_t _held_vp(list deck, Py_ssize_t first, tuple vps) except? -1

@cython.locals(values=list, top=Py_ssize_t, best=double, second=double, p=Py_ssize_t, value=double, out=list)
cpdef list leads(SpringFields state, Py_ssize_t players, bint flat)

# the id bounds the worths dispatch on (layout.py, kit.py) as C ints; only typed code compares with them
cdef Py_ssize_t BUILD_AT, BUILD_END, BUILD_STRIDE, EXPLORE_AT, EXPLORE_END, QUEST_AT, QUEST_END, QUEST_STRIDE
cdef Py_ssize_t DRAGON_SPOT_AT, DRAGON_SPOT_END, SUMMON, IDLE

cpdef double spot_gain(SpringFields state, Py_ssize_t location, bint capped=*)

@cython.locals(amount=Py_ssize_t, amounts=tuple, kinds=tuple)
cdef double _spot_gain(SpringFields state, MapTables maps, Py_ssize_t location, bint capped)

@cython.locals(location_at=tuple, out=list, gains=dict, eras_left=Py_ssize_t, action=Py_ssize_t,
               location=Py_ssize_t, card=Py_ssize_t, ready=Py_ssize_t, flat=bint, fight_weight=double,
               maps=MapTables, kind_at=tuple)
cpdef list dwarf_worths(object advisor, SpringFields state, Py_ssize_t player, object actions)

# the advice inside a search (`SpringHeuristic.choose`): its id bounds as C ints, the tie-breaks drawn in C
from dwarfhall.core.rng cimport Rng as CRng  # another name: the .py imports Rng itself
from dwarfhall.games.spring.quests cimport meets
cdef Py_ssize_t WILDLAND, TRAIN_AT, TRAIN_END, PLAY_FAERIE_AT, PLAY_FAERIE_END, FORTRESS_AT, FORTRESS_END, END_TURN, BEFORE

@cython.locals(flat=bint, training=list, actions=list, worths=list, fortress=double, most=double, i=Py_ssize_t,
               worth=double, action=Py_ssize_t, best=Py_ssize_t, draw=double, second=double, other=double,
               tie=double)
cpdef object advise(object advisor, SpringFields state, Py_ssize_t player, tuple legal, CRng rng)

@cython.locals(action=Py_ssize_t)
cdef bint _has_fortress(tuple legal)

@cython.locals(tables=GameTables, treasury=list, keep=list, nest=list, levels=list, action=Py_ssize_t,
               index=Py_ssize_t, resource=Py_ssize_t, eras_left=Py_ssize_t)
cpdef list not_spending_fortress(bint flat, SpringFields state, Py_ssize_t player, list training)

@cython.locals(tables=GameTables, have=list, spent=list, cost=double, card=Py_ssize_t, needs=tuple)
cpdef double fortress_worth(SpringFields state, Py_ssize_t player, Py_ssize_t eras_left)

@cython.locals(tables=GameTables, deck=list, count=Py_ssize_t, card=Py_ssize_t, memo=dict, need=Py_ssize_t,
               key=tuple)
cpdef double explore_worth(SpringFields state, Py_ssize_t player, Py_ssize_t location, double fight_weight)
