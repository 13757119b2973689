# C types for tables.py when compiled (scripts/build-compiled): the lookup tables as extension types, so the
# rules read their fields as C struct members instead of by name; every field stays readable from Python.
cimport cython

cdef Py_ssize_t NO_ONE  # read from phases.py as a C int (no module imports it from here)

cdef class GameTables:
    cdef public frozenset blocks_quests
    cdef public tuple caps, card_axes, card_backpacks, dragon_vp, faerie_always, faerie_kinds, faerie_primitive
    cdef public tuple line_icons, line_vp, monster_vp, production, quest_gate, quest_needs, quest_vp
    cdef public tuple train_resource, training_cost
    cdef public tuple build_bits, dragon_bits, expedition_bits
    cdef public Py_ssize_t fortress_bit, faerie_bit
    cdef public bint ordered_expeditions
    cdef public Py_ssize_t faerie_end, faerie_first, monster_first, quest_first, nest_cap, nest_fortress_cap
    cdef public object fortress_cost, fortress_vp, hand_limit, reveal_bonus, success_cap, warehouse
    cdef public object monsters, quests
    cdef public dict odds_memo


cdef class Occupancy:
    cdef public list owner_at, owned, _reach, taken
    cdef public Py_ssize_t players
    cdef public object open_grass
    cdef public tuple _adjacent

    @cython.locals(adjacent=tuple)
    cpdef object reach(self, Py_ssize_t player)


@cython.locals(parts=tuple, place_bit=tuple, slots=tuple, place_of=tuple, kind_at=tuple, land=tuple,
               wild_slot=list, gather_at=list, order=tuple, index=Py_ssize_t, location=Py_ssize_t, loc=Py_ssize_t)
cpdef _read_map(MapTables tables, object world)

@cython.locals(place_of=tuple, wild=list, is_wild=list, loc=Py_ssize_t, place_bit=tuple, surrounding=list)
cpdef tuple _geometry_parts(object geometry)

@cython.locals(taken=list, place_bit=tuple, owned=list, loc=Py_ssize_t, owner=Py_ssize_t)
cpdef _read_pieces(Occupancy occupied, MapTables tables, tuple owner_at, Py_ssize_t players)


cdef class MapTables:
    cdef public dict _occupancy
    cdef public tuple adjacent_places, gather_at, kind_at, land, place_of, spot_amount, spot_kind, surrounding
    cdef public tuple wild_slot, _slots
    cdef public tuple adjacent_bits, dwarf_near_bits, place_bit
    cdef public frozenset grass_places, land_places, wild_places
    cdef public object grass_bits, land_bits, wild_bits  # bit sets of up to 133 places: Python ints

    cpdef tuple spots(self)

    @cython.locals(key=tuple, found=Occupancy)
    cpdef Occupancy occupancy(self, list owner_at, Py_ssize_t players)


@cython.locals(found=Occupancy, owner_at=list, players=Py_ssize_t)
cpdef Occupancy occupancy(object state)
