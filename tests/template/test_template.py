"""The template game (examples/template) runs through every driver: agents, arena and report, the terminal, the
server, views, scenarios.

The conformance suite (tests/core/test_conformance.py) and the interop layers (tests/interop) run on it too.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from examples.template import HighDrawGame
from examples.template.components import PATH, SCHEMA, load_components
from examples.template.rules import final_scores
from examples.template.state import HighDrawState

from dwarfhall.agents import make_agent, play_game
from dwarfhall.arena.backends import InlineBackend
from dwarfhall.arena.report import write_report
from dwarfhall.arena.store import open_store
from dwarfhall.core import DataError, InvalidOptions, Rng, ScenarioError, registry
from dwarfhall.core.data import load_data
from dwarfhall.play.session import Outcome
from tests.arena.helpers import play, stored
from tests.play.conftest import play as play_in_terminal
from tests.server.helpers import client_for, create, make_service, play_people, view

SCENARIO = Path(__file__).parents[2] / "examples" / "template" / "scenarios" / "last_turn.toml"


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    """Registered only while these tests run: the product lists its three games, not the template."""
    registry.register("highdraw", HighDrawGame)
    yield
    registry.unregister("highdraw")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iters=30"])
def test_agents_finish_games_at_every_table_size(players: int, spec: str) -> None:
    game = HighDrawGame({"players": players})
    for seed in range(3):
        agents = [make_agent(spec if seat == 0 else "random", seed + seat) for seat in range(players)]
        final = play_game(game, agents, seed)
        assert final.is_terminal and len(final.returns()) == players


def test_options_name_the_bad_player_count() -> None:
    with pytest.raises(InvalidOptions, match="players: must be 2, 3 or 4, got 5"):
        HighDrawGame({"players": 5})


def test_rule_hands_stay_hidden_until_the_end_then_every_hand_is_shown() -> None:
    game = HighDrawGame({"players": 3})
    state = game.new_state(7)
    seen = state.observation(1)
    assert seen["hands"][1] == sorted(state.hands[1]) and seen["hands"][0] is None and seen["hands"][2] is None
    rng = Rng(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_action_ids()))
    assert state.observation(1)["hands"] == state.hands and state.observation(1)["final"] == final_scores(state)


def test_rule_the_highest_card_left_in_hand_scores_the_bonus() -> None:
    state = HighDrawGame().load_scenario(SCENARIO)
    assert isinstance(state, HighDrawState) and state.current_player == 1
    keep = state.clone()
    keep.apply(0)  # play the 9, keep the 20: 17 + 9 + 5 bonus = 31 against 34
    assert final_scores(keep) == [34, 31] and keep.returns() == [1.0, -1.0]
    spend = state.clone()
    spend.apply(1)  # play the 20: 37 against 34 (player 1 draws the 4; player 0's 18 earns the bonus: 39)
    assert final_scores(spend) == [39, 37] and spend.returns() == [1.0, -1.0]


def test_the_data_file_gives_every_number_a_source_and_the_card_a_name_in_english_and_german() -> None:
    components = HighDrawGame().components
    assert components.deck == tuple(range(1, 21)) and components.bonus == 5
    assert components.source_of("count") == "rulebook" and components.source_of("bonus") == "reconstructed"
    assert components.name.form("en") == "card" and components.name.form("de", "acc") == "Karte"


def test_a_broken_data_file_is_an_error_naming_the_file_entry_and_value(tmp_path: Path) -> None:
    broken = tmp_path / "components.toml"
    broken.write_text(PATH.read_text(encoding="utf-8").replace("turns = 3", "turns = 0"), encoding="utf-8")
    with pytest.raises(DataError, match=r"components\.toml: play: turns: 0 is outside 1\.\.10"):
        load_data(broken, "components file", SCHEMA)
    broken.write_text(PATH.read_text(encoding="utf-8").replace("count = 20", "count = 7"), encoding="utf-8")
    with pytest.raises(DataError, match=r"components\.toml: deck: count: 7 cards cannot deal 4 hands"):
        load_components(broken)


def test_a_scenario_error_names_the_field() -> None:
    game = HighDrawGame()
    with pytest.raises(ScenarioError, match=r"hands\[1\]\[0\]: 21 is outside 1\.\.20"):
        game.scenario_from_dict({"hands": [[1, 2], [21, 3]]})
    with pytest.raises(ScenarioError, match="a card lies in two places"):
        game.scenario_from_dict({"hands": [[1, 2], [2, 3]]})


def test_a_tiny_arena_run_on_the_template_and_its_report(tmp_path: Path) -> None:
    outcome = play(tmp_path / "t.sqlite", InlineBackend(), "highdraw", ("random", "ismcts:iters=20"), 1, 4)
    results = stored(tmp_path / "t.sqlite")
    assert len(results) == 4 and outcome.summary["rating"] == "elo"
    assert all(abs(sum(r.returns)) < 1e-9 for r in results)
    with open_store(tmp_path / "t.sqlite") as store:
        written = write_report(store.run(1), store.results(1), tmp_path / "report")
    page = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert "<title>highdraw: random vs ismcts:iters=20, 4 games</title>" in page and written


def test_a_person_plays_the_template_in_the_terminal(tmp_path: Path) -> None:
    state = HighDrawGame().new_state(3)
    outcome, console, _ = play_in_terminal(state, ["1", "2", "1"], tmp_path)
    assert outcome == Outcome.FINISHED and "play your" in console.text


def test_people_play_the_template_on_the_server(tmp_path: Path) -> None:
    with client_for(make_service(tmp_path / "server.sqlite")) as client:
        g = create(client, "highdraw", [{"kind": "person"}] * 3, options={"players": 3})
        tokens = [seat["token"] for seat in g["seats"]]
        assert play_people(client, g["id"], tokens, random.Random(2)) == 9  # three turns each
        seen = view(client, g["id"], tokens[0])
        assert seen["to_act"] is None and "<section>" in seen["html"]


def test_text_and_web_views_show_only_the_viewers_hand() -> None:
    game = HighDrawGame()
    state = game.new_state(2)
    hidden = " ".join(map(str, sorted(state.hands[1])))
    text = game.text_view().render(state.observation(0), "de", False)
    assert text.startswith("Stapel: 16 Karten") and "??" in text and hidden not in text
    html = game.web_view().render(state.observation(0), state.legal_actions(), "en")
    assert "play your higher card" in html and hidden not in html


def test_the_template_is_no_product_game() -> None:
    from importlib.metadata import entry_points

    installed = {e.name for e in entry_points(group="dwarfhall.games")}
    assert len(installed) == 3 and "highdraw" not in installed
