"""The four levels: one table, the same names in make_agent, the arena and the terminal."""

from __future__ import annotations

import json
import time

import pytest

from dwarfhall.agents import AgentSpecError, make_agent, play_game
from dwarfhall.agents.base import check_spec
from dwarfhall.agents.heuristic import HeuristicAgent
from dwarfhall.agents.ismcts import ISMCTSAgent
from dwarfhall.agents.levels import LEVELS, level_elo, level_names, measured
from dwarfhall.arena.runner import prepare
from dwarfhall.core import PlayerView, load_game
from dwarfhall.play.seats import agent_for, choose_seats
from dwarfhall.play.timing import thinking_budget


def test_levels_are_named_from_weakest_to_strongest() -> None:
    assert level_names() == ["easy", "normal", "hard", "expert"]


@pytest.mark.parametrize("name", list(LEVELS))
def test_make_agent_builds_a_level_by_its_name(name: str) -> None:
    agent = make_agent(name, 3)
    assert agent.spec == make_agent(LEVELS[name].spec, 3).spec
    assert type(agent) is type(make_agent(LEVELS[name].spec, 3))


def test_search_levels_stay_within_the_servers_budget() -> None:
    """Issue 23: hard at most 0.5 s per decision, expert at most 2 s: a cap on the search's own CPU seconds."""
    for name in ("hard", "expert"):
        agent = make_agent(name)
        assert isinstance(agent, ISMCTSAgent)
        assert agent.seconds is not None and agent.seconds <= LEVELS[name].budget
        assert agent.clock is time.thread_time  # other work on the machine does not shorten its search
    assert LEVELS["hard"].budget <= 0.5 and LEVELS["expert"].budget <= 2.0


def test_search_levels_have_fixed_iterations_and_expert_has_more() -> None:
    """A fixed number of iterations plays the same whatever the machine's load; expert searches more."""
    hard, expert = make_agent("hard"), make_agent("expert")
    assert isinstance(hard, ISMCTSAgent) and isinstance(expert, ISMCTSAgent)
    assert hard.iters is not None and expert.iters is not None and expert.iters >= 2 * hard.iters


@pytest.mark.parametrize("game_name", ["duel", "alewar", "spring"])
def test_every_level_spec_is_valid_for_every_game(game_name: str) -> None:
    game = load_game(game_name)
    for level in LEVELS.values():
        assert check_spec(level.spec, game) == level.spec
        assert check_spec(level.name, game) == level.name


def test_a_level_takes_no_parameters() -> None:
    with pytest.raises(AgentSpecError, match="the level 'hard' takes no parameters"):
        make_agent("hard:iters=5")


def test_an_unknown_name_lists_the_levels() -> None:
    with pytest.raises(AgentSpecError, match="levels: easy, normal, hard, expert"):
        make_agent("harder")


def test_the_arena_accepts_level_names() -> None:
    _, spec = prepare("arena", "duel", [], ["easy", "hard"], 1, 2)
    assert spec.specs == ("easy", "hard")


def test_the_terminal_seats_a_level_and_waits_its_budget() -> None:
    game = load_game("duel")
    seating = choose_seats(game, ["hard"], False, None)
    assert seating.seats == ["human", "hard"]
    agent = agent_for(seating.seats[1], 7, 1, 0)
    assert thinking_budget(agent) == LEVELS["hard"].budget  # the fixed answer delay covers the level's cap


def test_easy_blunders_as_its_parameter_says() -> None:
    """blunder=P: that share of decisions with a choice is random; 0 is the plain heuristic."""
    game = load_game("duel")
    state = game.new_state(2)
    while len(state.legal_action_ids()) < 3:
        state.apply(state.legal_action_ids()[0])
    view = PlayerView(state, state.current_player)
    always = {make_agent("heuristic:blunder=1", s).choose(view) for s in range(40)}
    never = {make_agent("heuristic:blunder=0", s).choose(view) for s in range(40)}
    plain = {make_agent("heuristic", s).choose(view) for s in range(40)}
    assert len(always) > 1 and never == plain
    easy = make_agent("easy")
    assert isinstance(easy, HeuristicAgent) and 0 < easy.blunder < 1
    with pytest.raises(AgentSpecError, match="blunder must be a number from 0 to 1"):
        make_agent("heuristic:blunder=1.5")


def test_easy_plays_a_whole_game() -> None:
    game = load_game("alewar")
    final = play_game(game, [make_agent("easy", 1), make_agent("normal", 2)], 3)
    assert final.is_terminal


def test_the_stored_measurement_names_its_games_and_levels() -> None:
    """The Elo shown for a level comes from the file bench/levels.py writes, with how many games it rests on."""
    data = measured()
    assert data, "src/dwarfhall/agents/levels_measured.json is missing"
    assert data["games"]
    for game, entry in data["games"].items():
        assert entry["command"].startswith(".venv/bin/python bench/levels.py")
        assert entry["games"] >= 1 and entry["small_run"] == (entry["games_per_pairing"] < 300)
        assert set(entry["levels"]) == set(LEVELS)
        for name in LEVELS:
            stored = entry["levels"][name]
            # a figure measured for another spec than the level's present one is not shown, nor one of a level
            # that played no game against another level (bench/levels.py then writes no Elo for it)
            assert level_elo(name, game) == (stored.get("elo") if stored["spec"] == LEVELS[name].spec else None)
    assert level_elo("hard", "no-such-game") is None
    json.dumps(data)  # plain data, as the server will send it
