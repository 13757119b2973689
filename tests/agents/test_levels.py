"""The four levels: one table, the same names in make_agent, the arena and the terminal."""

from __future__ import annotations

import json
import time

import pytest

from dwarfhall.agents import AgentSpecError, make_agent, play_game
from dwarfhall.agents import levels as levels_module
from dwarfhall.agents.base import check_spec
from dwarfhall.agents.heuristic import HeuristicAgent
from dwarfhall.agents.ismcts import ISMCTSAgent
from dwarfhall.agents.levels import LEVELS, TABLE, level_elo, level_names, level_of, levels_for, measured, read_levels
from dwarfhall.arena.runner import prepare
from dwarfhall.core import PlayerView, load_game
from dwarfhall.core.errors import DataError
from dwarfhall.core.registry import game_names
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
    for level in (*LEVELS.values(), *levels_for(game_name).values()):
        assert check_spec(level.spec, game) == level.spec
        assert check_spec(level.name, game) == level.name


@pytest.mark.parametrize("game_name", ["duel", "alewar", "spring"])
def test_every_game_plays_its_levels_within_the_servers_budget(game_name: str) -> None:
    """Issue 23's budgets hold for the spec each game plays: a search caps its own CPU seconds at the level's."""
    for name, level in levels_for(game_name).items():
        agent = make_agent(name, 1, game_name)
        assert agent.spec == make_agent(level.spec, 1).spec
        if isinstance(agent, ISMCTSAgent):
            assert agent.seconds is not None and agent.seconds <= level.budget
            assert agent.clock is time.thread_time


def test_the_levels_file_names_only_installed_games() -> None:
    assert set(TABLE.games) <= set(game_names())


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
            now = levels_for(game)[name].spec
            assert level_elo(name, game) == (stored.get("elo") if stored["spec"] == now else None)
    assert level_elo("hard", "no-such-game") is None
    json.dumps(data)  # plain data, as the server will send it


PER_GAME = b"""format = "dwarfhall-levels/1"
[level.easy]
spec = "heuristic:blunder=0.35"
budget = 0.1
[level.normal]
spec = "heuristic"
budget = 0.1
[level.hard]
spec = "ismcts:iters=4000,time=0.5,clock=cpu,bias=3"
budget = 0.5
[level.expert]
spec = "ismcts:iters=16000,time=2,clock=cpu,bias=3,infer=on"
budget = 2.0
[game.duel]
normal = "heuristic:blunder=0.1"
hard = "ismcts:iters=7,time=0.5,clock=cpu"
"""


def test_a_games_own_spec_is_played_in_that_game_and_no_other(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels_module, "TABLE", read_levels(PER_GAME, "levels.toml"))
    assert make_agent("hard", 3, "duel").spec == make_agent("ismcts:iters=7,time=0.5,clock=cpu", 3).spec
    assert make_agent("hard", 3, "alewar").spec == make_agent(LEVELS["hard"].spec, 3).spec
    assert make_agent("hard", 3).spec == make_agent(LEVELS["hard"].spec, 3).spec  # no game: the default
    agent = make_agent("normal", 3, "duel")
    assert isinstance(agent, HeuristicAgent) and agent.blunder == 0.1
    # the arena and the terminal build a level for the game they play
    _, run = prepare("arena", "duel", [], ["hard", "easy"], 1, 2)
    assert run.specs == ("hard", "easy")
    assert agent_for("hard", 7, 1, 0, "duel").spec == make_agent("ismcts:iters=7,time=0.5,clock=cpu").spec
    # the server tells the level of a bot's spec per game
    assert level_of("ismcts:iters=7,time=0.5,clock=cpu", "duel") == "hard"
    assert level_of("ismcts:iters=7,time=0.5,clock=cpu", "alewar") is None
    assert level_of(LEVELS["hard"].spec, "alewar") == "hard" and level_of(LEVELS["hard"].spec, "duel") is None


def test_a_level_elo_needs_the_spec_the_game_plays_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """An Elo measured for a level's former spec in a game is not shown for its new spec there."""
    entry = {
        "levels": {"normal": {"spec": "heuristic", "elo": 1500}, "hard": {"spec": LEVELS["hard"].spec, "elo": 1600}}
    }
    monkeypatch.setattr(levels_module, "measured", lambda: {"games": {"duel": entry, "alewar": entry}})
    monkeypatch.setattr(levels_module, "TABLE", read_levels(PER_GAME, "levels.toml"))
    assert level_elo("normal", "duel") is None and level_elo("hard", "duel") is None
    assert level_elo("normal", "alewar") == 1500 and level_elo("hard", "alewar") == 1600


BAD_FILES = [
    (PER_GAME.replace(b"[level.expert]", b"[level.master]"), "levels.toml: level: missing expert"),
    (PER_GAME.replace(b'hard = "ismcts:iters=7', b'harder = "ismcts:iters=7'), "levels.toml: game: duel: unknown key"),
    (
        PER_GAME.replace(b'normal = "heuristic:blunder=0.1"', b"normal = 3"),
        "levels.toml: game: duel: normal: must be text",
    ),
    (PER_GAME.replace(b"budget = 0.5", b'budget = "half"'), "levels.toml: level: hard: budget: must be a number"),
    (
        PER_GAME.replace(b'"heuristic:blunder=0.1"', b'"hard"'),
        "levels.toml: game: duel: normal: names the level 'hard'",
    ),
    (
        PER_GAME.replace(b'"heuristic:blunder=0.1"', b'"heuristic:blunder=0.35"'),
        "levels.toml: game: duel: normal: plays the same spec as easy",
    ),
    (PER_GAME.replace(b"[game.duel]", b"[game.duel"), "levels.toml is not valid TOML"),
    (
        PER_GAME.replace(b"dwarfhall-levels/1", b"dwarfhall-levels/2"),
        "levels.toml: format: must be 'dwarfhall-levels/1'",
    ),
]


@pytest.mark.parametrize(("raw", "message"), BAD_FILES)
def test_a_malformed_levels_file_is_refused_naming_file_and_key(raw: bytes, message: str) -> None:
    with pytest.raises(DataError) as caught:
        read_levels(raw, "levels.toml")
    assert str(caught.value).startswith(message), str(caught.value)
    assert "\n" not in str(caught.value) and "Traceback" not in str(caught.value)
