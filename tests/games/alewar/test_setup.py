"""Setup: terrain by rolled column and row, the roll-off for sides, alternating unit placement, the barrels."""

from __future__ import annotations

from dwarfhall.core import Rng, load_game
from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar.board import LAKE, SQUARES, open_squares_connected, row_of, square
from dwarfhall.games.alewar.phases import MOVE, PLACE_BARRELS, PLACE_UNITS, SIDES, TERRAIN
from dwarfhall.games.alewar.state import AleWarState

from .helpers import position


def new(seed: int, **options: object) -> AleWarState:
    state = load_game("alewar", options).new_state(seed)
    assert isinstance(state, AleWarState)
    return state


def play_setup(state: AleWarState, rng: Rng) -> None:
    while state.phase < MOVE:
        state.apply(rng.choice(state.legal_action_ids()))


def test_terrain_counts_match_the_components() -> None:
    """Every terrain piece of the components is on the board after setup (3 trees, 3 hills, 2 lakes)."""
    for seed in range(20):
        state = new(seed)
        assert sorted(k for k in state.terrain if k) == [1, 1, 1, 2, 2, 2, 3, 3]
        assert len(state.terrain_log) == 8


def test_terrain_placed_by_alternating_players() -> None:
    """Terrain pieces are placed by seat 0, 1, 0, 1, ..."""
    assert [e[0] for e in new(3).terrain_log] == [0, 1, 0, 1, 0, 1, 0, 1]


def test_terrain_rerolled_onto_occupied_squares() -> None:
    """Column and row are rolled with 1d6 each and re-rolled while the square already has terrain."""
    rerolls = 0
    for seed in range(60):
        terrain = [0] * SQUARES
        for _, kind, placed, rolls in new(seed).terrain_log:
            for column, row in rolls[:-1]:
                rolled = square(column, row)
                assert terrain[rolled] or (kind == LAKE and _cuts_off(terrain, rolled))
                rerolls += 1
            assert square(*rolls[-1]) == placed and not terrain[placed]
            terrain[placed] = kind
    assert rerolls > 0


def _cuts_off(terrain: list[int], sq: int) -> bool:
    with_lake = terrain.copy()
    with_lake[sq] = LAKE
    return not open_squares_connected(with_lake)


def test_lake_is_rerolled_when_it_would_cut_off_a_square() -> None:
    """Reading: a lake that would wall a square off from the rest of the board is re-rolled."""
    for seed in range(40):
        state = position(
            {"terrain_pick": "choose"}, phase="terrain", terrain={"a2": "lake"}, units={}, barrels=["reserve"] * 2,
            terrain_left={"tree": 0, "hill": 0, "lake": 1}, rng=seed,
        )
        state.apply(A.PICK_TERRAIN + 2)
        assert state.terrain[square(2, 1)] != LAKE  # b1 would seal a1 in
        assert open_squares_connected(state.terrain)


def test_random_terrain_needs_no_decision() -> None:
    """Default reading: the next piece is picked at random, so the first decision is the choice of sides."""
    state = new(5)
    assert state.phase == SIDES


def test_choose_terrain_option_lets_the_placing_player_pick_the_kind() -> None:
    """Option terrain_pick="choose": the placing seat chooses tree, hill or lake; seats alternate."""
    state = new(5, terrain_pick="choose")
    assert state.phase == TERRAIN and state.current_player == 0
    assert state.legal_action_ids() == (A.PICK_TERRAIN, A.PICK_TERRAIN + 1, A.PICK_TERRAIN + 2)
    state.apply(A.PICK_TERRAIN + 2)
    assert state.current_player == 1 and state.terrain_left == (3, 3, 1)
    assert sum(1 for k in state.terrain if k == LAKE) == 1


def test_roll_off_rerolls_ties_and_the_winner_chooses() -> None:
    """Both roll 1d6, ties are re-rolled, the higher roll picks a side."""
    ties = 0
    for seed in range(60):
        state = new(seed)
        rolls = state.roll_off
        assert all(a == b for a, b in rolls[:-1]) and rolls[-1][0] != rolls[-1][1]
        ties += len(rolls) - 1
        winner = 0 if rolls[-1][0] > rolls[-1][1] else 1
        assert state.current_player == winner
        state.apply(A.CHOOSE_GOBLINS)
        assert state.dwarf_seat == 1 - winner
    assert ties > 0


def test_dwarf_seat_option_skips_the_roll_off() -> None:
    """Option dwarf_seat: sides are fixed and the Dwarf player places first."""
    state = new(5, dwarf_seat=1)
    assert state.phase == PLACE_UNITS and state.current_player == 1 and state.roll_off == ()


def test_unit_placement_rows_and_order() -> None:
    """Dwarf player first, alternating; Dwarves on rows 4-6, Goblins on rows 1-3; never on a lake or a unit."""
    for seed in range(10):
        state = new(seed, dwarf_seat=0)
        rng = Rng(seed)
        sides = []
        while state.phase == PLACE_UNITS:
            side = state.side
            sides.append(side)
            legal = state.legal_action_ids()
            for action in legal:
                unit, sq = divmod(action - A.PLACE_UNIT, SQUARES)
                assert (unit < 3) == (side == 0)
                assert row_of(sq) in ((4, 5, 6) if side == 0 else (1, 2, 3))
                assert state.terrain[sq] != LAKE and state.occ[sq] == -1
            state.apply(rng.choice(legal))
        assert sides == [0, 1, 0, 1, 0, 1]


def test_goblins_place_both_barrels_on_any_free_square() -> None:
    """After the units the Goblin player places the two barrels on any square but lakes, units and barrels;
    rows are not restricted (reading)."""
    state = new(2, dwarf_seat=0)
    rng = Rng(2)
    while state.phase == PLACE_UNITS:
        state.apply(rng.choice(state.legal_action_ids()))
    assert state.phase == PLACE_BARRELS and state.current_player == 1
    squares = {a - A.PLACE_BARREL for a in state.legal_action_ids()}
    assert squares == {s for s in range(SQUARES) if state.terrain[s] != LAKE and state.occ[s] == -1}
    assert any(row_of(s) >= 4 for s in squares)
    first = min(squares)
    state.apply(A.PLACE_BARREL + first)
    assert A.PLACE_BARREL + first not in state.legal_action_ids()
    state.apply(state.legal_action_ids()[0])
    assert state.phase == MOVE and state.turn == 1 and state.current_player == 0  # the Dwarves start


def test_the_dwarf_player_starts_play() -> None:
    """Play begins with the Dwarves, whichever seat plays them."""
    for seat in (0, 1):
        state = new(9, dwarf_seat=seat)
        play_setup(state, Rng(9))
        assert state.side == 0 and state.current_player == seat
