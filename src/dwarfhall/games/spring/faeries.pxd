# C types for faeries.py when compiled (scripts/build-compiled): seats, cards, locations, places and counts are
# small ints; the map targets and tables extension types, so every helper is a C call.
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.tables cimport GameTables, occupancy
from dwarfhall.games.spring.targets cimport Targets, places_of, targets_of

# the ids and kinds of decision it compares with, read from layout.py, kit.py and phases.py as C ints
cdef Py_ssize_t FAERIE_APPLY, FAERIE_SKIP, MOVE_FROM_AT, MOVE_FROM_END, MOVE_TO_AT, PICK_DWARF_AT, PICK_DWARF_END
cdef Py_ssize_t PICK_DWARF_STRIDE, REMOVE_WEB_AT, REMOVE_WEB_END, SWAP_OTHER_AT, SWAP_OWN_AT, SWAP_OWN_END
cdef Py_ssize_t FAERIE, MOVING, NO_ONE, RESOURCE, SWAPPING_DWARF, SWAPPING_SETTLEMENT

@cython.locals(fortress=Py_ssize_t, i=Py_ssize_t)
cpdef list _own_settlements(SpringFields state, Py_ssize_t player)

@cython.locals(fortresses=list, owner_at=list, taken=list, i=Py_ssize_t)
cpdef list _other_settlements(SpringFields state, Py_ssize_t player)

@cython.locals(found=Targets, location_at=tuple, place=Py_ssize_t)
cpdef list _move_targets(SpringFields state, Py_ssize_t origin)

@cython.locals(dwarfs=list, placed=list, p=Py_ssize_t, loc=Py_ssize_t, owner=Py_ssize_t, where=Py_ssize_t,
               total=Py_ssize_t, per_owner=list, per_location=dict)
cpdef list _dwarf_picks(SpringFields state, tuple exclude=*)

@cython.locals(tables=GameTables, place_of=tuple, place=Py_ssize_t, adjacent=tuple, loc=Py_ssize_t, ids=list,
               pick=tuple)
cpdef list application_ids(SpringFields state, Py_ssize_t player, Py_ssize_t card)

@cython.locals(tables=GameTables, kind=Py_ssize_t, what=object, dwarfs=list, owners=Py_ssize_t, locations=list)
cpdef bint playable(SpringFields state, Py_ssize_t player, Py_ssize_t card)

@cython.locals(found=Targets, adjacent=tuple, origin=Py_ssize_t)
cpdef bint _can_step(SpringFields state, Py_ssize_t player)

@cython.locals(found=Targets, owner_at=list, pieces=list, others=Py_ssize_t, fortress=Py_ssize_t)
cpdef bint _can_swap_settlements(SpringFields state, Py_ssize_t player)

cpdef play(SpringFields state, Py_ssize_t player, Py_ssize_t card)

@cython.locals(step=list, what=Py_ssize_t, place_of=tuple, ids=list, loc=Py_ssize_t, picks=list, pick=tuple)
cpdef list pending_ids(SpringFields state, Py_ssize_t player)

@cython.locals(step=list)
cpdef _spend_application(SpringFields state)

@cython.locals(step=list, location_at=tuple, target=Py_ssize_t, dwarfs=list, mine=Py_ssize_t, theirs=Py_ssize_t,
               owner=Py_ssize_t, place=Py_ssize_t, first_owner=Py_ssize_t, first_at=Py_ssize_t,
               second_at=Py_ssize_t, a=list, b=list, lines=list)
cpdef apply(SpringFields state, Py_ssize_t player, Py_ssize_t action_id)
