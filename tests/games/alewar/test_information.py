"""Information, copies and saving: perfect information but future dice; clone, JSON and scenario checks."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dwarfhall.core import Rng, ScenarioError, load_game
from dwarfhall.games.alewar.state import AleWarState

from .helpers import position


def midgame(seed: int = 4, steps: int = 40) -> AleWarState:
    state = load_game("alewar").new_state(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
    assert isinstance(state, AleWarState)
    return state


def test_every_player_sees_the_public_view() -> None:
    """Nothing is hidden: each player's observation is the public one plus who is looking."""
    state = midgame()
    public = state.observation(None)
    for player in (0, 1):
        seen = state.observation(player)
        assert seen["viewer"] == player
        assert {k: v for k, v in seen.items() if k != "viewer"} == {k: v for k, v in public.items() if k != "viewer"}
    json.dumps(public)


def test_observation_lists_board_units_barrels_and_last_roll() -> None:
    state = midgame(steps=200)
    obs = state.observation(None)
    assert {"terrain", "units", "barrels", "knocked_out", "phase", "to_act", "last_attack", "seats"} <= set(obs)
    assert all({"movement", "armor", "name", "square", "status", "reconstructed"} <= set(u) for u in obs["units"])


def test_observation_rejects_a_bad_player() -> None:
    with pytest.raises(ValueError, match="player"):
        midgame().observation(2)


def test_determinize_keeps_the_position_and_reseeds_the_dice() -> None:
    """The determinized state equals the real one except for its Rng, which comes from the given rng."""
    state = midgame()
    other = state.determinize(0, Rng(99))
    assert other.observation(None) == state.observation(None)
    assert other.rng.state != state.rng.state
    assert state.determinize(0, Rng(99)).rng.state == other.rng.state


def test_clone_is_deep_and_independent() -> None:
    state = midgame()
    before = state.to_json()
    copy = state.clone()
    rng = Rng(1)
    while not copy.is_terminal:
        copy.apply(rng.choice(copy.legal_action_ids()))
    assert state.to_json() == before
    assert copy.history[: len(state.history)] == state.history


def test_json_round_trip() -> None:
    for steps in (0, 5, 15, 40, 120, 400):
        state = midgame(steps=steps)
        again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert again.to_json() == state.to_json()
        assert again.legal_action_ids() == state.legal_action_ids()


def _body(**change: Any) -> dict[str, Any]:
    data = midgame(steps=40).to_json()
    data["state"].update(change)
    return data


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"phase": "lunch"}, "phase"),
        ({"units": {"axeman": "z9"}}, r"units\.axeman"),
        ({"units": {"gandalf": "a1"}}, r"units\.gandalf"),
        ({"barrels": ["a1"]}, "barrels"),
        ({"terrain": {"q1": "tree"}}, r"terrain\.q1"),
        ({"terrain": {"a1": "volcano"}}, r"terrain\.a1"),
        ({"turn": -3}, "turn"),
        ({"dwarf_seat": 4}, "dwarf_seat"),
        ({"roll_off": [[7, 1]]}, r"roll_off\[0\]"),
        ({"side_to_act": "orcs"}, "side_to_act"),
        ({"winner": "orcs"}, "winner"),
        ({"last_attack": {"attacker": "axeman"}}, r"last_attack"),
    ],
)
def test_bad_saved_state_names_the_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError, match=field):
        load_game("alewar").state_from_json(_body(**change))


def test_scenario_rejects_units_on_lakes_or_stacked() -> None:
    with pytest.raises(ScenarioError, match=r"units\.axeman: c3 is a lake"):
        position(units={"axeman": "c3", "brute": "a1"}, barrels=["f1", "f2"], terrain={"c3": "lake"})
    with pytest.raises(ScenarioError, match=r"units\.brute: c3 is already taken by units\.axeman"):
        position(units={"axeman": "c3", "brute": "c3"}, barrels=["f1", "f2"])


def test_scenario_rejects_positions_that_contradict_the_phase() -> None:
    with pytest.raises(ScenarioError, match="barrels: both barrels are destroyed"):
        position(units={"axeman": "c3"}, barrels=["destroyed", "destroyed"])
    with pytest.raises(ScenarioError, match="every Dwarf is knocked out"):
        position(units={"brute": "c3"}, barrels=["a1", "a2"])
    with pytest.raises(ScenarioError, match="moved_unit"):
        position(units={"axeman": "c3", "brute": "f1"}, barrels=["a1", "a2"], phase="attack", moved_unit="axeman")


def test_scenario_file_in_toml(tmp_path: Any) -> None:
    """The core's load_scenario reads a hand-written TOML position."""
    path = tmp_path / "puzzle.toml"
    path.write_text(
        'barrels = ["a1", "f1"]\n[units]\naxeman = "a2"\nbrute = "c3"\n[terrain]\nb2 = "hill"\n', encoding="utf-8"
    )
    state = load_game("alewar").load_scenario(path)
    assert state.observation(None)["units"][0]["square"] == "a2"
    assert state.start is not None


def test_scenario_defaults_follow_the_phase() -> None:
    """A hand-written setup or reinforcement position gets the side that acts in it."""
    placing = position(phase="place_units", units={"axeman": "c5"}, barrels=["reserve", "reserve"])
    assert placing.side == 1 and placing.current_player == 1
    reinforcing = position(phase="reinforce", units={"axeman": "c5", "brute": "c3"}, barrels=["a2", "f2"])
    assert reinforcing.side == 1
