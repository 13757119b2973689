# C types for flow.py when compiled (scripts/build-compiled): ids, seats, lines, places and spots are small ints.
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.gains cimport draw_faeries, produce
from dwarfhall.games.spring.targets cimport Targets
from dwarfhall.games.spring.tables cimport GameTables
from dwarfhall.games.spring cimport faeries

# the id bounds and kinds of decision it dispatches on, read from layout.py, kit.py and phases.py as C ints
cdef Py_ssize_t START_AT, START_END, START_STRIDE, TRAIN_AT, TRAIN_END, PLAY_FAERIE_AT, PLAY_FAERIE_END
cdef Py_ssize_t EXPLORE_AT, EXPLORE_END, BUILD_AT, BUILD_END, BUILD_STRIDE, FORTRESS_AT, FORTRESS_END
cdef Py_ssize_t DRAGON_SPOT_AT, DRAGON_SPOT_END, QUEST_AT, QUEST_END, QUEST_STRIDE
cdef Py_ssize_t END_TURN, SUMMON, IDLE, FIGHT, GATHER, LEAVE, COMMAND_DONE, COMMANDS_PER_SPOT
cdef Py_ssize_t ACTIONS, AFTER, BEFORE, COMMANDING, OVER, REVEALED, WILD_CHOICE
cdef Py_ssize_t ADD_BACKPACKS_AT, ADD_BACKPACKS_END, COMMAND_AT, COMMAND_END, CHOOSE_RESOURCE_AT
cdef Py_ssize_t CHOOSE_RESOURCE_END, TRIM_AT, TRIM_END, NO_TRIM

@cython.locals(player=Py_ssize_t, line=Py_ssize_t, place=Py_ssize_t, pending=list)
cpdef apply(SpringFields state, Py_ssize_t action_id)

@cython.locals(location=Py_ssize_t, line=Py_ssize_t, place=Py_ssize_t, spot=Py_ssize_t, index=Py_ssize_t,
               known=Targets, fresh=bint, tables=GameTables)
cpdef _apply_dwarf_action(SpringFields state, Py_ssize_t player, Py_ssize_t action_id)

@cython.locals(known=Targets, fresh=bint)
cpdef _settle_at(SpringFields state, Py_ssize_t player, Py_ssize_t location)

@cython.locals(step=list, what=object)
cpdef _apply_pending(SpringFields state, Py_ssize_t player, Py_ssize_t action_id)

@cython.locals(n=Py_ssize_t)
cpdef _next_turn(SpringFields state)

@cython.locals(p=Py_ssize_t)
cpdef start_era(SpringFields state)
