"""A review of one seat's decisions: its win chance before each, the move made, the search's best move, and
a mark when the move cost much of the win chance.

Fair to hidden information: every estimate comes from an ISMCTS search over determinizations of
`PlayerView(state, seat)`, seeded from the move number alone, so it uses exactly what that seat knew at that
moment (never the opponents' hidden cards, the record's seed or the future of the dice), and two games that
look the same to the seat get the same review.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from dwarfhall.core.game import State
from dwarfhall.core.record import GameRecord
from dwarfhall.core.rng import Rng
from dwarfhall.core.view import PlayerView

from .ismcts import ISMCTSAgent

# drops in win chance (0..1) from the best move's to the played move's that earn a mark (docs/coach.md)
INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20
MARKS: tuple[tuple[str, float], ...] = (("blunder", BLUNDER), ("mistake", MISTAKE), ("inaccuracy", INACCURACY))
DEFAULT_ITERS = 1500  # search iterations per decision: about a quarter second in the Duel
MAX_ITERS = 1_000_000
FOCUS_SHARE = 20  # the played move gets at least iters / FOCUS_SHARE visits, so its estimate is not a guess
MIN_FOCUS = 30
TOP = 3
TURNING_POINTS = 3


def win_chance(value: float, num_players: int) -> float:
    """A value on the scale of returns (a sole winner +1, the others -1/(N-1)) as a chance of winning."""
    others = num_players - 1
    return min(1.0, max(0.0, (value * others + 1.0) / num_players))


def move_accuracy(drop: float) -> float:
    """0-100 for a move that lost `drop` of the win chance: the curve chess sites use (100 for no loss,
    about 65 for a 10-point drop, about 15 for 40 points)."""
    if drop <= 0.0:
        return 100.0  # the curve gives 99.9999 here; no loss is full marks
    score = 103.1668 * math.exp(-0.04354 * 100.0 * drop) - 3.1669
    return min(100.0, max(0.0, score))


@dataclass(frozen=True)
class MoveChance:
    action: int
    chance: float  # estimated chance to win after this move, 0..1
    visits: int  # samples behind the estimate


@dataclass(frozen=True)
class Decision:
    move: int  # index of the move in the game's history (0 for the first move)
    player: int
    played: MoveChance
    top: tuple[MoveChance, ...]  # the search's best moves, best first

    @property
    def best(self) -> MoveChance:
        return self.top[0]

    @property
    def before(self) -> float:
        """The seat's win chance before the move, as the bot sees it: what its best move keeps."""
        return self.best.chance

    @property
    def drop(self) -> float:
        if self.played.action == self.best.action:
            return 0.0
        return max(0.0, self.best.chance - self.played.chance)

    @property
    def mark(self) -> str | None:
        for name, threshold in MARKS:
            if self.drop >= threshold - 1e-9:  # 0.6 - 0.5 is 0.0999... in floats and still a mistake
                return name
        return None

    @property
    def accuracy(self) -> float:
        return move_accuracy(self.drop)


@dataclass(frozen=True)
class TurningPoint:
    decision: Decision
    swing: float  # change of the win chance from this decision to the seat's next one (or the result)


@dataclass
class Review:
    seat: int
    num_players: int
    iters: int
    decisions: list[Decision] = field(default_factory=list)
    result: float | None = None  # the seat's final share of the win (1 won, 0 lost) once the game is over

    @property
    def accuracy(self) -> float | None:
        if not self.decisions:
            return None
        return sum(d.accuracy for d in self.decisions) / len(self.decisions)

    def count(self, mark: str) -> int:
        return sum(1 for d in self.decisions if d.mark == mark)

    def turning_points(self, n: int = TURNING_POINTS) -> list[TurningPoint]:
        """The `n` largest swings of the win chance between one decision of the seat and its next (the move,
        the others' moves and chance in between), in the order of the game."""
        chances = [d.before for d in self.decisions]
        if self.result is not None:
            chances.append(self.result)
        swings = [
            TurningPoint(d, chances[i + 1] - chances[i]) for i, d in enumerate(self.decisions[: len(chances) - 1])
        ]
        largest = sorted(swings, key=lambda t: -abs(t.swing))[:n]
        return sorted((t for t in largest if t.swing != 0.0), key=lambda t: t.decision.move)


def analyse(view: PlayerView, iters: int, seed: int, played: int | None = None) -> list[MoveChance]:
    """Every legal move the search tried, best first (most visits in the plain search, then value), with its win
    chance; the move `played` is searched further until its chance rests on enough samples."""
    agent = ISMCTSAgent({}, seed)
    agent.check_game(view.game)
    root = agent.analyse(view, iters)
    # the ranking is the plain search's, before the played move gets its extra samples
    ranked = {action: child.visits for action, child in root.children.items()}
    if played is not None:
        agent.focus(view, root, played, max(MIN_FOCUS, iters // FOCUS_SHARE))
    n = view.num_players
    moves = [
        MoveChance(action, win_chance(child.total / child.visits, n), child.visits)
        for action, child in root.children.items()
        if child.visits
    ]
    moves.sort(key=lambda m: (-ranked.get(m.action, 0), -m.chance, m.action))
    return moves


def decision_seed(seed: int, move: int) -> int:
    """The search's seed at a move: from the review's seed and the move number, both known to the seat."""
    return Rng(seed * 1_000_003 + move).next_u64() & 0x7FFF_FFFF


def review_decision(state: State, seat: int, played: int, iters: int = DEFAULT_ITERS, seed: int = 0) -> Decision:
    """The review of one decision of `seat` at `state`; the search sees only `PlayerView(state, seat)`."""
    view = PlayerView(state, seat)
    moves = analyse(view, iters, decision_seed(seed, view.move_number), played)
    chosen = next((m for m in moves if m.action == played), MoveChance(played, 0.0, 0))
    return Decision(view.move_number, seat, chosen, tuple(moves[:TOP]))


def reviewed_positions(record: GameRecord, seat: int) -> Iterable[tuple[State, int]]:
    """(state before, move made) for each decision of `seat` with more than one legal move."""
    state = record.initial_state()
    for action in record.actions:
        if state.current_player == seat and len(state.legal_action_ids()) > 1:
            yield state.clone(), action
        state.apply(action)


def review_positions(
    positions: Sequence[tuple[State, int]],
    seat: int,
    iters: int = DEFAULT_ITERS,
    seed: int = 0,
    on_step: Callable[[int, int], None] | None = None,
    final: State | None = None,
) -> Review:
    """Reviews the given decisions of `seat`; `on_step(done, total)` reports progress; `final`, the game's end
    position, gives the result the last turning point swings to."""
    if not positions:
        num_players = final.num_players if final is not None else 2
    else:
        num_players = positions[0][0].num_players
    review = Review(seat, num_players, iters)
    for done, (state, played) in enumerate(positions, 1):
        review.decisions.append(review_decision(state, seat, played, iters, seed))
        if on_step is not None:
            on_step(done, len(positions))
    if final is not None and final.is_terminal:
        review.result = win_chance(final.returns()[seat], num_players)
    return review


def review_record(
    record: GameRecord,
    seat: int,
    iters: int = DEFAULT_ITERS,
    seed: int = 0,
    on_step: Callable[[int, int], None] | None = None,
) -> Review:
    """The review of `seat` in a recorded game (finished or not)."""
    positions = list(reviewed_positions(record, seat))
    return review_positions(positions, seat, iters, seed, on_step, record.final_state())


__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MAX_ITERS",
    "MISTAKE",
    "Decision",
    "MoveChance",
    "Review",
    "TurningPoint",
    "analyse",
    "move_accuracy",
    "review_decision",
    "review_positions",
    "review_record",
    "win_chance",
]
