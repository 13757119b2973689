"""The 6 x 6 board: squares, their names (a1..f6) and orthogonal neighbours.

A square is one integer, `(row - 1) * 6 + (column - 1)`, so a whole position
fits in flat lists indexed by square.
"""

from __future__ import annotations

SIZE = 6
SQUARES = SIZE * SIZE
COLUMNS = "abcdef"

# terrain kinds, stored per square; NONE is open ground
NONE, TREE, HILL, LAKE = 0, 1, 2, 3
TERRAIN_KINDS: tuple[str, ...] = ("tree", "hill", "lake")  # index + 1 is the kind code
KIND_CODES: dict[str, int] = {"tree": TREE, "hill": HILL, "lake": LAKE}

SQUARE_NAMES: tuple[str, ...] = tuple(f"{COLUMNS[s % SIZE]}{s // SIZE + 1}" for s in range(SQUARES))
_BY_NAME: dict[str, int] = {name: s for s, name in enumerate(SQUARE_NAMES)}


def square(column: int, row: int) -> int:
    """The square at a 1-based column (a=1) and row."""
    return (row - 1) * SIZE + (column - 1)


def column_of(sq: int) -> int:
    return sq % SIZE + 1


def row_of(sq: int) -> int:
    return sq // SIZE + 1


def _neighbours(sq: int) -> tuple[int, ...]:
    col, row = sq % SIZE, sq // SIZE
    out = []
    if row > 0:
        out.append(sq - SIZE)
    if col > 0:
        out.append(sq - 1)
    if col < SIZE - 1:
        out.append(sq + 1)
    if row < SIZE - 1:
        out.append(sq + SIZE)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(s) for s in range(SQUARES))

ROWS_OF_SIDE: tuple[range, range] = (range(4, 7), range(1, 4))  # Dwarves set up on rows 4-6, Goblins on 1-3
SETUP_SQUARES: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(range(3 * SIZE, SQUARES)),
    tuple(range(0, 3 * SIZE)),
)
REINFORCEMENT_SQUARES: tuple[int, ...] = tuple(range(SIZE))  # row 1


def square_name(sq: int) -> str:
    return SQUARE_NAMES[sq]


def parse_square(text: str) -> int | None:
    """'c3' (any case, surrounding spaces allowed) -> square, or None."""
    return _BY_NAME.get(text.strip().lower())


def distance(a: int, b: int) -> int:
    """Orthogonal (Manhattan) distance, ignoring obstacles."""
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def open_squares_connected(terrain: list[int] | tuple[int, ...]) -> bool:
    """True when every square without a lake can reach every other without crossing a lake."""
    return lakes_leave_board_connected(lake_bits(terrain))


# -- bitboards: bit s stands for square s; movement floods through them in a few integer operations --------
FULL = (1 << SQUARES) - 1
NOT_COLUMN_A = sum(1 << s for s in range(SQUARES) if s % SIZE != 0)
NOT_COLUMN_F = sum(1 << s for s in range(SQUARES) if s % SIZE != SIZE - 1)


# the same as module names that stay private (unsigned 64-bit C integers when compiled)
_SIZE, _FULL, _NOT_COLUMN_A, _NOT_COLUMN_F = SIZE, FULL, NOT_COLUMN_A, NOT_COLUMN_F


def spread(bits: int) -> int:
    """Every square orthogonally next to a square in `bits`."""
    return (
        ((bits << _SIZE) & _FULL)
        | (bits >> _SIZE)
        | ((bits & _NOT_COLUMN_F) << 1)
        | ((bits & _NOT_COLUMN_A) >> 1)
    )


def lakes_leave_board_connected(lakes: int) -> bool:
    """`open_squares_connected` for the lakes as a bitboard: the open squares flooded from the first one."""
    open_bits = _FULL & ~lakes
    if not open_bits:
        return True
    reached = open_bits & -open_bits
    while True:
        grown = (reached | spread(reached)) & open_bits
        if grown == reached:
            return reached == open_bits
        reached = grown


def _chunk_table(offset: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(offset + i for i in range(12) if pattern >> i & 1) for pattern in range(1 << 12))


# squares of each 12-bit pattern in the three 12-square thirds of the board (a table beats a bit loop)
LOW, MID, HIGH = _chunk_table(0), _chunk_table(12), _chunk_table(24)


def squares_of(bits: int) -> list[int]:
    """The squares of a bitboard, in increasing order."""
    return [*LOW[bits & 0xFFF], *MID[(bits >> 12) & 0xFFF], *HIGH[bits >> 24]]


def squares_with(terrain: list[int] | tuple[int, ...], kind: int) -> list[int]:
    """The squares whose terrain is `kind`, in increasing order (the zones' view of a terrain kind)."""
    return [sq for sq, k in enumerate(terrain) if k == kind]


def on_board(squares: list[int], start: int, stop: int) -> list[int]:
    """The squares of pieces start..stop - 1 that stand on the board (a piece not placed or out has no square)."""
    return [sq for sq in squares[start:stop] if sq >= 0]


def lake_bits(terrain: list[int] | tuple[int, ...]) -> int:
    return sum(1 << s for s in range(SQUARES) if terrain[s] == LAKE)
