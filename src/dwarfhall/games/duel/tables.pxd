# C types for tables.py when compiled (scripts/build-compiled): the card tables as a C type whose fields the
# compiled rules read directly (Cython compiles the frozen dataclass as one; its fields are read-only).
from dwarfhall.games.duel.layout cimport Layout as CLayout  # another name: the .py imports Layout itself

cdef class Tables:
    cdef readonly object cards
    cdef readonly CLayout layout
    cdef readonly long n
    cdef readonly tuple keys
    cdef readonly dict index
    cdef readonly tuple ability, amount, cost_kind, cost_value, cost_count, health, vp, damage_mask, copies
    cdef readonly tuple is_event, is_twist, twist_kinds, throw_kinds, deck, play_base, costs, cost_id
    cdef readonly object kind_range
    cdef readonly object twists_held
    cdef readonly tuple target_code, guard_target_code
    cdef readonly frozenset guard_kinds, any_die_allies
    cdef readonly tuple support_amount, credit_rank, src_bases, throw_base, play_check
    cdef readonly dict play_memo
