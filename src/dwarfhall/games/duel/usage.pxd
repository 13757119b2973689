# C types for usage.py when compiled (scripts/build-compiled): an action's component is found from the state's C
# fields and the card tables' C fields, called from the batch loop (core.batch.play_seated) once per action.
cimport cython
from dwarfhall.games.duel.layout cimport Layout as CLayout  # other names: the .py imports neither itself
from dwarfhall.games.duel.statefields cimport DuelFields
from dwarfhall.games.duel.tables cimport Tables as CTables

# the names this module imports from the constant modules, as C integers (they are compared with C ints)
cdef long DRAW_ALL, NPAY, PLAY_BASE, REROLL_BASE, SHORT_REST_BASE, SRC_AXE, A_EXTRA_DRAW, A_REROLL

@cython.locals(t=CTables, layout=CLayout, src=cython.long, key=object)
cpdef tuple components(DuelFields s, long action_id)

@cython.locals(t=CTables, k=cython.Py_ssize_t)
cpdef object support_key(DuelFields s, long player, long ability)
