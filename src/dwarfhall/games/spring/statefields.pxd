# C types for statefields.py when compiled (scripts/build-compiled): Spring's hot state as C fields of an
# extension type (the rules modules' .pxd files type their state argument as SpringFields and read these directly).
cimport cython
from dwarfhall.core.statebase cimport StateFields
from dwarfhall.games.spring.tables cimport GameTables as CGameTables  # another name: the .py imports GameTables

cdef class SpringFields(StateFields):
    cdef public long era, first, phase, round, stage, to_act, map_changes, _targets_seen
    cdef public list defeated, dwarfs, egg_pile, exhausted, expedition_area, expedition_deck, faerie_deck
    cdef public list faerie_discard, faerie_hand, faerie_power, fortress_at, heroes, home, line_left, monster_at
    cdef public list nest, nest_level, owner_at, pending, placing, removed, settlement_line, spots_used
    cdef public list successes, treasury, unused_monsters, web_at
    cdef public tuple last_reveal
    cdef public CGameTables tables
    cdef public object world, _occupancy, _targets

@cython.locals(row=list, step=list)
cpdef copy_fields(SpringFields source, SpringFields other)
