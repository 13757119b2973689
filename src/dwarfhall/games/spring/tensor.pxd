# C types for tensor.py when compiled (scripts/build-compiled): the fillers read the state's C fields and write
# through a typed float32 view of their slice where they loop (converting the memoryview costs about as much as a
# few writes through it, so a filler that writes one or two entries takes it as a plain object).
cimport cython
from dwarfhall.core.tensors cimport codes, fraction
from dwarfhall.games.spring.statefields cimport SpringFields

cdef long NO_ONE, OVER, PLACES
cdef bint _COMPILED
cdef Py_ssize_t _PENDING, _STEP_WIDTH, _STEP_KINDS, _NEST, _RESOURCES
cdef long _COUNT_SCALE
cdef Py_ssize_t NUMBER, SEAT, LOCATION, MONSTER, AXES, BACKPACKS, SPENT, WON, CARDS

@cython.locals(phase=long, at=Py_ssize_t, placing=list, pending=list, top=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t,
               here=Py_ssize_t, step=object)
cpdef _head(Py_ssize_t n, SpringFields s, object viewer, float[::1] out)

# the two fillers that write many segments call the functions below in C, on slices of their typed view
cpdef _webs_and_reveal(SpringFields s, object viewer, float[::1] out)

@cython.locals(at=Py_ssize_t)
cpdef _seats(Py_ssize_t n, Py_ssize_t spots, SpringFields s, object viewer, float[::1] out)

@cython.locals(web_at=list, place_of=tuple, location=Py_ssize_t, card=long, item=object, no_one=object,
               place=Py_ssize_t)
cpdef _webs(SpringFields s, object viewer, float[::1] out)

@cython.locals(last=tuple, seat=long, place=long, monster=long, won=long)
cpdef _reveal_head(SpringFields s, object viewer, float[::1] out)

@cython.locals(last=tuple, number=long, axes=long, backpacks=long, spent=long)
cpdef _reveal_counts(SpringFields s, object viewer, float[::1] out)

@cython.locals(cards=tuple, kinds=Py_ssize_t, i=Py_ssize_t)
cpdef _reveal_cards(SpringFields s, object viewer, float[::1] out)

@cython.locals(row=object, i=Py_ssize_t, n=long)
cpdef _treasury(SpringFields s, object viewer, float[::1] out)

@cython.locals(row=object, i=Py_ssize_t, n=long)
cpdef _line_left(SpringFields s, object viewer, float[::1] out)

@cython.locals(place_of=tuple, owner_at=list, fortress_at=list, location=Py_ssize_t, owner=long, p=Py_ssize_t,
               fortress=long, place=Py_ssize_t, item=object, no_one=object)
cpdef _settlements(SpringFields s, object viewer, float[::1] out)

@cython.locals(place_of=object, fortress_at=list, p=Py_ssize_t, fortress=long, place=Py_ssize_t)
cpdef _fortress(SpringFields s, object viewer, float[::1] out)

@cython.locals(i=Py_ssize_t, n=long)
cpdef _home(SpringFields s, object viewer, float[::1] out)

@cython.locals(place_of=object, dwarfs=list, locations=object, p=Py_ssize_t, i=Py_ssize_t, location=Py_ssize_t,
               place=Py_ssize_t)
cpdef _dwarfs(SpringFields s, object viewer, float[::1] out)

@cython.locals(rows=list, spots=Py_ssize_t, p=Py_ssize_t, used=long, i=Py_ssize_t)
cpdef _spots_used(SpringFields s, object viewer, float[::1] out)

@cython.locals(nests=list, nest=object, levels=object, exhausted=object, p=Py_ssize_t, i=Py_ssize_t, at=Py_ssize_t,
               dragon=long, level=long, tired=bint)
cpdef _nest(SpringFields s, object viewer, float[::1] out)

@cython.locals(row=object, i=Py_ssize_t, n=long)
cpdef _successes(SpringFields s, object viewer, float[::1] out)

@cython.locals(i=Py_ssize_t, n=long)
cpdef _defeated(SpringFields s, object viewer, float[::1] out)

@cython.locals(i=Py_ssize_t, n=long)
cpdef _faerie_power(SpringFields s, object viewer, float[::1] out)

@cython.locals(view="float[::1]", width=Py_ssize_t, tiles_size=Py_ssize_t, position=Py_ssize_t, location=Py_ssize_t,
               place=Py_ssize_t, at=Py_ssize_t)
cpdef object _map_planes(object world, dict tile_index)

@cython.locals(planes="float[::1]", monster_at=list, w=Py_ssize_t, card=long)
cpdef _map(dict tile_index, Py_ssize_t spots_end, long first_monster, Py_ssize_t width, SpringFields s, object viewer,
           float[::1] out)

# compiled, the layout's one filler after the zones: the others are C calls on slices of its typed view
cpdef _grouped(Py_ssize_t n, Py_ssize_t spots, dict tile_index, Py_ssize_t spots_end, long first_monster,
               Py_ssize_t width, Py_ssize_t head_end, Py_ssize_t map_end, Py_ssize_t reveal_end, SpringFields s,
               object viewer, float[::1] out)
