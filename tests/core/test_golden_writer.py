"""The one golden-playthrough writer (tests/support/golden.py): what it writes can be read back to exactly the
game's observations, legal actions and choices, for any number of players."""

from __future__ import annotations

import json

import pytest

from dwarfhall.core import Rng, load_game
from tests.support.golden import CASES, Case, flatten, playthrough, read, unflatten
from tests.support.relay_play import RelayPlayGame


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_playthrough_reads_back_to_every_observation_legal_list_and_choice(
    players: int, relay: RelayPlayGame
) -> None:
    case = Case("relay", 5, mover=77, options={"players": players})
    parsed = read(playthrough(case))
    state = load_game("relay", {"players": players}).new_state(5)
    mover = Rng(77)
    for step in parsed.steps:
        assert step.public == state.observation(None)
        assert step.players == [state.observation(p) for p in range(players)]
        if state.is_terminal:
            break
        assert step.player == state.current_player
        assert step.legal == [(a.id, a.label("en")) for a in state.legal_actions()]
        assert step.chosen == mover.choice(state.legal_action_ids())
        state.apply(step.chosen)
    assert state.is_terminal and len(parsed.steps) == len(state.history) + 1
    assert (parsed.returns, parsed.scores) == (state.returns(), state.scores())


def test_a_hidden_hand_appears_only_in_its_owners_line(relay: RelayPlayGame) -> None:
    """The public lines never show a hand's cards; each player's line adds their own hand and no one else's."""
    text = playthrough(Case("relay", 3, mover=8, options={"players": 4}))
    owners_lines = 0
    for line in text.splitlines():
        head, _, body = line.partition(": ")
        if head == "public":
            assert all(v is None for k, v in json.loads(body).items() if k.startswith("hand[") and k.endswith(".cards"))
        elif head.startswith("player ") and not head.endswith("without"):
            seat = int(head.split()[1])
            hands = {k for k in json.loads(body) if k.startswith("hand[")}
            assert hands <= {f"hand[{seat}].cards"}, line
            owners_lines += bool(hands)
    assert owners_lines > 0


def test_flatten_spells_one_dict_per_player_as_key_index_field_and_unflatten_undoes_it() -> None:
    obs = {"turn": 3, "players": [{"hand": [1], "vp": 2}, {"hand": None, "vp": 0}], "units": [{"a": 1}]}
    flat = flatten(obs, 2)
    assert flat == {"turn": 3, "players[0].hand": [1], "players[0].vp": 2, "players[1].hand": None,
                    "players[1].vp": 0, "units": [{"a": 1}]}  # fmt: skip
    assert unflatten(flat) == obs


def test_every_pinned_game_of_every_game_is_listed_once() -> None:
    assert sorted(case.id for case in CASES) == [
        "alewar-seed1399", "alewar-seed2888", "duel-seed2", "duel-seed9", "spring-seed12", "spring-seed7"]  # fmt: skip
    assert len({case.path for case in CASES}) == len(CASES)
