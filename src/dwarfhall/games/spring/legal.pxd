# C types for legal.py when compiled (scripts/build-compiled): seats, spot bits, levels and loop indices are small
# ints; the state's rows are lists, the tables and map targets extension types (tables.pxd, targets.pxd).
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.tables cimport GameTables
from dwarfhall.games.spring.targets cimport Targets, places_of, targets_of
from dwarfhall.games.spring.quests cimport faerie_cards_held, meets
from dwarfhall.games.spring.faeries cimport playable
from dwarfhall.games.spring cimport faeries
from dwarfhall.games.spring.layout cimport ids_at

# the ids and kinds of decision it compares with, read from layout.py, kit.py and phases.py as C ints
cdef Py_ssize_t PLAY_FAERIE_AT, TRAIN_AT, AFTER, BEFORE, BACKPACKS, COMMANDING, NO_ONE, PLACING, RESOURCE
cdef Py_ssize_t REVEALED, TRIMMING, WILD_CHOICE, DECK_KINDS
cdef Py_ssize_t ADD_BACKPACKS_AT, ADD_BACKPACKS_END, COMMAND_AT, CHOOSE_RESOURCE_AT, TRIM_AT
cdef bint _COMPILED

@cython.locals(pending=list, ids=list, player=Py_ssize_t)
cpdef list legal_action_ids(SpringFields state)

@cython.locals(tables=GameTables, levels=list, treasury=list, costs=tuple, top=Py_ssize_t, resource=tuple,
               i=Py_ssize_t, level=Py_ssize_t, first=Py_ssize_t, always=tuple, card=Py_ssize_t, hand=list)
cpdef _free_actions(SpringFields state, Py_ssize_t player, list ids)

@cython.locals(player=Py_ssize_t, found=Targets, places=list, ids=list, line=Py_ssize_t, left=object,
               line_ids=tuple, p=Py_ssize_t)
cpdef list _start_settlements(SpringFields state)

@cython.locals(tables=GameTables, found=Targets, explore=tuple, land=list, used=cython.long, ids=list,
               line_left=list, line=Py_ssize_t, bit=Py_ssize_t, first=Py_ssize_t, second=Py_ssize_t,
               area=list, spot_one=Py_ssize_t, spot_two=Py_ssize_t, bases=list, gates=tuple, treasury=list,
               takeable=list, index=Py_ssize_t, gate=tuple, unwebbed=list, line_ids=tuple, p=Py_ssize_t,
               cost=Py_ssize_t, base=Py_ssize_t)
cpdef list dwarf_actions(SpringFields state, Py_ssize_t player)

@cython.locals(card=Py_ssize_t)
cdef bint _no_petrifier(frozenset blocks, list monster_at)

@cython.locals(player=Py_ssize_t, step=list, most=Py_ssize_t, slot=Py_ssize_t, deck=list, ids=list, ready=list,
               n=Py_ssize_t, i=Py_ssize_t, r=Py_ssize_t, k=Py_ssize_t)
cpdef list _pending_choices(SpringFields state)
