"""The action space: built from named blocks, yet every id keeps the meaning it had (docs/rules/alewar.md,
"Actions"), so records, golden files and trained policies stay valid."""

from __future__ import annotations

from dwarfhall.core import Rng, load_game
from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar.labels import BY_BLOCK

# the layout as it was written out by hand before the action space: (first id, block, dimensions)
OLD_LAYOUT = [
    (0, "choose_dwarves", ()),
    (1, "choose_goblins", ()),
    (2, "pick_terrain", (3,)),  # tree, hill, lake
    (5, "no_attack", ()),
    (6, "no_reinforcement", ()),
    (7, "pass", ()),
    (8, "place_unit", (6, 36)),  # 8 + unit * 36 + square
    (224, "place_barrel", (36,)),  # 224 + square
    (260, "move", (6, 36)),  # 260 + unit * 36 + destination
    (476, "attack", (36,)),  # 476 + target square
    (512, "reinforce", (3, 6)),  # 512 + goblin slot * 6 + column of row 1
]


def _old_meaning(action_id: int) -> tuple[str, tuple[int, ...]]:
    """Decodes an id with the old hand-written arithmetic."""
    for base, name, dims in reversed(OLD_LAYOUT):
        if action_id >= base:
            rest = action_id - base
            if len(dims) == 2:
                return name, divmod(rest, dims[1])
            return name, (rest,) if dims else ()
    raise AssertionError(action_id)


def test_every_old_id_keeps_its_meaning() -> None:
    assert A.SPACE.size == A.NUM_ACTIONS == 530 == load_game("alewar").num_distinct_actions()
    for action_id in range(530):
        assert A.SPACE.decode(action_id) == _old_meaning(action_id), action_id
    assert [(b.base, b.name) for b in A.SPACE.blocks] == [(base, name) for base, name, _ in OLD_LAYOUT]


def test_plain_int_bases_and_helpers_match_the_blocks() -> None:
    assert (A.CHOOSE_DWARVES, A.CHOOSE_GOBLINS, A.PICK_TERRAIN, A.NO_ATTACK, A.NO_REINFORCEMENT, A.PASS) == (
        0, 1, 2, 5, 6, 7
    )
    assert (A.PLACE_UNIT, A.PLACE_BARREL, A.MOVE, A.ATTACK, A.REINFORCE) == (8, 224, 260, 476, 512)
    for unit in range(6):
        for sq in range(36):
            assert A.place_unit(unit, sq) == A.PLACE_UNIT_IDS.encode(unit, sq) == 8 + unit * 36 + sq
            assert A.move(unit, sq) == A.MOVE_IDS.encode(unit, sq) == 260 + unit * 36 + sq
    for goblin in (3, 4, 5):
        for column in range(6):
            assert A.reinforce(goblin, column) == A.REINFORCE_IDS.encode(goblin - 3, column)


def test_every_block_has_a_label() -> None:
    assert set(BY_BLOCK) == {b.name for b in A.SPACE.blocks}


def test_labels_follow_the_decoded_block() -> None:
    """Random games in every option: each legal action's payload type is the one of its block."""
    payload_type = {
        "choose_dwarves": "side", "choose_goblins": "side", "pick_terrain": "terrain", "no_attack": "no_attack",
        "no_reinforcement": "no_reinforcement", "pass": "pass", "place_unit": "place", "place_barrel": "barrel",
        "move": "move", "attack": "attack", "reinforce": "reinforce",
    }
    seen: set[str] = set()
    for options in ({}, {"terrain_pick": "choose", "hit_rule": "at_least"}):
        game = load_game("alewar", options)
        for seed in range(4):
            state = game.new_state(seed)
            rng = Rng(seed)
            while not state.is_terminal and len(state.history) < 400:
                for action in state.legal_actions():
                    block, _ = A.SPACE.decode(action.id)
                    assert action.payload["type"] == payload_type[block]
                    seen.add(block)
                state.apply(rng.choice(state.legal_action_ids()))
    assert seen >= set(payload_type) - {"pass"}
