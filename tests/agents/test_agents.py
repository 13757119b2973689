"""Agents pick legal moves, leave the real state alone, and use the game's heuristic as documented."""

from __future__ import annotations

import math
import time
import zlib
from typing import Any

import pytest

from dwarfhall.agents import Agent, AgentSpecError, make_agent, play_game
from dwarfhall.agents.ismcts import ISMCTSAgent
from dwarfhall.core import Game, PlayerView, Rng, State
from dwarfhall.core.heuristic import Heuristic

from ..support.kuhn import BET, PASS, KuhnGame, KuhnState
from .conftest import decision_points
from .stones import StonesGame, StonesState

SPECS = [
    "random",
    "heuristic",
    "heuristic:samples=1",
    "ismcts:iters=40",
    "ismcts:iters=25,c=1.5",
    "ismcts:iters=25,rollout=eval,depth=1",
    "ismcts:time=0.002",
]


@pytest.mark.parametrize("spec", SPECS)
def test_agents_finish_kuhn_games_with_legal_moves(kuhn: KuhnGame, spec: str) -> None:
    for seed in range(40):
        agents = [make_agent(spec, seed), make_agent("random", seed + 1)]
        if seed % 2:
            agents.reverse()
        final = play_game(kuhn, agents, seed)  # raises IllegalAction on an illegal choice
        assert final.is_terminal


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iters=60"])
def test_agents_play_three_player_games(spec: str) -> None:
    game = StonesGame()
    for seed in range(10):
        final = play_game(game, [make_agent(spec, seed + s) for s in range(3)], seed)
        assert final.is_terminal and sorted(final.returns()) == [-1.0, -1.0, 1.0]


def test_ismcts_takes_a_win_in_a_three_player_game() -> None:
    # two stones left: taking both wins at once; taking one hands the win to the next player
    state = StonesState(StonesGame(), Rng(1), stones=2, turn=1)
    for seed in range(5):
        assert make_agent("ismcts:iters=200", seed).choose(PlayerView(state, 1)) == 1


def test_ismcts_avoids_giving_the_next_player_the_win() -> None:
    # three stones: taking two leaves one for the next player; taking one leaves two, which they take
    # either way the next player can win at once, so look at four: taking one leaves three (next cannot win)
    state = StonesState(StonesGame(), Rng(1), stones=4, turn=0)
    choices = [make_agent("ismcts:iters=400", seed).choose(PlayerView(state, 0)) for seed in range(5)]
    assert choices.count(0) >= 4


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iters=50", "ismcts:iters=30,rollout=eval"])
def test_choosing_leaves_the_real_state_untouched(kuhn: KuhnGame, spec: str) -> None:
    state = kuhn.new_state(4)
    state.apply(PASS)
    before = state.to_json()
    make_agent(spec, 3).choose(PlayerView(state, 1))
    assert state.to_json() == before


@pytest.mark.parametrize("spec", ["random", "heuristic", "heuristic:samples=3", "ismcts:iters=300"])
def test_no_peeking_kuhn(kuhn: KuhnGame, spec: str) -> None:
    """Only the opponent's card and the future of the Rng differ: the choice must not."""
    for bets in ([], [PASS], [BET], [PASS, BET]):
        player = len(bets) % 2
        for own in (1, 2, 3):
            choices = set()
            for other in (c for c in (1, 2, 3) if c != own):
                for rng_state in (7, 123456789):
                    cards = [own, other] if player == 0 else [other, own]
                    state = KuhnState(kuhn, Rng(rng_state), cards, list(bets))
                    state.history = list(bets)
                    choices.add(make_agent(spec, 99).choose(PlayerView(state, player)))
            assert len(choices) == 1, f"{spec} with card {own} after {bets} peeked: {choices}"


def test_ismcts_beats_random_at_kuhn(kuhn: KuhnGame) -> None:
    """Mean payoff over 1000 games with seats alternating; the bound is 3.3 standard errors below the mean."""
    payoffs = []
    for seed in range(1000):
        agents = [make_agent("ismcts:iters=100", seed), make_agent("random", seed + 5000)]
        seat = seed % 2
        if seat:
            agents.reverse()
        payoffs.append(play_game(kuhn, agents, seed).returns()[seat])
    mean = sum(payoffs) / len(payoffs)
    sd = math.sqrt(sum((p - mean) ** 2 for p in payoffs) / (len(payoffs) - 1))
    lower = mean - 3.3 * sd / math.sqrt(len(payoffs))
    assert lower > 0.05, f"ISMCTS mean payoff {mean:.3f} (lower bound {lower:.3f}) is not clearly above random"


def test_ismcts_time_budget_is_respected(kuhn: KuhnGame) -> None:
    agent = make_agent("ismcts:time=0.05,stop=budget", 1)  # Kuhn's two moves are often settled early
    assert isinstance(agent, ISMCTSAgent)
    state = kuhn.new_state(2)
    start = time.perf_counter()
    agent.choose(PlayerView(state, 0))
    assert time.perf_counter() - start < 0.5
    assert agent.last_iterations > 10 and agent.last_seconds >= 0.05
    early = make_agent("ismcts:time=0.05", 1)
    assert isinstance(early, ISMCTSAgent)
    start = time.perf_counter()
    early.choose(PlayerView(state, 0))
    assert time.perf_counter() - start < 0.5 and early.last_iterations > 10


def test_ismcts_cpu_clock_counts_the_searching_threads_cpu_seconds(kuhn: KuhnGame) -> None:
    """clock=cpu: time= is a cap on the search's own CPU seconds, which a sleeping machine does not use up."""
    agent = make_agent("ismcts:time=0.05,clock=cpu,stop=budget", 1)
    assert isinstance(agent, ISMCTSAgent) and agent.clock is time.thread_time
    state = kuhn.new_state(2)
    before = time.thread_time()
    agent.choose(PlayerView(state, 0))
    used = time.thread_time() - before
    assert agent.last_iterations > 10 and 0.05 <= agent.last_seconds <= used
    assert make_agent("ismcts:time=0.05").clock is time.perf_counter  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iters=0", "iters must be at least 1"),
        ("ismcts:time=-1", "time must be a positive"),
        ("ismcts:rollout=smart", "rollout must be random, eval, guided or greedy"),
        ("ismcts:clock=gpu", "clock must be wall or cpu"),
        ("ismcts:depth=-2", "depth must be 0 or more"),
        ("ismcts:advice=always", "advice must be off, root, inside or tree"),
        ("ismcts:stop=never", "stop must be early or budget"),
        ("ismcts:chance=closed", "chance must be open or seen"),
        ("ismcts:c=abc", "is not a number"),
        ("ismcts:budget=3", "unknown parameter"),
        ("heuristic:samples=0", "samples must be at least 1"),
        ("heuristic:samples=many", "not a whole number"),
        # one rule for every parameter: finite, within a stated range, named in the message
        ("ismcts:c=inf", r"c must be a number from 0 to 100, got inf"),
        ("ismcts:c=nan", r"c must be a number from 0 to 100, got nan"),
        ("ismcts:c=-0.5", r"c must be a number from 0 to 100"),
        ("ismcts:time=inf", r"time must be a positive number of seconds, at most 3600, got inf"),
        ("ismcts:time=0", r"time must be a positive number of seconds"),
        ("ismcts:iters=-3", r"iters must be at least 1 and at most 100000000, got -3"),
        ("ismcts:iters=1e9", r"iters='1e9' is not a whole number"),
        ("ismcts:depth=99999999", r"depth must be 0 or more and at most 10000"),
        ("heuristic:samples=100000", r"samples must be at least 1 and at most 10000"),
        ("heuristic:depth=2", r"unknown parameter\(s\) depth; allowed: blunder, samples"),
        ("random:x=1", r"unknown parameter\(s\) x; allowed: none"),
    ],
)
def test_bad_agent_parameters_are_refused(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec)


class _Advice(Heuristic):
    """Records what it was shown; bets when told to, and values a bet facing state highly."""

    def __init__(self, real: list[State], advise: int | None) -> None:
        self.real = real
        self.advise = advise
        self.seen: list[State] = []

    def evaluate(self, state: State, player: int) -> float:
        self.seen.append(state)
        return 0.9 if state.history[-1:] == [BET] else -0.9

    def choose(self, state: State, player: int, rng: Rng) -> int | None:
        self.seen.append(state)
        return self.advise


class _AdvisedKuhn(KuhnGame):
    advice: _Advice

    def heuristic(self) -> Any:
        return self.advice


@pytest.mark.parametrize("advise", [PASS, None])
def test_heuristic_agent_follows_advice_on_determinized_states_only(advise: int | None) -> None:
    game = _AdvisedKuhn()
    state = game.new_state(8)
    game.advice = _Advice([state], advise)
    choice = make_agent("heuristic:samples=3", 1).choose(PlayerView(state, 0))
    # with advice it plays the advice; without, the evaluation prefers the bet
    assert choice == (PASS if advise == PASS else BET)
    assert game.advice.seen and all(seen is not state for seen in game.advice.seen)


def test_ismcts_eval_rollout_uses_the_heuristic() -> None:
    game = _AdvisedKuhn()
    state = game.new_state(8)
    game.advice = _Advice([state], None)
    make_agent("ismcts:iters=30,rollout=eval,depth=0", 1).choose(PlayerView(state, 0))
    assert game.advice.seen and all(seen is not state for seen in game.advice.seen)


@pytest.mark.parametrize("advise", [PASS, None])
def test_ismcts_root_advice_plays_the_rule_of_thumb_without_searching(advise: int | None) -> None:
    game = _AdvisedKuhn()
    state = game.new_state(8)
    game.advice = _Advice([state], advise)
    agent = make_agent("ismcts:iters=50,advice=root", 1)
    assert isinstance(agent, ISMCTSAgent)
    choice = agent.choose(PlayerView(state, 0))
    if advise is None:  # no advice: an ordinary search, which the evaluation steers to the bet
        assert choice == BET and agent.last_iterations > 0
    else:
        assert choice == advise and agent.last_iterations == 0
    assert all(seen is not state for seen in game.advice.seen)


class _AskedAdvice(_Advice):
    """Also records which player each `choose` was asked for."""

    def __init__(self, real: list[State], advise: int | None) -> None:
        super().__init__(real, advise)
        self.asked: list[int] = []

    def choose(self, state: State, player: int, rng: Rng) -> int | None:
        self.asked.append(player)
        return super().choose(state, player, rng)


@pytest.mark.parametrize("mode", ["inside", "tree", "off"])
def test_ismcts_inside_advice_searches_its_own_decision_and_guides_the_others(mode: str) -> None:
    """`advice=inside`: the searching player's decision is always searched (here the bet, which the evaluation
    favours, overrules the advised pass), while the other players inside the tree follow the advice."""
    game = _AdvisedKuhn()
    state = game.new_state(8)
    game.advice = _AskedAdvice([state], PASS)
    agent = make_agent(f"ismcts:iters=60,advice={mode}", 1)
    assert isinstance(agent, ISMCTSAgent)
    choice = agent.choose(PlayerView(state, 0))
    asked = game.advice.asked  # type: ignore[attr-defined]
    if mode == "tree":  # the root takes the advice without a search
        assert choice == PASS and agent.last_iterations == 0
    else:
        assert choice == BET and agent.last_iterations > 0
    # only a guided tree asks the advice for the opponent's decisions
    assert (1 in asked) == (mode == "inside")
    assert all(seen is not state for seen in game.advice.seen)


def test_missing_heuristic_gives_one_clear_notice(kuhn: KuhnGame, capsys: pytest.CaptureFixture[str]) -> None:
    from dwarfhall.agents import advice

    advice._warned.clear()
    agent = make_agent("heuristic", 1)
    agent.check_game(kuhn)
    agent.choose(PlayerView(kuhn.new_state(1), 0))
    err = capsys.readouterr().err
    assert err.count("kuhn has no heuristic") == 1


def test_heuristic_style_asks_the_game_for_that_leaning(kuhn: KuhnGame) -> None:
    """`heuristic:style=NAME` plays on `Game.styled_heuristic(NAME)`; a style the game lacks is refused by name."""
    agent = make_agent("heuristic:style=bold", 1)
    with pytest.raises(AgentSpecError, match="kuhn has no heuristic style 'bold'; its styles: none"):
        agent.check_game(kuhn)

    class Advice(Heuristic):
        def evaluate(self, state: State, player: int) -> float:
            return 0.0

        def choose(self, state: State, player: int, rng: Rng) -> int | None:
            return BET

    made: list[str] = []

    class StyledKuhn(KuhnGame):
        def heuristic_styles(self) -> dict[str, str]:
            return {"bold": "always bets"}

        def styled_heuristic(self, style: str) -> Heuristic:
            made.append(style)
            return Advice()

    game = StyledKuhn()
    agent.check_game(game)
    state = game.new_state(1)
    while state.current_player is not None and set(state.legal_action_ids()) != {BET, PASS}:
        state.apply(state.legal_action_ids()[0])
    assert agent.choose(PlayerView(state, state.current_player)) == BET
    assert made == ["bold"]
    assert make_agent("heuristic", 1).choose(PlayerView(state, state.current_player)) in (BET, PASS)


# -- the real games, once they exist -----------------------------------------------------------------------

REAL_SPECS = [
    "random",
    "heuristic:samples=2",
    "ismcts:iters=8",
    "ismcts:iters=8,advice=off",
    "ismcts:iters=8,rollout=eval,depth=2",
    "ismcts:iters=8,rollout=guided",
]


def test_real_games_agents_choose_legal_moves_and_leave_state_alone(real_game: Game[Any]) -> None:
    positions = decision_points(real_game, range(3), (0, 3, 10, 30))
    assert positions, f"{real_game.name}: random play found no position with a choice"
    for state in positions:
        before = state.to_json()
        player = state.current_player
        for spec in REAL_SPECS:
            choice = make_agent(spec, 5).choose(PlayerView(state, player))
            assert choice in state.legal_action_ids(), f"{spec} chose {choice}, illegal in {real_game.name}"
            assert state.to_json() == before, f"{spec} changed the real {real_game.name} state"


def test_real_games_full_games_with_cheap_agents(real_game: Game[Any]) -> None:
    for seed in range(2):
        seats = range(real_game.num_players)
        agents = [make_agent("heuristic:samples=1" if s == seed % 2 else "random", seed + s) for s in seats]
        final = play_game(real_game, agents, seed)
        assert final.is_terminal


class _Peeker(Agent):
    """Cheats on purpose, so the tests show they would catch it: picks by the hidden state's JSON."""

    def choose(self, view: PlayerView) -> int:
        legal = view.legal_action_ids()
        hidden = view._state.to_json()  # the forbidden look
        return legal[zlib.crc32(repr(hidden).encode()) % len(legal)]


class _SameWorlds(PlayerView):
    """A view of one state whose determinizations come from another state seen by the same player."""

    def __init__(self, state: State, player: int, worlds_from: State) -> None:
        super().__init__(state, player)
        self.worlds_from = worlds_from

    def determinize(self, rng: Rng) -> State:
        return self.worlds_from.determinize(self.player, rng)


def _redealt_pairs(game: Game[Any]) -> list[tuple[State, State]]:
    """(position, the same position with what the player to act cannot see re-dealt)."""
    pairs = []
    for state in decision_points(game, range(3), (1, 6, 20)):
        player = state.current_player
        for other_seed in (1, 2):
            other = state.determinize(player, Rng(other_seed))
            assert other.observation(player) == state.observation(player), "determinize changed what the player sees"
            assert other.legal_action_ids() == state.legal_action_ids(), "determinize changed the player's moves"
            pairs.append((state, other))
    assert any(a.to_json() != b.to_json() for a, b in pairs), f"{game.name}: nothing hidden to re-deal"
    return pairs


def test_no_peeking_real_games(real_game: Game[Any]) -> None:
    """Agents read nothing but the view: with the same worlds to sample, a re-dealt position gets the same choice.

    Both views draw their determinizations from the first state, so this holds for any game; that
    the worlds themselves depend only on what the player sees is the game's part, checked below.
    """
    caught = 0
    for state, other in _redealt_pairs(real_game):
        player = state.current_player
        for spec in REAL_SPECS:
            first = make_agent(spec, 11).choose(_SameWorlds(state, player, state))
            second = make_agent(spec, 11).choose(_SameWorlds(other, player, state))
            assert first == second, f"{spec} in {real_game.name} depends on what player {player} cannot see"
        peeker = _Peeker({}, 11)
        caught += peeker.choose(_SameWorlds(state, player, state)) != peeker.choose(_SameWorlds(other, player, state))
    assert caught, "the check cannot tell a peeking agent from an honest one"


def test_no_peeking_real_games_end_to_end(real_game: Game[Any]) -> None:
    """Plain views on a position and its re-deal: equal choices need a determinize that ignores hidden order."""
    pairs = _redealt_pairs(real_game)
    for state, other in pairs:
        player = state.current_player
        assert state.determinize(player, Rng(5)).to_json() == other.determinize(player, Rng(5)).to_json(), (
            f"{real_game.name}: determinize() gives different worlds for positions player {player} cannot tell apart"
        )
    for state, other in pairs:
        player = state.current_player
        for spec in REAL_SPECS:
            first = make_agent(spec, 11).choose(PlayerView(state, player))
            second = make_agent(spec, 11).choose(PlayerView(other, player))
            assert first == second, f"{spec} in {real_game.name} depends on what player {player} cannot see"


def test_the_kuhn_no_peeking_check_catches_a_peeker(kuhn: KuhnGame) -> None:
    choices = set()
    for other in (1, 3):
        for rng_state in range(4):
            state = KuhnState(kuhn, Rng(rng_state), [2, other], [])
            choices.add(_Peeker({}, 99).choose(PlayerView(state, 0)))
    assert len(choices) == 2


def test_ismcts_early_stop_chooses_what_the_whole_budget_would(real_game: Game[Any]) -> None:
    positions = decision_points(real_game, range(4), (0, 5, 20))
    stopped_early = 0
    for state in positions:
        player = state.current_player
        spec = "ismcts:iters=400,advice=off"  # advice would answer some positions without a search
        full, early = make_agent(spec + ",stop=budget", 3), make_agent(spec, 3)
        assert isinstance(full, ISMCTSAgent) and isinstance(early, ISMCTSAgent)
        assert early.choose(PlayerView(state, player)) == full.choose(PlayerView(state, player))
        assert full.last_iterations == 400
        stopped_early += early.last_iterations < 400
    assert stopped_early, f"{real_game.name}: no search stopped early, so nothing was compared"


class _AdviseSecondSeatToPass(_Advice):
    """Advice for seat 1 only: always pass. Seat 0 gets none, so its decisions are searched."""

    def choose(self, state: State, player: int, rng: Rng) -> int | None:
        self.seen.append(state)
        return PASS if player == 1 else None


def _nodes_of(node: Any, player: int) -> list[Any]:
    found = [node] if node.player == player else []
    for child in node.children.values():
        found += _nodes_of(child, player)
    return found


@pytest.mark.parametrize(("advice", "guided"), [("tree", True), ("root", False), ("off", False)])
def test_ismcts_tree_advice_makes_players_in_the_tree_follow_the_rules(advice: str, guided: bool) -> None:
    game = _AdvisedKuhn()
    state = game.new_state(8)
    game.advice = _AdviseSecondSeatToPass([state], None)
    agent = make_agent(f"ismcts:iters=300,advice={advice},stop=budget", 1)
    assert isinstance(agent, ISMCTSAgent)
    agent.choose(PlayerView(state, 0))
    assert agent.last_iterations == 300 and agent.last_tree is not None
    # a node keeps the player who moved into it: after a move of seat 0 (the root's children), seat 1 decides
    seat0_moves = [n for child in agent.last_tree.children.values() for n in _nodes_of(child, 0)]
    seat1_choices = [set(n.children) for n in seat0_moves if n.children]
    assert seat1_choices
    if guided:  # seat 1 only ever passes inside the search
        assert all(c == {PASS} for c in seat1_choices)
    else:
        assert any(c == {PASS, BET} for c in seat1_choices)


@pytest.mark.parametrize("chance", ["open", "seen"])
def test_ismcts_chance_seen_keeps_the_tree_after_a_hit_apart_from_the_tree_after_a_miss(chance: str) -> None:
    """With chance=seen the replies below an attack are searched per outcome everybody saw (hit or miss);
    with the default chance=open one tree follows the attack whatever the die showed."""
    from dwarfhall.games.alewar import kit as A

    from ..games.alewar.helpers import sq
    from ..games.alewar.test_attack import ready

    state = ready(die=5)
    agent = make_agent(f"ismcts:iters=600,advice=off,stop=budget,chance={chance}", 1, "alewar")
    assert isinstance(agent, ISMCTSAgent)
    root = agent.analyse(PlayerView(state, state.current_player), 600)
    attack = root.children[A.ATTACK + sq("c3")]
    declined = root.children[A.NO_ATTACK]
    assert declined.outcomes is None  # declining rolls no die
    if chance == "open":
        assert attack.outcomes is None and attack.children  # the replies hang below the attack itself
    else:
        assert attack.outcomes is not None and set(attack.outcomes) == {True, False}
        assert not attack.children  # every reply is in the tree of its outcome
        hit, miss = attack.outcomes[True], attack.outcomes[False]
        # the Brute (armor 5) is hit on a 5 only: about one sample in six goes down the hit's tree
        below = sum(c.visits for c in hit.children.values()), sum(c.visits for c in miss.children.values())
        assert 0 < below[0] < below[1]


class _BookedAdvice(_Advice):
    """Advice whose book plays `booked` for seat 0."""

    def __init__(self, real: list[State], advise: int | None, booked: int | None) -> None:
        super().__init__(real, advise)
        self.booked = booked

    def book_move(self, state: State, player: int, rng: Rng) -> int | None:
        self.seen.append(state)
        return self.booked if player == 0 else None


@pytest.mark.parametrize("book", ["on", "off"])
@pytest.mark.parametrize("booked", [PASS, None])
def test_ismcts_book_plays_the_games_book_move_without_searching(book: str, booked: int | None) -> None:
    game = _AdvisedKuhn()
    state = game.new_state(8)
    game.advice = _BookedAdvice([state], None, booked)
    agent = make_agent(f"ismcts:iters=50,advice=inside,book={book}", 1)
    assert isinstance(agent, ISMCTSAgent)
    choice = agent.choose(PlayerView(state, 0))
    if book == "on" and booked is not None:
        assert choice == booked and agent.last_iterations == 0
    else:  # no book move, or the book not asked for: the search, which the evaluation steers to the bet
        assert choice == BET and agent.last_iterations > 0
    assert all(seen is not state for seen in game.advice.seen)


def test_ismcts_book_must_be_on_or_off() -> None:
    with pytest.raises(AgentSpecError, match="book must be on or off"):
        make_agent("ismcts:book=yes", 1)
