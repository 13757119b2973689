# C types for targets.py when compiled (scripts/build-compiled): `Targets` as an extension type whose parts are
# C struct members (read by every legal-move generation); every field stays readable from Python. Its sets of
# places are bit sets of up to 133 places (Python ints, typed `object`).
cimport cython
from dwarfhall.games.spring.statefields cimport SpringFields
from dwarfhall.games.spring.tables cimport MapTables

cdef Py_ssize_t PLACE_BYTES, NO_ONE
cdef tuple BYTE_INDEX, BYTE_PLACES, EXPLORE_IDS
cdef bint _BY_BIT

@cython.locals(chunks=bytes, places=list, k=Py_ssize_t, value=cython.uchar, i=Py_ssize_t)
cpdef list places_of(object bits)

cdef class Targets:
    cdef public MapTables maps
    cdef public list owner_at, dwarfs, web_at, settled_near, pieces, near, _mine
    cdef public bint owned
    cdef public object unsettled, open, open_wild, room, open_land, webbed

    @cython.locals(web_at=list, place_bit=tuple, location=Py_ssize_t)
    cpdef _read_webs(self, SpringFields state)

    @cython.locals(maps=MapTables, dwarfs=list, place_bit=tuple, dwarf_near=tuple, wild_slot=tuple, near=list,
                   player=Py_ssize_t, location=Py_ssize_t, in_wild=list)
    cpdef _read_dwarfs(self, SpringFields state)

    cpdef _derive(self)

    @cython.locals(other=Targets)
    cpdef Targets reread(self, SpringFields state)

    @cython.locals(other=Targets)
    cpdef Targets _next(self)

    @cython.locals(maps=MapTables, other=Targets, dwarfs=list)
    cpdef Targets after_dwarf(self, Py_ssize_t player, Py_ssize_t location)

    @cython.locals(maps=MapTables, other=Targets)
    cpdef Targets after_settlement(self, Py_ssize_t player, Py_ssize_t location)

    @cython.locals(found=tuple, places=list, land=list, unwebbed=list, explore=tuple, land_places=frozenset,
                   p=Py_ssize_t)
    cpdef tuple mine(self, Py_ssize_t player)

    cpdef Py_ssize_t settlements(self, Py_ssize_t player, Py_ssize_t fortress)


cpdef object picker(list places)

@cython.locals(found=Targets)
cpdef Targets targets_of(SpringFields state)

@cython.locals(total=Py_ssize_t, row=list)
cdef Py_ssize_t _dwarfs_at(list dwarfs, Py_ssize_t location)
