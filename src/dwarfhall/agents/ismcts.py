"""Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).

Every iteration samples a full state consistent with what the searching player
sees (`PlayerView.determinize`), then walks one shared tree keyed by action ids,
choosing only among actions legal in that sample. A child's availability count
(how often it could have been chosen) replaces the parent's visit count in UCB,
so rarely possible moves are not over-explored. Chance happens inside `apply`
with the sample's own re-seeded Rng, so the tree needs no chance nodes (with `chance=seen`, what everybody saw
of the chance in a move, such as whether an attack hit, splits the tree after that move); a
decision by any other player (a response window included) is a node of that
player, and each node keeps the value for the player who acted there.
"""

from __future__ import annotations

import math
import time
from typing import Any

from dwarfhall.core.batch import random_playout
from dwarfhall.core.game import Game, State
from dwarfhall.core.heuristic import terminal_value
from dwarfhall.core.rng import Rng
from dwarfhall.core.view import PlayerView

from .advice import AdviceCache
from .base import Agent, AgentSpecError
from .greedy import GreedyAdvice
from .inference import OpponentFilter
from .model import ModelCache, ModelError, check_model_name

DEFAULT_ITERS = 1000
# bounds on the parameters: beyond them a typo would make a search that never ends or means nothing
MAX_ITERS = 100_000_000
MAX_SECONDS = 3600.0
MAX_C = 100.0
MAX_DEPTH = 10_000
EVAL_C = 0.3  # UCB constant when leaves are scored by the game's heuristic: close values in [-1, 1]
PLAYOUT_C = 0.7  # UCB constant with random playouts, whose results are noisier
SETTLE_EVERY = 32  # iterations between checks whether the leading move can still be overtaken
ROLLOUT_CAP = 10_000  # actions; a game stuck longer than this in a random playout counts as a draw
ROLLOUTS = ("eval", "guided", "greedy", "random")
ADVICE_MODES = ("off", "root", "inside", "tree")
# what `time=` counts: wall seconds, or the CPU seconds of the searching thread (other processes do not count)
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
GUIDED_DEPTH = 4  # moves a guided rollout plays before the heuristic scores the position
MAX_BIAS = 100.0
PRIOR_SAMPLES = 4  # determinizations averaged for the root moves' one-move values (as the heuristic agent does)


class _Node:
    __slots__ = ("avail", "children", "outcomes", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here: values are from their side
        self.children: dict[int, _Node] = {}
        # with chance=seen: the tree after this move, one per outcome of its chance that everybody saw
        self.outcomes: dict[object, _Node] | None = None
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class ISMCTSAgent(Agent):
    """Spec `ismcts` with params:

    - `iters=N` iterations per move, and/or `time=SECONDS` per move (the first limit reached
      stops the search; without either, 1000 iterations). Only `iters` repeats exactly.
    - `clock=wall` (the default: `time=` counts seconds on the wall clock) or `clock=cpu` (it counts the
      CPU seconds of the searching thread, so other work on the machine does not shorten the search: with
      `iters` set below what `time` allows, the iterations decide and the time is only a cap).
    - `c=` UCB exploration constant: by default 0.3 when leaves are scored by the game's heuristic
      (close values in [-1, 1]), 0.7 with random playouts (noisier); see BENCHMARKS.md.
    - `rollout=eval` (the default: play `depth` random moves, default 0, then score the position
      with the game's heuristic; a game without one gets random playouts), `rollout=guided` (play
      `depth` moves, default 4, by the game's rules of thumb where they advise one and at random where
      they do not, then score with the heuristic: a cut-off rollout), `rollout=greedy` (as guided, but where the
      rules leave a move open, the one the heuristic scores best one move ahead, default depth 4; agents/greedy.py)
      or `rollout=random` (play random
      moves to the end). Scoring at once is both faster and stronger in both games, see BENCHMARKS.md.
    - `advice=tree` (the default), `advice=root`, `advice=inside` or `advice=off`: with `root`, a move the
      game's rules of thumb recommend is played at once, without a search; with `tree`, also every player
      inside the search tree follows those rules where they apply, so the search spends its
      iterations on the decisions the rules leave open; with `inside`, the players inside the tree follow
      them but the searching player's own decision is always searched, so the search may overrule them.
    - `model=NAME`: leaves are scored by a learned value model (agents/model.py) named NAME for the game
      (`NAME-GAME.npz` among the shipped models or in $DWARFHALL_MODELS) instead of the heuristic's
      evaluation; a missing or unusable model is said once on stderr and the heuristic scores instead.
    - `bias=W` (default 0, off): progressive bias at the root from the game's heuristic. Every legal move is
      scored once per search by the heuristic's value after it (averaged over a few samples, as the
      `heuristic` agent ranks its moves); the moves are tried best first, and W x (its value - the mean) /
      (visits + 1) is added to a move's UCB score, a pull toward the heuristic's choice that fades as the
      move's own results come in.
    - `infer=on` (default `off`): samples of what the others hold are weighted by how likely their moves since
      this seat's last decision were in each (agents/inference.py): worlds in which the others would not
      have played as they did are drawn less often. Reads only this seat's view and the public moves.
    - `chance=open` (the default) or `chance=seen`: with `open` the tree after a move is one, whatever its dice
      showed; with `seen` it splits by what every player saw of the move's chance (`State.chance_outcome`, such
      as whether an attack hit), so the replies after a hit are chosen apart from those after a miss.
    - `book=on` (default `off`): where the game's heuristic has a book move for this seat's decision
      (`Heuristic.book_move`, such as a set-up worked out in advance), it is played without a search.
    - `stop=early` (the default): the search stops before its budget when the most visited move
      can no longer be overtaken in the iterations left (for a time budget, estimated from the rate
      so far), so the move is the one the whole budget would have chosen, found sooner;
      `stop=budget` always spends the whole budget.
    """

    name = "ismcts"

    def __init__(self, params: dict[str, str], seed: int) -> None:
        super().__init__(params, seed)
        self.check_params(
            {"iters", "time", "clock", "c", "rollout", "depth", "advice", "stop", "model", "bias", "infer", "chance"}
            | {"book"}
        )
        iters = self.param_int("iters", None, 1, MAX_ITERS)
        seconds = self.param_float("time", None, 0, MAX_SECONDS, positive=True, unit="seconds")
        self.iters = DEFAULT_ITERS if iters is None and seconds is None else iters
        self.seconds = seconds
        clock = self.params.get("clock", "wall")
        if clock not in CLOCKS:
            raise AgentSpecError(f"{self.name}: clock must be wall or cpu, got {clock!r}")
        self.clock = CLOCKS[clock]
        c = self.param_float("c", None, 0, MAX_C)
        self.c = c
        self._c = PLAYOUT_C
        self.rollout = self.params.get("rollout", "eval")
        if self.rollout not in ROLLOUTS:
            raise AgentSpecError(f"{self.name}: rollout must be random, eval, guided or greedy, got {self.rollout!r}")
        guided = self.rollout in ("guided", "greedy")
        self.depth = self.param_int("depth", GUIDED_DEPTH if guided else 0, 0, MAX_DEPTH) or 0
        self.advice_mode = self.params.get("advice", "tree")
        if self.advice_mode not in ADVICE_MODES:
            raise AgentSpecError(f"{self.name}: advice must be off, root, inside or tree, got {self.advice_mode!r}")
        self.rng = Rng(seed)
        stop = self.params.get("stop", "early")
        if stop not in ("early", "budget"):
            raise AgentSpecError(f"{self.name}: stop must be early or budget, got {stop!r}")
        self.settle = stop == "early"
        chance = self.params.get("chance", "open")
        if chance not in ("open", "seen"):
            raise AgentSpecError(f"{self.name}: chance must be open or seen, got {chance!r}")
        self.seen = chance == "seen"
        book = self.params.get("book", "off")
        if book not in ("on", "off"):
            raise AgentSpecError(f"{self.name}: book must be on or off, got {book!r}")
        self.book = book == "on"
        self.bias = self.param_float("bias", 0.0, 0.0, MAX_BIAS) or 0.0
        self._prior: dict[int, float] | None = None  # the root moves' heuristic values, when bias is on
        infer = self.params.get("infer", "off")
        if infer not in ("on", "off"):
            raise AgentSpecError(f"{self.name}: infer must be on or off, got {infer!r}")
        self._filter = OpponentFilter() if infer == "on" else None
        self._advice = AdviceCache(self.name, "uses random playouts to the end instead")
        model = self.params.get("model")
        if model is not None and self.rollout == "random":
            raise AgentSpecError(f"{self.name}: model= scores the leaves, so it needs rollout=eval, guided or greedy")
        if model is not None:
            try:
                check_model_name(model)
            except ModelError as exc:
                raise AgentSpecError(f"{self.name}: {exc}") from None
        self._models = ModelCache(self.name, model) if model is not None else None
        # figures of the last search, for benchmarks and curious users
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_tree: _Node | None = None

    def check_game(self, game: Game[Any]) -> None:
        if self.rollout != "random" or self.advice_mode != "off":
            self._advice.get(game)

    def choose(self, view: PlayerView) -> int:
        legal = view.legal_action_ids()
        if len(legal) == 1:
            return legal[0]
        if self.book:
            booked = self._advised(view, legal, book=True)
            if booked is not None:
                self.last_iterations, self.last_seconds = 0, 0.0
                return booked
        if self.advice_mode in ("root", "tree"):
            advised = self._advised(view, legal)
            if advised is not None:
                self.last_iterations, self.last_seconds = 0, 0.0
                return advised
        advice, guide = self._prepare(view.game)
        root = _Node(view.player)
        clock = self.clock
        start = clock()
        self._prior = root_prior(view, legal, advice, self.rng) if self.bias and advice is not None else None
        model = self._advice.get(view.game) if self._filter is not None else None
        pool = self._filter.pool(view, model, self.rng) if self._filter is not None and model is not None else None
        sample = pool.draw if pool is not None else view.determinize
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = self.iters if self.iters is not None else math.inf
        guided = self.rollout in ("guided", "greedy")
        args = (self.rng, self._c, self.bias, self._prior, guided, self.depth, self.seen)
        done = _search(root, sample, advice, guide, args, limit, clock, start, deadline, self.settle)
        self.last_iterations = done
        self.last_seconds = clock() - start
        self.last_tree = root
        return _most_visited(root, legal)

    def _leaf_advice(self, game: Game[Any]) -> Any | None:
        """What scores the leaves: the game's heuristic, or the learned model with the heuristic's advice."""
        advice = self._advice.get(game) if self.rollout != "random" else None
        if advice is not None and self.rollout == "greedy":
            advice = GreedyAdvice(advice)
        return self._models.advice(game, advice) if self._models is not None else advice

    def _advised(self, view: PlayerView, legal: tuple[int, ...], book: bool = False) -> int | None:
        """The rules of thumb's move for this decision (the game's book move with `book`), if legal; else None."""
        advice = self._advice.get(view.game)
        if advice is None:
            return None
        ask = advice.book_move if book else advice.choose
        advised = ask(view.determinize(self.rng), view.player, self.rng)
        return int(advised) if advised is not None and advised in legal else None

    def analyse(self, view: PlayerView, iters: int) -> _Node:
        """A search of `iters` iterations from the view's position for its player, with no shortcut by advice
        or early stop. Returns the root, whose children hold each legal move's visits and mean value for the
        searching player."""
        advice, guide = self._prepare(view.game)
        root = _Node(view.player)
        self._prior = None
        for _ in range(iters):
            self._iterate(root, view.determinize(self.rng), advice, guide)
        self.last_tree = root
        return root

    def focus(self, view: PlayerView, root: _Node, action: int, visits: int) -> None:
        """More iterations of `root`'s search, each through `action`, until it has `visits` visits (so that a
        move the search did not favour is still estimated from enough samples); a move legal in too few
        samples keeps what it got after 4 x `visits` tries."""
        advice, guide = self._prepare(view.game)
        for _ in range(4 * visits):
            child = root.children.get(action)
            if child is not None and child.visits >= visits:
                break
            self._iterate(root, view.determinize(self.rng), advice, guide, first=action)

    def _prepare(self, game: Game[Any]) -> tuple[Any | None, Any | None]:
        """(leaf advice, tree guide) for a search of `game`, with the UCB constant they call for."""
        advice = self._leaf_advice(game)
        self._c = self.c if self.c is not None else EVAL_C if advice is not None else PLAYOUT_C
        guide = self._advice.get(game) if self.advice_mode in ("tree", "inside") else None
        return advice, guide

    def _iterate(
        self, root: _Node, state: State, advice: Any | None, guide: Any | None = None, first: int | None = None
    ) -> None:
        guided = self.rollout in ("guided", "greedy")
        _iteration(
            root, state, advice, guide, self.rng, self._c, self.bias, self._prior, guided, self.depth, self.seen, first
        )


def _search(
    root: _Node,
    sample: Any,
    advice: Any | None,
    guide: Any | None,
    args: tuple[Rng, float, float, dict[int, float] | None, bool, int, bool],
    limit: float,
    clock: Any,
    start: float,
    deadline: float,
    settle: bool,
) -> int:
    """Iterations on samples drawn by `sample(rng)` until `limit` of them, the `deadline` on `clock` or, with
    `settle`, until the most visited move at the root can no longer be overtaken; returns how many were done.
    `args` are `_iteration`'s (rng, c, bias, prior, guided, depth, seen)."""
    rng, c, bias, prior, guided, depth, seen = args
    timed = deadline != math.inf  # without a deadline the clock is not read: it could not stop the search
    every = SETTLE_EVERY
    done = 0
    now = start
    while done < limit:
        if done:
            if timed:
                now = clock()
                if now >= deadline:
                    break
            if settle and done % every == 0:
                left = limit - done
                if timed:
                    # max(): a coarse clock may not have moved yet
                    left = min(left, done * (deadline - now) / max(now - start, 1e-9))
                if _settled(root, left):
                    break
        _iteration(root, sample(rng), advice, guide, rng, c, bias, prior, guided, depth, seen, None)
        done += 1
    return done


def _iteration(
    root: _Node,
    state: State,
    advice: Any | None,
    guide: Any | None,
    rng: Rng,
    c: float,
    bias: float,
    prior: dict[int, float] | None,
    guided: bool,
    depth: int,
    seen: bool,
    first: int | None,
) -> None:
    """One iteration on the sample `state`: down the tree (by the guide's advice where it gives one, else by UCB
    over the moves legal in this sample), one new node, the leaf's values, and back up along the path. `prior`
    (the root moves' heuristic values) and `bias` shape the choice at the root; `first` forces the root's move;
    `seen` continues below a move in the tree of the outcome its chance showed.
    (A module function, so that the compiled build runs it with C counters and C arithmetic.)"""
    node = root
    path: list[_Node] = []
    expanded = False
    if first is not None:  # a search through one given move at the root
        if first not in state.legal_action_ids():
            return
        child = root.children.get(first)
        expanded = child is None
        if child is None:
            child = root.children[first] = _Node(state.current_player)
        state.apply(first)
        path.append(child)
        node = _after(child, state, first) if seen else child
    # selection and expansion
    while not expanded:
        legal = state.legal_action_ids()
        if not legal:  # the game is over (it has no legal ids then, and always some before)
            break
        children = node.children
        if guide is not None and node is not root and len(legal) > 1:
            player = state.current_player
            advised = guide.choose(state, player, rng)
            if advised is not None and advised in legal:
                child = children.get(advised)
                expanding = child is None
                if child is None:
                    child = children[advised] = _Node(player)
                state.apply(advised)
                path.append(child)
                if expanding:  # one new node per iteration, as in plain expansion
                    break
                node = _after(child, state, advised) if seen else child
                continue
        at_root = node is root
        untried = [a for a in legal if a not in children]
        if untried:
            if at_root and prior is not None:  # the heuristic's best first (the first of equals, as max() picks)
                action = untried[0]
                value = prior.get(action, 0.0)
                for a in untried:
                    if prior.get(a, 0.0) > value:
                        action, value = a, prior.get(a, 0.0)
            else:
                action = untried[rng.below(len(untried))]
            child = _Node(state.current_player)
            children[action] = child
            state.apply(action)
            path.append(child)
            break
        biased = at_root and prior is not None and bias != 0.0
        best_action, best_child, best_score = legal[0], children[legal[0]], -math.inf
        for action in legal:
            child = children[action]
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if biased:
                score += bias * prior.get(action, 0.0) / (child.visits + 1)  # type: ignore[union-attr]
            if score > best_score:
                best_action, best_child, best_score = action, child, score
            child.avail += 1  # availability: every child that could have been chosen this time
        state.apply(best_action)
        path.append(best_child)
        node = _after(best_child, state, best_action) if seen else best_child
    values = _playout(state, advice, rng, guided, depth)
    root.visits += 1
    for visited in path:
        visited.visits += 1
        visited.total += values[visited.player]


def _after(child: _Node, state: State, action: int) -> _Node:
    """Where the walk goes on below `child` (reached by `action`): the tree of the outcome the move's chance
    showed, or `child` itself when the move had no chance that everybody saw."""
    outcome = state.chance_outcome(action)
    if outcome is None:
        return child
    outcomes = child.outcomes
    if outcomes is None:
        outcomes = child.outcomes = {}
    node = outcomes.get(outcome)
    if node is None:
        node = outcomes[outcome] = _Node(child.player)
    return node


def _most_visited(root: _Node, legal: tuple[int, ...]) -> int:
    """The root's most visited legal move, ties to the better mean value, then to the first in `legal`."""
    best, key = legal[0], (-1, -math.inf)
    for action in legal:
        child = root.children.get(action)
        if child is None:
            continue
        candidate = (child.visits, child.total / child.visits if child.visits else -math.inf)
        if candidate > key:
            best, key = action, candidate
    return best


def _playout(state: State, advice: Any | None, rng: Rng, guided: bool, depth: int) -> list[float]:
    """Each player's value of a leaf: random moves to the end without advice; else `depth` moves (by the rules of
    thumb when `guided`) and then the heuristic's estimate."""
    if advice is None:
        random_playout(state, rng, ROLLOUT_CAP)  # the same moves as `state.apply(legal[rng.below(len(legal))])`
        return list(state.returns()) if state.is_terminal else [0.0] * state.num_players
    for _ in range(depth):
        if state.is_terminal:
            break
        legal = state.legal_action_ids()
        action = advice.choose(state, state.current_player, rng) if guided and len(legal) > 1 else None
        state.apply(action if action is not None and action in legal else legal[rng.below(len(legal))])
    players = range(state.num_players)
    if state.is_terminal:
        return [terminal_value(state, p) for p in players]
    evaluate_all = getattr(advice, "evaluate_all", None)  # advice need not derive from core's Heuristic
    if evaluate_all is not None:
        return [float(v) for v in evaluate_all(state)]
    return [float(advice.evaluate(state, p)) for p in players]


def root_prior(view: PlayerView, legal: tuple[int, ...], advice: Any, rng: Rng) -> dict[int, float]:
    """Each legal move's value for the view's player after it, by the heuristic, averaged over a few samples of
    what the player cannot see, less the moves' mean (so the bias pulls toward the better moves and away from
    the worse ones)."""
    player = view.player
    worlds = [view.determinize(rng) for _ in range(PRIOR_SAMPLES)]
    values: dict[int, float] = {}
    for action in legal:
        total, counted = 0.0, 0
        for world in worlds:
            if action not in world.legal_action_ids():
                continue
            after = world.clone()
            after.apply(action)
            total += terminal_value(after, player) if after.is_terminal else float(advice.evaluate(after, player))
            counted += 1
        values[action] = total / counted if counted else -1.0
    mean = sum(values.values()) / len(values)
    return {action: value - mean for action, value in values.items()}


def _settled(root: _Node, left: float) -> bool:
    """True when no other move at the root can reach the leader's visit count in `left` more iterations."""
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return second + left < first
